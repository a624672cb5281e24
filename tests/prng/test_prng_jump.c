/* prng_jump: cxb/rng/jump.h against stepping, against the existing cores and against
 * published states (docs/studies/prng.md):
 *  - jump(n) then one draw equals n + 1 draws, n in {0, 1, 2, 1000, 2^20}, for every jump
 *    kind (squaring, tables, stepping; XORWOW, MRG32k3a, Philox);
 *  - tables equal squaring on random distances (up to 2^128 for XORWOW, 2^192 for MRG32k3a);
 *  - squaring equals the cores' own 128-bit jumps (cxb_mrg32k3a_jump, cxb_xorwow_jump);
 *  - n jumps of d equal one jump of n d (the check the suite's verification relies on);
 *  - RngStreams' stream 2 and 3 initial states (jumps of 2^127 and 2^128, docs/studies/prng.md);
 *  - the folded modular dot product equals the % one, edge residues included;
 *  - the initialisation tables (cxb_*_init_tab) give curand_init(seed, tid, 0) for random and
 *    edge tids, and the spec's device-API rows (1234, 4095, 7) (docs/studies/prng.md);
 *  - Philox's counter jump equals curand_init with that offset, across lanes and counter carry;
 *  - the lagged-Fibonacci jump (cxb/rng/lf24_jump.h) equals stepping, for RANMAR's lags, small
 *    and strided tables, and any starting point (the table state and the carry).
 * Random draws use a seed printed on stdout; CXB_TEST_SEED=<n> replays a run. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/rng/jump.h"
#include "cxb/rng/lf24_jump.h"

static uint64_t rnd_state;
static uint64_t rnd(void)
{
    uint64_t z = (rnd_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static int xw_eq(const cxb_xorwow_state *a, const cxb_xorwow_state *b) { return memcmp(a, b, sizeof *a) == 0; }
static int mrg_eq(const cxb_mrg32k3a_state *a, const cxb_mrg32k3a_state *b) { return memcmp(a, b, sizeof *a) == 0; }

/* tables with 4-bit digits for distances below 2^128 (XORWOW) and 2^192 (MRG32k3a) */
static cxb_xorwow_mat *xw_tab;
static cxb_mrg32k3a_jent *mrg_tab;
#define XW_LEVELS 32
#define MRG_LEVELS 48

static void jump_then_draw(uint64_t seed, uint64_t n)
{
    cxb_jump_dist d = cxb_jump_dist_u64(n);
    /* XORWOW: n + 1 steps */
    cxb_xorwow_state ref, a, b, c;
    cxb_xorwow_init(&ref, seed, 3, 5);
    a = b = c = ref;
    cxb_xorwow_jump_step(&ref, n);
    uint32_t want = cxb_xorwow_next_u32(&ref);
    cxb_xorwow_jump_sq(&a, &d);
    cxb_xorwow_jump_tab(xw_tab, 4, XW_LEVELS, &b, &d);
    cxb_xorwow_jump_step(&c, n);
    CHECK_MSG(cxb_xorwow_next_u32(&a) == want, "xorwow squaring, n %" PRIu64, n);
    CHECK_MSG(cxb_xorwow_next_u32(&b) == want, "xorwow tables, n %" PRIu64, n);
    CHECK_MSG(cxb_xorwow_next_u32(&c) == want, "xorwow stepping, n %" PRIu64, n);
    CHECK_MSG(xw_eq(&a, &ref) && xw_eq(&b, &ref) && xw_eq(&c, &ref), "xorwow states, n %" PRIu64, n);

    cxb_mrg32k3a_state mref, ma, mb, mc;
    cxb_mrg32k3a_init(&mref, seed, 7, 11);
    ma = mb = mc = mref;
    cxb_mrg32k3a_jump_step(&mref, n);
    uint32_t mwant = cxb_mrg32k3a_next_u32(&mref);
    cxb_mrg32k3a_jump_sq(&ma, &d);
    cxb_mrg32k3a_jtab_apply(mrg_tab, 4, MRG_LEVELS, &mb, &d);
    cxb_mrg32k3a_jump_step(&mc, n);
    CHECK_MSG(cxb_mrg32k3a_next_u32(&ma) == mwant, "mrg32k3a squaring, n %" PRIu64, n);
    CHECK_MSG(cxb_mrg32k3a_next_u32(&mb) == mwant, "mrg32k3a tables, n %" PRIu64, n);
    CHECK_MSG(cxb_mrg32k3a_next_u32(&mc) == mwant, "mrg32k3a stepping, n %" PRIu64, n);
    CHECK_MSG(mrg_eq(&ma, &mref) && mrg_eq(&mb, &mref) && mrg_eq(&mc, &mref), "mrg32k3a states, n %" PRIu64, n);

    /* Philox: from every lane of a block */
    for (uint64_t off = 0; off < 4; ++off) {
        cxb_philox4x32_state p, q;
        cxb_philox4x32_init(&p, seed, 9, off);
        q = p;
        for (uint64_t i = 0; i < n && i < (1u << 20); ++i)
            (void)cxb_philox4x32_next_u32(&p);
        uint32_t pw = cxb_philox4x32_next_u32(&p);
        cxb_philox4x32_jump(&q, &d);
        CHECK_MSG(cxb_philox4x32_next_u32(&q) == pw, "philox jump, n %" PRIu64 ", lane %" PRIu64, n, off);
    }
}

