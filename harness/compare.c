/* harness/compare.c - regression comparison of two result sets (docs/method.md).
 *
 * Per matched point with >= 3 samples on each side: r = exp(Hodges-Lehmann shift of the
 * log times, NEW - BASE) with its Mann-Whitney-based 95% CI; p = two-sided Mann-Whitney
 * on the log times, adjusted by Benjamini-Hochberg across all tested points; the point
 * is UNDERPOWERED when the smallest attainable p, 2/C(n+m, n), is not below q (asv's
 * guard; an adjusted p is never below the raw one). Verdicts, in this order:
 *   underpowered (or < 3 samples)      AMBIGUOUS
 *   r >= 1 + theta and p_adj < q       REGRESSION
 *   r <= 1/(1 + theta) and p_adj < q   IMPROVEMENT
 *   [r_lo, r_hi] inside the theta band SAME
 *   otherwise                          AMBIGUOUS
 * Instruction counts (both sides have them for every sample): r = median Ir ratio,
 * REGRESSION iff r > 1 + theta_ir, IMPROVEMENT iff r < 1/(1 + theta_ir), else SAME.
 * Slopes (fit.csv of each set, or fitted in memory when absent): SLOPE-REGRESSION iff
 * b_new - b_base >= tau and the 95% intervals (the envelope of the OLS and bootstrap
 * intervals, fit.h) do not overlap; SLOPE-IMPROVEMENT symmetrically.
 * Provenance (with cJSON): schema_version majors must agree, build.type must agree and,
 * unless allowed, host.cpu_model and gpu[0].name too.
 * Noise: a timed REGRESSION or IMPROVEMENT (and a timed slope verdict) becomes NOISY when
 * the set either side's point came from recorded a noise score above noise_max
 * (CXB_CMP_NOISE_MAX, compare.h); instruction-count verdicts are kept (they gate CI).
 */
#define _POSIX_C_SOURCE 200809L
#include "harness/compare.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cxb/config.h"
#include "cxb/core/grow.h"
#include "harness/csv.h"
#include "harness/fit.h"
#include "harness/stats.h"
#include "harness/table.h"

#if CXB_HAVE_CJSON
#include <cjson/cJSON.h>
#endif

const char *const cxb_cmp_verdict_names[5] = {"SAME", "IMPROVEMENT", "REGRESSION", "AMBIGUOUS",
                                              "NOISY"};

void cxb_compare_opts_default(cxb_compare_opts *o)
{
    memset(o, 0, sizeof *o);
    o->threshold = 0.05;
    o->threshold_ir = 0.02;
    o->q = 0.05;
    o->slope_tau = 0.1;
    o->slope_tau_ir = 0.05;
    o->noise_max = CXB_CMP_NOISE_MAX;
}

/* ---------------- one side: result sets, their fits ---------------- */

typedef struct fitrow {
    char *series, *x_param;
    double b, lo, hi; /* lo/hi: the envelope interval */
    int usable;
} fitrow;

typedef struct side {
    cxb_rset *sets;
    size_t nsets;
    fitrow **fits; /* per set */
    size_t *nfits;
    int *fit_ir;   /* per set: the fits are of instruction counts */
    double *noise; /* per set: max(noise_score_start, noise_score_end), -1 unknown */
    /* point index: (set, point) of each distinct point id, later sets winning */
    size_t *pset, *ppt;
    size_t npts;
} side;

