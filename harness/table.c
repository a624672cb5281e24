/* harness/table.c - a result set analysed in memory (samples grouped by point, summaries,
 * floors, series and fits: docs/method.md), tables of strings in markdown,
 * CSV and LaTeX, and the speed-up/slope table in the style of Leist's Table 5.1
 * (docs/method.md). See table.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "harness/table.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/core/grow.h"

/* ---------------- small helpers ---------------- */

static int parse_num(const char *s, double *out)
{
    if (!s || !*s)
        return 0;
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end != '\0' || !isfinite(v))
        return 0;
    *out = v;
    return 1;
}

static uint64_t fnv1a(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (; *s; ++s) {
        h ^= (unsigned char)*s;
        h *= 0x100000001b3ull;
    }
    return h;
}

static char *dupstr(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

static void fmtg(char *buf, size_t size, double v, const char *fmt)
{
    if (isnan(v))
        buf[0] = '\0';
    else
        snprintf(buf, size, fmt, v);
}

int cxb_rset_param(const char *params, const char *key, char *buf, size_t size)
{
    return cxb_params_lookup(params, ';', key, buf, size);
}

/* params without key (canonical order kept). */
static char *params_without(const char *params, const char *key)
{
    size_t kl = strlen(key), n = strlen(params);
    char *out = malloc(n + 1);
    if (!out)
        return NULL;
    size_t w = 0;
    const char *p = params;
    while (p && *p) {
        const char *end = strchr(p, ';');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (!(len > kl && strncmp(p, key, kl) == 0 && p[kl] == '=')) {
            if (w)
                out[w++] = ';';
            memcpy(out + w, p, len);
            w += len;
        }
        p = end ? end + 1 : NULL;
    }
    out[w] = '\0';
    return out;
}

/* Number of k=v tokens of a also in b. */
static size_t shared_tokens(const char *a, const char *b)
{
    size_t n = 0;
    const char *p = a;
    while (p && *p) {
        const char *end = strchr(p, ';');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        const char *q = b;
        while (q && *q) {
            const char *qe = strchr(q, ';');
            size_t ql = qe ? (size_t)(qe - q) : strlen(q);
            if (ql == len && strncmp(p, q, len) == 0) {
                ++n;
                break;
            }
            q = qe ? qe + 1 : NULL;
        }
        p = end ? end + 1 : NULL;
    }
    return n;
}

/* ---------------- loading ---------------- */

typedef struct {
    const char *key;
    size_t row;
} rowref;

static int cmp_rowref(const void *a, const void *b)
{
    const rowref *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    if (c)
        return c;
    return (x->row > y->row) - (x->row < y->row);
}

typedef struct {
    size_t first, start, count; /* first row; range in the sorted refs */
} group;

static int cmp_group(const void *a, const void *b)
{
    const group *x = a, *y = b;
    return (x->first > y->first) - (x->first < y->first);
}

static cxb_status load_floors(cxb_rset *rs)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/floors.csv", rs->dir);
    FILE *f = fopen(path, "r");
    if (!f)
        return CXB_OK; /* optional */
    fclose(f);
    cxb_csv fl;
    cxb_status st = cxb_csv_read(path, &fl);
    if (st)
        return st;
    int cb = cxb_csv_col(&fl, "backend"), cm = cxb_csv_col(&fl, "mode"),
        cf = cxb_csv_col(&fl, "floor_ns");
    if (cb < 0 || cm < 0 || cf < 0) {
        cxb_csv_free(&fl);
        return cxb_fail(CXB_EINPUT, "%s: expected columns backend,mode,floor_ns", path);
    }
    double *fv = malloc((fl.nrows + 1) * sizeof *fv);
    if (!fv) {
        cxb_csv_free(&fl);
        return cxb_fail(CXB_ERESOURCE, "%s: out of memory", path);
    }
    for (size_t r = 0; r < fl.nrows; ++r) {
        if (!parse_num(cxb_csv_cell(&fl, r, cf), &fv[r]) || fv[r] < 0) {
            cxb_status e = cxb_fail(CXB_EINPUT, "%s:%zu: floor_ns '%s' is not a number", path,
                                    r + 2, cxb_csv_cell(&fl, r, cf));
            free(fv);
            cxb_csv_free(&fl);
            return e;
        }
    }
    /* the row of the point's backend and mode; else the backend's only row */
    for (size_t i = 0; i < rs->npoints; ++i) {
        cxb_rpoint *p = &rs->points[i];
        size_t nb = 0, only = 0;
        for (size_t r = 0; r < fl.nrows; ++r) {
            if (strcmp(p->backend, cxb_csv_cell(&fl, r, cb)) != 0)
                continue;
            ++nb;
            only = r;
            if (strcmp(p->mode, cxb_csv_cell(&fl, r, cm)) == 0) {
                p->floor_ns = fv[r];
                break;
            }
        }
        if (isnan(p->floor_ns) && nb == 1)
            p->floor_ns = fv[only];
    }
    free(fv);
    cxb_csv_free(&fl);
    return CXB_OK;
}