static cxb_jump_dist rnd_dist(unsigned bits)
{
    cxb_jump_dist d = {{rnd(), rnd(), rnd(), rnd()}};
    for (unsigned k = 0; k < 4; ++k) {
        unsigned lo = 64 * k;
        if (bits <= lo)
            d.w[k] = 0;
        else if (bits < lo + 64)
            d.w[k] &= (1ull << (bits - lo)) - 1;
    }
    return d;
}

/* lf24: k steps, then n by the jump and by stepping, then the next outputs agree */
static void lf24_jump_vs_step(uint32_t r, uint32_t s, uint32_t stride, uint64_t k, uint64_t n)
{
    uint32_t *u1 = calloc((size_t)r * stride, sizeof *u1), *u2 = calloc((size_t)r * stride, sizeof *u2);
    uint32_t *scratch = malloc(CXB_LF24_JUMP_SCRATCH(r) * sizeof *scratch);
    cxb_lf24 a, b;
    cxb_lf24_init(&a, u1, stride, r, s, 1802, 9373);
    cxb_lf24_init(&b, u2, stride, r, s, 1802, 9373);
    for (uint64_t i = 0; i < k; ++i) {
        cxb_lf24_next(&a);
        cxb_lf24_next(&b);
    }
    for (uint64_t i = 0; i < n; ++i)
        cxb_lf24_next(&a);
    cxb_lf24_jump(&b, n, scratch);
    int same = 1;
    for (int i = 0; i < 3 * (int)r + 5; ++i)
        same &= cxb_lf24_next(&a) == cxb_lf24_next(&b);
    CHECK_MSG(same, "lf24 jump r %u s %u stride %u from %" PRIu64 " by %" PRIu64, r, s, stride, k, n);
    free(u1);
    free(u2);
    free(scratch);
}

