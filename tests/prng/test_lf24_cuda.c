/* tests/prng/test_lf24_cuda.c - prng_lf24_cuda: the CUDA lf24 variants against the sequential
 * reference (docs/studies/prng.md), the store kernel, the device queries.
 *
 * On fresh random seeds (printed; CXB_TEST_SEED=<n> repeats a run):
 *   - prng.lf24.cuda1 and prng.lf24.cudashared = prng.lf24.seq bit for bit (interleave
 *     layout), store and sum modes, T in {1, 31, 32, 1000, 4099}, n in {0, 1, T-1, T,
 *     10T+7, 2^20}, r in {97, 1021}; odd block sizes; a second run without reset
 *     continues the streams, reset() restarts them;
 *   - prng.lf24.cuda2 exact carry = seq with (92153, 30718), (97, 33), (1021, 341),
 *     across lap and launch boundaries and across runs; its float carry stays in
 *     [0, 2^24), within 2^16 + 5 units (mod 2^24) of the exact outputs on the first lap
 *     (bound derived in impl_cuda/prng/lf24.cu), repeats itself after reset;
 *   - parameters the variants cannot run are refused (CXB_EINPUT), an impossible
 *     allocation is CXB_ERESOURCE with a message, not a crash;
 *   - prng.store.cuda writes out[i] = i; cxb_cuda_gpu_info names the GPU.
 * Without a GPU: the "no GPU" answers are checked, then exit 77.
 * `test_lf24_cuda quick` keeps every size small (for compute-sanitizer); without it,
 * throughputs at n = 2^28 are printed as information (never asserted).
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "cxb/core/cuda.h"
#include "cxb/prng/lf24.h"

static int quick;
static char sentinel; /* a context pointer that a failed create must overwrite with NULL */

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint64_t fresh_seed(void)
{
    const char *env = getenv("CXB_TEST_SEED");
    if (env && *env)
        return strtoull(env, NULL, 0);
    uint64_t s = 0;
    int fd = open("/dev/urandom", O_RDONLY);
    if (fd < 0 || read(fd, &s, sizeof s) != (ssize_t)sizeof s) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        s = (uint64_t)ts.tv_sec * 1000000007ull ^ (uint64_t)ts.tv_nsec ^ (uint64_t)getpid() << 32;
    }
    if (fd >= 0)
        close(fd);
    return s;
}

static const char *vname(cxb_lf24_cuda_variant v)
{
    return v == CXB_LF24_CUDA1 ? "cuda1" : v == CXB_LF24_CUDA2 ? "cuda2" : "cudashared";
}

/* The reference: seq on a copy of the pristine tables. Returns out (n) or sums (T). */
static void *reference(const cxb_lf24_job *job, const uint32_t *tables0)
{
    size_t words = (size_t)job->streams * job->r;
    uint32_t *tab = malloc(words * sizeof *tab);
    size_t bytes = job->mode == CXB_LF24_STORE ? (size_t)job->n * sizeof(uint32_t)
                                               : (size_t)job->streams * sizeof(double);
    void *res = malloc(bytes ? bytes : 1);
    if (!tab || !res) {
        fprintf(stderr, "out of host memory\n");
        exit(1);
    }
    memcpy(tab, tables0, words * sizeof *tab);
    CHECK(cxb_lf24_run_seq(job, tab, job->mode == CXB_LF24_STORE ? res : NULL,
                           job->mode == CXB_LF24_SUM ? res : NULL) == CXB_OK);
    free(tab);
    return res;
}

/* Compares a GPU result with the reference; prints the first difference. */
static int same_result(const cxb_lf24_job *job, const cxb_lf24_cuda *ctx, const void *ref,
                       uint64_t ref_offset, const char *what)
{
    if (job->mode == CXB_LF24_STORE) {
        const uint32_t *got = cxb_lf24_cuda_out(ctx), *want = (const uint32_t *)ref + ref_offset;
        if (job->n > 0 && !got)
            return 0;
        for (uint64_t i = 0; i < job->n; ++i)
            if (got[i] != want[i]) {
                fprintf(stderr, "%s: out[%" PRIu64 "] = %u, seq %u\n", what, i, got[i], want[i]);
                return 0;
            }
    } else {
        const double *got = cxb_lf24_cuda_sums(ctx), *want = ref;
        if (!got)
            return 0;
        for (uint64_t t = 0; t < job->streams; ++t)
            if (memcmp(&got[t], &want[t], sizeof(double)) != 0) {
                fprintf(stderr, "%s: sums[%" PRIu64 "] = %.17g, seq %.17g\n", what, t, got[t],
                        want[t]);
                return 0;
            }
    }
    return 1;
}