static char *dupstr(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

static int is_file(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

static int is_dir(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The result-set directories of path. */
static cxb_status list_sets(const char *path, char ***dirs, size_t *n)
{
    char buf[4200];
    *dirs = NULL;
    *n = 0;
    snprintf(buf, sizeof buf, "%s/samples.csv", path);
    if (is_file(buf) || !is_dir(path)) {
        /* a result set (or a missing one: the loader names the missing file) */
        *dirs = malloc(sizeof **dirs);
        if (!*dirs || !((*dirs)[0] = dupstr(path)))
            return cxb_fail(CXB_ERESOURCE, "compare: out of memory");
        *n = 1;
        return CXB_OK;
    }
    DIR *d = opendir(path);
    if (!d)
        return cxb_fail(CXB_EINPUT, "%s: cannot read directory", path);
    size_t cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        snprintf(buf, sizeof buf, "%s/%s/samples.csv", path, e->d_name);
        if (!is_file(buf))
            continue;
        char **nd = cxb_grow(*dirs, &cap, *n, sizeof *nd, 8);
        if (!nd) {
            closedir(d);
            return cxb_fail(CXB_ERESOURCE, "compare: out of memory");
        }
        *dirs = nd;
        snprintf(buf, sizeof buf, "%s/%s", path, e->d_name);
        if (!((*dirs)[(*n)++] = dupstr(buf))) {
            closedir(d);
            return cxb_fail(CXB_ERESOURCE, "compare: out of memory");
        }
    }
    closedir(d);
    if (*n == 0)
        return cxb_fail(CXB_EINPUT, "%s/samples.csv: cannot read (not a result set, and no result "
                                    "set below it)", path);
    qsort(*dirs, *n, sizeof **dirs, cmp_str);
    return CXB_OK;
}

static int parse_num(const char *s, double *v)
{
    char *end;
    if (!s || !*s)
        return 0;
    *v = strtod(s, &end);
    return end != s && *end == '\0';
}

static void envelope(double b_lo, double b_hi, double boot_lo, double boot_hi, double *lo,
                     double *hi)
{
    cxb_fit_result r;
    r.b_lo = b_lo;
    r.b_hi = b_hi;
    r.boot_lo = boot_lo;
    r.boot_hi = boot_hi;
    cxb_fit_interval(&r, lo, hi);
}

/* Fits of set i: fit.csv when present, else fitted in memory. */
static cxb_status side_fits(side *s, size_t i, const cxb_compare_opts *o, char *note,
                            size_t notesize)
{
    cxb_rset *rs = &s->sets[i];
    char path[4200];
    snprintf(path, sizeof path, "%s/fit.csv", rs->dir);
    s->fit_ir[i] = rs->metric_ir;
    if (is_file(path)) {
        cxb_csv c;
        cxb_status st = cxb_csv_read(path, &c);
        if (st)
            return st;
        int cs = cxb_csv_col(&c, "series"), cx = cxb_csv_col(&c, "x_param"),
            cb = cxb_csv_col(&c, "b"), cl = cxb_csv_col(&c, "b_lo"), ch = cxb_csv_col(&c, "b_hi"),
            cbl = cxb_csv_col(&c, "boot_lo"), cbh = cxb_csv_col(&c, "boot_hi"),
            cv = cxb_csv_col(&c, "verdict");
        if (cs < 0 || cx < 0 || cb < 0 || cl < 0 || ch < 0) {
            cxb_csv_free(&c);
            return cxb_fail(CXB_EINPUT, "%s: missing columns (series, x_param, b, b_lo, b_hi)", path);
        }
        s->fits[i] = calloc(c.nrows + 1, sizeof **s->fits);
        if (!s->fits[i]) {
            cxb_csv_free(&c);
            return cxb_fail(CXB_ERESOURCE, "compare: out of memory");
        }
        for (size_t r = 0; r < c.nrows; ++r) {
            fitrow *f = &s->fits[i][s->nfits[i]++];
            f->series = dupstr(cxb_csv_cell(&c, r, cs));
            f->x_param = dupstr(cxb_csv_cell(&c, r, cx));
            double bl = NAN, bh = NAN, lo = NAN, hi = NAN;
            f->usable = parse_num(cxb_csv_cell(&c, r, cb), &f->b) &&
                        parse_num(cxb_csv_cell(&c, r, cl), &lo) &&
                        parse_num(cxb_csv_cell(&c, r, ch), &hi) &&
                        strcmp(cxb_csv_cell(&c, r, cv), "too_few_points") != 0;
            if (!parse_num(cxb_csv_cell(&c, r, cbl), &bl) || !parse_num(cxb_csv_cell(&c, r, cbh), &bh))
                bl = bh = NAN;
            envelope(lo, hi, bl, bh, &f->lo, &f->hi);
            if (!f->series || !f->x_param) {
                cxb_csv_free(&c);
                return cxb_fail(CXB_ERESOURCE, "compare: out of memory");
            }
        }
        cxb_csv_free(&c);
        return CXB_OK;
    }
    const cxb_study *study = o->find_study ? o->find_study(rs->study) : NULL;
    if (!study) {
        size_t used = strlen(note);
        snprintf(note + used, notesize - used, "%s%s: no fit.csv and study '%s' is not registered",
                 used ? "; " : "", rs->dir, rs->study);
        return CXB_OK;
    }
    cxb_status st = cxb_rset_fit(rs, study, 0, 0);
    if (st)
        return st;
    s->fits[i] = calloc(rs->nseries + 1, sizeof **s->fits);
    if (!s->fits[i])
        return cxb_fail(CXB_ERESOURCE, "compare: out of memory");
    for (size_t j = 0; j < rs->nseries; ++j) {
        const cxb_rseries *q = &rs->series[j];
        fitrow *f = &s->fits[i][s->nfits[i]++];
        f->series = dupstr(q->name);
        f->x_param = dupstr(q->x_param);
        if (!f->series || !f->x_param)
            return cxb_fail(CXB_ERESOURCE, "compare: out of memory");
        f->b = q->fit.b;
        f->usable = strcmp(q->fit.verdict, "too_few_points") != 0 && !isnan(q->fit.b);
        cxb_fit_interval(&q->fit, &f->lo, &f->hi);
    }
    return CXB_OK;
}

static void side_free(side *s)
{
    for (size_t i = 0; i < s->nsets; ++i) {
        if (s->fits) {
            for (size_t j = 0; j < s->nfits[i]; ++j) {
                free(s->fits[i][j].series);
                free(s->fits[i][j].x_param);
            }
            free(s->fits[i]);
        }
        cxb_rset_free(&s->sets[i]);
    }
    free(s->sets);
    free(s->fits);
    free(s->nfits);
    free(s->fit_ir);
    free(s->noise);
    free(s->pset);
    free(s->ppt);
    memset(s, 0, sizeof *s);
}

typedef struct {
    const char *key;
    size_t set, pt;
} pref;

static int cmp_pref(const void *a, const void *b)
{
    const pref *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    if (c)
        return c;
    if (x->set != y->set)
        return (x->set > y->set) - (x->set < y->set);
    return (x->pt > y->pt) - (x->pt < y->pt);
}

/* The larger of the noise scores a set's provenance.json recorded before and after the
 * run; -1 when none was recorded (disabled, instruction counts, no cJSON). */
static double set_noise(const char *dir)
{
    double worst = -1;
#if CXB_HAVE_CJSON
    char path[4200];
    snprintf(path, sizeof path, "%s/provenance.json", dir);
    char *text = cxb_read_file(path, NULL);
    cJSON *root = text ? cJSON_Parse(text) : NULL;
    free(text);
    const cJSON *host = cJSON_GetObjectItemCaseSensitive(root, "host");
    const char *keys[] = {"noise_score_start", "noise_score_end"};
    for (int k = 0; k < 2; ++k) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, keys[k]);
        if (!v)
            v = cJSON_GetObjectItemCaseSensitive(host, keys[k]);
        if (cJSON_IsNumber(v) && v->valuedouble > worst)
            worst = v->valuedouble;
    }
    cJSON_Delete(root);
#else
    (void)dir;
#endif
    return worst;
}

