/* cxb/rng/jump.h - jump-ahead by long distances and by tables of matrix powers, for XORWOW
 * and MRG32k3a, and Philox's counter jump: the one definition that the CPU jump-cost rows
 * (Figure R2), the GPU stream initialisation (Figure R4, target G4) and their tests share.
 *
 * Study page: docs/studies/prng.md (MRG32k3a jump-ahead: "tables of A^(2^k) make it
 * O(popcount v)"), 3.6 (XORWOW: "cxbench computes its own powers M^(2^k) (and windowed
 * tables)"; cuRAND's tables are not copied), 4 (jump consistency), 6.5, 6.7, 8.3 G4.
 * Sources: P. L'Ecuyer et al. (2002), RngStreams (jumps as matrix powers); cuRAND's
 * curand_kernel.h (XORWOW skipahead by precomputed powers M^(2^67 4^i), windowed by 2 bits;
 * MRG32k3a by A^(2^(76+i))). We use the same idea with our own tables and window widths.
 *
 * Distances are 256-bit unsigned integers (cxb_jump_dist, four 64-bit words, little
 * endian): MRG32k3a's period is ~2^191, and tests check n jumps of d against one jump of
 * n d, which needs more than 192 bits.
 *
 * Two kinds of jump:
 *  - by squaring (cxb_*_jump_sq): square-and-multiply over the bits of the distance, the
 *    method of cxb_mrg32k3a_jump / cxb_xorwow_skip extended to 256-bit distances: O(log d)
 *    matrix squarings (3x3 mod m: 27 modular products; XORWOW 160x160 over GF(2): ~0.1 ms);
 *  - by tables (cxb_*_jtab_*): a table of T[k][j] = P^(j 2^(b k)) for every b-bit digit
 *    j = 1 .. 2^b - 1 and level k, where P = A^(2^e0) (A the one-step matrix). Then
 *    A^(2^e0 d) = prod_k T[k][digit_k(d)], one matrix-vector product per nonzero digit:
 *    O(log d / b) products, no squaring at run time. Powers of one matrix commute, so the
 *    digits may be applied in any order (the GPU applies warp-uniform digits first).
 *    Tables are built once on the host by repeated products (untimed) and uploaded.
 *    Entry index: cxb_jtab_index(b, k, j) = k (2^b - 1) + j - 1 (digit 0 needs no entry).
 *
 * MRG32k3a table products use a folded reduction (cxb_mrg32k3a_dot3_fold) instead of 64-bit
 * %: 2^32 = c (mod m) with c = 209 or 22853, so a 64-bit product hi 2^32 + lo folds to
 * hi c + lo. Both give the exact residue (tests compare them); the fold is what a GPU wants
 * (64-bit % is a long software sequence there).
 */
#ifndef CXB_RNG_JUMP_H
#define CXB_RNG_JUMP_H

#include <stdint.h>

#include "cxb/hd.h"
#include "cxb/rng/mrg32k3a.h"
#include "cxb/rng/philox.h"
#include "cxb/rng/xorwow.h"

/* ---- 256-bit distances ---- */

typedef struct cxb_jump_dist {
    uint64_t w[4]; /* little endian: w[0] holds bits 0..63 */
} cxb_jump_dist;

static inline CXB_HD cxb_jump_dist cxb_jump_dist_u64(uint64_t lo)
{
    cxb_jump_dist d = {{lo, 0, 0, 0}};
    return d;
}

static inline CXB_HD unsigned cxb_jump_dist_bit(const cxb_jump_dist *d, unsigned i)
{
    return (unsigned)(d->w[i >> 6] >> (i & 63)) & 1u;
}

/* Number of significant bits (0 for d = 0). */
static inline CXB_HD unsigned cxb_jump_dist_bits(const cxb_jump_dist *d)
{
    for (int k = 3; k >= 0; --k)
        if (d->w[k])
            for (int b = 63; b >= 0; --b)
                if ((d->w[k] >> b) & 1u)
                    return (unsigned)(64 * k + b + 1);
    return 0;
}

