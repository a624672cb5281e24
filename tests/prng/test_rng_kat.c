/* prng_rng_kat: the counter-based and Mersenne Twister cores against their published known
 * answers (docs/studies/prng.md): Random123's tests/kat_vectors for Philox4x32 (R = 10
 * and 7) and Threefry4x32 (R = 20, 13, 72); cuRAND's device-API outputs of
 * curand_init(seed, subsequence, offset) + curand() for Philox4_32_10 (measured on an H100,
 * the spec's table 3.7); std::mt19937's required 10000th output and the seed-1234 values.
 * Every expected value comes from those references, none from this code. */
#include <stdint.h>

#include "check.h"
#include "cxb/rng/mt19937.h"
#include "cxb/rng/philox.h"
#include "cxb/rng/threefry.h"

static void philox_kat(unsigned rounds, uint32_t c0, uint32_t c1, uint32_t c2, uint32_t c3,
                       uint32_t k0, uint32_t k1, uint32_t o0, uint32_t o1, uint32_t o2, uint32_t o3)
{
    cxb_philox4x32_ctr c = {{c0, c1, c2, c3}};
    cxb_philox4x32_key k = {{k0, k1}};
    cxb_philox4x32_ctr o = cxb_philox4x32_block(c, k, rounds);
    CHECK_MSG(o.v[0] == o0 && o.v[1] == o1 && o.v[2] == o2 && o.v[3] == o3,
              "philox4x32-%u(%08x ..): %08x %08x %08x %08x", rounds, c0, o.v[0], o.v[1], o.v[2], o.v[3]);
}

static void threefry_kat(unsigned rounds, uint32_t c0, uint32_t c1, uint32_t c2, uint32_t c3,
                         uint32_t k0, uint32_t k1, uint32_t k2, uint32_t k3, uint32_t o0, uint32_t o1,
                         uint32_t o2, uint32_t o3)
{
    cxb_threefry4x32_ctr c = {{c0, c1, c2, c3}};
    cxb_threefry4x32_key k = {{k0, k1, k2, k3}};
    cxb_threefry4x32_ctr o = cxb_threefry4x32_block(c, k, rounds);
    CHECK_MSG(o.v[0] == o0 && o.v[1] == o1 && o.v[2] == o2 && o.v[3] == o3,
              "threefry4x32-%u(%08x ..): %08x %08x %08x %08x", rounds, c0, o.v[0], o.v[1], o.v[2], o.v[3]);
}

static void curand_philox(uint64_t seed, uint64_t sub, uint64_t off, uint32_t a, uint32_t b,
                          uint32_t c, uint32_t d)
{
    cxb_philox4x32_state s;
    cxb_philox4x32_init(&s, seed, sub, off);
    uint32_t got[4];
    for (int i = 0; i < 4; ++i)
        got[i] = cxb_philox4x32_next_u32(&s);
    CHECK_MSG(got[0] == a && got[1] == b && got[2] == c && got[3] == d,
              "curand philox (%llu, %llu, %llu): %u %u %u %u", (unsigned long long)seed,
              (unsigned long long)sub, (unsigned long long)off, got[0], got[1], got[2], got[3]);
}