/* create + run + compare; returns the context (still alive) or NULL. */
static cxb_lf24_cuda *run_and_compare(const cxb_lf24_job *job, cxb_lf24_cuda_variant v,
                                      unsigned block, const void *ref, const char *what)
{
    cxb_lf24_cuda *ctx = NULL;
    cxb_phases setup, ph;
    cxb_status st = cxb_lf24_cuda_create(&ctx, job, v, CXB_LF24_C_EXACT, block, NULL, &setup);
    CHECK_MSG(st == CXB_OK, "%s: create: %s", what, cxb_last_error());
    if (st != CXB_OK)
        return NULL;
    CHECK(setup.ns[CXB_PHASE_ALLOC] >= 0 && setup.ns[CXB_PHASE_H2D] >= 0 &&
          setup.ns[CXB_PHASE_KERNEL] >= 0);
    cxb_phases_clear(&ph);
    st = cxb_lf24_cuda_run(ctx, &ph);
    CHECK_MSG(st == CXB_OK, "%s: run: %s", what, cxb_last_error());
    CHECK(ph.ns[CXB_PHASE_KERNEL] >= 0 && ph.ns[CXB_PHASE_D2H] >= 0);
    CHECK_MSG(st == CXB_OK && same_result(job, ctx, ref, 0, what), "%s differs from seq", what);
    return ctx;
}

/* ---- cuda1 and cudashared: every (r, T, n, mode) against seq ---- */

static void test_streams(uint64_t *rng)
{
    static const uint32_t rs[] = {97, 1021};
    static const uint64_t Ts[] = {1, 31, 32, 1000, 4096 + 3};
    const uint64_t nbig = quick ? 1u << 14 : 1u << 20;
    for (size_t ri = 0; ri < sizeof rs / sizeof rs[0]; ++ri)
        for (size_t ti = 0; ti < sizeof Ts / sizeof Ts[0]; ++ti) {
            const uint64_t T = Ts[ti];
            cxb_lf24_job job = {splitmix64(rng), rs[ri], cxb_lf24_default_s(rs[ri]), T, 0,
                                CXB_LF24_INTERLEAVE, CXB_LF24_STORE};
            uint32_t *tables = NULL;
            CHECK(cxb_lf24_tables_create(&job, &tables) == CXB_OK);
            if (!tables)
                continue;
            const uint64_t ns[] = {0, 1, T - 1, T, 10 * T + 7, nbig};
            for (size_t ni = 0; ni < sizeof ns / sizeof ns[0]; ++ni) {
                if (ni == 2 && T == 1)
                    continue; /* T-1 = 0 again */
                job.n = ns[ni];
                for (int mode = 0; mode < 2; ++mode) {
                    job.mode = mode ? CXB_LF24_SUM : CXB_LF24_STORE;
                    void *ref = reference(&job, tables);
                    for (int v = 0; v < 2; ++v) {
                        cxb_lf24_cuda_variant var = v ? CXB_LF24_CUDASHARED : CXB_LF24_CUDA1;
                        char what[160];
                        snprintf(what, sizeof what,
                                 "%s r=%u T=%" PRIu64 " n=%" PRIu64 " %s seed=%" PRIu64,
                                 vname(var), job.r, T, job.n, mode ? "sum" : "store", job.seed);
                        cxb_lf24_cuda *ctx = run_and_compare(&job, var, 0, ref, what);
                        cxb_lf24_cuda_destroy(ctx);
                    }
                    free(ref);
                }
            }
            free(tables);
        }
}

