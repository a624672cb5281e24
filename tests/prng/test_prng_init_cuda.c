/* prng_init_cuda: GPU stream initialisation (cxb/prng/init.h, impl_cuda/prng/init.cu)
 * against cuRAND's device API and the CPU cores (docs/studies/prng.md G4):
 *  - ours (jump tables) = curand_init(seed, tid, 0) for EVERY thread, XORWOW, MRG32k3a and
 *    Philox, T in {1, 31, 32, 33, 1000, 2^16 + 5, 2^22} (2^22 is G4's size; quick: 2^18),
 *    random seeds and seed 0; and = the cores (cxb_g_init) on sampled threads;
 *  - with k outputs per thread: ours = curand() = the cores' next_u32, thread by thread;
 *  - curand_init(seed + tid, 0, 0) (init=seed) = cxb_g_init(seed + tid, 0, 0);
 *  - per-thread GPU jumps (cxb_jump_cuda_*, Figure R2's GPU column) = the CPU's jumps by
 *    squaring, distances 1, ~2^97 and 2^190 - 1 (MRG32k3a);
 *  - runs repeat exactly; bad parameters are refused (threads 0, k > 2^20) and an
 *    impossible allocation is CXB_ERESOURCE, not a crash.
 * Without a GPU it checks the "no GPU" answer and exits 77. `quick` keeps sizes small. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/core/cuda.h"
#include "cxb/prng/init.h"
#include "cxb/rng/jump.h"

#define W CXB_INIT_STATE_WORDS

static void core_state(cxb_init_gen g, uint64_t seed, uint64_t sub, uint32_t w[W])
{
    if (g == CXB_INIT_XORWOW) {
        cxb_xorwow_state s;
        cxb_xorwow_init(&s, seed, sub, 0);
        memcpy(w, &s, 24);
    } else if (g == CXB_INIT_MRG32K3A) {
        cxb_mrg32k3a_state s;
        cxb_mrg32k3a_init(&s, seed, sub, 0);
        memcpy(w, &s, 24);
    } else {
        cxb_philox4x32_state s;
        cxb_philox4x32_init(&s, seed, sub, 0);
        memcpy(w, s.ctr.v, 16);
        memcpy(w + 4, s.key.v, 8);
    }
}

static uint32_t core_output(cxb_init_gen g, uint64_t seed, uint64_t sub, uint64_t j)
{
    uint32_t x = 0;
    if (g == CXB_INIT_XORWOW) {
        cxb_xorwow_state s;
        cxb_xorwow_init(&s, seed, sub, j);
        x = cxb_xorwow_next_u32(&s);
    } else if (g == CXB_INIT_MRG32K3A) {
        cxb_mrg32k3a_state s;
        cxb_mrg32k3a_init(&s, seed, sub, j);
        x = cxb_mrg32k3a_next_u32(&s);
    } else {
        cxb_philox4x32_state s;
        cxb_philox4x32_init(&s, seed, sub, j);
        x = cxb_philox4x32_next_u32(&s);
    }
    return x;
}

static const char *const gname[] = {"xorwow", "mrg32k3a", "philox"};

static void check_job(cxb_init_gen g, uint64_t seed, uint64_t T, uint64_t k)
{
    cxb_init_cuda *ours = NULL, *ref = NULL;
    cxb_status st = cxb_init_cuda_create(&ours, g, CXB_INIT_TABLES, seed, T, k, NULL, NULL);
    CHECK_MSG(st == CXB_OK, "create ours %s T %" PRIu64 ": %s", gname[g], T, cxb_last_error());
    st = st ? st : cxb_init_cuda_create(&ref, g, CXB_INIT_CURAND_SUBSEQ, seed, T, k, NULL, NULL);
    CHECK_MSG(st == CXB_OK, "create curand %s: %s", gname[g], cxb_last_error());
    uint32_t *a = malloc(T * W * 4), *b = malloc(T * W * 4), *a2 = malloc(T * W * 4);
    for (int rep = 0; st == CXB_OK && rep < 2; ++rep) {
        cxb_phases ph;
        CHECK_MSG(cxb_init_cuda_run(ours, &ph) == CXB_OK && cxb_init_cuda_run(ref, &ph) == CXB_OK, "run: %s",
                  cxb_last_error());
        CHECK(ph.ns[CXB_PHASE_KERNEL] > 0 && (k == 0) == (ph.ns[CXB_PHASE_RNG] == CXB_PHASE_NA));
        CHECK(cxb_init_cuda_states(ours, 0, T, 1, rep ? a2 : a) == CXB_OK);
        CHECK(cxb_init_cuda_states(ref, 0, T, 1, b) == CXB_OK);
        for (uint64_t t = 0; t < T; ++t)
            if (memcmp((rep ? a2 : a) + t * W, b + t * W, W * 4) != 0) {
                CHECK_MSG(0, "%s seed %" PRIu64 " T %" PRIu64 ": thread %" PRIu64 " differs from curand_init", gname[g],
                          seed, T, t);
                break;
            }
    }
    if (st == CXB_OK) {
        CHECK_MSG(memcmp(a, a2, T * W * 4) == 0, "%s: a second run differs", gname[g]);
        /* the cores on a sample: XORWOW by squaring costs ms per thread */
        uint64_t cnt = g == CXB_INIT_XORWOW ? 6 : 2000;
        for (uint64_t i = 0; i < cnt && i < T; ++i) {
            uint64_t t = T <= cnt ? i : (i * (T - 1)) / (cnt - 1);
            uint32_t want[W];
            core_state(g, seed, t, want);
            CHECK_MSG(memcmp(a + t * W, want, sizeof want) == 0, "%s thread %" PRIu64 ": not the core's state", gname[g], t);
        }
        if (k) {
            uint32_t *x = malloc(k * 4), *y = malloc(k * 4);
            uint64_t tids[3] = {0, T / 2, T - 1};
            for (int i = 0; i < 3; ++i) {
                CHECK(cxb_init_cuda_outputs(ours, tids[i], x) == CXB_OK && cxb_init_cuda_outputs(ref, tids[i], y) == CXB_OK);
                CHECK_MSG(memcmp(x, y, k * 4) == 0, "%s thread %" PRIu64 ": outputs differ from curand()", gname[g], tids[i]);
                for (uint64_t j = 0; j < k; j += (k > 8 ? k / 8 : 1))
                    CHECK_MSG(x[j] == core_output(g, seed, tids[i], j), "%s thread %" PRIu64 " output %" PRIu64, gname[g],
                              tids[i], j);
            }
            free(x);
            free(y);
        }
    }
    free(a);
    free(a2);
    free(b);
    cxb_init_cuda_destroy(ours);
    cxb_init_cuda_destroy(ref);
}

