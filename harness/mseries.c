/* harness/mseries.c - measured series, their slopes and the published tables
 * (harness/mseries.h). */
#include "harness/mseries.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/config.h"
#include "cxb/core/params.h"
#include "harness/fit.h"
#include "harness/stats.h"
#include "harness/table.h"

int cxb_mparam_num(const char *params, const char *key, double *v)
{
    char buf[64], *end;
    if (!cxb_rset_param(params, key, buf, sizeof buf) || !buf[0])
        return 0;
    *v = strtod(buf, &end);
    return *end == '\0';
}

int cxb_mparam_is(const char *params, const char *key, const char *val)
{
    char buf[128];
    return cxb_rset_param(params, key, buf, sizeof buf) && !strcmp(buf, val);
}

void cxb_mseries_add(cxb_mseries *s, double x, double t)
{
    if (s->n >= CXB_MSERIES_MAX)
        return;
    size_t k = s->n++;
    while (k > 0 && s->x[k - 1] > x) {
        s->x[k] = s->x[k - 1];
        s->t[k] = s->t[k - 1];
        --k;
    }
    s->x[k] = x;
    s->t[k] = t;
}

int cxb_mseries_at(const cxb_mseries *s, double x, double *t)
{
    for (size_t i = 0; i < s->n; ++i)
        if (s->x[i] == x) {
            *t = s->t[i];
            return 1;
        }
    return 0;
}

cxb_mslope cxb_mseries_slope(const cxb_mseries *s, size_t first, size_t last)
{
    cxb_mslope r = {0, 0, 0, 0, 0};
    if (first + last >= s->n || s->n - first - last < 3)
        return r;
    size_t k = s->n - first - last;
    double lx[CXB_MSERIES_MAX], ly[CXB_MSERIES_MAX], a, se, r2, sigma;
    for (size_t i = 0; i < k; ++i) {
        lx[i] = log10(s->x[first + i]);
        ly[i] = log10(s->t[first + i]);
    }
    if (cxb_fit_ols(lx, ly, k, &r.b, &a, &se, &r2, &sigma) != CXB_OK)
        return r;
    double h = cxb_stats_t_quantile(0.975, (double)(k - 2)) * se;
    r.ok = 1;
    r.k = k;
    r.lo = r.b - h;
    r.hi = r.b + h;
    return r;
}

void cxb_pubtab_load(cxb_pubtab *t, const char *file, const char *extra_col)
{
    char path[4200];
    memset(t, 0, sizeof *t);
    snprintf(path, sizeof path, "%s/results/paper/%s", CXB_SOURCE_DIR, file);
    if (cxb_csv_read(path, &t->csv) != CXB_OK) {
        snprintf(path, sizeof path, "results/paper/%s", file);
        if (cxb_csv_read(path, &t->csv) != CXB_OK)
            return;
    }
    t->cs = cxb_csv_col(&t->csv, "series");
    t->cx = cxb_csv_col(&t->csv, "x");
    t->cv = cxb_csv_col(&t->csv, "value");
    t->ce = cxb_csv_col(&t->csv, extra_col);
    t->ok = t->cs >= 0 && t->cx >= 0 && t->cv >= 0 && t->ce >= 0;
    if (!t->ok)
        cxb_csv_free(&t->csv);
}

void cxb_pubtab_free(cxb_pubtab *t)
{
    if (t->ok)
        cxb_csv_free(&t->csv);
    t->ok = 0;
}

long cxb_pubtab_row(const cxb_pubtab *t, const char *series, const char *x, const char *extra)
{
    if (!t->ok)
        return -1;
    for (size_t r = 0; r < t->csv.nrows; ++r)
        if (!strcmp(cxb_csv_cell(&t->csv, r, t->cs), series) && !strcmp(cxb_csv_cell(&t->csv, r, t->cx), x) &&
            (!extra || !strcmp(cxb_csv_cell(&t->csv, r, t->ce), extra)))
            return (long)r;
    return -1;
}

