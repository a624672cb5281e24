/* prng_bulk_cuda: prng.<g>.cuda equals prng.<g>.seq bit for bit for every generator of
 * CXB_RNG_LIST (seq = an independent reference: prng_bulk_cpu): the list's (S, C) and odd
 * shapes (n = 0, 1, n < S, n not a multiple of S C, C = 1, 3, 5, 624), types u32, f32, f64,
 * conv=curand, Philox with 7 rounds, sum mode; several launch shapes (spm) so that the
 * grid-stride loops wrap; two runs give the same output (the states are not consumed).
 * cxb_prng_fill_u32 through CUDA = through seq. Without a GPU it checks the "no GPU" answer and
 * exits 77. `quick` keeps sizes small and the variants to one shape (for compute-sanitizer). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/core/cuda.h"
#include "cxb/core/pool.h"
#include "cxb/prng/gen.h"

static cxb_pool *pool;

static void check_spec(const cxb_bulk_spec *sp, unsigned spm)
{
    char what[160];
    snprintf(what, sizeof what, "%s S %llu C %llu n %llu type %d conv %d mode %d rounds %u spm %u",
             cxb_rng_get(sp->gen)->name, (unsigned long long)sp->job.streams, (unsigned long long)sp->job.chunk,
             (unsigned long long)sp->job.n, sp->type, sp->conv, sp->mode, sp->rounds, spm);
    void *states = NULL;
    CHECK_MSG(cxb_bulk_states_create(pool, sp, &states) == CXB_OK, "%s", what);
    int sum = sp->mode == CXB_BULK_SUM;
    size_t bytes = sum ? sp->job.streams * sizeof(double) : sp->job.n * cxb_bulk_elem_bytes(sp);
    size_t sb = cxb_bulk_state_bytes(sp);
    void *ref = malloc(bytes + 1), *work = malloc(cxb_bulk_active_streams(&sp->job) * sb + 1);
    cxb_bulk_run_pthreads(pool, sp, states, work, sum ? NULL : ref, sum ? ref : NULL);
    cxb_bulk_cuda *ctx = NULL;
    cxb_phases setup;
    cxb_status st = cxb_bulk_cuda_create(&ctx, sp, states, spm, NULL, &setup);
    CHECK_MSG(st == CXB_OK, "create %s: %s", what, cxb_last_error());
    for (int rep = 0; st == CXB_OK && rep < 2; ++rep) {
        cxb_phases ph;
        CHECK_MSG(cxb_bulk_cuda_run(ctx, &ph) == CXB_OK, "run %s: %s", what, cxb_last_error());
        const void *got = sum ? (const void *)cxb_bulk_cuda_sums(ctx) : cxb_bulk_cuda_out(ctx);
        CHECK_MSG(bytes == 0 || memcmp(ref, got, bytes) == 0, "cuda != seq: %s, run %d", what, rep);
    }
    cxb_bulk_cuda_destroy(ctx);
    free(ref);
    free(work);
    free(states);
}

static cxb_bulk_spec make(cxb_rng_id g, uint64_t seed, uint64_t S, uint64_t C, uint64_t n)
{
    cxb_bulk_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.gen = g;
    sp.job.seed = seed;
    sp.job.streams = S;
    sp.job.chunk = C;
    sp.job.n = n;
    return sp;
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "quick") == 0;
    const char *why = NULL;
    cxb_bulk_spec probe = make(CXB_RNG_ID_philox4x32, 1, 1, 4, 16);
    if (cxb_cuda_device_count(&why) == 0) {
        cxb_bulk_cuda *ctx = (cxb_bulk_cuda *)(void *)&why;
        CHECK(cxb_bulk_cuda_create(&ctx, &probe, NULL, 0, NULL, NULL) == CXB_ERESOURCE && ctx == NULL);
        if (cxb_check_failures)
            CHECK_DONE();
        SKIP("%s", why);
    }
    CHECK(cxb_pool_create(&pool, 0, CXB_BIND_NONE) == CXB_OK);
    uint64_t seed = ((uint64_t)time(NULL) << 16) ^ 0x5DEECE66Dull;
    printf("seed %llu\n", (unsigned long long)seed);
    uint64_t big = quick ? 65536 + 7 : (1u << 22) + 3;
    for (int g = 0; g < CXB_RNG_COUNT; ++g) {
        const cxb_rng_desc *d = cxb_rng_get((cxb_rng_id)g);
        uint64_t shapes[][3] = {{1, 4, 0}, {1, 4, 1}, {5, 1, 3}, {3, 4, 5}, {7, 3, 1000}, {33, 5, 4099},
                                {1, 4, 4 * 1000 + 3}, {5, 4, 20002}, {d->streams, d->chunk, d->chunk * 3 + 1},
                                {d->streams, d->chunk, g == CXB_RNG_ID_mt19937 ? big / 16 : big}};
        for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; ++k) {
            cxb_bulk_spec sp = make((cxb_rng_id)g, seed + k, shapes[k][0], shapes[k][1], shapes[k][2]);
            unsigned spm = k % 2 ? 0 : 1 + (unsigned)k * 20;
            check_spec(&sp, spm);
            if (k >= 4 && !(quick && k < 9)) { /* quick (compute-sanitizer): variants on one shape */
                sp.type = CXB_BULK_F32;
                check_spec(&sp, spm);
                sp.type = CXB_BULK_F64;
                check_spec(&sp, spm);
                sp.mode = CXB_BULK_SUM;
                check_spec(&sp, spm);
                sp.type = CXB_BULK_U32;
                check_spec(&sp, spm);
                if (g == CXB_RNG_ID_xorwow || g == CXB_RNG_ID_mrg32k3a || g == CXB_RNG_ID_philox4x32) {
                    sp.conv = CXB_BULK_CONV_CURAND;
                    sp.mode = CXB_BULK_STORE;
                    for (int t = CXB_BULK_F32; t <= CXB_BULK_F64; ++t) {
                        sp.type = (cxb_bulk_type)t;
                        check_spec(&sp, spm);
                    }
                }
            }
        }
    }
    cxb_bulk_spec r7 = make(CXB_RNG_ID_philox4x32, seed, 1, 4, big);
    r7.rounds = 7;
    check_spec(&r7, 0);
    /* the CLI's one-stream fill through CUDA = through seq */
    for (int g = 0; g < CXB_RNG_COUNT; ++g) {
        uint32_t a[777], b[777];
        CHECK(cxb_prng_fill_u32((cxb_rng_id)g, seed, 0, 4099, 777, a, CXB_FILL_SEQ, NULL) == CXB_OK);
        CHECK(cxb_prng_fill_u32((cxb_rng_id)g, seed, 0, 4099, 777, b, CXB_FILL_CUDA, pool) == CXB_OK);
        CHECK_MSG(memcmp(a, b, sizeof a) == 0, "fill: cuda != seq for %s", cxb_rng_get((cxb_rng_id)g)->name);
    }
    cxb_pool_destroy(pool);
    CHECK_DONE();
}
