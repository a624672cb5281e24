/* prng_rng_curand_device: the XORWOW and MRG32k3a cores against cuRAND's device API,
 * curand_init(seed, subsequence, offset) + curand(), as measured on an H100 (docs/studies/prng.md; the
 * seed-0 and Marsaglia rows of 3.3 and 3.6), plus the jump properties of docs/studies/prng.md:
 *  - skip(k) equals k steps, for fixed and random k up to 10^5;
 *  - jump(a) then jump(b) equals jump(a + b), for offsets and for subsequences (a subsequence
 *    is 2^67 or 2^76 outputs: not reachable by stepping, so composition is what we can test);
 *  - MRG32k3a: A^(2^76), A^(2^127) recomputed by squaring equal RngStreams' tables; RngStreams'
 *    stream 2 and 3 initial states; the 128-bit jump by 2^76 equals one subsequence.
 * Random draws use a seed printed on stdout; CXB_TEST_SEED=<n> replays a run. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/rng/mrg32k3a.h"
#include "cxb/rng/xorwow.h"

/* splitmix64 for the test's own random choices */
static uint64_t rnd_state;
static uint64_t rnd(void)
{
    uint64_t z = (rnd_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static void xorwow_row(uint64_t seed, uint64_t sub, uint64_t off, uint32_t a, uint32_t b,
                       uint32_t c, uint32_t d)
{
    cxb_xorwow_state s;
    cxb_xorwow_init(&s, seed, sub, off);
    uint32_t g[4];
    for (int i = 0; i < 4; ++i)
        g[i] = cxb_xorwow_next_u32(&s);
    CHECK_MSG(g[0] == a && g[1] == b && g[2] == c && g[3] == d,
              "curand xorwow (%" PRIu64 ", %" PRIu64 ", %" PRIu64 "): %u %u %u %u", seed, sub, off,
              g[0], g[1], g[2], g[3]);
}

static void mrg_row(uint64_t seed, uint64_t sub, uint64_t off, uint32_t a, uint32_t b, uint32_t c,
                    uint32_t d)
{
    cxb_mrg32k3a_state s;
    cxb_mrg32k3a_init(&s, seed, sub, off);
    uint32_t g[4];
    for (int i = 0; i < 4; ++i)
        g[i] = cxb_mrg32k3a_next_u32(&s);
    CHECK_MSG(g[0] == a && g[1] == b && g[2] == c && g[3] == d,
              "curand mrg32k3a (%" PRIu64 ", %" PRIu64 ", %" PRIu64 "): %u %u %u %u", seed, sub, off,
              g[0], g[1], g[2], g[3]);
}

static int xorwow_eq(const cxb_xorwow_state *a, const cxb_xorwow_state *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

static int mrg_eq(const cxb_mrg32k3a_state *a, const cxb_mrg32k3a_state *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

static int mat_eq(const cxb_mrg32k3a_mat *a, const cxb_mrg32k3a_mat *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

static void mrg_state_is(const cxb_mrg32k3a_state *s, const uint32_t w[6], const char *what)
{
    int ok = 1;
    for (int i = 0; i < 3; ++i)
        ok &= s->s1[i] == w[i] && s->s2[i] == w[3 + i];
    CHECK_MSG(ok, "%s: {%u %u %u %u %u %u}", what, s->s1[0], s->s1[1], s->s1[2], s->s2[0],
              s->s2[1], s->s2[2]);
}

/* skip(k) == k steps, both generators, from a seeded state with a random subsequence */
static void skip_vs_step(uint64_t seed, uint64_t k)
{
    cxb_xorwow_state x, y;
    cxb_xorwow_init(&x, seed, 0, 0);
    y = x;
    for (uint64_t i = 0; i < k; ++i)
        (void)cxb_xorwow_next_u32(&x);
    cxb_xorwow_skip(&y, k);
    CHECK_MSG(xorwow_eq(&x, &y), "xorwow skip(%" PRIu64 ") != %" PRIu64 " steps (seed %" PRIu64 ")",
              k, k, seed);
    cxb_xorwow_init(&y, seed, 0, k);
    CHECK_MSG(xorwow_eq(&x, &y), "xorwow init offset %" PRIu64 " != steps", k);

    cxb_mrg32k3a_state m, n;
    cxb_mrg32k3a_init(&m, seed, 0, 0);
    n = m;
    for (uint64_t i = 0; i < k; ++i)
        (void)cxb_mrg32k3a_next_z(&m);
    cxb_mrg32k3a_skip(&n, k);
    CHECK_MSG(mrg_eq(&m, &n), "mrg32k3a skip(%" PRIu64 ") != %" PRIu64 " steps (seed %" PRIu64 ")",
              k, k, seed);
    cxb_mrg32k3a_init(&n, seed, 0, k);
    CHECK_MSG(mrg_eq(&m, &n), "mrg32k3a init offset %" PRIu64 " != steps", k);
}

int main(void)
{
    const char *env = getenv("CXB_TEST_SEED");
    uint64_t tseed = env ? strtoull(env, NULL, 0) : (uint64_t)time(NULL) * 2654435761u ^ (uint64_t)clock();
    rnd_state = tseed;
    printf("test seed %" PRIu64 " (CXB_TEST_SEED=%" PRIu64 " replays)\n", tseed, tseed);

    /* ---- docs/studies/prng.md: the device-API table (H100, CUDA 13.0, cuRAND 10.4.0) ---- */
    xorwow_row(0, 0, 0, 3179217846u, 1883133293u, 2220552389u, 674260989u);
    xorwow_row(1234, 0, 0, 624778773u, 1867875844u, 3739671282u, 1954919316u);
    xorwow_row(1234, 1, 0, 3522650202u, 3978931785u, 2198015705u, 2308946676u);
    xorwow_row(1234, 0, 1000, 4206098126u, 1139478934u, 606469629u, 374393176u);
    xorwow_row(1234, 4095, 7, 4226405774u, 1139539729u, 1075600568u, 2746434502u);

    mrg_row(0, 0, 0, 545508615u, 1368065476u, 1327943825u, 3546985268u);
    mrg_row(1234, 0, 0, 3379073520u, 2521876100u, 213678209u, 1604391373u);
    mrg_row(1234, 1, 0, 653317650u, 2890950871u, 2749090064u, 2410030135u);
    mrg_row(1234, 0, 1000, 2077494220u, 1897736774u, 3223402095u, 1445936613u);
    mrg_row(1234, 4095, 7, 2551696145u, 3417699075u, 1385653525u, 4247838588u);

    /* ---- docs/studies/prng.md: Marsaglia's 2003 state, the plain recurrence ---- */
    {
        cxb_xorwow_state s = {6615241u, {123456789u, 362436069u, 521288629u, 88675123u, 5783321u}};
        const uint32_t want[5] = {246875399u, 3690007200u, 1264581005u, 3906711041u, 1866187943u};
        for (int i = 0; i < 5; ++i) {
            uint32_t g = cxb_xorwow_next_u32(&s);
            CHECK_MSG(g == want[i], "xorwow Marsaglia output %d: %u, want %u", i, g, want[i]);
        }
    }

    /* ---- docs/studies/prng.md: MRG32k3a z and RngStreams U01 from the default state ---- */
    {
        cxb_mrg32k3a_state s;
        cxb_mrg32k3a_init(&s, 0, 0, 0);
        const uint32_t z[5] = {545508589u, 1368065410u, 1327943761u, 3546985096u, 951893194u};
        const double u[5] = {0.12701112204658, 0.31852756539679, 0.30918601558327, 0.82584686292711,
                             0.22162991578202};
        cxb_mrg32k3a_state t = s;
        for (int i = 0; i < 5; ++i) {
            uint32_t g = cxb_mrg32k3a_next_z(&s);
            CHECK_MSG(g == z[i], "mrg32k3a z %d: %u, want %u", i, g, z[i]);
            double d = cxb_mrg32k3a_next_rngstreams(&t) - u[i];
            CHECK_MSG(d < 1e-13 && d > -1e-13, "mrg32k3a RngStreams U01 %d off by %g", i, d);
        }
        cxb_mrg32k3a_init(&s, 0, 0, 0);
        const uint32_t c[5] = {545508615u, 1368065476u, 1327943825u, 3546985268u, 951893240u};
        for (int i = 0; i < 5; ++i) {
            uint32_t g = cxb_mrg32k3a_next_u32(&s);
            CHECK_MSG(g == c[i], "mrg32k3a curand() %d: %u, want %u", i, g, c[i]);
        }
    }

    /* ---- MRG32k3a jump tables and RngStreams stream states (docs/studies/prng.md) ---- */
    {
        cxb_mrg32k3a_mat a, b;
        a = cxb_mrg32k3a_pow2(cxb_mrg32k3a_a1(), 76, CXB_MRG32K3A_M1);
        b = cxb_mrg32k3a_a1p76();
        CHECK_MSG(mat_eq(&a, &b), "A1^(2^76) by squaring != RngStreams table");
        a = cxb_mrg32k3a_pow2(cxb_mrg32k3a_a2(), 76, CXB_MRG32K3A_M2);
        b = cxb_mrg32k3a_a2p76();
        CHECK_MSG(mat_eq(&a, &b), "A2^(2^76) by squaring != RngStreams table");
        a = cxb_mrg32k3a_pow2(cxb_mrg32k3a_a1(), 127, CXB_MRG32K3A_M1);
        b = cxb_mrg32k3a_a1p127();
        CHECK_MSG(mat_eq(&a, &b), "A1^(2^127) by squaring != RngStreams table");
        a = cxb_mrg32k3a_pow2(cxb_mrg32k3a_a2(), 127, CXB_MRG32K3A_M2);
        b = cxb_mrg32k3a_a2p127();
        CHECK_MSG(mat_eq(&a, &b), "A2^(2^127) by squaring != RngStreams table");

        /* RngStreams tests/test2RngStream.res, streams numbered from 1 as created: stream k
         * starts 2^127 (k - 1) after the default state */
        cxb_mrg32k3a_state s;
        const uint32_t st2[6] = {3692455944u, 1366884236u, 2968912127u, 335948734u, 4161675175u, 475798818u};
        const uint32_t st3[6] = {1015873554u, 1310354410u, 2249465273u, 994084013u, 2912484720u, 3876682925u};
        cxb_mrg32k3a_seed(&s, 0);
        cxb_mrg32k3a_skip_sequence(&s, 1);
        mrg_state_is(&s, st2, "RngStreams stream 2");
        cxb_mrg32k3a_seed(&s, 0);
        cxb_mrg32k3a_skip_sequence(&s, 2);
        mrg_state_is(&s, st3, "RngStreams stream 3");
        cxb_mrg32k3a_skip_sequence(&s, 0); /* a no-op */
        mrg_state_is(&s, st3, "RngStreams stream 3 after a zero jump");
        cxb_mrg32k3a_seed(&s, 0);
        cxb_mrg32k3a_jump(&s, (uint64_t)1 << 63, 0); /* 2^127 by the 128-bit jump */
        mrg_state_is(&s, st2, "RngStreams stream 2 by jump(2^63 2^64)");
        cxb_mrg32k3a_jump(&s, (uint64_t)1 << 63, 0);
        mrg_state_is(&s, st3, "RngStreams stream 3 by jump(2^63 2^64) twice");
        /* stream 1 after AdvanceState(5, 3): 2^5 + 3 = 35 steps */
        const uint32_t adv[6] = {1040577685u, 3747037609u, 277208355u, 1712706441u, 627445683u, 2408037141u};
        cxb_mrg32k3a_seed(&s, 0);
        cxb_mrg32k3a_skip(&s, 35);
        mrg_state_is(&s, adv, "RngStreams stream 1 + 35");
        double u = cxb_mrg32k3a_next_rngstreams(&s) - 0.07941673614985;
        CHECK_MSG(u < 1e-13 && u > -1e-13, "RngStreams stream 1 + 35 next U01 off by %g", u);

        /* the 128-bit jump by 2^76 = one subsequence */
        cxb_mrg32k3a_state t;
        cxb_mrg32k3a_init(&s, 1234, 1, 0);
        cxb_mrg32k3a_init(&t, 1234, 0, 0);
        cxb_mrg32k3a_jump(&t, (uint64_t)1 << 12, 0);
        CHECK_MSG(mrg_eq(&s, &t), "mrg32k3a jump(2^76) != subsequence 1");
    }

    /* ---- XORWOW: the 128-bit jump by 2^67 = one subsequence ---- */
    {
        cxb_xorwow_state s, t;
        cxb_xorwow_init(&s, 1234, 1, 0);
        cxb_xorwow_init(&t, 1234, 0, 0);
        cxb_xorwow_jump(&t, 8, 0);
        CHECK_MSG(xorwow_eq(&s, &t), "xorwow jump(2^67) != subsequence 1");
    }

    /* ---- skip(k) == k steps: the required distances, then random k up to 10^5 ---- */
    {
        const uint64_t fixed[] = {0, 1, 2, 3, 255, 256, 257, 1000, (uint64_t)1 << 20};
        for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; ++i)
            skip_vs_step(rnd(), fixed[i]);
        for (int i = 0; i < 20; ++i)
            skip_vs_step(rnd(), rnd() % 100001u);
    }

    /* ---- composition: jump(a) then jump(b) == jump(a + b) ---- */
    for (int i = 0; i < 6; ++i) {
        uint64_t seed = rnd();
        uint64_t a = rnd() >> 2, b = rnd() >> 2; /* a + b does not overflow */
        cxb_xorwow_state x, y;
        cxb_xorwow_init(&x, seed, 0, a);
        cxb_xorwow_skip(&x, b);
        cxb_xorwow_init(&y, seed, 0, a + b);
        CHECK_MSG(xorwow_eq(&x, &y), "xorwow offsets %" PRIu64 " + %" PRIu64, a, b);
        cxb_xorwow_init(&x, seed, a, 0);
        cxb_xorwow_skip_subsequence(&x, b);
        cxb_xorwow_init(&y, seed, a + b, 0);
        CHECK_MSG(xorwow_eq(&x, &y), "xorwow subsequences %" PRIu64 " + %" PRIu64, a, b);

        cxb_mrg32k3a_state m, n;
        cxb_mrg32k3a_init(&m, seed, 0, a);
        cxb_mrg32k3a_skip(&m, b);
        cxb_mrg32k3a_init(&n, seed, 0, a + b);
        CHECK_MSG(mrg_eq(&m, &n), "mrg32k3a offsets %" PRIu64 " + %" PRIu64, a, b);
        uint64_t sa = a >> 13, sb = b >> 13; /* sa + sb < 2^51, where cuRAND is defined */
        cxb_mrg32k3a_init(&m, seed, sa, 0);
        cxb_mrg32k3a_skip_subsequence(&m, sb);
        cxb_mrg32k3a_init(&n, seed, sa + sb, 0);
        CHECK_MSG(mrg_eq(&m, &n), "mrg32k3a subsequences %" PRIu64 " + %" PRIu64, sa, sb);
        /* a subsequence then an offset commute */
        cxb_mrg32k3a_init(&m, seed, sa, a);
        cxb_mrg32k3a_seed(&n, seed);
        cxb_mrg32k3a_skip(&n, a);
        cxb_mrg32k3a_skip_subsequence(&n, sa);
        CHECK_MSG(mrg_eq(&m, &n), "mrg32k3a subsequence/offset do not commute");
        /* 128-bit jumps compose with carry: (2^64 - 1) + 1 = 2^64 */
        cxb_mrg32k3a_init(&m, seed, 0, 0);
        cxb_mrg32k3a_jump(&m, 0, UINT64_MAX);
        cxb_mrg32k3a_jump(&m, 0, 1);
        cxb_mrg32k3a_init(&n, seed, 0, 0);
        cxb_mrg32k3a_jump(&n, 1, 0);
        CHECK_MSG(mrg_eq(&m, &n), "mrg32k3a jump (2^64 - 1) + 1 != 2^64");
    }
    {
        cxb_xorwow_state x, y;
        cxb_xorwow_init(&x, 99, 0, 0);
        cxb_xorwow_jump(&x, 0, UINT64_MAX);
        cxb_xorwow_jump(&x, 0, 1);
        cxb_xorwow_init(&y, 99, 0, 0);
        cxb_xorwow_jump(&y, 1, 0);
        CHECK_MSG(xorwow_eq(&x, &y), "xorwow jump (2^64 - 1) + 1 != 2^64");
    }

    CHECK_DONE();
}