cxb_status cxb_rset_load(const char *dir, cxb_rset *rs)
{
    memset(rs, 0, sizeof *rs);
    if (strlen(dir) >= sizeof rs->dir - 16)
        return cxb_fail(CXB_EINPUT, "%s: path too long", dir);
    strcpy(rs->dir, dir);
    char path[4200];
    snprintf(path, sizeof path, "%s/samples.csv", dir);
    cxb_status st = cxb_csv_read(path, &rs->csv);
    if (st)
        return st;
    const cxb_csv *c = &rs->csv;
    static const char *const required[] = {"study", "impl", "point", "params", "time_ns", "verified"};
    for (size_t i = 0; i < sizeof required / sizeof *required; ++i)
        if (cxb_csv_col(c, required[i]) < 0) {
            cxb_rset_free(rs);
            return cxb_fail(CXB_EINPUT, "%s: missing column '%s'", path, required[i]);
        }
    if (c->nrows == 0) {
        cxb_rset_free(rs);
        return cxb_fail(CXB_EINPUT, "%s: no samples (header only)", path);
    }
    int c_study = cxb_csv_col(c, "study"), c_impl = cxb_csv_col(c, "impl"),
        c_point = cxb_csv_col(c, "point"), c_params = cxb_csv_col(c, "params"),
        c_time = cxb_csv_col(c, "time_ns"), c_wall = cxb_csv_col(c, "wall_ns"),
        c_ver = cxb_csv_col(c, "verified"), c_ir = cxb_csv_col(c, "instructions"),
        c_backend = cxb_csv_col(c, "backend"), c_mode = cxb_csv_col(c, "mode"),
        c_n = cxb_csv_col(c, "n"), c_run = cxb_csv_col(c, "run_id"),
        c_stop = cxb_csv_col(c, "stop_reason"), c_disc = cxb_csv_col(c, "discarded");
    size_t nr = c->nrows;
    rs->store = malloc(2 * nr * sizeof *rs->store);
    rowref *refs = malloc(nr * sizeof *refs);
    group *groups = malloc(nr * sizeof *groups);
    if (!rs->store || !refs || !groups) {
        free(refs);
        free(groups);
        cxb_rset_free(rs);
        return cxb_fail(CXB_ERESOURCE, "%s: out of memory", path);
    }
    double *tv = rs->store, *irv = rs->store + nr;
    for (size_t r = 0; r < nr; ++r) {
        const char *ver = cxb_csv_cell(c, r, c_ver);
        if (strcmp(ver, "1") != 0) {
            st = cxb_fail(CXB_EINPUT, "%s:%zu: unverified row (verified=%s)", path, r + 2, ver);
            goto fail;
        }
        const char *ts = cxb_csv_cell(c, r, c_time);
        if (!*ts)
            ts = cxb_csv_cell(c, r, c_wall);
        if (!parse_num(ts, &tv[r]) || tv[r] < 0) {
            st = cxb_fail(CXB_EINPUT, "%s:%zu: time_ns '%s' is not a number", path, r + 2, ts);
            goto fail;
        }
        const char *is = cxb_csv_cell(c, r, c_ir);
        irv[r] = NAN;
        if (*is && (!parse_num(is, &irv[r]) || irv[r] < 0)) {
            st = cxb_fail(CXB_EINPUT, "%s:%zu: instructions '%s' is not a number", path, r + 2, is);
            goto fail;
        }
        if (!*cxb_csv_cell(c, r, c_point) || !*cxb_csv_cell(c, r, c_impl)) {
            st = cxb_fail(CXB_EINPUT, "%s:%zu: empty point or impl", path, r + 2);
            goto fail;
        }
        refs[r] = (rowref){cxb_csv_cell(c, r, c_point), r};
    }
    qsort(refs, nr, sizeof *refs, cmp_rowref);
    size_t ng = 0;
    for (size_t i = 0; i < nr;) {
        size_t j = i;
        while (j < nr && strcmp(refs[j].key, refs[i].key) == 0)
            ++j;
        groups[ng++] = (group){refs[i].row, i, j - i};
        i = j;
    }
    qsort(groups, ng, sizeof *groups, cmp_group);
    rs->points = calloc(ng, sizeof *rs->points);
    if (!rs->points) {
        st = cxb_fail(CXB_ERESOURCE, "%s: out of memory", path);
        goto fail;
    }
    /* the samples of a point are laid out contiguously in a second pass */
    double *sorted = malloc(2 * nr * sizeof *sorted);
    if (!sorted) {
        st = cxb_fail(CXB_ERESOURCE, "%s: out of memory", path);
        goto fail;
    }
    size_t w = 0, all_ir = 1;
    for (size_t g = 0; g < ng; ++g) {
        cxb_rpoint *p = &rs->points[g];
        size_t r0 = groups[g].first;
        p->point = cxb_csv_cell(c, r0, c_point);
        p->study = cxb_csv_cell(c, r0, c_study);
        p->impl = cxb_csv_cell(c, r0, c_impl);
        p->params = cxb_csv_cell(c, r0, c_params);
        p->backend = cxb_csv_cell(c, r0, c_backend);
        p->mode = cxb_csv_cell(c, r0, c_mode);
        p->stop_reason = cxb_csv_cell(c, r0, c_stop);
        p->discarded = c_disc >= 0 ? strtol(cxb_csv_cell(c, r0, c_disc), NULL, 10) : 0;
        if (!parse_num(cxb_csv_cell(c, r0, c_n), &p->work))
            p->work = NAN;
        p->floor_ns = NAN;
        p->count = groups[g].count;
        p->t = sorted + w;
        p->ir = sorted + nr + w;
        int has_ir = 1;
        for (size_t i = 0; i < p->count; ++i) {
            size_t r = refs[groups[g].start + i].row;
            p->t[i] = tv[r];
            p->ir[i] = irv[r];
            if (isnan(irv[r]))
                has_ir = 0;
        }
        if (!has_ir) {
            p->ir = NULL;
            all_ir = 0;
        }
        p->in_fit = 0;
        strcpy(p->rule, "no_series");
        w += p->count;
    }
    free(rs->store);
    rs->store = sorted;
    rs->npoints = ng;
    rs->metric_ir = all_ir && ng > 0;
    rs->study = cxb_csv_cell(c, 0, c_study);
    rs->run_id = cxb_csv_cell(c, 0, c_run);
    free(refs);
    free(groups);
    for (size_t g = 0; g < ng; ++g) {
        cxb_rpoint *p = &rs->points[g];
        p->val = rs->metric_ir ? p->ir : p->t;
        st = cxb_stats_summarize(p->val, p->count, &p->sum);
        if (st) {
            cxb_rset_free(rs);
            return cxb_fail(st, "%s: point %s: %s", path, p->point, cxb_last_error());
        }
    }
    if (!rs->metric_ir && (st = load_floors(rs)) != CXB_OK) {
        cxb_rset_free(rs);
        return st;
    }
    return CXB_OK;
fail:
    free(refs);
    free(groups);
    cxb_rset_free(rs);
    return st;
}

