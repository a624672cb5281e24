/* tests/harness/test_stats.c - harness_stats (docs/method.md): type-7 quantiles against hand
 * computations (R's quantile() defaults), the median CI against binomial tables and by
 * simulation, Mann-Whitney against tabulated critical values and brute-force
 * enumeration, Hodges-Lehmann against hand-computed differences, Benjamini-Hochberg
 * against worked examples (incl. Benjamini & Hochberg 1995's own), Student t quantiles
 * against the printed table, and bootstrap determinism. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "harness/stats.h"

#define NEAR(a, b, tol) (fabs((a) - (b)) <= (tol))

static void test_quantiles(void)
{
    double x[10];
    for (int i = 0; i < 10; ++i)
        x[i] = i + 1;
    /* R: quantile(1:10) -> 1, 3.25, 5.5, 7.75, 10 */
    CHECK(NEAR(cxb_stats_quantile_sorted(x, 10, 0.0), 1.0, 1e-12));
    CHECK(NEAR(cxb_stats_quantile_sorted(x, 10, 0.25), 3.25, 1e-12));
    CHECK(NEAR(cxb_stats_quantile_sorted(x, 10, 0.5), 5.5, 1e-12));
    CHECK(NEAR(cxb_stats_quantile_sorted(x, 10, 0.75), 7.75, 1e-12));
    CHECK(NEAR(cxb_stats_quantile_sorted(x, 10, 1.0), 10.0, 1e-12));
    /* unsorted {3,1,4,1,5}: sorted 1,1,3,4,5; p=0.9: h = 3.6 -> 4 + 0.6 * 1 = 4.6 */
    double y[5] = {3, 1, 4, 1, 5};
    double w[5];
    memcpy(w, y, sizeof y);
    CHECK(NEAR(cxb_stats_quantile_inplace(w, 5, 0.9), 4.6, 1e-12));
    memcpy(w, y, sizeof y);
    CHECK(NEAR(cxb_stats_quantile_inplace(w, 5, 0.25), 1.0, 1e-12));
    memcpy(w, y, sizeof y);
    CHECK(NEAR(cxb_stats_quantile_inplace(w, 5, 0.75), 4.0, 1e-12));
    memcpy(w, y, sizeof y);
    CHECK(NEAR(cxb_stats_quantile_inplace(w, 5, 0.1), 1.0, 1e-12));
    CHECK(NEAR(cxb_stats_median(y, 5), 3.0, 1e-12));
    double e[4] = {10, 40, 20, 30};
    CHECK(NEAR(cxb_stats_median(e, 4), 25.0, 1e-12));
    CHECK(e[0] == 10 && e[1] == 40); /* median() does not reorder its input */
    /* selection agrees with sorting on a larger shuffled vector with ties */
    double big[257], sorted[257];
    for (int i = 0; i < 257; ++i)
        big[i] = sorted[i] = (double)((i * 97) % 61);
    cxb_stats_sort(sorted, 257);
    for (double p = 0; p <= 1.0; p += 0.05) {
        double tmp[257];
        memcpy(tmp, big, sizeof big);
        CHECK(NEAR(cxb_stats_quantile_inplace(tmp, 257, p), cxb_stats_quantile_sorted(sorted, 257, p), 1e-12));
    }
}

