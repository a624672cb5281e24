/* prng_rng_offset: properties of the uniform stream API of cxb/rng/all.h, for EVERY generator
 * of CXB_RNG_LIST (a generator added to the list is tested without a line here):
 *  - init(seed, stream, offset) then k draws == init(seed, stream, 0), offset draws, k draws,
 *    for fresh random seeds, streams and offsets, and the edges offset 0, 1 and 2^20 + 3;
 *  - init is deterministic and streams differ (first outputs of streams 0..15 of a seed are
 *    pairwise distinct: a collision of 4 consecutive 32-bit outputs has probability ~2^-116).
 * Plus the stream definitions of nr3.h and tinymt32.h: stream 0 of seed j is NR3's <G>(j)
 * and tinymt32_init(j); TinyMT32 parameterisation with one set equal to the default is the
 * uniform API; distinct DC sets give distinct streams. The random seed is printed. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/rng/all.h"

#define K 8 /* outputs compared per case */

static uint64_t rnd_state;
static uint64_t rnd(void) /* splitmix64: the test's own inputs, independent of the code under test */
{
    uint64_t z = (rnd_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

#define OFFSET_PROP(name, g, kind, streams, chunk)                                              \
    static void offset_##g(uint64_t seed, uint64_t stream, uint64_t offset)                     \
    {                                                                                           \
        cxb_##g##_state a, b;                                                                   \
        cxb_##g##_init(&a, seed, stream, offset);                                               \
        cxb_##g##_init(&b, seed, stream, 0);                                                    \
        for (uint64_t i = 0; i < offset; ++i)                                                   \
            (void)cxb_##g##_next_u32(&b);                                                       \
        for (int i = 0; i < K; ++i) {                                                           \
            uint32_t x = cxb_##g##_next_u32(&a), y = cxb_##g##_next_u32(&b);                    \
            CHECK_MSG(x == y, "%s seed %llu stream %llu offset %llu draw %d: %u != %u", name,   \
                      (unsigned long long)seed, (unsigned long long)stream,                     \
                      (unsigned long long)offset, i, x, y);                                     \
        }                                                                                       \
    }                                                                                           \
    static void streams_##g(uint64_t seed)                                                      \
    {                                                                                           \
        enum { NS = 16 }; /* xorwow: 67+ squarings a stream */                                  \
        uint32_t first[NS][4];                                                                  \
        for (int t = 0; t < NS; ++t) {                                                          \
            cxb_##g##_state s, s2;                                                              \
            cxb_##g##_init(&s, seed, (uint64_t)t, 0);                                           \
            cxb_##g##_init(&s2, seed, (uint64_t)t, 0);                                          \
            for (int i = 0; i < 4; ++i) {                                                       \
                first[t][i] = cxb_##g##_next_u32(&s);                                           \
                CHECK_MSG(first[t][i] == cxb_##g##_next_u32(&s2), "%s: init not deterministic", \
                          name);                                                                \
            }                                                                                   \
            for (int u = 0; u < t; ++u)                                                         \
                CHECK_MSG(memcmp(first[t], first[u], sizeof first[t]) != 0,                     \
                          "%s seed %llu: streams %d and %d start alike", name,                  \
                          (unsigned long long)seed, u, t);                                      \
        }                                                                                       \
    }
CXB_RNG_LIST(OFFSET_PROP)

static void nr3_stream0(uint64_t j)
{
    cxb_ran_state a, b;
    cxb_ran_seed(&a, j);
    cxb_ran_init(&b, j, 0, 0);
    CHECK(cxb_ran_next_u64(&a) == cxb_ran_next_u64(&b));
    cxb_ranq1_state c, d;
    cxb_ranq1_seed(&c, j);
    cxb_ranq1_init(&d, j, 0, 0);
    CHECK(cxb_ranq1_next_u64(&c) == cxb_ranq1_next_u64(&d));
    cxb_ranq2_state e, f;
    cxb_ranq2_seed(&e, j);
    cxb_ranq2_init(&f, j, 0, 0);
    CHECK(cxb_ranq2_next_u64(&e) == cxb_ranq2_next_u64(&f));
    cxb_ranlim32_state g, h;
    cxb_ranlim32_seed(&g, (uint32_t)j);
    cxb_ranlim32_init(&h, (uint32_t)j, 0, 0);
    CHECK(cxb_ranlim32_next_u32(&g) == cxb_ranlim32_next_u32(&h));
    /* int32() is the low half of int64(); Ranhash's stream is the hash of a counter */
    cxb_ran_seed(&a, j);
    cxb_ran_seed(&b, j);
    CHECK(cxb_ran_next_u32(&a) == (uint32_t)cxb_ran_next_u64(&b));
    cxb_ranhash_state r;
    cxb_ranhash_init(&r, j, 5, 7);
    CHECK(cxb_ranhash_next_u64(&r) == cxb_ranhash(cxb_ranhash(j) + (5ull << 40) + 7));
    CHECK(cxb_ranhash_next_u64(&r) == cxb_ranhash_at(cxb_ranhash(j), 5, 8));
    /* the native conversions are NR3's 2^-64 / 2^-32 scalings */
    cxb_ranq1_seed(&c, j);
    cxb_ranq1_seed(&d, j);
    CHECK(cxb_ranq1_next_native(&c) == 5.42101086242752217e-20 * (double)cxb_ranq1_next_u64(&d));
    cxb_ranlim32_seed(&g, (uint32_t)j);
    cxb_ranlim32_seed(&h, (uint32_t)j);
    double x = cxb_ranlim32_next_native(&g);
    CHECK(x == (double)cxb_ranlim32_next_u32(&h) / 4294967296.0 && x >= 0 && x < 1);
}

static void tinymt_sets(uint64_t seed)
{
    cxb_tinymt32_state a, b;
    /* stream 0 of a 32-bit seed is tinymt32_init(seed) */
    cxb_tinymt32_init_seed(&a, cxb_tinymt32_default_params(), (uint32_t)seed);
    cxb_tinymt32_init(&b, (uint32_t)seed, 0, 0);
    CHECK(cxb_tinymt32_next_u32(&a) == cxb_tinymt32_next_u32(&b));
    /* one set, the default: the uniform API */
    cxb_tinymt32_params def = cxb_tinymt32_default_params();
    uint64_t stream = rnd() % 100000, off = rnd() % 100;
    cxb_tinymt32_init_sets(&a, &def, 1, seed, stream, off);
    cxb_tinymt32_init(&b, seed, stream, off);
    for (int i = 0; i < K; ++i)
        CHECK(cxb_tinymt32_next_u32(&a) == cxb_tinymt32_next_u32(&b));
    /* rows 0-2 of TinyMT's opencl/tinymt32dc.0.2000.txt: streams 0, 1, 2 use sets 0, 1, 2 with
     * the same seeding, stream 3 uses set 0 with stream id 1 */
    const cxb_tinymt32_params sets[3] = {
        {0x8f7011eeu, 0xfc78ff1fu, 0x3793fdffu}, {0x877810efu, 0xfc38ff0fu, 0xc7fb7fffu}, {0x837c106fu, 0xfc18ff07u, 0xeeb9bdffu}};
    uint32_t first[4];
    for (int t = 0; t < 4; ++t) {
        cxb_tinymt32_init_sets(&a, sets, 3, seed, (uint64_t)t, 0);
        first[t] = cxb_tinymt32_next_u32(&a);
        CHECK(a.p.mat1 == sets[t % 3].mat1 && a.p.tmat == sets[t % 3].tmat);
    }
    CHECK(first[0] != first[1] && first[1] != first[2] && first[0] != first[2]);
    cxb_tinymt32_init(&b, seed, 1, 0);
    CHECK(first[3] == cxb_tinymt32_next_u32(&b));
    /* the standard conversions stay in [0, 1) */
    for (int i = 0; i < 1000; ++i) {
        float f = cxb_tinymt32_next_f32(&b);
        double d = cxb_tinymt32_next_f64(&b);
        CHECK(f >= 0.0f && f < 1.0f && d >= 0.0 && d < 1.0);
    }
}

int main(void)
{
    uint64_t seed0 = ((uint64_t)time(NULL) << 20) ^ 0x2545F4914F6CDD1Dull;
    printf("seed %llu\n", (unsigned long long)seed0);
    rnd_state = seed0;
    /* edges (offset 0, 1, 2^20 + 3; seeds 0 and 2^64 - 1) then fresh random cases */
    const uint64_t edges[] = {0, 1, (1u << 20) + 3};
    for (int rep = 0; rep < 7; ++rep) {
        uint64_t seed = rep == 0 ? 0 : rep == 1 ? UINT64_MAX : rnd();
        uint64_t stream = rep < 3 ? (uint64_t)rep : rnd() % 4096;
        uint64_t offset = rep < 3 ? edges[rep] : rnd() % 3000;
#define CALL_OFFSET(name, g, kind, streams, chunk) offset_##g(seed, stream, offset);
        CXB_RNG_LIST(CALL_OFFSET)
    }
    for (int rep = 0; rep < 2; ++rep) {
        uint64_t seed = rep == 0 ? 0 : rnd();
#define CALL_STREAMS(name, g, kind, streams, chunk) streams_##g(seed);
        CXB_RNG_LIST(CALL_STREAMS)
        nr3_stream0(rep == 0 ? 1 : seed);
        tinymt_sets(seed);
    }
    CHECK_DONE();
}