static void free_series(cxb_rseries *s)
{
    free(s->name);
    free(s->fixed);
    free(s->pt);
    free(s->x);
    memset(s, 0, sizeof *s);
}

void cxb_rset_free(cxb_rset *rs)
{
    for (size_t i = 0; i < rs->nseries; ++i)
        free_series(&rs->series[i]);
    free(rs->series);
    free(rs->points);
    free(rs->store);
    cxb_csv_free(&rs->csv);
    memset(rs, 0, sizeof *rs);
}

/* ---------------- series and fits ---------------- */

static int spec_matches(const cxb_series_spec *s, const char *impl)
{
    const char *pre = s->impl_prefix ? s->impl_prefix : "";
    return strncmp(impl, pre, strlen(pre)) == 0;
}

static cxb_status series_add(cxb_rset *rs, size_t *cap, size_t pi, const cxb_series_spec *spec,
                             double x)
{
    cxb_rpoint *p = &rs->points[pi];
    char *fixed = params_without(p->params, spec->x_param);
    if (!fixed)
        return cxb_fail(CXB_ERESOURCE, "fit: out of memory");
    cxb_rseries *s = NULL;
    for (size_t i = 0; i < rs->nseries; ++i) {
        cxb_rseries *q = &rs->series[i];
        if (strcmp(q->impl, p->impl) == 0 && strcmp(q->x_param, spec->x_param) == 0 &&
            strcmp(q->fixed, fixed) == 0) {
            s = q;
            break;
        }
    }
    if (!s) {
        cxb_rseries *ns = cxb_grow(rs->series, cap, rs->nseries, sizeof *ns, 16);
        if (!ns) {
            free(fixed);
            return cxb_fail(CXB_ERESOURCE, "fit: out of memory");
        }
        rs->series = ns;
        s = &rs->series[rs->nseries++];
        memset(s, 0, sizeof *s);
        s->impl = p->impl;
        s->fixed = fixed;
        s->x_param = spec->x_param;
        s->spec = spec;
        size_t nl = strlen(p->impl) + strlen(fixed) + 3;
        s->name = malloc(nl);
        if (!s->name)
            return cxb_fail(CXB_ERESOURCE, "fit: out of memory");
        snprintf(s->name, nl, "%s[%s]", p->impl, fixed);
    } else {
        free(fixed);
    }
    size_t *npt = realloc(s->pt, (s->npts + 1) * sizeof *npt);
    if (npt)
        s->pt = npt;
    double *nx = realloc(s->x, (s->npts + 1) * sizeof *nx);
    if (nx)
        s->x = nx;
    if (!npt || !nx)
        return cxb_fail(CXB_ERESOURCE, "fit: out of memory");
    s->pt[s->npts] = pi;
    s->x[s->npts] = x;
    s->npts++;
    return CXB_OK;
}

