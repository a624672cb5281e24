/* harness/results_walk.c - see results_walk.h. */
#define _XOPEN_SOURCE 700
#include "harness/results_walk.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness/csv.h"
#include "harness/derive.h"

#define WALK_PATH 4096

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
    if (strlen(name) < 16)
        return 0;
    for (int i = 0; i < 16; ++i) {
        char c = name[i];
        int ok = i == 8 ? c == 'T' : i == 15 ? c == 'Z' : (c >= '0' && c <= '9');
        if (!ok)
            return 0;
    }
    return 1;
}

cxb_status cxb_results_study_name(const char *run_dir, char *name, size_t size)
{
    char path[WALK_PATH];
    snprintf(path, sizeof path, "%s/samples.csv", run_dir);
    cxb_csv csv;
    cxb_status st = cxb_csv_read(path, &csv);
    if (st != CXB_OK)
        return st;
    int col = cxb_csv_col(&csv, "study");
    if (col < 0)
        st = cxb_fail(CXB_EINPUT, "%s: missing column 'study'", path);
    else if (csv.nrows == 0)
        st = cxb_fail(CXB_EINPUT, "%s: no samples", path);
    else
        snprintf(name, size, "%s", cxb_csv_cell(&csv, 0, col));
    cxb_csv_free(&csv);
    return st;
}

cxb_status cxb_results_study_of(const char *run_dir, const cxb_study **study)
{
    char name[256];
    cxb_status st = cxb_results_study_name(run_dir, name, sizeof name);
    if (st != CXB_OK)
        return st;
    *study = cxb_study_find(name);
    if (!*study)
        return cxb_fail(CXB_EINPUT, "%s/samples.csv: unknown study '%s'", run_dir, name);
    return CXB_OK;
}

cxb_status cxb_results_ensure_derived(const char *run_dir, const cxb_study *study)
{
    char s[WALK_PATH], f[WALK_PATH];
    snprintf(s, sizeof s, "%s/summary.csv", run_dir);
    snprintf(f, sizeof f, "%s/fit.csv", run_dir);
    if (is_file(s) && is_file(f))
        return CXB_OK;
    return cxb_derive_write(run_dir, study, 0, 0);
}

typedef struct newest {
    const cxb_study *study;
    char name[256];
} newest;

/* One machine directory: the newest set per study, then fn on each. */
static cxb_status walk_machine(const char *mdir, cxb_newest_fn fn, void *arg, char *missing, size_t msize)
{
    struct dirent **runs = NULL;
    int nr = scandir(mdir, &runs, NULL, alphasort);
    if (nr < 0)
        return cxb_fail(CXB_EINPUT, "%s: cannot read", mdir);
    newest *best = calloc((size_t)nr + 1, sizeof *best);
    size_t nb = 0;
    cxb_status st = best ? CXB_OK : cxb_fail(CXB_ERESOURCE, "results: out of memory");
    for (int r = 0; r < nr && st == CXB_OK; ++r) {
        const char *rname = runs[r]->d_name;
        char rdir[WALK_PATH * 2];
        snprintf(rdir, sizeof rdir, "%s/%s", mdir, rname);
        if (rname[0] == '.' || !is_run_id(rname) || !is_dir(rdir))
            continue;
        const cxb_study *study;
        if ((st = cxb_results_study_of(rdir, &study)) != CXB_OK)
            break;
        size_t k = 0;
        while (k < nb && best[k].study != study)
            ++k;
        if (k == nb)
            best[nb++].study = study;
        snprintf(best[k].name, sizeof best[k].name, "%s", rname); /* sorted: later is newer */
    }
    for (size_t k = 0; k < nb && st == CXB_OK; ++k) {
        char rdir[WALK_PATH * 2];
        snprintf(rdir, sizeof rdir, "%s/%s", mdir, best[k].name);
        st = fn(mdir, rdir, best[k].name, best[k].study, arg);
        if (st == CXB_ERESOURCE) { /* e.g. no gnuplot: note it, go on */
            if (!missing[0])
                snprintf(missing, msize, "%s", cxb_last_error());
            st = CXB_OK;
        }
    }
    free(best);
    for (int r = 0; r < nr; ++r)
        free(runs[r]);
    free(runs);
    return st;
}

cxb_status cxb_results_each_newest(const char *root, cxb_newest_fn fn, void *arg)
{
    struct dirent **machines = NULL;
    int nm = scandir(root, &machines, NULL, alphasort);
    if (nm < 0)
        return cxb_fail(CXB_EINPUT, "%s: cannot read the results directory", root);
    cxb_status st = CXB_OK;
    char missing[1024] = "";
    for (int m = 0; m < nm && st == CXB_OK; ++m) {
        const char *mname = machines[m]->d_name;
        char mdir[WALK_PATH];
        snprintf(mdir, sizeof mdir, "%s/%s", root, mname);
        if (mname[0] == '.' || !strcmp(mname, "paper") || !strcmp(mname, "ci") || !is_dir(mdir))
            continue;
        st = walk_machine(mdir, fn, arg, missing, sizeof missing);
    }
    for (int m = 0; m < nm; ++m)
        free(machines[m]);
    free(machines);
    if (st == CXB_OK && missing[0])
        st = cxb_fail(CXB_ERESOURCE, "%s", missing);
    return st;
}
