/* suites/propagation/replication_table.c - Jin et al. Figs 16 and 18 as tables and claims
 * (replication_table.h; docs/studies/propagation.md "Replication ratio"). R is structural, so a
 * point's value is its extra column's R (every sample of a point carries the same); where the
 * sets have a point more than once, the last set's counts. */
#include "suites/propagation/replication_table.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/core/params.h"
#include "harness/csv.h"

#define REPL_ID "propagation.replication.seq"
#define MAXPTS 2048

typedef struct rpt {
    char net[160];  /* the graph param (paper:1m128m), else the generator spec of the extra column */
    char part[16];  /* block, random, metis */
    int edge;       /* layout */
    unsigned P;
    double R, cf, lambda; /* cf < 0: no closed form */
} rpt;

typedef struct rdata {
    rpt p[MAXPTS];
    size_t n;
} rdata;

static int get(const char *list, char sep, const char *key, char *buf, size_t size)
{
    return cxb_params_lookup(list, sep, key, buf, size);
}

static void load(const char *const *dirs, size_t nsets, rdata *d)
{
    d->n = 0;
    for (size_t s = 0; s < nsets; ++s) {
        static const char *const need[] = {"impl", "params", "extra", NULL};
        cxb_csv csv;
        int c[3];
        if (cxb_csv_read_cols(dirs[s], "samples.csv", need, &csv, c) != CXB_OK)
            continue;
        for (size_t r = 0; r < csv.nrows; ++r) {
            if (strcmp(cxb_csv_cell(&csv, r, c[0]), REPL_ID))
                continue;
            const char *params = cxb_csv_cell(&csv, r, c[1]), *extra = cxb_csv_cell(&csv, r, c[2]);
            rpt q;
            memset(&q, 0, sizeof q);
            char v[64];
            if (!get(extra, ';', "R", v, sizeof v))
                continue;
            q.R = atof(v);
            q.cf = get(extra, ';', "R_closed_form", v, sizeof v) ? atof(v) : -1;
            q.lambda = get(extra, ';', "lambda", v, sizeof v) ? atof(v) : 0;
            if (!get(params, ';', "graph", q.net, sizeof q.net) && !get(extra, ';', "graph", q.net, sizeof q.net))
                continue;
            if (!get(params, ';', "partition", q.part, sizeof q.part))
                snprintf(q.part, sizeof q.part, "block");
            q.edge = get(params, ';', "layout", v, sizeof v) && !strcmp(v, "edge");
            q.P = get(params, ';', "parts", v, sizeof v) ? (unsigned)atoi(v) : 2;
            size_t i = 0;
            while (i < d->n && !(d->p[i].P == q.P && d->p[i].edge == q.edge && !strcmp(d->p[i].part, q.part) &&
                                 !strcmp(d->p[i].net, q.net)))
                ++i;
            if (i == d->n && d->n < MAXPTS)
                d->n++;
            if (i < MAXPTS)
                d->p[i] = q;
        }
        cxb_csv_free(&csv);
    }
}

static const rpt *find(const rdata *d, const char *net, const char *part, int edge, unsigned P)
{
    for (size_t i = 0; i < d->n; ++i)
        if (d->p[i].P == P && d->p[i].edge == edge && !strcmp(d->p[i].part, part) && !strcmp(d->p[i].net, net))
            return &d->p[i];
    return NULL;
}

static const unsigned Ps[] = {2, 3, 4, 8};
#define NPS (sizeof Ps / sizeof Ps[0])

/* ---- the table ---- */

cxb_status cxb_prop_replication_tables(const char *run_dir, FILE *out)
{
    rdata *d = malloc(sizeof *d);
    if (!d)
        return cxb_fail(CXB_ERESOURCE, "replication table: out of host memory");
    const char *dirs[1] = {run_dir};
    load(dirs, 1, d);
    static const char *const parts[] = {"block", "random", "metis"};
    for (size_t k = 0; k < 3; ++k) {
        int header = 0;
        for (size_t i = 0; i < d->n; ++i) {
            if (strcmp(d->p[i].part, parts[k]))
                continue;
            int first = 1; /* a network's row once, where it first appears */
            for (size_t j = 0; j < i && first; ++j)
                first = !(strcmp(d->p[j].part, parts[k]) == 0 && strcmp(d->p[j].net, d->p[i].net) == 0);
            if (!first)
                continue;
            if (!header++) {
                fprintf(out, "\n### Jin et al. Figs 16 and 18: replication ratio R, %s partition\n\n", parts[k]);
                fprintf(out, "R = replicas / n (docs/studies/propagation.md \"Replication ratio\"); vertex | edge "
                             "layout, edge records oriented as the run's orient; in brackets the G(n, m) closed "
                             "form where one exists.\n\n| network | mean degree |");
                for (size_t p = 0; p < NPS; ++p)
                    fprintf(out, " P = %u vertex | P = %u edge |", Ps[p], Ps[p]);
                fprintf(out, "\n|---|---|");
                for (size_t p = 0; p < NPS; ++p)
                    fprintf(out, "---|---|");
                fprintf(out, "\n");
            }
            fprintf(out, "| %s | %.1f |", d->p[i].net, d->p[i].lambda);
            for (size_t p = 0; p < NPS; ++p)
                for (int e = 0; e < 2; ++e) {
                    const rpt *q = find(d, d->p[i].net, parts[k], e, Ps[p]);
                    if (!q)
                        fprintf(out, " - |");
                    else if (q->cf >= 0)
                        fprintf(out, " %.3f (%.3f) |", q->R, q->cf);
                    else
                        fprintf(out, " %.3f |", q->R);
                }
            fprintf(out, "\n");
        }
    }
    free(d);
    return CXB_OK;
}