static void test_summary(void)
{
    double x[11];
    for (int i = 0; i < 10; ++i)
        x[i] = i + 1;
    cxb_summary s;
    CHECK(cxb_stats_summarize(x, 10, &s) == CXB_OK);
    CHECK(s.count == 10 && s.min == 1 && s.max == 10);
    CHECK(NEAR(s.median, 5.5, 1e-12) && NEAR(s.q1, 3.25, 1e-12) && NEAR(s.q3, 7.75, 1e-12));
    CHECK(NEAR(s.iqr, 4.5, 1e-12));
    CHECK(NEAR(s.mean, 5.5, 1e-12));
    CHECK(NEAR(s.sd, sqrt(82.5 / 9.0), 1e-12)); /* sum of squares 82.5 */
    CHECK(NEAR(s.rel_sd, sqrt(82.5 / 9.0) / 5.5, 1e-12));
    /* n = 10: (x_(2), x_(9)), coverage 1 - 2 * 11/1024 */
    CHECK(s.median_ci_lo == 2 && s.median_ci_hi == 9);
    CHECK(NEAR(s.median_ci_coverage, 1.0 - 22.0 / 1024.0, 1e-12));
    CHECK(s.outliers == 0);
    /* 1..10 plus 1000: median 6, MAD 3, 14.826 * 3 = 44.5 -> one outlier */
    x[10] = 1000;
    CHECK(cxb_stats_summarize(x, 11, &s) == CXB_OK);
    CHECK(s.outliers == 1);
    CHECK(s.median == 6);
    /* a non-finite sample and an empty vector are input errors */
    double bad[2] = {1.0, NAN};
    CHECK(cxb_stats_summarize(bad, 2, &s) == CXB_EINPUT);
    CHECK(cxb_stats_summarize(x, 0, &s) == CXB_EINPUT);

    /* median CI ranks against the binomial tables (e.g. Conover, Practical Nonparametric
     * Statistics, Table A3): n = 6 -> (1, 6); 10 -> (2, 9); 20 -> (6, 15); 50 -> (18, 33);
     * n = 5 has no 95% interval: (1, 5) with coverage 1 - 2/32 */
    size_t j, k;
    double cov;
    cxb_stats_median_ci_ranks(5, 0.95, &j, &k, &cov);
    CHECK(j == 1 && k == 5 && NEAR(cov, 1.0 - 2.0 / 32.0, 1e-12));
    cxb_stats_median_ci_ranks(6, 0.95, &j, &k, &cov);
    CHECK(j == 1 && k == 6 && NEAR(cov, 1.0 - 2.0 / 64.0, 1e-12));
    cxb_stats_median_ci_ranks(20, 0.95, &j, &k, &cov);
    CHECK_MSG(j == 6 && k == 15, "n=20: (%zu, %zu)", j, k);
    CHECK(cov >= 0.95 && cov < 0.97);
    cxb_stats_median_ci_ranks(50, 0.95, &j, &k, &cov);
    CHECK_MSG(j == 18 && k == 33, "n=50: (%zu, %zu)", j, k);
}

/* Coverage of the distribution-free median CI by simulation: exponential samples of 20,
 * true median ln 2; the interval (x_(6), x_(15)) has coverage 0.9586. */
static void test_median_ci_coverage(void)
{
    cxb_stats_rng r;
    cxb_stats_rng_init(&r, 12345);
    int covered = 0, trials = 4000;
    for (int t = 0; t < trials; ++t) {
        double x[20];
        for (int i = 0; i < 20; ++i) {
            double u = ((double)(cxb_stats_rng_next(&r) >> 11) + 0.5) * 0x1.0p-53;
            x[i] = -log(u);
        }
        cxb_summary s;
        cxb_stats_summarize(x, 20, &s);
        covered += s.median_ci_lo <= log(2.0) && log(2.0) <= s.median_ci_hi;
    }
    double c = (double)covered / trials;
    CHECK_MSG(c > 0.94 && c < 0.975, "median CI coverage %.4f", c);
}

/* Brute force: the number of n-subsets of ranks 1..N with U = rank sum - n(n+1)/2 <= u. */
static double brute_cdf(int n, int m, int u)
{
    int N = n + m;
    long total = 0, hit = 0;
    for (unsigned mask = 0; mask < (1u << N); ++mask) {
        if (__builtin_popcount(mask) != n)
            continue;
        int s = 0;
        for (int i = 0; i < N; ++i)
            if (mask & (1u << i))
                s += i + 1;
        ++total;
        hit += s - n * (n + 1) / 2 <= u;
    }
    return (double)hit / (double)total;
}