static cxb_status fit_one(cxb_rset *rs, cxb_rseries *s, double range_lo, double range_hi,
                          unsigned char *touched)
{
    cxb_fit_point *fp = calloc(s->npts, sizeof *fp);
    if (!fp)
        return cxb_fail(CXB_ERESOURCE, "fit: out of memory");
    for (size_t i = 0; i < s->npts; ++i) {
        const cxb_rpoint *p = &rs->points[s->pt[i]];
        fp[i].x = s->x[i];
        fp[i].samples = p->val;
        fp[i].nsamples = p->count;
        fp[i].median = p->sum.median;
        fp[i].floor = p->floor_ns;
    }
    cxb_fit_opts o;
    cxb_fit_opts_default(&o);
    o.expected = s->spec->expected;
    o.tolerance = s->spec->tolerance;
    if (range_lo > 0 || range_hi > 0) {
        o.range_lo = range_lo;
        o.range_hi = range_hi;
    } else {
        o.range_lo = s->spec->range_lo;
        o.range_hi = s->spec->range_hi;
        o.exclude = s->spec->exclude;
    }
    o.seed ^= fnv1a(s->name);
    cxb_status st = cxb_fit_series(fp, s->npts, &o, &s->fit);
    if (st) {
        free(fp);
        return cxb_fail(st, "fit: series %s: %s", s->name, cxb_last_error());
    }
    /* fp is now in ascending x: map back through the sample pointers */
    size_t *map = malloc(s->npts * sizeof *map);
    if (!map) {
        free(fp);
        return cxb_fail(CXB_ERESOURCE, "fit: out of memory");
    }
    for (size_t i = 0; i < s->npts; ++i) {
        map[i] = s->pt[0];
        for (size_t j = 0; j < s->npts; ++j)
            if (rs->points[s->pt[j]].val == fp[i].samples)
                map[i] = s->pt[j];
    }
    for (size_t i = 0; i < s->npts; ++i) {
        size_t pi = map[i];
        s->pt[i] = pi;
        s->x[i] = fp[i].x;
        cxb_rpoint *p = &rs->points[pi];
        if (!touched[pi]) {
            touched[pi] = 1;
            p->in_fit = fp[i].in_fit;
            snprintf(p->rule, sizeof p->rule, "%s", fp[i].rule);
        } else if (fp[i].in_fit && !p->in_fit) {
            p->in_fit = 1;
            p->rule[0] = '\0';
        }
    }
    free(map);
    free(fp);
    return CXB_OK;
}

