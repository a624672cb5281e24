/* harness/stats.c - the statistics of docs/method.md (and the t quantile of 6.1).
 *
 * Quantiles are Hyndman-Fan type 7. The median CI is the order-statistic interval with
 * Binomial(n, 1/2) coverage (as asv_runner's quantile_ci, at 95%). Mann-Whitney follows
 * R's wilcox.test: exact null distribution for n, m < 50 without ties, else the normal
 * approximation with tie and continuity corrections; the Hodges-Lehmann CI takes the
 * order statistics D_(k), D_(nm+1-k) of the pairwise differences with k = qwilcox(a/2)
 * (Hollander and Wolfe, "Nonparametric Statistical Methods", 2nd ed., 4.3). BH is R's
 * p.adjust("BH"). The t quantile inverts the t CDF (incomplete beta, continued fraction
 * by the modified Lentz method) by bisection - no table.
 */
#include "harness/stats.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CXB_PI 3.14159265358979323846

/* ---------------- sorting, selection and quantiles ---------------- */

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void cxb_stats_sort(double *x, size_t n)
{
    if (n > 1)
        qsort(x, n, sizeof *x, cmp_double);
}

static void swapd(double *a, ptrdiff_t i, ptrdiff_t j)
{
    double t = a[i];
    a[i] = a[j];
    a[j] = t;
}

/* Reorders a so that a[k] is the k-th smallest, a[<k] <= a[k] <= a[>k]. */
static void select_k(double *a, size_t n, size_t kk)
{
    ptrdiff_t lo = 0, hi = (ptrdiff_t)n - 1, k = (ptrdiff_t)kk;
    while (hi > lo) {
        ptrdiff_t mid = lo + (hi - lo) / 2;
        if (a[mid] < a[lo])
            swapd(a, mid, lo);
        if (a[hi] < a[lo])
            swapd(a, hi, lo);
        if (a[hi] < a[mid])
            swapd(a, hi, mid);
        double pivot = a[mid];
        ptrdiff_t i = lo, j = hi;
        while (i <= j) {
            while (a[i] < pivot)
                ++i;
            while (a[j] > pivot)
                --j;
            if (i <= j) {
                swapd(a, i, j);
                ++i;
                --j;
            }
        }
        if (k <= j)
            hi = j;
        else if (k >= i)
            lo = i;
        else
            return;
    }
}

double cxb_stats_quantile_sorted(const double *s, size_t n, double p)
{
    if (n == 0)
        return NAN;
    double h = (double)(n - 1) * p;
    size_t lo = (size_t)floor(h);
    if (lo >= n - 1)
        return s[n - 1];
    double frac = h - (double)lo;
    return s[lo] + frac * (s[lo + 1] - s[lo]);
}

double cxb_stats_quantile_inplace(double *x, size_t n, double p)
{
    if (n == 0)
        return NAN;
    double h = (double)(n - 1) * p;
    size_t lo = (size_t)floor(h);
    if (lo >= n - 1)
        lo = n - 1;
    select_k(x, n, lo);
    double v = x[lo], frac = h - (double)lo;
    if (frac <= 0 || lo + 1 >= n)
        return v;
    double next = x[lo + 1];
    for (size_t i = lo + 2; i < n; ++i)
        if (x[i] < next)
            next = x[i];
    return v + frac * (next - v);
}

double cxb_stats_median(const double *x, size_t n)
{
    if (n == 0)
        return NAN;
    double stackbuf[64], *w = n <= 64 ? stackbuf : malloc(n * sizeof *w);
    if (!w)
        return NAN;
    memcpy(w, x, n * sizeof *w);
    double m = cxb_stats_quantile_inplace(w, n, 0.5);
    if (w != stackbuf)
        free(w);
    return m;
}

/* ---------------- the median and its CI ---------------- */

/* log C(n, i) */
static double lchoose(double n, double i)
{
    return lgamma(n + 1.0) - lgamma(i + 1.0) - lgamma(n - i + 1.0);
}

