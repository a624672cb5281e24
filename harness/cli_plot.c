/* harness/cli_plot.c - `cxbench plot` (harness.md 11, 4.1; ARCHITECTURE.md "Command line").
 *
 *   cxbench plot RESULTS [--out DIR]
 *       the figures of one result set (a directory with samples.csv; the study is its
 *       `study` column) into DIR, default RESULTS/../figures (results/<machine>/figures);
 *   cxbench plot --all [ROOT]
 *       for every machine directory ROOT/<machine>/ (ROOT default "results"; "paper",
 *       "ci" and dot-directories skipped), for every study, the newest result set of
 *       that study (directory names start with the UTC time YYYYMMDDTHHMMSSZ, so the
 *       newest is the lexicographically last) into ROOT/<machine>/figures/. This is
 *       `make figures`: a pure function of committed results; no benchmark runs.
 *   cxbench plot SET SET ... --out DIR
 *       the figures of the union of the points of several result sets of one study and
 *       one machine (a study measured in several runs, each under the GPU machine's
 *       10-minute limit), into DIR (required: there is no one set to write
 *       beside). A point in more than one set is drawn from the set given last, with a
 *       "note:" line; each figure's .gp names every set. Sets of different studies or
 *       machines, a set given twice or no --out: one line, exit 2, nothing written.
 *
 * summary.csv and fit.csv are derived first (cxb_derive_write) when either is missing.
 * Prints "wrote DIR/<figure>.png" per figure. Exit 0; 2 bad input (one line); 3 when
 * gnuplot is missing (data and scripts are still written; one line).
 */
#define _XOPEN_SOURCE 700
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "cxb/core/status.h"
#include "harness/cli.h"
#include "harness/csv.h"
#include "harness/derive.h"
#include "harness/plot.h"
#include "harness/plot_sets.h"
#include "harness/registry.h"
#include "harness/results_walk.h"

#define CLI_PATH 4096

static int usage_error(const char *what)
{
    return cxb_cli_error(CXB_EINPUT, "plot: %s (cxbench plot --help shows the usage)", what);
}

static int fail_line(cxb_status st) { return cxb_cli_status(st); }

/* Plots one result set; prints a line per figure. ERESOURCE (no gnuplot) is returned
 * without printing so that --all can go on writing data and scripts. */
static cxb_status plot_one(const char *run_dir, const cxb_study *study, const char *out)
{
    cxb_status st = cxb_results_ensure_derived(run_dir, study);
    if (st != CXB_OK)
        return st;
    st = cxb_plot_run_dir(run_dir, study, out);
    if (st != CXB_OK)
        return st;
    for (size_t i = 0; i < study->nfigures; ++i) { /* figures with nothing measured are not drawn */
        char png[CLI_PATH];
        snprintf(png, sizeof png, "%s/%s.png", out, study->figures[i].id);
        if (access(png, F_OK) == 0)
            printf("wrote %s\n", png);
    }
    fflush(stdout);
    return CXB_OK;
}

/* DIR/.. as text where possible: "results/m/run" -> "results/m". */
static void parent_of(const char *path, char *out, size_t n)
{
    char buf[CLI_PATH];
    snprintf(buf, sizeof buf, "%s", path);
    size_t len = strlen(buf);
    while (len > 1 && buf[len - 1] == '/')
        buf[--len] = '\0';
    char *slash = strrchr(buf, '/');
    const char *last = slash ? slash + 1 : buf;
    if (strcmp(last, ".") == 0 || strcmp(last, "..") == 0) {
        char real[CLI_PATH];
        if (realpath(buf, real)) {
            snprintf(buf, sizeof buf, "%s", real);
            slash = strrchr(buf, '/');
        }
    }
    if (!slash)
        snprintf(out, n, ".");
    else if (slash == buf)
        snprintf(out, n, "/");
    else {
        *slash = '\0';
        snprintf(out, n, "%s", buf);
    }
}

