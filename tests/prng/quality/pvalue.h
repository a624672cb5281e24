/* tests/prng/quality/pvalue.h - the distributions the in-house quality battery turns its
 * statistics into p-values with (docs/studies/prng.md): chi-square, normal, Poisson, binomial,
 * GF(2) matrix ranks and the linear complexity of a random bit sequence.
 *
 * Convention (TestU01's, L'Ecuyer and Simard 2007, section 2.2): a p-value is the
 * right-tail probability P(X >= x) of the statistic; near 0 means "too large", near 1
 * "too small" (or, for a chi-square, a fit too good to be random). Both ends are
 * suspicious; cxq_verdict applies docs/studies/prng.md's thresholds. For a discrete statistic with
 * atoms, cxq_p_discrete returns P(X >= x) when that is the smaller tail and
 * 1 - P(X <= x) otherwise, so that a typical value never lands near 0 or 1.
 */
#ifndef CXB_TESTS_QUALITY_PVALUE_H
#define CXB_TESTS_QUALITY_PVALUE_H

#include <stdint.h>

/* Regularized incomplete gamma functions P(a, x) and Q(a, x) = 1 - P(a, x), a > 0,
 * x >= 0 (series below a + 1, Lentz's continued fraction above; W. H. Press et al.,
 * Numerical Recipes 3rd ed., 6.2). Relative accuracy about 1e-14. */
double cxq_gamma_p(double a, double x);
double cxq_gamma_q(double a, double x);

/* P(chi2_df >= x). */
double cxq_chi2_sf(double x, double df);
/* P(N(0,1) >= z). */
double cxq_normal_sf(double z);
/* P(Poisson(lambda) <= k) and P(Poisson(lambda) >= k). */
double cxq_poisson_cdf(double lambda, uint64_t k);
double cxq_poisson_sf(double lambda, uint64_t k);
/* The discrete two-sided convention above, from P(X >= x) and P(X <= x). */
double cxq_p_discrete(double p_ge, double p_le);

/* Binomial(n, p) probability mass at k (through lgamma, exact to about 1e-13 relative). */
double cxq_binom_pmf(unsigned n, unsigned k, double p);

/* Probability that a random L x K matrix over GF(2) has rank r (Kovalenko 1972; the
 * formula of Marsaglia's Diehard rank tests): 2^(r(L+K-r) - LK) prod_{i<r} (1 - 2^(i-L))
 * (1 - 2^(i-K)) / (1 - 2^(i-r)). */
double cxq_rank_prob(unsigned L, unsigned K, unsigned r);

/* P(L_n = l) for the linear complexity L_n of n fair independent bits (Rueppel 1986):
 * 2^(-n) for l = 0, 2^(2l-1-n) for 1 <= l <= n/2, 2^(2(n-l)-n) for n/2 < l <= n. */
double cxq_lincomp_prob(uint64_t n, uint64_t l);

/* Chi-square of observed counts against expected probabilities over m classes (total
 * observations `total`), merging adjacent classes until each expected count is at least
 * min_expected (a standard rule; TestU01 uses 10). *df receives the degrees of freedom
 * (classes after merging - 1 - extra_constraints). Returns the statistic. */
double cxq_chi2_merged(const uint64_t *count, const double *prob, unsigned m, double total,
                       double min_expected, unsigned *df);

/* ---- laws of the Knuth / TestU01 tests added for poker, coupon collector and random walk
 * (D. E. Knuth, TAOCP vol. 2, 3rd ed., 3.3.2 D and E; W. Feller, An Introduction to
 * Probability Theory and Its Applications vol. 1, 3rd ed., III). Each is computed by an
 * exact forward recursion in probabilities (no Stirling numbers, which overflow, and no
 * subtraction from 1, which loses the small tails); tests/prng/quality/test_knuth_laws.c checks
 * them against brute-force enumeration and the closed forms quoted below. ---- */

/* Poker (Knuth 3.3.2 D, the "simpler" partition form): prob[r], r = 0..k, the probability
 * that k independent uniform draws on d values show exactly r distinct values,
 * d (d-1) ... (d-r+1) / d^k * S(k, r) (S: Stirling numbers of the second kind).
 * prob has k + 1 entries. */
void cxq_poker_prob(unsigned d, unsigned k, double *prob);

/* Coupon collector (Knuth 3.3.2 E): the length of a segment of uniform draws on d values
 * that ends when all d have appeared. prob[l] = P(length = l) for l < t (0 below d; equal
 * to d! / d^l * S(l-1, d-1)), prob[t] = P(length >= t). prob has t + 1 entries, t >= 1. */
void cxq_coupon_prob(unsigned d, unsigned t, double *prob);

/* Random walk of L = 2m steps +-1 (S_0 = 0), TestU01's swalk_RandomWalk1 statistics:
 *   H  the number of +1 steps: Binomial(L, 1/2);
 *   M  max(S_0..S_L): P(M = r) = p(L, r) + p(L, r+1) (Feller III, maxima), with
 *      p(n, k) = C(n, (n+k)/2) 2^-n when n + k is even, else 0;
 *   J  the number of steps i with the segment (S_{i-1}, S_i) above 0 (Feller's "time on the
 *      positive side"; TestU01: twice the number of odd i with S_i > 0): P(J = 2k) =
 *      u(2k) u(L-2k), u(2j) = C(2j, j) 2^-2j (Feller III, the discrete arcsine law for
 *      sojourn times);
 *   R  the number of returns to 0 (i >= 1, S_i = 0): P(R = r) = p(L - r, r) (Feller III,
 *      returns to the origin);
 *   C  the number of sign changes (S_{i-1} S_{i+1} < 0, 0 < i < L): P(C = r) =
 *      2 p(L - 1, 2r + 1) (Feller III, changes of sign up to epoch L - 1 = 2n + 1; no
 *      change can happen at epoch L itself).
 * prob[v] for v = 0..L (L + 1 entries). Returns 0, or -1 (L odd, 0 or > 4096, bad stat,
 * out of memory). */
enum { CXQ_WALK_H, CXQ_WALK_M, CXQ_WALK_J, CXQ_WALK_R, CXQ_WALK_C, CXQ_WALK_NSTAT };
int cxq_walk_prob(unsigned L, int stat, double *prob);

typedef enum { CXQ_PASS, CXQ_SUSPECT, CXQ_FAIL } cxq_verdict_t;

/* docs/studies/prng.md (Passerat-Palmbach's classification): p in [0.001, 0.999] pass; p < 1e-10 or
 * p > 1 - 1e-10 fail; otherwise suspect. NaN is a fail (a test that cannot compute). */
cxq_verdict_t cxq_verdict(double p);
const char *cxq_verdict_name(cxq_verdict_t v);

#endif