/* The b-bit digit k (b divides 64). */
static inline CXB_HD unsigned cxb_jump_dist_digit(const cxb_jump_dist *d, unsigned b, unsigned k)
{
    unsigned bit = b * k;
    if (bit >= 256)
        return 0;
    return (unsigned)(d->w[bit >> 6] >> (bit & 63)) & ((1u << b) - 1u);
}

/* d * n (mod 2^256). */
static inline CXB_HD cxb_jump_dist cxb_jump_dist_mul_u64(const cxb_jump_dist *d, uint64_t n)
{
    cxb_jump_dist r = {{0, 0, 0, 0}};
    uint64_t carry = 0;
    for (int k = 0; k < 4; ++k) {
        /* 64 x 64 -> 128 by 32-bit halves (no __int128 under nvcc device code) */
        uint64_t a = d->w[k], alo = a & 0xffffffffu, ahi = a >> 32, blo = n & 0xffffffffu, bhi = n >> 32;
        uint64_t ll = alo * blo, lh = alo * bhi, hl = ahi * blo, hh = ahi * bhi;
        uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
        uint64_t lo = (ll & 0xffffffffu) | (mid << 32);
        uint64_t hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
        lo += carry;
        hi += lo < carry;
        r.w[k] = lo;
        carry = hi;
    }
    return r;
}

/* d + 1 would be the next distance; tests and the suite only need add of a u64. */
static inline CXB_HD cxb_jump_dist cxb_jump_dist_add_u64(const cxb_jump_dist *d, uint64_t n)
{
    cxb_jump_dist r = *d;
    uint64_t c = n;
    for (int k = 0; k < 4 && c; ++k) {
        r.w[k] += c;
        c = r.w[k] < c;
    }
    return r;
}

/* ---- by squaring, any distance ---- */

/* v <- B^d v mod m, square-and-multiply over the bits of d (B consumed). */
static inline CXB_HD void cxb_mrg32k3a_apply_pow_dist(cxb_mrg32k3a_mat b, const cxb_jump_dist *d,
                                                      uint32_t v[3], uint32_t m)
{
    unsigned n = cxb_jump_dist_bits(d);
    for (unsigned i = 0; i < n; ++i) {
        if (cxb_jump_dist_bit(d, i))
            cxb_mrg32k3a_matvec(&b, v, m);
        if (i + 1 < n)
            cxb_mrg32k3a_matmul(&b, &b, &b, m);
    }
}

/* Skip d outputs of MRG32k3a by squaring (cxb_mrg32k3a_jump for any 256-bit d). */
static inline CXB_HD void cxb_mrg32k3a_jump_sq(cxb_mrg32k3a_state *s, const cxb_jump_dist *d)
{
    cxb_mrg32k3a_apply_pow_dist(cxb_mrg32k3a_a1(), d, s->s1, CXB_MRG32K3A_M1);
    cxb_mrg32k3a_apply_pow_dist(cxb_mrg32k3a_a2(), d, s->s2, CXB_MRG32K3A_M2);
}

/* Skip d outputs of XORWOW by squaring: v <- M^d v, Weyl d += 362437 d (mod 2^32).
 * ~10 KB of stack (two 160x160 matrices): host use. */
static inline CXB_HD void cxb_xorwow_jump_sq(cxb_xorwow_state *s, const cxb_jump_dist *d)
{
    unsigned n = cxb_jump_dist_bits(d);
    if (n) {
        cxb_xorwow_mat m, tmp;
        cxb_xorwow_mat_step(&m);
        for (unsigned i = 0; i < n; ++i) {
            if (cxb_jump_dist_bit(d, i))
                cxb_xorwow_matvec_inplace(&m, s->v);
            if (i + 1 < n) {
                cxb_xorwow_matmul(&m, &m, &tmp);
                m = tmp;
            }
        }
    }
    s->d += CXB_XORWOW_WEYL * (uint32_t)d->w[0];
}

/* ---- MRG32k3a: folded modular arithmetic for table products ---- */

/* (a0 b0 + a1 b1 + a2 b2) mod m for residues < m = 2^32 - c, c < 2^15: each product folds to
 * hi c + lo < 2^47 + 2^32, the sum of three < 2^49; two more folds leave < 2^32 + 2c, and
 * one conditional subtraction gives the residue (2c < m). */