cxb_status cxb_rset_fit(cxb_rset *rs, const cxb_study *study, double range_lo, double range_hi)
{
    for (size_t i = 0; i < rs->nseries; ++i)
        free_series(&rs->series[i]);
    free(rs->series);
    rs->series = NULL;
    rs->nseries = 0;
    for (size_t i = 0; i < rs->npoints; ++i) {
        rs->points[i].in_fit = 0;
        strcpy(rs->points[i].rule, "no_series");
    }
    if (!study || !study->series)
        return CXB_OK;
    size_t cap = 0;
    cxb_status st;
    for (size_t pi = 0; pi < rs->npoints; ++pi) {
        const cxb_rpoint *p = &rs->points[pi];
        for (size_t j = 0; j < study->nseries; ++j) {
            const cxb_series_spec *spec = &study->series[j];
            if (!spec->x_param || !spec_matches(spec, p->impl))
                continue;
            int shadowed = 0;
            for (size_t e = 0; e < j && !shadowed; ++e)
                shadowed = study->series[e].x_param && spec_matches(&study->series[e], p->impl) &&
                           strcmp(study->series[e].x_param, spec->x_param) == 0;
            char xv[64];
            double x;
            if (shadowed || !cxb_rset_param(p->params, spec->x_param, xv, sizeof xv) ||
                !parse_num(xv, &x))
                continue;
            if ((st = series_add(rs, &cap, pi, spec, x)) != CXB_OK)
                return st;
        }
    }
    /* a series is at least two sizes */
    size_t w = 0;
    for (size_t i = 0; i < rs->nseries; ++i) {
        if (rs->series[i].npts < 2)
            free_series(&rs->series[i]);
        else
            rs->series[w++] = rs->series[i];
    }
    rs->nseries = w;
    unsigned char *touched = calloc(rs->npoints + 1, 1);
    if (!touched)
        return cxb_fail(CXB_ERESOURCE, "fit: out of memory");
    for (size_t i = 0; i < rs->nseries; ++i)
        if ((st = fit_one(rs, &rs->series[i], range_lo, range_hi, touched)) != CXB_OK) {
            free(touched);
            return st;
        }
    free(touched);
    return CXB_OK;
}

/* ---------------- grids ---------------- */

cxb_status cxb_fmt_parse(const char *s, int allow_tex, cxb_fmt *fmt)
{
    if (strcmp(s, "md") == 0)
        *fmt = CXB_FMT_MD;
    else if (strcmp(s, "csv") == 0)
        *fmt = CXB_FMT_CSV;
    else if (allow_tex && strcmp(s, "tex") == 0)
        *fmt = CXB_FMT_TEX;
    else
        return cxb_fail(CXB_EINPUT, "--format: '%s' is not one of md, csv%s", s,
                        allow_tex ? ", tex" : "");
    return CXB_OK;
}

cxb_status cxb_grid_init(cxb_grid *g, size_t ncols, const char *const *header)
{
    memset(g, 0, sizeof *g);
    g->ncols = ncols;
    g->cap = 16;
    g->cells = calloc(g->cap * ncols, sizeof *g->cells);
    if (!g->cells)
        return cxb_fail(CXB_ERESOURCE, "table: out of memory");
    for (size_t i = 0; i < ncols; ++i)
        if (!(g->cells[i] = dupstr(header[i] ? header[i] : "")))
            return cxb_fail(CXB_ERESOURCE, "table: out of memory");
    return CXB_OK;
}

cxb_status cxb_grid_add(cxb_grid *g, const char *const *row)
{
    if (g->nrows + 2 > g->cap) {
        size_t nc = g->cap * 2;
        char **n = realloc(g->cells, nc * g->ncols * sizeof *n);
        if (!n)
            return cxb_fail(CXB_ERESOURCE, "table: out of memory");
        g->cells = n;
        g->cap = nc;
    }
    char **dst = g->cells + (g->nrows + 1) * g->ncols;
    for (size_t i = 0; i < g->ncols; ++i)
        dst[i] = NULL;
    g->nrows++;
    for (size_t i = 0; i < g->ncols; ++i)
        if (!(dst[i] = dupstr(row[i] ? row[i] : "")))
            return cxb_fail(CXB_ERESOURCE, "table: out of memory");
    return CXB_OK;
}

