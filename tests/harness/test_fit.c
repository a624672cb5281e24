/* tests/harness/test_fit.c - harness_fit (docs/method.md): OLS and Theil-Sen against hand
 * computations; synthetic t = c n^b noise (multiplicative, CV 1-10%) for b in
 * {0, 0.5, 1, 2} whose 95% CI must cover b in about 95% of seeded trials; a constant
 * overhead at small n excluded by the floor and local-slope rules; per-figure
 * exclusions and declared ranges reproducing a fixed published slope (Leist's 2.02)
 * on fixed data; summary.csv / fit.csv written by cxb_derive_write with the columns of
 * docs/method.md; the speed-up table; `cxbench fit` on a result set. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "harness/cli.h"
#include "harness/csv.h"
#include "harness/derive.h"
#include "harness/fit.h"
#include "harness/stats.h"
#include "harness/table.h"

#define NEAR(a, b, tol) (fabs((a) - (b)) <= (tol))

static void test_ols(void)
{
    /* y = 2.2 + 0.6 x + residuals (-0.8, 0.6, 1, -0.6, -0.2): Sxy = 6, Sxx = 10, SSE = 2.4,
     * Syy = 6, sigma^2 = 0.8, SE(b) = sqrt(0.08) */
    double x[] = {1, 2, 3, 4, 5}, y[] = {2, 4, 5, 4, 5};
    double b, a, se, r2, sigma;
    CHECK(cxb_fit_ols(x, y, 5, &b, &a, &se, &r2, &sigma) == CXB_OK);
    CHECK(NEAR(b, 0.6, 1e-12) && NEAR(a, 2.2, 1e-12));
    CHECK(NEAR(se, sqrt(0.08), 1e-12) && NEAR(sigma, sqrt(0.8), 1e-12) && NEAR(r2, 0.6, 1e-12));
    /* Theil-Sen: the 10 pairwise slopes sorted -1,0,0,1/3,2/3,3/4,1,1,1.5,2 -> (2/3+3/4)/2 */
    CHECK(NEAR(cxb_fit_theil_sen(x, y, 5), (2.0 / 3.0 + 0.75) / 2.0, 1e-12));
    double same[] = {1, 1, 1};
    CHECK(cxb_fit_ols(same, y, 3, &b, &a, &se, &r2, &sigma) == CXB_EINPUT);
    CHECK(cxb_fit_ols(x, y, 2, &b, &a, &se, &r2, &sigma) == CXB_EINPUT);
    /* verdicts: the interval against expected +- tolerance */
    CHECK(strcmp(cxb_fit_verdict(1.70, 1.80, 2.0, 0.1), "shallower") == 0);
    CHECK(strcmp(cxb_fit_verdict(2.20, 2.30, 2.0, 0.1), "steeper") == 0);
    CHECK(strcmp(cxb_fit_verdict(1.85, 1.95, 2.0, 0.1), "consistent") == 0);
    CHECK(strcmp(cxb_fit_verdict(1.0, 3.0, 2.0, 0.0), "consistent") == 0);
    size_t f, l;
    CHECK(cxb_fit_parse_exclude("first:2", &f, &l) == CXB_OK && f == 2 && l == 0);
    CHECK(cxb_fit_parse_exclude("first:1,last:3", &f, &l) == CXB_OK && f == 1 && l == 3);
    CHECK(cxb_fit_parse_exclude(NULL, &f, &l) == CXB_OK && f == 0 && l == 0);
    CHECK(cxb_fit_parse_exclude("first:x", &f, &l) == CXB_EINPUT);
    CHECK(cxb_fit_parse_exclude("middle:2", &f, &l) == CXB_EINPUT);
    CHECK(cxb_fit_parse_exclude("last:2;", &f, &l) == CXB_EINPUT);
}

/* Coverage: 200 seeded trials per exponent, 11 sizes 2^10..2^20, 10 samples each, CV
 * cycling through 1%..10%, the default rules on (local slope; no floor). */