void cxb_stats_median_ci_ranks(size_t n, double level, size_t *j, size_t *k, double *coverage)
{
    /* (x_(j), x_(n+1-j)) covers the median with probability 1 - 2 P(B <= j-1),
     * B ~ Binomial(n, 1/2); the cdf is accumulated term by term. */
    size_t best = 0;
    double bestcov = 0.0, cdf = 0.0, ln2n = (double)n * log(2.0);
    for (size_t jj = 1; 2 * jj <= n + 1; ++jj) {
        cdf += exp(lchoose((double)n, (double)(jj - 1)) - ln2n);
        double cov = 1.0 - 2.0 * cdf;
        if (jj == n + 1 - jj) /* a single order statistic: coverage 0 for a continuous law */
            cov = 0.0;
        if (cov < level)
            break;
        best = jj;
        bestcov = cov;
    }
    if (best == 0) { /* no interval reaches the level: [min, max] with its coverage */
        best = 1;
        bestcov = n >= 2 ? 1.0 - 2.0 * exp(-ln2n) : 0.0;
    }
    *j = best;
    *k = n + 1 - best;
    if (coverage)
        *coverage = bestcov;
}

cxb_status cxb_stats_summarize(const double *x, size_t n, cxb_summary *s)
{
    memset(s, 0, sizeof *s);
    if (n == 0)
        return cxb_fail(CXB_EINPUT, "stats: no samples");
    double *w = malloc(2 * n * sizeof *w);
    if (!w)
        return cxb_fail(CXB_ERESOURCE, "stats: out of memory (%zu samples)", n);
    double sum = 0.0;
    for (size_t i = 0; i < n; ++i) {
        if (!isfinite(x[i])) {
            free(w);
            return cxb_fail(CXB_EINPUT, "stats: sample %zu is not a finite number", i);
        }
        w[i] = x[i];
        sum += x[i];
    }
    cxb_stats_sort(w, n);
    s->count = n;
    s->min = w[0];
    s->max = w[n - 1];
    s->median = cxb_stats_quantile_sorted(w, n, 0.5);
    s->q1 = cxb_stats_quantile_sorted(w, n, 0.25);
    s->q3 = cxb_stats_quantile_sorted(w, n, 0.75);
    s->iqr = s->q3 - s->q1;
    s->mean = sum / (double)n;
    double ss = 0.0;
    for (size_t i = 0; i < n; ++i)
        ss += (x[i] - s->mean) * (x[i] - s->mean);
    s->sd = n > 1 ? sqrt(ss / (double)(n - 1)) : 0.0;
    s->rel_sd = s->mean != 0.0 ? s->sd / fabs(s->mean) : 0.0;
    size_t j, k;
    cxb_stats_median_ci_ranks(n, 0.95, &j, &k, &s->median_ci_coverage);
    s->median_ci_lo = w[j - 1];
    s->median_ci_hi = w[k - 1];
    /* outliers: modified z-score 0.6745 |x - med| / MAD > 10 (hyperfine); MAD = 0 flags
     * every value that differs from the median, as the score is then infinite. */
    double *dev = w + n;
    for (size_t i = 0; i < n; ++i)
        dev[i] = fabs(x[i] - s->median);
    double mad = cxb_stats_quantile_inplace(dev, n, 0.5);
    for (size_t i = 0; i < n; ++i) {
        double d = fabs(x[i] - s->median);
        if (mad > 0 ? d > 14.826 * mad : d > 0)
            s->outliers++;
    }
    free(w);
    return CXB_OK;
}

/* ---------------- Mann-Whitney U ---------------- */

/* Exact null distribution of U for sizes n, m: P(U = u), u = 0..n*m (NULL on no memory).
 * Counts the k-subsets (k = min(n, m)) of ranks 1..N by rank sum, adding only. */
static double *mw_pmf(size_t n, size_t m)
{
    size_t k = n < m ? n : m, N = n + m, smax = k * N;
    size_t w = smax + 1;
    double *f = calloc((k + 1) * w, sizeof *f);
    if (!f)
        return NULL;
    f[0] = 1.0;
    for (size_t r = 1; r <= N; ++r) {
        size_t cmax = r < k ? r : k;
        for (size_t c = cmax; c >= 1; --c) {
            double *dst = f + c * w;
            const double *src = f + (c - 1) * w;
            for (size_t s = smax; s >= r; --s)
                dst[s] += src[s - r];
        }
    }
    size_t nm = n * m, base = k * (k + 1) / 2;
    double *p = malloc((nm + 1) * sizeof *p);
    if (!p) {
        free(f);
        return NULL;
    }
    double total = 0.0;
    for (size_t u = 0; u <= nm; ++u)
        total += f[k * w + base + u];
    for (size_t u = 0; u <= nm; ++u)
        p[u] = f[k * w + base + u] / total;
    free(f);
    return p;
}

double cxb_stats_mw_cdf(size_t n, size_t m, double u)
{
    if (u < 0)
        return 0.0;
    if (u >= (double)(n * m))
        return 1.0;
    double *p = mw_pmf(n, m);
    if (!p)
        return NAN;
    double s = 0.0;
    for (size_t i = 0; i <= (size_t)floor(u); ++i)
        s += p[i];
    free(p);
    return s > 1.0 ? 1.0 : s;
}

