/* harness/fit.c - the log-log slope fit of one series (docs/method.md).
 *
 * OLS of y = ln(median t) on x = ln(n): b = Sxy/Sxx, a = ybar - b xbar,
 * sigma^2 = SSE/(k-2), SE(b) = sigma/sqrt(Sxx), 95% CI = b +- t(0.975, k-2) SE(b).
 * Bootstrap: each kept size's samples are resampled with replacement, the medians and
 * the OLS slope recomputed, B times; percentile interval. Theil-Sen: median of the
 * pairwise slopes. Raw samples are never fitted as points (no pseudo-replication, 6.1.6).
 * Point selection is described in fit.h.
 */
#include "harness/fit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/stats.h"

void cxb_fit_opts_default(cxb_fit_opts *o)
{
    memset(o, 0, sizeof *o);
    o->floor_factor = 10.0;
    o->slope_window = 0.25;
    o->expected = NAN;
    o->tolerance = 0.0;
    o->boot_B = CXB_STATS_BOOT_B;
    o->seed = 0x6C6F672D6C6F6721ull; /* "log-log!" */
}

cxb_status cxb_fit_parse_exclude(const char *text, size_t *first, size_t *last)
{
    *first = *last = 0;
    if (!text || !*text)
        return CXB_OK;
    const char *p = text;
    while (*p) {
        size_t *dst;
        if (strncmp(p, "first:", 6) == 0)
            dst = first, p += 6;
        else if (strncmp(p, "last:", 5) == 0)
            dst = last, p += 5;
        else
            return cxb_fail(CXB_EINPUT, "exclude '%s': expected first:K or last:K", text);
        char *end;
        if (*p < '0' || *p > '9')
            return cxb_fail(CXB_EINPUT, "exclude '%s': K is not a count", text);
        unsigned long v = strtoul(p, &end, 10);
        if (end == p || (*end && *end != ','))
            return cxb_fail(CXB_EINPUT, "exclude '%s': K is not a count", text);
        *dst = (size_t)v;
        p = *end == ',' ? end + 1 : end;
    }
    return CXB_OK;
}

cxb_status cxb_fit_ols(const double *x, const double *y, size_t k, double *b, double *a,
                       double *se_b, double *r2, double *sigma)
{
    if (k < 3)
        return cxb_fail(CXB_EINPUT, "fit: %zu points (need 3)", k);
    double xm = 0, ym = 0;
    for (size_t i = 0; i < k; ++i) {
        xm += x[i];
        ym += y[i];
    }
    xm /= (double)k;
    ym /= (double)k;
    double sxx = 0, sxy = 0, syy = 0;
    for (size_t i = 0; i < k; ++i) {
        sxx += (x[i] - xm) * (x[i] - xm);
        sxy += (x[i] - xm) * (y[i] - ym);
        syy += (y[i] - ym) * (y[i] - ym);
    }
    if (!(sxx > 0))
        return cxb_fail(CXB_EINPUT, "fit: all points have the same x");
    double bb = sxy / sxx, aa = ym - bb * xm, sse = 0;
    for (size_t i = 0; i < k; ++i) {
        double e = y[i] - (aa + bb * x[i]);
        sse += e * e;
    }
    double s = sqrt(sse / (double)(k - 2));
    *b = bb;
    *a = aa;
    *se_b = s / sqrt(sxx);
    *sigma = s;
    *r2 = syy > 0 ? 1.0 - sse / syy : 1.0;
    return CXB_OK;
}

/* OLS slope only (bootstrap inner loop). */
static double ols_slope(const double *x, const double *y, size_t k)
{
    double xm = 0, ym = 0, sxx = 0, sxy = 0;
    for (size_t i = 0; i < k; ++i) {
        xm += x[i];
        ym += y[i];
    }
    xm /= (double)k;
    ym /= (double)k;
    for (size_t i = 0; i < k; ++i) {
        sxx += (x[i] - xm) * (x[i] - xm);
        sxy += (x[i] - xm) * (y[i] - ym);
    }
    return sxy / sxx;
}

double cxb_fit_theil_sen(const double *x, const double *y, size_t k)
{
    size_t np = 0;
    double *s = malloc((k * (k - 1) / 2 + 1) * sizeof *s);
    if (!s)
        return NAN;
    for (size_t i = 0; i < k; ++i)
        for (size_t j = i + 1; j < k; ++j)
            if (x[j] != x[i])
                s[np++] = (y[j] - y[i]) / (x[j] - x[i]);
    double m = np ? cxb_stats_quantile_inplace(s, np, 0.5) : NAN;
    free(s);
    return m;
}