static void test_coverage(void)
{
    static const double bs[] = {0.0, 0.5, 1.0, 2.0};
    enum { P = 11, S = 10, TRIALS = 200 };
    double samples[P][S];
    cxb_fit_point pts[P];
    cxb_stats_rng rng;
    cxb_stats_rng_init(&rng, 2024);
    for (size_t bi = 0; bi < 4; ++bi) {
        double b = bs[bi];
        int covered = 0, boot_covered = 0, full = 0;
        for (int t = 0; t < TRIALS; ++t) {
            double cv = 0.01 + 0.09 * (double)(t % 10) / 9.0;
            for (int i = 0; i < P; ++i) {
                double n = ldexp(1.0, 10 + i);
                for (int s = 0; s < S; ++s)
                    samples[i][s] = 1000.0 * pow(n / 1024.0, b) * exp(cv * cxb_stats_rng_normal(&rng));
                pts[i] = (cxb_fit_point){.x = n, .samples = samples[i], .nsamples = S,
                                         .median = cxb_stats_median(samples[i], S), .floor = NAN};
            }
            cxb_fit_opts o;
            cxb_fit_opts_default(&o);
            o.boot_B = 200;
            o.seed = (uint64_t)t;
            o.expected = b;
            o.tolerance = 0.05;
            cxb_fit_result r;
            CHECK(cxb_fit_series(pts, P, &o, &r) == CXB_OK);
            covered += r.b_lo <= b && b <= r.b_hi;
            boot_covered += r.boot_lo <= b && b <= r.boot_hi;
            full += r.k == P;
        }
        double c = (double)covered / TRIALS, cb = (double)boot_covered / TRIALS;
        printf("b = %.1f: OLS CI coverage %.3f, bootstrap %.3f, all points kept in %d/%d\n", b, c,
               cb, full, TRIALS);
        CHECK_MSG(c >= 0.88 && c <= 0.99, "b = %g: coverage %.3f", b, c);
        CHECK_MSG(cb >= 0.80, "b = %g: bootstrap coverage %.3f", b, cb);
        CHECK_MSG(full >= TRIALS * 9 / 10, "b = %g: points dropped in %d trials", b, TRIALS - full);
    }
}

/* t = 40 us + 20 ns * n: the constant dominates below n ~ 2^11. */
static void overhead_series(cxb_fit_point *pts, double (*s)[3], size_t *n, double floor)
{
    *n = 0;
    for (int e = 4; e <= 20; ++e) {
        double x = ldexp(1.0, e), t = 40000.0 + 20.0 * x;
        s[*n][0] = t * 0.999;
        s[*n][1] = t;
        s[*n][2] = t * 1.001;
        pts[*n] = (cxb_fit_point){.x = x, .samples = s[*n], .nsamples = 3, .median = t, .floor = floor};
        ++*n;
    }
}

static void test_overhead_rules(void)
{
    cxb_fit_point pts[17];
    double s[17][3];
    size_t n;
    cxb_fit_opts o;
    cxb_fit_result all, rf, rl;
    /* no rule: every point, a slope far below 1 */
    overhead_series(pts, s, &n, NAN);
    cxb_fit_opts_default(&o);
    o.range_lo = 1;
    o.range_hi = 1e12;
    CHECK(cxb_fit_series(pts, n, &o, &all) == CXB_OK && all.k == 17);
    /* the floor rule (floor 5 us: keep t >= 50 us, i.e. n >= 512), then local slopes */
    overhead_series(pts, s, &n, 5000.0);
    cxb_fit_opts_default(&o);
    o.expected = 1.0;
    o.tolerance = 0.1;
    CHECK(cxb_fit_series(pts, n, &o, &rf) == CXB_OK);
    for (size_t i = 0; i < n; ++i) {
        if (pts[i].x < 512)
            CHECK_MSG(!pts[i].in_fit && strcmp(pts[i].rule, "floor") == 0, "x=%g rule '%s'", pts[i].x,
                      pts[i].rule);
        if (pts[i].x >= 65536)
            CHECK(pts[i].in_fit && pts[i].rule[0] == '\0');
    }
    int local = 0;
    for (size_t i = 0; i < n; ++i)
        local += strcmp(pts[i].rule, "local_slope") == 0;
    CHECK(local > 0); /* the floor alone leaves the bend in */
    /* the local-slope rule alone (no floors measured) */
    overhead_series(pts, s, &n, NAN);
    cxb_fit_opts_default(&o);
    CHECK(cxb_fit_series(pts, n, &o, &rl) == CXB_OK);
    CHECK(!pts[0].in_fit && strcmp(pts[0].rule, "local_slope") == 0);
    CHECK(pts[n - 1].in_fit);
    printf("overhead: all points b = %.3f (k %zu); floor+local b = %.3f (k %zu); local b = %.3f (k %zu)\n",
           all.b, all.k, rf.b, rf.k, rl.b, rl.k);
    CHECK(all.b < 0.8);
    CHECK(rf.b > 0.88 && rf.b <= 1.0 && rl.b > 0.88 && rl.b <= 1.0);
    CHECK(rf.b > all.b + 0.15);
    CHECK(rf.k >= 6 && rl.k >= 6);
}

