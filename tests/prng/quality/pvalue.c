/* tests/prng/quality/pvalue.c - p-values of the in-house battery (see pvalue.h for the sources
 * and the conventions). Everything is in double precision; tiny probabilities are
 * computed in logarithms so that a failing generator gets p = 0 rather than garbage. */
#include "pvalue.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CXQ_EPS 1e-15
#define CXQ_TINY 1e-300

/* Series for P(a, x), good for x < a + 1 (NR3 6.2.5). */
static double gamma_p_series(double a, double x)
{
    double ap = a, del = 1.0 / a, sum = del;
    for (int n = 0; n < 100000; ++n) {
        ap += 1.0;
        del *= x / ap;
        sum += del;
        if (fabs(del) < fabs(sum) * CXQ_EPS)
            break;
    }
    return sum * exp(-x + a * log(x) - lgamma(a));
}

/* Continued fraction for Q(a, x), good for x >= a + 1 (NR3 6.2.7, modified Lentz). */
static double gamma_q_cf(double a, double x)
{
    double b = x + 1.0 - a, c = 1.0 / CXQ_TINY, d = 1.0 / b, h = d;
    for (int i = 1; i < 100000; ++i) {
        double an = -i * (i - a);
        b += 2.0;
        d = an * d + b;
        if (fabs(d) < CXQ_TINY)
            d = CXQ_TINY;
        c = b + an / c;
        if (fabs(c) < CXQ_TINY)
            c = CXQ_TINY;
        d = 1.0 / d;
        double del = d * c;
        h *= del;
        if (fabs(del - 1.0) < CXQ_EPS)
            break;
    }
    return exp(-x + a * log(x) - lgamma(a)) * h;
}

double cxq_gamma_p(double a, double x)
{
    if (!(a > 0.0) || !(x >= 0.0))
        return NAN;
    if (x == 0.0)
        return 0.0;
    return x < a + 1.0 ? gamma_p_series(a, x) : 1.0 - gamma_q_cf(a, x);
}

double cxq_gamma_q(double a, double x)
{
    if (!(a > 0.0) || !(x >= 0.0))
        return NAN;
    if (x == 0.0)
        return 1.0;
    return x < a + 1.0 ? 1.0 - gamma_p_series(a, x) : gamma_q_cf(a, x);
}

double cxq_chi2_sf(double x, double df)
{
    if (x <= 0.0)
        return 1.0;
    return cxq_gamma_q(0.5 * df, 0.5 * x);
}

double cxq_normal_sf(double z)
{
    return 0.5 * erfc(z / sqrt(2.0));
}

/* P(Poisson(l) <= k) = Q(k + 1, l); P(>= k) = P(k, l) for k >= 1. */
double cxq_poisson_cdf(double lambda, uint64_t k)
{
    return cxq_gamma_q((double)k + 1.0, lambda);
}

double cxq_poisson_sf(double lambda, uint64_t k)
{
    return k == 0 ? 1.0 : cxq_gamma_p((double)k, lambda);
}

double cxq_p_discrete(double p_ge, double p_le)
{
    return p_ge <= p_le ? p_ge : 1.0 - p_le;
}

double cxq_binom_pmf(unsigned n, unsigned k, double p)
{
    if (k > n)
        return 0.0;
    double l = lgamma(n + 1.0) - lgamma(k + 1.0) - lgamma(n - k + 1.0) + k * log(p) + (n - k) * log1p(-p);
    return exp(l);
}

double cxq_rank_prob(unsigned L, unsigned K, unsigned r)
{
    unsigned m = L < K ? L : K;
    if (r > m)
        return 0.0;
    double lg = ((double)r * (L + K - r) - (double)L * K) * log(2.0);
    for (unsigned i = 0; i < r; ++i)
        lg += log1p(-ldexp(1.0, (int)i - (int)L)) + log1p(-ldexp(1.0, (int)i - (int)K)) -
              log1p(-ldexp(1.0, (int)i - (int)r));
    return exp(lg);
}

double cxq_lincomp_prob(uint64_t n, uint64_t l)
{
    if (l > n)
        return 0.0;
    double e;
    if (l == 0)
        e = -(double)n;
    else if (2 * l <= n)
        e = 2.0 * (double)l - 1.0 - (double)n;
    else
        e = 2.0 * (double)(n - l) - (double)n;
    return e < -1070.0 ? 0.0 : ldexp(1.0, (int)e);
}

double cxq_chi2_merged(const uint64_t *count, const double *prob, unsigned m, double total,
                       double min_expected, unsigned *df)
{
    double x2 = 0.0, e = 0.0, o = 0.0, last_e = 0.0, last_o = 0.0;
    unsigned classes = 0;
    for (unsigned i = 0; i < m; ++i) {
        e += prob[i] * total;
        o += (double)count[i];
        if (e >= min_expected) {
            if (classes > 0)
                x2 += (last_o - last_e) * (last_o - last_e) / last_e;
            last_e = e;
            last_o = o;
            ++classes;
            e = o = 0.0;
        }
    }
    /* a short tail joins the last full class */
    last_e += e;
    last_o += o;
    if (last_e > 0.0)
        x2 += (last_o - last_e) * (last_o - last_e) / last_e;
    if (classes == 0)
        classes = 1;
    *df = classes - 1;
    return x2;
}

