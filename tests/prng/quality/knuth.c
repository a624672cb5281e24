/* tests/prng/quality/knuth.c - the poker, coupon-collector, maximum-of-t and random-walk tests of
 * the in-house battery (docs/studies/prng.md: "simple poker, coupon collector, MaxOft ...
 * SmallCrush-like" and "random walk").
 *
 * Sources: D. E. Knuth, TAOCP vol. 2, 3rd ed., 3.3.2 D (poker, in its simpler form that
 * counts distinct values), E (coupon collector) and F (maximum-of-t); P. L'Ecuyer and
 * R. Simard (2007), TestU01, ACM TOMS 33(4), user guide: sknuth_SimpPoker,
 * sknuth_CouponCollector, sknuth_MaxOft, swalk_RandomWalk1 (the (r, s) view of a word, the
 * walk's statistics H, M, J, R, C); W. Feller, vol. 1, ch. III for the walk's laws (the
 * laws are in pvalue.c, checked against enumeration by test_knuth_laws.c).
 *
 * Deviations from TestU01: one replication (N = 1) and one p-value per call; MaxOft bins the
 * maximum of t s-bit INTEGERS with class probabilities computed exactly for the discrete
 * values ((m / 2^s)^t), so no continuous approximation enters even for small s, and it
 * reports only the chi-square (TestU01 adds an Anderson-Darling statistic); RandomWalk1
 * computes one statistic per call, on its own walks (a battery entry per statistic), and a
 * walk of L steps reads ceil(L / s) words, dropping the unused bits of the last one. */
#include <math.h>
#include <stdlib.h>

#include "battery.h"
#include "pvalue.h"

double cxq_poker(const cxq_source *src, uint64_t n, unsigned r, unsigned s, unsigned k)
{
    if (s < 1 || s > 6 || r + s > 32 || k < 1 || k > 1024)
        return NAN;
    unsigned d = 1u << s;
    uint64_t *count = calloc(k + 1, sizeof *count);
    double *prob = malloc((k + 1) * sizeof *prob);
    if (!count || !prob) {
        free(count);
        free(prob);
        return NAN;
    }
    for (uint64_t g = 0; g < n; ++g) {
        uint64_t seen = 0; /* d <= 64 values: one bit each */
        for (unsigned i = 0; i < k; ++i)
            seen |= 1ULL << cxq_bits(cxq_next(src), r, s);
        ++count[__builtin_popcountll(seen)];
    }
    cxq_poker_prob(d, k, prob);
    unsigned df;
    double x2 = cxq_chi2_merged(count, prob, k + 1, (double)n, 10.0, &df);
    free(count);
    free(prob);
    return df ? cxq_chi2_sf(x2, df) : NAN; /* one class: nothing to test */
}

double cxq_coupon(const cxq_source *src, uint64_t n, unsigned r, unsigned s)
{
    if (s < 1 || s > 6 || r + s > 32)
        return NAN;
    unsigned d = 1u << s;
    /* longest class t: P(length >= t) n is about 10 (the tail falls like (1 - 1/d)^l, so
     * step until it does; capped so that a constant source cannot loop for ever) */
    unsigned t = 4096;
    double *prob = malloc((t + 1) * sizeof *prob);
    uint64_t *count = calloc(t + 1, sizeof *count);
    if (!prob || !count) {
        free(prob);
        free(count);
        return NAN;
    }
    cxq_coupon_prob(d, t, prob);
    double tail = prob[t];
    unsigned tt = t;
    for (unsigned l = t; l-- > d;) { /* shrink t while the tail beyond stays small */
        if ((tail + prob[l]) * (double)n > 10.0)
            break;
        tail += prob[l];
        tt = l;
    }
    prob[tt] = tail;
    t = tt;
    for (uint64_t g = 0; g < n; ++g) {
        uint64_t seen = 0, all = d == 64 ? ~0ULL : (1ULL << d) - 1;
        unsigned len = 0;
        while (seen != all && len < t) {
            seen |= 1ULL << cxq_bits(cxq_next(src), r, s);
            ++len;
        }
        ++count[len]; /* len == t: the segment is at least t long (the rest is dropped) */
    }
    unsigned df;
    double x2 = cxq_chi2_merged(count, prob, t + 1, (double)n, 10.0, &df);
    free(count);
    free(prob);
    return df ? cxq_chi2_sf(x2, df) : NAN; /* one class: nothing to test */
}