/* Block sizes that do not divide T, continuation without reset, reset. */
static void test_blocks_and_reset(uint64_t *rng)
{
    const uint64_t T = 1000;
    cxb_lf24_job job = {splitmix64(rng), 97, 33, T, 10 * T, CXB_LF24_INTERLEAVE, CXB_LF24_STORE};
    cxb_lf24_job twice = job;
    twice.n = 2 * job.n;
    uint32_t *tables = NULL;
    CHECK(cxb_lf24_tables_create(&job, &tables) == CXB_OK);
    if (!tables)
        return;
    uint32_t *ref = reference(&twice, tables); /* n = 10T: first half = one run */
    static const unsigned blocks[] = {0, 32, 100, 544}; /* 544 x 388 B fits, 1024 not */
    for (int v = 0; v < 2; ++v)
        for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; ++b) {
            cxb_lf24_cuda_variant var = v ? CXB_LF24_CUDASHARED : CXB_LF24_CUDA1;
            char what[160];
            snprintf(what, sizeof what, "%s block=%u seed=%" PRIu64, vname(var), blocks[b],
                     job.seed);
            cxb_lf24_cuda *ctx = run_and_compare(&job, var, blocks[b], ref, what);
            if (!ctx)
                continue;
            CHECK(cxb_lf24_cuda_run(ctx, NULL) == CXB_OK);
            CHECK_MSG(same_result(&job, ctx, ref, job.n, what),
                      "%s: a second run without reset does not continue the streams", what);
            CHECK(cxb_lf24_cuda_reset(ctx) == CXB_OK);
            CHECK(cxb_lf24_cuda_run(ctx, NULL) == CXB_OK);
            CHECK_MSG(same_result(&job, ctx, ref, 0, what), "%s: run after reset differs", what);
            cxb_lf24_cuda_destroy(ctx);
        }
    free(ref);
    free(tables);
}

/* ---- cuda2 ---- */

static void test_cuda2_exact(uint64_t *rng)
{
    struct {
        uint32_t r, s;
    } lags[] = {{92153, 30718}, {97, 33}, {1021, 341}};
    for (size_t li = 0; li < sizeof lags / sizeof lags[0]; ++li) {
        const uint32_t r = lags[li].r, s = lags[li].s;
        cxb_lf24_job job = {splitmix64(rng), r, s, 1, 0, CXB_LF24_SLICE, CXB_LF24_STORE};
        uint32_t *tables = NULL;
        CHECK(cxb_lf24_tables_create(&job, &tables) == CXB_OK);
        if (!tables)
            continue;
        const uint64_t ns[] = {1, s, r, 3ull * r + 5, quick ? 2ull * r + 1 : (1u << 16) + 3u * r};
        for (size_t ni = 0; ni < sizeof ns / sizeof ns[0]; ++ni) {
            if (quick && r == 92153 && ni == 3)
                continue;
            job.n = ns[ni];
            for (int mode = 0; mode < 2; ++mode) {
                job.mode = mode ? CXB_LF24_SUM : CXB_LF24_STORE;
                void *ref = reference(&job, tables);
                char what[160];
                snprintf(what, sizeof what, "cuda2 exact r=%u s=%u n=%" PRIu64 " %s seed=%" PRIu64,
                         r, s, job.n, mode ? "sum" : "store", job.seed);
                cxb_lf24_cuda_destroy(run_and_compare(&job, CXB_LF24_CUDA2, 0, ref, what));
                free(ref);
            }
        }
        /* two runs that end inside a launch and inside a lap, then a reset */
        job.mode = CXB_LF24_STORE;
        job.n = r == 92153 ? 50001 : 2 * s + 7;
        cxb_lf24_job twice = job;
        twice.n = 2 * job.n;
        uint32_t *ref = reference(&twice, tables);
        char what[160];
        snprintf(what, sizeof what, "cuda2 exact r=%u s=%u n=%" PRIu64 " block=32 continued seed=%" PRIu64,
                 r, s, job.n, job.seed);
        cxb_lf24_cuda *ctx = run_and_compare(&job, CXB_LF24_CUDA2, 32, ref, what);
        if (ctx) {
            CHECK(cxb_lf24_cuda_run(ctx, NULL) == CXB_OK);
            CHECK_MSG(same_result(&job, ctx, ref, job.n, what), "%s: second run", what);
            CHECK(cxb_lf24_cuda_reset(ctx) == CXB_OK);
            CHECK(cxb_lf24_cuda_run(ctx, NULL) == CXB_OK);
            CHECK_MSG(same_result(&job, ctx, ref, 0, what), "%s: run after reset", what);
            cxb_lf24_cuda_destroy(ctx);
        }
        free(ref);
        free(tables);
    }
}