void cxb_grid_free(cxb_grid *g)
{
    if (g->cells)
        for (size_t i = 0; i < (g->nrows + 1) * g->ncols; ++i)
            free(g->cells[i]);
    free(g->cells);
    memset(g, 0, sizeof *g);
}

static void put_md(FILE *f, const char *s)
{
    for (; *s; ++s) {
        if (*s == '|')
            fputc('\\', f);
        fputc(*s == '\n' ? ' ' : *s, f);
    }
}

static void put_tex(FILE *f, const char *s)
{
    for (; *s; ++s) {
        switch (*s) {
        case '\\': fputs("\\textbackslash{}", f); break;
        case '~': fputs("\\textasciitilde{}", f); break;
        case '^': fputs("\\textasciicircum{}", f); break;
        case '&': case '%': case '$': case '#': case '_': case '{': case '}':
            fputc('\\', f);
            fputc(*s, f);
            break;
        default: fputc(*s, f);
        }
    }
}

void cxb_grid_write(FILE *f, const cxb_grid *g, cxb_fmt fmt)
{
    size_t nc = g->ncols;
    if (fmt == CXB_FMT_TEX) {
        fputs("\\begin{tabular}{", f);
        for (size_t i = 0; i < nc; ++i)
            fputc(i == 0 ? 'l' : 'r', f);
        fputs("}\n\\hline\n", f);
    }
    for (size_t r = 0; r <= g->nrows; ++r) {
        char *const *row = g->cells + r * nc;
        for (size_t i = 0; i < nc; ++i) {
            switch (fmt) {
            case CXB_FMT_MD:
                fputs(i == 0 ? "| " : " | ", f);
                put_md(f, row[i]);
                break;
            case CXB_FMT_CSV:
                if (i)
                    fputc(',', f);
                cxb_csv_put(f, row[i]);
                break;
            case CXB_FMT_TEX:
                if (i)
                    fputs(" & ", f);
                put_tex(f, row[i]);
                break;
            }
        }
        fputs(fmt == CXB_FMT_MD ? " |\n" : fmt == CXB_FMT_TEX ? " \\\\\n" : "\n", f);
        if (r == 0 && fmt == CXB_FMT_MD) {
            for (size_t i = 0; i < nc; ++i)
                fputs(i == 0 ? "|---" : "|---", f);
            fputs("|\n", f);
        }
        if (r == 0 && fmt == CXB_FMT_TEX)
            fputs("\\hline\n", f);
    }
    if (fmt == CXB_FMT_TEX)
        fputs("\\hline\n\\end{tabular}\n", f);
}

/* ---------------- the tables ---------------- */

static void fmt_interval(char *buf, size_t size, double b, double lo, double hi, const char *f)
{
    char x[32], l[32], h[32];
    if (isnan(b)) {
        buf[0] = '\0';
        return;
    }
    snprintf(x, sizeof x, f, b);
    fmtg(l, sizeof l, lo, f);
    fmtg(h, sizeof h, hi, f);
    if (isnan(lo) || isnan(hi))
        snprintf(buf, size, "%s", x);
    else
        snprintf(buf, size, "%s [%s, %s]", x, l, h);
}

/* x values: integers in full (sizes such as 16777216), others with 6 digits */
static void fmt_x(char *buf, size_t size, double x)
{
    if (x == floor(x) && fabs(x) < 1e15)
        snprintf(buf, size, "%.0f", x);
    else
        snprintf(buf, size, "%.6g", x);
}

static void fmt_range(char *buf, size_t size, const cxb_rseries *s)
{
    char a[32], b[32];
    if (s->fit.k == 0 || isnan(s->fit.x_min)) {
        buf[0] = '\0';
        return;
    }
    fmt_x(a, sizeof a, s->fit.x_min);
    fmt_x(b, sizeof b, s->fit.x_max);
    snprintf(buf, size, "%s-%s", a, b);
}

