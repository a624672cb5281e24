/* harness/plot.c - figures from a result set (docs/method.md).
 *
 * For each figure spec of a study:
 *   1. select the rows of run_dir/summary.csv whose params match the spec's `select`
 *      ("k=v;k=v", "" = all; a key `impl` matches the implementation id, exactly or,
 *      with a trailing '*', as a prefix; values compare as strings or as numbers) and
 *      that have the spec's x_param;
 *   2. group them into series by impl and by the remaining params (all but x_param);
 *      params that differ between the figure's series go into the series' key;
 *   3. y = median time in ms with q1/q3 bars (y = "time"), or rate = work / median in
 *      work units per second with a G/M/k prefix chosen from the data and bars
 *      work/q3 .. work/q1 (y = "rate"); summary.csv times are ns, so work/ns = G/s;
 *      y = "phases:alloc,free" draws the named phases of samples.csv instead (median and
 *      quartiles of <phase>_ns per point, one series per implementation and phase, the
 *      phase as the parameter `phase`; no fitted lines, which are of the declared time);
 *      y = "extra:R,R_closed_form" draws values that the rows report in samples.csv's
 *      extra column ("k=v;k=v") the same way (median and quartiles per point, one series
 *      per key, the key as the parameter `phase`), as plain numbers on a linear axis,
 *      without fits (a structural quantity such as a replication ratio, not a time);
 *      a select value "a|b" matches either alternative, and "-" a point without the key
 *      (so that a figure leaves out the points of other sweeps of the same preset);
 *      y = "heat:YPARAM:KEY=NUM/DEN" (e.g. "heat:density:impl=frnn.acs.cuda/frnn.original.cuda")
 *      draws a ratio map instead of series: the selected rows that have x_param, YPARAM and
 *      KEY (`impl`: the implementation id) with KEY = NUM or DEN make one cell per (x, YPARAM)
 *      pair, its value 100 x median(NUM) / median(DEN) in percent (below 100: NUM is faster)
 *      and value_min the same of the minima; every other parameter (and the implementation,
 *      unless KEY is impl) must be the same in all of the figure's rows, else CXB_EINPUT
 *      names the figure and the first parameter that differs; a cell with one side only has
 *      the value nan and is left blank; no fits (step 4) and no paper overlay (step 5: a heat
 *      figure that names a paper file is refused);
 *      y = "ratio:KEY=NUM/DEN" (e.g. "ratio:impl=frnn.original.cuda/frnn.moore.cuda|frnn.strips.cuda")
 *      draws lines of ratios: the series are grouped as for time, then each series whose KEY
 *      is one of DEN's '|' alternatives becomes 100 x its NUM partner / itself at each x both
 *      have, the partner being the series with KEY = NUM and the same other params (and
 *      implementation, unless KEY is impl): the medians' ratio with bars from the quartiles
 *      (NUM q1 / DEN q3 to NUM q3 / DEN q1); the NUM series and any other are not drawn; a
 *      linear y axis in percent, no fits, no paper overlay;
 *   4. fitted lines from run_dir/fit.csv (docs/method.md): the row whose `series`
 *      names the same impl (text up to the first of " ;,[({|@:") and whose k=v pairs
 *      (anywhere after it) all agree with the series' params, with the figure's
 *      x_param; the fit is ln(median ns) = a + b ln x, drawn as exp(a) x^b only over
 *      [x_min, x_max], keyed "<series>: b = 1.00 [0.98, 1.02]". On a rate figure the
 *      line is work(x) / t(x), with work fitted as a power of x over the series.
 *      Points with in_fit = 0 are hollow where their series' fit is drawn (without a
 *      fit along this x, in_fit speaks of another fit and every point is filled);
 *      series without a fit have their medians joined by a thin line;
 *   5. paper points: `paper` names a CSV under results/paper/ (source,item,series,x,
 *      value,unit,kind,page,note), found beside the machine directory of run_dir
 *      (run_dir/../../paper/), in ./results/paper/ or under the source tree; values
 *      are converted to the figure's unit (s, ms, us, ns; k/M/G/T.../s); rows of other
 *      units are left out; a missing file means no overlay;
 *   6. writes out_dir/<id>.csv (series,label,x,median,q1,q3,min,in_fit; on a rate
 *      figure the columns hold the rates at the median, at q3, at q1 and at min; on a heat
 *      figure x,y,value,value_min,num_ms,den_ms, one row per point of the full grid of the
 *      x and y values seen, sorted by x then y, a blank line between two x (gnuplot's grid
 *      order), "nan" where a cell has one side or none),
 *      out_dir/<id>.paper.csv (x,value,lt) when there are paper points, and
 *      out_dir/<id>.gp: the figure's variables + plots/common.gp + the template +
 *      the generated plot command, self-contained (see plots/common.gp); a heat figure's
 *      command draws each cell as a box at its grid index (write_heat_command says why);
 *   7. runs gnuplot in out_dir for <id>.png and <id>.pdf (written to temporaries and
 *      renamed). gnuplot is $CXB_GNUPLOT ("" or "none": absent), else the configured
 *      CXB_GNUPLOT_PATH, else "gnuplot" on PATH. Without it every data file and
 *      script is still written and CXB_ERESOURCE says where.
 * Several result sets of one study and machine (cxb_plot_run_dirs): steps 1-3 run
 * over each set's summary.csv (or samples.csv) in turn into the same series; a point in more
 * than one set is taken from the set given last (the script lists each); a set's fits match
 * only series whose points all come from it; paper points are found beside the first set;
 * the script's header names every set and the PNG title their run ids; the PDF date is the
 * newest set's.
 * A figure that no point of the result set matches is not drawn, and its files from an
 * earlier plot are removed (cxb_plot_run_dirs_keep leaves them), so that no stale figure
 * stays behind. Templates are read from $CXB_SOURCE_DIR/plots, ./plots
 * or the configured source tree's plots/, in that order.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "harness/plot.h"

#include "cxb/core/grow.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cxb/config.h"
#include "cxb/core/params.h"
#include "harness/atomic.h"
#include "harness/cleanup.h"
#include "harness/csv.h"
#include "harness/params.h"
#include "harness/plot_sets.h"
#include "harness/stats.h"

#define PATH_CAP 4096

/* ------------------------------------------------------------------ small helpers */

/* A number in any form of cxb_parse_double ("1024", "1e8", "2^20", "16Mi", "0.5"); 0 if not. */
static int parse_num(const char *s, double *out)
{
    return s && cxb_parse_double(s, "plot", out) == CXB_OK;
}

static int same_value(const char *a, const char *b)
{
    double x, y;
    return strcmp(a, b) == 0 || (parse_num(a, &x) && parse_num(b, &y) && x == y);
}

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Parses "k=v;k=v" into p; 0 on a malformed list. */
static int parse_params(const char *s, cxb_params *p)
{
    cxb_params_init(p);
    char buf[2048];
    if (strlen(s) >= sizeof buf)
        return 0;
    strcpy(buf, s);
    for (char *save = NULL, *tok = strtok_r(buf, ";", &save); tok; tok = strtok_r(NULL, ";", &save)) {
        while (*tok == ' ')
            ++tok;
        if (!*tok)
            continue;
        char *eq = strchr(tok, '=');
        if (!eq || eq == tok)
            return 0;
        *eq = '\0';
        if (cxb_params_set(p, tok, eq + 1) != CXB_OK)
            return 0;
    }
    return 1;
}

/* gnuplot double-quoted string body: backslash and quote escaped. */
static void put_gp_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; ++s) {
        if (*s == '"' || *s == '\\')
            fputc('\\', f);
        if (*s != '\n' && *s != '\r')
            fputc(*s, f);
    }
    fputc('"', f);
}

static void lower_nospace(const char *s, char *out, size_t n)
{
    size_t j = 0;
    for (; *s && j + 1 < n; ++s)
        if (!isspace((unsigned char)*s) && *s != '_' && *s != '-')
            out[j++] = (char)tolower((unsigned char)*s);
    out[j] = '\0';
}

/* ------------------------------------------------------------------ styles */

/* Filled / hollow twins of gnuplot's point types: square, circle, up-triangle,
 * down-triangle, diamond, pentagon. */
static const int pt_filled[6] = {5, 7, 9, 11, 13, 15};
static const int pt_hollow[6] = {4, 6, 8, 10, 12, 14};
static const int group_lts[8] = {3, 4, 5, 2, 7, 1, 6, 8}; /* phases and extra figures: a colour per group */

static const char *variant_of(const char *impl)
{
    const char *v = strrchr(impl, '.');
    return v ? v + 1 : impl;
}

/* Line type of plots/common.gp for an implementation, from its id's last component. */
static int backend_lt(const char *impl)
{
    static const char *const libs[] = {"curand", "cublas", "cusparse", "cufft", "thrust", "cub",
                                       "cccl", "nccl", "random123", "mkl", "tbb", "openmp",
                                       "anchor", "ecl", "gap", "lib", "std", NULL};
    const char *v = variant_of(impl);
    if (strcmp(v, "seq") == 0)
        return 1;
    if (strncmp(v, "pthreads", 8) == 0)
        return 2;
    if (strncmp(v, "cuda", 4) == 0) {
        const char *s = v + 4;
        if (!*s)
            return 3;
        int digits = 1;
        for (const char *c = s; *c; ++c)
            digits &= isdigit((unsigned char)*c) != 0;
        if (digits)
            return (atol(s) % 2) ? 3 : 4;
        return 7; /* a named CUDA variant (cudashared): a third colour beside cuda1/cuda2 */
    }
    for (size_t i = 0; libs[i]; ++i)
        if (strncmp(v, libs[i], strlen(libs[i])) == 0)
            return 5;
    return 6;
}

/* ------------------------------------------------------------------ the data */

typedef struct prow {
    double x, y, ylo, yhi, ybest; /* in the figure's unit */
    double med_ns, work;
    int in_fit;
} prow;

typedef struct pseries {
    char impl[256];
    cxb_params fixed; /* params other than x_param */
    char canon[2048];
    char label[512];
    char key[640];
    prow *rows;
    size_t n, cap;
    int lt, pt_f, pt_h, dt, nexcluded;
    size_t group; /* phases figures */
    int has_fit;
    size_t set;    /* the result set of its first point (cxb_plot_run_dirs) */
    int mixed_sets; /* points from more than one set: no set's fit speaks of the series */
    double la, lb; /* line: exp(la) * x^lb in the figure's unit */
    double xmin, xmax;
} pseries;

typedef struct fitrow {
    char impl[256];
    cxb_params params;
    char x_param[CXB_PARAM_KEY];
    double a, b, blo, bhi, xmin, xmax;
    int has_ci, valid;
    size_t set; /* the result set whose fit.csv it is */
} fitrow;

typedef struct summary_cols {
    int impl, params, median, q1, q3, min, work, in_fit;
} summary_cols;

static cxb_status need_col(const cxb_csv *csv, const char *path, const char *name, int *col)
{
    *col = cxb_csv_col(csv, name);
    if (*col < 0)
        return cxb_fail(CXB_EINPUT, "%s: missing column '%s'", path, name);
    return CXB_OK;
}

static cxb_status load_summary(const char *run_dir, cxb_csv *csv, summary_cols *c)
{
    char path[PATH_CAP];
    snprintf(path, sizeof path, "%s/summary.csv", run_dir);
    cxb_status st = cxb_csv_read(path, csv);
    if (st != CXB_OK)
        return st;
    if ((st = need_col(csv, path, "impl", &c->impl)) || (st = need_col(csv, path, "params", &c->params)) ||
        (st = need_col(csv, path, "median", &c->median)) || (st = need_col(csv, path, "q1", &c->q1)) ||
        (st = need_col(csv, path, "q3", &c->q3)) || (st = need_col(csv, path, "min", &c->min)) ||
        (st = need_col(csv, path, "work", &c->work)) || (st = need_col(csv, path, "in_fit", &c->in_fit))) {
        cxb_csv_free(csv);
        return st;
    }
    return CXB_OK;
}

/* y = "phases:a,b": a summary-shaped table (the columns of summary_cols) built in memory
 * from run_dir/samples.csv: per point (in order of first appearance) and named phase, the
 * statistics of the non-empty <phase>_ns cells, params extended by phase=<name>. */
typedef struct strbuf {
    char *s;
    size_t n, cap;
} strbuf;

static size_t sb_add(strbuf *b, const char *text, int *oom)
{
    size_t len = strlen(text) + 1, at = b->n;
    if (b->n + len > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->n + len)
            cap *= 2;
        char *ns = realloc(b->s, cap);
        if (!ns) {
            *oom = 1;
            return 0;
        }
        b->s = ns;
        b->cap = cap;
    }
    memcpy(b->s + at, text, len);
    b->n += len;
    return at;
}

/* The number after "key=" in an extra cell ("k=v;k=v"); 0 when the key is absent. */
static int extra_value(const char *cell, const char *key, double *v)
{
    char buf[64];
    return cxb_params_lookup(cell, ';', key, buf, sizeof buf) && parse_num(buf, v);
}

