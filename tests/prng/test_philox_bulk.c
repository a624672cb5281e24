/* prng_philox_bulk: the bulk Philox4x32 stream of prng.philox4x32.seq equals the stateful
 * cuRAND-semantics stream of cxb/rng/philox.h (an independent path: counter increments,
 * not block indices); any range of it equals the same slice of the whole; and pthreads with
 * 1, 2, 3 and 8 threads equals seq bit for bit - on fresh random seeds, for rounds 10 and
 * 7, and for the edge cases (nothing, one output, part of a block, a chunk and a word past
 * one). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/core/pool.h"
#include "cxb/prng/lf24.h"
#include "cxb/rng/philox.h"

int main(void)
{
    uint64_t seed = ((uint64_t)time(NULL) << 20) ^ (uint64_t)clock();
    printf("seed %llu\n", (unsigned long long)seed);
    unsigned threads[] = {1, 2, 3, 8};
    cxb_pool *pools[4];
    for (int i = 0; i < 4; ++i)
        CHECK(cxb_pool_create(&pools[i], threads[i], CXB_BIND_NONE) == CXB_OK);
    const uint64_t ns[] = {0, 1, 3, 4, 5, 16383, 16384, 16385, 3 * 16384 + 2, 100003};
    const uint64_t nmax = 100003;
    uint32_t *ref = malloc(nmax * 4), *got = malloc(nmax * 4);
    for (unsigned rounds = 7; rounds <= 10; rounds += 3)
        for (size_t c = 0; c < sizeof ns / sizeof ns[0]; ++c) {
            uint64_t n = ns[c], s = seed + c * 0x9E3779B97F4A7C15ull;
            memset(ref, 0xAB, nmax * 4);
            cxb_philox4x32_bulk_seq(s, rounds, n, ref);
            cxb_philox4x32_state st;
            cxb_philox4x32_init_r(&st, s, 0, 0, rounds);
            for (uint64_t i = 0; i < n; ++i)
                if (ref[i] != cxb_philox4x32_next_u32(&st)) {
                    CHECK_MSG(0, "bulk != stream at %llu (n %llu, R %u)", (unsigned long long)i,
                              (unsigned long long)n, rounds);
                    break;
                }
            CHECK_MSG(n == nmax || ref[n] == 0xABABABABu, "seq wrote past n = %llu", (unsigned long long)n);
            for (int p = 0; p < 4; ++p) {
                memset(got, 0xCD, nmax * 4);
                CHECK(cxb_philox4x32_bulk_pthreads(pools[p], s, rounds, n, got) == CXB_OK);
                CHECK_MSG(memcmp(ref, got, n * 4) == 0, "pthreads (%u threads) != seq, n %llu, R %u",
                          threads[p], (unsigned long long)n, rounds);
                CHECK_MSG(n == nmax || got[n] == 0xCDCDCDCDu, "pthreads wrote past n");
            }
            if (n > 10) { /* an unaligned range equals the slice */
                uint64_t first = 1 + (s % (n - 8)), len = n - first;
                cxb_philox4x32_bulk_range(s, rounds, first, len, got);
                CHECK_MSG(memcmp(ref + first, got, len * 4) == 0, "range from %llu", (unsigned long long)first);
            }
        }
    /* rounds = 10, seed 1234: the spec's cuRAND anchor (first outputs of curand_init(1234,0,0)) */
    uint32_t a[4];
    cxb_philox4x32_bulk_seq(1234, 10, 4, a);
    CHECK(a[0] == 546353992u && a[1] == 3665621163u && a[2] == 1140953199u && a[3] == 3419031310u);
    for (int i = 0; i < 4; ++i)
        cxb_pool_destroy(pools[i]);
    free(ref);
    free(got);
    CHECK_DONE();
}