double cxq_maxoft(const cxq_source *src, uint64_t n, unsigned r, unsigned s, unsigned t, unsigned d)
{
    if (s < 1 || r + s > 32 || t < 1 || d < 2)
        return NAN;
    double range = ldexp(1.0, (int)s);
    uint64_t *b = malloc((d + 1) * sizeof *b), *count = calloc(d, sizeof *count);
    double *prob = malloc(d * sizeof *prob);
    if (!b || !count || !prob) {
        free(b);
        free(count);
        free(prob);
        return NAN;
    }
    /* class j = [b_j, b_(j+1)) for the maximum M of t s-bit integers: b_j about
     * 2^s (j / d)^(1/t), so that (M / 2^s)^t, Knuth's uniform transform, is cut into d
     * nearly equal classes; whatever rounding made b_j, P(M < b) = (b / 2^s)^t is exact */
    for (unsigned j = 0; j <= d; ++j)
        b[j] = (uint64_t)ceil(range * pow((double)j / d, 1.0 / t));
    b[0] = 0;
    b[d] = (uint64_t)range;
    for (unsigned j = 0; j < d; ++j)
        prob[j] = pow((double)b[j + 1] / range, t) - pow((double)b[j] / range, t);
    for (uint64_t g = 0; g < n; ++g) {
        uint32_t m = 0;
        for (unsigned i = 0; i < t; ++i) {
            uint32_t v = cxq_bits(cxq_next(src), r, s);
            m = v > m ? v : m;
        }
        unsigned lo = 0, hi = d; /* the j with b_j <= m < b_(j+1) */
        while (hi - lo > 1) {
            unsigned mid = (lo + hi) / 2;
            if (b[mid] <= m)
                lo = mid;
            else
                hi = mid;
        }
        ++count[lo];
    }
    unsigned df;
    double x2 = cxq_chi2_merged(count, prob, d, (double)n, 10.0, &df);
    free(b);
    free(count);
    free(prob);
    return df ? cxq_chi2_sf(x2, df) : NAN; /* one class: nothing to test */
}

/* The walk's laws cost milliseconds each; the battery asks for the same few again and
 * again (every generator, every configuration), so the last law of each statistic is kept.
 * The battery runs in one thread. */
static const double *walk_law(unsigned L, int stat)
{
    static double *law[CXQ_WALK_NSTAT];
    static unsigned law_L[CXQ_WALK_NSTAT];
    if (law[stat] && law_L[stat] == L)
        return law[stat];
    double *p = realloc(law[stat], (L + 1) * sizeof *p);
    if (!p)
        return NULL;
    law[stat] = p;
    law_L[stat] = 0;
    if (cxq_walk_prob(L, stat, p))
        return NULL;
    law_L[stat] = L;
    return p;
}

double cxq_walk(const cxq_source *src, uint64_t n, unsigned r, unsigned s, unsigned L, int stat)
{
    if (s < 1 || r + s > 32 || L < 2 || L % 2 || L > 4096 || stat < 0 || stat >= CXQ_WALK_NSTAT)
        return NAN;
    const double *law = walk_law(L, stat);
    uint64_t *count = calloc(L + 1, sizeof *count);
    if (!law || !count) {
        free(count);
        return NAN;
    }
    /* For each step, `up` (0 or 1): s bits a word, most significant first; the bits of the
     * last word beyond L are dropped. One tight loop per statistic (each battery entry runs
     * one statistic on its own walks). */
#define WALK_STEPS(body)                                                       \
    for (unsigned have = 0; have < L;) {                                       \
        uint32_t word_ = cxq_bits(cxq_next(src), r, s);                        \
        unsigned take_ = L - have < s ? L - have : s;                          \
        for (unsigned b_ = s; b_-- > s - take_;) {                             \
            int up = (int)((word_ >> b_) & 1u);                                \
            body;                                                              \
        }                                                                      \
        have += take_;                                                         \
    }
    for (uint64_t w = 0; w < n; ++w) {
        unsigned v = 0;
        int pos = 0, lastsg = 0;
        switch (stat) {
        case CXQ_WALK_H:
            WALK_STEPS(v += (unsigned)up);
            break;
        case CXQ_WALK_M:
            WALK_STEPS(pos += 2 * up - 1; v = pos > (int)v ? (unsigned)pos : v);
            break;
        case CXQ_WALK_J:
            WALK_STEPS(int np = pos + 2 * up - 1; v += (pos > 0) | (np > 0); pos = np);
            break;
        case CXQ_WALK_R:
            WALK_STEPS(pos += 2 * up - 1; v += pos == 0);
            break;
        default: /* C: leaving 0 to the side opposite the one it came from (np = +-1) */
            WALK_STEPS(int np = pos + 2 * up - 1; if (pos == 0) {
                v += lastsg != 0 && lastsg != np;
                lastsg = np;
            } pos = np);
            break;
        }
#undef WALK_STEPS
        ++count[v];
    }
    unsigned df;
    double x2 = cxq_chi2_merged(count, law, L + 1, (double)n, 10.0, &df);
    free(count);
    return df ? cxq_chi2_sf(x2, df) : NAN; /* one class: nothing to test */
}