const char *cxb_fit_verdict(double lo, double hi, double expected, double tolerance)
{
    if (isnan(expected))
        return "consistent";
    if (lo > expected + tolerance)
        return "steeper";
    if (hi < expected - tolerance)
        return "shallower";
    /* "consistent with e +- tol" needs an interval that could lie inside that band: one
     * wider than 2 tol (1.00 +- 0.03 against [0.78, 1.55]) overlaps it without showing
     * anything. tol 0 asks only whether the interval holds e. */
    if (tolerance > 0 && hi - lo > 2 * tolerance)
        return "inconclusive";
    return "consistent";
}

void cxb_fit_interval(const cxb_fit_result *r, double *lo, double *hi)
{
    *lo = r->b_lo;
    *hi = r->b_hi;
    if (!isnan(r->boot_lo) && r->boot_lo < *lo)
        *lo = r->boot_lo;
    if (!isnan(r->boot_hi) && r->boot_hi > *hi)
        *hi = r->boot_hi;
}

static int cmp_point_x(const void *a, const void *b)
{
    double x = ((const cxb_fit_point *)a)->x, y = ((const cxb_fit_point *)b)->x;
    return (x > y) - (x < y);
}

static void exclude(cxb_fit_point *p, const char *rule)
{
    p->in_fit = 0;
    snprintf(p->rule, sizeof p->rule, "%s", rule);
}

/* The local-slope rule over the kept points (indices idx[0..k), ascending x). */
static void local_slope_rule(cxb_fit_point *pts, const size_t *idx, size_t k, double tol)
{
    if (k < 3)
        return;
    size_t ns = k - 1;
    double *s = malloc(2 * ns * sizeof *s), *w = s + ns;
    if (!s)
        return;
    for (size_t i = 0; i < ns; ++i) {
        const cxb_fit_point *p = &pts[idx[i]], *q = &pts[idx[i + 1]];
        s[i] = (log(q->median) - log(p->median)) / (log(q->x) - log(p->x));
    }
    size_t best_a = 0, best_len = 0;
    for (size_t a = 0; a < ns; ++a) {
        for (size_t b = a; b < ns; ++b) {
            size_t len = b - a + 1;
            if (len < best_len)
                continue;
            memcpy(w, s + a, len * sizeof *w);
            double med = cxb_stats_quantile_inplace(w, len, 0.5);
            int ok = 1;
            for (size_t i = a; i <= b && ok; ++i)
                ok = fabs(s[i] - med) <= tol;
            if (ok && len >= best_len) { /* ">=": later (larger x) windows win ties */
                best_a = a;
                best_len = len;
            }
        }
    }
    free(s);
    /* slopes best_a .. best_a+best_len-1 join points best_a .. best_a+best_len */
    for (size_t i = 0; i < k; ++i)
        if (i < best_a || i > best_a + best_len)
            exclude(&pts[idx[i]], "local_slope");
}