/* Leist's per-figure exclusions: "sequential alpha-model slope 2.02" (Table 5.1) on data
 * whose first two sizes are overhead and whose last is an outlier. */
static void leist_series(cxb_fit_point *pts, double *s)
{
    for (int e = 0; e <= 6; ++e) {
        double x = ldexp(1.0, e), t = e < 2 ? 50.0 : 3.0 * pow(x, 2.02);
        if (e == 6)
            t *= 4.0;
        s[e] = t;
        pts[e] = (cxb_fit_point){.x = x, .samples = &s[e], .nsamples = 1, .median = t, .floor = NAN};
    }
}

static void test_exclusions(void)
{
    cxb_fit_point pts[7];
    double s[7];
    cxb_fit_opts o;
    cxb_fit_result r;
    leist_series(pts, s);
    cxb_fit_opts_default(&o);
    o.exclude = "first:2,last:1";
    o.expected = 2.02;
    o.tolerance = 0.05;
    CHECK(cxb_fit_series(pts, 7, &o, &r) == CXB_OK);
    CHECK_MSG(r.k == 4 && NEAR(r.b, 2.02, 1e-9), "k %zu b %.12g", r.k, r.b);
    CHECK(NEAR(r.a, log(3.0), 1e-9) && NEAR(r.r2, 1.0, 1e-12));
    CHECK(strcmp(r.verdict, "consistent") == 0);
    CHECK(r.x_min == 4 && r.x_max == 32);
    CHECK(strcmp(pts[0].rule, "first:2") == 0 && strcmp(pts[1].rule, "first:2") == 0);
    CHECK(strcmp(pts[6].rule, "last:1") == 0 && pts[2].in_fit && pts[5].in_fit);
    /* a declared range does the same */
    leist_series(pts, s);
    cxb_fit_opts_default(&o);
    o.range_lo = 4;
    o.range_hi = 32;
    CHECK(cxb_fit_series(pts, 7, &o, &r) == CXB_OK);
    CHECK(r.k == 4 && NEAR(r.b, 2.02, 1e-9));
    CHECK(strcmp(pts[0].rule, "range") == 0 && strcmp(pts[6].rule, "range") == 0);
    /* without them the slope is not the published one */
    leist_series(pts, s);
    cxb_fit_opts_default(&o);
    o.slope_window = 0;
    o.expected = 2.02;
    o.tolerance = 0.05;
    CHECK(cxb_fit_series(pts, 7, &o, &r) == CXB_OK);
    CHECK_MSG(r.k == 7 && fabs(r.b - 2.02) > 0.1, "all points: k %zu b %.4f", r.k, r.b);
    /* fewer than 4 points: no fit */
    leist_series(pts, s);
    cxb_fit_opts_default(&o);
    o.exclude = "first:4";
    CHECK(cxb_fit_series(pts, 7, &o, &r) == CXB_OK);
    CHECK(r.k == 3 && strcmp(r.verdict, "too_few_points") == 0 && isnan(r.b));
    for (int i = 0; i < 7; ++i)
        CHECK(!pts[i].in_fit);
    /* a bad exclusion is an input error */
    o.exclude = "first";
    CHECK(cxb_fit_series(pts, 7, &o, &r) == CXB_EINPUT);
    /* 4 or 5 points: a fit with a warning */
    leist_series(pts, s);
    cxb_fit_opts_default(&o);
    o.exclude = "first:2";
    CHECK(cxb_fit_series(pts, 7, &o, &r) == CXB_OK && r.k == 5 && r.warn_few && r.warn_narrow);
}

/* ---------------- derived files ---------------- */

static const char *const samples_header =
    "run_id,study,impl,backend,algorithm,variant,point,params,n,threads,seed,rep,mode,batch,"
    "wall_ns,cpu_ns,alloc_ns,h2d_ns,kernel_ns,d2h_ns,free_ns,rng_ns,sync_ns,transfer_ns,time_ns,"
    "instructions,sm_clock_mhz,throttled,checksum,verified,t_start_ns,extra\n";

static const double pattern[7] = {0.98, 0.99, 1.0, 1.01, 1.02, 1.03, 0.97};