/* Is p a point of impl at `threads` threads? Then g holds its params without threads. */
static int at_threads(const cxb_mpoint *p, const char *impl, int threads, char *g, size_t size)
{
    double t;
    if (strcmp(p->impl, impl) != 0 || !cxb_mparam_num(p->params, "threads", &t) || t != threads)
        return 0;
    cxb_params_without(p->params, "threads", g, size);
    return 1;
}

int cxb_msets_thread_ratio(const cxb_msets *d, const char *impl, int a, int b, double *smallest, size_t *pairs,
                           const char **worst)
{
    *smallest = INFINITY;
    *pairs = 0;
    if (worst)
        *worst = NULL;
    for (size_t i = 0; i < d->n; ++i) {
        char gi[1024], gj[1024];
        if (!at_threads(&d->p[i], impl, a, gi, sizeof gi))
            continue;
        for (size_t j = 0; j < d->n; ++j) {
            if (!at_threads(&d->p[j], impl, b, gj, sizeof gj) || strcmp(gi, gj) != 0 || !(d->p[j].median_ns > 0))
                continue;
            double r = d->p[i].median_ns / d->p[j].median_ns;
            ++*pairs;
            if (r < *smallest) {
                *smallest = r;
                if (worst)
                    *worst = d->p[i].params;
            }
            break;
        }
    }
    return *pairs > 0;
}

int cxb_msets_thread_claim(const cxb_msets *d, const char *const *impls, size_t nimpls, int a, int b, double want,
                           char *ours, size_t size)
{
    int measured = 0, ok = 1;
    size_t o = 0;
    ours[0] = '\0';
    for (size_t k = 0; k < nimpls; ++k) {
        double r;
        size_t pairs;
        const char *worst;
        if (!cxb_msets_thread_ratio(d, impls[k], a, b, &r, &pairs, &worst))
            continue;
        ++measured;
        ok &= r >= want;
        const char *name = strchr(impls[k], '.') ? strchr(impls[k], '.') + 1 : impls[k];
        /* where: the model (graph studies) or the dimension (frnn), and n as 2^k when it is one */
        const char *model = strstr(worst, "model=");
        char where[48] = "?", ntext[32] = "?";
        double n = 0, dims = 0;
        if (model)
            snprintf(where, sizeof where, "%.*s", (int)strcspn(model + 6, ";"), model + 6);
        else if (cxb_mparam_num(worst, "dims", &dims))
            snprintf(where, sizeof where, "%.0fD", dims);
        if (cxb_mparam_num(worst, "n", &n) && n > 0) {
            const double k = round(log2(n));
            if (exp2(k) == n)
                snprintf(ntext, sizeof ntext, "2^%.0f", k);
            else
                snprintf(ntext, sizeof ntext, "%.0f", n);
        }
        o += (size_t)snprintf(ours + o, o < size ? size - o : 0, "%s%s %.2f (smallest of %zu, %s n = %s)",
                              o ? "; " : "", name, r, pairs, where, ntext);
    }
    if (!measured)
        return 0;
    return ok ? 1 : 2;
}

int cxb_msets_claim_load(const char *const *dirs, size_t nd, const char *who, cxb_msets *d, char *ours, size_t size)
{
    if (cxb_msets_load(dirs, nd, who, d) == CXB_OK)
        return 1;
    snprintf(ours, size, "not measured (the result sets do not load)");
    return 0;
}

int cxb_msets_thread_judge(const char *const *dirs, size_t nd, const char *who, const char *const *impls,
                           size_t nimpls, int a, int b, double want, char *ours, size_t size)
{
    cxb_msets d;
    if (!cxb_msets_claim_load(dirs, nd, who, &d, ours, size))
        return 0;
    int v = cxb_msets_thread_claim(&d, impls, nimpls, a, b, want, ours, size);
    cxb_msets_free(&d);
    return v;
}