static cxb_status side_load(const char *path, side *s, const cxb_compare_opts *o, char *note,
                            size_t notesize)
{
    memset(s, 0, sizeof *s);
    char **dirs;
    size_t n;
    cxb_status st = list_sets(path, &dirs, &n);
    if (st) {
        if (dirs) {
            for (size_t i = 0; i < n; ++i)
                free(dirs[i]);
            free(dirs);
        }
        return st;
    }
    s->sets = calloc(n, sizeof *s->sets);
    s->fits = calloc(n, sizeof *s->fits);
    s->nfits = calloc(n, sizeof *s->nfits);
    s->fit_ir = calloc(n, sizeof *s->fit_ir);
    s->noise = calloc(n, sizeof *s->noise);
    if (!s->sets || !s->fits || !s->nfits || !s->fit_ir || !s->noise)
        st = cxb_fail(CXB_ERESOURCE, "compare: out of memory");
    for (size_t i = 0; st == CXB_OK && i < n; ++i) {
        s->noise[i] = set_noise(dirs[i]);
        st = cxb_rset_load(dirs[i], &s->sets[i]);
        if (st == CXB_OK)
            s->nsets = i + 1;
    }
    for (size_t i = 0; i < n; ++i)
        free(dirs[i]);
    free(dirs);
    for (size_t i = 0; st == CXB_OK && i < s->nsets; ++i)
        st = side_fits(s, i, o, note, notesize);
    if (st)
        return st;
    size_t total = 0;
    for (size_t i = 0; i < s->nsets; ++i)
        total += s->sets[i].npoints;
    pref *refs = malloc((total + 1) * sizeof *refs);
    s->pset = malloc((total + 1) * sizeof *s->pset);
    s->ppt = malloc((total + 1) * sizeof *s->ppt);
    if (!refs || !s->pset || !s->ppt) {
        free(refs);
        return cxb_fail(CXB_ERESOURCE, "compare: out of memory");
    }
    size_t k = 0;
    for (size_t i = 0; i < s->nsets; ++i)
        for (size_t j = 0; j < s->sets[i].npoints; ++j)
            refs[k++] = (pref){s->sets[i].points[j].point, i, j};
    qsort(refs, k, sizeof *refs, cmp_pref);
    for (size_t i = 0; i < k; ++i) {
        if (i + 1 < k && strcmp(refs[i].key, refs[i + 1].key) == 0)
            continue; /* a later set has the same point */
        s->pset[s->npts] = refs[i].set;
        s->ppt[s->npts] = refs[i].pt;
        s->npts++;
    }
    free(refs);
    return CXB_OK;
}