static void test_mann_whitney(void)
{
    /* tabulated two-sided alpha = 0.05 critical values of U for n1 = n2 (e.g. Siegel &
     * Castellan, Table J; reject when U <= crit) */
    static const int table[][2] = {{5, 2}, {6, 5}, {7, 8}, {8, 13}, {9, 17}, {10, 23},
                                   {11, 30}, {12, 37}, {13, 45}, {14, 55}, {15, 64}, {20, 127}};
    for (size_t i = 0; i < sizeof table / sizeof table[0]; ++i) {
        size_t n = (size_t)table[i][0];
        double crit = table[i][1];
        CHECK_MSG(2 * cxb_stats_mw_cdf(n, n, crit) <= 0.05, "n=%zu U=%g", n, crit);
        CHECK_MSG(2 * cxb_stats_mw_cdf(n, n, crit + 1) > 0.05, "n=%zu U=%g", n, crit + 1);
    }
    /* unequal sizes: n1 = 5, n2 = 10 -> 8; n1 = 3, n2 = 5 -> 0; n1 = 4, n2 = 10 -> 5 */
    CHECK(2 * cxb_stats_mw_cdf(5, 10, 8) <= 0.05 && 2 * cxb_stats_mw_cdf(5, 10, 9) > 0.05);
    CHECK(2 * cxb_stats_mw_cdf(3, 5, 0) <= 0.05 && 2 * cxb_stats_mw_cdf(3, 5, 1) > 0.05);
    CHECK(2 * cxb_stats_mw_cdf(4, 10, 5) <= 0.05 && 2 * cxb_stats_mw_cdf(4, 10, 6) > 0.05);
    /* the exact distribution against enumeration */
    static const int sizes[][2] = {{3, 4}, {5, 5}, {4, 7}, {6, 6}, {2, 9}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; ++i) {
        int n = sizes[i][0], m = sizes[i][1];
        for (int u = 0; u <= n * m; ++u)
            CHECK_MSG(NEAR(cxb_stats_mw_cdf((size_t)n, (size_t)m, u), brute_cdf(n, m, u), 1e-12),
                      "n=%d m=%d u=%d", n, m, u);
    }
    /* the test on data: complete separation of 3 vs 3 gives U = 0, p = 2/20 */
    double u;
    double a3[] = {1, 2, 3}, b3[] = {4, 5, 6};
    CHECK(NEAR(cxb_stats_mann_whitney(a3, 3, b3, 3, &u), 0.1, 1e-12) && u == 0);
    CHECK(NEAR(cxb_stats_mann_whitney(b3, 3, a3, 3, &u), 0.1, 1e-12) && u == 9);
    double a4[] = {1, 2, 3, 4}, b4[] = {5, 6, 7, 8};
    CHECK(NEAR(cxb_stats_mann_whitney(a4, 4, b4, 4, &u), 2.0 / 70.0, 1e-12));
    /* U counts the pairs x > y: {1,4,6} vs {2,3,5,7}: 0 + 2 + 3 = 5 */
    double ax[] = {1, 4, 6}, ay[] = {2, 3, 5, 7};
    cxb_stats_mann_whitney(ax, 3, ay, 4, &u);
    CHECK(u == 5);
    /* ties: normal approximation with tie and continuity correction, by hand:
     * x = {1,2,2,3}, y = {2,3,3,4}: midranks give R_x = 13, U = 3, mu = 8,
     * var = 16/12 (9 - 48/56), z = (3 - 8 + 0.5)/sd = -1.365698, p = 0.1720337
     * (R: wilcox.test(c(1,2,2,3), c(2,3,3,4)) -> W = 3, p-value = 0.172) */
    double tx[] = {1, 2, 2, 3}, ty[] = {2, 3, 3, 4};
    double p = cxb_stats_mann_whitney(tx, 4, ty, 4, &u);
    CHECK(u == 3);
    CHECK_MSG(NEAR(p, 0.17203370892182296, 1e-9), "tie p %.12g", p);
    /* all equal: no evidence */
    double c1[] = {5, 5, 5}, c2[] = {5, 5, 5, 5};
    CHECK(cxb_stats_mann_whitney(c1, 3, c2, 4, &u) == 1.0);
    /* large samples use the normal approximation: a clear shift is significant */
    double lx[60], ly[60];
    for (int i = 0; i < 60; ++i) {
        lx[i] = i;
        ly[i] = i + 30.5;
    }
    p = cxb_stats_mann_whitney(lx, 60, ly, 60, &u);
    CHECK(p < 1e-6 && u == 435); /* pairs x_i > y_j: i - 30 for i = 31..59, 1 + ... + 29 */
    /* minimum attainable p */
    CHECK(NEAR(cxb_stats_mw_min_p(3, 3), 0.1, 1e-12));
    CHECK(NEAR(cxb_stats_mw_min_p(2, 2), 1.0 / 3.0, 1e-12));
    CHECK(NEAR(cxb_stats_mw_min_p(10, 10), 2.0 / 184756.0, 1e-15));
}