static void write_point(FILE *f, const char *study, const char *impl, const char *backend,
                        int pid, const char *params, double n, double t, int verified)
{
    for (int r = 0; r < 7; ++r) {
        long long v = llround(t * pattern[r]);
        fprintf(f, "R1,%s,%s,%s,alg,v,%016x,%s,%.0f,1,1,%d,cpu,1,%lld,%lld,,,,,,,,,%lld,,,0,"
                   "00000000deadbeef,%d,%d,\n",
                study, impl, backend, pid, params, n, r, v, v, v, r == 3 ? verified : 1, r);
    }
}

static const cxb_series_spec test_series[] = {{"fittest.alg.", "n", 1.0, 0.05, 0, 0, NULL}};
static const cxb_study test_study = {
    .name = "fittest", .reference_impl = "fittest.alg.seq",
    .series = test_series, .nseries = 1,
};

static void write_set(const char *dir, int verified)
{
    char path[512];
    snprintf(path, sizeof path, "%s/samples.csv", dir);
    FILE *f = fopen(path, "w");
    fputs(samples_header, f);
    int pid = 1;
    for (int e = 10; e <= 17; ++e) {
        double n = ldexp(1.0, e);
        char p[64];
        snprintf(p, sizeof p, "n=%.0f;threads=1", n);
        write_point(f, "fittest", "fittest.alg.seq", "seq", pid++, p, n, 10.0 * n, 1);
        snprintf(p, sizeof p, "n=%.0f;threads=4", n);
        write_point(f, "fittest", "fittest.alg.par", "pthreads", pid++, p, n, 2.5 * n, verified);
        snprintf(p, sizeof p, "n=%.0f;threads=1", n);
        write_point(f, "fittest", "fittest.alg.slow", "seq", pid++, p, n, 40.0 * n, 1);
    }
    write_point(f, "fittest", "fittest.other.seq", "seq", pid++, "n=5;threads=1", 5, 1000, 1);
    fclose(f);
    snprintf(path, sizeof path, "%s/floors.csv", dir);
    f = fopen(path, "w");
    fputs("backend,mode,floor_ns\nseq,cpu,100\npthreads,cpu,2000\n", f);
    fclose(f);
}

static const char *cell(const cxb_csv *c, size_t row, const char *col)
{
    return cxb_csv_cell(c, row, cxb_csv_col(c, col));
}