/* ---- the claims ---- */

#define LOAD_OR_NOT_MEASURED(d)                                                                    \
    rdata *d = malloc(sizeof *d);                                                                  \
    if (!d)                                                                                        \
        return CXB_NOT_MEASURED;                                                                   \
    load(run_dirs, nsets, d)

/* R(2) < R(3) < R(4) < R(8) for every network, layout and partition with those P */
cxb_verdict cxb_prop_judge_r_rises(const char *const *run_dirs, size_t nsets, char *ours, size_t size)
{
    LOAD_OR_NOT_MEASURED(d);
    size_t chains = 0, broken = 0;
    char where[200] = "";
    for (size_t i = 0; i < d->n; ++i) {
        if (d->p[i].P != 2)
            continue;
        const rpt *prev = &d->p[i];
        int ok = 1, seen = 0;
        for (size_t p = 1; p < NPS; ++p) {
            const rpt *q = find(d, prev->net, prev->part, prev->edge, Ps[p]);
            if (!q)
                continue;
            seen = 1;
            ok &= q->R > prev->R;
            prev = q;
        }
        if (!seen)
            continue;
        chains++;
        if (!ok && !broken++)
            snprintf(where, sizeof where, "; first exception %s, %s, %s", d->p[i].net, d->p[i].part,
                     d->p[i].edge ? "edge" : "vertex");
    }
    free(d);
    if (!chains)
        return CXB_NOT_MEASURED;
    snprintf(ours, size, "%zu of %zu (network, partition, layout) series rise with P%s", chains - broken, chains,
             where);
    return broken ? CXB_DOES_NOT_HOLD : CXB_HOLDS;
}

/* at the sparsest network (smallest mean degree) R_vertex > R_edge at every P and partition */
cxb_verdict cxb_prop_judge_r_vertex_edge(const char *const *run_dirs, size_t nsets, char *ours, size_t size)
{
    LOAD_OR_NOT_MEASURED(d);
    const rpt *sparse = NULL;
    for (size_t i = 0; i < d->n; ++i)
        if (!sparse || d->p[i].lambda < sparse->lambda)
            sparse = &d->p[i];
    size_t pairs = 0, holds = 0;
    double lo = INFINITY, hi = 0;
    for (size_t i = 0; sparse && i < d->n; ++i) {
        const rpt *v = &d->p[i];
        if (v->edge || strcmp(v->net, sparse->net))
            continue;
        const rpt *e = find(d, v->net, v->part, 1, v->P);
        if (!e)
            continue;
        pairs++;
        holds += v->R > e->R;
        double r = e->R > 0 ? v->R / e->R : INFINITY;
        lo = r < lo ? r : lo;
        hi = r > hi ? r : hi;
    }
    if (!pairs) {
        free(d);
        return CXB_NOT_MEASURED;
    }
    snprintf(ours, size, "%s (mean degree %.0f): R_vertex > R_edge at %zu of %zu (P, partition) pairs, "
                         "R_vertex / R_edge %.2f-%.2f",
             sparse->net, sparse->lambda, holds, pairs, lo, hi);
    free(d);
    return holds == pairs ? CXB_HOLDS : CXB_DOES_NOT_HOLD;
}

/* dense networks (mean degree >= 64): R >= 0.95 (P - 1) on both layouts, block and random */
cxb_verdict cxb_prop_judge_r_dense(const char *const *run_dirs, size_t nsets, char *ours, size_t size)
{
    LOAD_OR_NOT_MEASURED(d);
    size_t pts = 0, holds = 0;
    double worst = INFINITY;
    for (size_t i = 0; i < d->n; ++i) {
        const rpt *q = &d->p[i];
        if (q->lambda < 64 || !strcmp(q->part, "metis"))
            continue;
        double f = q->R / (double)(q->P - 1);
        pts++;
        holds += f >= 0.95;
        worst = f < worst ? f : worst;
    }
    free(d);
    if (!pts)
        return CXB_NOT_MEASURED;
    snprintf(ours, size, "%zu of %zu points with mean degree >= 64 at R >= 0.95 (P - 1); lowest R / (P - 1) %.3f",
             holds, pts, worst);
    return holds == pts ? CXB_HOLDS : CXB_DOES_NOT_HOLD;
}