static int plot_results(const char *run_dir, const char *out)
{
    struct stat sb;
    if (stat(run_dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        cxb_fail(CXB_EINPUT, "%s: not a result-set directory", run_dir);
        return fail_line(CXB_EINPUT);
    }
    const cxb_study *study;
    cxb_status st = cxb_results_study_of(run_dir, &study);
    if (st != CXB_OK)
        return fail_line(st);
    char outbuf[CLI_PATH + 16];
    if (!out) {
        char parent[CLI_PATH];
        parent_of(run_dir, parent, sizeof parent);
        snprintf(outbuf, sizeof outbuf, "%s/figures", parent);
        out = outbuf;
    }
    st = plot_one(run_dir, study, out);
    return st == CXB_OK ? 0 : fail_line(st);
}

static cxb_status plot_newest(const char *machine_dir, const char *run_dir, const char *run_id,
                              const cxb_study *study, void *arg)
{
    (void)run_id;
    (void)arg;
    char out[CLI_PATH + 16];
    snprintf(out, sizeof out, "%s/figures", machine_dir);
    return plot_one(run_dir, study, out);
}

static void print_note(void *arg, const char *line)
{
    (void)arg;
    printf("note: %s\n", line);
}

/* Several sets of one study drawn together: checked before anything is derived or written. */
static int plot_sets(const char *const *sets, size_t n, const char *out)
{
    if (!out)
        return usage_error("several result sets need --out DIR (there is no one set to write beside)");
    const cxb_study *study;
    cxb_status st = cxb_plot_sets_check(sets, n, NULL);
    if (st == CXB_OK)
        st = cxb_results_study_of(sets[0], &study);
    for (size_t i = 0; i < n && st == CXB_OK; ++i)
        st = cxb_results_ensure_derived(sets[i], study);
    if (st == CXB_OK)
        st = cxb_plot_run_dirs(sets, n, study, out, print_note, NULL);
    if (st != CXB_OK) {
        fflush(stdout);
        return fail_line(st);
    }
    for (size_t i = 0; i < study->nfigures; ++i) {
        char png[CLI_PATH];
        snprintf(png, sizeof png, "%s/%s.png", out, study->figures[i].id);
        if (access(png, F_OK) == 0)
            printf("wrote %s\n", png);
    }
    fflush(stdout);
    return 0;
}

static int plot_all(const char *root)
{
    cxb_status st = cxb_results_each_newest(root, plot_newest, NULL);
    return st == CXB_OK ? 0 : fail_line(st);
}

typedef struct plot_args {
    const char *out;
    int all;
} plot_args;

/* Both options belong to the forms' args: each form takes them differently. */
static const cxb_option plot_options[] = {
    CXB_OPT_STRING("--out", "DIR", "where the figures go (default: results/<machine>/figures beside RESULTS)",
                   plot_args, out, CXB_OPT_IN_ARGS),
    CXB_OPT_SWITCH("--all", "the newest result set per study and machine under ROOT (default results)", plot_args,
                   all, CXB_OPT_IN_ARGS),
    CXB_OPT_END};

const cxb_form cxb_cli_plot_forms[] = {{"RESULTS [--out DIR]", plot_options},
                                       {"SET SET... --out DIR", plot_options},
                                       {"--all [ROOT]", plot_options},
                                       CXB_FORMS_END};

int cxb_cli_plot(int argc, char **argv)
{
    plot_args pa = {NULL, 0};
    cxb_args a;
    int rc;
    if (cxb_cli_args(argc, argv, "plot", cxb_cli_plot_forms, plot_options, &pa, CXB_ARGS_MAX_POS, &a, &rc))
        return rc;
    const char *results = NULL, *out = pa.out, *root = NULL;
    const char *const *sets = a.pos; /* positionals */
    size_t nsets = (size_t)a.npos;
    int all = pa.all;
    results = nsets ? sets[0] : NULL;
    if (all) {
        if (out)
            rc = usage_error("--all writes into ROOT/<machine>/figures; --out does not apply");
        else if (nsets > 1)
            rc = usage_error("--all takes one ROOT");
        else {
            root = results ? results : "results";
            rc = plot_all(root);
        }
    } else if (!results)
        rc = usage_error("no result set given");
    else if (out && !*out)
        rc = usage_error("--out needs a directory");
    else if (nsets == 1)
        rc = plot_results(results, out);
    else
        rc = plot_sets(sets, nsets, out);
    return rc;
}
