/* suites/components/tables.c - Leist Tables 6.3 and 6.4, the modern table with the bandwidth
 * bounds and the calibration anchors, and the Sec. 6.4 findings as claims
 * (suites/components/tables.h; docs/studies/components.md "Tables, findings and figures" and
 * "Calibration anchors").
 *
 * Points are read from the result sets' samples.csv (cxb_rset_load: medians of the declared
 * time), so that an anchor set written by scripts/anchors/run-components.sh reads like a set of
 * `cxbench run`. A family of Leist's Table 6.2 is the points whose params match its select
 * (model=disjoint, model=ws;p=0.1, ...) and that vary only in its swept parameter (n; e for
 * Disjoint 2; c for Disjoint 3): of the groups of equal other params, the one with the most
 * sizes (so the three Disjoint families, all model=disjoint, separate by what they sweep).
 */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include "suites/components/tables.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/config.h"
#include "cxb/core/params.h"
#include "harness/csv.h"
#include "harness/fit.h"
#include "harness/mseries.h"
#include "harness/stats.h"
#include "harness/table.h"

/* ------------------------------------------------------------------ points */

typedef cxb_mpoint ccpt; /* harness/table.h */
typedef cxb_msets ccdata;

/* ------------------------------------------------------------------ params */

static int param(const char *params, const char *key, char *buf, size_t size)
{
    return cxb_rset_param(params, key, buf, size);
}

static int num(const char *s, double *v)
{
    char *end;
    if (!s || !*s)
        return 0;
    *v = strtod(s, &end);
    return *end == '\0';
}

/* Equal as strings, or as numbers ("1" and "1.0", "0.010" and "0.01"). */
static int value_eq(const char *a, const char *b)
{
    double x, y;
    if (!strcmp(a, b))
        return 1;
    return num(a, &x) && num(b, &y) && fabs(x - y) <= 1e-12 * fmax(fabs(x), fabs(y));
}

/* Every k=v of select ("k=v;k=v", a value "a|b" for either) is in params. */
static int matches(const char *params, const char *select)
{
    char sel[256];
    snprintf(sel, sizeof sel, "%s", select ? select : "");
    for (char *save = NULL, *kv = strtok_r(sel, ";", &save); kv; kv = strtok_r(NULL, ";", &save)) {
        char *eq = strchr(kv, '=');
        if (!eq)
            return 0;
        *eq = '\0';
        char have[128];
        if (!param(params, kv, have, sizeof have))
            return 0;
        int any = 0;
        for (char *s2 = NULL, *alt = strtok_r(eq + 1, "|", &s2); alt && !any; alt = strtok_r(NULL, "|", &s2))
            any = value_eq(have, alt);
        if (!any)
            return 0;
    }
    return 1;
}


/* ------------------------------------------------------------------ Leist's families */

typedef struct family {
    const char *key;     /* the figure key, and x of the published CSVs */
    const char *name;    /* Leist Table 6.2 */
    const char *select;  /* params every point of the family has */
    const char *x;       /* the swept parameter */
    const char *xname;   /* for the tables */
    const char *exclude; /* Leist's fit exclusions (docs/studies/components.md "Table 6.3") */
    int second_largest;  /* Table 6.4's speed-up point: the second largest x (WS: Kernel 2 cannot run the largest) */
} family;

static const family families[] = {
    {"leist.fig6.2", "Disjoint 1", "model=disjoint", "n", "|V|", "first:3", 0},
    {"leist.fig6.3", "Disjoint 2", "model=disjoint", "e", "|E|", "first:1", 0},
    {"leist.fig6.4", "Disjoint 3", "model=disjoint", "c", "components", "last:1", 0},
    {"leist.fig6.5", "Line", "model=line", "n", "|V|", NULL, 0},
    {"leist.fig6.6", "Scale-free (BA)", "model=bacopy;d=-", "n", "|V|", NULL, 0},
    {"leist.fig6.7", "W-S p = 0.01", "model=ws;p=0.01", "n", "|V|", NULL, 1},
    {"leist.fig6.8", "W-S p = 0.1", "model=ws;p=0.1", "n", "|V|", NULL, 1},
    {"leist.fig6.9", "W-S p = 1.0", "model=ws;p=1", "n", "|V|", NULL, 1},
};
#define NFAM (sizeof families / sizeof families[0])

#define SEQ "components.recursive.seq"
#define UFSEQ "components.unionfind.seq"

/* A family's select, where "k=-" means: the point has no k (the modern sweep's bacopy points
 * have d=16, Leist's have m=5). */
static int family_has(const family *f, const char *params)
{
    char sel[256], pos[256] = "";
    snprintf(sel, sizeof sel, "%s", f->select);
    size_t o = 0;
    for (char *save = NULL, *kv = strtok_r(sel, ";", &save); kv; kv = strtok_r(NULL, ";", &save)) {
        size_t len = strlen(kv);
        if (len > 2 && !strcmp(kv + len - 2, "=-")) {
            char key[64], v[8];
            snprintf(key, sizeof key, "%.*s", (int)(len - 2), kv);
            if (param(params, key, v, sizeof v))
                return 0;
            continue;
        }
        o += (size_t)snprintf(pos + o, sizeof pos - o, "%s%s", o ? ";" : "", kv);
    }
    double x;
    return matches(params, pos) && cxb_mparam_num(params, f->x, &x);
}

/* The family's group: of the params (less x, threads, seed) of its points, the one with the
 * most distinct x. 0 when no group has two (a family is a sweep: a lone point of another
 * family's grid is not one). */

/* a point's group along x: its params without x, threads and seed */
static void group_of(const char *params, const char *x, char *buf, size_t size)
{
    char drop[96];
    snprintf(drop, sizeof drop, "%s,threads,seed", x);
    cxb_params_without(params, drop, buf, size);
}
static int family_group(const ccdata *d, const family *f, char *group, size_t size)
{
    int best = 0;
    for (size_t i = 0; i < d->n; ++i) {
        if (strncmp(d->p[i].impl, "components.", 11) || !family_has(f, d->p[i].params))
            continue;
        char g[512];
        group_of(d->p[i].params, f->x, g, sizeof g);
        double xs[256];
        int nx = 0;
        for (size_t j = 0; j < d->n && nx < 256; ++j) {
            char g2[512];
            double x;
            if (strncmp(d->p[j].impl, "components.", 11) || !family_has(f, d->p[j].params))
                continue;
            group_of(d->p[j].params, f->x, g2, sizeof g2);
            if (strcmp(g, g2) || !cxb_mparam_num(d->p[j].params, f->x, &x))
                continue;
            int seen = 0;
            for (int k = 0; k < nx && !seen; ++k)
                seen = xs[k] == x;
            if (!seen)
                xs[nx++] = x;
        }
        if (nx > best) {
            best = nx;
            snprintf(group, size, "%s", g);
        }
    }
    return best > 1;
}