/* Float carry: the thesis's approximation, checked by its bound and by repetition. */
static void test_cuda2_float(uint64_t *rng)
{
    const uint32_t L = 92153, S = 30718;
    const uint32_t tol = (1u << 16) + 5u; /* impl_cuda/prng/lf24.cu: first-lap bound */
    cxb_lf24_job job = {splitmix64(rng), L, S, 1, quick ? L + 5 : 3ull * L + 5, CXB_LF24_SLICE,
                        CXB_LF24_STORE};
    cxb_lf24_cuda *fc = NULL, *ex = NULL;
    CHECK(cxb_lf24_cuda_create(&fc, &job, CXB_LF24_CUDA2, CXB_LF24_C_FLOAT, 0, NULL, NULL) == CXB_OK);
    CHECK(cxb_lf24_cuda_create(&ex, &job, CXB_LF24_CUDA2, CXB_LF24_C_EXACT, 0, NULL, NULL) == CXB_OK);
    if (fc && ex && cxb_lf24_cuda_run(fc, NULL) == CXB_OK &&
        cxb_lf24_cuda_run(ex, NULL) == CXB_OK) {
        const uint32_t *f = cxb_lf24_cuda_out(fc), *e = cxb_lf24_cuda_out(ex);
        uint64_t bad_range = 0, bad_tol = 0, differ = 0;
        uint32_t worst = 0;
        double mean = 0.0;
        for (uint64_t i = 0; i < job.n; ++i) {
            bad_range += f[i] > CXB_LF24_MASK;
            mean += f[i] * (1.0 / 16777216.0);
            if (i < L) {
                uint32_t d = (f[i] - e[i]) & CXB_LF24_MASK;
                d = d < (1u << 23) ? d : (1u << 24) - d;
                worst = d > worst ? d : worst;
                bad_tol += d > tol;
                differ += d != 0;
            }
        }
        mean /= (double)job.n;
        printf("cuda2 float carry: first lap: %" PRIu64 " of %u outputs differ from exact c, "
               "largest distance %u units (bound %u); mean %.5f\n",
               differ, L, worst, tol, mean);
        CHECK_MSG(bad_range == 0, "%" PRIu64 " float-carry outputs >= 2^24 (seed %" PRIu64 ")",
                  bad_range, job.seed);
        CHECK_MSG(bad_tol == 0, "%" PRIu64 " first-lap outputs beyond %u units (seed %" PRIu64 ")",
                  bad_tol, tol, job.seed);
        CHECK_MSG(mean > 0.49 && mean < 0.51, "float-carry mean %.5f", mean);
        /* the float mode repeats itself */
        uint32_t *first = malloc((size_t)job.n * sizeof *first);
        if (first) {
            memcpy(first, f, (size_t)job.n * sizeof *first);
            CHECK(cxb_lf24_cuda_reset(fc) == CXB_OK);
            CHECK(cxb_lf24_cuda_run(fc, NULL) == CXB_OK);
            CHECK_MSG(memcmp(first, cxb_lf24_cuda_out(fc), (size_t)job.n * sizeof *first) == 0,
                      "cuda2 float: run after reset differs (seed %" PRIu64 ")", job.seed);
            free(first);
        }
    } else {
        CHECK_MSG(0, "cuda2 float/exact: %s", cxb_last_error());
    }
    cxb_lf24_cuda_destroy(fc);
    cxb_lf24_cuda_destroy(ex);
}

/* ---- refusals and resources ---- */

static void expect_status(cxb_status want, const cxb_lf24_job *job, cxb_lf24_cuda_variant v,
                          cxb_lf24_carry_mode c, unsigned block, const char *needle,
                          const char *what)
{
    cxb_lf24_cuda *ctx = (cxb_lf24_cuda *)(void *)&sentinel; /* must be reset to NULL */
    cxb_error_clear();
    cxb_status st = cxb_lf24_cuda_create(&ctx, job, v, c, block, NULL, NULL);
    CHECK_MSG(st == want, "%s: status %d, want %d (%s)", what, (int)st, (int)want,
              cxb_last_error());
    CHECK_MSG(ctx == NULL, "%s: context not NULL after a failure", what);
    CHECK_MSG(strstr(cxb_last_error(), needle) != NULL, "%s: message '%s' does not name '%s'",
              what, cxb_last_error(), needle);
    if (st == CXB_OK)
        cxb_lf24_cuda_destroy(ctx);
}