static inline CXB_HD uint32_t cxb_mrg32k3a_dot3_fold(uint32_t a0, uint32_t a1, uint32_t a2, uint32_t b0,
                                                     uint32_t b1, uint32_t b2, uint32_t m, uint32_t c)
{
    uint64_t p0 = (uint64_t)a0 * b0, p1 = (uint64_t)a1 * b1, p2 = (uint64_t)a2 * b2;
    uint64_t s = (p0 >> 32) * c + (p0 & 0xffffffffu) + (p1 >> 32) * c + (p1 & 0xffffffffu) +
                 (p2 >> 32) * c + (p2 & 0xffffffffu);
    s = (s >> 32) * c + (s & 0xffffffffu);
    s = (s >> 32) * c + (s & 0xffffffffu);
    if (s >= m)
        s -= m;
    return (uint32_t)s;
}

/* v <- A v mod m with the folded reduction (m = m1 or m2). */
static inline CXB_HD void cxb_mrg32k3a_matvec_fold(const uint32_t a[9], uint32_t v[3], uint32_t m, uint32_t c)
{
    uint32_t r0 = cxb_mrg32k3a_dot3_fold(a[0], a[1], a[2], v[0], v[1], v[2], m, c);
    uint32_t r1 = cxb_mrg32k3a_dot3_fold(a[3], a[4], a[5], v[0], v[1], v[2], m, c);
    uint32_t r2 = cxb_mrg32k3a_dot3_fold(a[6], a[7], a[8], v[0], v[1], v[2], m, c);
    v[0] = r0;
    v[1] = r1;
    v[2] = r2;
}

/* ---- tables ---- */

/* Entries of a table of `levels` levels of b-bit digits. */
static inline CXB_HD uint64_t cxb_jtab_entries(unsigned b, unsigned levels)
{
    return (uint64_t)levels * ((1u << b) - 1u);
}

static inline CXB_HD uint64_t cxb_jtab_index(unsigned b, unsigned k, unsigned j)
{
    return (uint64_t)k * ((1u << b) - 1u) + j - 1u;
}

/* Levels of b-bit digits needed for distances below 2^bits. */
static inline CXB_HD unsigned cxb_jtab_levels(unsigned b, unsigned bits)
{
    return (bits + b - 1) / b;
}

/* One MRG32k3a table entry: both components' powers, row-major. */
typedef struct cxb_mrg32k3a_jent {
    uint32_t a1[9], a2[9];
} cxb_mrg32k3a_jent;

/* tab[cxb_jtab_index(b, k, j)] = A^(2^e0 j 2^(b k)) for both components. b <= 8. */
static inline CXB_HD void cxb_mrg32k3a_jtab_build(cxb_mrg32k3a_jent *tab, unsigned e0, unsigned b,
                                                  unsigned levels)
{
    cxb_mrg32k3a_mat p1 = cxb_mrg32k3a_pow2(cxb_mrg32k3a_a1(), e0, CXB_MRG32K3A_M1);
    cxb_mrg32k3a_mat p2 = cxb_mrg32k3a_pow2(cxb_mrg32k3a_a2(), e0, CXB_MRG32K3A_M2);
    unsigned top = (1u << b) - 1u;
    for (unsigned k = 0; k < levels; ++k) {
        cxb_mrg32k3a_mat q1 = p1, q2 = p2; /* P^j, j = 1 .. top */
        for (unsigned j = 1; j <= top; ++j) {
            cxb_mrg32k3a_jent *e = &tab[cxb_jtab_index(b, k, j)];
            for (int i = 0; i < 9; ++i) {
                e->a1[i] = q1.a[i / 3][i % 3];
                e->a2[i] = q2.a[i / 3][i % 3];
            }
            cxb_mrg32k3a_matmul(&q1, &p1, &q1, CXB_MRG32K3A_M1);
            cxb_mrg32k3a_matmul(&q2, &p2, &q2, CXB_MRG32K3A_M2);
        }
        p1 = q1; /* P^(2^b): the next level's base */
        p2 = q2;
    }
}

