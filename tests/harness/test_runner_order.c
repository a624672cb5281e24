/* tests/harness/test_runner_order.c - harness_runner_order: the runner's order of work per
 * point (docs/method.md "Points and the order of work") counted on a synthetic study whose run
 * sleeps for its `ms` parameter: a short verified run is followed by one warm-up, a verified run
 * of a second or more by none (it is its own warm-up), and in both cases by exactly the samples
 * the stopping rule asks for, each recorded in samples.csv. And --stop-after (docs/method.md
 * "Stopping early"): past the deadline no point starts, the first always runs, and the set
 * written holds the points done, with "truncated" and the counts in provenance.json. The extra
 * column: once per point after the warm-up, or after every sample's run when the row says its
 * values are the sample's own (cxb_impl.extra_per_sample). */
#define _XOPEN_SOURCE 700
#include "testfs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "harness/csv.h"
#include "harness/runner.h"

static unsigned runs; /* calls of run() at the current point */

typedef struct {
    uint64_t ms, each;
} sleep_ctx;

static cxb_status s_setup(const cxb_params *p, const cxb_env *env, void **ctx)
{
    (void)env;
    sleep_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return CXB_ERESOURCE;
    cxb_status st = cxb_params_u64(p, "ms", 0, &c->ms);
    if (st == CXB_OK)
        st = cxb_params_u64(p, "each", 0, &c->each);
    if (st != CXB_OK) {
        free(c);
        return st;
    }
    runs = 0;
    *ctx = c;
    return CXB_OK;
}
static cxb_status s_reset(void *ctx)
{
    (void)ctx;
    return CXB_OK;
}
static cxb_status s_run(void *ctx, cxb_phases *ph)
{
    (void)ph;
    const sleep_ctx *c = ctx;
    struct timespec ts = {(time_t)(c->ms / 1000), (long)(c->ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
    ++runs;
    return CXB_OK;
}
static cxb_status s_verify(void *ctx)
{
    (void)ctx;
    return CXB_OK;
}
static uint64_t s_checksum(void *ctx)
{
    (void)ctx;
    return 42;
}
static void s_teardown(void *ctx)
{
    free(ctx);
}
static void s_extra(void *ctx, char *buf, size_t size)
{
    (void)ctx;
    snprintf(buf, size, "runs=%u", runs);
}
static int s_each(void *ctx)
{
    return ((const sleep_ctx *)ctx)->each != 0;
}

static const cxb_impl impls[] = {
    {"sleep.wait.seq", CXB_BACKEND_SEQ, 0, "sleeps ms milliseconds a run", s_setup, s_reset, s_run, s_verify,
     s_checksum, s_extra, s_teardown, NULL, s_each},
};
static const cxb_sweep short_sweep[] = {{"short", "sleep.wait.seq", "", "ms", "1"}, CXB_SWEEPS_END};
static const cxb_sweep long_sweep[] = {{"long", "sleep.wait.seq", "", "ms", "1050"}, CXB_SWEEPS_END};
static const cxb_sweep each_sweep[] = {{"each", "sleep.wait.seq", "each=1", "ms", "1"}, CXB_SWEEPS_END};
static const cxb_sweep three_sweep[] = {{"three", "sleep.wait.seq", "", "ms", "20,21,22"}, CXB_SWEEPS_END};
static const cxb_preset presets[] = {
    {"short", "a run of 1 ms", short_sweep, 0},
    {"long", "a run of 1.05 s", long_sweep, 0},
    {"three", "three points of about 20 ms a run", three_sweep, 0},
    {"each", "a run of 1 ms whose extra column is each sample's own", each_sweep, 0},
};
static const cxb_study study = {
    .name = "sleep",
    .summary = "the runner's order of work",
    .reference_impl = "sleep.wait.seq",
    .impls = impls,
    .nimpls = 1,
    .presets = presets,
    .npresets = 4,
};

/* The sample rows of a set and how many distinct points they belong to. */
static unsigned set_rows(const char *dir, unsigned *points)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/samples.csv", dir);
    cxb_csv csv;
    *points = 0;
    if (cxb_csv_read(path, &csv) != CXB_OK)
        return 0;
    int col = cxb_csv_col(&csv, "params");
    for (size_t r = 0; col >= 0 && r < csv.nrows; ++r) {
        int seen = 0;
        for (size_t q = 0; q < r && !seen; ++q)
            seen = !strcmp(cxb_csv_cell(&csv, q, col), cxb_csv_cell(&csv, r, col));
        *points += !seen;
    }
    unsigned rows = (unsigned)csv.nrows;
    cxb_csv_free(&csv);
    return rows;
}

/* Runs a preset of the sleep study with `reps` samples a point into root; the set's path in dir. */
static cxb_status run_sleep(const char *root, const char *preset, unsigned reps, double stop_after, char *dir,
                            size_t size)
{
    cxb_run_opts o;
    cxb_run_opts_init(&o);
    o.study = &study;
    o.preset = preset;
    o.min_reps = o.max_reps = reps;
    o.min_time_s = 0;
    o.noise_s = 0;
    o.progress = 0;
    o.threads = 1;
    o.out_root = root;
    o.machine = "test-box";
    o.stop_after_s = stop_after;
    return cxb_run_study(&o, dir, size);
}

/* --stop-after: a deadline already passed when the first point ends keeps exactly that one;
 * one far away runs all three, and the set says it is not truncated */
static void test_stop_after(const char *root)
{
    const double after[2] = {0.001, 1000};
    const unsigned want[2] = {1, 3};
    for (int k = 0; k < 2; ++k) {
        char dir[4096] = "", path[4200];
        unsigned points;
        cxb_status st = run_sleep(root, "three", 1, after[k], dir, sizeof dir);
        CHECK_MSG(st == CXB_OK, "--stop-after %g: %s", after[k], cxb_last_error());
        set_rows(dir, &points);
        CHECK_MSG(points == want[k], "--stop-after %g: %u points, want %u", after[k], points, want[k]);
        snprintf(path, sizeof path, "%s/provenance.json", dir);
        char *prov = cxb_testfs_slurp(path);
        char done[64];
        snprintf(done, sizeof done, "\"points_done\": %u", want[k]);
        CHECK_MSG(prov && strstr(prov, "\"points_planned\": 3") && strstr(prov, done),
                  "--stop-after %g: counts not in %s", after[k], path);
        CHECK_MSG(prov && strstr(prov, k == 0 ? "\"truncated\": true" : "\"truncated\": false"),
                  "--stop-after %g: truncated flag wrong in %s", after[k], path);
        free(prov);
    }
}

/* The extra cell of every sample row: "runs=R" with R the runs made when it was taken, want[k]
 * for sample k. */
static void check_extra(const char *dir, const char *preset, const unsigned *want, unsigned n)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/samples.csv", dir);
    cxb_csv csv;
    if (cxb_csv_read(path, &csv) != CXB_OK) {
        CHECK_MSG(0, "%s: %s unreadable", preset, path);
        return;
    }
    int col = cxb_csv_col(&csv, "extra");
    CHECK_MSG(col >= 0 && csv.nrows == n, "%s: %zu sample rows, want %u", preset, csv.nrows, n);
    for (size_t r = 0; col >= 0 && r < csv.nrows && r < n; ++r) {
        char cell[32];
        snprintf(cell, sizeof cell, "runs=%u", want[r]);
        CHECK_MSG(!strcmp(cxb_csv_cell(&csv, r, col), cell), "%s: sample %zu extra '%s', want '%s'", preset, r,
                  cxb_csv_cell(&csv, r, col), cell);
    }
    cxb_csv_free(&csv);
}