static void test_refusals(void)
{
    cxb_lf24_job j = {1, 97, 33, 64, 1000, CXB_LF24_INTERLEAVE, CXB_LF24_STORE};
    cxb_lf24_job slice = j;
    slice.layout = CXB_LF24_SLICE;
    expect_status(CXB_EINPUT, &slice, CXB_LF24_CUDA1, CXB_LF24_C_EXACT, 0, "layout",
                  "cuda1 slice");
    expect_status(CXB_EINPUT, &slice, CXB_LF24_CUDASHARED, CXB_LF24_C_EXACT, 0, "layout",
                  "cudashared slice");
    expect_status(CXB_EINPUT, &j, CXB_LF24_CUDA1, CXB_LF24_C_FLOAT, 0, "c=float", "cuda1 float");
    expect_status(CXB_EINPUT, &j, CXB_LF24_CUDA1, CXB_LF24_C_EXACT, 2000, "block", "block 2000");
    cxb_lf24_job big = j;
    big.r = 70000;
    big.s = cxb_lf24_default_s(big.r);
    expect_status(CXB_EINPUT, &big, CXB_LF24_CUDASHARED, CXB_LF24_C_EXACT, 0, "r=70000",
                  "cudashared r=70000");
    expect_status(CXB_EINPUT, &j, CXB_LF24_CUDASHARED, CXB_LF24_C_EXACT, 1024, "block",
                  "cudashared 1024 tables of 97");
    cxb_lf24_job c2 = slice;
    expect_status(CXB_EINPUT, &c2, CXB_LF24_CUDA2, CXB_LF24_C_EXACT, 0, "streams",
                  "cuda2 streams=64");
    c2.streams = 1;
    c2.s = 20; /* r = 97 > 3s */
    expect_status(CXB_EINPUT, &c2, CXB_LF24_CUDA2, CXB_LF24_C_EXACT, 0, "s=20", "cuda2 s=20");
    c2.s = 60; /* 2s > r */
    expect_status(CXB_EINPUT, &c2, CXB_LF24_CUDA2, CXB_LF24_C_EXACT, 0, "s=60", "cuda2 s=60");
    c2.s = 33;
    c2.layout = CXB_LF24_INTERLEAVE;
    expect_status(CXB_EINPUT, &c2, CXB_LF24_CUDA2, CXB_LF24_C_EXACT, 0, "layout",
                  "cuda2 interleave");
    /* 2^40 outputs = 4 TiB: a missing resource, reported, not a crash */
    cxb_lf24_job huge = j;
    huge.n = 1ull << 40;
    huge.streams = 1024;
    expect_status(CXB_ERESOURCE, &huge, CXB_LF24_CUDA1, CXB_LF24_C_EXACT, 0,
                  "out of device memory", "cuda1 n=2^40");
    huge.streams = 1;
    huge.layout = CXB_LF24_SLICE;
    expect_status(CXB_ERESOURCE, &huge, CXB_LF24_CUDA2, CXB_LF24_C_EXACT, 0,
                  "out of device memory", "cuda2 n=2^40");
    cxb_store_cuda *sc = (cxb_store_cuda *)(void *)&sentinel;
    cxb_status st = cxb_store_cuda_create(&sc, 1ull << 40, 0, NULL);
    CHECK_MSG(st == CXB_ERESOURCE && sc == NULL &&
                  strstr(cxb_last_error(), "out of device memory") != NULL,
              "store n=2^40: status %d, message '%s'", (int)st, cxb_last_error());
}

/* ---- the store kernel ---- */

static void test_store(void)
{
    const uint64_t ns[] = {0, 1, 5, 4096, (1u << 20) + 3};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; ++i) {
        cxb_store_cuda *sc = NULL;
        cxb_phases ph;
        cxb_phases_clear(&ph);
        cxb_status st = cxb_store_cuda_create(&sc, ns[i], i % 2 ? 0 : 64, NULL);
        CHECK_MSG(st == CXB_OK, "store n=%" PRIu64 ": %s", ns[i], cxb_last_error());
        if (st != CXB_OK)
            continue;
        st = cxb_store_cuda_run(sc, &ph);
        CHECK_MSG(st == CXB_OK, "store run: %s", cxb_last_error());
        CHECK(ph.ns[CXB_PHASE_KERNEL] >= 0 && ph.ns[CXB_PHASE_D2H] >= 0);
        const uint32_t *o = cxb_store_cuda_out(sc);
        uint64_t bad = 0;
        for (uint64_t k = 0; st == CXB_OK && k < ns[i]; ++k)
            bad += o[k] != (uint32_t)k;
        CHECK_MSG(bad == 0, "store n=%" PRIu64 ": %" PRIu64 " wrong values", ns[i], bad);
        cxb_store_cuda_destroy(sc);
    }
}