static void test_derive(const char *tmp)
{
    char dir[512], path[600];
    snprintf(dir, sizeof dir, "%s/set1", tmp);
    if (mkdir(dir, 0777) != 0) {
        CHECK(0);
        return;
    }
    write_set(dir, 1);
    CHECK(cxb_derive_write(dir, &test_study, 0, 0) == CXB_OK);
    cxb_csv s, fcsv;
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    CHECK(cxb_csv_read(path, &s) == CXB_OK);
    static const char *const scols[] = {
        "point", "impl", "params", "count", "median", "q1", "q3", "iqr", "min", "max", "mean", "sd",
        "rel_sd", "median_ci_lo", "median_ci_hi", "work", "rate", "stop_reason", "discarded",
        "floor_ns", "floor_ratio", "in_fit", "exclusion_rule"};
    CHECK(s.ncols == sizeof scols / sizeof scols[0]);
    for (size_t i = 0; i < s.ncols && i < sizeof scols / sizeof scols[0]; ++i)
        CHECK_MSG(strcmp(s.header[i], scols[i]) == 0, "summary column %zu '%s'", i, s.header[i]);
    CHECK(s.nrows == 25);
    /* row 0: fittest.alg.seq at n = 1024, samples 10240 * pattern (rounded) */
    CHECK(strcmp(cell(&s, 0, "impl"), "fittest.alg.seq") == 0);
    CHECK(strcmp(cell(&s, 0, "params"), "n=1024;threads=1") == 0);
    CHECK(strcmp(cell(&s, 0, "count"), "7") == 0);
    CHECK(atof(cell(&s, 0, "median")) == 10240);
    CHECK(atof(cell(&s, 0, "min")) == (double)llround(10240 * 0.97));
    CHECK(atof(cell(&s, 0, "max")) == (double)llround(10240 * 1.03));
    CHECK(atof(cell(&s, 0, "work")) == 1024);
    CHECK(NEAR(atof(cell(&s, 0, "rate")), 1024 / 10240e-9, 1e-3));
    CHECK(atof(cell(&s, 0, "floor_ns")) == 100 && NEAR(atof(cell(&s, 0, "floor_ratio")), 102.4, 1e-9));
    CHECK(strcmp(cell(&s, 0, "in_fit"), "1") == 0 && strcmp(cell(&s, 0, "exclusion_rule"), "") == 0);
    CHECK(strcmp(cell(&s, 0, "discarded"), "0") == 0);
    /* pthreads at n = 1024: 2560 ns < 10 x 2000 ns: excluded by the floor */
    CHECK(strcmp(cell(&s, 1, "impl"), "fittest.alg.par") == 0);
    CHECK(strcmp(cell(&s, 1, "in_fit"), "0") == 0 && strcmp(cell(&s, 1, "exclusion_rule"), "floor") == 0);
    CHECK(strcmp(cell(&s, 24, "impl"), "fittest.other.seq") == 0);
    CHECK(strcmp(cell(&s, 24, "exclusion_rule"), "no_series") == 0);
    cxb_csv_free(&s);

    snprintf(path, sizeof path, "%s/fit.csv", dir);
    CHECK(cxb_csv_read(path, &fcsv) == CXB_OK);
    static const char *const fcols[] = {"series", "x_param", "k", "x_min", "x_max", "b", "b_lo",
                                        "b_hi", "a", "r2", "sigma", "boot_lo", "boot_hi",
                                        "theil_sen_b", "expected", "verdict"};
    CHECK(fcsv.ncols == sizeof fcols / sizeof fcols[0]);
    for (size_t i = 0; i < fcsv.ncols && i < sizeof fcols / sizeof fcols[0]; ++i)
        CHECK_MSG(strcmp(fcsv.header[i], fcols[i]) == 0, "fit column %zu '%s'", i, fcsv.header[i]);
    CHECK(fcsv.nrows == 3);
    CHECK(strcmp(cell(&fcsv, 0, "series"), "fittest.alg.seq[threads=1]") == 0);
    CHECK(strcmp(cell(&fcsv, 0, "x_param"), "n") == 0 && strcmp(cell(&fcsv, 0, "k"), "8") == 0);
    CHECK(NEAR(atof(cell(&fcsv, 0, "b")), 1.0, 1e-4));
    CHECK(strcmp(cell(&fcsv, 0, "verdict"), "consistent") == 0);
    CHECK(atof(cell(&fcsv, 0, "x_min")) == 1024 && atof(cell(&fcsv, 0, "x_max")) == 131072);
    CHECK(strcmp(cell(&fcsv, 1, "series"), "fittest.alg.par[threads=4]") == 0);
    CHECK(atoi(cell(&fcsv, 1, "k")) < 8);
    cxb_csv_free(&fcsv);

    /* the same, in memory, and the speed-up table */
    cxb_rset rs;
    CHECK(cxb_rset_load(dir, &rs) == CXB_OK);
    CHECK(cxb_rset_fit(&rs, &test_study, 0, 0) == CXB_OK);
    CHECK(rs.nseries == 3 && rs.npoints == 25 && !rs.metric_ir);
    cxb_grid g;
    CHECK(cxb_table_speedup(&rs, &test_study, "testbox", 0, &g) == CXB_OK);
    CHECK(g.nrows == 3 && g.ncols == 8);
    if (g.nrows == 3) {
        printf("speed-ups: %s | %s | %s\n", g.cells[8 + 1], g.cells[16 + 1], g.cells[24 + 1]);
        CHECK(strncmp(g.cells[8 + 0], "fittest.alg.seq @ testbox", 25) == 0);
        CHECK(strncmp(g.cells[8 + 1], "1 [1, 1]", 8) == 0);
        CHECK(strncmp(g.cells[16 + 1], "4 [", 3) == 0);
        CHECK(strcmp(g.cells[16 + 2], "n=131072") == 0);
        CHECK(strncmp(g.cells[24 + 1], "0.25 [", 6) == 0);
    }
    cxb_grid_free(&g);
    CHECK(cxb_table_speedup(&rs, &test_study, "testbox", 1, &g) == CXB_OK);
    if (g.nrows == 3) {
        CHECK(strncmp(g.cells[8 + 1], "1.00 [1.00, 1.00]", 17) == 0);
        CHECK(strncmp(g.cells[16 + 1], "4.00 [", 6) == 0);
        CHECK(strncmp(g.cells[24 + 1], "-4.00 [", 7) == 0); /* Leist's convention */
    }
    cxb_grid_free(&g);
    /* --range overrides the automatic rules: every pthreads point is back in */
    CHECK(cxb_rset_fit(&rs, &test_study, 1000, 0) == CXB_OK);
    CHECK(rs.series[1].fit.k == 8);
    cxb_rset_free(&rs);

    /* an unverified row or a truncated file: no derived files, an input error */
    snprintf(dir, sizeof dir, "%s/set2", tmp);
    CHECK(mkdir(dir, 0777) == 0);
    write_set(dir, 0);
    CHECK(cxb_derive_write(dir, &test_study, 0, 0) == CXB_EINPUT);
    CHECK(strstr(cxb_last_error(), "unverified") != NULL);
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    CHECK(access(path, F_OK) != 0);
    write_set(dir, 1);
    snprintf(path, sizeof path, "%s/samples.csv", dir);
    FILE *f = fopen(path, "a");
    fputs("R1,fittest,fittest.alg.seq,seq,alg,v,0000000000000099,n=3;threads=1,3,1", f);
    fclose(f);
    CHECK(cxb_derive_write(dir, &test_study, 0, 0) == CXB_EINPUT);
    CHECK(strstr(cxb_last_error(), "truncated") != NULL);
}