static const cxb_rpoint *side_point(const side *s, size_t i)
{
    return &s->sets[s->pset[i]].points[s->ppt[i]];
}

/* Index of point id in s (its entries are sorted by id), or SIZE_MAX. */
static size_t side_find(const side *s, const char *id)
{
    size_t lo = 0, hi = s->npts;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(side_point(s, mid)->point, id);
        if (c == 0)
            return mid;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return SIZE_MAX;
}

/* ---------------- provenance ---------------- */

#if CXB_HAVE_CJSON
static void copy_str(char *dst, size_t size, const cJSON *item)
{
    dst[0] = '\0';
    if (cJSON_IsString(item) && item->valuestring)
        snprintf(dst, size, "%s", item->valuestring);
}

/* The major of a schema_version: "MAJOR[.MINOR...]" or a number. A negative, non-finite or
 * unrepresentable major is no version (a cast of such a double to long is undefined). */
static int schema_major(const cJSON *sv, long *major)
{
    if (cJSON_IsString(sv) && sv->valuestring) {
        const char *s = sv->valuestring;
        if (*s < '0' || *s > '9')
            return 0;
        errno = 0;
        long v = strtol(s, NULL, 10);
        if (errno == ERANGE || v > 2147483647L)
            return 0;
        *major = v;
        return 1;
    }
    if (cJSON_IsNumber(sv)) {
        double v = floor(sv->valuedouble);
        if (!(v >= 0 && v < 2147483648.0)) /* NaN fails too */
            return 0;
        *major = (long)v;
        return 1;
    }
    return 0;
}
#endif