/* every point with a closed form within 0.01 of it */
cxb_verdict cxb_prop_judge_r_closed_form(const char *const *run_dirs, size_t nsets, char *ours, size_t size)
{
    LOAD_OR_NOT_MEASURED(d);
    size_t pts = 0, holds = 0;
    double worst = 0;
    for (size_t i = 0; i < d->n; ++i) {
        if (d->p[i].cf < 0)
            continue;
        double e = fabs(d->p[i].R - d->p[i].cf);
        pts++;
        holds += e <= 0.01;
        worst = e > worst ? e : worst;
    }
    free(d);
    if (!pts)
        return CXB_NOT_MEASURED;
    snprintf(ours, size, "%zu of %zu points within 0.01 of the closed form; largest difference %.4f", holds, pts, worst);
    return holds == pts ? CXB_HOLDS : CXB_DOES_NOT_HOLD;
}

/* METIS: an R-MAT network's R below the random network's of the same name at every P and layout */
cxb_verdict cxb_prop_judge_r_rmat_lower(const char *const *run_dirs, size_t nsets, char *ours, size_t size)
{
    LOAD_OR_NOT_MEASURED(d);
    size_t pairs = 0, holds = 0;
    double worst = 0;
    for (size_t i = 0; i < d->n; ++i) {
        const rpt *r = &d->p[i];
        size_t len = strlen(r->net);
        if (strcmp(r->part, "metis") || len < 5 || strcmp(r->net + len - 5, ":rmat"))
            continue;
        char rnd[160];
        snprintf(rnd, sizeof rnd, "%.*s", (int)(len - 5), r->net);
        const rpt *g = find(d, rnd, "metis", r->edge, r->P);
        if (!g)
            continue;
        pairs++;
        holds += r->R < g->R;
        double f = g->R > 0 ? r->R / g->R : 0;
        worst = f > worst ? f : worst;
    }
    free(d);
    if (!pairs)
        return CXB_NOT_MEASURED;
    snprintf(ours, size, "R-MAT below random at %zu of %zu (network, P, layout) pairs; largest R-MAT / random %.3f",
             holds, pairs, worst);
    return holds == pairs ? CXB_HOLDS : CXB_DOES_NOT_HOLD;
}

/* METIS on R-MAT: R(3) within 10% of R(2), on every network and layout */
cxb_verdict cxb_prop_judge_r_rmat_3_2(const char *const *run_dirs, size_t nsets, char *ours, size_t size)
{
    LOAD_OR_NOT_MEASURED(d);
    size_t pairs = 0, holds = 0;
    char cells[256] = "";
    size_t o = 0;
    for (size_t i = 0; i < d->n; ++i) {
        const rpt *r2 = &d->p[i];
        size_t len = strlen(r2->net);
        if (r2->P != 2 || strcmp(r2->part, "metis") || len < 5 || strcmp(r2->net + len - 5, ":rmat"))
            continue;
        const rpt *r3 = find(d, r2->net, "metis", r2->edge, 3);
        if (!r3 || !(r2->R > 0))
            continue;
        pairs++;
        holds += r3->R <= 1.1 * r2->R;
        if (o < sizeof cells - 40)
            o += (size_t)snprintf(cells + o, sizeof cells - o, "%s%s %s %.2f", o ? ", " : "", r2->net,
                                  r2->edge ? "edge" : "vertex", r3->R / r2->R);
    }
    free(d);
    if (!pairs)
        return CXB_NOT_MEASURED;
    snprintf(ours, size, "R(3) / R(2): %s", cells);
    return holds == pairs ? CXB_HOLDS : CXB_DOES_NOT_HOLD;
}

/* Jin et al. draw x = network, series = P x layout; here x = P (numeric) and a series per
 * network, one figure per layout and partitioner, so that the closed form of each G(n, m)
 * network is its own dashed line beside the measured points (docs "Replication ratio"). */
#define REPL_FIG(id, title, sel)                                                                                      \
    {id, title, "propagation/replication.gp", "parts", "extra:R,R_closed_form",                                   \
     "impl=propagation.replication.seq;" sel, NULL}
const cxb_figure_spec cxb_prop_figures[CXB_PROP_NFIGURES] = {
    REPL_FIG("jin.fig16.vertex", "Jin et al. Fig. 16: replication ratio R of block partitions, vertex layout",
             "layout=vertex;partition=block"),
    REPL_FIG("jin.fig16.edge", "Jin et al. Fig. 16: replication ratio R of block partitions, edge layout",
             "layout=edge;partition=block"),
    REPL_FIG("jin.fig16.random.vertex", "Jin et al. Fig. 16 (random partitions): replication ratio R, vertex layout",
             "layout=vertex;partition=random"),
    REPL_FIG("jin.fig16.random.edge", "Jin et al. Fig. 16 (random partitions): replication ratio R, edge layout",
             "layout=edge;partition=random"),
    REPL_FIG("jin.fig18.vertex", "Jin et al. Fig. 18: replication ratio R of METIS partitions, R-MAT and random, vertex layout",
             "layout=vertex;partition=metis"),
    REPL_FIG("jin.fig18.edge", "Jin et al. Fig. 18: replication ratio R of METIS partitions, R-MAT and random, edge layout",
             "layout=edge;partition=metis"),
};