cxb_status cxb_fit_series(cxb_fit_point *pts, size_t n, const cxb_fit_opts *o,
                          cxb_fit_result *r)
{
    memset(r, 0, sizeof *r);
    r->x_min = r->x_max = r->b = r->b_lo = r->b_hi = r->a = r->r2 = r->sigma = NAN;
    r->boot_lo = r->boot_hi = r->theil_sen_b = NAN;
    r->expected = o->expected;
    r->tolerance = o->tolerance;
    size_t first = 0, last = 0;
    cxb_status st = cxb_fit_parse_exclude(o->exclude, &first, &last);
    if (st)
        return st;
    qsort(pts, n, sizeof *pts, cmp_point_x);
    size_t *idx = malloc((n + 1) * sizeof *idx);
    if (!idx)
        return cxb_fail(CXB_ERESOURCE, "fit: out of memory");
    for (size_t i = 0; i < n; ++i) {
        pts[i].in_fit = 1;
        pts[i].rule[0] = '\0';
        if (!(pts[i].median > 0) || !(pts[i].x > 0) || !isfinite(pts[i].median))
            exclude(&pts[i], "nonpositive");
    }
    int declared_range = o->range_lo > 0 || o->range_hi > 0;
    if (declared_range)
        for (size_t i = 0; i < n; ++i)
            if (pts[i].in_fit && (pts[i].x < o->range_lo || (o->range_hi > 0 && pts[i].x > o->range_hi)))
                exclude(&pts[i], "range");
    if (first || last) {
        char rule[32];
        size_t seen = 0, kept = 0;
        for (size_t i = 0; i < n; ++i)
            kept += pts[i].in_fit != 0;
        for (size_t i = 0; i < n; ++i) {
            if (!pts[i].in_fit)
                continue;
            if (seen < first) {
                snprintf(rule, sizeof rule, "first:%zu", first);
                exclude(&pts[i], rule);
            } else if (seen >= kept - (last < kept ? last : kept)) {
                snprintf(rule, sizeof rule, "last:%zu", last);
                exclude(&pts[i], rule);
            }
            ++seen;
        }
    }
    if (!declared_range && !first && !last) {
        for (size_t i = 0; i < n; ++i)
            if (pts[i].in_fit && pts[i].floor > 0 && pts[i].median < o->floor_factor * pts[i].floor)
                exclude(&pts[i], "floor");
        if (o->slope_window > 0) {
            size_t k = 0;
            for (size_t i = 0; i < n; ++i)
                if (pts[i].in_fit)
                    idx[k++] = i;
            local_slope_rule(pts, idx, k, o->slope_window);
        }
    }
    size_t k = 0;
    for (size_t i = 0; i < n; ++i)
        if (pts[i].in_fit)
            idx[k++] = i;
    r->k = k;
    if (k > 0) {
        r->x_min = pts[idx[0]].x;
        r->x_max = pts[idx[k - 1]].x;
    }
    if (k < 4) {
        r->verdict = "too_few_points";
        for (size_t i = 0; i < k; ++i)
            exclude(&pts[idx[i]], "too_few_points");
        free(idx);
        return CXB_OK;
    }
    r->warn_few = k < 6;
    r->warn_narrow = r->x_max / r->x_min < 100.0;
    double *x = malloc(3 * k * sizeof *x);
    if (!x) {
        free(idx);
        return cxb_fail(CXB_ERESOURCE, "fit: out of memory");
    }
    double *y = x + k, *yb = y + k;
    for (size_t i = 0; i < k; ++i) {
        x[i] = log(pts[idx[i]].x);
        y[i] = log(pts[idx[i]].median);
    }
    double se;
    st = cxb_fit_ols(x, y, k, &r->b, &r->a, &se, &r->r2, &r->sigma);
    if (st) {
        free(x);
        free(idx);
        return st;
    }
    double tq = cxb_stats_t_quantile(0.975, (double)(k - 2));
    r->b_lo = r->b - tq * se;
    r->b_hi = r->b + tq * se;
    r->theil_sen_b = cxb_fit_theil_sen(x, y, k);
    if (o->boot_B > 0) {
        size_t maxs = 0;
        for (size_t i = 0; i < k; ++i)
            if (pts[idx[i]].nsamples > maxs)
                maxs = pts[idx[i]].nsamples;
        double *buf = malloc((maxs + o->boot_B + 1) * sizeof *buf);
        if (!buf) {
            free(x);
            free(idx);
            return cxb_fail(CXB_ERESOURCE, "fit: out of memory (bootstrap)");
        }
        double *bs = buf + maxs;
        cxb_stats_rng rng;
        cxb_stats_rng_init(&rng, o->seed);
        unsigned nb = 0;
        for (unsigned b = 0; b < o->boot_B; ++b) {
            int ok = 1;
            for (size_t i = 0; i < k && ok; ++i) {
                const cxb_fit_point *p = &pts[idx[i]];
                if (p->nsamples == 0 || !p->samples) {
                    yb[i] = y[i];
                    continue;
                }
                for (size_t j = 0; j < p->nsamples; ++j)
                    buf[j] = p->samples[cxb_stats_rng_index(&rng, p->nsamples)];
                double m = cxb_stats_quantile_inplace(buf, p->nsamples, 0.5);
                ok = m > 0;
                yb[i] = ok ? log(m) : 0;
            }
            if (ok)
                bs[nb++] = ols_slope(x, yb, k);
        }
        if (nb > 0) {
            cxb_stats_sort(bs, nb);
            r->boot_lo = cxb_stats_quantile_sorted(bs, nb, 0.025);
            r->boot_hi = cxb_stats_quantile_sorted(bs, nb, 0.975);
        }
        free(buf);
    }
    double lo, hi;
    cxb_fit_interval(r, &lo, &hi);
    r->verdict = cxb_fit_verdict(lo, hi, o->expected, o->tolerance);
    free(x);
    free(idx);
    return CXB_OK;
}