static void run_preset(const char *root, const char *preset, unsigned reps, unsigned want_runs)
{
    char dir[4096] = "";
    unsigned points;
    cxb_status st = run_sleep(root, preset, reps, 0, dir, sizeof dir);
    CHECK_MSG(st == CXB_OK, "%s: %s", preset, cxb_last_error());
    CHECK_MSG(runs == want_runs, "%s: %u runs, want %u (verified run, warm-up, %u samples)", preset, runs,
              want_runs, reps);
    unsigned rows = set_rows(dir, &points);
    CHECK_MSG(rows == reps && points == 1, "%s: %u sample rows of %u points, want %u of 1", preset, rows, points,
              reps);
    /* the extra column after the warm-up (run 2, or run 1 when the verified run warmed up), or
     * each sample's own (runs 3, 4, 5) */
    unsigned want[8];
    for (unsigned k = 0; k < reps && k < 8; ++k)
        want[k] = !strcmp(preset, "each") ? 3 + k : want_runs - reps;
    check_extra(dir, preset, want, reps);
}

int main(void)
{
    char root[] = "/tmp/cxb-runner-order-XXXXXX";
    if (!mkdtemp(root))
        return 77;
    run_preset(root, "short", 3, 1 + 1 + 3); /* verified, warm-up, samples */
    run_preset(root, "long", 2, 1 + 2);     /* the long verified run is its own warm-up */
    run_preset(root, "each", 3, 1 + 1 + 3);
    test_stop_after(root);
    cxb_testfs_rmtree(root);
    CHECK_DONE();
}