static void test_hodges_lehmann(void)
{
    /* differences y - x of {1,2,3} and {4,6,8}: 3,5,7,2,4,6,1,3,5 -> median 4 */
    double x[] = {1, 2, 3}, y[] = {4, 6, 8};
    double s, lo, hi;
    CHECK(cxb_stats_hodges_lehmann(x, 3, y, 3, 0.95, &s, &lo, &hi) == CXB_OK);
    CHECK(s == 4);
    CHECK(lo == 1 && hi == 7); /* 3 vs 3 cannot reach 95%: all differences */
    /* x = 0..9, y = x + 2.5: the differences 2.5 + d, d = j - i, with multiplicity 10 - |d|;
     * k = 23 + 1 (the tabulated critical value for 10 vs 10) gives D_(24) = 2.5 - 3 and
     * D_(77) = 2.5 + 3 */
    double a[10], b[10];
    for (int i = 0; i < 10; ++i) {
        a[i] = i;
        b[i] = i + 2.5;
    }
    CHECK(cxb_stats_hodges_lehmann(a, 10, b, 10, 0.95, &s, &lo, &hi) == CXB_OK);
    CHECK(NEAR(s, 2.5, 1e-12));
    CHECK_MSG(NEAR(lo, -0.5, 1e-12) && NEAR(hi, 5.5, 1e-12), "[%g, %g]", lo, hi);
    /* the shift is antisymmetric */
    CHECK(cxb_stats_hodges_lehmann(b, 10, a, 10, 0.95, &s, &lo, &hi) == CXB_OK);
    CHECK(NEAR(s, -2.5, 1e-12) && NEAR(lo, -5.5, 1e-12) && NEAR(hi, 0.5, 1e-12));
    CHECK(cxb_stats_hodges_lehmann(a, 0, b, 10, 0.95, &s, &lo, &hi) == CXB_EINPUT);
}

static void test_bh(void)
{
    /* by hand: sorted 0.005, 0.01, 0.03, 0.04 -> *4/i = 0.02, 0.02, 0.04, 0.04 */
    double p[] = {0.01, 0.04, 0.03, 0.005}, adj[4];
    cxb_stats_bh_adjust(p, 4, adj);
    CHECK(NEAR(adj[0], 0.02, 1e-12) && NEAR(adj[1], 0.04, 1e-12) && NEAR(adj[2], 0.04, 1e-12) &&
          NEAR(adj[3], 0.02, 1e-12));
    /* R: p.adjust(c(.01,.02,.03,.04,.05), "BH") = 0.05 everywhere */
    double q[] = {0.01, 0.02, 0.03, 0.04, 0.05};
    cxb_stats_bh_adjust(q, 5, q); /* in place */
    for (int i = 0; i < 5; ++i)
        CHECK(NEAR(q[i], 0.05, 1e-12));
    /* Benjamini & Hochberg (1995), section 4: 15 p-values, q* = 0.05 rejects the 4 smallest */
    double bh[] = {0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344,
                   0.0459, 0.3240, 0.4262, 0.5719, 0.6528, 0.7590, 1.0000};
    double ba[15];
    cxb_stats_bh_adjust(bh, 15, ba);
    int rejected = 0;
    for (int i = 0; i < 15; ++i)
        rejected += ba[i] < 0.05;
    CHECK_MSG(rejected == 4, "rejected %d", rejected);
    CHECK(ba[0] < 0.05 && ba[3] < 0.05 && ba[4] >= 0.05);
    CHECK(NEAR(ba[3], 0.0095 * 15 / 4, 1e-12));
    CHECK(ba[14] == 1.0);
    for (int i = 0; i < 15; ++i)
        CHECK(ba[i] >= bh[i]);
}