double cxb_stats_mw_min_p(size_t n, size_t m)
{
    if (n == 0 || m == 0)
        return 1.0;
    double p = 2.0 * exp(-lchoose((double)(n + m), (double)n));
    return p > 1.0 ? 1.0 : p;
}

typedef struct {
    double v;
    int grp;
} tagged;

static int cmp_tagged(const void *a, const void *b)
{
    double x = ((const tagged *)a)->v, y = ((const tagged *)b)->v;
    return (x > y) - (x < y);
}

double cxb_stats_mann_whitney(const double *x, size_t n, const double *y, size_t m, double *u)
{
    if (u)
        *u = NAN;
    if (n == 0 || m == 0)
        return 1.0;
    size_t N = n + m;
    tagged *t = malloc(N * sizeof *t);
    if (!t)
        return NAN;
    for (size_t i = 0; i < n; ++i)
        t[i] = (tagged){x[i], 0};
    for (size_t i = 0; i < m; ++i)
        t[n + i] = (tagged){y[i], 1};
    qsort(t, N, sizeof *t, cmp_tagged);
    double rx = 0.0, ties = 0.0;
    int has_ties = 0;
    for (size_t i = 0; i < N;) {
        size_t j = i;
        while (j + 1 < N && t[j + 1].v == t[i].v)
            ++j;
        double cnt = (double)(j - i + 1), mid = (double)(i + j) / 2.0 + 1.0;
        if (cnt > 1) {
            has_ties = 1;
            ties += cnt * cnt * cnt - cnt;
        }
        for (size_t q = i; q <= j; ++q)
            if (t[q].grp == 0)
                rx += mid;
        i = j + 1;
    }
    free(t);
    double U = rx - (double)n * (double)(n + 1) / 2.0, nm = (double)n * (double)m;
    if (u)
        *u = U;
    if (!has_ties && n < 50 && m < 50) {
        double *p = mw_pmf(n, m);
        if (!p)
            return NAN;
        size_t ui = (size_t)llround(U), nmi = n * m;
        double tail = 0.0;
        if (U > nm / 2.0) {
            for (size_t i = ui; i <= nmi; ++i)
                tail += p[i];
        } else {
            for (size_t i = 0; i <= ui; ++i)
                tail += p[i];
        }
        free(p);
        tail *= 2.0;
        return tail > 1.0 ? 1.0 : tail;
    }
    double Nd = (double)N;
    double var = nm / 12.0 * ((Nd + 1.0) - ties / (Nd * (Nd - 1.0)));
    if (var <= 0.0)
        return 1.0;
    double z = U - nm / 2.0;
    double corr = z > 0 ? 0.5 : (z < 0 ? -0.5 : 0.0);
    z = (z - corr) / sqrt(var);
    double p = erfc(fabs(z) / sqrt(2.0));
    return p > 1.0 ? 1.0 : p;
}

/* ---------------- Hodges-Lehmann ---------------- */

cxb_status cxb_stats_hodges_lehmann(const double *x, size_t n, const double *y, size_t m,
                                    double level, double *shift, double *lo, double *hi)
{
    if (n == 0 || m == 0)
        return cxb_fail(CXB_EINPUT, "stats: Hodges-Lehmann needs samples on both sides");
    if (n > 20000 || m > 20000 || n * m > 40000000u)
        return cxb_fail(CXB_EINPUT, "stats: Hodges-Lehmann: %zu x %zu samples is too many", n, m);
    size_t nm = n * m;
    double *d = malloc(nm * sizeof *d);
    if (!d)
        return cxb_fail(CXB_ERESOURCE, "stats: out of memory (%zu differences)", nm);
    for (size_t i = 0; i < n; ++i)
        for (size_t j = 0; j < m; ++j)
            d[i * m + j] = y[j] - x[i];
    cxb_stats_sort(d, nm);
    *shift = cxb_stats_quantile_sorted(d, nm, 0.5);
    double alpha = 1.0 - level;
    size_t qu = 0;
    if (n < 50 && m < 50) {
        double *p = mw_pmf(n, m);
        if (!p) {
            free(d);
            return cxb_fail(CXB_ERESOURCE, "stats: out of memory");
        }
        double c = 0.0;
        for (qu = 0; qu <= nm; ++qu) { /* qwilcox(alpha/2): smallest u with P(U <= u) >= a/2 */
            c += p[qu];
            if (c >= alpha / 2.0 * (1.0 - 1e-12))
                break;
        }
        free(p);
    } else {
        double sd = sqrt((double)nm * (double)(n + m + 1) / 12.0);
        double kk = floor((double)nm / 2.0 - cxb_stats_norm_quantile(1.0 - alpha / 2.0) * sd);
        qu = kk < 0 ? 0 : (size_t)kk;
    }
    if (qu == 0)
        qu = 1;
    if (qu > (nm + 1) / 2)
        qu = (nm + 1) / 2;
    *lo = d[qu - 1];
    *hi = d[nm - qu];
    free(d);
    return CXB_OK;
}

