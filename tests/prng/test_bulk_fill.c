/* prng_bulk_fill: cxb_prng_fill_u32 gives outputs [offset, offset + count) of stream 0 -
 * equal to cxb_g_init(seed, 0, offset) + next_u32 (all.h, an independent path) - through seq
 * and pthreads, and the same bits through CUDA where a GPU exists (prng_bulk_cuda, which
 * skips without one, checks the CUDA fill too); for every generator, offsets 0, 1, 3, 4097 and counts
 * 0, 1, 5, 1000; Philox with 7 rounds; bad arguments are refused. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/core/cuda.h"
#include "cxb/core/pool.h"
#include "cxb/prng/gen.h"

static void stream(cxb_rng_id gen, unsigned rounds, uint64_t seed, uint64_t offset, uint64_t count, uint32_t *d)
{
    switch (gen) {
#define STREAM(name, g, kind, streams, chunk)                                                      \
    case CXB_RNG_ID_##g: {                                                                         \
        cxb_##g##_state *st = malloc(sizeof *st);                                                  \
        cxb_##g##_init(st, seed, 0, offset);                                                       \
        for (uint64_t k = 0; k < count; ++k)                                                       \
            d[k] = cxb_##g##_next_u32(st);                                                         \
        free(st);                                                                                  \
        break;                                                                                     \
    }
        CXB_RNG_LIST(STREAM)
#undef STREAM
    default:
        break;
    }
    if (gen == CXB_RNG_ID_philox4x32 && rounds == 7) {
        cxb_philox4x32_state st;
        cxb_philox4x32_init_r(&st, seed, 0, offset, 7);
        for (uint64_t k = 0; k < count; ++k)
            d[k] = cxb_philox4x32_next_u32(&st);
    }
}

int main(void)
{
    cxb_pool *pool;
    CHECK(cxb_pool_create(&pool, 3, CXB_BIND_NONE) == CXB_OK);
    const char *why = NULL;
    int gpu = cxb_cuda_device_count(&why) > 0;
    uint64_t seed = ((uint64_t)time(NULL) << 12) ^ 0xC0FFEEull;
    printf("seed %llu\n", (unsigned long long)seed);
    const uint64_t offsets[] = {0, 1, 3, 4097}, counts[] = {0, 1, 5, 1000};
    uint32_t want[1000], got[1000];
    for (int g = 0; g < CXB_RNG_COUNT; ++g)
        for (unsigned rounds = 0; rounds <= 7; rounds += 7) {
            if (rounds && g != CXB_RNG_ID_philox4x32)
                continue;
            for (size_t o = 0; o < 4; ++o)
                for (size_t c = 0; c < 4; ++c) {
                    uint64_t s = seed + g * 131 + o * 7 + c;
                    stream((cxb_rng_id)g, rounds, s, offsets[o], counts[c], want);
                    for (int b = CXB_FILL_SEQ; b <= CXB_FILL_CUDA; ++b) {
                        if (b == CXB_FILL_CUDA && !gpu)
                            continue;
                        memset(got, 0xEE, sizeof got);
                        cxb_status st = cxb_prng_fill_u32((cxb_rng_id)g, s, rounds, offsets[o], counts[c], got,
                                                          (cxb_fill_backend)b, pool);
                        CHECK_MSG(st == CXB_OK, "%s: %s", cxb_rng_get((cxb_rng_id)g)->name, cxb_last_error());
                        CHECK_MSG(memcmp(want, got, counts[c] * 4) == 0, "%s backend %d offset %llu count %llu",
                                  cxb_rng_get((cxb_rng_id)g)->name, b, (unsigned long long)offsets[o],
                                  (unsigned long long)counts[c]);
                        CHECK_MSG(counts[c] == 1000 || got[counts[c]] == 0xEEEEEEEEu, "fill wrote past count");
                    }
                }
        }
    CHECK(cxb_prng_fill_u32(CXB_RNG_ID_philox4x32, 1, 8, 0, 4, got, CXB_FILL_SEQ, NULL) == CXB_EINPUT);
    CHECK(cxb_prng_fill_u32(CXB_RNG_ID_xorwow, 1, 0, UINT64_MAX, 4, got, CXB_FILL_SEQ, NULL) == CXB_EINPUT);
    CHECK(cxb_prng_fill_u32(CXB_RNG_ID_xorwow, 1, 0, 0, 4, got, CXB_FILL_PTHREADS, NULL) == CXB_EINPUT);
    if (!gpu)
        CHECK(cxb_prng_fill_u32(CXB_RNG_ID_xorwow, 1, 0, 0, 4, got, CXB_FILL_CUDA, NULL) == CXB_ERESOURCE);
    cxb_pool_destroy(pool);
    if (!gpu) /* prng_bulk_cuda checks the CUDA fill where a GPU exists */
        printf("CUDA not checked here: %s\n", why);
    CHECK_DONE();
}