/* from_extra: the names are keys of the extra column (y = "extra:..."), not phases. */
static cxb_status load_phases(const char *run_dir, const char *phases, int from_extra, cxb_csv *out,
                              summary_cols *c)
{
    static const char *const cols[] = {"impl", "params", "median", "q1", "q3", "min", "work", "in_fit"};
    enum { NCOLS = 8 };
    char path[PATH_CAP];
    snprintf(path, sizeof path, "%s/samples.csv", run_dir);
    cxb_csv in;
    cxb_status st = cxb_csv_read(path, &in);
    if (st != CXB_OK)
        return st;
    int cpoint, cimpl, cparams;
    if ((st = need_col(&in, path, "point", &cpoint)) || (st = need_col(&in, path, "impl", &cimpl)) ||
        (st = need_col(&in, path, "params", &cparams))) {
        cxb_csv_free(&in);
        return st;
    }
    char list[256];
    snprintf(list, sizeof list, "%s", phases);
    char names[8][32];
    int pcol[8];
    size_t nph = 0;
    for (char *save = NULL, *w = strtok_r(list, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
        char col[64];
        snprintf(col, sizeof col, from_extra ? "extra" : "%s_ns", w);
        if (nph == 8 || strlen(w) >= sizeof names[0] || (pcol[nph] = cxb_csv_col(&in, col)) < 0) {
            cxb_csv_free(&in);
            return cxb_fail(CXB_EINPUT, "%s: no phase column '%s'", path, col);
        }
        snprintf(names[nph++], sizeof names[0], "%s", w);
    }
    size_t *first = malloc((in.nrows ? in.nrows : 1) * sizeof *first); /* first row of each point */
    double *vals = malloc((in.nrows ? in.nrows : 1) * sizeof *vals);
    size_t *offs = NULL, npts = 0, nout = 0;
    strbuf sb = {0};
    int oom = !first || !vals;
    for (size_t r = 0; r < in.nrows && !oom; ++r) {
        size_t k = 0;
        while (k < npts && strcmp(cxb_csv_cell(&in, first[k], cpoint), cxb_csv_cell(&in, r, cpoint)) != 0)
            ++k;
        if (k == npts)
            first[npts++] = r;
    }
    if (!oom)
        oom = !(offs = malloc((npts * nph + 1) * (size_t)NCOLS * sizeof *offs));
    for (size_t k = 0; k < npts && !oom && st == CXB_OK; ++k) {
        const char *pt = cxb_csv_cell(&in, first[k], cpoint);
        for (size_t ph = 0; ph < nph && !oom && st == CXB_OK; ++ph) {
            size_t nv = 0;
            for (size_t r = first[k]; r < in.nrows; ++r) {
                const char *cell = cxb_csv_cell(&in, r, pcol[ph]);
                if (strcmp(cxb_csv_cell(&in, r, cpoint), pt) != 0 || !*cell)
                    continue;
                if (from_extra) { /* a row without the key does not report it */
                    if (extra_value(cell, names[ph], &vals[nv]))
                        ++nv;
                    continue;
                }
                if (!parse_num(cell, &vals[nv]))
                    st = cxb_fail(CXB_EINPUT, "%s:%zu: %s_ns '%s' is not a number", path, r + 2, names[ph], cell);
                ++nv;
            }
            if (nv == 0 || st != CXB_OK)
                continue; /* the implementation does not have this phase */
            cxb_summary sum;
            if ((st = cxb_stats_summarize(vals, nv, &sum)) != CXB_OK)
                break;
            cxb_params p;
            char canon[2048], num[4][64];
            if (!parse_params(cxb_csv_cell(&in, first[k], cparams), &p) ||
                cxb_params_set(&p, "phase", names[ph]) != CXB_OK) {
                st = cxb_fail(CXB_EINPUT, "%s:%zu: bad params", path, first[k] + 2);
                break;
            }
            cxb_params_canonical(&p, canon, sizeof canon);
            snprintf(num[0], sizeof num[0], "%.17g", sum.median);
            snprintf(num[1], sizeof num[1], "%.17g", sum.q1);
            snprintf(num[2], sizeof num[2], "%.17g", sum.q3);
            snprintf(num[3], sizeof num[3], "%.17g", sum.min);
            const char *row[NCOLS] = {cxb_csv_cell(&in, first[k], cimpl), canon, num[0], num[1], num[2], num[3], "", ""};
            for (size_t j = 0; j < NCOLS; ++j)
                offs[nout * NCOLS + j] = sb_add(&sb, row[j], &oom);
            ++nout;
        }
    }
    size_t hdr = 0;
    for (size_t j = 0; j < NCOLS && !oom; ++j) {
        size_t at = sb_add(&sb, cols[j], &oom);
        if (j == 0)
            hdr = at;
    }
    memset(out, 0, sizeof *out);
    if (!oom && st == CXB_OK) {
        out->header = malloc(NCOLS * sizeof *out->header);
        out->cells = malloc((nout ? nout : 1) * NCOLS * sizeof *out->cells);
        oom = !out->header || !out->cells;
    }
    if (!oom && st == CXB_OK) {
        out->ncols = NCOLS;
        out->nrows = nout;
        out->storage = sb.s;
        sb.s = NULL;
        for (size_t j = 0, at = hdr; j < NCOLS; at += strlen(out->storage + at) + 1, ++j)
            out->header[j] = out->storage + at;
        for (size_t i = 0; i < nout * NCOLS; ++i)
            out->cells[i] = out->storage + offs[i];
        c->impl = 0;
        c->params = 1;
        c->median = 2;
        c->q1 = 3;
        c->q3 = 4;
        c->min = 5;
        c->work = 6;
        c->in_fit = 7;
    } else {
        free(out->header);
        free(out->cells);
        memset(out, 0, sizeof *out);
    }
    free(sb.s);
    free(first);
    free(vals);
    free(offs);
    cxb_csv_free(&in);
    if (oom && st == CXB_OK)
        st = cxb_fail(CXB_ERESOURCE, "plot: out of memory");
    return st;
}

/* Appends the rows of run_dir/fit.csv, when it exists, to *fits, tagged with the set. */
static cxb_status load_fits(const char *run_dir, size_t set, fitrow **fits, size_t *nfits)
{
    char path[PATH_CAP];
    snprintf(path, sizeof path, "%s/fit.csv", run_dir);
    if (!is_file(path))
        return CXB_OK;
    cxb_csv csv;
    cxb_status st = cxb_csv_read(path, &csv);
    if (st != CXB_OK)
        return st;
    int cs, cx, cmin, cmax, cb, cblo, cbhi, ca;
    if ((st = need_col(&csv, path, "series", &cs)) || (st = need_col(&csv, path, "x_param", &cx)) ||
        (st = need_col(&csv, path, "x_min", &cmin)) || (st = need_col(&csv, path, "x_max", &cmax)) ||
        (st = need_col(&csv, path, "b", &cb)) || (st = need_col(&csv, path, "b_lo", &cblo)) ||
        (st = need_col(&csv, path, "b_hi", &cbhi)) || (st = need_col(&csv, path, "a", &ca))) {
        cxb_csv_free(&csv);
        return st;
    }
    fitrow *f = realloc(*fits, (*nfits + csv.nrows + 1) * sizeof *f);
    if (!f) {
        cxb_csv_free(&csv);
        return cxb_fail(CXB_ERESOURCE, "%s: out of memory", path);
    }
    *fits = f;
    f += *nfits;
    memset(f, 0, (csv.nrows + 1) * sizeof *f);
    for (size_t r = 0; r < csv.nrows; ++r) {
        fitrow *fr = &f[r];
        fr->set = set;
        const char *s = cxb_csv_cell(&csv, r, cs);
        size_t len = strcspn(s, " ;,[({|@:\t");
        if (len >= sizeof fr->impl)
            len = sizeof fr->impl - 1;
        memcpy(fr->impl, s, len);
        fr->impl[len] = '\0';
        cxb_params_init(&fr->params);
        char rest[2048];
        snprintf(rest, sizeof rest, "%s", s + len);
        for (char *save = NULL, *tok = strtok_r(rest, " ;,[](){}|@\t", &save); tok;
             tok = strtok_r(NULL, " ;,[](){}|@\t", &save)) {
            char *eq = strchr(tok, '=');
            if (!eq || eq == tok)
                continue;
            *eq = '\0';
            (void)cxb_params_set(&fr->params, tok, eq + 1); /* not a parameter: ignored */
        }
        snprintf(fr->x_param, sizeof fr->x_param, "%s", cxb_csv_cell(&csv, r, cx));
        fr->valid = parse_num(cxb_csv_cell(&csv, r, ca), &fr->a) &&
                    parse_num(cxb_csv_cell(&csv, r, cb), &fr->b) &&
                    parse_num(cxb_csv_cell(&csv, r, cmin), &fr->xmin) &&
                    parse_num(cxb_csv_cell(&csv, r, cmax), &fr->xmax) && fr->xmin > 0 &&
                    fr->xmax >= fr->xmin;
        fr->has_ci = parse_num(cxb_csv_cell(&csv, r, cblo), &fr->blo) &&
                     parse_num(cxb_csv_cell(&csv, r, cbhi), &fr->bhi);
    }
    *nfits += csv.nrows;
    cxb_csv_free(&csv);
    return CXB_OK;
}

static const fitrow *match_fit(const fitrow *fits, size_t nfits, const pseries *s, const char *x_param)
{
    const fitrow *best = NULL;
    size_t best_n = 0;
    for (size_t i = 0; i < nfits; ++i) {
        const fitrow *f = &fits[i];
        if (!f->valid || strcmp(f->impl, s->impl) != 0 || strcmp(f->x_param, x_param) != 0)
            continue;
        if (s->mixed_sets || f->set != s->set) /* a set's fit is of its own points only */
            continue;
        size_t agree = 0;
        int ok = 1;
        for (size_t k = 0; k < f->params.count && ok; ++k) {
            if (strcmp(f->params.key[k], x_param) == 0)
                continue;
            const char *v = cxb_params_get(&s->fixed, f->params.key[k]);
            ok = v && same_value(v, f->params.val[k]);
            agree += (size_t)ok;
        }
        if (ok && (!best || agree > best_n)) {
            best = f;
            best_n = agree;
        }
    }
    return best;
}

/* y = "heat:YPARAM:KEY=NUM/DEN": what it names. */
typedef struct heatspec {
    char yparam[CXB_PARAM_KEY];
    char key[CXB_PARAM_KEY];
    char num[256], den[256];
} heatspec;

/* "KEY=NUM/DEN" (the tail of a heat or ratio y) into h: 0 unless every part is non-empty and
 * fits, NUM has none of ":;=|" and DEN none of "/:=;" (DEN may list alternatives "a|b" where
 * alts is set, else not) and NUM differs from DEN. */
static int parse_key_num_den(const char *key, heatspec *h, int alts)
{
    const char *eq = strchr(key, '=');
    if (!eq)
        return 0;
    const char *num = eq + 1, *slash = strchr(num, '/');
    if (!slash)
        return 0;
    const char *den = slash + 1;
    size_t lkey = (size_t)(eq - key), lnum = (size_t)(slash - num);
    if (!lkey || !lnum || !*den || lkey >= sizeof h->key || lnum >= sizeof h->num || strlen(den) >= sizeof h->den ||
        strpbrk(den, "/:=;") || (!alts && strchr(den, '|')) || memchr(key, ':', lkey) || memchr(key, ';', lkey) ||
        memchr(num, ':', lnum) || memchr(num, ';', lnum) || memchr(num, '=', lnum) || memchr(num, '|', lnum))
        return 0;
    memcpy(h->key, key, lkey);
    memcpy(h->num, num, lnum);
    snprintf(h->den, sizeof h->den, "%s", den);
    return strcmp(h->num, h->den) != 0;
}

/* Parses a heat y into *h; 0 unless it has the form, every part non-empty, one '/', and
 * YPARAM, KEY and x_param are three different names. */
static int parse_heat(const char *y, const char *x_param, heatspec *h)
{
    memset(h, 0, sizeof *h);
    if (strncmp(y, "heat:", 5) != 0)
        return 0;
    const char *yp = y + 5, *colon = strchr(yp, ':');
    if (!colon)
        return 0;
    size_t lyp = (size_t)(colon - yp);
    if (!lyp || lyp >= sizeof h->yparam || memchr(yp, '=', lyp) || memchr(yp, ';', lyp) ||
        !parse_key_num_den(colon + 1, h, 0))
        return 0;
    memcpy(h->yparam, yp, lyp);
    return strcmp(h->yparam, h->key) != 0 && strcmp(h->yparam, x_param) != 0 && strcmp(h->key, x_param) != 0;
}

/* y = "ratio:KEY=NUM/DEN" (DEN may list alternatives "a|b") into h (yparam left empty); 0
 * unless it has the form, every part non-empty, and KEY is not x_param. */
static int parse_ratio(const char *y, const char *x_param, heatspec *h)
{
    memset(h, 0, sizeof *h);
    return strncmp(y, "ratio:", 6) == 0 && parse_key_num_den(y + 6, h, 1) && strcmp(h->key, x_param) != 0;
}

/* One cell of a heat figure: the (x, y) pair and its NUM and DEN rows' times in ns. */
typedef struct hcell {
    double x, y;
    double num_med, num_min, den_med, den_min;
    int has_num, has_den;
} hcell;

typedef struct heatdata {
    heatspec hs;
    hcell *c;
    size_t n, cap;
    double *xs, *ys; /* the distinct x and y values, ascending */
    size_t nx, ny;
    /* the params of the first row drawn other than x_param, YPARAM and KEY, and its
     * implementation: every other row must have the same */
    cxb_params ref;
    char ref_impl[256];
    int have_ref;
    char impls[16][256]; /* the implementations drawn, for the title's {backends} */
    size_t nimpls;
} heatdata;

typedef struct figure {
    const cxb_figure_spec *spec;
    int rate;
    int phases;        /* y = "phases:...": a colour per implementation, dashed hollow free */
    int extra;         /* y = "extra:...": values of the extra column, linear, no unit */
    int heat;          /* y = "heat:...": cells of a ratio map instead of series */
    int ratio;         /* y = "ratio:...": the NUM series over each DEN series, in percent */
    heatdata hd;
    size_t ngroups;    /* phases: series that differ only in their phase share a group */
    pseries *s;
    size_t ns, scap;
    double yscale;     /* rate figures: units/s per plotted unit */
    char prefix[4];    /* rate figures: "G", "M", ... */
    double *px, *py;   /* paper points in the figure's unit */
    int *plt;
    size_t np;
} figure;

static void figure_free(figure *fig)
{
    for (size_t i = 0; i < fig->ns; ++i)
        free(fig->s[i].rows);
    free(fig->s);
    free(fig->px);
    free(fig->py);
    free(fig->plt);
    free(fig->hd.c);
    free(fig->hd.xs);
    free(fig->hd.ys);
    memset(fig, 0, sizeof *fig);
}

static int cmp_series(const void *a, const void *b)
{
    const pseries *x = a, *y = b;
    int c = strcmp(x->impl, y->impl);
    return c ? c : strcmp(x->canon, y->canon);
}

static int cmp_rows(const void *a, const void *b)
{
    const prow *x = a, *y = b;
    return (x->x > y->x) - (x->x < y->x);
}

/* Does the row (impl, params) pass the figure's select? */
static int select_one(const char *key, const char *want, const char *impl, const cxb_params *p)
{
    if (strcmp(key, "impl") == 0) {
        size_t wl = strlen(want);
        if (wl && want[wl - 1] == '*')
            return strncmp(impl, want, wl - 1) == 0;
        return strcmp(impl, want) == 0;
    }
    const char *v = cxb_params_get(p, key);
    if (strcmp(want, "-") == 0) /* "k=-": the point has no parameter k */
        return v == NULL;
    return v && same_value(v, want);
}

static int selected(const cxb_params *sel, const char *impl, const cxb_params *p)
{
    for (size_t k = 0; k < sel->count; ++k) {
        char alts[CXB_PARAM_VAL];
        int any = 0;
        snprintf(alts, sizeof alts, "%s", sel->val[k]);
        for (char *save = NULL, *w = strtok_r(alts, "|", &save); w && !any; w = strtok_r(NULL, "|", &save))
            any = select_one(sel->key[k], w, impl, p);
        if (!any)
            return 0;
    }
    return 1;
}

static cxb_status add_row(pseries *s, const prow *r)
{
    prow *nr = cxb_grow(s->rows, &s->cap, s->n, sizeof *nr, 16);
    if (!nr)
        return cxb_fail(CXB_ERESOURCE, "plot: out of memory");
    s->rows = nr;
    s->rows[s->n++] = *r;
    return CXB_OK;
}

/* ------------------------------------------------------------------ several result sets */

/* A point's identity across result sets: "impl<US>canonical params" (docs/method.md names a
 * point by its implementation and canonical params); on a phases table the parameter
 * `phase` that load_phases added is left out, so that it names the measured point. */
static void point_key(const char *impl, const cxb_params *p, int drop_phase, char *out, size_t n)
{
    cxb_params q;
    cxb_params_init(&q);
    for (size_t k = 0; k < p->count; ++k)
        if (!drop_phase || strcmp(p->key[k], "phase") != 0)
            (void)cxb_params_set(&q, p->key[k], p->val[k]);
    char canon[2048];
    cxb_params_canonical(&q, canon, sizeof canon);
    snprintf(out, n, "%s%s", impl, canon);
}

/* A point measured in more than one of the sets drawn together: the set given last wins
 * (it is the newer measurement in the order the user gave), the earlier one is not drawn,
 * and the figure's script says so. */
typedef struct dupl {
    char key[2400];
    size_t loser, winner;
} dupl;

typedef struct dups {
    dupl *d;
    size_t n;
} dups;

/* Index of the entry for (key, loser) or -1. */
static long dup_find(const dups *l, const char *key, size_t loser)
{
    for (size_t i = 0; l && i < l->n; ++i)
        if (l->d[i].loser == loser && strcmp(l->d[i].key, key) == 0)
            return (long)i;
    return -1;
}

/* Steps 1-3: the figure's series from summary.csv of result set `set`, leaving out the
 * points that a later set measured again (marked in used[]). Call finish_rows once after
 * all sets. */
static cxb_status collect(figure *fig, const cxb_csv *csv, const summary_cols *c, const char *path,
                          size_t set, const dups *skip, unsigned char *used)
{
    const cxb_figure_spec *spec = fig->spec;
    cxb_params sel;
    if (!parse_params(spec->select ? spec->select : "", &sel))
        return cxb_fail(CXB_EINPUT, "figure %s: bad select '%s'", spec->id, spec->select);
    for (size_t r = 0; r < csv->nrows; ++r) {
        size_t line = r + 2;
        const char *impl = cxb_csv_cell(csv, r, c->impl);
        cxb_params p;
        if (!parse_params(cxb_csv_cell(csv, r, c->params), &p))
            return cxb_fail(CXB_EINPUT, "%s:%zu: bad params '%s'", path, line,
                            cxb_csv_cell(csv, r, c->params));
        const char *xs = cxb_params_get(&p, spec->x_param);
        if (!xs || !selected(&sel, impl, &p))
            continue;
        if (skip && skip->n) {
            char key[2400];
            point_key(impl, &p, fig->phases || fig->extra, key, sizeof key);
            long d = dup_find(skip, key, set);
            if (d >= 0) {
                used[d] = 1;
                continue;
            }
        }
        prow row = {0};
        row.in_fit = 1;
        if (!parse_num(xs, &row.x))
            return cxb_fail(CXB_EINPUT, "%s:%zu: %s=%s is not a number", path, line, spec->x_param, xs);
        const char *ms = cxb_csv_cell(csv, r, c->median);
        if (!*ms)
            continue; /* a point without samples */
        double q1, q3, mn;
        if (!parse_num(ms, &row.med_ns) || !parse_num(cxb_csv_cell(csv, r, c->q1), &q1) ||
            !parse_num(cxb_csv_cell(csv, r, c->q3), &q3) || !parse_num(cxb_csv_cell(csv, r, c->min), &mn))
            return cxb_fail(CXB_EINPUT, "%s:%zu: median, q1, q3 or min is not a number", path, line);
        const char *ws = cxb_csv_cell(csv, r, c->work);
        if (*ws && !parse_num(ws, &row.work))
            return cxb_fail(CXB_EINPUT, "%s:%zu: work '%s' is not a number", path, line, ws);
        const char *fs = cxb_csv_cell(csv, r, c->in_fit);
        if (*fs && strcmp(fs, "0") != 0 && strcmp(fs, "1") != 0)
            return cxb_fail(CXB_EINPUT, "%s:%zu: in_fit '%s' is not 0 or 1", path, line, fs);
        row.in_fit = strcmp(fs, "0") != 0;
        if (fig->rate) {
            if (!(row.work > 0) || !(row.med_ns > 0) || !(q1 > 0) || !(q3 > 0) || !(mn > 0))
                continue; /* no rate without work and a positive time */
            row.y = row.work / row.med_ns; /* work per ns = G per s */
            row.ylo = row.work / q3;
            row.yhi = row.work / q1;
            row.ybest = row.work / mn;
        } else {
            const double f = fig->extra ? 1.0 : 1e-6; /* extra values as they are, times ns -> ms */
            row.y = row.med_ns * f;
            row.ylo = q1 * f;
            row.yhi = q3 * f;
            row.ybest = mn * f;
        }
        /* the series: impl + params other than x */
        cxb_params fixed;
        cxb_params_init(&fixed);
        for (size_t k = 0; k < p.count; ++k)
            if (strcmp(p.key[k], spec->x_param) != 0)
                (void)cxb_params_set(&fixed, p.key[k], p.val[k]);
        char canon[2048];
        cxb_params_canonical(&fixed, canon, sizeof canon);
        pseries *s = NULL;
        for (size_t i = 0; i < fig->ns && !s; ++i)
            if (strcmp(fig->s[i].impl, impl) == 0 && strcmp(fig->s[i].canon, canon) == 0)
                s = &fig->s[i];
        if (!s) {
            pseries *ns = cxb_grow(fig->s, &fig->scap, fig->ns, sizeof *ns, 8);
            if (!ns)
                return cxb_fail(CXB_ERESOURCE, "plot: out of memory");
            fig->s = ns;
            s = &fig->s[fig->ns++];
            memset(s, 0, sizeof *s);
            snprintf(s->impl, sizeof s->impl, "%s", impl);
            s->fixed = fixed;
            snprintf(s->canon, sizeof s->canon, "%s", canon);
            s->set = set;
        }
        s->mixed_sets |= s->set != set;
        cxb_status st = add_row(s, &row);
        if (st != CXB_OK)
            return st;
    }
    return CXB_OK;
}

/* After collect: series in (impl, params) order, rows in x order, excluded points counted. */
static void finish_rows(figure *fig)
{
    if (fig->ns > 1)
        qsort(fig->s, fig->ns, sizeof *fig->s, cmp_series);
    for (size_t i = 0; i < fig->ns; ++i) {
        qsort(fig->s[i].rows, fig->s[i].n, sizeof(prow), cmp_rows);
        for (size_t j = 0; j < fig->s[i].n; ++j)
            fig->s[i].nexcluded += !fig->s[i].rows[j].in_fit;
    }
}

/* ------------------------------------------------------------------ ratio figures */

/* Whether v is one of the alternatives "a|b|..." of want (impl: exact ids; a parameter: numbers
 * compare as numbers). */
static int ratio_den(const heatspec *h, const char *v)
{
    char alts[256];
    snprintf(alts, sizeof alts, "%s", h->den);
    for (char *save = NULL, *a = strtok_r(alts, "|", &save); a; a = strtok_r(NULL, "|", &save))
        if (strcmp(h->key, "impl") == 0 ? strcmp(v, a) == 0 : same_value(v, a))
            return 1;
    return 0;
}

/* A series' params but KEY, canonical: what a NUM and a DEN series share. */
static void ratio_rest(const pseries *s, const char *key, char *out, size_t size)
{
    cxb_params rest;
    cxb_params_init(&rest);
    for (size_t k = 0; k < s->fixed.count; ++k)
        if (strcmp(s->fixed.key[k], key) != 0)
            (void)cxb_params_set(&rest, s->fixed.key[k], s->fixed.val[k]);
    cxb_params_canonical(&rest, out, size);
}

/* y = "ratio:KEY=NUM/DEN": each DEN series (KEY one of DEN's alternatives) becomes 100 x NUM / DEN
 * at each x where the NUM series of the same other params (and implementation, unless KEY is
 * impl) has a point: the medians' ratio, bars from the quartiles (NUM's q1 over DEN's q3 to
 * NUM's q3 over DEN's q1), min over min; the NUM series and the others are dropped. */
static void finish_ratio(figure *fig)
{
    const heatspec *h = &fig->hd.hs;
    const int by_impl = strcmp(h->key, "impl") == 0;
    unsigned char *keep = calloc(fig->ns ? fig->ns : 1, 1); /* NULL: nothing kept, nothing drawn */
    for (size_t i = 0; keep && i < fig->ns; ++i) {
        pseries *d = &fig->s[i];
        const char *v = by_impl ? d->impl : cxb_params_get(&d->fixed, h->key);
        if (!v || !ratio_den(h, v))
            continue;
        char rest[2048], nrest[2048];
        ratio_rest(d, h->key, rest, sizeof rest);
        const pseries *nu = NULL;
        for (size_t j = 0; j < fig->ns && !nu; ++j) {
            const pseries *c = &fig->s[j];
            const char *cv = by_impl ? c->impl : cxb_params_get(&c->fixed, h->key);
            if (!cv || !(by_impl ? strcmp(cv, h->num) == 0 : same_value(cv, h->num)) ||
                (!by_impl && strcmp(c->impl, d->impl) != 0))
                continue;
            ratio_rest(c, h->key, nrest, sizeof nrest);
            if (strcmp(rest, nrest) == 0)
                nu = c;
        }
        if (!nu)
            continue;
        size_t m = 0;
        for (size_t r = 0; r < d->n; ++r) {
            const prow *n = NULL;
            for (size_t q = 0; q < nu->n && !n; ++q)
                if (nu->rows[q].x == d->rows[r].x)
                    n = &nu->rows[q];
            const prow dr = d->rows[r];
            if (!n || !(dr.y > 0) || !(dr.ylo > 0) || !(dr.yhi > 0) || !(dr.ybest > 0))
                continue;
            prow out = {0};
            out.x = dr.x;
            out.y = 100.0 * n->y / dr.y;
            out.ylo = 100.0 * n->ylo / dr.yhi;
            out.yhi = 100.0 * n->yhi / dr.ylo;
            out.ybest = 100.0 * n->ybest / dr.ybest;
            out.in_fit = 1;
            d->rows[m++] = out;
        }
        d->n = m;
        d->nexcluded = 0;
        keep[i] = m > 0;
        if (by_impl) {
            char both[256];
            snprintf(both, sizeof both, "%s / %s", h->num, d->impl);
            snprintf(d->impl, sizeof d->impl, "%s", both);
        } else {
            char both[512];
            snprintf(both, sizeof both, "%s/%s", h->num, v);
            (void)cxb_params_set(&d->fixed, h->key, both);
        }
    }
    size_t w = 0;
    for (size_t i = 0; i < fig->ns; ++i) {
        if (keep && keep[i])
            fig->s[w++] = fig->s[i];
        else
            free(fig->s[i].rows);
    }
    fig->ns = w;
    free(keep);
}

/* ------------------------------------------------------------------ heat figures */

/* Is the row's value of the figure's KEY that side's (impl: the id itself, as select's
 * exact form; a parameter: numbers compare as numbers)? */
static int heat_side(const heatspec *h, const char *v, const char *want)
{
    return strcmp(h->key, "impl") == 0 ? strcmp(v, want) == 0 : same_value(v, want);
}

static int heat_ignored(const figure *fig, const char *key)
{
    return strcmp(key, fig->spec->x_param) == 0 || strcmp(key, fig->hd.hs.yparam) == 0 ||
           strcmp(key, fig->hd.hs.key) == 0;
}

/* Every row of a heat figure has the params (but x, y and KEY) and the implementation
 * (unless KEY is impl) of its first: a cell is then one comparison, not a mix of several
 * settings. CXB_EINPUT naming the first that differs. */
static cxb_status heat_same_rest(figure *fig, const char *impl, const cxb_params *p)
{
    heatdata *h = &fig->hd;
    const char *id = fig->spec->id;
    if (!h->have_ref) {
        cxb_params_init(&h->ref);
        for (size_t k = 0; k < p->count; ++k)
            if (!heat_ignored(fig, p->key[k]))
                (void)cxb_params_set(&h->ref, p->key[k], p->val[k]);
        snprintf(h->ref_impl, sizeof h->ref_impl, "%s", impl);
        h->have_ref = 1;
        return CXB_OK;
    }
    if (strcmp(h->hs.key, "impl") != 0 && strcmp(impl, h->ref_impl) != 0)
        return cxb_fail(CXB_EINPUT, "figure %s: heat cells differ in impl (%s, %s); narrow its select", id,
                        h->ref_impl, impl);
    for (size_t k = 0; k < p->count; ++k) {
        if (heat_ignored(fig, p->key[k]))
            continue;
        const char *v = cxb_params_get(&h->ref, p->key[k]);
        if (!v || !same_value(v, p->val[k]))
            return cxb_fail(CXB_EINPUT, "figure %s: heat cells differ in %s (%s, %s); narrow its select", id,
                            p->key[k], v ? v : "-", p->val[k]);
    }
    for (size_t k = 0; k < h->ref.count; ++k)
        if (!cxb_params_get(p, h->ref.key[k]))
            return cxb_fail(CXB_EINPUT, "figure %s: heat cells differ in %s (%s, -); narrow its select", id,
                            h->ref.key[k], h->ref.val[k]);
    return CXB_OK;
}

/* Steps 1-3 of a heat figure over summary.csv of result set `set`: the selected rows with
 * x_param, YPARAM and KEY = NUM or DEN into their cells (points that a later set measured
 * again left out, as collect does). Call finish_heat once after all sets. */
static cxb_status collect_heat(figure *fig, const cxb_csv *csv, const summary_cols *c, const char *path,
                               size_t set, const dups *skip, unsigned char *used)
{
    const cxb_figure_spec *spec = fig->spec;
    heatdata *h = &fig->hd;
    cxb_params sel;
    if (!parse_params(spec->select ? spec->select : "", &sel))
        return cxb_fail(CXB_EINPUT, "figure %s: bad select '%s'", spec->id, spec->select);
    int by_impl = strcmp(h->hs.key, "impl") == 0;
    for (size_t r = 0; r < csv->nrows; ++r) {
        size_t line = r + 2;
        const char *impl = cxb_csv_cell(csv, r, c->impl);
        cxb_params p;
        if (!parse_params(cxb_csv_cell(csv, r, c->params), &p))
            return cxb_fail(CXB_EINPUT, "%s:%zu: bad params '%s'", path, line, cxb_csv_cell(csv, r, c->params));
        const char *xs = cxb_params_get(&p, spec->x_param), *ys = cxb_params_get(&p, h->hs.yparam);
        const char *ks = by_impl ? impl : cxb_params_get(&p, h->hs.key);
        if (!xs || !ys || !ks || !selected(&sel, impl, &p))
            continue;
        int num = heat_side(&h->hs, ks, h->hs.num);
        if (!num && !heat_side(&h->hs, ks, h->hs.den))
            continue;
        if (skip && skip->n) {
            char key[2400];
            point_key(impl, &p, 0, key, sizeof key);
            long d = dup_find(skip, key, set);
            if (d >= 0) {
                used[d] = 1;
                continue;
            }
        }
        double x, y, med, mn;
        if (!parse_num(xs, &x))
            return cxb_fail(CXB_EINPUT, "%s:%zu: %s=%s is not a number", path, line, spec->x_param, xs);
        if (!parse_num(ys, &y))
            return cxb_fail(CXB_EINPUT, "%s:%zu: %s=%s is not a number", path, line, h->hs.yparam, ys);
        const char *ms = cxb_csv_cell(csv, r, c->median);
        if (!*ms)
            continue; /* a point without samples */
        if (!parse_num(ms, &med) || !parse_num(cxb_csv_cell(csv, r, c->min), &mn))
            return cxb_fail(CXB_EINPUT, "%s:%zu: median or min is not a number", path, line);
        cxb_status st = heat_same_rest(fig, impl, &p);
        if (st != CXB_OK)
            return st;
        hcell *cell = NULL;
        for (size_t i = 0; i < h->n && !cell; ++i)
            if (h->c[i].x == x && h->c[i].y == y)
                cell = &h->c[i];
        if (!cell) {
            hcell *nc = cxb_grow(h->c, &h->cap, h->n, sizeof *nc, 64);
            if (!nc)
                return cxb_fail(CXB_ERESOURCE, "plot: out of memory");
            h->c = nc;
            cell = &h->c[h->n++];
            memset(cell, 0, sizeof *cell);
            cell->x = x;
            cell->y = y;
        }
        if (num ? cell->has_num : cell->has_den) /* same params and impl: one point twice */
            return cxb_fail(CXB_EINPUT, "figure %s: two rows for the heat cell %s=%s, %s=%s, %s=%s (%s:%zu)",
                            spec->id, spec->x_param, xs, h->hs.yparam, ys, h->hs.key, ks, path, line);
        if (num) {
            cell->has_num = 1;
            cell->num_med = med;
            cell->num_min = mn;
        } else {
            cell->has_den = 1;
            cell->den_med = med;
            cell->den_min = mn;
        }
        size_t j = 0;
        while (j < h->nimpls && strcmp(h->impls[j], impl) != 0)
            ++j;
        if (j == h->nimpls && j < sizeof h->impls / sizeof h->impls[0])
            snprintf(h->impls[h->nimpls++], sizeof h->impls[0], "%s", impl);
    }
    return CXB_OK;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int cmp_cells(const void *a, const void *b)
{
    const hcell *p = a, *q = b;
    int c = cmp_double(&p->x, &q->x);
    return c ? c : cmp_double(&p->y, &q->y);
}

/* Sorts v[0..n) and keeps its distinct values at the front; their count. */
static size_t distinct(double *v, size_t n)
{
    if (n == 0)
        return 0;
    qsort(v, n, sizeof *v, cmp_double);
    size_t k = 1;
    for (size_t i = 1; i < n; ++i)
        if (v[i] != v[k - 1])
            v[k++] = v[i];
    return k;
}

/* After collect_heat: cells in (x, y) order and the grid's axes. */
static cxb_status finish_heat(figure *fig)
{
    heatdata *h = &fig->hd;
    if (h->n > 1)
        qsort(h->c, h->n, sizeof *h->c, cmp_cells);
    h->xs = malloc((h->n ? h->n : 1) * sizeof *h->xs);
    h->ys = malloc((h->n ? h->n : 1) * sizeof *h->ys);
    if (!h->xs || !h->ys)
        return cxb_fail(CXB_ERESOURCE, "plot: out of memory");
    for (size_t i = 0; i < h->n; ++i) {
        h->xs[i] = h->c[i].x;
        h->ys[i] = h->c[i].y;
    }
    h->nx = distinct(h->xs, h->n);
    h->ny = distinct(h->ys, h->n);
    return CXB_OK;
}

/* A cell's percentages: 100 x NUM / DEN of the medians and of the minima; NaN without
 * both sides (or without a positive denominator). */
static double heat_value(const hcell *c, int of_min)
{
    if (!c || !c->has_num || !c->has_den)
        return NAN;
    double n = of_min ? c->num_min : c->num_med, d = of_min ? c->den_min : c->den_med;
    return d > 0 ? 100.0 * n / d : NAN;
}

/* Rate figures: the prefix that keeps the largest rate >= 1. */
static void choose_rate_unit(figure *fig)
{
    static const struct { const char *p; double g; } units[] = {
        {"T", 1e3}, {"G", 1.0}, {"M", 1e-3}, {"k", 1e-6}, {"", 1e-9}};
    double top = 0;
    for (size_t i = 0; i < fig->ns; ++i)
        for (size_t j = 0; j < fig->s[i].n; ++j)
            if (fig->s[i].rows[j].y > top)
                top = fig->s[i].rows[j].y;
    size_t u = 1; /* G when there is nothing to go by */
    if (top > 0)
        for (u = 0; u + 1 < sizeof units / sizeof units[0] && top < units[u].g; ++u)
            ;
    snprintf(fig->prefix, sizeof fig->prefix, "%s", units[u].p);
    fig->yscale = units[u].g * 1e9;
    double div = units[u].g;
    for (size_t i = 0; i < fig->ns; ++i)
        for (size_t j = 0; j < fig->s[i].n; ++j) {
            prow *r = &fig->s[i].rows[j];
            r->y /= div;
            r->ylo /= div;
            r->yhi /= div;
            r->ybest /= div;
        }
}

/* Same implementation and params, the phase aside (phases figures). */
static int same_but_phase(const pseries *a, const pseries *b)
{
    if (strcmp(a->impl, b->impl) != 0)
        return 0;
    size_t na = 0, nb = 0;
    for (size_t k = 0; k < b->fixed.count; ++k) {
        if (strcmp(b->fixed.key[k], "phase") == 0)
            continue;
        ++nb;
        const char *v = cxb_params_get(&a->fixed, b->fixed.key[k]);
        if (!v || strcmp(v, b->fixed.val[k]) != 0)
            return 0;
    }
    for (size_t k = 0; k < a->fixed.count; ++k)
        na += strcmp(a->fixed.key[k], "phase") != 0;
    return na == nb;
}

/* Labels (impl + params that differ between series), styles and fitted lines. */
static void finish_series(figure *fig, const fitrow *fits, size_t nfits)
{
    int seen[10] = {0};
    for (size_t i = 0; i < fig->ns; ++i) {
        pseries *s = &fig->s[i];
        /* an extra figure draws one row's quantities: the label is what varies, the quantity
         * (its `phase`) last and by its name alone */
        size_t len = fig->extra ? 0 : (size_t)snprintf(s->label, sizeof s->label, "%s", s->impl);
        s->label[len] = '\0';
        for (size_t k = 0; k < s->fixed.count; ++k) {
            const char *key = s->fixed.key[k], *val = s->fixed.val[k];
            int varies = 0;
            for (size_t o = 0; o < fig->ns && !varies; ++o) {
                const char *v = cxb_params_get(&fig->s[o].fixed, key);
                varies = !v || strcmp(v, val) != 0;
            }
            if (varies && len < sizeof s->label && !(fig->extra && !strcmp(key, "phase")))
                len += (size_t)snprintf(s->label + len, sizeof s->label - len, "%s%s=%s", len ? " " : "", key, val);
        }
        const char *quantity = fig->extra ? cxb_params_get(&s->fixed, "phase") : NULL;
        if (quantity && len < sizeof s->label)
            len += (size_t)snprintf(s->label + len, sizeof s->label - len, "%s%s", len ? ": " : "", quantity);
        if (!s->label[0])
            snprintf(s->label, sizeof s->label, "%s", s->impl);
        /* style: colour by backend; repeats within a figure get the next point type and dashes */
        s->lt = backend_lt(s->impl);
        int rep = seen[s->lt]++;
        int base = s->lt <= 6 ? s->lt - 1 : 5;
        s->pt_f = pt_filled[(base + rep) % 6];
        s->pt_h = pt_hollow[(base + rep) % 6];
        s->dt = 1 + rep % 5;

        if (fig->phases || fig->extra) { /* a colour and point shape per series but its phase (or
                                          * extra key): the first filled and solid, the others
                                          * hollow and dashed */
            int first = 1;
            for (size_t o = 0; o < i && first; ++o)
                if (same_but_phase(&fig->s[o], s)) {
                    first = 0;
                    s->group = fig->s[o].group;
                }
            if (first)
                s->group = fig->ngroups++;
            s->lt = group_lts[s->group % 8];
            s->dt = first ? 1 : 2;
            s->pt_f = first ? pt_filled[s->group % 6] : pt_hollow[s->group % 6];
        }
        snprintf(s->key, sizeof s->key, "%s", s->label);
        const fitrow *f = match_fit(fits, nfits, s, fig->spec->x_param);
        if (!f) { /* in_fit speaks of a fit this figure does not draw: no hollow points */
            s->nexcluded = 0;
            continue;
        }
        if (f->has_ci)
            snprintf(s->key, sizeof s->key, "%s: b = %.2f [%.2f, %.2f]", s->label, f->b, f->blo, f->bhi);
        else
            snprintf(s->key, sizeof s->key, "%s: b = %.2f", s->label, f->b);
        s->xmin = f->xmin;
        s->xmax = f->xmax;
        if (!fig->rate) {
            s->la = f->a - log(1e6); /* ns -> ms */
            s->lb = f->b;
            s->has_fit = 1;
            continue;
        }
        /* rate: work(x) = exp(c) x^p by least squares over the series, then work / t */
        double sx = 0, sy = 0, sxx = 0, sxy = 0;
        size_t k = 0;
        for (size_t j = 0; j < s->n; ++j) {
            const prow *r = &s->rows[j];
            if (!(r->work > 0) || !(r->x > 0))
                continue;
            double lx = log(r->x), ly = log(r->work);
            sx += lx;
            sy += ly;
            sxx += lx * lx;
            sxy += lx * ly;
            ++k;
        }
        if (k == 0)
            continue;
        double p = 0, c = sy / (double)k;
        double d = sxx - sx * sx / (double)k;
        if (k > 1 && d > 1e-12 * sxx) {
            p = (sxy - sx * sy / (double)k) / d;
            c = (sy - p * sx) / (double)k;
        }
        s->la = c - f->a - log(fig->yscale * 1e-9); /* (work / ns) in G/s, then the prefix */
        s->lb = p - f->b;
        s->has_fit = 1;
    }
    /* an extra figure of one row's quantities alone (one group, e.g. the components of a build):
     * nothing to pair them with, so a colour and a filled point type per quantity, all solid */
    if (fig->extra && fig->ngroups == 1)
        for (size_t i = 0; i < fig->ns; ++i) {
            fig->s[i].lt = group_lts[i % 8];
            fig->s[i].dt = 1;
            fig->s[i].pt_f = pt_filled[i % 6];
            fig->s[i].pt_h = pt_hollow[i % 6];
        }
}

/* ------------------------------------------------------------------ paper points */

/* Factor from a paper unit to the figure's unit, 0 when it does not apply. */
static double paper_factor(const figure *fig, const char *unit)
{
    char u[64];
    size_t j = 0;
    for (const char *c = unit; *c && j + 1 < sizeof u; ++c)
        u[j++] = *c;
    u[j] = '\0';
    while (j && u[j - 1] == ' ')
        u[--j] = '\0';
    if (fig->extra) /* a plain number: its rows say so with an empty unit or "1" */
        return !u[0] || !strcmp(u, "1") ? 1.0 : 0;
    if (!fig->rate) {
        if (!strcmp(u, "s") || !strcmp(u, "sec") || !strcmp(u, "seconds"))
            return 1e3;
        if (!strcmp(u, "ms"))
            return 1.0;
        if (!strcmp(u, "us") || !strcmp(u, "\xc2\xb5s"))
            return 1e-3;
        if (!strcmp(u, "ns"))
            return 1e-6;
        if (!strcmp(u, "min"))
            return 6e4;
        return 0;
    }
    if (j < 3 || strcmp(u + j - 2, "/s") != 0)
        return 0;
    double pre = 1.0;
    if (strchr("kMGT", u[0]) && (u[1] == ' ' || u[1] == '/' || isupper((unsigned char)u[1])))
        pre = u[0] == 'k' ? 1e3 : u[0] == 'M' ? 1e6 : u[0] == 'G' ? 1e9 : 1e12;
    return pre / fig->yscale;
}

static int paper_path(const char *run_dir, const char *paper, char *out, size_t n)
{
    if (strchr(paper, '/') && is_file(paper)) {
        snprintf(out, n, "%s", paper);
        return 1;
    }
    char real[PATH_MAX];
    if (realpath(run_dir, real)) {
        for (int up = 0; up < 2; ++up) {
            char *slash = strrchr(real, '/');
            if (slash && slash != real)
                *slash = '\0';
        }
        snprintf(out, n, "%s/paper/%s", real, paper);
        if (is_file(out))
            return 1;
    }
    snprintf(out, n, "results/paper/%s", paper);
    if (is_file(out))
        return 1;
    const char *src = getenv("CXB_SOURCE_DIR");
    if (src && *src) {
        snprintf(out, n, "%s/results/paper/%s", src, paper);
        if (is_file(out))
            return 1;
    }
    snprintf(out, n, "%s/results/paper/%s", CXB_SOURCE_DIR, paper);
    return is_file(out);
}

static cxb_status load_paper(figure *fig, const char *run_dir)
{
    const char *paper = fig->spec->paper;
    if (!paper || !*paper)
        return CXB_OK;
    char path[PATH_CAP];
    if (!paper_path(run_dir, paper, path, sizeof path))
        return CXB_OK; /* no published points transcribed: no overlay */
    cxb_csv csv;
    cxb_status st = cxb_csv_read(path, &csv);
    if (st != CXB_OK)
        return st;
    int cx, cv, cu;
    if ((st = need_col(&csv, path, "x", &cx)) || (st = need_col(&csv, path, "value", &cv)) ||
        (st = need_col(&csv, path, "unit", &cu))) {
        cxb_csv_free(&csv);
        return st;
    }
    int cs = cxb_csv_col(&csv, "series");
    size_t cap = csv.nrows ? csv.nrows : 1;
    fig->px = malloc(cap * sizeof *fig->px);
    fig->py = malloc(cap * sizeof *fig->py);
    fig->plt = malloc(cap * sizeof *fig->plt);
    if (!fig->px || !fig->py || !fig->plt) {
        cxb_csv_free(&csv);
        return cxb_fail(CXB_ERESOURCE, "plot: out of memory");
    }
    for (size_t r = 0; r < csv.nrows; ++r) {
        double x, v, f = paper_factor(fig, cxb_csv_cell(&csv, r, cu));
        if (f == 0 || !parse_num(cxb_csv_cell(&csv, r, cx), &x) || !parse_num(cxb_csv_cell(&csv, r, cv), &v))
            continue;
        /* colour of the series it names: impl id, label, or a name ending in the variant */
        int lt = 9;
        char ps[256], tmp[512];
        lower_nospace(cxb_csv_cell(&csv, r, cs), ps, sizeof ps);
        for (size_t i = 0; i < fig->ns && lt == 9 && ps[0]; ++i) {
            const pseries *s = &fig->s[i];
            lower_nospace(s->label, tmp, sizeof tmp);
            int hit = strcmp(ps, tmp) == 0;
            lower_nospace(s->impl, tmp, sizeof tmp);
            hit |= strcmp(ps, tmp) == 0;
            lower_nospace(variant_of(s->impl), tmp, sizeof tmp);
            size_t lp = strlen(ps), lv = strlen(tmp);
            hit |= lv && lp >= lv && strcmp(ps + lp - lv, tmp) == 0;
            if (hit)
                lt = s->lt;
        }
        fig->px[fig->np] = x;
        fig->py[fig->np] = v * f;
        fig->plt[fig->np] = lt;
        fig->np++;
    }
    cxb_csv_free(&csv);
    return CXB_OK;
}

/* ------------------------------------------------------------------ writing */

static cxb_status write_data(const figure *fig, const char *out_dir)
{
    char path[PATH_CAP];
    snprintf(path, sizeof path, "%s/%s.csv", out_dir, fig->spec->id);
    cxb_afile af;
    cxb_status st = cxb_afile_open(&af, path);
    if (st != CXB_OK)
        return st;
    fputs("series,label,x,median,q1,q3,min,in_fit\n", af.f);
    for (size_t i = 0; i < fig->ns; ++i)
        for (size_t j = 0; j < fig->s[i].n; ++j) {
            const prow *r = &fig->s[i].rows[j];
            fprintf(af.f, "%zu,", i);
            cxb_csv_put(af.f, fig->s[i].label);
            fprintf(af.f, ",%.10g,%.10g,%.10g,%.10g,%.10g,%d\n", r->x, r->y, r->ylo, r->yhi, r->ybest,
                    r->in_fit);
        }
    if ((st = cxb_afile_commit(&af)) != CXB_OK || fig->np == 0)
        return st;
    snprintf(path, sizeof path, "%s/%s.paper.csv", out_dir, fig->spec->id);
    if ((st = cxb_afile_open(&af, path)) != CXB_OK)
        return st;
    fputs("x,value,lt\n", af.f);
    for (size_t i = 0; i < fig->np; ++i)
        fprintf(af.f, "%.10g,%.10g,%d\n", fig->px[i], fig->py[i], fig->plt[i]);
    return cxb_afile_commit(&af);
}

/* The cell at (x, y) of a finished heat figure, or NULL. */
static const hcell *heat_cell(const heatdata *h, double x, double y)
{
    hcell key = {0};
    key.x = x;
    key.y = y;
    return h->n ? bsearch(&key, h->c, h->n, sizeof *h->c, cmp_cells) : NULL;
}

static void put_num(FILE *f, double v)
{
    if (isfinite(v))
        fprintf(f, "%.10g", v);
    else
        fputs("nan", f);
}

/* The full grid of the x and y values seen, x-major, a blank line between two x, so that
 * gnuplot reads one scan per x. */
static cxb_status write_heat_data(const figure *fig, const char *out_dir)
{
    const heatdata *h = &fig->hd;
    char path[PATH_CAP];
    snprintf(path, sizeof path, "%s/%s.csv", out_dir, fig->spec->id);
    cxb_afile af;
    cxb_status st = cxb_afile_open(&af, path);
    if (st != CXB_OK)
        return st;
    fputs("x,y,value,value_min,num_ms,den_ms\n", af.f);
    for (size_t i = 0; i < h->nx; ++i) {
        if (i)
            fputc('\n', af.f);
        for (size_t j = 0; j < h->ny; ++j) {
            const hcell *c = heat_cell(h, h->xs[i], h->ys[j]);
            fprintf(af.f, "%.10g,%.10g,", h->xs[i], h->ys[j]);
            put_num(af.f, heat_value(c, 0));
            fputc(',', af.f);
            put_num(af.f, heat_value(c, 1));
            fputc(',', af.f);
            put_num(af.f, c && c->has_num ? c->num_med * 1e-6 : NAN);
            fputc(',', af.f);
            put_num(af.f, c && c->has_den ? c->den_med * 1e-6 : NAN);
            fputc('\n', af.f);
        }
    }
    return cxb_afile_commit(&af);
}

/* Copies a file into f under a banner; CXB_EINPUT if it cannot be read. */
static cxb_status inline_file(FILE *f, const char *path, const char *shown)
{
    FILE *in = fopen(path, "r");
    if (!in)
        return cxb_fail(CXB_EINPUT, "%s: cannot read template: %s", path, strerror(errno));
    fprintf(f, "\n# ---------------------------------------------------------------- %s\n", shown);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        fwrite(buf, 1, n, f);
    int bad = ferror(in);
    fclose(in);
    if (bad)
        return cxb_fail(CXB_EINPUT, "%s: read error", path);
    return CXB_OK;
}

/* First plots/ directory that has plots/common.gp. */
static int find_plots_dir(char *out, size_t n)
{
    const char *env = getenv("CXB_SOURCE_DIR");
    const char *cands[3] = {env && *env ? env : NULL, ".", CXB_SOURCE_DIR};
    char probe[PATH_CAP];
    for (int i = 0; i < 3; ++i) {
        if (!cands[i])
            continue;
        snprintf(probe, sizeof probe, "%s/plots/common.gp", cands[i]);
        if (is_file(probe)) {
            snprintf(out, n, "%s/plots", cands[i]);
            return 1;
        }
    }
    return 0;
}

static void put_clause_sep(FILE *f, int *first)
{
    fputs(*first ? "plot " : ", \\\n     ", f);
    *first = 0;
}

/* The result sets a figure is drawn from, and the points that more than one of them has. */
typedef struct setctx {
    const char *const *dirs;
    size_t n;
    dups dup;
} setctx;

/* The last component of a directory path ("results/m/RUN/" -> "RUN"): the run id. */
static void base_name(const char *path, char *out, size_t n)
{
    snprintf(out, n, "%s", path);
    size_t len = strlen(out);
    while (len > 1 && out[len - 1] == '/')
        out[--len] = '\0';
    const char *s = strrchr(out, '/');
    if (s && s[1])
        memmove(out, s + 1, strlen(s + 1) + 1);
}

/* How a title names an implementation's variant: "seq", "pthreads", "CUDA", "CUDA 1",
 * "CUDA shared", "cuRAND", "cuRAND host"; anything else as it is. */
static void variant_label(const char *impl, char *out, size_t n)
{
    const char *v = variant_of(impl);
    if (strncmp(v, "pthreads", 8) == 0)
        snprintf(out, n, "pthreads");
    else if (strncmp(v, "curand", 6) == 0)
        snprintf(out, n, "cuRAND%s%s", v[6] ? " " : "", v + 6);
    else if (strncmp(v, "cuda", 4) == 0)
        snprintf(out, n, "CUDA%s%s", v[4] ? " " : "", v + 4);
    else
        snprintf(out, n, "%s", v);
}

/* Order of the kinds of row in a title: seq, pthreads, CUDA, libraries, others. */
static int variant_rank(const char *impl)
{
    static const int rank[8] = {4, 0, 1, 2, 2, 3, 4, 2}; /* by backend_lt */
    int lt = backend_lt(impl);
    return lt >= 0 && lt < 8 ? rank[lt] : 4;
}

/* The figure's title: the spec's, with "{backends}" replaced by the kinds of row this figure
 * draws ("seq and pthreads" where a machine has no GPU, "seq, pthreads, CUDA and cuRAND" where
 * it has), so that a title never names a backend that is not in the figure. */
static void figure_title(const figure *fig, char *out, size_t n)
{
    const char *title = fig->spec->title ? fig->spec->title : fig->spec->id;
    const char *tok = strstr(title, "{backends}");
    if (!tok) {
        snprintf(out, n, "%s", title);
        return;
    }
    enum { MAXL = 16 };
    char labels[MAXL][48];
    int ranks[MAXL];
    size_t nl = 0;
    size_t nimpl = fig->heat ? fig->hd.nimpls : fig->ns;
    for (size_t i = 0; i < nimpl; ++i) {
        const char *impl = fig->heat ? fig->hd.impls[i] : fig->s[i].impl;
        char l[48];
        variant_label(impl, l, sizeof l);
        int r = variant_rank(impl);
        size_t j = 0;
        while (j < nl && strcmp(labels[j], l) != 0)
            ++j;
        if (j < nl || nl == MAXL)
            continue;
        /* insertion by (rank, label) */
        for (j = nl; j > 0 && (ranks[j - 1] > r || (ranks[j - 1] == r && strcmp(labels[j - 1], l) > 0)); --j) {
            memcpy(labels[j], labels[j - 1], sizeof labels[j]);
            ranks[j] = ranks[j - 1];
        }
        snprintf(labels[j], sizeof labels[j], "%s", l);
        ranks[j] = r;
        ++nl;
    }
    char list[512] = "";
    size_t len = 0;
    for (size_t j = 0; j < nl && len < sizeof list; ++j)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", j == 0 ? "" : j + 1 == nl ? " and " : ", ",
                                labels[j]);
    snprintf(out, n, "%.*s%s%s", (int)(tok - title), title, nl ? list : "nothing drawn", tok + strlen("{backends}"));
}

/* A heat figure's variables, set before plots/common.gp and the template (which may change
 * cxb_heat_col and cxb_heat_labels):
 *   cxb_heat_key, cxb_heat_num, cxb_heat_den   KEY, NUM and DEN of y = "heat:YPARAM:KEY=NUM/DEN"
 *   cxb_zlabel      the colour box's label, "NUM / DEN, %"
 *   cxb_zlo, cxb_zhi   the smallest and largest finite positive percentage of the value and
 *                   value_min columns (both 100 when there is none)
 *   cxb_heat_col    the column drawn: 3 (value, of the medians) or 4 (value_min)
 *   cxb_heat_labels 1: each cell's percentage printed on it (the default up to 300 cells) */
static void write_heat_vars(FILE *f, const figure *fig)
{
    const heatdata *h = &fig->hd;
    double lo = INFINITY, hi = -INFINITY;
    for (size_t i = 0; i < h->n; ++i)
        for (int m = 0; m < 2; ++m) {
            double v = heat_value(&h->c[i], m);
            if (isfinite(v) && v > 0) {
                lo = v < lo ? v : lo;
                hi = v > hi ? v : hi;
            }
        }
    if (!(lo <= hi))
        lo = hi = 100.0;
    char zlabel[600];
    snprintf(zlabel, sizeof zlabel, "%s / %s, %%", h->hs.num, h->hs.den);
    fputs("cxb_heat_key = ", f);
    put_gp_string(f, h->hs.key);
    fputs("\ncxb_heat_num = ", f);
    put_gp_string(f, h->hs.num);
    fputs("\ncxb_heat_den = ", f);
    put_gp_string(f, h->hs.den);
    fputs("\ncxb_zlabel = ", f);
    put_gp_string(f, zlabel);
    fprintf(f, "\ncxb_zlo = %.10g\ncxb_zhi = %.10g\ncxb_heat_col = 3\ncxb_heat_labels = %d\n", lo, hi,
            h->n <= 300);
}

/* The 0-based position of v among vals (ascending), as a gnuplot function: the number of
 * values below v, a sum of comparisons, so that it needs neither the file's block structure
 * nor gnuplot arrays. */
static void put_index_fn(FILE *f, const char *name, const double *vals, size_t n)
{
    fprintf(f, "%s(v) = 0", name);
    for (size_t i = 0; i < n; ++i) {
        if (i % 6 == 5)
            fputs(" \\\n   ", f);
        fprintf(f, " + (v > %.10g)", vals[i]);
    }
    fputc('\n', f);
}

static void put_index_tics(FILE *f, const char *axis, const double *vals, size_t n)
{
    fprintf(f, "set %stics (", axis);
    for (size_t i = 0; i < n; ++i)
        fprintf(f, "%s\"%.6g\" %zu", i ? ", " : "", vals[i], i);
    fputs(") scale 0\n", f);
}

/* The map. Each cell is a box of its own, one unit wide, at its (x, y) grid index, the tics
 * naming the sweep's values: pm3d colours the quadrangles between grid points, so an n x m
 * grid gives (n-1)(m-1) faces (corners2color c1 drops the last row and column of cells) and
 * a nan corner blanks up to four faces; `with image` needs a regular grid of at least 2 x 2
 * in plot coordinates, which log-spaced or irregular sweeps are not. Boxes at indices cope
 * with any spacing and any grid size, and a nan cell alone is left blank (its box's x is
 * made undefined: a nan colour alone would be drawn, in the palette's end colour). The
 * labels clause prints the percentages (cxb_heat_labels). */
static void write_heat_command(FILE *f, const figure *fig)
{
    const heatdata *h = &fig->hd;
    fputs("\n# ---------------------------------------------------------------- the figure\n", f);
    fputs("# a cell per (x, y) at its grid index; the tics name the values\n", f);
    put_index_fn(f, "cxb_hx", h->xs, h->nx);
    put_index_fn(f, "cxb_hy", h->ys, h->ny);
    fputs("unset logscale x\nunset logscale y\nunset mxtics\nunset mytics\nunset grid\nunset key\n", f);
    fputs("set offsets 0, 0, 0, 0\n", f);
    put_index_tics(f, "x", h->xs, h->nx);
    put_index_tics(f, "y", h->ys, h->ny);
    fprintf(f, "set xrange [-0.5:%zu.5]\nset yrange [-0.5:%zu.5]\n", h->nx - 1, h->ny - 1);
    fputs("set style fill solid 1.0 noborder\n", f);
    size_t both = 0;
    for (size_t i = 0; i < h->n; ++i)
        both += isfinite(heat_value(&h->c[i], 0)) != 0;
    if (both == 0) /* gnuplot draws no plot whose every point is undefined */
        fputs("set label 90 \"no cell has both sides\" at graph 0.5,0.5 center\n", f);
    fputs("plot cxb_data skip 1 using (valid(cxb_heat_col) ? cxb_hx($1) : NaN):(cxb_hy($2)):(0.5):(0.5):(column(cxb_heat_col)) \\\n"
          "       with boxxyerror lc palette notitle, \\\n"
          "     cxb_data skip 1 using (cxb_hx($1)):(cxb_hy($2)):(cxb_heat_labels && valid(cxb_heat_col) ? \\\n"
          "       (column(cxb_heat_col) < 999.5 ? sprintf(\"%.3g\", column(cxb_heat_col)) \\\n"
          "                                     : sprintf(\"%.0f\", column(cxb_heat_col))) : \"\") \\\n"
          "       with labels notitle\n",
          f);
}

static cxb_status write_script(const figure *fig, const char *out_dir, const char *plots_dir,
                               const setctx *sets, const unsigned char *used, const cxb_study *study)
{
    const char *run_dir = sets->dirs[0];
    const cxb_figure_spec *spec = fig->spec;
    char path[PATH_CAP], common[PATH_CAP], tmpl[PATH_CAP];
    snprintf(path, sizeof path, "%s/%s.gp", out_dir, spec->id);
    snprintf(common, sizeof common, "%s/common.gp", plots_dir);
    snprintf(tmpl, sizeof tmpl, "%s/%s", plots_dir, spec->template_gp);
    if (!is_file(tmpl))
        return cxb_fail(CXB_EINPUT, "figure %s: template %s not found", spec->id, tmpl);

    int xlog = 1, ylog = !fig->extra && !fig->ratio;
    size_t keys = 0, excluded = 0, longest = 0;
    for (size_t i = 0; i < fig->ns; ++i) {
        keys++;
        if (strlen(fig->s[i].key) > longest)
            longest = strlen(fig->s[i].key);
        excluded += fig->s[i].nexcluded > 0;
        for (size_t j = 0; j < fig->s[i].n; ++j) {
            const prow *r = &fig->s[i].rows[j];
            xlog &= r->x > 0;
            ylog &= r->y > 0 && r->ylo > 0 && r->yhi > 0;
        }
    }
    for (size_t i = 0; i < fig->np; ++i) {
        xlog &= fig->px[i] > 0;
        ylog &= fig->py[i] > 0;
    }
    keys += (fig->np > 0) + (excluded > 0); /* "paper", "hollow: excluded from the fit" */

    cxb_afile af;
    cxb_status st = cxb_afile_open(&af, path);
    if (st != CXB_OK)
        return st;
    FILE *f = af.f;
    fprintf(f, "# %s.gp - generated by `cxbench plot` (harness/plot.c); regenerate, do not edit.\n",
            spec->id);
    char title[1024];
    figure_title(fig, title, sizeof title);
    if (sets->n == 1) {
        fprintf(f, "# figure: %s\n# study: %s; result set: %s\n", title, study->name, run_dir);
    } else { /* provenance stays per set: name every one */
        fprintf(f, "# figure: %s\n# study: %s; the union of the points of %zu result sets, each with its own\n"
                   "# provenance.json:\n", title, study->name, sets->n);
        for (size_t i = 0; i < sets->n; ++i)
            fprintf(f, "#   result set: %s\n", sets->dirs[i]);
        size_t nused = 0;
        for (size_t d = 0; d < sets->dup.n; ++d)
            nused += used[d];
        if (nused)
            fputs("# points measured in more than one of them are drawn from the set given last:\n", f);
        for (size_t d = 0; d < sets->dup.n; ++d) {
            if (!used[d])
                continue;
            const dupl *e = &sets->dup.d[d];
            const char *sep = strchr(e->key, '\x1f');
            fprintf(f, "#   %.*s %s: from %s, not %s\n", (int)(sep - e->key), e->key, sep + 1,
                    sets->dirs[e->winner], sets->dirs[e->loser]);
        }
    }
    if (fig->heat) {
        const heatdata *h = &fig->hd;
        size_t one = 0, none = h->nx * h->ny - h->n;
        for (size_t i = 0; i < h->n; ++i)
            one += h->c[i].has_num != h->c[i].has_den;
        fprintf(f, "# data: %s.csv (x,y,value,value_min,num_ms,den_ms; value = 100 x median(%s) / median(%s)\n"
                   "#   and value_min the same of the minima, in %%; the medians in ms; one block per x)\n",
                spec->id, h->hs.num, h->hs.den);
        fprintf(f, "# cells: %zu of the %zu x %zu grid of %s and %s; %zu with one side only and %zu with\n"
                   "#   neither (value nan: left blank)\n",
                h->n, h->nx, h->ny, spec->x_param, h->hs.yparam, one, none);
    } else {
        fprintf(f, "# data: %s.csv (series,label,x,median,q1,q3,min,in_fit%s)%s\n", spec->id,
                fig->rate    ? "; rates at the median, q3, q1 and min time"
                : fig->extra ? "; the rows' extra values"
                : fig->ratio ? "; 100 x NUM / DEN, in percent"
                             : "; ms",
                fig->np ? "; paper points: <id>.paper.csv (x,value,lt)" : "");
    }
    fprintf(f, "# template: plots/%s, inlined after plots/common.gp\n", spec->template_gp);
    fprintf(f, "# run here: gnuplot -e \"cxb_term='pdf'\" %s.gp   (cxb_term: png (default), pdf, dumb)\n\n",
            spec->id);
    fputs("cxb_id = ", f);
    put_gp_string(f, spec->id);
    fputs("\ncxb_title = ", f);
    put_gp_string(f, title);
    if (sets->n > 1) { /* a second title line naming the sets (PNG; a PDF's caption is the paper's),
                        * a run id's date left out where it is the previous one's, so that four
                        * sets fit the 1024-pixel width, and a line for each further four;
                        * then a line for points in two sets */
        char line[2048], prev[512] = "";
        size_t len = (size_t)snprintf(line, sizeof line, "result sets: ");
        for (size_t i = 0; i < sets->n && len < sizeof line; ++i) {
            char name[512];
            base_name(sets->dirs[i], name, sizeof name);
            int same_day = strlen(name) > 9 && name[8] == 'T' && strncmp(name, prev, 9) == 0;
            if (i && i % 4 == 0) { /* the line is full: write it, continue on the next */
                fputs(" . \"\\n\" . ", f);
                put_gp_string(f, line);
                len = 0;
                line[0] = '\0';
            }
            len += (size_t)snprintf(line + len, sizeof line - len, "%s%s", i % 4 ? " + " : i ? "+ " : "",
                                    same_day ? name + 8 : name);
            snprintf(prev, sizeof prev, "%s", name);
        }
        size_t nused = 0;
        for (size_t d = 0; d < sets->dup.n; ++d)
            nused += used[d];
        fputs(" . \"\\n\" . ", f);
        put_gp_string(f, line);
        if (nused) {
            snprintf(line, sizeof line, "%zu point%s in more than one set: drawn from the set given last (see %s.gp)",
                     nused, nused == 1 ? "" : "s", spec->id);
            fputs(" . \"\\n\" . ", f);
            put_gp_string(f, line);
        }
    }
    fputs("\ncxb_xlabel = ", f);
    put_gp_string(f, spec->x_param);
    char ylabel[256];
    if (fig->rate)
        snprintf(ylabel, sizeof ylabel, "rate (%s%s%s/s)", fig->prefix, fig->prefix[0] ? " " : "",
                 study->time_unit_of_work && *study->time_unit_of_work ? study->time_unit_of_work
                                                                       : "units");
    else if (fig->extra)
        snprintf(ylabel, sizeof ylabel, "%s", spec->y + 6);
    else if (fig->heat)
        snprintf(ylabel, sizeof ylabel, "%s", fig->hd.hs.yparam);
    else if (fig->ratio)
        snprintf(ylabel, sizeof ylabel, "%s / %s (%%)", fig->hd.hs.num, fig->hd.hs.den);
    else
        snprintf(ylabel, sizeof ylabel, "time (ms)");
    fputs("\ncxb_ylabel = ", f);
    put_gp_string(f, ylabel);
    if (fig->heat) /* grid indices on both axes: no log scale, no key */
        xlog = ylog = 0, keys = longest = 0;
    fprintf(f, "\ncxb_xlog = %d\ncxb_ylog = %d\ncxb_wide = %d\n", xlog, ylog,
            keys > 3 || longest > 45); /* a one-column PDF holds about three keys of 45 characters */
    fputs("cxb_data = ", f);
    char data[512];
    snprintf(data, sizeof data, "%s.csv", spec->id);
    put_gp_string(f, data);
    fputc('\n', f);
    if (fig->heat)
        write_heat_vars(f, fig);
    if ((st = inline_file(f, common, "plots/common.gp")) != CXB_OK ||
        (st = inline_file(f, tmpl, spec->template_gp)) != CXB_OK) {
        cxb_afile_abort(&af);
        return st;
    }
    if (fig->heat) {
        write_heat_command(f, fig);
        return cxb_afile_commit(&af);
    }

    fputs("\n# ---------------------------------------------------------------- the figure\n", f);
    for (size_t i = 0; i < fig->ns; ++i)
        if (fig->s[i].has_fit)
            fprintf(f, "a%zu = %.17g; b%zu = %.17g\n", i, fig->s[i].la, i, fig->s[i].lb);
    int first = 1, any_hollow = 0;
    if (fig->ns == 0) {
        fputs("set label 90 \"no point of this result set matches the figure\" at graph 0.5,0.5 center\n", f);
        if (fig->np == 0) {
            fputs("unset key\nset xrange [1:2]\nset yrange [1:10]\nplot NaN notitle\n", f);
            return cxb_afile_commit(&af);
        }
    }
    for (size_t i = 0; i < fig->ns; ++i) {
        const pseries *s = &fig->s[i];
        if (!s->has_fit) { /* no fitted line: join the medians so the series reads as one */
            put_clause_sep(f, &first);
            fprintf(f, "cxb_data skip 1 using 3:($1==%zu ? $4 : NaN) with lines lt %d dt %d lw 0.75 notitle",
                    i, s->lt, s->dt);
        }
        put_clause_sep(f, &first);
        if (s->nexcluded)
            fprintf(f, "cxb_data skip 1 using 3:(($1==%zu && $8!=0) ? $4 : NaN):5:6", i);
        else
            fprintf(f, "cxb_data skip 1 using 3:($1==%zu ? $4 : NaN):5:6", i);
        fprintf(f, " with yerrorbars lt %d pt %d title ", s->lt, s->pt_f);
        put_gp_string(f, s->key);
        fputs(" noenhanced", f);
        if (s->nexcluded) {
            any_hollow = 1;
            put_clause_sep(f, &first);
            fprintf(f, "cxb_data skip 1 using 3:(($1==%zu && $8==0) ? $4 : NaN):5:6 with yerrorbars lt %d pt %d notitle",
                    i, s->lt, s->pt_h);
        }
    }
    if (fig->np) {
        put_clause_sep(f, &first);
        fprintf(f, "\"%s.paper.csv\" skip 1 using 1:2:3 with points pt 2 ps 1.5 lw 1.5 lc variable title \"paper\"",
                spec->id);
    }
    for (size_t i = 0; i < fig->ns; ++i) {
        const pseries *s = &fig->s[i];
        if (!s->has_fit)
            continue;
        put_clause_sep(f, &first);
        fprintf(f, "[x=%.10g:%.10g] exp(a%zu) * x**b%zu with lines lt %d dt %d notitle", s->xmin, s->xmax, i, i,
                s->lt, s->dt);
    }
    if (any_hollow) {
        put_clause_sep(f, &first);
        fputs("NaN with points lt 1 pt 6 title \"hollow: excluded from the fit\"", f);
    }
    fputc('\n', f);
    return cxb_afile_commit(&af);
}

/* ------------------------------------------------------------------ gnuplot */

static int executable(const char *p) { return p && *p && access(p, X_OK) == 0 && is_file(p); }

static int search_path(const char *name, char *out, size_t n)
{
    const char *path = getenv("PATH");
    if (!path)
        return 0;
    while (*path) {
        size_t len = strcspn(path, ":");
        snprintf(out, n, "%.*s/%s", (int)len, len ? path : ".", name);
        if (executable(out))
            return 1;
        path += len + (path[len] == ':');
    }
    return 0;
}

/* $CXB_GNUPLOT ("" / "none" = absent), the configured path, gnuplot on PATH. */
static int find_gnuplot(char *out, size_t n)
{
    const char *env = getenv("CXB_GNUPLOT");
    if (env) {
        if (!*env || strcmp(env, "none") == 0)
            return 0;
        if (strchr(env, '/')) {
            snprintf(out, n, "%s", env);
            return executable(out);
        }
        return search_path(env, out, n);
    }
    if (executable(CXB_GNUPLOT_PATH)) {
        snprintf(out, n, "%s", CXB_GNUPLOT_PATH);
        return 1;
    }
    return search_path("gnuplot", out, n);
}

/* The last non-empty line of a log file (gnuplot's error), in buf. */
static void last_line(const char *path, char *buf, size_t n)
{
    buf[0] = '\0';
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        const char *p = line;
        while (*p == ' ')
            ++p;
        if (*p)
            snprintf(buf, n, "%s", p);
    }
    fclose(f);
}

