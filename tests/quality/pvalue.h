/* tests/quality/pvalue.h - the distributions the in-house quality battery turns its
 * statistics into p-values with (prng.md 7.2): chi-square, normal, Poisson, binomial,
 * GF(2) matrix ranks and the linear complexity of a random bit sequence.
 *
 * Convention (TestU01's, L'Ecuyer and Simard 2007, section 2.2): a p-value is the
 * right-tail probability P(X >= x) of the statistic; near 0 means "too large", near 1
 * "too small" (or, for a chi-square, a fit too good to be random). Both ends are
 * suspicious; cxq_verdict applies prng.md 7.2's thresholds. For a discrete statistic with
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

typedef enum { CXQ_PASS, CXQ_SUSPECT, CXQ_FAIL } cxq_verdict_t;

/* prng.md 7.2 (Passerat-Palmbach's classification): p in [0.001, 0.999] pass; p < 1e-10 or
 * p > 1 - 1e-10 fail; otherwise suspect. NaN is a fail (a test that cannot compute). */
cxq_verdict_t cxq_verdict(double p);
const char *cxq_verdict_name(cxq_verdict_t v);

#endif