/* s <- A^(2^e0 d) s by the table (digits beyond the table's levels must be zero). */
static inline CXB_HD void cxb_mrg32k3a_jtab_apply(const cxb_mrg32k3a_jent *tab, unsigned b, unsigned levels,
                                                  cxb_mrg32k3a_state *s, const cxb_jump_dist *d)
{
    for (unsigned k = 0; k < levels; ++k) {
        unsigned j = cxb_jump_dist_digit(d, b, k);
        if (j) {
            const cxb_mrg32k3a_jent *e = &tab[cxb_jtab_index(b, k, j)];
            cxb_mrg32k3a_matvec_fold(e->a1, s->s1, CXB_MRG32K3A_M1, CXB_MRG32K3A_M1C);
            cxb_mrg32k3a_matvec_fold(e->a2, s->s2, CXB_MRG32K3A_M2, CXB_MRG32K3A_M2C);
        }
    }
}

/* The same for a 64-bit d (GPU kernels: keeps the digits in registers). */
static inline CXB_HD void cxb_mrg32k3a_jtab_apply_u64(const cxb_mrg32k3a_jent *tab, unsigned b, unsigned levels,
                                                      cxb_mrg32k3a_state *s, uint64_t d)
{
    for (unsigned k = 0; k < levels && k * b < 64; ++k) {
        unsigned j = (unsigned)(d >> (b * k)) & ((1u << b) - 1u);
        if (j) {
            const cxb_mrg32k3a_jent *e = &tab[cxb_jtab_index(b, k, j)];
            cxb_mrg32k3a_matvec_fold(e->a1, s->s1, CXB_MRG32K3A_M1, CXB_MRG32K3A_M1C);
            cxb_mrg32k3a_matvec_fold(e->a2, s->s2, CXB_MRG32K3A_M2, CXB_MRG32K3A_M2C);
        }
    }
}

/* tab[cxb_jtab_index(b, k, j)] = M^(2^e0 j 2^(b k)) (XORWOW's xorshift part). tmp: scratch
 * for two matrices. Host cost: e0 + levels 2^b matrix products of ~0.1 ms each. */
static inline CXB_HD void cxb_xorwow_jtab_build(cxb_xorwow_mat *tab, unsigned e0, unsigned b, unsigned levels,
                                                cxb_xorwow_mat tmp[2])
{
    cxb_xorwow_mat *p = &tmp[0], *q = &tmp[1];
    cxb_xorwow_mat_pow2(p, q, e0); /* P = M^(2^e0) */
    unsigned top = (1u << b) - 1u;
    for (unsigned k = 0; k < levels; ++k) {
        cxb_xorwow_mat *first = &tab[cxb_jtab_index(b, k, 1)];
        *first = *p;
        for (unsigned j = 2; j <= top; ++j)
            cxb_xorwow_matmul(&tab[cxb_jtab_index(b, k, j - 1)], first, &tab[cxb_jtab_index(b, k, j)]);
        /* the next level's base P^(2^b) = P^top P */
        cxb_xorwow_matmul(&tab[cxb_jtab_index(b, k, top)], first, q);
        *p = *q;
    }
}

/* v <- M^(2^e0 d) v by the table (the Weyl counter is the caller's business). */
static inline CXB_HD void cxb_xorwow_jtab_apply(const cxb_xorwow_mat *tab, unsigned b, unsigned levels,
                                                uint32_t v[5], const cxb_jump_dist *d)
{
    for (unsigned k = 0; k < levels; ++k) {
        unsigned j = cxb_jump_dist_digit(d, b, k);
        if (j)
            cxb_xorwow_matvec_inplace(&tab[cxb_jtab_index(b, k, j)], v);
    }
}

/* Skip d outputs of XORWOW with a table built for e0 = 0. */
static inline CXB_HD void cxb_xorwow_jump_tab(const cxb_xorwow_mat *tab, unsigned b, unsigned levels,
                                              cxb_xorwow_state *s, const cxb_jump_dist *d)
{
    cxb_xorwow_jtab_apply(tab, b, levels, s->v, d);
    s->d += CXB_XORWOW_WEYL * (uint32_t)d->w[0];
}

/* ---- stepping (the emulated jump of Figure R2) ---- */

static inline CXB_HD void cxb_xorwow_jump_step(cxb_xorwow_state *s, uint64_t d)
{
    for (uint64_t i = 0; i < d; ++i)
        (void)cxb_xorwow_next_u32(s);
}