typedef cxb_mseries series; /* harness/mseries.h */

static void series_of(const ccdata *d, const family *f, const char *group, const char *impl, series *s)
{
    s->n = 0;
    for (size_t i = 0; i < d->n && s->n < CXB_MSERIES_MAX; ++i) {
        char g[512];
        double x;
        if (strcmp(d->p[i].impl, impl) || !family_has(f, d->p[i].params) || !(d->p[i].median_ns > 0))
            continue;
        group_of(d->p[i].params, f->x, g, sizeof g);
        if (strcmp(g, group) || !cxb_mparam_num(d->p[i].params, f->x, &x))
            continue;
        cxb_mseries_add(s, x, d->p[i].median_ns);
    }
}

typedef cxb_mslope slope;

/* OLS of log10 t on log10 x over the points left by the exclusions, with the 95% t-interval
 * (docs/method.md "Fit"); at least 3 points. */
static slope slope_of(const series *s, const char *exclude)
{
    size_t first = 0, last = 0;
    if (cxb_fit_parse_exclude(exclude, &first, &last) != CXB_OK) {
        slope none = {0, 0, 0, 0, 0};
        return none;
    }
    return cxb_mseries_slope(s, first, last);
}

/* The speed-up point of a family: the largest x of the baseline (or the second largest). */
static int speed_point(const series *base, const family *f, double *x)
{
    size_t need = f->second_largest ? 2 : 1;
    if (base->n < need)
        return 0;
    *x = base->x[base->n - need];
    return 1;
}

/* ------------------------------------------------------------------ published values */

/* The published value of series (e.g. "GTX580 Kernel 1") for a family key, as printed; bold
 * when the note says it was the row's fastest. "-" when absent. */
static void pub_cell(const cxb_pubtab *t, const char *series, const char *key, char *buf, size_t size)
{
    long r = cxb_pubtab_row(t, series, key, NULL);
    if (r < 0) {
        snprintf(buf, size, "-");
        return;
    }
    int bold = strstr(cxb_csv_cell(&t->csv, (size_t)r, t->ce), "fastest") != NULL;
    snprintf(buf, size, bold ? "**%s**" : "%s", cxb_csv_cell(&t->csv, (size_t)r, t->cv));
}

static const char *const dev_cpu1 = "CPU i7 970, 1 core", *const dev_cpu6 = "CPU i7 970, 6 cores (TBB)";
static const char *const dev_260[2] = {"GTX260 Kernel 1", "GTX260 Kernel 2"};
static const char *const dev_580[2] = {"GTX580 Kernel 1", "GTX580 Kernel 2"};

/* ------------------------------------------------------------------ Table 6.3 */

static void slope_cell(const slope *s, char *buf, size_t size)
{
    if (!s->ok)
        snprintf(buf, size, "-");
    else
        snprintf(buf, size, "%.2f [%.2f, %.2f]%s", s->b, s->lo, s->hi, s->k < 4 ? " (3 points)" : "");
}

static const char *const modern_ids[] = {UFSEQ, "components.unionfind.pthreads", "components.unionfind.cuda",
                                         "components.afforest.pthreads", "components.afforest.cuda"};
#define NMODERN (sizeof modern_ids / sizeof modern_ids[0])