/* cairo stamps a PDF with the wall-clock time of drawing, so redrawing committed results
 * (make figures) would change every PDF. The stamp is overwritten in place, same length,
 * with the time the result set was made (its run id, YYYYMMDDTHHMMSSZ-...): a figure is then
 * a function of its data alone. Nothing happens when either is not found. */
static void pin_pdf_date(const char *path, const char *run_id)
{
    char digits[15];
    if (strlen(run_id) < 16 || run_id[8] != 'T' || run_id[15] != 'Z')
        return;
    memcpy(digits, run_id, 8);
    memcpy(digits + 8, run_id + 9, 6);
    digits[14] = '\0';
    for (int i = 0; i < 14; ++i)
        if (!isdigit((unsigned char)digits[i]))
            return;
    size_t len = 0;
    char *pdf = cxb_read_file(path, &len);
    if (!pdf)
        return;
    static const char key[] = "/CreationDate (D:";
    size_t kl = sizeof key - 1;
    for (size_t i = 0; i + kl + 14 <= len; ++i) {
        if (memcmp(pdf + i, key, kl) != 0)
            continue;
        int ok = 1;
        for (size_t j = 0; j < 14 && ok; ++j)
            ok = isdigit((unsigned char)pdf[i + kl + j]) != 0;
        if (ok) {
            int fd = open(path, O_WRONLY);
            if (fd >= 0) {
                (void)!pwrite(fd, digits, 14, (off_t)(i + kl));
                close(fd);
            }
        }
        break;
    }
    free(pdf);
}