/* ---------------- Benjamini-Hochberg ---------------- */

typedef struct {
    double p;
    size_t i;
} pidx;

static int cmp_pidx_desc(const void *a, const void *b)
{
    const pidx *x = a, *y = b;
    if (x->p != y->p)
        return x->p < y->p ? 1 : -1;
    return (x->i > y->i) - (x->i < y->i);
}

void cxb_stats_bh_adjust(const double *p, size_t k, double *adj)
{
    if (k == 0)
        return;
    pidx *o = malloc(k * sizeof *o);
    if (!o) {
        for (size_t i = 0; i < k; ++i)
            adj[i] = 1.0;
        return;
    }
    for (size_t i = 0; i < k; ++i)
        o[i] = (pidx){p[i], i};
    qsort(o, k, sizeof *o, cmp_pidx_desc); /* largest first: rank k, k-1, ..., 1 */
    double run = 1.0;
    for (size_t r = 0; r < k; ++r) {
        double rank = (double)(k - r);
        double v = o[r].p * (double)k / rank;
        if (v < run)
            run = v;
        o[r].p = run;
    }
    for (size_t r = 0; r < k; ++r)
        adj[o[r].i] = o[r].p > 1.0 ? 1.0 : o[r].p;
    free(o);
}

/* ---------------- distributions ---------------- */

double cxb_stats_norm_cdf(double z) { return 0.5 * erfc(-z / sqrt(2.0)); }

double cxb_stats_norm_quantile(double p)
{
    if (!(p > 0.0 && p < 1.0))
        return p == 0.0 ? -INFINITY : (p == 1.0 ? INFINITY : NAN);
    /* P. J. Acklam's rational approximation, then Halley steps on erfc. */
    static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                               -2.759285104469687e+02, 1.383577518672690e+02,
                               -3.066479806614716e+01, 2.506628277459239e+00};
    static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                               -1.556989798598866e+02, 6.680131188771972e+01,
                               -1.328068155288572e+01};
    static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                               -2.400758277161838e+00, -2.549732539343734e+00,
                               4.374664141464968e+00,  2.938163982698783e+00};
    static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01,
                               2.445134137142996e+00, 3.754408661907416e+00};
    const double plow = 0.02425;
    double x, q, r;
    if (p < plow) {
        q = sqrt(-2 * log(p));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    } else if (p <= 1 - plow) {
        q = p - 0.5;
        r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
            (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    } else {
        q = sqrt(-2 * log(1 - p));
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    for (int it = 0; it < 3; ++it) {
        double e = cxb_stats_norm_cdf(x) - p;
        double u = e * sqrt(2 * CXB_PI) * exp(x * x / 2);
        x = x - u / (1 + x * u / 2);
    }
    return x;
}

/* Continued fraction of the incomplete beta (modified Lentz). */
static double betacf(double a, double b, double x)
{
    const double tiny = 1e-300, eps = 1e-15;
    double qab = a + b, qap = a + 1.0, qam = a - 1.0;
    double c = 1.0, d = 1.0 - qab * x / qap;
    if (fabs(d) < tiny)
        d = tiny;
    d = 1.0 / d;
    double h = d;
    for (int m = 1; m <= 10000; ++m) {
        double m2 = 2.0 * m;
        double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 + aa * d;
        if (fabs(d) < tiny)
            d = tiny;
        c = 1.0 + aa / c;
        if (fabs(c) < tiny)
            c = tiny;
        d = 1.0 / d;
        h *= d * c;
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 + aa * d;
        if (fabs(d) < tiny)
            d = tiny;
        c = 1.0 + aa / c;
        if (fabs(c) < tiny)
            c = tiny;
        d = 1.0 / d;
        double del = d * c;
        h *= del;
        if (fabs(del - 1.0) < eps)
            break;
    }
    return h;
}

double cxb_stats_betai(double a, double b, double x)
{
    if (!(a > 0 && b > 0) || x < 0.0 || x > 1.0)
        return NAN;
    if (x == 0.0 || x == 1.0)
        return x;
    double lbt = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x);
    if (x < (a + 1.0) / (a + b + 2.0))
        return exp(lbt) * betacf(a, b, x) / a;
    return 1.0 - exp(lbt) * betacf(b, a, 1.0 - x) / b;
}

