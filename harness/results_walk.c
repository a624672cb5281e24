/* harness/results_walk.c - see results_walk.h. */
#define _XOPEN_SOURCE 700
#include "harness/results_walk.h"

#include <dirent.h>
#include <math.h>
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

/* YYYYMMDDTHHMMSSZ at the start of a result-set directory name (docs/method.md). */
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

/* ROOT/<name> is a machine directory: not "paper", "ci", "quality" or a dot-directory. */
static int is_machine(const char *name, const char *path)
{
    return name[0] != '.' && strcmp(name, "paper") != 0 && strcmp(name, "ci") != 0 &&
           strcmp(name, "quality") != 0 && is_dir(path);
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
        if (!is_machine(mname, mdir))
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

/* ------------------------------------------------------------------ INDEX.md */

int cxb_results_is_set(const char *run_dir)
{
    char path[WALK_PATH * 2];
    snprintf(path, sizeof path, "%s/samples.csv", run_dir);
    return is_dir(run_dir) && is_file(path);
}

void cxb_index_free(cxb_index *idx)
{
    free(idx->rows);
    idx->rows = NULL;
    idx->nrows = 0;
}

const cxb_index_row *cxb_index_find(const cxb_index *idx, const char *key)
{
    for (size_t i = 0; i < idx->nrows; ++i)
        if (!strcmp(idx->rows[i].key, key))
            return &idx->rows[i];
    return NULL;
}

static cxb_status index_push(cxb_index *idx, const cxb_index_row *row, size_t *cap)
{
    if (idx->nrows == *cap) {
        size_t nc = *cap ? *cap * 2 : 16;
        cxb_index_row *r = realloc(idx->rows, nc * sizeof *r);
        if (!r)
            return cxb_fail(CXB_ERESOURCE, "results: out of memory");
        idx->rows = r;
        *cap = nc;
    }
    idx->rows[idx->nrows++] = *row;
    return CXB_OK;
}

/* The stand-in for a machine without INDEX.md: the newest set of each study. */
typedef struct standin {
    cxb_index *idx;
    size_t *cap;
} standin;

static cxb_status standin_row(const char *machine_dir, const char *run_dir, const char *run_id,
                              const cxb_study *study, void *arg)
{
    (void)machine_dir;
    (void)run_dir;
    standin *s = arg;
    cxb_index_row row;
    memset(&row, 0, sizeof row);
    snprintf(row.key, sizeof row.key, "newest");
    snprintf(row.study, sizeof row.study, "%s", study->name);
    snprintf(row.sets[0], sizeof row.sets[0], "%s", run_id);
    row.nsets = 1;
    snprintf(row.commit, sizeof row.commit, "-");
    snprintf(row.protocol, sizeof row.protocol, "-");
    snprintf(row.output, sizeof row.output, "figures/");
    snprintf(row.output_path, sizeof row.output_path, "figures/");
    return index_push(s->idx, &row, s->cap);
}

/* Splits a markdown table line "| a | b |" into trimmed cells (in place); the count. */
static size_t md_cells(char *line, char **cells, size_t max)
{
    char *p = line;
    while (*p == ' ' || *p == '\t')
        ++p;
    if (*p != '|')
        return 0;
    ++p;
    size_t n = 0;
    while (*p && n < max) {
        char *end = strchr(p, '|');
        if (!end)
            break;
        *end = '\0';
        while (*p == ' ' || *p == '\t')
            ++p;
        char *e = p + strlen(p);
        while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
            *--e = '\0';
        cells[n++] = p;
        p = end + 1;
    }
    return n;
}

/* A cell without backticks into out. */
static void cell_copy(char *out, size_t size, const char *cell)
{
    size_t k = 0;
    for (const char *c = cell; *c && k + 1 < size; ++c)
        if (*c != '`')
            out[k++] = *c;
    out[k] = '\0';
}

static int is_separator_row(char *const *cells, size_t n)
{
    for (size_t i = 0; i < n; ++i)
        if (strspn(cells[i], "-: ") != strlen(cells[i]) || !cells[i][0])
            return 0;
    return n > 0;
}

cxb_status cxb_index_load(const char *machine_dir, cxb_index *idx)
{
    memset(idx, 0, sizeof *idx);
    snprintf(idx->machine_dir, sizeof idx->machine_dir, "%s", machine_dir);
    size_t cap = 0;
    char path[WALK_PATH * 2];
    snprintf(path, sizeof path, "%s/INDEX.md", machine_dir);
    if (!is_file(path)) {
        standin s = {idx, &cap};
        char missing[256] = "";
        cxb_status st = walk_machine(machine_dir, standin_row, &s, missing, sizeof missing);
        if (st != CXB_OK)
            cxb_index_free(idx);
        return st;
    }
    idx->from_file = 1;
    char *text = cxb_read_file(path, NULL);
    if (!text)
        return cxb_fail(CXB_EINPUT, "%s: cannot read", path);
    enum { C_KEY, C_STUDY, C_SETS, C_COMMIT, C_PROTOCOL, C_OUTPUT, C_N };
    static const char *const names[C_N] = {"key", "study", "sets", "commit", "protocol", "output"};
    int col[C_N];
    int in_table = 0, done = 0, lineno = 0;
    cxb_status st = CXB_OK;
    for (char *line = text, *next; line && st == CXB_OK && !done; line = next) {
        ++lineno;
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        char *cells[32];
        size_t n = md_cells(line, cells, 32);
        if (n == 0) {
            if (in_table == 2)
                done = 1; /* the first table only */
            in_table = in_table == 2 ? 2 : 0;
            continue;
        }
        if (in_table == 0) { /* a header: has it our columns? */
            for (int c = 0; c < C_N; ++c) {
                col[c] = -1;
                for (size_t i = 0; i < n; ++i) {
                    char h[64];
                    cell_copy(h, sizeof h, cells[i]);
                    /* "figure/output" and the like name the output column */
                    if (!strcmp(h, names[c]) || (c == C_OUTPUT && strstr(h, "output")))
                        col[c] = (int)i;
                }
            }
            in_table = col[C_KEY] >= 0 && col[C_STUDY] >= 0 && col[C_SETS] >= 0 && col[C_OUTPUT] >= 0 ? 1 : 3;
            continue;
        }
        if (in_table == 3)
            continue; /* another table */
        if (is_separator_row(cells, n)) {
            in_table = 2;
            continue;
        }
        cxb_index_row row;
        memset(&row, 0, sizeof row);
        row.line = lineno;
        const char *cell[C_N];
        for (int c = 0; c < C_N; ++c)
            cell[c] = col[c] >= 0 && (size_t)col[c] < n ? cells[col[c]] : "-";
        cell_copy(row.key, sizeof row.key, cell[C_KEY]);
        cell_copy(row.study, sizeof row.study, cell[C_STUDY]);
        cell_copy(row.commit, sizeof row.commit, cell[C_COMMIT]);
        cell_copy(row.protocol, sizeof row.protocol, cell[C_PROTOCOL]);
        cell_copy(row.output, sizeof row.output, cell[C_OUTPUT]);
        snprintf(row.output_path, sizeof row.output_path, "%.*s", (int)strcspn(row.output, " \t"), row.output);
        char sets[4096];
        cell_copy(sets, sizeof sets, cell[C_SETS]);
        for (char *save = NULL, *tok = strtok_r(sets, " ,;", &save); tok; tok = strtok_r(NULL, " ,;", &save)) {
            if (row.nsets == CXB_INDEX_MAX_SETS) {
                st = cxb_fail(CXB_EINPUT, "%s:%d: more than %d sets", path, lineno, CXB_INDEX_MAX_SETS);
                break;
            }
            size_t len = strlen(tok);
            while (len > 1 && tok[len - 1] == '/')
                tok[--len] = '\0';
            snprintf(row.sets[row.nsets++], sizeof row.sets[0], "%s", tok);
        }
        if (st != CXB_OK)
            break;
        if (!row.key[0] || !row.study[0] || row.nsets == 0)
            st = cxb_fail(CXB_EINPUT, "%s:%d: a row needs a key, a study and at least one set", path, lineno);
        else
            st = index_push(idx, &row, &cap);
    }
    free(text);
    if (st == CXB_OK && in_table < 2)
        st = cxb_fail(CXB_EINPUT, "%s: no table with the columns key, study, sets and output", path);
    if (st != CXB_OK)
        cxb_index_free(idx);
    return st;
}

cxb_status cxb_results_each_index(const char *root, cxb_index_fn fn, void *arg)
{
    struct dirent **machines = NULL;
    int nm = scandir(root, &machines, NULL, alphasort);
    if (nm < 0)
        return cxb_fail(CXB_EINPUT, "%s: cannot read the results directory", root);
    cxb_status st = CXB_OK;
    for (int m = 0; m < nm && st == CXB_OK; ++m) {
        char mdir[WALK_PATH];
        snprintf(mdir, sizeof mdir, "%s/%s", root, machines[m]->d_name);
        if (!is_machine(machines[m]->d_name, mdir))
            continue;
        cxb_index idx;
        if ((st = cxb_index_load(mdir, &idx)) != CXB_OK)
            break;
        if (idx.nrows)
            st = fn(&idx, arg);
        cxb_index_free(&idx);
    }
    for (int m = 0; m < nm; ++m)
        free(machines[m]);
    free(machines);
    return st;
}

/* every "k=v" of match is a whole item of params */
static int params_match(const char *params, const char *match)
{
    if (!match || !*match)
        return 1;
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", match);
    for (char *save = NULL, *kv = strtok_r(buf, ";", &save); kv; kv = strtok_r(NULL, ";", &save)) {
        size_t n = strlen(kv);
        int found = 0;
        for (const char *p = params; p && *p && !found;) {
            if (!strncmp(p, kv, n) && (p[n] == ';' || p[n] == '\0'))
                found = 1;
            p = strchr(p, ';');
            p = p ? p + 1 : NULL;
        }
        if (!found)
            return 0;
    }
    return 1;
}

int cxb_results_median(const char *const *run_dirs, size_t nsets, const char *impl, const char *match,
                       double *median_ns, double *work)
{
    static const char *const need[] = {"impl", "params", "median", "work", NULL};
    int found = 0;
    for (size_t k = 0; k < nsets; ++k) {
        int col[4];
        cxb_csv csv;
        if (cxb_csv_read_cols(run_dirs[k], "summary.csv", need, &csv, col) != CXB_OK)
            continue;
        for (size_t i = 0; i < csv.nrows; ++i) {
            if (strcmp(cxb_csv_cell(&csv, i, col[0]), impl) != 0 ||
                !params_match(cxb_csv_cell(&csv, i, col[1]), match))
                continue;
            *median_ns = atof(cxb_csv_cell(&csv, i, col[2]));
            *work = atof(cxb_csv_cell(&csv, i, col[3]));
            found = 1;
        }
        cxb_csv_free(&csv);
    }
    return found;
}

/* The params of a summary row with the value of key x, when it is numeric. */
static int param_num(const char *params, const char *x, double *v)
{
    size_t n = strlen(x);
    for (const char *p = params; p && *p;) {
        if (!strncmp(p, x, n) && p[n] == '=') {
            char *end;
            *v = strtod(p + n + 1, &end);
            return end != p + n + 1;
        }
        p = strchr(p, ';');
        p = p ? p + 1 : NULL;
    }
    return 0;
}

void cxb_results_pairs(const char *const *run_dirs, size_t nsets, const char *impl_a, const char *impl_b,
                       const char *match, size_t *a_faster, size_t *pairs)
{
    static const char *const need[] = {"impl", "params", "median", NULL};
    *a_faster = *pairs = 0;
    for (size_t k = 0; k < nsets; ++k) {
        int col[3];
        cxb_csv csv;
        if (cxb_csv_read_cols(run_dirs[k], "summary.csv", need, &csv, col) != CXB_OK)
            continue;
        for (size_t i = 0; i < csv.nrows; ++i) {
            const char *pa = cxb_csv_cell(&csv, i, col[1]);
            if (strcmp(cxb_csv_cell(&csv, i, col[0]), impl_a) != 0 || !params_match(pa, match))
                continue;
            for (size_t j = 0; j < csv.nrows; ++j)
                if (!strcmp(cxb_csv_cell(&csv, j, col[0]), impl_b) && !strcmp(cxb_csv_cell(&csv, j, col[1]), pa)) {
                    ++*pairs;
                    if (atof(cxb_csv_cell(&csv, i, col[2])) < atof(cxb_csv_cell(&csv, j, col[2])))
                        ++*a_faster;
                    break;
                }
        }
        cxb_csv_free(&csv);
    }
}

double cxb_results_slope(const char *const *run_dirs, size_t nsets, const char *impl, const char *match,
                         const char *x, size_t *npts)
{
    static const char *const need[] = {"impl", "params", "median", NULL};
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    size_t n = 0;
    for (size_t k = 0; k < nsets; ++k) {
        int col[3];
        cxb_csv csv;
        if (cxb_csv_read_cols(run_dirs[k], "summary.csv", need, &csv, col) != CXB_OK)
            continue;
        for (size_t i = 0; i < csv.nrows; ++i) {
            const char *params = cxb_csv_cell(&csv, i, col[1]);
            double xv, yv = atof(cxb_csv_cell(&csv, i, col[2]));
            if (strcmp(cxb_csv_cell(&csv, i, col[0]), impl) != 0 || !params_match(params, match) ||
                !param_num(params, x, &xv) || xv <= 0 || yv <= 0)
                continue;
            double lx = log2(xv), ly = log2(yv);
            sx += lx;
            sy += ly;
            sxx += lx * lx;
            sxy += lx * ly;
            ++n;
        }
        cxb_csv_free(&csv);
    }
    *npts = n;
    double d = (double)n * sxx - sx * sx;
    return n >= 2 && d != 0 ? ((double)n * sxy - sx * sy) / d : NAN;
}