cxb_status cxb_prov_read(const char *dir, cxb_prov *p)
{
    memset(p, 0, sizeof *p);
    snprintf(p->where, sizeof p->where, "%s/provenance.json", dir);
#if CXB_HAVE_CJSON
    char *text = cxb_read_file(p->where, NULL);
    if (!text)
        return cxb_fail(CXB_EINPUT, "%s: cannot read", p->where);
    cJSON *root = cJSON_Parse(text);
    free(text);
    if (!root)
        return cxb_fail(CXB_EINPUT, "%s: not valid JSON", p->where);
    const cJSON *sv = cJSON_GetObjectItemCaseSensitive(root, "schema_version");
    cxb_status st = CXB_OK;
    if (!sv)
        st = cxb_fail(CXB_EINPUT, "%s: no schema_version", p->where);
    else if (!schema_major(sv, &p->schema_major))
        st = cxb_fail(CXB_EINPUT, "%s: schema_version is not a version (expected \"MAJOR.MINOR.PATCH\")",
                      p->where);
    const cJSON *host = cJSON_GetObjectItemCaseSensitive(root, "host");
    copy_str(p->cpu, sizeof p->cpu, cJSON_GetObjectItemCaseSensitive(host, "cpu_model"));
    const cJSON *gpu = cJSON_GetObjectItemCaseSensitive(root, "gpu");
    if (cJSON_IsArray(gpu))
        gpu = cJSON_GetArrayItem(gpu, 0);
    copy_str(p->gpu, sizeof p->gpu, cJSON_GetObjectItemCaseSensitive(gpu, "name"));
    const cJSON *build = cJSON_GetObjectItemCaseSensitive(root, "build");
    copy_str(p->build, sizeof p->build, cJSON_GetObjectItemCaseSensitive(build, "type"));
    copy_str(p->compiler, sizeof p->compiler, cJSON_GetObjectItemCaseSensitive(build, "c_compiler"));
    copy_str(p->flags, sizeof p->flags, cJSON_GetObjectItemCaseSensitive(build, "c_flags"));
    cJSON_Delete(root);
    return st;
#else
    return cxb_fail(CXB_ERESOURCE, "%s: built without cJSON: provenance is not read", p->where);
#endif
}

#if CXB_HAVE_CJSON
static cxb_status check_provenance(const side *b, const side *n, const cxb_compare_opts *o)
{
    cxb_prov ref, cur;
    cxb_status st = cxb_prov_read(b->sets[0].dir, &ref);
    if (st)
        return st;
    for (int which = 0; which < 2; ++which) {
        const side *s = which ? n : b;
        for (size_t i = 0; i < s->nsets; ++i) {
            if ((st = cxb_prov_read(s->sets[i].dir, &cur)) != CXB_OK)
                return st;
            if (cur.schema_major != ref.schema_major)
                return cxb_fail(CXB_EINPUT, "%s: schema major version %ld differs from %ld of %s",
                                cur.where, cur.schema_major, ref.schema_major, ref.where);
            if (strcmp(cur.build, ref.build) != 0)
                return cxb_fail(CXB_EINPUT, "%s: build type '%s' differs from '%s' of %s", cur.where,
                                cur.build, ref.build, ref.where);
            if (s->fit_ir[i]) {
                /* instruction counts do not depend on the CPU model or a GPU, but on the
                 * code the compiler emitted: the same compiler and flags are what matter */
                if (strcmp(cur.compiler, ref.compiler) != 0 || strcmp(cur.flags, ref.flags) != 0)
                    return cxb_fail(CXB_EINPUT, "%s: instruction counts from compiler '%s' (%s) "
                                    "are not comparable with '%s' (%s) of %s",
                                    cur.where, cur.compiler, cur.flags, ref.compiler, ref.flags,
                                    ref.where);
                continue;
            }
            if (o->allow_cross_machine)
                continue;
            if (strcmp(cur.cpu, ref.cpu) != 0)
                return cxb_fail(CXB_EINPUT, "%s: CPU '%s' differs from '%s' of %s "
                                "(--allow-cross-machine to compare anyway)",
                                cur.where, cur.cpu, ref.cpu, ref.where);
            if (strcmp(cur.gpu, ref.gpu) != 0)
                return cxb_fail(CXB_EINPUT, "%s: GPU '%s' differs from '%s' of %s "
                                "(--allow-cross-machine to compare anyway)",
                                cur.where, cur.gpu[0] ? cur.gpu : "none",
                                ref.gpu[0] ? ref.gpu : "none", ref.where);
        }
    }
    return CXB_OK;
}
#endif