static cxb_status gnuplot_into(const char *gp, const char *dir, const char *id, const char *term,
                               const char *ext, const char *run_id, const char *tmpname,
                               const char *tmppath, const char *logpath);

/* The figure's temporary and gnuplot's log are removed on a signal (harness/cleanup.h). */
static cxb_status run_gnuplot(const char *gp, const char *dir, const char *id, const char *term,
                              const char *ext, const char *run_id)
{
    long me = (long)getpid();
    char tmpname[600], tmppath[PATH_CAP], logpath[PATH_CAP];
    snprintf(tmpname, sizeof tmpname, "%s.%s.tmp.%ld", id, ext, me);
    snprintf(tmppath, sizeof tmppath, "%s/%s", dir, tmpname);
    snprintf(logpath, sizeof logpath, "%s/.%s.%s.log.tmp.%ld", dir, id, ext, me);
    int s1 = cxb_cleanup_add(tmppath, 0), s2 = cxb_cleanup_add(logpath, 0);
    cxb_status st = gnuplot_into(gp, dir, id, term, ext, run_id, tmpname, tmppath, logpath);
    cxb_cleanup_drop(s1);
    cxb_cleanup_drop(s2);
    return st;
}

static cxb_status gnuplot_into(const char *gp, const char *dir, const char *id, const char *term,
                               const char *ext, const char *run_id, const char *tmpname,
                               const char *tmppath, const char *logpath)
{
    char final[PATH_CAP], expr[1400], script[600];
    snprintf(final, sizeof final, "%s/%s.%s", dir, id, ext);
    snprintf(expr, sizeof expr, "cxb_term='%s'; cxb_output='%s'", term, tmpname);
    snprintf(script, sizeof script, "%s.gp", id);
    int logfd = open(logpath, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (logfd < 0)
        return cxb_fail(CXB_ERESOURCE, "%s: cannot write: %s", logpath, strerror(errno));
    pid_t pid = fork();
    if (pid < 0) {
        close(logfd);
        unlink(logpath);
        return cxb_fail(CXB_ERESOURCE, "gnuplot: cannot start: %s", strerror(errno));
    }
    if (pid == 0) {
        int nul = open("/dev/null", O_RDONLY);
        if (nul >= 0)
            dup2(nul, 0);
        dup2(logfd, 1);
        dup2(logfd, 2);
        if (chdir(dir) != 0)
            _exit(126);
        char *argv[] = {(char *)gp, "-e", expr, script, NULL};
        execv(gp, argv);
        _exit(127);
    }
    close(logfd);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            status = -1;
            break;
        }
    int ok = status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    struct stat stt;
    if (ok && (stat(tmppath, &stt) != 0 || stt.st_size == 0))
        ok = 0;
    if (!ok) {
        char why[512];
        last_line(logpath, why, sizeof why);
        unlink(logpath);
        unlink(tmppath);
        return cxb_fail(CXB_EINPUT, "gnuplot: %s/%s.gp (%s): %s", dir, id, term,
                        why[0] ? why
                        : (status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 127)
                            ? "cannot run gnuplot"
                            : "failed with no message");
    }
    unlink(logpath);
    if (strcmp(ext, "pdf") == 0)
        pin_pdf_date(tmppath, run_id);
    int fd = open(tmppath, O_RDONLY); /* on disk before it takes the final name (docs/method.md) */
    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
    if (rename(tmppath, final) != 0) {
        int e = errno;
        unlink(tmppath);
        return cxb_fail(CXB_ERESOURCE, "%s: cannot write: %s", final, strerror(e));
    }
    return CXB_OK;
}

