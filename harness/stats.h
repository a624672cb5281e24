/* harness/stats.h - the statistics of the harness (docs/method.md): type-7 quantiles, the
 * summary of a point's samples (median and its distribution-free CI, IQR, outliers),
 * Mann-Whitney U, Hodges-Lehmann shift with its CI, Benjamini-Hochberg, the bootstrap
 * CI of a speed-up and the Student t quantile used by the slope fit (docs/method.md).
 *
 * Pure functions of their inputs: no I/O, no global state. Resampling uses a fixed-key
 * counter-based generator (splitmix64 of key + counter, cxb_stats_rng below) instead of
 * the Philox the spec mentions: every number is reproducible from (data, seed).
 */
#ifndef CXB_HARNESS_STATS_H
#define CXB_HARNESS_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/core/status.h"

/* Summary of one point's samples (docs/method.md table). */
typedef struct cxb_summary {
    size_t count;
    double median, q1, q3, iqr, min, max, mean, sd, rel_sd;
    double median_ci_lo, median_ci_hi; /* distribution-free, from order statistics */
    double median_ci_coverage;         /* its exact coverage (>= 0.95 when count >= 6) */
    size_t outliers;                   /* abs(x - median) > 14.826 MAD (flagged, kept) */
} cxb_summary;

/* Sorts x ascending (NaNs are not allowed). */
void cxb_stats_sort(double *x, size_t n);
/* Hyndman-Fan type 7 quantile of sorted[0..n) at probability p in [0,1]; NaN if n == 0. */
double cxb_stats_quantile_sorted(const double *sorted, size_t n, double p);
/* Type 7 quantile of unsorted x (x is reordered, not otherwise changed). */
double cxb_stats_quantile_inplace(double *x, size_t n, double p);
/* Median (type 7) of unsorted x, without changing x (uses a scratch copy). */
double cxb_stats_median(const double *x, size_t n);

/* Ranks (1-based, j <= k) of the order statistics x_(j), x_(k) that bound the
 * distribution-free CI of the median at `level` (0.95): the narrowest symmetric pair
 * whose Binomial(n, 1/2) coverage is >= level; when none exists (n < 6 at 95%) j = 1,
 * k = n. *coverage receives the exact coverage. n >= 1. */
void cxb_stats_median_ci_ranks(size_t n, double level, size_t *j, size_t *k, double *coverage);

/* Summary of x[0..n) (n >= 1; CXB_EINPUT otherwise or on a non-finite value). */
cxb_status cxb_stats_summarize(const double *x, size_t n, cxb_summary *s);

/* Two-sided Mann-Whitney U test of x (n) against y (m). *u receives U of x (the count of
 * pairs with x > y, ties counting 1/2). Exact null distribution when n < 50, m < 50 and
 * there are no ties; otherwise the normal approximation with tie correction and a
 * continuity correction of 1/2 (R's wilcox.test defaults). Returns p in [0, 1]; 1 when
 * n or m is 0. */
double cxb_stats_mann_whitney(const double *x, size_t n, const double *y, size_t m, double *u);
/* Exact lower tail P(U <= u) of the Mann-Whitney U statistic for sizes n, m (no ties). */
double cxb_stats_mw_cdf(size_t n, size_t m, double u);
/* The smallest two-sided p-value attainable with sizes n, m: 2 / C(n+m, n), capped at 1
 * (asv's attainable-p guard, docs/method.md). */
double cxb_stats_mw_min_p(size_t n, size_t m);

/* Hodges-Lehmann estimate of the shift y - x (median of all n*m differences y_j - x_i)
 * with its Mann-Whitney-based CI at `level` (order statistics D_(k), D_(nm+1-k) of the
 * differences; k from the exact U distribution when n, m < 50, else from the normal
 * approximation). When no k >= 1 reaches the level, [min D, max D] is returned. */
cxb_status cxb_stats_hodges_lehmann(const double *x, size_t n, const double *y, size_t m,
                                    double level, double *shift, double *lo, double *hi);

/* Benjamini-Hochberg adjusted p-values (R's p.adjust(method = "BH")): adj may alias p. */
void cxb_stats_bh_adjust(const double *p, size_t k, double *adj);

/* Standard normal CDF and quantile; Student t CDF and quantile (df > 0, real). */
double cxb_stats_norm_cdf(double z);
double cxb_stats_norm_quantile(double p);
double cxb_stats_t_cdf(double t, double df);
double cxb_stats_t_quantile(double p, double df);
/* Regularised incomplete beta I_x(a, b). */
double cxb_stats_betai(double a, double b, double x);

/* Deterministic counter-based generator: splitmix64 applied to key + counter * golden. */
typedef struct cxb_stats_rng {
    uint64_t key, ctr;
} cxb_stats_rng;
void cxb_stats_rng_init(cxb_stats_rng *r, uint64_t key);
uint64_t cxb_stats_rng_next(cxb_stats_rng *r);
/* Uniform index in [0, n). */
size_t cxb_stats_rng_index(cxb_stats_rng *r, size_t n);
/* Standard normal draw (Box-Muller; for tests and simulations). */
double cxb_stats_rng_normal(cxb_stats_rng *r);

/* Default number of bootstrap resamples (docs/method.md: B = 2000). A fuzz build sets fewer
 * (cmake/CxbOptions.cmake): the same code with a shorter loop, so that a whole result set
 * goes through fit, compare, plot and report some ten times faster. */
#ifndef CXB_STATS_BOOT_B
#define CXB_STATS_BOOT_B 2000u
#endif

/* Speed-up S = median(ref) / median(impl) with the percentile-bootstrap CI at `level`
 * (resampling each side's samples with replacement, B resamples, generator keyed by seed). */
cxb_status cxb_stats_speedup(const double *ref, size_t n, const double *impl, size_t m,
                             unsigned B, uint64_t seed, double level, double *s, double *lo,
                             double *hi);

#endif
