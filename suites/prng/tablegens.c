/* suites/prng/tablegens.c - the CPU side of the PRNG throughput study from a prng result set
 * (docs/studies/prng.md "series (CPU)", 8.3 targets G5 and G3b), one row per generator:
 *
 *   seq per core against cuRAND's CPU host generator (prng.<g>.seq and prng.<g>.curandhost,
 *   type=u32, cuRAND's default ordering, at the same n: 2^24 when both have it, else the
 *   largest n they share): G5 wants >= 3;
 *   pthreads T threads against 1 (the gens-threads sweep: prng.<g>.pthreads with conv=cxb and
 *   a threads parameter): G3b wants >= 1.9 at 2 threads of a 2-core machine, >= 12 at 16
 *   threads of a 16-core host.
 *
 * Numbers are ratios of the points' medians (summary.csv), not bootstrap intervals: the
 * generic speed-up table (cxbench fit --table) gives intervals against each algorithm's own
 * seq where the x values match. Prints nothing when the result set has none of these points.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/rng/all.h"
#include "harness/csv.h"
#include "harness/table.h"
#include "suites/prng/tables.h"

#define MAXPTS 64
#define N_PREFERRED 16777216.0 /* 2^24: the size for the seq / cuRAND host ratio */

typedef struct curve {
    size_t k;
    double x[MAXPTS], med[MAXPTS]; /* x: n or threads; med: median ns */
} curve;

typedef struct gen_rows {
    const char *name;
    curve seq, host, thr;
    unsigned long long thr_n; /* n of the thread sweep */
} gen_rows;

#define GEN_NAME(name, g, kind, streams, chunk) {name, {0}, {0}, {0}, 0},

static int has_kv(const char *params, const char *key, const char *val)
{
    char buf[64];
    return cxb_rset_param(params, key, buf, sizeof buf) && (!val || !strcmp(buf, val));
}

static double param_num(const char *params, const char *key)
{
    char buf[64];
    return cxb_rset_param(params, key, buf, sizeof buf) ? atof(buf) : 0;
}

static void add(curve *c, double x, double med)
{
    for (size_t i = 0; i < c->k; ++i)
        if (c->x[i] == x) {
            if (med < c->med[i]) /* several points at one x (other sweeps): the fastest */
                c->med[i] = med;
            return;
        }
    if (c->k < MAXPTS) {
        c->x[c->k] = x;
        c->med[c->k++] = med;
    }
}

static double at(const curve *c, double x)
{
    for (size_t i = 0; i < c->k; ++i)
        if (c->x[i] == x)
            return c->med[i];
    return 0;
}

