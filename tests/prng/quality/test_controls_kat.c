/* prng_controls_kat: the negative-control generators of cxb/rng/controls.h against the known
 * answers of docs/studies/prng.md (java.util.Random(0), Park-Miller's 10000th state, taus88's
 * published triple), XORWOW's published Marsaglia-state outputs minus their Weyl terms
 * (3.6), the RANMAR reference outputs (3.1.3, 3.1.6) and, for the additive LFGs that have no
 * published vector, their defining recurrence recomputed here from a Philox table fill. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "cxb/rng/controls.h"

static void offsets_agree(void)
{
    /* init(seed, stream, k) is k steps of init(seed, stream, 0), for every control */
#define OFF(name, g, kind, S, C)                                                          \
    {                                                                                    \
        static cxb_##g##_state a, b;                                                     \
        cxb_##g##_init(&a, 99, 3, 0);                                                    \
        for (int k = 0; k < 1000; ++k)                                                   \
            (void)cxb_##g##_next_u32(&a);                                                \
        cxb_##g##_init(&b, 99, 3, 1000);                                                 \
        int same = 1;                                                                    \
        for (int k = 0; k < 100; ++k)                                                    \
            same &= cxb_##g##_next_u32(&a) == cxb_##g##_next_u32(&b);                    \
        CHECK_MSG(same, "%s: init with offset 1000 != 1000 steps", name);                \
    }
    CXB_RNG_CONTROLS(OFF)
#undef OFF
}

int main(void)
{
    /* java.util.Random(0).nextInt() x 3 (docs/studies/prng.md) */
    cxb_lcg48_state l;
    cxb_lcg48_init(&l, 0, 0, 0);
    CHECK((int32_t)cxb_lcg48_next_u32(&l) == -1155484576);
    CHECK((int32_t)cxb_lcg48_next_u32(&l) == -723955400);
    CHECK((int32_t)cxb_lcg48_next_u32(&l) == 1033096058);

    /* Park and Miller (1988): from seed 1, the state after 10000 steps is 1043618065 */
    cxb_parkminimal_state pm;
    cxb_parkminimal_init(&pm, 1, 0, 0);
    uint32_t x = 0;
    for (int k = 0; k < 10000; ++k)
        x = cxb_parkminimal_step(&pm);
    CHECK(x == 1043618065u);
    cxb_parkminimal_init(&pm, 1, 0, 9999);
    CHECK(cxb_parkminimal_next_u32(&pm) == 1043618065u << 1);

    /* taus88 from (12345, 12345, 12345) */
    cxb_taus88_state t;
    cxb_taus88_seed3(&t, 12345, 12345, 12345);
    CHECK(cxb_taus88_next_u32(&t) == 1667269494u);
    CHECK(cxb_taus88_next_u32(&t) == 944790115u);
    CHECK(cxb_taus88_next_u32(&t) == 468047577u);

    /* xorshift160 = XORWOW without d: from Marsaglia's 2003 state, XORWOW's published
     * outputs (docs/studies/prng.md) minus d_n = 6615241 + 362437 (n + 1) */
    static const uint32_t xorwow_kat[5] = {246875399u, 3690007200u, 1264581005u, 3906711041u, 1866187943u};
    cxb_xorshift160_state xs = {{123456789u, 362436069u, 521288629u, 88675123u, 5783321u}};
    for (uint32_t n = 0; n < 5; ++n)
        CHECK(cxb_xorshift160_next_u32(&xs) == xorwow_kat[n] - (6615241u + 362437u * (n + 1)));
    /* and its streams are XORWOW's (curand_init(1234, 0, 0) from docs/studies/prng.md) */
    cxb_xorshift160_init(&xs, 1234, 0, 0);
    cxb_xorwow_state w;
    cxb_xorwow_init(&w, 1234, 0, 0);
    CHECK(cxb_xorshift160_next_u32(&xs) == 624778773u - (w.d + 362437u));

    /* ranmar32 = RANMAR's 24-bit outputs << 8 (docs/studies/prng.md seed S = 54,217,137 is
     * (1802, 9373); 3.1.6 first five; 3.1.3 stream 1's first three) */
    static const uint32_t r0[5] = {1952718u, 16187443u, 14813785u, 7054599u, 8319089u};
    static const uint32_t r1[3] = {65637u, 13037607u, 4652588u};
    static cxb_ranmar32_state rm;
    cxb_ranmar32_init(&rm, 54217137u, 0, 0);
    for (int k = 0; k < 5; ++k)
        CHECK(cxb_ranmar32_next_u32(&rm) == r0[k] << 8);
    cxb_ranmar32_init(&rm, 54217137u, 1, 0);
    for (int k = 0; k < 3; ++k)
        CHECK(cxb_ranmar32_next_u32(&rm) == r1[k] << 8);

    /* additive LFG (55, 24): the table is Philox4x32-10 word 0 of counter (e, 0, 0, 0) under
     * key (seed lo, seed hi), entry 0 made odd; then x_n = x_{n-55} + x_{n-24} mod 2^32 */
    enum { R = 55, S = 24, N = 5000 };
    static uint32_t xs_ref[N];
    uint64_t seed = 0x123456789ULL;
    for (uint32_t e = 0; e < R; ++e) {
        cxb_philox4x32_ctr c = {{e, 0, 0, 0}};
        cxb_philox4x32_key k = {{(uint32_t)seed, (uint32_t)(seed >> 32)}};
        xs_ref[e] = cxb_philox4x32_block(c, k, 10).v[0];
    }
    xs_ref[0] |= 1u;
    for (int n = R; n < N; ++n)
        xs_ref[n] = xs_ref[n - R] + xs_ref[n - S];
    static cxb_alfg55_24_state a;
    cxb_alfg55_24_init(&a, seed, 0, 0);
    int same = 1;
    for (int n = R; n < N; ++n)
        same &= cxb_alfg55_24_next_u32(&a) == xs_ref[n];
    CHECK(same);

    offsets_agree();
    CHECK_DONE();
}