cxb_status cxb_table_slopes(const cxb_rset *rs, cxb_grid *g)
{
    static const char *const hdr[] = {"series", "x", "k", "x range", "b [95% CI]",
                                      "bootstrap", "Theil-Sen", "R^2", "expected", "verdict"};
    cxb_status st = cxb_grid_init(g, 10, hdr);
    for (size_t i = 0; st == CXB_OK && i < rs->nseries; ++i) {
        const cxb_rseries *s = &rs->series[i];
        const cxb_fit_result *f = &s->fit;
        char k[32], range[64], b[96], boot[96], ts[32], r2[32], ex[64];
        snprintf(k, sizeof k, "%zu", f->k);
        fmt_range(range, sizeof range, s);
        fmt_interval(b, sizeof b, f->b, f->b_lo, f->b_hi, "%.3f");
        if (isnan(f->boot_lo))
            boot[0] = '\0';
        else
            snprintf(boot, sizeof boot, "[%.3f, %.3f]", f->boot_lo, f->boot_hi);
        fmtg(ts, sizeof ts, f->theil_sen_b, "%.3f");
        fmtg(r2, sizeof r2, f->r2, "%.4f");
        if (isnan(f->expected))
            ex[0] = '\0';
        else
            snprintf(ex, sizeof ex, "%.2f +- %.2f", f->expected, f->tolerance);
        const char *row[] = {s->name, s->x_param, k, range, b, boot, ts, r2, ex, f->verdict};
        st = cxb_grid_add(g, row);
    }
    return st;
}

static double paper_value(double s) { return s >= 1.0 ? s : -1.0 / s; }

static const cxb_rseries *reference_series(const cxb_rset *rs, const cxb_rseries *s,
                                           const char *ref_impl)
{
    /* the algorithm's own sequential implementation when it was run (prng.philox4x32.cuda
     * against prng.philox4x32.seq), else the study's reference */
    char own[256];
    const char *dot = strrchr(s->impl, '.');
    int use_own = 0;
    if (dot && (size_t)(dot - s->impl) + 5 <= sizeof own) {
        snprintf(own, sizeof own, "%.*s.seq", (int)(dot - s->impl), s->impl);
        for (size_t i = 0; i < rs->nseries && !use_own; ++i)
            use_own = strcmp(rs->series[i].impl, own) == 0 &&
                      strcmp(rs->series[i].x_param, s->x_param) == 0;
    }
    if (use_own)
        ref_impl = own;
    else if (dot) { /* another algorithm's reference would compare apples and pears: none */
        const char *rdot = strrchr(ref_impl, '.');
        if (!rdot || (size_t)(rdot - ref_impl) != (size_t)(dot - s->impl) ||
            strncmp(ref_impl, s->impl, (size_t)(dot - s->impl)) != 0)
            return NULL;
    }
    const cxb_rseries *best = NULL;
    size_t best_score = 0;
    for (size_t i = 0; i < rs->nseries; ++i) {
        const cxb_rseries *q = &rs->series[i];
        if (strcmp(q->impl, ref_impl) != 0 || strcmp(q->x_param, s->x_param) != 0)
            continue;
        size_t score = shared_tokens(s->fixed, q->fixed);
        if (!best || score > best_score) {
            best = q;
            best_score = score;
        }
    }
    return best;
}

int cxb_table_speedup_point(const cxb_rset *rs, const cxb_study *study, size_t i, double *speedup,
                            double *x)
{
    const cxb_rseries *s = &rs->series[i];
    const cxb_rseries *ref = reference_series(rs, s, study && study->reference_impl ? study->reference_impl : "");
    if (!ref || ref == s)
        return 0;
    for (size_t a = s->npts; a-- > 0;)
        for (size_t j = 0; j < ref->npts; ++j) {
            if (ref->x[j] != s->x[a])
                continue;
            double tr = rs->points[ref->pt[j]].sum.median, ti = rs->points[s->pt[a]].sum.median;
            if (!(tr > 0) || !(ti > 0))
                return 0;
            *speedup = tr / ti;
            *x = s->x[a];
            return 1;
        }
    return 0;
}