cxq_verdict_t cxq_verdict(double p)
{
    if (isnan(p) || p < 1e-10 || p > 1.0 - 1e-10)
        return CXQ_FAIL;
    if (p < 0.001 || p > 0.999)
        return CXQ_SUSPECT;
    return CXQ_PASS;
}

const char *cxq_verdict_name(cxq_verdict_t v)
{
    return v == CXQ_PASS ? "pass" : v == CXQ_SUSPECT ? "suspect" : "fail";
}

/* ---- poker, coupon collector, random walk laws (pvalue.h) ---- */

/* Occupancy: q[m] = P(m distinct values after j draws) -> after j + 1 draws. A draw repeats
 * one of the m values seen with probability m / d, else shows a new one. */
static void occupancy_step(double *q, unsigned top, unsigned d)
{
    for (unsigned m = top; m > 0; --m)
        q[m] = q[m] * ((double)m / d) + q[m - 1] * ((double)(d - m + 1) / d);
    q[0] = 0.0;
}

void cxq_poker_prob(unsigned d, unsigned k, double *prob)
{
    for (unsigned r = 0; r <= k; ++r)
        prob[r] = 0.0;
    prob[0] = 1.0;
    for (unsigned j = 1; j <= k; ++j)
        occupancy_step(prob, j < d ? j : d, d);
}

void cxq_coupon_prob(unsigned d, unsigned t, double *prob)
{
    /* P(length = l) = P(exactly d - 1 values in the first l - 1 draws) / d; the tail
     * P(length >= t) = P(fewer than d values in the first t - 1 draws), summed directly */
    double *q = calloc((size_t)d + 1, sizeof *q);
    if (!q) {
        for (unsigned l = 0; l <= t; ++l)
            prob[l] = NAN;
        return;
    }
    q[0] = 1.0;
    for (unsigned l = 0; l <= t; ++l)
        prob[l] = 0.0;
    for (unsigned l = 1; l < t; ++l) {
        /* q holds the law after l - 1 draws */
        prob[l] = d >= 1 ? q[d - 1] / d : 0.0;
        occupancy_step(q, l < d ? l : d, d);
    }
    /* q: after t - 1 draws */
    double tail = 0.0;
    for (unsigned m = 0; m < d; ++m)
        tail += q[m];
    prob[t] = tail;
    free(q);
}

/* The walk's law by dynamic programming over (position, statistic so far, last sign):
 * f[(pos * (L + 1) + v) * 3 + sg], pos offset by L, sg the sign of the last nonzero
 * position (0 none yet, 1 negative, 2 positive; used by C only). Unreachable states are
 * skipped, so M, J, R and C cost about L^3 / 4 additions. */
int cxq_walk_prob(unsigned L, int stat, double *prob)
{
    if (L == 0 || L % 2 || L > 4096 || stat < 0 || stat >= CXQ_WALK_NSTAT)
        return -1;
    size_t W = 2 * (size_t)L + 1, V = (size_t)L + 1, n = W * V * 3;
    double *f = calloc(n, sizeof *f), *g = calloc(n, sizeof *g);
    if (!f || !g) {
        free(f);
        free(g);
        return -1;
    }
#define IX(pos, v, sg) ((((size_t)(pos) + L) * V + (size_t)(v)) * 3 + (size_t)(sg))
    unsigned nsg = stat == CXQ_WALK_C ? 3 : 1; /* only C needs the last sign */
    f[IX(0, 0, 0)] = 1.0;
    for (unsigned i = 1; i <= L; ++i) {
        int span = (int)i - 1; /* |position| <= i - 1 before step i, <= i after */
        memset(&g[IX(-(int)i, 0, 0)], 0, (2 * (size_t)i + 1) * V * 3 * sizeof *g);
        for (int pos = -span; pos <= span; pos += 2)
            for (unsigned v = 0; v < i; ++v) /* every statistic is <= the steps taken */
                for (unsigned sg = 0; sg < nsg; ++sg) {
                    double p = f[IX(pos, v, sg)];
                    if (p == 0.0)
                        continue;
                    for (int step = -1; step <= 1; step += 2) {
                        int np = pos + step;
                        unsigned nv = v, nsg = sg;
                        switch (stat) {
                        case CXQ_WALK_H: nv = v + (step > 0); break;
                        case CXQ_WALK_M: nv = np > (int)v ? (unsigned)np : v; break;
                        case CXQ_WALK_J: nv = v + (pos > 0 || np > 0); break;
                        case CXQ_WALK_R: nv = v + (np == 0); break;
                        default: /* C: leaving 0 to the side opposite the last one */
                            if (np != 0) {
                                nsg = np > 0 ? 2 : 1;
                                nv = v + (pos == 0 && sg != 0 && sg != nsg);
                            }
                            break;
                        }
                        g[IX(np, nv, nsg)] += 0.5 * p;
                    }
                }
        double *t = f;
        f = g;
        g = t;
    }
    for (unsigned v = 0; v <= L; ++v)
        prob[v] = 0.0;
    for (int pos = -(int)L; pos <= (int)L; ++pos)
        for (unsigned v = 0; v <= L; ++v)
            for (unsigned sg = 0; sg < 3; ++sg)
                prob[v] += f[IX(pos, v, sg)];
#undef IX
    free(f);
    free(g);
    return 0;
}