/* ------------------------------------------------------------------ entry point */

static int safe_id(const char *id)
{
    if (!id || !*id || id[0] == '.')
        return 0;
    for (const char *c = id; *c; ++c)
        if (!(isalnum((unsigned char)*c) || *c == '.' || *c == '_' || *c == '-'))
            return 0;
    return 1;
}

/* Removes DIR/ID.{csv,gp,png,pdf} where present (a figure with nothing to draw). */
static void remove_figure_files(const char *dir, const char *id)
{
    static const char *const ext[] = {"csv", "gp", "png", "pdf"};
    char path[PATH_CAP];
    for (size_t e = 0; e < sizeof ext / sizeof ext[0]; ++e) {
        snprintf(path, sizeof path, "%s/%s.%s", dir, id, ext[e]);
        remove(path);
    }
}

/* Per set: its summary table, where it came from, and the keys of its points. */
typedef struct setdata {
    cxb_csv csv;
    summary_cols cols;
    char path[PATH_CAP];
    char **keys;
    int loaded;
} setdata;

static void setdata_free(setdata *sd, size_t n)
{
    for (size_t i = 0; sd && i < n; ++i) {
        /* the keys first: their count is the table's row count, which cxb_csv_free clears */
        if (sd[i].keys)
            for (size_t r = 0; r < sd[i].csv.nrows; ++r)
                free(sd[i].keys[r]);
        free(sd[i].keys);
        if (sd[i].loaded)
            cxb_csv_free(&sd[i].csv);
    }
    free(sd);
}