/* ---- information: throughput at n = 2^28 (not asserted) ---- */

static double best_kernel_ns(cxb_lf24_cuda *ctx, int reps)
{
    double best = 0.0;
    for (int i = 0; i < reps; ++i) {
        cxb_phases ph;
        cxb_phases_clear(&ph);
        if (cxb_lf24_cuda_reset(ctx) != CXB_OK || cxb_lf24_cuda_run(ctx, &ph) != CXB_OK)
            return 0.0;
        double k = (double)ph.ns[CXB_PHASE_KERNEL];
        best = (i == 0 || k < best) ? k : best;
    }
    return best;
}

static void throughput(const char *label, cxb_lf24_job job, cxb_lf24_cuda_variant v,
                       cxb_lf24_carry_mode c, unsigned block, const uint32_t *verify_tables)
{
    cxb_lf24_cuda *ctx = NULL;
    cxb_phases setup;
    if (cxb_lf24_cuda_create(&ctx, &job, v, c, block, NULL, &setup) != CXB_OK) {
        printf("  %-44s create failed: %s\n", label, cxb_last_error());
        return;
    }
    double ns = best_kernel_ns(ctx, 3);
    printf("  %-44s T=%-8" PRIu64 " kernel %9.3f ms  %7.1f G numbers/s  (setup: alloc %.1f ms, "
           "h2d %.3f ms, init %.3f ms)\n",
           label, job.streams, ns * 1e-6, ns > 0 ? (double)job.n / ns : 0.0,
           setup.ns[CXB_PHASE_ALLOC] * 1e-6, setup.ns[CXB_PHASE_H2D] * 1e-6,
           setup.ns[CXB_PHASE_KERNEL] * 1e-6);
    if (verify_tables) { /* the measured run itself against seq, at full size */
        void *ref = reference(&job, verify_tables);
        CHECK_MSG(same_result(&job, ctx, ref, 0, label), "%s at n=2^28 differs from seq", label);
        free(ref);
    }
    cxb_lf24_cuda_destroy(ctx);
}

static void test_throughput(const cxb_gpu_info *gi, uint64_t *rng)
{
    const uint64_t n = 1ull << 28;
    printf("throughput on %s (%d SMs), n = 2^28 uint32, best of 3, kernel phase (events):\n",
           gi->name, gi->sm_count);
    cxb_store_cuda *sc = NULL;
    if (cxb_store_cuda_create(&sc, n, 0, NULL) == CXB_OK) {
        double best = 0.0;
        for (int i = 0; i < 3; ++i) {
            cxb_phases ph;
            cxb_phases_clear(&ph);
            if (cxb_store_cuda_run(sc, &ph) != CXB_OK)
                break;
            double k = (double)ph.ns[CXB_PHASE_KERNEL];
            best = (i == 0 || k < best) ? k : best;
        }
        printf("  %-44s            kernel %9.3f ms  %7.1f G numbers/s\n", "prng.store.cuda",
               best * 1e-6, best > 0 ? (double)n / best : 0.0);
        cxb_store_cuda_destroy(sc);
    }
    const uint64_t wave = (uint64_t)gi->sm_count * 576u; /* 576 resident threads/SM at r = 97 */
    cxb_lf24_job job = {splitmix64(rng), 97, 33, wave, n, CXB_LF24_INTERLEAVE, CXB_LF24_STORE};
    uint32_t *tables = NULL;
    CHECK(cxb_lf24_tables_create(&job, &tables) == CXB_OK);
    throughput("cudashared r=97 store (verified)", job, CXB_LF24_CUDASHARED, CXB_LF24_C_EXACT, 0,
               tables);
    free(tables);
    job.mode = CXB_LF24_SUM;
    throughput("cudashared r=97 sum", job, CXB_LF24_CUDASHARED, CXB_LF24_C_EXACT, 0, NULL);
    job.mode = CXB_LF24_STORE;
    job.streams = 33792u * 8u; /* docs/studies/prng.md: T = 33,792 k */
    throughput("cuda1 r=97 store", job, CXB_LF24_CUDA1, CXB_LF24_C_EXACT, 0, NULL);
    job.mode = CXB_LF24_SUM;
    job.streams = 32768u; /* the thesis's T */
    throughput("cuda1 r=97 sum", job, CXB_LF24_CUDA1, CXB_LF24_C_EXACT, 0, NULL);
    cxb_lf24_job c2 = {job.seed, 92153, 30718, 1, n, CXB_LF24_SLICE, CXB_LF24_SUM};
    throughput("cuda2 (92153, 30718) sum exact c", c2, CXB_LF24_CUDA2, CXB_LF24_C_EXACT, 0, NULL);
}