static void test_t_quantile(void)
{
    /* the printed t table, two-sided 95% (p = 0.975) */
    static const double tab[][2] = {{1, 12.706}, {2, 4.303}, {3, 3.182}, {4, 2.776},
                                    {5, 2.571},  {6, 2.447}, {8, 2.306}, {10, 2.228},
                                    {15, 2.131}, {20, 2.086}, {30, 2.042}, {60, 2.000},
                                    {120, 1.980}};
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; ++i) {
        double t = cxb_stats_t_quantile(0.975, tab[i][0]);
        CHECK_MSG(NEAR(t, tab[i][1], 6e-4), "t(0.975, %g) = %.6f", tab[i][0], t);
    }
    CHECK(NEAR(cxb_stats_t_quantile(0.995, 10), 3.169, 6e-4));
    CHECK(NEAR(cxb_stats_t_quantile(0.025, 4), -2.776, 6e-4));
    CHECK(NEAR(cxb_stats_t_quantile(0.975, 1e9), 1.959964, 1e-5));
    CHECK(NEAR(cxb_stats_norm_quantile(0.975), 1.959963984540054, 1e-9));
    CHECK(NEAR(cxb_stats_norm_quantile(0.5), 0.0, 1e-12));
    CHECK(NEAR(cxb_stats_norm_quantile(0.001), -3.090232306167813, 1e-9));
    CHECK(NEAR(cxb_stats_t_cdf(0, 7), 0.5, 1e-12));
    /* t with 1 df is Cauchy: P(T <= 1) = 3/4 */
    CHECK(NEAR(cxb_stats_t_cdf(1, 1), 0.75, 1e-12));
    CHECK(isnan(cxb_stats_t_quantile(0.975, 0)));
}

static void test_bootstrap(void)
{
    double ref[15], impl[12];
    cxb_stats_rng r;
    cxb_stats_rng_init(&r, 7);
    for (int i = 0; i < 15; ++i)
        ref[i] = 200.0 * exp(0.05 * cxb_stats_rng_normal(&r));
    for (int i = 0; i < 12; ++i)
        impl[i] = 50.0 * exp(0.05 * cxb_stats_rng_normal(&r));
    double s1, lo1, hi1, s2, lo2, hi2, s3, lo3, hi3;
    CHECK(cxb_stats_speedup(ref, 15, impl, 12, 2000, 42, 0.95, &s1, &lo1, &hi1) == CXB_OK);
    CHECK(cxb_stats_speedup(ref, 15, impl, 12, 2000, 42, 0.95, &s2, &lo2, &hi2) == CXB_OK);
    CHECK(s1 == s2 && lo1 == lo2 && hi1 == hi2); /* deterministic */
    CHECK(cxb_stats_speedup(ref, 15, impl, 12, 2000, 43, 0.95, &s3, &lo3, &hi3) == CXB_OK);
    CHECK(s3 == s1 && (lo3 != lo1 || hi3 != hi1)); /* the key matters */
    CHECK(NEAR(s1, cxb_stats_median(ref, 15) / cxb_stats_median(impl, 12), 1e-12));
    CHECK(lo1 <= s1 && s1 <= hi1);
    CHECK(lo1 > 3.5 && hi1 < 4.5); /* 4x with 5% noise */
    /* exact ratio: every resample of constant data gives S */
    double c1[5] = {10, 10, 10, 10, 10}, c2[5] = {4, 4, 4, 4, 4};
    CHECK(cxb_stats_speedup(c1, 5, c2, 5, 500, 1, 0.95, &s1, &lo1, &hi1) == CXB_OK);
    CHECK(s1 == 2.5 && lo1 == 2.5 && hi1 == 2.5);
    /* the generator: deterministic per key, indices in range */
    cxb_stats_rng a, b;
    cxb_stats_rng_init(&a, 99);
    cxb_stats_rng_init(&b, 99);
    int same = 1, inrange = 1;
    for (int i = 0; i < 1000; ++i) {
        same &= cxb_stats_rng_next(&a) == cxb_stats_rng_next(&b);
        inrange &= cxb_stats_rng_index(&a, 7) < 7;
        cxb_stats_rng_index(&b, 7);
    }
    CHECK(same && inrange);
}

int main(void)
{
    test_quantiles();
    test_summary();
    test_median_ci_coverage();
    test_mann_whitney();
    test_hodges_lehmann();
    test_bh();
    test_t_quantile();
    test_bootstrap();
    CHECK_DONE();
}
