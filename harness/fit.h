/* harness/fit.h - the log-log slope fit of one series (docs/method.md): OLS of ln(median t)
 * on ln(x) with the 95% t-interval on the slope, R^2 and sigma, a bootstrap percentile
 * interval (resampling samples within each size), the Theil-Sen slope, the selection of
 * the points (declared range, per-figure exclusions, measured floor, local-slope window)
 * and the verdict against the expected exponent.
 *
 * Which rules select the points, in order:
 *   1. a point whose median is not > 0 (or x not > 0) is never fitted ("nonpositive");
 *   2. a declared range (the study's, or --range, which also drops the exclusions) keeps
 *      range_lo <= x <= range_hi (range_hi = 0: no upper bound) ("range"); then
 *   3. per-figure exclusions "first:K", "last:K" (comma-separated) drop the first/last K
 *      of the remaining points ("first:K" / "last:K");
 *   4. only when neither 2 nor 3 is declared, the automatic rules: the measured floor
 *      (keep median >= floor_factor * floor, "floor"), then the longest window of
 *      neighbour slopes that all lie within +-slope_window of the window's median local
 *      slope (ties: the window at larger x; "local_slope").
 * Fewer than 4 kept points: no fit (verdict too_few_points).
 */
#ifndef CXB_HARNESS_FIT_H
#define CXB_HARNESS_FIT_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/core/status.h"

/* One size of a series. */
typedef struct cxb_fit_point {
    double x;               /* the swept parameter's value */
    const double *samples;  /* the point's samples (time in ns, or instructions) */
    size_t nsamples;
    double median;          /* median of samples (type 7) */
    double floor;           /* measured floor in the samples' unit; NaN or <= 0: none */
    /* filled by cxb_fit_series: */
    int in_fit;
    char rule[32];          /* the rule that excluded it ("" when kept) */
} cxb_fit_point;

typedef struct cxb_fit_opts {
    double range_lo, range_hi; /* declared x range; both 0: none */
    const char *exclude;       /* "first:K", "last:K", "first:K,last:K" or NULL */
    double floor_factor;       /* c of the floor rule (10) */
    double slope_window;       /* local-slope tolerance (0.25); <= 0 disables the rule */
    double expected, tolerance;
    unsigned boot_B;           /* bootstrap resamples (CXB_STATS_BOOT_B); 0: none */
    uint64_t seed;             /* bootstrap key */
} cxb_fit_opts;

typedef struct cxb_fit_result {
    size_t k;                  /* kept points */
    double x_min, x_max;       /* range of the kept points */
    double b, b_lo, b_hi;      /* slope and its 95% t-interval */
    double a;                  /* intercept: t ~ exp(a) x^b */
    double r2, sigma;          /* R^2 and residual sd in ln units */
    double boot_lo, boot_hi;   /* bootstrap percentile interval (NaN without bootstrap) */
    double theil_sen_b;
    double expected, tolerance;
    const char *verdict;       /* consistent, steeper, shallower, inconclusive, too_few_points */
    int warn_few;              /* 4 <= k < 6 */
    int warn_narrow;           /* x range below 2 decades */
} cxb_fit_result;

/* Defaults: no range or exclusion, floor factor 10, window 0.25, bootstrap B = 2000,
 * expected NaN (verdict then from the interval only: consistent), tolerance 0. */
void cxb_fit_opts_default(cxb_fit_opts *o);

/* Parses exclusions; "" and NULL give 0, 0. CXB_EINPUT on anything else. */
cxb_status cxb_fit_parse_exclude(const char *text, size_t *first, size_t *last);

/* Ordinary least squares of y on x (k >= 3): slope, intercept, the slope's standard
 * error, R^2 and the residual sd (SSE/(k-2))^(1/2). CXB_EINPUT when x has no spread. */
cxb_status cxb_fit_ols(const double *x, const double *y, size_t k, double *b, double *a,
                       double *se_b, double *r2, double *sigma);

/* Median of the pairwise slopes (y_j - y_i) / (x_j - x_i), x_i != x_j. */
double cxb_fit_theil_sen(const double *x, const double *y, size_t k);

/* Selects the points of pts[0..n) (any order; they are sorted by x in place), fits and
 * judges. Fills in_fit and rule of every point. */
cxb_status cxb_fit_series(cxb_fit_point *pts, size_t n, const cxb_fit_opts *o,
                          cxb_fit_result *r);

/* The verdict of an interval [lo, hi] against expected +- tolerance. */
const char *cxb_fit_verdict(double lo, double hi, double expected, double tolerance);

/* The interval the verdicts use: the envelope of the OLS and bootstrap intervals
 * (docs/method.md: the report shows the wider). */
void cxb_fit_interval(const cxb_fit_result *r, double *lo, double *hi);

#endif