int main(void)
{
    uint64_t seed = getenv("CXB_TEST_SEED") ? strtoull(getenv("CXB_TEST_SEED"), NULL, 10)
                                            : ((uint64_t)time(NULL) << 20) ^ 0x2545F4914F6CDD1Dull;
    printf("seed %" PRIu64 "\n", seed);
    rnd_state = seed;

    static const uint64_t lf_n[] = {0, 1, 2, 32, 33, 96, 97, 98, 1000, 16777213, 1000000};
    for (size_t i = 0; i < sizeof lf_n / sizeof lf_n[0]; ++i) {
        lf24_jump_vs_step(CXB_LF24_R, CXB_LF24_S, 1, 0, lf_n[i]);
        lf24_jump_vs_step(CXB_LF24_R, CXB_LF24_S, 3, 1 + rnd() % 500, lf_n[i]);
        lf24_jump_vs_step(5, 2, 1, rnd() % 50, lf_n[i]);
        lf24_jump_vs_step(2, 1, 2, rnd() % 7, lf_n[i]);
        lf24_jump_vs_step(1000, 334, 1, 7, lf_n[i] % 100000);
    }

    xw_tab = malloc(cxb_jtab_entries(4, XW_LEVELS) * sizeof *xw_tab);
    mrg_tab = malloc(cxb_jtab_entries(4, MRG_LEVELS) * sizeof *mrg_tab);
    cxb_xorwow_mat tmp[2];
    cxb_xorwow_jtab_build(xw_tab, 0, 4, XW_LEVELS, tmp);
    cxb_mrg32k3a_jtab_build(mrg_tab, 0, 4, MRG_LEVELS);

    /* the folded dot product */
    const uint32_t ms[2] = {CXB_MRG32K3A_M1, CXB_MRG32K3A_M2}, cs[2] = {CXB_MRG32K3A_M1C, CXB_MRG32K3A_M2C};
    for (int c = 0; c < 2; ++c) {
        uint32_t m = ms[c], e[] = {0, 1, 2, m - 1, m - 2, m / 2, 0x80000000u};
        for (size_t i = 0; i < 7; ++i)
            for (size_t j = 0; j < 7; ++j) {
                uint32_t a = e[i], b = e[j], x = e[(i + j) % 7];
                CHECK(cxb_mrg32k3a_dot3_fold(a, b, x, b, x, a, m, cs[c]) == cxb_mrg32k3a_dot3(a, b, x, b, x, a, m));
            }
        for (int t = 0; t < 200000; ++t) {
            uint32_t v[6];
            for (int i = 0; i < 6; ++i)
                v[i] = (uint32_t)(rnd() % m);
            CHECK(cxb_mrg32k3a_dot3_fold(v[0], v[1], v[2], v[3], v[4], v[5], m, cs[c]) ==
                  cxb_mrg32k3a_dot3(v[0], v[1], v[2], v[3], v[4], v[5], m));
        }
    }

    /* jump(n) + draw = n + 1 draws */
    const uint64_t ns[] = {0, 1, 2, 1000, 1u << 20, rnd() % 5000};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; ++i)
        jump_then_draw(rnd(), ns[i]);

    /* tables vs squaring, squaring vs the cores' 128-bit jumps */
    for (int t = 0; t < 6; ++t) {
        cxb_jump_dist d = rnd_dist(1 + (unsigned)(rnd() % 128));
        cxb_xorwow_state a, b, c;
        cxb_xorwow_init(&a, rnd(), rnd() % 100, 0);
        b = c = a;
        cxb_xorwow_jump_sq(&a, &d);
        cxb_xorwow_jump_tab(xw_tab, 4, XW_LEVELS, &b, &d);
        cxb_xorwow_jump(&c, d.w[1], d.w[0]);
        CHECK_MSG(xw_eq(&a, &b), "xorwow tables != squaring (try %d)", t);
        CHECK_MSG(xw_eq(&a, &c), "xorwow squaring != cxb_xorwow_jump (try %d)", t);
    }
    for (int t = 0; t < 300; ++t) {
        cxb_jump_dist d = rnd_dist(t < 100 ? 128 : 1 + (unsigned)(rnd() % 192));
        cxb_mrg32k3a_state a, b, c;
        cxb_mrg32k3a_init(&a, rnd(), rnd() % 100, rnd() % 100);
        b = c = a;
        cxb_mrg32k3a_jump_sq(&a, &d);
        cxb_mrg32k3a_jtab_apply(mrg_tab, 4, MRG_LEVELS, &b, &d);
        CHECK_MSG(mrg_eq(&a, &b), "mrg32k3a tables != squaring (try %d)", t);
        if (t < 100) {
            cxb_mrg32k3a_jump(&c, d.w[1], d.w[0]);
            CHECK_MSG(mrg_eq(&a, &c), "mrg32k3a squaring != cxb_mrg32k3a_jump (try %d)", t);
        }
    }

    /* n jumps of d = one jump of n d */
    {
        cxb_jump_dist d = rnd_dist(120);
        uint64_t n = 3 + rnd() % 50;
        cxb_jump_dist nd = cxb_jump_dist_mul_u64(&d, n);
        cxb_xorwow_state a, b;
        cxb_xorwow_init(&a, 77, 0, 0);
        b = a;
        for (uint64_t i = 0; i < n; ++i)
            cxb_xorwow_jump_tab(xw_tab, 4, XW_LEVELS, &a, &d);
        cxb_xorwow_jump_sq(&b, &nd);
        CHECK_MSG(xw_eq(&a, &b), "xorwow: %" PRIu64 " jumps of d != one jump of n d", n);
        cxb_jump_dist md = rnd_dist(190);
        cxb_jump_dist nmd = cxb_jump_dist_mul_u64(&md, n);
        cxb_mrg32k3a_state ma, mb;
        cxb_mrg32k3a_init(&ma, 77, 0, 0);
        mb = ma;
        for (uint64_t i = 0; i < n; ++i)
            cxb_mrg32k3a_jtab_apply(mrg_tab, 4, MRG_LEVELS, &ma, &md);
        cxb_mrg32k3a_jump_sq(&mb, &nmd);
        CHECK_MSG(mrg_eq(&ma, &mb), "mrg32k3a: %" PRIu64 " jumps of d != one jump of n d", n);
        /* the multiply itself: (2^64 - 1) (2^64 + 3) */
        cxb_jump_dist x = {{~0ull, 1, 0, 0}};
        cxb_jump_dist y = cxb_jump_dist_mul_u64(&x, ~0ull);
        /* (2^65 - 1)(2^64 - 1) = 2^129 - 2^65 - 2^64 + 1 */
        CHECK(y.w[0] == 1 && y.w[1] == ~0ull - 2 && y.w[2] == 1 && y.w[3] == 0);
    }

    /* RngStreams: stream 2 = 2^127 and stream 3 = 2^128 after the default state (docs/studies/prng.md) */
    {
        static const uint32_t s2[6] = {3692455944u, 1366884236u, 2968912127u, 335948734u, 4161675175u, 475798818u};
        static const uint32_t s3[6] = {1015873554u, 1310354410u, 2249465273u, 994084013u, 2912484720u, 3876682925u};
        cxb_jump_dist d127 = {{0, 1ull << 63, 0, 0}}, d128 = {{0, 0, 1, 0}};
        for (int k = 0; k < 2; ++k) {
            const cxb_jump_dist *d = k ? &d128 : &d127;
            const uint32_t *want = k ? s3 : s2;
            cxb_mrg32k3a_state a, b;
            cxb_mrg32k3a_seed(&a, 0);
            b = a;
            cxb_mrg32k3a_jump_sq(&a, d);
            cxb_mrg32k3a_jtab_apply(mrg_tab, 4, MRG_LEVELS, &b, d);
            uint32_t got[6] = {a.s1[0], a.s1[1], a.s1[2], a.s2[0], a.s2[1], a.s2[2]};
            CHECK_MSG(memcmp(got, want, sizeof got) == 0 && mrg_eq(&a, &b), "RngStreams stream %d", k + 2);
        }
    }

    /* initialisation tables = curand_init(seed, tid, 0) */
    {
        unsigned wl = 2, ml = 3; /* warp digits for tid < 2^21; thread digits for tid < 2^24 */
        cxb_xorwow_mat *wt = malloc(cxb_jtab_entries(CXB_XORWOW_INIT_B, wl) * sizeof *wt);
        cxb_xorwow_mat *lt = malloc(cxb_jtab_entries(CXB_XORWOW_INIT_LANE_B, 1) * sizeof *lt);
        cxb_mrg32k3a_jent *mt = malloc(cxb_jtab_entries(CXB_MRG32K3A_INIT_B, ml) * sizeof *mt);
        cxb_xorwow_jtab_build(wt, CXB_XORWOW_INIT_WARP_E0, CXB_XORWOW_INIT_B, wl, tmp);
        cxb_xorwow_jtab_build(lt, CXB_XORWOW_SUBSEQ_LOG2, CXB_XORWOW_INIT_LANE_B, 1, tmp);
        cxb_mrg32k3a_jtab_build(mt, CXB_MRG32K3A_SUBSEQ_LOG2, CXB_MRG32K3A_INIT_B, ml);
        uint64_t tids[12] = {0, 1, 31, 32, 33, 255, 256, 4095, (1u << 21) - 1};
        for (int i = 9; i < 12; ++i)
            tids[i] = rnd() % (1u << 21);
        for (int i = 0; i < 12; ++i) {
            uint64_t sd = i % 3 ? rnd() : (uint64_t)i; /* seed 0 among them */
            cxb_xorwow_state a, b;
            cxb_xorwow_init(&a, sd, tids[i], 0);
            cxb_xorwow_init_tab(wt, wl, lt, &b, sd, tids[i]);
            CHECK_MSG(xw_eq(&a, &b), "xorwow init tables, tid %" PRIu64, tids[i]);
        }
        for (int i = 0; i < 2000; ++i) {
            uint64_t tid = i < 12 ? tids[i] : rnd() % (1u << 24), sd = rnd();
            cxb_mrg32k3a_state a, b;
            cxb_mrg32k3a_init(&a, sd, tid, 0);
            cxb_mrg32k3a_init_tab(mt, ml, &b, sd, tid);
            CHECK_MSG(mrg_eq(&a, &b), "mrg32k3a init tables, tid %" PRIu64, tid);
        }
        /* docs/studies/prng.md, (seed, sub, off) = (1234, 4095, 7) */
        static const uint32_t xw[4] = {4226405774u, 1139539729u, 1075600568u, 2746434502u};
        static const uint32_t mr[4] = {2551696145u, 3417699075u, 1385653525u, 4247838588u};
        cxb_xorwow_state x;
        cxb_mrg32k3a_state m;
        cxb_xorwow_init_tab(wt, wl, lt, &x, 1234, 4095);
        cxb_mrg32k3a_init_tab(mt, ml, &m, 1234, 4095);
        cxb_jump_dist seven = cxb_jump_dist_u64(7);
        cxb_xorwow_jump_tab(xw_tab, 4, XW_LEVELS, &x, &seven);
        cxb_mrg32k3a_jtab_apply(mrg_tab, 4, MRG_LEVELS, &m, &seven);
        for (int i = 0; i < 4; ++i) {
            CHECK_MSG(cxb_xorwow_next_u32(&x) == xw[i], "xorwow (1234, 4095, 7) output %d", i);
            CHECK_MSG(cxb_mrg32k3a_next_u32(&m) == mr[i], "mrg32k3a (1234, 4095, 7) output %d", i);
        }
        free(wt);
        free(lt);
        free(mt);
    }

    /* Philox: counter carry across words, huge distances */
    {
        cxb_philox4x32_state p, q;
        cxb_philox4x32_init(&p, 99, 0xffffffffull, 0);
        p.ctr.v[0] = p.ctr.v[1] = 0xffffffffu;
        p.out = cxb_philox4x32_block(p.ctr, p.key, 10);
        p.lane = 3;
        q = p;
        cxb_jump_dist one = cxb_jump_dist_u64(1);
        cxb_philox4x32_jump(&q, &one);
        (void)cxb_philox4x32_next_u32(&p);
        CHECK(q.ctr.v[2] == 0 && q.ctr.v[3] == 1 && q.lane == 0);
        /* the same position: stepping leaves p's used-up block in place (lane 4, drawn lazily) */
        for (int i = 0; i < 8; ++i)
            CHECK(cxb_philox4x32_next_u32(&p) == cxb_philox4x32_next_u32(&q));
        /* 2^66 outputs = one subsequence */
        cxb_philox4x32_init(&p, 5, 7, 3);
        cxb_philox4x32_init(&q, 5, 8, 3);
        cxb_jump_dist sub = {{0, 4, 0, 0}};
        cxb_philox4x32_jump(&p, &sub);
        CHECK(cxb_philox4x32_next_u32(&p) == cxb_philox4x32_next_u32(&q));
    }

    free(xw_tab);
    free(mrg_tab);
    CHECK_DONE();
}