double cxb_stats_t_cdf(double t, double df)
{
    if (!(df > 0) || isnan(t))
        return NAN;
    if (isinf(t))
        return t > 0 ? 1.0 : 0.0;
    if (df > 1e8)
        return cxb_stats_norm_cdf(t);
    double tail = 0.5 * cxb_stats_betai(df / 2.0, 0.5, df / (df + t * t));
    return t > 0 ? 1.0 - tail : tail;
}

double cxb_stats_t_quantile(double p, double df)
{
    if (!(df > 0) || !(p > 0.0 && p < 1.0))
        return NAN;
    if (p == 0.5)
        return 0.0;
    if (p < 0.5)
        return -cxb_stats_t_quantile(1.0 - p, df);
    if (df > 1e8)
        return cxb_stats_norm_quantile(p);
    double lo = 0.0, hi = 1.0;
    while (cxb_stats_t_cdf(hi, df) < p && hi < 1e300)
        hi *= 2.0;
    for (int it = 0; it < 400 && hi - lo > 1e-14 * hi; ++it) {
        double mid = 0.5 * (lo + hi);
        if (cxb_stats_t_cdf(mid, df) < p)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

/* ---------------- generator and bootstrap ---------------- */

void cxb_stats_rng_init(cxb_stats_rng *r, uint64_t key)
{
    r->key = key;
    r->ctr = 0;
}

uint64_t cxb_stats_rng_next(cxb_stats_rng *r)
{
    uint64_t z = r->key + (++r->ctr) * 0x9E3779B97F4A7C15ull; /* splitmix64 */
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

size_t cxb_stats_rng_index(cxb_stats_rng *r, size_t n)
{
    double u = (double)(cxb_stats_rng_next(r) >> 11) * 0x1.0p-53;
    size_t i = (size_t)(u * (double)n);
    return i < n ? i : n - 1;
}

double cxb_stats_rng_normal(cxb_stats_rng *r)
{
    double u1 = ((double)(cxb_stats_rng_next(r) >> 11) + 1.0) * 0x1.0p-53; /* (0, 1] */
    double u2 = (double)(cxb_stats_rng_next(r) >> 11) * 0x1.0p-53;
    return sqrt(-2.0 * log(u1)) * cos(2.0 * CXB_PI * u2);
}

cxb_status cxb_stats_speedup(const double *ref, size_t n, const double *impl, size_t m,
                             unsigned B, uint64_t seed, double level, double *s, double *lo,
                             double *hi)
{
    if (n == 0 || m == 0)
        return cxb_fail(CXB_EINPUT, "stats: speed-up needs samples on both sides");
    double mi = cxb_stats_median(impl, m), mr = cxb_stats_median(ref, n);
    if (!(mi > 0) || !(mr > 0))
        return cxb_fail(CXB_EINPUT, "stats: speed-up of non-positive times");
    *s = mr / mi;
    if (B == 0) {
        *lo = *hi = *s;
        return CXB_OK;
    }
    double *buf = malloc((n + m + B) * sizeof *buf);
    if (!buf)
        return cxb_fail(CXB_ERESOURCE, "stats: out of memory (bootstrap)");
    double *br = buf, *bi = buf + n, *st = buf + n + m;
    cxb_stats_rng rng;
    cxb_stats_rng_init(&rng, seed);
    for (unsigned b = 0; b < B; ++b) {
        for (size_t i = 0; i < n; ++i)
            br[i] = ref[cxb_stats_rng_index(&rng, n)];
        for (size_t i = 0; i < m; ++i)
            bi[i] = impl[cxb_stats_rng_index(&rng, m)];
        double r = cxb_stats_quantile_inplace(br, n, 0.5);
        double q = cxb_stats_quantile_inplace(bi, m, 0.5);
        st[b] = q > 0 ? r / q : INFINITY;
    }
    cxb_stats_sort(st, B);
    double a = (1.0 - level) / 2.0;
    *lo = cxb_stats_quantile_sorted(st, B, a);
    *hi = cxb_stats_quantile_sorted(st, B, 1.0 - a);
    free(buf);
    return CXB_OK;
}