int main(int argc, char **argv)
{
    quick = argc > 1 && strcmp(argv[1], "quick") == 0;
    uint64_t base = fresh_seed();
    printf("test_lf24_cuda: seed %" PRIu64 " (repeat with CXB_TEST_SEED=%" PRIu64 ")%s\n", base,
           base, quick ? ", quick sizes" : "");
    uint64_t rng = base;

    const char *why = NULL;
    int ndev = cxb_cuda_device_count(&why);
    if (ndev == 0) {
        CHECK(why != NULL && why[0] != '\0');
        cxb_lf24_job j = {1, 97, 33, 32, 100, CXB_LF24_INTERLEAVE, CXB_LF24_STORE};
        cxb_lf24_cuda *ctx = (cxb_lf24_cuda *)(void *)&sentinel;
        CHECK(cxb_lf24_cuda_create(&ctx, &j, CXB_LF24_CUDA1, CXB_LF24_C_EXACT, 0, NULL, NULL) ==
              CXB_ERESOURCE);
        CHECK(ctx == NULL);
        cxb_gpu_info gi;
        CHECK(cxb_cuda_gpu_info(0, &gi) == CXB_ERESOURCE);
        cxb_store_cuda *sc = (cxb_store_cuda *)(void *)&sentinel;
        CHECK(cxb_store_cuda_create(&sc, 16, 0, NULL) == CXB_ERESOURCE && sc == NULL);
        if (cxb_check_failures)
            CHECK_DONE();
        SKIP("%s (CUDA %s)", why, cxb_cuda_built() ? "built" : "not built");
    }
    CHECK(cxb_cuda_built() == 1);

    cxb_gpu_info gi;
    cxb_status st = cxb_cuda_gpu_info(0, &gi);
    CHECK_MSG(st == CXB_OK, "gpu_info: %s", cxb_last_error());
    CHECK(gi.name[0] != '\0' && gi.sm_count > 0 && gi.cc_major >= 1 && gi.mem_bytes > 0 &&
          gi.l2_bytes > 0 && gi.sm_clock_khz > 0 && gi.runtime_version > 0);
    printf("GPU 0: %s, %s, %s, cc %d.%d, %d SMs, %.1f GiB, L2 %d KiB, %d-bit bus, SM %d MHz, "
           "mem %d MHz, ECC %d, driver %d, runtime %d\n",
           gi.name, gi.uuid, gi.pci_bus_id, gi.cc_major, gi.cc_minor, gi.sm_count,
           gi.mem_bytes / 1073741824.0, gi.l2_bytes / 1024, gi.bus_width_bits,
           gi.sm_clock_khz / 1000, gi.mem_clock_khz / 1000, gi.ecc, gi.driver_version,
           gi.runtime_version);
    CHECK(cxb_cuda_gpu_info(ndev, &gi) == CXB_EINPUT);
    double empty_ns = 0.0;
    st = cxb_cuda_empty_kernel_ns(&empty_ns);
    CHECK_MSG(st == CXB_OK && empty_ns > 0.0, "empty kernel: %s", cxb_last_error());
    printf("empty kernel (events, median): %.0f ns\n", empty_ns);

    test_refusals(); /* first: the failed 4 TiB allocations must not poison later calls */
    test_store();
    test_streams(&rng);
    test_blocks_and_reset(&rng);
    test_cuda2_exact(&rng);
    test_cuda2_float(&rng);
    if (!quick)
        test_throughput(&gi, &rng);
    CHECK_DONE();
}