/* ---------------- the comparison ---------------- */

typedef struct priv {
    side base, new_;
} priv;

static double *log_times(const cxb_rpoint *p)
{
    double *v = malloc((p->count + 1) * sizeof *v);
    if (v)
        for (size_t i = 0; i < p->count; ++i)
            v[i] = log(p->t[i] > 0.5 ? p->t[i] : 0.5); /* 0 ns (a batch below 1 ns) */
    return v;
}

static cxb_status compare_point(const cxb_rpoint *b, const cxb_rpoint *n, cxb_cmp_point *c)
{
    memset(c, 0, sizeof *c);
    c->study = b->study;
    c->impl = b->impl;
    c->params = b->params;
    c->point = b->point;
    c->n_base = b->count;
    c->n_new = n->count;
    c->p = c->p_adj = c->ratio_lo = c->ratio_hi = NAN;
    c->verdict = CXB_CMP_AMBIGUOUS;
    if (b->ir && n->ir) {
        c->instr = 1;
        c->base_median = cxb_stats_median(b->ir, b->count);
        c->new_median = cxb_stats_median(n->ir, n->count);
        c->ratio = c->base_median > 0 ? c->new_median / c->base_median : NAN;
        return CXB_OK;
    }
    c->base_median = cxb_stats_median(b->t, b->count);
    c->new_median = cxb_stats_median(n->t, n->count);
    c->ratio = c->base_median > 0 ? c->new_median / c->base_median : NAN;
    if (b->count < 3 || n->count < 3) {
        c->underpowered = 1;
        return CXB_OK;
    }
    double *lb = log_times(b), *ln = log_times(n);
    if (!lb || !ln) {
        free(lb);
        free(ln);
        return cxb_fail(CXB_ERESOURCE, "compare: out of memory");
    }
    double shift, lo, hi;
    cxb_status st = cxb_stats_hodges_lehmann(lb, b->count, ln, n->count, 0.95, &shift, &lo, &hi);
    if (st == CXB_OK) {
        c->ratio = exp(shift);
        c->ratio_lo = exp(lo);
        c->ratio_hi = exp(hi);
        c->p = cxb_stats_mann_whitney(lb, b->count, ln, n->count, NULL);
    }
    free(lb);
    free(ln);
    return st;
}

static void judge(cxb_cmp_point *c, const cxb_compare_opts *o)
{
    if (c->instr) {
        double t = 1.0 + o->threshold_ir;
        c->verdict = !(c->ratio == c->ratio) ? CXB_CMP_AMBIGUOUS
                     : c->ratio > t          ? CXB_CMP_REGRESSION
                     : c->ratio < 1.0 / t    ? CXB_CMP_IMPROVEMENT
                                             : CXB_CMP_SAME;
        return;
    }
    double t = 1.0 + o->threshold;
    if (c->underpowered || isnan(c->p_adj))
        c->verdict = CXB_CMP_AMBIGUOUS;
    else if (c->ratio >= t && c->p_adj < o->q)
        c->verdict = CXB_CMP_REGRESSION;
    else if (c->ratio <= 1.0 / t && c->p_adj < o->q)
        c->verdict = CXB_CMP_IMPROVEMENT;
    else if (c->ratio_lo >= 1.0 / t && c->ratio_hi <= t)
        c->verdict = CXB_CMP_SAME;
    else
        c->verdict = CXB_CMP_AMBIGUOUS;
    int noisy = c->noise_base > o->noise_max || c->noise_new > o->noise_max;
    if (noisy && (c->verdict == CXB_CMP_REGRESSION || c->verdict == CXB_CMP_IMPROVEMENT))
        c->verdict = CXB_CMP_NOISY;
}

