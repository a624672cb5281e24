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
#include <sys/stat.h>

#include "cxb/status.h"
#include "harness/cli.h"
#include "harness/csv.h"
#include "harness/derive.h"
#include "harness/plot.h"
#include "harness/registry.h"

#define CLI_PATH 4096

static int usage_error(const char *what)
{
    return cxb_cli_error(CXB_EINPUT,
                         "plot: %s (usage: cxbench plot RESULTS [--out DIR] | cxbench plot --all [ROOT])",
                         what);
}

static int fail_line(cxb_status st) { return cxb_cli_status(st); }

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* YYYYMMDDTHHMMSSZ at the start of a result-set directory name (harness.md 4.1). */
static int is_run_id(const char *name)
{
    for (int i = 0; i < 16; ++i) {
        char c = name[i];
        int ok = i == 8 ? c == 'T' : i == 15 ? c == 'Z' : (c >= '0' && c <= '9');
        if (!ok)
            return 0;
    }
    return 1;
}

/* The study named by the first row of run_dir/samples.csv. */
static cxb_status study_of(const char *run_dir, const cxb_study **study)
{
    char path[CLI_PATH];
    snprintf(path, sizeof path, "%s/samples.csv", run_dir);
    cxb_csv csv;
    cxb_status st = cxb_csv_read(path, &csv);
    if (st != CXB_OK)
        return st;
    int col = cxb_csv_col(&csv, "study");
    if (col < 0) {
        cxb_csv_free(&csv);
        return cxb_fail(CXB_EINPUT, "%s: missing column 'study'", path);
    }
    if (csv.nrows == 0) {
        cxb_csv_free(&csv);
        return cxb_fail(CXB_EINPUT, "%s: no samples", path);
    }
    const char *name = cxb_csv_cell(&csv, 0, col);
    *study = cxb_study_find(name);
    if (!*study)
        st = cxb_fail(CXB_EINPUT, "%s: unknown study '%s'", path, name);
    cxb_csv_free(&csv);
    return st;
}

/* Derives summary.csv and fit.csv when either is missing. */
static cxb_status ensure_derived(const char *run_dir, const cxb_study *study)
{
    char s[CLI_PATH], f[CLI_PATH];
    snprintf(s, sizeof s, "%s/summary.csv", run_dir);
    snprintf(f, sizeof f, "%s/fit.csv", run_dir);
    if (is_file(s) && is_file(f))
        return CXB_OK;
    return cxb_derive_write(run_dir, study, 0, 0);
}

/* Plots one result set; prints a line per figure. ERESOURCE (no gnuplot) is returned
 * without printing so that --all can go on writing data and scripts. */
static cxb_status plot_one(const char *run_dir, const cxb_study *study, const char *out)
{
    cxb_status st = ensure_derived(run_dir, study);
    if (st != CXB_OK)
        return st;
    st = cxb_plot_run_dir(run_dir, study, out);
    if (st != CXB_OK)
        return st;
    for (size_t i = 0; i < study->nfigures; ++i)
        printf("wrote %s/%s.png\n", out, study->figures[i].id);
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
    if (!is_dir(run_dir)) {
        cxb_fail(CXB_EINPUT, "%s: not a result-set directory", run_dir);
        return fail_line(CXB_EINPUT);
    }
    const cxb_study *study;
    cxb_status st = study_of(run_dir, &study);
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

typedef struct newest {
    const cxb_study *study;
    char name[256];
} newest;

static int plot_all(const char *root)
{
    struct dirent **machines = NULL;
    int nm = scandir(root, &machines, NULL, alphasort);
    if (nm < 0) {
        cxb_fail(CXB_EINPUT, "%s: cannot read the results directory", root);
        return fail_line(CXB_EINPUT);
    }
    int rc = 0;
    char missing[CLI_PATH * 2] = "";
    for (int m = 0; m < nm && rc == 0; ++m) {
        const char *mname = machines[m]->d_name;
        char mdir[CLI_PATH];
        snprintf(mdir, sizeof mdir, "%s/%s", root, mname);
        if (mname[0] == '.' || !strcmp(mname, "paper") || !strcmp(mname, "ci") || !is_dir(mdir))
            continue;
        struct dirent **runs = NULL;
        int nr = scandir(mdir, &runs, NULL, alphasort);
        if (nr < 0) {
            cxb_fail(CXB_EINPUT, "%s: cannot read", mdir);
            rc = fail_line(CXB_EINPUT);
            break;
        }
        newest *best = calloc((size_t)nr + 1, sizeof *best);
        size_t nb = 0;
        for (int r = 0; r < nr && rc == 0; ++r) {
            const char *rname = runs[r]->d_name;
            char rdir[CLI_PATH * 2];
            snprintf(rdir, sizeof rdir, "%s/%s", mdir, rname);
            if (rname[0] == '.' || strlen(rname) < 16 || !is_run_id(rname) || !is_dir(rdir))
                continue;
            const cxb_study *study;
            cxb_status st = study_of(rdir, &study);
            if (st != CXB_OK) {
                rc = fail_line(st);
                break;
            }
            size_t k = 0;
            while (k < nb && best[k].study != study)
                ++k;
            if (k == nb) {
                best[nb].study = study;
                ++nb;
            }
            snprintf(best[k].name, sizeof best[k].name, "%s", rname); /* sorted: later is newer */
        }
        char out[CLI_PATH + 16];
        snprintf(out, sizeof out, "%s/figures", mdir);
        for (size_t k = 0; k < nb && rc == 0; ++k) {
            char rdir[CLI_PATH * 2];
            snprintf(rdir, sizeof rdir, "%s/%s", mdir, best[k].name);
            cxb_status st = plot_one(rdir, best[k].study, out);
            if (st == CXB_ERESOURCE && !missing[0])
                snprintf(missing, sizeof missing, "%s", cxb_last_error());
            else if (st != CXB_OK && st != CXB_ERESOURCE)
                rc = fail_line(st);
        }
        free(best);
        for (int r = 0; r < nr; ++r)
            free(runs[r]);
        free(runs);
    }
    for (int m = 0; m < nm; ++m)
        free(machines[m]);
    free(machines);
    if (rc == 0 && missing[0]) {
        rc = cxb_cli_error(CXB_ERESOURCE, "%s", missing);
    }
    return rc;
}

int cxb_cli_plot(int argc, char **argv)
{
    const char *results = NULL, *out = NULL, *root = NULL;
    int all = 0;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            printf("usage: cxbench plot RESULTS [--out DIR]   figures of one result set\n"
                   "       cxbench plot --all [ROOT]          newest result set per study and machine\n"
                   "                                          under ROOT (default results)\n");
            return 0;
        } else if (!strcmp(a, "--all")) {
            all = 1;
        } else if (!strcmp(a, "--out")) {
            if (i + 1 >= argc)
                return usage_error("--out needs a directory");
            out = argv[++i];
        } else if (!strncmp(a, "--out=", 6)) {
            out = a + 6;
        } else if (a[0] == '-' && a[1]) {
            char msg[256];
            snprintf(msg, sizeof msg, "unknown flag '%s'", a);
            return usage_error(msg);
        } else if (!results) {
            results = a;
        } else {
            char msg[256];
            snprintf(msg, sizeof msg, "unexpected argument '%s'", a);
            return usage_error(msg);
        }
    }
    if (all) {
        if (out)
            return usage_error("--all writes into ROOT/<machine>/figures; --out does not apply");
        root = results ? results : "results";
        return plot_all(root);
    }
    if (!results)
        return usage_error("no result set given");
    if (out && !*out)
        return usage_error("--out needs a directory");
    return plot_results(results, out);
}
