/* harness/cli_report.c - `cxbench report [ROOT] [--out FILE]` (ARCHITECTURE.md "Report"): one
 * markdown document over the newest result set of every study on every machine under ROOT
 * (default "results"; see results_walk.h), each with where and on what it was measured (from
 * its provenance), its speed-up and slope table, the study's paper tables beside the
 * published numbers, and its figures (linked as ROOT/<machine>/figures/<id>.png, so write the
 * report where ROOT is reachable by that path, e.g. `cxbench report > REPORT.md` at the top of
 * the tree). A pure function of the committed results: nothing runs, nothing is dated.
 *
 * Not yet here: a verdict for each published claim (an ordering, a slope, a ratio); the
 * machines' README.md files carry that discussion for now. Exit 0; 2 bad input (one line).
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/config.h"
#include "harness/atomic.h"
#include "harness/cli.h"
#include "harness/csv.h"
#include "harness/results_walk.h"
#include "harness/table.h"

#if CXB_HAVE_CJSON
#include <cjson/cJSON.h>
#endif

typedef struct report {
    FILE *f;
    const char *root;
    int sections;
} report;

static const char *machine_name(const char *machine_dir)
{
    const char *s = strrchr(machine_dir, '/');
    return s ? s + 1 : machine_dir;
}

/* "GPU ...; CPU ...; commit ...; compiler ..." from provenance.json, when cJSON is there. */
static void hardware_line(FILE *f, const char *run_dir)
{
#if CXB_HAVE_CJSON
    char path[4200];
    snprintf(path, sizeof path, "%s/provenance.json", run_dir);
    char *text = cxb_read_file(path, NULL);
    cJSON *root = text ? cJSON_Parse(text) : NULL;
    free(text);
    if (!root) {
        fprintf(f, "Provenance: `%s` (not readable here).\n\n", path);
        return;
    }
#define STR(obj, key)                                                                            \
    (cJSON_IsString(cJSON_GetObjectItemCaseSensitive(obj, key))                                  \
         ? cJSON_GetObjectItemCaseSensitive(obj, key)->valuestring                               \
         : "?")
    const cJSON *host = cJSON_GetObjectItemCaseSensitive(root, "host");
    const cJSON *git = cJSON_GetObjectItemCaseSensitive(root, "git");
    const cJSON *build = cJSON_GetObjectItemCaseSensitive(root, "build");
    const cJSON *gpus = cJSON_GetObjectItemCaseSensitive(root, "gpu");
    const cJSON *gpu = cJSON_IsArray(gpus) ? cJSON_GetArrayItem(gpus, 0) : NULL;
    const cJSON *cores = cJSON_GetObjectItemCaseSensitive(host, "cores");
    fprintf(f, "Measured on: %s; CPU %s (%d cores); commit %.12s; %s; build %s.\n\n",
            gpu ? STR(gpu, "name") : "no GPU", STR(host, "cpu_model"),
            cJSON_IsNumber(cores) ? cores->valueint : 0, STR(git, "commit"), STR(build, "c_compiler"),
            STR(build, "type"));
#undef STR
    cJSON_Delete(root);
#else
    fprintf(f, "Provenance: `%s/provenance.json` (built without cJSON: not summarised).\n\n", run_dir);
#endif
}

static cxb_status one_set(const char *machine_dir, const char *run_dir, const char *run_id,
                          const cxb_study *study, void *arg)
{
    report *r = arg;
    FILE *f = r->f;
    const char *machine = machine_name(machine_dir);
    cxb_status st = cxb_results_ensure_derived(run_dir, study);
    cxb_rset rs;
    if (st == CXB_OK)
        st = cxb_rset_load(run_dir, &rs);
    if (st != CXB_OK)
        return st;
    if ((st = cxb_rset_fit(&rs, study, 0, 0)) != CXB_OK) {
        cxb_rset_free(&rs);
        return st;
    }
    fprintf(f, "## %s on %s\n\n", study->name, machine);
    fprintf(f, "Result set `%s` (%s).\n", run_dir, study->summary ? study->summary : study->name);
    (void)run_id;
    hardware_line(f, run_dir);
    cxb_grid g;
    if ((st = cxb_table_speedup(&rs, study, machine, 0, &g)) == CXB_OK) {
        fprintf(f, "### Speed-up against each algorithm's seq implementation, and slopes\n\n");
        cxb_grid_write(f, &g, CXB_FMT_MD);
        fputc('\n', f);
    }
    cxb_grid_free(&g);
    cxb_rset_free(&rs);
    if (st == CXB_OK && study->print_tables) {
        fflush(f);
        st = study->print_tables(run_dir, f);
        fputc('\n', f);
    }
    if (st == CXB_OK && study->nfigures) {
        fprintf(f, "### Figures\n\n");
        for (size_t i = 0; i < study->nfigures; ++i)
            fprintf(f, "![%s](%s/figures/%s.png)\n\n", study->figures[i].title, machine_dir,
                    study->figures[i].id);
    }
    r->sections++;
    return st;
}

typedef struct report_args {
    const char *out;
} report_args;

static const cxb_option report_options[] = {
    CXB_OPT_STRING("--out", "FILE", "write the report to FILE (whole or not at all) instead of stdout", report_args,
                   out, 0),
    CXB_OPT_END};

const cxb_form cxb_cli_report_forms[] = {{"[ROOT]", report_options}, CXB_FORMS_END};

int cxb_cli_report(int argc, char **argv)
{
    report_args ra = {NULL};
    cxb_args a;
    int rc;
    if (cxb_cli_args(argc, argv, "report", cxb_cli_report_forms, report_options, &ra, 1, &a, &rc))
        return rc;
    const char *root = a.npos ? a.pos[0] : "results", *out = ra.out;
    /* the whole report is made in memory first: on any error nothing is printed or written */
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        return cxb_cli_error(3, "report: out of memory");
    report r = {mem, root, 0};
    fprintf(mem, "# cxbench results report\n\nThe newest result set of every study on every machine under `%s`; "
                 "medians with 95%% intervals. Generated by `cxbench report` from the committed results.\n\n",
            root);
    cxb_status st = cxb_results_each_newest(root, one_set, &r);
    if (st == CXB_OK && r.sections == 0)
        st = cxb_fail(CXB_EINPUT, "report: %s: no result sets", root);
    fclose(mem);
    if (st == CXB_OK && out) {
        cxb_afile af;
        if ((st = cxb_afile_open(&af, out)) == CXB_OK) {
            if (fwrite(buf, 1, len, af.f) == len)
                st = cxb_afile_commit(&af);
            else {
                cxb_afile_abort(&af);
                st = cxb_fail(CXB_EINPUT, "report: %s: write failed", out);
            }
        }
    } else if (st == CXB_OK && (fwrite(buf, 1, len, stdout) != len || fflush(stdout) != 0))
        st = cxb_fail(CXB_EINPUT, "report: writing to stdout failed");
    free(buf);
    return st == CXB_OK ? 0 : cxb_cli_status(st);
}