static cxb_status add_unmatched(cxb_compare *c, const char *which, const cxb_rpoint *p)
{
    char **nu = realloc(c->unmatched, (c->nunmatched + 1) * sizeof *nu);
    if (!nu)
        return cxb_fail(CXB_ERESOURCE, "compare: out of memory");
    c->unmatched = nu;
    size_t len = strlen(which) + strlen(p->impl) + strlen(p->params) + strlen(p->point) + 16;
    char *s = malloc(len);
    if (!s)
        return cxb_fail(CXB_ERESOURCE, "compare: out of memory");
    snprintf(s, len, "%s only: %s %s (%s)", which, p->impl, p->params, p->point);
    c->unmatched[c->nunmatched++] = s;
    return CXB_OK;
}

static cxb_status compare_slopes(const side *b, const side *n, const cxb_compare_opts *o,
                                 cxb_compare *c)
{
    for (size_t i = 0; i < b->nsets; ++i)
        for (size_t j = 0; j < b->nfits[i]; ++j) {
            const fitrow *fb = &b->fits[i][j];
            if (!fb->usable)
                continue;
            const fitrow *fn = NULL;
            int nir = 0;
            double nnoise = -1;
            for (size_t k = 0; k < n->nsets; ++k)
                for (size_t l = 0; l < n->nfits[k]; ++l)
                    if (strcmp(n->fits[k][l].series, fb->series) == 0 &&
                        strcmp(n->fits[k][l].x_param, fb->x_param) == 0) {
                        fn = &n->fits[k][l]; /* later sets win */
                        nir = n->fit_ir[k];
                        nnoise = n->noise[k];
                    }
            if (!fn || !fn->usable)
                continue;
            cxb_cmp_slope *ns = realloc(c->slopes, (c->nslopes + 1) * sizeof *ns);
            if (!ns)
                return cxb_fail(CXB_ERESOURCE, "compare: out of memory");
            c->slopes = ns;
            cxb_cmp_slope *s = &c->slopes[c->nslopes++];
            memset(s, 0, sizeof *s);
            s->series = dupstr(fb->series);
            s->x_param = dupstr(fb->x_param);
            if (!s->series || !s->x_param)
                return cxb_fail(CXB_ERESOURCE, "compare: out of memory");
            s->instr = b->fit_ir[i] && nir;
            s->base_b = fb->b;
            s->base_lo = fb->lo;
            s->base_hi = fb->hi;
            s->new_b = fn->b;
            s->new_lo = fn->lo;
            s->new_hi = fn->hi;
            s->delta = fn->b - fb->b;
            double tau = s->instr ? o->slope_tau_ir : o->slope_tau;
            s->verdict = "SAME";
            int noisy = !s->instr && (b->noise[i] > o->noise_max || nnoise > o->noise_max);
            if (noisy && ((s->delta >= tau && s->new_lo > s->base_hi) ||
                          (s->delta <= -tau && s->new_hi < s->base_lo))) {
                s->verdict = "NOISY";
                c->slope_noisy++;
            } else if (s->delta >= tau && s->new_lo > s->base_hi) {
                s->verdict = "SLOPE-REGRESSION";
                c->slope_regressions++;
            } else if (s->delta <= -tau && s->new_hi < s->base_lo) {
                s->verdict = "SLOPE-IMPROVEMENT";
                c->slope_improvements++;
            }
        }
    return CXB_OK;
}