static void check_seed_spacing(cxb_init_gen g, uint64_t seed, uint64_t T)
{
    cxb_init_cuda *c = NULL;
    CHECK(cxb_init_cuda_create(&c, g, CXB_INIT_CURAND_SEED, seed, T, 0, NULL, NULL) == CXB_OK);
    if (!c)
        return;
    uint32_t *a = malloc(T * W * 4);
    CHECK(cxb_init_cuda_run(c, NULL) == CXB_OK && cxb_init_cuda_states(c, 0, T, 1, a) == CXB_OK);
    for (uint64_t t = 0; t < T; ++t) {
        uint32_t want[W];
        core_state(g, seed + t, 0, want);
        if (memcmp(a + t * W, want, sizeof want) != 0) {
            CHECK_MSG(0, "%s: curand_init(seed + %" PRIu64 ", 0, 0) != the core", gname[g], t);
            break;
        }
    }
    /* a strided fetch is the same words */
    uint32_t s[3 * W];
    if (T >= 7) {
        CHECK(cxb_init_cuda_states(c, 1, 3, 3, s) == CXB_OK);
        CHECK(memcmp(s, a + 1 * W, W * 4) == 0 && memcmp(s + W, a + 4 * W, W * 4) == 0 &&
              memcmp(s + 2 * W, a + 7 * W, W * 4) == 0);
    }
    CHECK(cxb_init_cuda_states(c, T - 1, 2, 1, s) == CXB_EINPUT);
    free(a);
    cxb_init_cuda_destroy(c);
}