/* The points of each set that a later set has too (the later set's are drawn). */
static cxb_status find_dups(setdata *sd, size_t n, dups *out)
{
    out->d = NULL;
    out->n = 0;
    if (n < 2)
        return CXB_OK;
    for (size_t i = 0; i < n; ++i) {
        sd[i].keys = calloc(sd[i].csv.nrows + 1, sizeof *sd[i].keys);
        if (!sd[i].keys)
            return cxb_fail(CXB_ERESOURCE, "plot: out of memory");
        for (size_t r = 0; r < sd[i].csv.nrows; ++r) {
            cxb_params p;
            if (!parse_params(cxb_csv_cell(&sd[i].csv, r, sd[i].cols.params), &p))
                return cxb_fail(CXB_EINPUT, "%s:%zu: bad params '%s'", sd[i].path, r + 2,
                                cxb_csv_cell(&sd[i].csv, r, sd[i].cols.params));
            char key[2400];
            point_key(cxb_csv_cell(&sd[i].csv, r, sd[i].cols.impl), &p, 0, key, sizeof key);
            if (!(sd[i].keys[r] = strdup(key)))
                return cxb_fail(CXB_ERESOURCE, "plot: out of memory");
        }
    }
    size_t cap = 0;
    for (size_t i = 0; i + 1 < n; ++i)
        for (size_t r = 0; r < sd[i].csv.nrows; ++r) {
            size_t winner = 0;
            for (size_t j = i + 1; j < n; ++j)
                for (size_t q = 0; q < sd[j].csv.nrows; ++q)
                    if (strcmp(sd[i].keys[r], sd[j].keys[q]) == 0)
                        winner = j;
            if (!winner || dup_find(out, sd[i].keys[r], i) >= 0)
                continue;
            dupl *nd = cxb_grow(out->d, &cap, out->n, sizeof *nd, 8);
            if (!nd)
                return cxb_fail(CXB_ERESOURCE, "plot: out of memory");
            out->d = nd;
            dupl *e = &out->d[out->n++];
            snprintf(e->key, sizeof e->key, "%s", sd[i].keys[r]);
            e->loser = i;
            e->winner = winner;
        }
    return CXB_OK;
}