/* `cxbench fit` on a set of a registered study (its first series spec). */
static void test_cli(const char *tmp)
{
    char *bad1[] = {"fit", NULL};
    CHECK(cxb_cli_fit(1, bad1) == 2);
    char *bad2[] = {"fit", "/nonexistent/x", NULL};
    CHECK(cxb_cli_fit(2, bad2) == 2);
    char dir[512];
    snprintf(dir, sizeof dir, "%s/set1", tmp);
    char *bad3[] = {"fit", dir, "--range", "9:3", NULL};
    CHECK(cxb_cli_fit(4, bad3) == 2);
    char *bad4[] = {"fit", dir, "--frobnicate", NULL};
    CHECK(cxb_cli_fit(3, bad4) == 2);
    char *unknown[] = {"fit", dir, NULL}; /* study "fittest" is not registered */
    CHECK(cxb_cli_fit(2, unknown) == 2);

    size_t ns = 0;
    const cxb_study *const *studies = cxb_studies(&ns);
    const cxb_study *st = NULL;
    for (size_t i = 0; i < ns && !st; ++i)
        if (studies[i]->nseries > 0 && studies[i]->series[0].x_param)
            st = studies[i];
    if (!st) {
        printf("no registered study with series: cxbench fit on a real study not tested\n");
        return;
    }
    char impl[128], path[600];
    snprintf(impl, sizeof impl, "%stest", st->series[0].impl_prefix);
    snprintf(dir, sizeof dir, "%s/real", tmp);
    CHECK(mkdir(dir, 0777) == 0);
    snprintf(path, sizeof path, "%s/samples.csv", dir);
    FILE *f = fopen(path, "w");
    fputs(samples_header, f);
    for (int e = 10; e <= 17; ++e) {
        char p[96];
        snprintf(p, sizeof p, "%s=%.0f;seed=1", st->series[0].x_param, ldexp(1.0, e));
        write_point(f, st->name, impl, "seq", e, p, ldexp(1.0, e), 3.0 * ldexp(1.0, e), 1);
    }
    fclose(f);
    char *ok[] = {"fit", dir, "--table", "--style", "paper", NULL};
    CHECK(cxb_cli_fit(5, ok) == 0);
    char *tex[] = {"fit", dir, "--format", "tex", "--range", "2^11:", NULL};
    CHECK(cxb_cli_fit(6, tex) == 0);
    snprintf(path, sizeof path, "%s.fit.csv", dir); /* beside the set, not over its fit.csv */
    cxb_csv c;
    CHECK(cxb_csv_read(path, &c) == CXB_OK);
    CHECK(c.nrows == 1 && strcmp(cell(&c, 0, "k"), "7") == 0); /* --range 2^11: drops 2^10 */
    cxb_csv_free(&c);
}

int main(void)
{
    char tmp[] = "/tmp/cxb_fit_XXXXXX";
    if (!mkdtemp(tmp))
        SKIP("cannot create a temporary directory");
    test_ols();
    test_coverage();
    test_overhead_rules();
    test_exclusions();
    test_derive(tmp);
    test_cli(tmp);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    if (cxb_check_failures == 0 && system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmp);
    CHECK_DONE();
}