int main(void)
{
    const uint32_t F = 0xffffffffu;
    philox_kat(10, 0, 0, 0, 0, 0, 0, 0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8);
    philox_kat(10, F, F, F, F, F, F, 0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd);
    philox_kat(10, 0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344, 0xa4093822, 0x299f31d0,
               0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1);
    philox_kat(7, 0, 0, 0, 0, 0, 0, 0x5f6fb709, 0x0d893f64, 0x4f121f81, 0x4f730a48);
    philox_kat(7, F, F, F, F, F, F, 0x5207ddc2, 0x45165e59, 0x4d8ee751, 0x8c52f662);
    philox_kat(7, 0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344, 0xa4093822, 0x299f31d0,
               0x4dfccaba, 0x190a87f0, 0xc47362ba, 0xb6b5242a);

    threefry_kat(20, 0, 0, 0, 0, 0, 0, 0, 0, 0x9c6ca96a, 0xe17eae66, 0xfc10ecd4, 0x5256a7d8);
    threefry_kat(20, F, F, F, F, F, F, F, F, 0x2a881696, 0x57012287, 0xf6c7446e, 0xa16a6732);
    threefry_kat(20, 0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344, 0xa4093822, 0x299f31d0,
                 0x082efa98, 0xec4e6c89, 0x59cd1dbb, 0xb8879579, 0x86b5d00c, 0xac8b6d84);
    threefry_kat(13, F, F, F, F, F, F, F, F, 0xc4189358, 0x1c9cc83a, 0xd5881c67, 0x6a0a89e0);
    threefry_kat(13, 0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344, 0xa4093822, 0x299f31d0,
                 0x082efa98, 0xec4e6c89, 0x4aa71d8f, 0x734738c2, 0x431fc6a8, 0xae6debf1);
    threefry_kat(72, 0, 0, 0, 0, 0, 0, 0, 0, 0x93171da6, 0x9220326d, 0xb392b7b1, 0xff58a002);
    threefry_kat(72, F, F, F, F, F, F, F, F, 0x60743f3d, 0x9961e684, 0xaab21c34, 0x8c65fb7d);

    curand_philox(0, 0, 0, 1713891541u, 3781805453u, 3159862348u, 2600524760u);
    curand_philox(1234, 0, 0, 546353992u, 3665621163u, 1140953199u, 3419031310u);
    curand_philox(1234, 1, 0, 3507855656u, 1392278645u, 3354607383u, 253049307u);
    curand_philox(1234, 0, 1000, 489619764u, 3944755002u, 776321896u, 128569971u);
    curand_philox(1234, 4095, 7, 3812939031u, 3981241656u, 1887870442u, 4039272214u);

    /* the counter carries: the last output of subsequence 0 (block 2^64 - 1, lane 3; an
     * offset cuRAND's 64-bit argument cannot reach) is followed by subsequence 1's first */
    cxb_philox4x32_state s, t;
    cxb_philox4x32_init(&s, 1234, 0, 0);
    s.ctr.v[0] = s.ctr.v[1] = F;
    s.lane = 3;
    s.out = cxb_philox4x32_block(s.ctr, s.key, 10);
    (void)cxb_philox4x32_next_u32(&s);
    cxb_philox4x32_init(&t, 1234, 1, 0);
    CHECK(cxb_philox4x32_next_u32(&s) == cxb_philox4x32_next_u32(&t));
    /* and a 64-bit offset carries from (c0, c1) into the subsequence words */
    cxb_philox4x32_init(&s, 1234, 0, UINT64_MAX - 3); /* block 2^62 - 1, lane 0 */
    cxb_philox4x32_ctr_add(&s.ctr, 3ull << 62);       /* + 3 * 2^62 blocks: block 2^64 - 1 */
    s.out = cxb_philox4x32_block(s.ctr, s.key, 10);
    for (int i = 0; i < 4; ++i)
        (void)cxb_philox4x32_next_u32(&s);
    cxb_philox4x32_init(&t, 1234, 1, 0);
    CHECK(cxb_philox4x32_next_u32(&s) == cxb_philox4x32_next_u32(&t));

    cxb_mt19937_state m;
    cxb_mt19937_init_genrand(&m, 5489u);
    uint32_t x = 0;
    for (int i = 0; i < 10000; ++i)
        x = cxb_mt19937_next_u32(&m);
    CHECK_MSG(x == 4123659995u, "mt19937(5489) 10000th: %u", x);
    cxb_mt19937_init_genrand(&m, 1234u);
    static const uint32_t m1234[3] = {822569775u, 2137449171u, 2671936806u};
    for (int i = 0; i < 3; ++i) {
        x = cxb_mt19937_next_u32(&m);
        CHECK_MSG(x == m1234[i], "mt19937(1234) output %d: %u", i, x);
    }
    /* mt19937ar.c's published init_by_array({0x123, 0x234, 0x345, 0x456}) outputs */
    static const uint32_t key[4] = {0x123, 0x234, 0x345, 0x456};
    static const uint32_t byarr[5] = {1067595299u, 955945823u, 477289528u, 4107218783u, 4228976476u};
    cxb_mt19937_init_by_array(&m, key, 4);
    for (int i = 0; i < 5; ++i) {
        x = cxb_mt19937_next_u32(&m);
        CHECK_MSG(x == byarr[i], "mt19937 init_by_array output %d: %u", i, x);
    }
    /* the uniform API: stream 0 of a 32-bit seed is std::mt19937, the offset is stepped */
    cxb_mt19937_state a;
    cxb_mt19937_init(&a, 1234u, 0, 2);
    CHECK(cxb_mt19937_next_u32(&a) == 2671936806u);
    /* threefry4x32's uniform stream: word k of block (k/4, stream) under key (seed) */
    cxb_threefry4x32_state tf;
    cxb_threefry4x32_init(&tf, 1234u, 7, 5);
    cxb_threefry4x32_ctr tc = {{1, 0, 7, 0}};
    cxb_threefry4x32_key tk = {{1234u, 0, 0, 0}};
    cxb_threefry4x32_ctr tb = cxb_threefry4x32_block(tc, tk, 20);
    CHECK(cxb_threefry4x32_next_u32(&tf) == tb.v[1]);
    CHECK(cxb_threefry4x32_next_u32(&tf) == tb.v[2]);
    CHECK_DONE();
}