static cxb_status plot_dirs(const char *const *run_dirs, size_t nsets, const cxb_study *study,
                            const char *out_dir, cxb_plot_note_fn note, void *note_arg, int keep)
{
    if (!run_dirs || nsets == 0 || !study)
        return cxb_fail(CXB_EINPUT, "plot: no result set or study");
    const char *run_dir = run_dirs[0];
    cxb_status st;
    if (nsets > 1) { /* every check before anything is written */
        if ((st = cxb_plot_sets_check(run_dirs, nsets, study->name)) != CXB_OK)
            return st;
        if (!out_dir || !*out_dir)
            return cxb_fail(CXB_EINPUT, "plot: %zu result sets drawn together need an output directory (--out DIR)",
                            nsets);
    }
    char outbuf[PATH_MAX + 16];
    if (!out_dir) { /* results/<machine>/figures beside results/<machine>/<run_id> */
        char real[PATH_MAX];
        if (!realpath(run_dir, real))
            return cxb_fail(CXB_EINPUT, "%s: %s", run_dir, strerror(errno));
        char *slash = strrchr(real, '/');
        if (slash && slash != real)
            *slash = '\0';
        snprintf(outbuf, sizeof outbuf, "%s/figures", real);
        out_dir = outbuf;
    }
    for (size_t i = 0; i < study->nfigures; ++i) {
        const cxb_figure_spec *spec = &study->figures[i];
        if (!safe_id(spec->id))
            return cxb_fail(CXB_EINPUT, "study %s: figure id '%s' is not a file name", study->name,
                            spec->id ? spec->id : "");
        heatspec hs;
        if (!spec->x_param || !*spec->x_param || !spec->template_gp || !*spec->template_gp || !spec->y ||
            (strcmp(spec->y, "time") != 0 && strcmp(spec->y, "rate") != 0 &&
             (strncmp(spec->y, "phases:", 7) != 0 || !spec->y[7]) && (strncmp(spec->y, "extra:", 6) != 0 || !spec->y[6]) &&
             !parse_heat(spec->y, spec->x_param, &hs) && !parse_ratio(spec->y, spec->x_param, &hs)))
            return cxb_fail(CXB_EINPUT,
                            "figure %s: needs x_param, a template and y = time, rate, phases:LIST, extra:LIST, "
                            "heat:YPARAM:KEY=NUM/DEN (YPARAM, KEY and x_param three names) or "
                            "ratio:KEY=NUM/DEN (KEY not x_param)",
                            spec->id);
        if ((strncmp(spec->y, "heat:", 5) == 0 || strncmp(spec->y, "ratio:", 6) == 0) && spec->paper &&
            *spec->paper) /* a ratio has no published points */
            return cxb_fail(CXB_EINPUT, "figure %s: a heat or ratio figure has no paper overlay (paper must be NULL)",
                            spec->id);
    }
    char plots_dir[PATH_CAP];
    if (study->nfigures && !find_plots_dir(plots_dir, sizeof plots_dir))
        return cxb_fail(CXB_EINPUT, "plots/common.gp: not found (set CXB_SOURCE_DIR to the source tree)");

    setdata *sd = calloc(nsets, sizeof *sd);
    setctx sets = {run_dirs, nsets, {NULL, 0}};
    fitrow *fits = NULL;
    size_t nfits = 0;
    unsigned char *drawn = calloc(study->nfigures ? study->nfigures : 1, 1);
    if (!sd || !drawn) {
        free(sd);
        free(drawn);
        return cxb_fail(CXB_ERESOURCE, "plot: out of memory");
    }
    st = CXB_OK;
    for (size_t k = 0; k < nsets && st == CXB_OK; ++k) {
        snprintf(sd[k].path, sizeof sd[k].path, "%s/summary.csv", run_dirs[k]);
        if ((st = load_summary(run_dirs[k], &sd[k].csv, &sd[k].cols)) == CXB_OK) {
            sd[k].loaded = 1;
            st = load_fits(run_dirs[k], k, &fits, &nfits);
        }
    }
    if (st == CXB_OK)
        st = find_dups(sd, nsets, &sets.dup);
    if (st == CXB_OK)
        st = cxb_mkdirs(out_dir);
    if (st == CXB_OK && note)
        for (size_t d = 0; d < sets.dup.n; ++d) {
            const dupl *e = &sets.dup.d[d];
            const char *sep = strchr(e->key, '\x1f');
            char line[PATH_CAP * 2 + 2600];
            snprintf(line, sizeof line, "%.*s %s is in %s and %s: drawn from %s (the set given last wins)",
                     (int)(sep - e->key), e->key, sep + 1, run_dirs[e->loser], run_dirs[e->winner],
                     run_dirs[e->winner]);
            note(note_arg, line);
        }
    for (size_t i = 0; i < study->nfigures && st == CXB_OK; ++i) {
        figure fig = {0};
        fig.spec = &study->figures[i];
        fig.rate = strcmp(fig.spec->y, "rate") == 0;
        fig.phases = strncmp(fig.spec->y, "phases:", 7) == 0;
        fig.extra = strncmp(fig.spec->y, "extra:", 6) == 0;
        fig.heat = parse_heat(fig.spec->y, fig.spec->x_param, &fig.hd.hs); /* checked above */
        if (!fig.heat)
            fig.ratio = parse_ratio(fig.spec->y, fig.spec->x_param, &fig.hd.hs);
        fig.yscale = 1e9;
        int phases = fig.phases || fig.extra; /* both are read from samples.csv */
        unsigned char *used = calloc(sets.dup.n + 1, 1);
        if (!used) {
            st = cxb_fail(CXB_ERESOURCE, "plot: out of memory");
            break;
        }
        for (size_t k = 0; k < nsets && st == CXB_OK; ++k) {
            if (fig.heat) {
                st = collect_heat(&fig, &sd[k].csv, &sd[k].cols, sd[k].path, k, &sets.dup, used);
                continue;
            }
            if (!phases) {
                st = collect(&fig, &sd[k].csv, &sd[k].cols, sd[k].path, k, &sets.dup, used);
                continue;
            }
            cxb_csv pcsv;
            summary_cols pcols;
            char ppath[PATH_CAP]; /* where a phases figure's rows come from, for its error messages */
            snprintf(ppath, sizeof ppath, "%s/samples.csv", run_dirs[k]);
            if ((st = load_phases(run_dirs[k], fig.extra ? fig.spec->y + 6 : fig.spec->y + 7, fig.extra, &pcsv,
                                  &pcols)) != CXB_OK)
                break;
            st = collect(&fig, &pcsv, &pcols, ppath, k, &sets.dup, used);
            cxb_csv_free(&pcsv);
        }
        if (st == CXB_OK && fig.heat)
            st = finish_heat(&fig);
        else if (st == CXB_OK)
            finish_rows(&fig);
        if (st == CXB_OK && fig.ratio)
            finish_ratio(&fig);
        if (st == CXB_OK && (fig.heat ? fig.hd.n == 0 : fig.ns == 0)) {
            /* nothing of this figure was measured in these sets (a preset runs a few of the
             * study's figures): no empty plot, and no stale one from an earlier plot, unless
             * the caller keeps what is there (plot --all: other sets may have drawn it) */
            if (!keep)
                remove_figure_files(out_dir, fig.spec->id);
            drawn[i] = 0;
        } else if (st == CXB_OK && fig.heat) {
            drawn[i] = 1;
            if ((st = write_heat_data(&fig, out_dir)) == CXB_OK)
                st = write_script(&fig, out_dir, plots_dir, &sets, used, study);
        } else if (st == CXB_OK) {
            drawn[i] = 1;
            if (fig.rate)
                choose_rate_unit(&fig);
            finish_series(&fig, fits, phases || fig.ratio ? 0 : nfits); /* fits are of the declared time */
            if ((st = load_paper(&fig, run_dir)) == CXB_OK && (st = write_data(&fig, out_dir)) == CXB_OK)
                st = write_script(&fig, out_dir, plots_dir, &sets, used, study);
        }
        free(used);
        figure_free(&fig);
    }
    setdata_free(sd, nsets);
    free(sets.dup.d);
    free(fits);
    if (st != CXB_OK) {
        free(drawn);
        return st;
    }

    /* the PDF's date: the newest set's run id (a figure is a function of its data alone) */
    char run_id[512] = "";
    for (size_t k = 0; k < nsets; ++k) {
        char name[512];
        base_name(run_dirs[k], name, sizeof name);
        if (strcmp(name, run_id) > 0)
            snprintf(run_id, sizeof run_id, "%s", name);
    }
    char gp[PATH_CAP];
    if (!find_gnuplot(gp, sizeof gp)) {
        cxb_dir_sync(out_dir);
        free(drawn);
        return cxb_fail(CXB_ERESOURCE, "gnuplot: not found - wrote data and scripts to %s", out_dir);
    }
    for (size_t i = 0; i < study->nfigures && st == CXB_OK; ++i) {
        const char *id = study->figures[i].id;
        if (!drawn[i])
            continue;
        if ((st = run_gnuplot(gp, out_dir, id, "png", "png", run_id)) == CXB_OK)
            st = run_gnuplot(gp, out_dir, id, "pdf", "pdf", run_id);
    }
    cxb_dir_sync(out_dir);
    free(drawn);
    return st;
}

cxb_status cxb_plot_run_dirs(const char *const *run_dirs, size_t nsets, const cxb_study *study,
                             const char *out_dir, cxb_plot_note_fn note, void *note_arg)
{
    return plot_dirs(run_dirs, nsets, study, out_dir, note, note_arg, 0);
}

cxb_status cxb_plot_run_dirs_keep(const char *const *run_dirs, size_t nsets, const cxb_study *study,
                                  const char *out_dir, cxb_plot_note_fn note, void *note_arg)
{
    return plot_dirs(run_dirs, nsets, study, out_dir, note, note_arg, 1);
}

cxb_status cxb_plot_run_dir(const char *run_dir, const cxb_study *study, const char *out_dir)
{
    return cxb_plot_run_dirs(&run_dir, 1, study, out_dir, NULL, NULL);
}