/* Per-thread GPU jumps (Figure R2's GPU column) against the CPU jumps of cxb/rng/jump.h. */
static void check_gpu_jumps(uint64_t seed)
{
    static const cxb_jump_dist ds[3] = {{{1, 0, 0, 0}}, {{0xdeadbeefcafef00dull, 0x123456789ull, 0, 0}},
                                        {{~0ull, ~0ull, 0x3fffffffffffffffull, 0}}};
    const uint64_t T = 3000;
    uint32_t *w = malloc(T * W * 4);
    for (int m = 0; m < 4; ++m)
        for (int i = 0; i < 3; ++i) {
            if (i == 2 && (m == CXB_JUMP_XORWOW_TAB || m == CXB_JUMP_PHILOX))
                continue; /* 2^190: MRG32k3a only */
            cxb_jump_cuda *c = NULL;
            cxb_phases ph;
            CHECK_MSG(cxb_jump_cuda_create(&c, (cxb_jump_method)m, seed, T, ds[i].w, NULL) == CXB_OK, "jump create %d: %s", m,
                      cxb_last_error());
            if (!c)
                continue;
            CHECK(cxb_jump_cuda_run(c, &ph) == CXB_OK && ph.ns[CXB_PHASE_KERNEL] > 0);
            CHECK(cxb_jump_cuda_states(c, 0, T, 1, w) == CXB_OK);
            for (uint64_t t = 0; t < T; t += (m == CXB_JUMP_XORWOW_TAB ? 499 : 1)) {
                uint32_t want[W];
                if (m == CXB_JUMP_XORWOW_TAB) {
                    cxb_xorwow_state s;
                    cxb_xorwow_seed(&s, seed + t);
                    cxb_xorwow_jump_sq(&s, &ds[i]);
                    memcpy(want, &s, 24);
                } else if (m == CXB_JUMP_PHILOX) {
                    cxb_philox4x32_state s;
                    cxb_philox4x32_init(&s, seed, t, 0);
                    cxb_philox4x32_jump(&s, &ds[i]);
                    memcpy(want, s.ctr.v, 16);
                    memcpy(want + 4, s.key.v, 8);
                } else {
                    cxb_mrg32k3a_state s;
                    cxb_mrg32k3a_seed(&s, seed + t);
                    cxb_mrg32k3a_jump_sq(&s, &ds[i]);
                    memcpy(want, &s, 24);
                }
                if (memcmp(w + t * W, want, sizeof want) != 0) {
                    CHECK_MSG(0, "GPU jump method %d, distance %d, thread %" PRIu64, m, i, t);
                    break;
                }
            }
            cxb_jump_cuda_destroy(c);
        }
    free(w);
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "quick") == 0;
    const char *why = NULL;
    cxb_init_cuda *ctx = (cxb_init_cuda *)(void *)&why;
    if (cxb_cuda_device_count(&why) == 0) {
        CHECK(cxb_init_cuda_create(&ctx, CXB_INIT_XORWOW, CXB_INIT_TABLES, 1, 1024, 0, NULL, NULL) == CXB_ERESOURCE &&
              ctx == NULL);
        if (cxb_check_failures)
            CHECK_DONE();
        SKIP("%s", why);
    }
    CHECK(cxb_init_cuda_create(&ctx, CXB_INIT_XORWOW, CXB_INIT_TABLES, 1, 0, 0, NULL, NULL) == CXB_EINPUT && ctx == NULL);
    CHECK(cxb_init_cuda_create(&ctx, CXB_INIT_MRG32K3A, CXB_INIT_TABLES, 1, 16, (1u << 20) + 1, NULL, NULL) == CXB_EINPUT);
    CHECK(cxb_init_cuda_create(&ctx, CXB_INIT_MRG32K3A, CXB_INIT_CURAND_SUBSEQ, 1, 1ull << 32, 1u << 20, NULL, NULL) ==
              CXB_ERESOURCE &&
          ctx == NULL);
    uint64_t seed = getenv("CXB_TEST_SEED") ? strtoull(getenv("CXB_TEST_SEED"), NULL, 10)
                                            : ((uint64_t)time(NULL) << 16) ^ 0x5DEECE66Dull;
    printf("seed %" PRIu64 "\n", seed);
    const uint64_t Ts[] = {1, 31, 32, 33, 1000, 65536 + 5, quick ? 1u << 18 : 1u << 22};
    for (int g = 0; g < 3; ++g) {
        for (size_t i = 0; i < sizeof Ts / sizeof Ts[0]; ++i)
            check_job((cxb_init_gen)g, i == 1 ? 0 : seed + i, Ts[i], 0);
        check_job((cxb_init_gen)g, seed ^ 77, 1000, 1);
        check_job((cxb_init_gen)g, seed ^ 99, 4096 + 3, 64);
        check_seed_spacing((cxb_init_gen)g, seed, 5000);
    }
    check_gpu_jumps(seed);
    CHECK_DONE();
}
