/* tests/fuzz/fuzz_results.c - libFuzzer entry point: a whole result set through the readers
 * of `fit`, `compare`, `plot` and `report`. The input is the set's files, separated by lines
 * "=====" in this order: samples.csv, summary.csv, fit.csv, floors.csv, provenance.json (an
 * empty part: that file is absent). The set is loaded and fitted (cxb_rset_load,
 * cxb_rset_fit, the slope and speed-up tables), compared with itself (cxb_compare_run),
 * drawn without gnuplot (cxb_plot_run_dir: data and scripts) and reported (cxbench report
 * over a results root holding it). Errors are expected; crashes, leaks and undefined
 * behaviour are the findings. */
#define _XOPEN_SOURCE 700
#include <stdarg.h>

#include "fuzz_util.h"

#include "harness/cli.h"
#include "harness/compare.h"
#include "harness/plot.h"
#include "harness/registry.h"
#include "harness/table.h"

static const char *const files[] = {"samples.csv", "summary.csv", "fit.csv", "floors.csv",
                                    "provenance.json"};

static FILE *sink; /* the tables' text: a temporary file, emptied before each input */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    setenv("CXB_GNUPLOT", "none", 1);
    sink = tmpfile();
    return 0;
}

static void rm_files(const char *dir)
{
    char path[1024];
    for (size_t i = 0; i < sizeof files / sizeof *files; ++i) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char root[512], machine[600], run[700], out[700], report[700];
    if (sink) { /* the previous input's tables */
        rewind(sink);
        if (ftruncate(fileno(sink), 0) != 0)
            return 0;
    }
    snprintf(root, sizeof root, "%s/results", fuzz_scratch());
    snprintf(machine, sizeof machine, "%s/fuzz", root);
    snprintf(run, sizeof run, "%s/20260101T000000Z-00000000", machine);
    snprintf(out, sizeof out, "%s/figures", machine);
    snprintf(report, sizeof report, "%s/report.md", fuzz_scratch());
    mkdir(root, 0777);
    mkdir(machine, 0777);
    mkdir(run, 0777);
    mkdir(out, 0777);
    rm_files(run);
    unlink(report);

    const char *p = (const char *)data, *end = p + size;
    for (size_t i = 0; i < sizeof files / sizeof *files && p <= end; ++i) {
        const char *sep = NULL;
        for (const char *q = p; q + 6 <= end; ++q)
            if (!memcmp(q, "=====\n", 6) && (q == (const char *)data || q[-1] == '\n')) {
                sep = q;
                break;
            }
        const char *stop = sep ? sep : end;
        if (stop > p) {
            char path[1024];
            snprintf(path, sizeof path, "%s/%s", run, files[i]);
            fuzz_write(path, p, (size_t)(stop - p));
        }
        if (!sep)
            break;
        p = sep + 6;
    }

    /* fit: load, fit with the study the set names (when registered), the tables */
    const cxb_study *study = NULL;
    cxb_rset rs;
    if (cxb_rset_load(run, &rs) == CXB_OK) {
        study = cxb_study_find(rs.study);
        if (cxb_rset_fit(&rs, study, 0, 0) == CXB_OK) {
            cxb_grid g;
            memset(&g, 0, sizeof g);
            if (cxb_table_slopes(&rs, &g) == CXB_OK)
                cxb_grid_write(sink, &g, CXB_FMT_CSV);
            cxb_grid_free(&g);
            memset(&g, 0, sizeof g);
            if (study && cxb_table_speedup(&rs, study, "fuzz", 1, &g) == CXB_OK)
                cxb_grid_write(sink, &g, CXB_FMT_TEX);
            cxb_grid_free(&g);
        }
        cxb_rset_free(&rs);
    }

    /* compare: the set against itself */
    cxb_compare_opts o;
    cxb_compare_opts_default(&o);
    o.find_study = cxb_study_find;
    cxb_compare c;
    cxb_compare_run(run, run, &o, &c);
    cxb_compare_free(&c);

    /* plot: data and scripts only (CXB_GNUPLOT=none) */
    if (study)
        cxb_plot_run_dir(run, study, out);

    /* report: the newest set of every study under the root (derives missing files) */
    char *argv[] = {"report", root, "--out", report, NULL};
    cxb_cli_report(4, argv);
    return 0;
}