cxb_status cxb_prng_tablegens_print(const char *run_dir, FILE *out)
{
    static const char *const need[] = {"impl", "params", "median", NULL};
    int col[3];
    cxb_csv csv;
    cxb_status st = cxb_csv_read_cols(run_dir, "summary.csv", need, &csv, col);
    if (st != CXB_OK)
        return st;
    const int ci = col[0], cp = col[1], cm = col[2];
    gen_rows g[] = {CXB_RNG_LIST(GEN_NAME)};
    size_t ng = sizeof g / sizeof g[0];
    for (size_t i = 0; i < csv.nrows; ++i) {
        const char *impl = cxb_csv_cell(&csv, i, ci), *params = cxb_csv_cell(&csv, i, cp);
        double med = atof(cxb_csv_cell(&csv, i, cm)), n = param_num(params, "n");
        if (strncmp(impl, "prng.", 5) || !(med > 0) || !(n > 0) || has_kv(params, "mode", "sum"))
            continue;
        const char *dot = strchr(impl + 5, '.');
        for (size_t k = 0; dot && k < ng; ++k) {
            if ((size_t)(dot - impl - 5) != strlen(g[k].name) || strncmp(impl + 5, g[k].name, strlen(g[k].name)))
                continue;
            const char *v = dot + 1;
            int u32 = !has_kv(params, "type", NULL) || has_kv(params, "type", "u32");
            if (!strcmp(v, "seq") && u32 && !has_kv(params, "threads", NULL))
                add(&g[k].seq, n, med);
            else if (!strcmp(v, "curandhost") && u32 &&
                     (!has_kv(params, "ordering", NULL) || has_kv(params, "ordering", "default")))
                add(&g[k].host, n, med);
            else if (!strcmp(v, "pthreads") && has_kv(params, "threads", NULL) && has_kv(params, "conv", "cxb")) {
                add(&g[k].thr, param_num(params, "threads"), med);
                g[k].thr_n = (unsigned long long)n;
            }
        }
    }
    cxb_csv_free(&csv);

    int any = 0;
    for (size_t k = 0; k < ng; ++k)
        any |= (g[k].seq.k && g[k].host.k) || g[k].thr.k > 1;
    if (!any)
        return CXB_OK;
    fprintf(out, "\n### CPU throughput: seq against cuRAND's CPU host generators, pthreads against threads"
                 " (docs/studies/prng.md G5, G3b; ratios of medians)\n\n");
    fprintf(out, "| generator | n | seq G/s | cuRAND host G/s | seq / cuRAND host (G5: >= 3) "
                 "| pthreads 1 thread G/s | pthreads T / 1 thread | G3b |\n");
    fprintf(out, "|---|---|---|---|---|---|---|---|\n");
    for (size_t k = 0; k < ng; ++k) {
        const gen_rows *r = &g[k];
        /* the common n: 2^24 when both have it, else the largest shared */
        double n = at(&r->seq, N_PREFERRED) > 0 && at(&r->host, N_PREFERRED) > 0 ? N_PREFERRED : 0;
        for (size_t i = 0; n != N_PREFERRED && i < r->seq.k; ++i)
            if (at(&r->host, r->seq.x[i]) > 0 && r->seq.x[i] > n)
                n = r->seq.x[i];
        if (n == 0 && r->thr.k < 2)
            continue;
        char nb[32] = "-", sb[32] = "-", hb[32] = "-", rb[48] = "-", t1[32] = "-", sp[256] = "-", g3[48] = "-";
        if (n > 0) {
            double ts = at(&r->seq, n), th = at(&r->host, n);
            snprintf(nb, sizeof nb, "%.0f", n);
            snprintf(sb, sizeof sb, "%.3g", n / ts);
            snprintf(hb, sizeof hb, "%.3g", n / th);
            snprintf(rb, sizeof rb, "%.2f (%s)", th / ts, th / ts >= 3 ? "met" : "not met");
        }
        double m1 = at(&r->thr, 1);
        if (m1 > 0 && r->thr.k > 1) {
            snprintf(t1, sizeof t1, "%.3g (n = %llu)", (double)r->thr_n / m1, r->thr_n);
            size_t len = 0;
            double s2 = 0, s16 = 0, tmax = 0;
            for (size_t i = 0; i < r->thr.k; ++i) {
                if (r->thr.x[i] == 1)
                    continue;
                double s = m1 / r->thr.med[i];
                len += (size_t)snprintf(sp + len, len < sizeof sp ? sizeof sp - len : 0, "%sT=%.0f: %.2f",
                                        len ? ", " : "", r->thr.x[i], s);
                s2 = r->thr.x[i] == 2 ? s : s2;
                s16 = r->thr.x[i] == 16 ? s : s16;
                tmax = r->thr.x[i] > tmax ? r->thr.x[i] : tmax;
            }
            if (s16 > 0)
                snprintf(g3, sizeof g3, "16 threads %.2f (%s)", s16, s16 >= 12 ? "met" : "not met");
            else if (tmax == 2 && s2 > 0)
                snprintf(g3, sizeof g3, "2 threads %.2f (%s)", s2, s2 >= 1.9 ? "met" : "not met");
        }
        fprintf(out, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", r->name, nb, sb, hb, rb, t1, sp, g3);
    }
    fprintf(out, "\nG5 asks a quiet CPU and G3b a quiet machine (not a CI gate); G3b's 2-thread target is for a"
                 " 2-core machine, the 16-thread one for a 16-core host with hwloc pinning.\n");
    return CXB_OK;
}