static int print_table63(const ccdata *d, FILE *out)
{
    static const char *const ours[] = {SEQ, "components.cas.pthreads", "components.k1.cuda", "components.k2.cuda"};
    cxb_pubtab pub;
    cxb_pubtab_load(&pub, "leist2011_table6.3.csv", "note");
    int rows = 0, modern_any = 0;
    for (size_t fi = 0; fi < NFAM; ++fi) {
        const family *f = &families[fi];
        char group[512];
        if (!family_group(d, f, group, sizeof group))
            continue;
        if (!rows++) {
            fprintf(out, "\n### Leist Table 6.3: log-log slopes (published | ours)\n\n");
            fprintf(out, "Ours: least squares of log10(median time) on log10(x) with the 95%% t-interval, over the "
                         "points the thesis fitted (Disjoint 1 without its first 3 points, Disjoint 2 without "
                         "its first, Disjoint 3 without its last); x is |V|, |E| for Disjoint 2, the number of "
                         "components for Disjoint 3. Published: CPU(1) = 1 core, CPU(6) = TBB on 6 cores, "
                         "GTX260 and GTX580 Kernels 1 and 2 (results/paper/leist2011_table6.3.csv).\n\n");
            fprintf(out, "| graph | x | CPU(1) | recursive.seq | CPU(6) | cas.pthreads | 260 K1 | 580 K1 | k1.cuda "
                         "| 260 K2 | 580 K2 | k2.cuda |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        }
        char c[8][64];
        slope s[4];
        for (int i = 0; i < 4; ++i) {
            series ser;
            series_of(d, f, group, ours[i], &ser);
            s[i] = slope_of(&ser, f->exclude);
        }
        for (size_t i = 0; i < NMODERN && !modern_any; ++i) {
            series ser;
            series_of(d, f, group, modern_ids[i], &ser);
            modern_any = ser.n > 0;
        }
        pub_cell(&pub, dev_cpu1, f->key, c[0], sizeof c[0]);
        pub_cell(&pub, dev_cpu6, f->key, c[1], sizeof c[1]);
        pub_cell(&pub, dev_260[0], f->key, c[2], sizeof c[2]);
        pub_cell(&pub, dev_580[0], f->key, c[3], sizeof c[3]);
        pub_cell(&pub, dev_260[1], f->key, c[4], sizeof c[4]);
        pub_cell(&pub, dev_580[1], f->key, c[5], sizeof c[5]);
        char o[4][80];
        for (int i = 0; i < 4; ++i)
            slope_cell(&s[i], o[i], sizeof o[i]);
        fprintf(out, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", f->name, f->xname, c[0], o[0],
                c[1], o[1], c[2], c[3], o[2], c[4], c[5], o[3]);
    }
    if (rows && modern_any) {
        fprintf(out, "\nThe modern rows on the same families (no published counterpart; same exclusions):\n\n");
        fprintf(out, "| graph | unionfind.seq | unionfind.pthreads | unionfind.cuda | afforest.pthreads | afforest.cuda |\n"
                     "|---|---|---|---|---|---|\n");
        for (size_t fi = 0; fi < NFAM; ++fi) {
            const family *f = &families[fi];
            char group[512], cells[NMODERN][80];
            int have = 0;
            if (!family_group(d, f, group, sizeof group))
                continue;
            for (size_t i = 0; i < NMODERN; ++i) {
                series ser;
                series_of(d, f, group, modern_ids[i], &ser);
                slope s = slope_of(&ser, f->exclude);
                have |= ser.n > 0;
                slope_cell(&s, cells[i], sizeof cells[i]);
            }
            if (!have)
                continue;
            fprintf(out, "| %s ", f->name);
            for (size_t i = 0; i < NMODERN; ++i)
                fprintf(out, "| %s ", cells[i]);
            fprintf(out, "|\n");
        }
    }
    cxb_pubtab_free(&pub);
    return rows;
}

/* ------------------------------------------------------------------ Table 6.4 */

static void speed_cell(double base, double t, int bold, char *buf, size_t size)
{
    if (!(base > 0) || !(t > 0))
        snprintf(buf, size, "-");
    else
        snprintf(buf, size, bold ? "**%.3g**" : "%.3g", base / t);
}

static void x_text(double x, char *buf, size_t size)
{
    if (x >= 1e6 && fmod(x, 1e5) == 0)
        snprintf(buf, size, "%gM", x / 1e6);
    else
        snprintf(buf, size, "%.0f", x);
}

static int print_table64(const ccdata *d, FILE *out)
{
    static const char *const ours[] = {"components.cas.pthreads", "components.k1.cuda", "components.k2.cuda"};
    cxb_pubtab pub;
    cxb_pubtab_load(&pub, "leist2011_table6.4.csv", "note");
    int rows = 0;
    for (size_t fi = 0; fi < NFAM; ++fi) {
        const family *f = &families[fi];
        char group[512];
        series base;
        double x, tb;
        if (!family_group(d, f, group, sizeof group))
            continue;
        series_of(d, f, group, SEQ, &base);
        if (!speed_point(&base, f, &x) || !cxb_mseries_at(&base, x, &tb))
            continue;
        if (!rows++) {
            fprintf(out, "\n### Leist Table 6.4: speed-up over components.recursive.seq (published | ours)\n\n");
            fprintf(out, "At the thesis's points: the largest instance; W-S the second largest (Kernel 2 could not run "
                         "the largest); Disjoint 3 the most components. Ratio of medians; bold: the fastest of the "
                         "row (published: as in the thesis, results/paper/leist2011_table6.4.csv).\n\n");
            fprintf(out, "| graph | point | CPU(6) | cas.pthreads | 260 K1 | 580 K1 | k1.cuda | 260 K2 | 580 K2 | k2.cuda "
                         "|\n|---|---|---|---|---|---|---|---|---|---|\n");
        }
        double t[3] = {0, 0, 0};
        int fastest = -1;
        for (int i = 0; i < 3; ++i) {
            series s;
            series_of(d, f, group, ours[i], &s);
            if (cxb_mseries_at(&s, x, &t[i]) && (fastest < 0 || t[i] < t[fastest]))
                fastest = i;
        }
        char c[5][64], o[3][64], xs[32];
        pub_cell(&pub, dev_cpu6, f->key, c[0], sizeof c[0]);
        pub_cell(&pub, dev_260[0], f->key, c[1], sizeof c[1]);
        pub_cell(&pub, dev_580[0], f->key, c[2], sizeof c[2]);
        pub_cell(&pub, dev_260[1], f->key, c[3], sizeof c[3]);
        pub_cell(&pub, dev_580[1], f->key, c[4], sizeof c[4]);
        for (int i = 0; i < 3; ++i)
            speed_cell(tb, t[i], i == fastest && tb > t[i], o[i], sizeof o[i]);
        x_text(x, xs, sizeof xs);
        fprintf(out, "| %s | %s = %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", f->name, f->xname, xs, c[0], o[0], c[1],
                c[2], o[1], c[3], c[4], o[2]);
    }
    /* the second column: over the best sequential code, every parallel row */
    int rows2 = 0;
    static const char *const all[] = {"components.cas.pthreads", "components.k1.cuda", "components.k2.cuda",
                                      "components.unionfind.pthreads", "components.unionfind.cuda",
                                      "components.afforest.pthreads", "components.afforest.cuda", SEQ};
    for (size_t fi = 0; fi < NFAM; ++fi) {
        const family *f = &families[fi];
        char group[512];
        series base, seq;
        double x, tb;
        if (!family_group(d, f, group, sizeof group))
            continue;
        series_of(d, f, group, UFSEQ, &base);
        series_of(d, f, group, SEQ, &seq);
        if (!speed_point(seq.n ? &seq : &base, f, &x) || !cxb_mseries_at(&base, x, &tb))
            continue;
        if (!rows2++)
            fprintf(out, "\nThe same points, speed-up over components.unionfind.seq (the best sequential code; no "
                         "published counterpart; recursive.seq's column is the baseline's own ratio):\n\n"
                         "| graph | point | cas.pthreads | k1.cuda | k2.cuda | unionfind.pthreads | unionfind.cuda | "
                         "afforest.pthreads | afforest.cuda | recursive.seq |\n|---|---|---|---|---|---|---|---|---|---|\n");
        char xs[32];
        x_text(x, xs, sizeof xs);
        fprintf(out, "| %s | %s = %s ", f->name, f->xname, xs);
        for (size_t i = 0; i < sizeof all / sizeof all[0]; ++i) {
            series s;
            double t = 0;
            char cell[64];
            series_of(d, f, group, all[i], &s);
            cxb_mseries_at(&s, x, &t);
            speed_cell(tb, t, 0, cell, sizeof cell);
            fprintf(out, "| %s ", cell);
        }
        fprintf(out, "|\n");
    }
    cxb_pubtab_free(&pub);
    return rows + rows2;
}

/* ------------------------------------------------------------------ the modern table */

cxb_cc_bound cxb_cc_bound_h100(double n, double m)
{
    cxb_cc_bound b;
    double stream = 8.0 * m + 16.0 * n;
    b.labels_in_l2 = 4.0 * n <= CXB_CC_H100_L2_BYTES;
    b.stream_ms = stream / CXB_CC_H100_COPY_BPS * 1e3;
    b.random_ms = (stream + (b.labels_in_l2 ? 0.0 : 32.0 * m)) / CXB_CC_H100_COPY_BPS * 1e3;
    return b;
}

static const char *const modern_models[] = {"bacopy", "gnm", "kron", "wsfast"};
#define NMODELS (sizeof modern_models / sizeof modern_models[0])

/* The rows of the modern table, in order; gpu: the bound applies (an H100 row). */
static const struct {
    const char *impl, *label;
    int gpu;
} modern_rows[] = {
    {"components.unionfind.cuda", "unionfind.cuda", 1},
    {"components.afforest.cuda", "afforest.cuda", 1},
    {"components.k1.cuda", "k1.cuda", 1},
    {"components.k2.cuda", "k2.cuda", 1},
    {"components.eclcc.anchor", "ECL-CC v1.1 (anchor)", 1},
    {"components.eclccracefree.anchor", "race-free ECL-CC (anchor)", 1},
    {"components.unionfind.pthreads", "unionfind.pthreads", 0},
    {"components.afforest.pthreads", "afforest.pthreads", 0},
    {"components.gapafforest.anchor", "GAP cc, Afforest (anchor)", 0},
    {"components.gapsv.anchor", "GAP cc_sv (anchor)", 0},
    {"components.unionfind.seq", "unionfind.seq", 0},
};
#define NMROWS (sizeof modern_rows / sizeof modern_rows[0])

/* A modern point: a calibration model with d=16 (our modern sweep and the anchor sets). */
static int modern_point(const ccpt *p, const char **model, double *n)
{
    char m[32];
    double d;
    if (!param(p->params, "model", m, sizeof m) || !cxb_mparam_num(p->params, "d", &d) || d != 16 ||
        !cxb_mparam_num(p->params, "n", n))
        return 0;
    for (size_t i = 0; i < NMODELS; ++i)
        if (!strcmp(m, modern_models[i])) {
            *model = modern_models[i];
            return 1;
        }
    return 0;
}

/* The point of impl on (model, n): its median and work (edges). */
static const ccpt *modern_find(const ccdata *d, const char *impl, const char *model, double n)
{
    const ccpt *hit = NULL;
    for (size_t i = 0; i < d->n; ++i) {
        const char *mo;
        double nn;
        if (!strcmp(d->p[i].impl, impl) && modern_point(&d->p[i], &mo, &nn) && mo == model && nn == n)
            hit = &d->p[i];
    }
    return hit;
}

/* The graphs (model, n) of the modern points, by model then n. */
typedef struct mgraph {
    const char *model;
    double n, m;
} mgraph;

static size_t modern_graphs(const ccdata *d, mgraph *g, size_t cap)
{
    size_t k = 0;
    for (size_t mi = 0; mi < NMODELS; ++mi)
        for (;;) { /* ascending n: the smallest n above the last one taken */
            double best = INFINITY, last = k && g[k - 1].model == modern_models[mi] ? g[k - 1].n : -1, m = NAN;
            for (size_t i = 0; i < d->n; ++i) {
                const char *mo;
                double n;
                if (modern_point(&d->p[i], &mo, &n) && mo == modern_models[mi] && n > last && n < best) {
                    best = n;
                    m = d->p[i].work;
                }
            }
            if (best == INFINITY || k == cap)
                break;
            /* m: an anchor row's work (the undirected edges after the removal of loops and
             * duplicates, scripts/anchors/run-components.sh), else any row's (the study's work:
             * the generator's tuples, equal to m for gnm, slightly above it for the others) */
            int anchor = 0;
            for (size_t i = 0; i < d->n; ++i) {
                const char *mo;
                double n;
                int is_anchor = strstr(d->p[i].impl, ".anchor") != NULL;
                if (modern_point(&d->p[i], &mo, &n) && mo == modern_models[mi] && n == best && d->p[i].work > 0 &&
                    (!(m > 0) || (is_anchor && !anchor))) {
                    m = d->p[i].work;
                    anchor |= is_anchor;
                }
            }
            g[k++] = (mgraph){modern_models[mi], best, m};
        }
    return k;
}

static void ratio_cell(double num_t, double den_t, char *buf, size_t size)
{
    if (num_t > 0 && den_t > 0)
        snprintf(buf, size, "%.2f", num_t / den_t);
    else
        snprintf(buf, size, "-");
}

static void ms_cell(const ccpt *p, char *buf, size_t size)
{
    if (p)
        snprintf(buf, size, "%.4g", p->median_ns / 1e6);
    else
        snprintf(buf, size, "-");
}

static int print_modern(const ccdata *d, FILE *out)
{
    mgraph g[64];
    size_t ng = modern_graphs(d, g, 64);
    if (!ng)
        return 0;
    fprintf(out, "\n### Modern rows: rate and %% of the bandwidth bound (docs/studies/components.md)\n\n");
    fprintf(out, "Rate = m / median time, m the undirected edges (ECL-CC prints twice that: it counts CSR "
                 "entries): the anchor rows' count after the removal of loops and duplicates where the set has "
                 "them, else the study's work (the generator's tuples). Bounds on an H100 80GB HBM3 (SXM), stated constants: a device-to-device copy "
                 "moves %.1f TB/s, 50 MB of L2, 32-byte sectors; streaming 8m + 16n bytes; random-sector: "
                 "plus 32m bytes once the 4n-byte label array exceeds the L2 (else equal to streaming). %% of "
                 "bound = bound time / measured time, for the GPU rows (the bound is the H100's); the CPU rows "
                 "show rates only.\n\n",
            CXB_CC_H100_COPY_BPS / 1e12);
    fprintf(out, "| graph | n | m | row | median ms | G edges/s | %% of streaming bound | %% of random-sector bound |\n"
                 "|---|---|---|---|---|---|---|---|\n");
    for (size_t k = 0; k < ng; ++k) {
        cxb_cc_bound b = cxb_cc_bound_h100(g[k].n, g[k].m);
        for (size_t r = 0; r < NMROWS; ++r) {
            const ccpt *p = modern_find(d, modern_rows[r].impl, g[k].model, g[k].n);
            if (!p)
                continue;
            double m = g[k].m > 0 ? g[k].m : p->work, ms = p->median_ns / 1e6;
            char rate[32] = "-", ps[32] = "-", pr[32] = "-";
            if (m > 0 && ms > 0) {
                snprintf(rate, sizeof rate, "%.3g", m / (ms * 1e-3) / 1e9);
                if (modern_rows[r].gpu) {
                    cxb_cc_bound bb = cxb_cc_bound_h100(g[k].n, m);
                    snprintf(ps, sizeof ps, "%.1f", 100.0 * bb.stream_ms / ms);
                    snprintf(pr, sizeof pr, "%.1f%s", 100.0 * bb.random_ms / ms, bb.labels_in_l2 ? " (labels in L2)" : "");
                }
            }
            fprintf(out, "| %s | 2^%.0f | %.0f | %s | %.4g | %s | %s | %s |\n", g[k].model, log2(g[k].n), m,
                    modern_rows[r].label, ms, rate, ps, pr);
        }
        if (g[k].m > 0)
            fprintf(out, "| %s | 2^%.0f | %.0f | *bound* | %.4g / %.4g | %.3g / %.3g | 100 | 100 |\n", g[k].model,
                    log2(g[k].n), g[k].m, b.stream_ms, b.random_ms, g[k].m / (b.stream_ms * 1e-3) / 1e9,
                    g[k].m / (b.random_ms * 1e-3) / 1e9);
    }
    /* anchors beside ours */
    int any = 0;
    for (size_t k = 0; k < ng && !any; ++k)
        for (size_t r = 0; r < NMROWS && !any; ++r)
            any = strstr(modern_rows[r].impl, ".anchor") && modern_find(d, modern_rows[r].impl, g[k].model, g[k].n);
    if (!any)
        return 1;
    fprintf(out, "\n### Calibration anchors beside ours (docs/studies/components.md, Calibration anchors)\n\n");
    fprintf(out, "Same graphs, same machine. GPU: speed-up of components.unionfind.cuda over baseline ECL-CC (target "
                 ">= 1.0 on every graph) and over race-free ECL-CC (the lower bar, >= 1.0). CPU: our time / GAP "
                 "Afforest's (target <= 1.25).\n\n");
    fprintf(out, "| graph | n | unionfind.cuda ms | ECL-CC ms | race-free ms | vs race-free | vs ECL-CC | "
                 "GAP Afforest ms | GAP SV ms | unionfind.pthreads / GAP | afforest.pthreads / GAP |\n"
                 "|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (size_t k = 0; k < ng; ++k) {
        const ccpt *uf = modern_find(d, "components.unionfind.cuda", g[k].model, g[k].n),
                   *ecl = modern_find(d, "components.eclcc.anchor", g[k].model, g[k].n),
                   *rf = modern_find(d, "components.eclccracefree.anchor", g[k].model, g[k].n),
                   *gap = modern_find(d, "components.gapafforest.anchor", g[k].model, g[k].n),
                   *sv = modern_find(d, "components.gapsv.anchor", g[k].model, g[k].n),
                   *ufp = modern_find(d, "components.unionfind.pthreads", g[k].model, g[k].n),
                   *afp = modern_find(d, "components.afforest.pthreads", g[k].model, g[k].n);
        if (!ecl && !rf && !gap && !sv)
            continue;
        char c[10][32];
        ms_cell(uf, c[0], sizeof c[0]);
        ms_cell(ecl, c[1], sizeof c[1]);
        ms_cell(rf, c[2], sizeof c[2]);
        ratio_cell(rf ? rf->median_ns : 0, uf ? uf->median_ns : 0, c[3], sizeof c[3]);
        ratio_cell(ecl ? ecl->median_ns : 0, uf ? uf->median_ns : 0, c[4], sizeof c[4]);
        ms_cell(gap, c[5], sizeof c[5]);
        ms_cell(sv, c[6], sizeof c[6]);
        ratio_cell(ufp ? ufp->median_ns : 0, gap ? gap->median_ns : 0, c[7], sizeof c[7]);
        ratio_cell(afp ? afp->median_ns : 0, gap ? gap->median_ns : 0, c[8], sizeof c[8]);
        fprintf(out, "| %s | 2^%.0f | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", g[k].model, log2(g[k].n), c[0],
                c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8]);
    }
    return 1;
}

/* ------------------------------------------------------------------ print_tables */

cxb_status cxb_components_tables_print_sets(const char *const *run_dirs, size_t nsets, FILE *out)
{
    ccdata d;
    cxb_status st = cxb_msets_load(run_dirs, nsets, "components tables", &d);
    if (st != CXB_OK)
        return st;
    print_table63(&d, out);
    print_table64(&d, out);
    print_modern(&d, out);
    cxb_msets_free(&d);
    return CXB_OK;
}

cxb_status cxb_components_tables_print(const char *run_dir, FILE *out)
{
    return cxb_components_tables_print_sets(&run_dir, 1, out);
}

/* ------------------------------------------------------------------ claims (Leist Sec. 6.4) */

/* At how many points of family f that impl a and impl b share is a faster; the largest a/b. */
static void family_pairs(const ccdata *d, const family *f, const char *a, const char *b, int *wins, int *pairs,
                         double *worst)
{
    char group[512];
    *wins = *pairs = 0;
    *worst = 0;
    if (!family_group(d, f, group, sizeof group))
        return;
    series sa, sb;
    series_of(d, f, group, a, &sa);
    series_of(d, f, group, b, &sb);
    for (size_t i = 0; i < sa.n; ++i) {
        double tb;
        if (!cxb_mseries_at(&sb, sa.x[i], &tb))
            continue;
        ++*pairs;
        *wins += sa.t[i] < tb;
        *worst = fmax(*worst, sa.t[i] / tb);
    }
}

static const family *fam(const char *key)
{
    for (size_t i = 0; i < NFAM; ++i)
        if (!strcmp(families[i].key, key))
            return &families[i];
    return NULL;
}

/* "a faster than b at every shared point of the families": the verdict and ours. */
static cxb_verdict faster_everywhere(const ccdata *d, const char *const *keys, size_t nk, const char *a,
                                     const char *b, char *ours, size_t size)
{
    int wins = 0, pairs = 0;
    double worst = 0;
    size_t o = 0;
    ours[0] = '\0';
    for (size_t i = 0; i < nk; ++i) {
        int w, p;
        double r;
        family_pairs(d, fam(keys[i]), a, b, &w, &p, &r);
        if (!p)
            continue;
        wins += w;
        pairs += p;
        worst = fmax(worst, r);
        o += (size_t)snprintf(ours + o, o < size ? size - o : 0, "%s%s: %d of %d points", o ? "; " : "",
                              fam(keys[i])->name, w, p);
    }
    if (!pairs)
        return CXB_NOT_MEASURED;
    snprintf(ours + o, o < size ? size - o : 0, "; largest %s/%s %.2f", strrchr(a, '.') ? a + 11 : a,
             strrchr(b, '.') ? b + 11 : b, worst);
    return wins == pairs ? CXB_HOLDS : CXB_DOES_NOT_HOLD;
}

/* The claims "a faster than b at every shared point of these families", loaded and judged. */
static cxb_verdict judge_faster(const char *const *run_dirs, size_t nsets, const char *const *keys, size_t nk,
                                const char *a, const char *b, char *ours, size_t size)
{
    ccdata d;
    if (!cxb_msets_claim_load(run_dirs, nsets, "components tables", &d, ours, size))
        return CXB_NOT_MEASURED;
    cxb_verdict v = faster_everywhere(&d, keys, nk, a, b, ours, size);
    cxb_msets_free(&d);
    return v;
}

static cxb_verdict judge_k1_ba(const char *const *run_dirs, size_t nsets, char *ours, size_t size)
{
    static const char *const k[] = {"leist.fig6.6"};
    return judge_faster(run_dirs, nsets, k, 1, "components.k1.cuda", "components.k2.cuda", ours, size);
}

static cxb_verdict judge_k2_ws(const char *const *run_dirs, size_t nsets, char *ours, size_t size)
{
    static const char *const k[] = {"leist.fig6.8", "leist.fig6.9"};
    return judge_faster(run_dirs, nsets, k, 2, "components.k2.cuda", "components.k1.cuda", ours, size);
}

static cxb_verdict judge_cpu_line(const char *const *run_dirs, size_t nsets, char *ours, size_t size)
{
    ccdata d;
    if (!cxb_msets_claim_load(run_dirs, nsets, "components tables", &d, ours, size))
        return CXB_NOT_MEASURED;
    static const char *const gpu[] = {"components.k1.cuda", "components.k2.cuda", "components.k3.cuda"};
    const family *f = fam("leist.fig6.5");
    int wins = 0, pairs = 0;
    size_t o = 0;
    ours[0] = '\0';
    for (int i = 0; i < 3; ++i) {
        int w, p;
        double r;
        family_pairs(&d, f, SEQ, gpu[i], &w, &p, &r);
        if (!p)
            continue;
        wins += w;
        pairs += p;
        o += (size_t)snprintf(ours + o, o < size ? size - o : 0, "%sseq faster than %s at %d of %d points (worst seq/%s %.2g)",
                              o ? "; " : "", gpu[i] + 11, w, p, gpu[i] + 11, r);
    }
    cxb_msets_free(&d);
    if (!pairs)
        return CXB_NOT_MEASURED;
    return wins == pairs ? CXB_HOLDS : CXB_DOES_NOT_HOLD;
}

static cxb_verdict judge_cpu_ws001(const char *const *run_dirs, size_t nsets, char *ours, size_t size)
{
    static const char *const k[] = {"leist.fig6.7"};
    return judge_faster(run_dirs, nsets, k, 1, "components.cas.pthreads", "components.k2.cuda", ours, size);
}

/* t(p = 1) / t(p = 0.01) at the largest |V| both WS families have, per row: the GPU rows' ratios
 * stay below 1.5 and below the sequential row's. */
static cxb_verdict judge_ws_p(const char *const *run_dirs, size_t nsets, char *ours, size_t size)
{
    ccdata d;
    if (!cxb_msets_claim_load(run_dirs, nsets, "components tables", &d, ours, size))
        return CXB_NOT_MEASURED;
    static const char *const rows[] = {SEQ, "components.cas.pthreads", "components.k1.cuda", "components.k2.cuda"};
    const family *f1 = fam("leist.fig6.7"), *f3 = fam("leist.fig6.9");
    char g1[512], g3[512];
    double ratio[4];
    int have[4] = {0, 0, 0, 0};
    size_t o = 0;
    ours[0] = '\0';
    if (family_group(&d, f1, g1, sizeof g1) && family_group(&d, f3, g3, sizeof g3))
        for (int i = 0; i < 4; ++i) {
            series a, b;
            series_of(&d, f1, g1, rows[i], &a);
            series_of(&d, f3, g3, rows[i], &b);
            for (size_t j = a.n; j-- > 0 && !have[i];) {
                double tb;
                if (cxb_mseries_at(&b, a.x[j], &tb)) {
                    ratio[i] = tb / a.t[j];
                    have[i] = 1;
                    o += (size_t)snprintf(ours + o, o < size ? size - o : 0, "%s%s %.2f", o ? ", " : "t(p=1)/t(p=0.01): ",
                                          rows[i] + 11, ratio[i]);
                }
            }
        }
    cxb_msets_free(&d);
    if (!have[0] || (!have[2] && !have[3]))
        return CXB_NOT_MEASURED;
    int ok = 1;
    for (int i = 2; i < 4; ++i)
        if (have[i])
            ok &= ratio[i] < 1.5 && ratio[i] < ratio[0];
    return ok ? CXB_HOLDS : CXB_DOES_NOT_HOLD;
}

/* Disjoint 1: the slope of k2 well below k1's: the intervals apart. */
static cxb_verdict judge_d1_slopes(const char *const *run_dirs, size_t nsets, char *ours, size_t size)
{
    ccdata d;
    if (!cxb_msets_claim_load(run_dirs, nsets, "components tables", &d, ours, size))
        return CXB_NOT_MEASURED;
    const family *f = fam("leist.fig6.2");
    char group[512];
    slope s1 = {0, 0, 0, 0, 0}, s2 = s1;
    if (family_group(&d, f, group, sizeof group)) {
        series a, b;
        series_of(&d, f, group, "components.k1.cuda", &a);
        series_of(&d, f, group, "components.k2.cuda", &b);
        s1 = slope_of(&a, f->exclude);
        s2 = slope_of(&b, f->exclude);
    }
    cxb_msets_free(&d);
    if (!s1.ok || !s2.ok)
        return CXB_NOT_MEASURED;
    snprintf(ours, size, "k2 %.2f [%.2f, %.2f], k1 %.2f [%.2f, %.2f]", s2.b, s2.lo, s2.hi, s1.b, s1.lo, s1.hi);
    return s2.hi < s1.lo ? CXB_HOLDS : CXB_DOES_NOT_HOLD;
}

/* Disjoint 3: the last point (most components) faster than the one before, for the rows the
 * thesis saw drop (1 core, 6 cores, Kernel 2); Kernel 1's ratio is reported beside. */
static cxb_verdict judge_d3_drop(const char *const *run_dirs, size_t nsets, char *ours, size_t size)
{
    ccdata d;
    if (!cxb_msets_claim_load(run_dirs, nsets, "components tables", &d, ours, size))
        return CXB_NOT_MEASURED;
    static const char *const rows[] = {SEQ, "components.cas.pthreads", "components.k2.cuda", "components.k1.cuda"};
    const family *f = fam("leist.fig6.4");
    char group[512];
    int measured = 0, drops = 0;
    size_t o = 0;
    ours[0] = '\0';
    if (family_group(&d, f, group, sizeof group))
        for (int i = 0; i < 4; ++i) {
            series s;
            series_of(&d, f, group, rows[i], &s);
            if (s.n < 2)
                continue;
            double r = s.t[s.n - 1] / s.t[s.n - 2];
            o += (size_t)snprintf(ours + o, o < size ? size - o : 0, "%s%s %.2f", o ? ", " : "t(last)/t(previous): ",
                                  rows[i] + 11, r);
            if (i < 3) {
                ++measured;
                drops += r < 1;
            }
        }
    cxb_msets_free(&d);
    if (!measured)
        return CXB_NOT_MEASURED;
    return drops == measured ? CXB_HOLDS : CXB_DOES_NOT_HOLD;
}

/* The fastest faithful row at each family's speed-up point: more than one winner. */
static cxb_verdict judge_no_winner(const char *const *run_dirs, size_t nsets, char *ours, size_t size)
{
    ccdata d;
    if (!cxb_msets_claim_load(run_dirs, nsets, "components tables", &d, ours, size))
        return CXB_NOT_MEASURED;
    static const char *const rows[] = {SEQ, "components.cas.pthreads", "components.k1.cuda", "components.k2.cuda"};
    int won[4] = {0, 0, 0, 0}, fams = 0;
    size_t o = 0;
    ours[0] = '\0';
    for (size_t fi = 0; fi < NFAM; ++fi) {
        const family *f = &families[fi];
        char group[512];
        series base;
        double x;
        if (!family_group(&d, f, group, sizeof group))
            continue;
        series_of(&d, f, group, SEQ, &base);
        if (!speed_point(&base, f, &x))
            continue;
        int best = -1;
        double bt = 0;
        for (int i = 0; i < 4; ++i) {
            series s;
            double t;
            series_of(&d, f, group, rows[i], &s);
            if (cxb_mseries_at(&s, x, &t) && (best < 0 || t < bt)) {
                best = i;
                bt = t;
            }
        }
        if (best < 0)
            continue;
        ++fams;
        won[best] = 1;
        o += (size_t)snprintf(ours + o, o < size ? size - o : 0, "%s%s: %s", o ? "; " : "", f->name, rows[best] + 11);
    }
    cxb_msets_free(&d);
    if (fams < 2)
        return CXB_NOT_MEASURED;
    return won[0] + won[1] + won[2] + won[3] > 1 ? CXB_HOLDS : CXB_DOES_NOT_HOLD;
}

/* The calibration targets (docs/studies/components.md "Calibration and targets"). */
static cxb_verdict anchor_ratio(const char *const *run_dirs, size_t nsets, const char *ours_id, const char *anchor,
                                double limit, int ours_faster, char *ours, size_t size)
{
    ccdata d;
    if (!cxb_msets_claim_load(run_dirs, nsets, "components tables", &d, ours, size))
        return CXB_NOT_MEASURED;
    mgraph g[64];
    size_t ng = modern_graphs(&d, g, 64), pairs = 0, ok = 0;
    double worst = ours_faster ? INFINITY : 0;
    char wg[64] = "";
    for (size_t k = 0; k < ng; ++k) {
        const ccpt *a = modern_find(&d, ours_id, g[k].model, g[k].n), *b = modern_find(&d, anchor, g[k].model, g[k].n);
        if (!a || !b)
            continue;
        ++pairs;
        /* ours_faster: speed-up anchor/ours >= limit; else ours/anchor <= limit */
        double r = ours_faster ? b->median_ns / a->median_ns : a->median_ns / b->median_ns;
        int good = ours_faster ? r >= limit : r <= limit;
        ok += good;
        if (ours_faster ? r < worst : r > worst) {
            worst = r;
            snprintf(wg, sizeof wg, "%s 2^%.0f", g[k].model, log2(g[k].n));
        }
    }
    cxb_msets_free(&d);
    if (!pairs)
        return CXB_NOT_MEASURED;
    snprintf(ours, size, "%zu of %zu graphs; %s %.2f (%s)", ok, pairs, ours_faster ? "smallest speed-up" : "largest ratio",
             worst, wg);
    return ok == pairs ? CXB_HOLDS : CXB_DOES_NOT_HOLD;
}

static cxb_verdict judge_vs_racefree(const char *const *run_dirs, size_t nsets, char *ours, size_t size)
{
    return anchor_ratio(run_dirs, nsets, "components.unionfind.cuda", "components.eclccracefree.anchor", 1.0, 1, ours,
                        size);
}

static cxb_verdict judge_vs_eclcc(const char *const *run_dirs, size_t nsets, char *ours, size_t size)
{
    return anchor_ratio(run_dirs, nsets, "components.unionfind.cuda", "components.eclcc.anchor", 1.0, 1, ours, size);
}

static cxb_verdict judge_vs_gap(const char *const *run_dirs, size_t nsets, char *ours, size_t size)
{
    return anchor_ratio(run_dirs, nsets, "components.afforest.pthreads", "components.gapafforest.anchor", 1.25, 0, ours,
                        size);
}

/* >= 18 G edges/s kernel-only for unionfind.cuda on BA and ER (gnm) at n = 2^24. */
static cxb_verdict judge_rate(const char *const *run_dirs, size_t nsets, char *ours, size_t size)
{
    ccdata d;
    if (!cxb_msets_claim_load(run_dirs, nsets, "components tables", &d, ours, size))
        return CXB_NOT_MEASURED;
    int measured = 0, ok = 1;
    size_t o = 0;
    ours[0] = '\0';
    for (int i = 0; i < 2; ++i) {
        const ccpt *p = modern_find(&d, "components.unionfind.cuda", modern_models[i], 16777216.0);
        if (!p || !(p->work > 0))
            continue;
        double rate = p->work / (p->median_ns * 1e-9) / 1e9;
        ++measured;
        ok &= rate >= 18.0;
        o += (size_t)snprintf(ours + o, o < size ? size - o : 0, "%s%s %.1f G edges/s (%.0f%% of the random-sector bound)",
                              o ? "; " : "", modern_models[i], rate,
                              100.0 * cxb_cc_bound_h100(16777216.0, p->work).random_ms / (p->median_ns / 1e6));
    }
    cxb_msets_free(&d);
    if (!measured)
        return CXB_NOT_MEASURED;
    return ok ? CXB_HOLDS : CXB_DOES_NOT_HOLD;
}

/* >= 1.9x from 1 to 2 threads on the 2-core machine, graphs above its L3 (the scaling preset). */
static cxb_verdict judge_two_threads(const char *const *run_dirs, size_t nsets, char *ours, size_t size)
{
    static const char *const rows[] = {"components.unionfind.pthreads", "components.afforest.pthreads"};
    return (cxb_verdict)cxb_msets_thread_judge(run_dirs, nsets, "components tables", rows, 2, 1, 2, 1.9, ours, size);
}

const cxb_claim cxb_components_claims[] = {
    {"leist.tab6.4", "Leist Sec. 6.4: Kernel 1 (edge-parallel) wins when degrees vary widely: k1 faster than k2 on "
                     "scale-free (BA) graphs (Table 6.4: 580 K1 14.2x vs K2 8.4x)",
     judge_k1_ba},
    {"leist.tab6.4", "Leist Sec. 6.4: Kernel 2 (vertex-parallel) wins for near-uniform degrees: k2 faster than k1 on "
                     "W-S p = 0.1 and p = 1.0 (Table 6.4: 9.1x vs 3.5x, 8.2x vs 7.0x)",
     judge_k2_ws},
    {"leist.tab6.4", "Leist Sec. 6.4: the CPU wins on the line graph: recursive.seq faster than every GPU kernel "
                     "(Table 6.4: GPUs about 10^4x slower)",
     judge_cpu_line},
    {"leist.tab6.4", "Leist Sec. 6.4: the CPU wins on near-regular graphs: cas.pthreads faster than k2 on W-S p = 0.01 "
                     "(Table 6.4: 7.1x vs 2.6x)",
     judge_cpu_ws001},
    {"leist.tab6.4", "Leist Sec. 6.4: GPU times change little with p while CPU time grows with p: t(p = 1)/t(p = 0.01) "
                     "below 1.5 for k1 and k2 and below recursive.seq's",
     judge_ws_p},
    /* judged on Fig 6.2's own sets: merged with the other families' (leist.tab6.3), the Disjoint 2
     * point n = 1 M, e = 50 M, c = 100 joins Disjoint 1's points and moves the thesis's exclusion
     * of the first three */
    {"leist.fig6.2", "Leist Sec. 6.4: Disjoint 1: Kernel 2 barely changes as |V| grows while Kernel 1 needs more "
                     "launches: slope of k2 well below k1's (Table 6.3: 580 K2 0.13 vs K1 0.87)",
     judge_d1_slopes},
    {"leist.tab6.4", "Leist Sec. 6.4: Disjoint 3: times drop at 10^6 components (1 core, 6 cores, Kernel 2; GTX260 "
                     "Kernel 1 the opposite, attributed to Fermi caches)",
     judge_d3_drop},
    {"leist.tab6.4", "Leist Sec. 6.4: no single winner across graph families (fastest of recursive, cas, k1, k2 per "
                     "family at Table 6.4's points)",
     judge_no_winner},
    {"cc.modern.anchor", "Target: components.unionfind.cuda at least as fast as baseline ECL-CC v1.1 on every "
                         "calibration graph, same GPU, same call",
     judge_vs_eclcc},
    {"cc.modern.anchor", "Lower bar: components.unionfind.cuda at least as fast as race-free ECL-CC (atomic label "
                         "accesses, as ours) on every calibration graph",
     judge_vs_racefree},
    {"cc.modern.anchor.cpu", "Target: components.afforest.pthreads within 1.25x of GAP's Afforest (cc) on the same host",
     judge_vs_gap},
    {"cc.modern.rate", "Stretch target: components.unionfind.cuda >= 18 G edges/s kernel-only on BA and ER at "
                       "n = 2^24, average degree 16 (25% of the 71 G edges/s random-sector bound)",
     judge_rate},
    {"cc.scaling", "Target: components.unionfind.pthreads and afforest.pthreads at least 1.9x faster on 2 threads "
                   "than on 1, on the 2-core machine, graphs above its L3 (n = 2^24, average degree 16)",
     judge_two_threads},
    {NULL, NULL, NULL},
};

/* ------------------------------------------------------------------ figures */

/* The faithful rows of Leist's figures (recursive, cas, k1, k2; k3 where it ran: the line); the
 * modern rows have their own figures (docs/studies/components.md "Figures"). A select value
 * holds at most 63 characters (cxb_params), hence the prefixes. */
#define CC_FIG_FAITHFUL "impl=components.r*|components.c*|components.k*"

const cxb_figure_spec cxb_components_figures[CXB_COMPONENTS_NFIGURES] = {
    {"leist.fig6.2", "Leist Fig. 6.2: Disjoint 1 (100 components), time against |V|", "components/leist_fig6.gp", "n",
     "time", CC_FIG_FAITHFUL ";model=disjoint;c=100;e=50000000|1000000|200000", NULL},
    {"leist.fig6.3", "Leist Fig. 6.3: Disjoint 2 (1 M vertices), time against |E|", "components/leist_fig6.gp", "e",
     "time", CC_FIG_FAITHFUL ";model=disjoint;c=100;n=1000000|100000", NULL},
    {"leist.fig6.4", "Leist Fig. 6.4: Disjoint 3, time against the number of components", "components/leist_fig6.gp",
     "c", "time", CC_FIG_FAITHFUL ";model=disjoint;n=5000000|200000;e=60000000|1000000", NULL},
    {"leist.fig6.5", "Leist Fig. 6.5: line graphs (with Kernel 3), time against |V|", "components/leist_fig6.gp", "n",
     "time", CC_FIG_FAITHFUL ";model=line", NULL},
    {"leist.fig6.6", "Leist Fig. 6.6: scale-free (BA), time against |V|", "components/leist_fig6.gp", "n", "time",
     CC_FIG_FAITHFUL ";model=bacopy;d=-", NULL},
    {"leist.fig6.7", "Leist Fig. 6.7: Watts-Strogatz p = 0.01, time against |V|", "components/leist_fig6.gp", "n",
     "time", CC_FIG_FAITHFUL ";model=ws;p=0.01", NULL},
    {"leist.fig6.8", "Leist Fig. 6.8: Watts-Strogatz p = 0.1, time against |V|", "components/leist_fig6.gp", "n", "time",
     CC_FIG_FAITHFUL ";model=ws;p=0.1", NULL},
    {"leist.fig6.9", "Leist Fig. 6.9: Watts-Strogatz p = 1, time against |V|", "components/leist_fig6.gp", "n", "time",
     CC_FIG_FAITHFUL ";model=ws;p=1", NULL},
    {"cc.modern.rate.bacopy", "connected components, BA (bacopy, degree 16): edges/s against |V|, {backends}",
     "components/modern_rate.gp", "n", "rate", "model=bacopy;d=16", NULL},
    {"cc.modern.rate.gnm", "connected components, ER (gnm, degree 16): edges/s against |V|, {backends}",
     "components/modern_rate.gp", "n", "rate", "model=gnm;d=16", NULL},
    {"cc.modern.rate.kron", "connected components, Kronecker (degree 16): edges/s against |V|, {backends}",
     "components/modern_rate.gp", "n", "rate", "model=kron;d=16", NULL},
    {"cc.modern.rate.wsfast", "connected components, W-S (wsfast p = 0.1, degree 16): edges/s against |V|, {backends}",
     "components/modern_rate.gp", "n", "rate", "model=wsfast;d=16", NULL},
    {"cc.modern.anchor.bacopy", "calibration, BA (bacopy, degree 16): ours against ECL-CC and GAP, time against |V|",
     "components/modern_anchor.gp", "n", "time", "model=bacopy;d=16", NULL},
    {"cc.modern.anchor.gnm", "calibration, ER (gnm, degree 16): ours against ECL-CC and GAP, time against |V|",
     "components/modern_anchor.gp", "n", "time", "model=gnm;d=16", NULL},
    {"cc.modern.anchor.kron", "calibration, Kronecker (degree 16): ours against ECL-CC and GAP, time against |V|",
     "components/modern_anchor.gp", "n", "time", "model=kron;d=16", NULL},
    {"cc.modern.anchor.wsfast", "calibration, W-S (wsfast p = 0.1, degree 16): ours against ECL-CC and GAP, time against |V|",
     "components/modern_anchor.gp", "n", "time", "model=wsfast;d=16", NULL},
};
_Static_assert(sizeof cxb_components_figures / sizeof cxb_components_figures[0] == CXB_COMPONENTS_NFIGURES,
               "CXB_COMPONENTS_NFIGURES counts the figures");