static inline CXB_HD void cxb_mrg32k3a_jump_step(cxb_mrg32k3a_state *s, uint64_t d)
{
    for (uint64_t i = 0; i < d; ++i)
        (void)cxb_mrg32k3a_next_z(s);
}

/* ---- Philox: O(1) counter jump ---- */

/* Skip d outputs (d < 2^130: four outputs per 128-bit counter step): the position
 * 4 ctr + lane moves by d, then the current block is recomputed. */
static inline CXB_HD void cxb_philox4x32_jump(cxb_philox4x32_state *s, const cxb_jump_dist *d)
{
    uint32_t lane = s->lane + (uint32_t)(d->w[0] & 3u);
    /* blocks = d >> 2 (+ 1 if the lanes wrap), added to the 128-bit counter with carry */
    uint64_t blk[2] = {(d->w[0] >> 2) | (d->w[1] << 62), (d->w[1] >> 2) | (d->w[2] << 62)};
    blk[0] += lane >> 2;
    blk[1] += blk[0] < (lane >> 2);
    s->lane = lane & 3u;
    uint64_t lo = ((uint64_t)s->ctr.v[1] << 32 | s->ctr.v[0]) + blk[0];
    uint64_t carry = lo < blk[0];
    uint64_t hi = ((uint64_t)s->ctr.v[3] << 32 | s->ctr.v[2]) + blk[1] + carry;
    s->ctr.v[0] = (uint32_t)lo;
    s->ctr.v[1] = (uint32_t)(lo >> 32);
    s->ctr.v[2] = (uint32_t)hi;
    s->ctr.v[3] = (uint32_t)(hi >> 32);
    s->out = cxb_philox4x32_block(s->ctr, s->key, s->rounds);
}

/* ---- stream initialisation by tables: curand_init(seed, tid, 0) for many tids ---- */

/* XORWOW. tid = 32 w + l (w the warp, l the lane): the state is
 *   v = M^(2^67 l) * prod_k Tw[k][digit_k(w)] * v_seed,
 * Tw a table of 8-bit digits with e0 = 67 + 5 (M^(2^67 32 j 256^k)) and the lane table one
 * level of 5-bit digits with e0 = 67 (M^(2^67 l), l = 1 .. 31). The GPU computes the warp
 * part once per warp (all lanes together) and the lane part per lane; this is the same
 * product in one thread, for the host and the tests. d is the seed's (2^67 k Weyl steps are
 * 0 mod 2^32). */
#define CXB_XORWOW_INIT_WARP_E0 (CXB_XORWOW_SUBSEQ_LOG2 + 5)
#define CXB_XORWOW_INIT_B 8
#define CXB_XORWOW_INIT_LANE_B 5

static inline CXB_HD void cxb_xorwow_init_tab(const cxb_xorwow_mat *warp_tab, unsigned levels,
                                              const cxb_xorwow_mat *lane_tab, cxb_xorwow_state *s,
                                              uint64_t seed, uint64_t tid)
{
    cxb_xorwow_seed(s, seed);
    cxb_jump_dist w = cxb_jump_dist_u64(tid >> 5), l = cxb_jump_dist_u64(tid & 31u);
    cxb_xorwow_jtab_apply(warp_tab, CXB_XORWOW_INIT_B, levels, s->v, &w);
    cxb_xorwow_jtab_apply(lane_tab, CXB_XORWOW_INIT_LANE_B, 1, s->v, &l);
}

/* MRG32k3a: s = prod_k T[k][digit_k(tid)] s_seed with T of 8-bit digits, e0 = 76
 * (A^(2^76 j 256^k)); the GPU does the same per thread. */
#define CXB_MRG32K3A_INIT_B 8

static inline CXB_HD void cxb_mrg32k3a_init_tab(const cxb_mrg32k3a_jent *tab, unsigned levels,
                                                cxb_mrg32k3a_state *s, uint64_t seed, uint64_t tid)
{
    cxb_mrg32k3a_seed(s, seed);
    cxb_mrg32k3a_jtab_apply_u64(tab, CXB_MRG32K3A_INIT_B, levels, s, tid);
}

#endif