cxb_status cxb_compare_run(const char *base, const char *new_dir, const cxb_compare_opts *o,
                           cxb_compare *c)
{
    memset(c, 0, sizeof *c);
    priv *pv = calloc(1, sizeof *pv);
    if (!pv)
        return cxb_fail(CXB_ERESOURCE, "compare: out of memory");
    c->priv = pv;
    cxb_status st = side_load(base, &pv->base, o, c->slope_note, sizeof c->slope_note);
    if (st == CXB_OK)
        st = side_load(new_dir, &pv->new_, o, c->slope_note, sizeof c->slope_note);
    if (st)
        return st;
#if CXB_HAVE_CJSON
    if ((st = check_provenance(&pv->base, &pv->new_, o)) != CXB_OK)
        return st;
    c->provenance_checked = 1;
#endif
    const side *b = &pv->base, *n = &pv->new_;
    c->noise_base = c->noise_new = -1;
    for (size_t i = 0; i < b->nsets; ++i)
        c->noise_base = b->noise[i] > c->noise_base ? b->noise[i] : c->noise_base;
    for (size_t i = 0; i < n->nsets; ++i)
        c->noise_new = n->noise[i] > c->noise_new ? n->noise[i] : c->noise_new;
    c->points = calloc(b->npts + 1, sizeof *c->points);
    if (!c->points)
        return cxb_fail(CXB_ERESOURCE, "compare: out of memory");
    /* matched points in the order of BASE's sets and points */
    for (size_t si = 0; si < b->nsets; ++si)
        for (size_t pi = 0; pi < b->sets[si].npoints; ++pi) {
            const cxb_rpoint *bp = &b->sets[si].points[pi];
            size_t bi = side_find(b, bp->point);
            if (bi == SIZE_MAX || b->pset[bi] != si || b->ppt[bi] != pi)
                continue; /* superseded by a later set */
            size_t ni = side_find(n, bp->point);
            if (ni == SIZE_MAX) {
                if ((st = add_unmatched(c, "BASE", bp)) != CXB_OK)
                    return st;
                continue;
            }
            if ((st = compare_point(bp, side_point(n, ni), &c->points[c->npoints])) != CXB_OK)
                return st;
            c->points[c->npoints].noise_base = b->noise[si];
            c->points[c->npoints].noise_new = n->noise[n->pset[ni]];
            c->npoints++;
        }
    for (size_t i = 0; i < n->npts; ++i)
        if (side_find(b, side_point(n, i)->point) == SIZE_MAX &&
            (st = add_unmatched(c, "NEW", side_point(n, i))) != CXB_OK)
            return st;
    if (c->npoints == 0)
        return cxb_fail(CXB_EINPUT, "compare: no point of %s matches a point of %s", base, new_dir);
    /* Benjamini-Hochberg over the tested points */
    double *p = malloc(c->npoints * sizeof *p), *adj = malloc(c->npoints * sizeof *adj);
    size_t *which = malloc(c->npoints * sizeof *which);
    if (!p || !adj || !which) {
        free(p);
        free(adj);
        free(which);
        return cxb_fail(CXB_ERESOURCE, "compare: out of memory");
    }
    size_t k = 0;
    for (size_t i = 0; i < c->npoints; ++i)
        if (!c->points[i].instr && !isnan(c->points[i].p)) {
            p[k] = c->points[i].p;
            which[k++] = i;
        }
    cxb_stats_bh_adjust(p, k, adj);
    for (size_t i = 0; i < k; ++i) {
        cxb_cmp_point *cp = &c->points[which[i]];
        cp->p_adj = adj[i];
        if (cxb_stats_mw_min_p(cp->n_base, cp->n_new) >= o->q)
            cp->underpowered = 1;
    }
    free(p);
    free(adj);
    free(which);
    double lsum = 0;
    size_t lcount = 0;
    for (size_t i = 0; i < c->npoints; ++i) {
        cxb_cmp_point *cp = &c->points[i];
        judge(cp, o);
        c->counts[cp->verdict]++;
        c->underpowered += cp->underpowered;
        if (cp->ratio > 0 && isfinite(cp->ratio)) {
            lsum += log(cp->ratio);
            lcount++;
        }
    }
    c->geomean_ratio = lcount ? exp(lsum / (double)lcount) : NAN;
    return compare_slopes(b, n, o, c);
}

void cxb_compare_free(cxb_compare *c)
{
    priv *pv = c->priv;
    if (pv) {
        side_free(&pv->base);
        side_free(&pv->new_);
        free(pv);
    }
    for (size_t i = 0; i < c->nslopes; ++i) {
        free(c->slopes[i].series);
        free(c->slopes[i].x_param);
    }
    free(c->slopes);
    for (size_t i = 0; i < c->nunmatched; ++i)
        free(c->unmatched[i]);
    free(c->unmatched);
    free(c->points);
    memset(c, 0, sizeof *c);
}
