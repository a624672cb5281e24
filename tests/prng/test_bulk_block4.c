/* prng_bulk_block4: the direct block access of the counter-based generators
 * (cxb_bulk_block4_t, cxb/prng/gen_core.h, used by the CUDA bulk kernel for C = 4) against
 * the stream API it shortcuts: block b of stream s must be the four draws of
 * cxb_bulk_init_t(seed, s, 4 b), for random (seed, s, b) and at the edges of the 64-bit
 * block counter (b = 0, 2^32 - 1, 2^32, 2^64 - 1) and of the stream number. */
#include <stdio.h>
#include <time.h>

#include "check.h"
#include "cxb/prng/gen_core.h"

static uint64_t sm64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

#define CHECK_TAG(t)                                                                               \
    static void check_##t(uint64_t seed, uint64_t s, uint64_t b)                                    \
    {                                                                                              \
        uint32_t w[4];                                                                             \
        cxb_bulk_block4_##t(seed, s, b, w);                                                        \
        cxb_##t##_state st;                                                                        \
        cxb_bulk_init_##t(&st, seed, s, 4 * b);                                                    \
        for (int i = 0; i < 4; ++i) {                                                              \
            uint32_t x = cxb_bulk_u32_##t(&st);                                                    \
            CHECK_MSG(w[i] == x, #t " seed %llu stream %llu block %llu word %d: %08x, stream %08x", \
                      (unsigned long long)seed, (unsigned long long)s, (unsigned long long)b, i, w[i], x); \
        }                                                                                          \
    }
CXB_BULK_BLOCK4_TAGS(CHECK_TAG)

int main(void)
{
    uint64_t x = ((uint64_t)time(NULL) << 20) ^ 0x2545F4914F6CDD1Dull;
    printf("seed %llu\n", (unsigned long long)x);
    const uint64_t edges[] = {0, 1, 0xFFFFFFFFull, 0x100000000ull, 0x3FFFFFFFFFFFFFFFull, ~0ull >> 2};
#define RUN(t) check_##t(seed, s, b);
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; ++i)
        for (size_t j = 0; j < sizeof edges / sizeof edges[0]; ++j) {
            uint64_t seed = sm64(&x), s = edges[i], b = edges[j];
            CXB_BULK_BLOCK4_TAGS(RUN)
        }
    for (int k = 0; k < 100000; ++k) {
        uint64_t seed = sm64(&x), s = sm64(&x) >> (k % 64), b = sm64(&x) >> (2 + k % 62);
        CXB_BULK_BLOCK4_TAGS(RUN)
#undef RUN
    }
    CHECK_DONE();
}