cxb_status cxb_table_speedup(const cxb_rset *rs, const cxb_study *study, const char *machine,
                             int paper_style, cxb_grid *g)
{
    static const char *const hdr[] = {"implementation", "speed-up [95% CI]", "at", "slope b [95% CI]",
                                      "k", "x range", "expected", "verdict"};
    cxb_status st = cxb_grid_init(g, 8, hdr);
    const char *ref_impl = study && study->reference_impl ? study->reference_impl : "";
    for (size_t i = 0; st == CXB_OK && i < rs->nseries; ++i) {
        const cxb_rseries *s = &rs->series[i];
        const cxb_fit_result *f = &s->fit;
        char name[512], sp[128] = "", at[96] = "", b[96], k[32], range[64], ex[64];
        if (s->fixed[0])
            snprintf(name, sizeof name, "%s @ %s (%s)", s->impl, machine, s->fixed);
        else
            snprintf(name, sizeof name, "%s @ %s", s->impl, machine);
        const cxb_rseries *ref = reference_series(rs, s, ref_impl);
        if (ref == s) { /* the reference itself: 1 by definition */
            snprintf(sp, sizeof sp, paper_style ? "%.2f [%.2f, %.2f]" : "%.3g [%.3g, %.3g]", 1.0, 1.0, 1.0);
            char xs[32];
            fmt_x(xs, sizeof xs, s->x[s->npts - 1]);
            snprintf(at, sizeof at, "%s=%s", s->x_param, xs);
        } else if (ref) {
            for (size_t a = s->npts; a-- > 0;) {
                size_t rb = SIZE_MAX;
                for (size_t j = 0; j < ref->npts; ++j)
                    if (ref->x[j] == s->x[a])
                        rb = j;
                if (rb == SIZE_MAX)
                    continue;
                const cxb_rpoint *pi = &rs->points[s->pt[a]], *pr = &rs->points[ref->pt[rb]];
                double v, lo, hi;
                if (cxb_stats_speedup(pr->val, pr->count, pi->val, pi->count, CXB_STATS_BOOT_B,
                                      fnv1a(s->name) ^ 0x5350454544555021ull, 0.95, &v, &lo,
                                      &hi) == CXB_OK) {
                    if (paper_style)
                        snprintf(sp, sizeof sp, "%.2f [%.2f, %.2f]", paper_value(v),
                                 paper_value(lo), paper_value(hi));
                    else
                        snprintf(sp, sizeof sp, "%.3g [%.3g, %.3g]", v, lo, hi);
                    char xs[32];
                    fmt_x(xs, sizeof xs, s->x[a]);
                    snprintf(at, sizeof at, "%s=%s", s->x_param, xs);
                }
                break;
            }
        }
        fmt_interval(b, sizeof b, f->b, f->b_lo, f->b_hi, "%.2f");
        snprintf(k, sizeof k, "%zu", f->k);
        fmt_range(range, sizeof range, s);
        if (isnan(f->expected))
            ex[0] = '\0';
        else
            snprintf(ex, sizeof ex, "%.2f +- %.2f", f->expected, f->tolerance);
        const char *row[] = {name, sp, at, b, k, range, ex, f->verdict};
        st = cxb_grid_add(g, row);
    }
    return st;
}

/* ---------------- points of several sets (cxb_msets) ---------------- */

void cxb_msets_free(cxb_msets *d)
{
    for (size_t i = 0; i < d->nrs; ++i)
        cxb_rset_free(&d->rs[i]);
    free(d->rs);
    free(d->p);
    memset(d, 0, sizeof *d);
}

cxb_status cxb_msets_load(const char *const *dirs, size_t nd, const char *who, cxb_msets *d)
{
    memset(d, 0, sizeof *d);
    d->rs = calloc(nd ? nd : 1, sizeof *d->rs);
    if (!d->rs)
        return cxb_fail(CXB_ERESOURCE, "%s: out of memory", who);
    size_t total = 0;
    for (size_t k = 0; k < nd; ++k) {
        cxb_status st = cxb_rset_load(dirs[k], &d->rs[k]);
        if (st != CXB_OK) {
            cxb_msets_free(d);
            return st;
        }
        d->nrs = k + 1;
        total += d->rs[k].npoints;
    }
    d->p = malloc((total ? total : 1) * sizeof *d->p);
    if (!d->p) {
        cxb_msets_free(d);
        return cxb_fail(CXB_ERESOURCE, "%s: out of memory", who);
    }
    for (size_t k = 0; k < d->nrs; ++k)
        for (size_t i = 0; i < d->rs[k].npoints; ++i) {
            const cxb_rpoint *rp = &d->rs[k].points[i];
            cxb_mpoint q = {rp->impl, rp->params, rp->sum.median, rp->work};
            size_t j = 0;
            while (j < d->n && (strcmp(d->p[j].impl, q.impl) || strcmp(d->p[j].params, q.params)))
                ++j;
            d->p[j] = q;
            if (j == d->n)
                ++d->n;
        }
    return CXB_OK;
}
