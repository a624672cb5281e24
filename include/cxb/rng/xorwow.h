/* cxb/rng/xorwow.h - XORWOW exactly as cuRAND seeds, steps and jumps it: one definition for
 * every backend.
 *
 * Source: G. Marsaglia (2003), "Xorshift RNGs", J. Stat. Soft. 8(14), p. 5 (the xorwow
 * recurrence); cuRAND's curand_kernel.h of the CUDA 13.0 toolkit (seeding, subsequences,
 * offsets). Study page: docs/studies/prng.md.
 *
 * State: a Weyl counter d and the five xorshift words v[0..4]. One step (curand()):
 *   t = v0 ^ (v0 >> 2); (v0..v3) <- (v1..v4); v4 <- (v4 ^ (v4 << 4)) ^ (t ^ (t << 1));
 *   d += 362437; output v4 + d.
 * The xorshift part is linear over GF(2): v_{n+1} = M v_n with M a 160x160 bit matrix, and
 * d is an independent counter, so skipping k outputs is v <- M^k v, d += 362437 k (mod 2^32).
 *
 * Stream (cxb_xorwow_init): exactly curand_init(seed, subsequence, offset, &state):
 *  - seed: cuRAND's salts and odd multipliers (below); seed 0 does NOT give Marsaglia's
 *    published state, whatever cuRAND's header comment says (docs/studies/prng.md);
 *  - subsequence: v <- M^(2^67 subsequence) v. d is unchanged because 362437 2^67 is 0 mod
 *    2^32. cuRAND applies precomputed tables of M^(2^67 4^i) for i < 32, i.e. the exact power
 *    for every 64-bit subsequence; we get the same power by squaring;
 *  - offset: v <- M^offset v, d += 362437 offset (cuRAND truncates offset to 32 bits for d,
 *    the same thing mod 2^32).
 *
 * Jump cost. cxbench does not copy cuRAND's tables (docs/studies/prng.md); this header builds the
 * powers it needs on the fly by repeated squaring. A matrix is 160 columns of five words
 * (3,200 bytes); one squaring is 160 matrix-vector products, i.e. 160 x 160 x 5 = 128,000
 * word XOR/AND operations (about 0.05-0.1 ms on one CPU core). Hence:
 *  - offset k: floor(log2 k) squarings (at most 63), so O(log k);
 *  - subsequence j > 0: 67 squarings to reach M^(2^67), then floor(log2 j) more: 67-130;
 *  - cxb_xorwow_init(seed, j, k) therefore costs a few ms on a CPU for large j, k and needs
 *    about 10 KB of stack (local memory on a GPU). Fine for tests and for host-side setup;
 *    per-thread GPU initialisation of millions of streams wants precomputed tables
 *    (cxb_xorwow_mat_pow2 below can build them once, for a later table-driven path).
 * Stepping is used instead whenever it is cheaper (offsets below CXB_XORWOW_STEP_MAX).
 */
#ifndef CXB_RNG_XORWOW_H
#define CXB_RNG_XORWOW_H

#include <stdint.h>

#include "cxb/hd.h"

#define CXB_XORWOW_WEYL 362437u
#define CXB_XORWOW_BITS 160
#define CXB_XORWOW_SUBSEQ_LOG2 67 /* a subsequence is 2^67 outputs */
#define CXB_XORWOW_STEP_MAX 256u   /* offsets below this are stepped, not jumped */

typedef struct cxb_xorwow_state {
    uint32_t d;    /* Weyl counter */
    uint32_t v[5]; /* xorshift words, v[0] oldest */
} cxb_xorwow_state;

#ifdef __cplusplus /* nvcc compiles this header as C++ */
static_assert(sizeof(cxb_xorwow_state) == 24, "cxb_xorwow_state is six uint32 words");
static_assert(alignof(cxb_xorwow_state) == 4, "cxb_xorwow_state is word-aligned");
#else
_Static_assert(sizeof(cxb_xorwow_state) == 24, "cxb_xorwow_state is six uint32 words");
_Static_assert(_Alignof(cxb_xorwow_state) == 4, "cxb_xorwow_state is word-aligned");
#endif

/* A 160x160 GF(2) matrix by columns: c[i] is the image of basis vector i (bit i % 32 of word
 * i / 32), the layout of cuRAND's precalc_xorwow_matrix. */
typedef struct cxb_xorwow_mat {
    uint32_t c[CXB_XORWOW_BITS][5];
} cxb_xorwow_mat;

/* The xorshift part of one step, without d (the linear map M). */
static inline CXB_HD void cxb_xorwow_shift(uint32_t v[5])
{
    uint32_t t = v[0] ^ (v[0] >> 2);
    v[0] = v[1];
    v[1] = v[2];
    v[2] = v[3];
    v[3] = v[4];
    v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
}

/* curand(): the next output. */
static inline CXB_HD uint32_t cxb_xorwow_next_u32(cxb_xorwow_state *s)
{
    cxb_xorwow_shift(s->v);
    s->d += CXB_XORWOW_WEYL;
    return s->v[4] + s->d;
}

/* out = A x (out may not alias x). */
static inline CXB_HD void cxb_xorwow_matvec(const cxb_xorwow_mat *a, const uint32_t x[5],
                                            uint32_t out[5])
{
    uint32_t r0 = 0, r1 = 0, r2 = 0, r3 = 0, r4 = 0;
    for (int i = 0; i < CXB_XORWOW_BITS; ++i) {
        uint32_t m = 0u - ((x[i >> 5] >> (i & 31)) & 1u); /* all ones iff bit i is set */
        r0 ^= a->c[i][0] & m;
        r1 ^= a->c[i][1] & m;
        r2 ^= a->c[i][2] & m;
        r3 ^= a->c[i][3] & m;
        r4 ^= a->c[i][4] & m;
    }
    out[0] = r0;
    out[1] = r1;
    out[2] = r2;
    out[3] = r3;
    out[4] = r4;
}

/* x <- A x */
static inline CXB_HD void cxb_xorwow_matvec_inplace(const cxb_xorwow_mat *a, uint32_t x[5])
{
    uint32_t r[5];
    cxb_xorwow_matvec(a, x, r);
    for (int w = 0; w < 5; ++w)
        x[w] = r[w];
}

/* out = A B, column by column (out may not alias a or b). */
static inline CXB_HD void cxb_xorwow_matmul(const cxb_xorwow_mat *a, const cxb_xorwow_mat *b,
                                            cxb_xorwow_mat *out)
{
    for (int i = 0; i < CXB_XORWOW_BITS; ++i)
        cxb_xorwow_matvec(a, b->c[i], out->c[i]);
}

/* M itself, found by stepping each basis vector once (as cuRAND's
 * __curand_generate_skipahead_matrix_xor does). */
static inline CXB_HD void cxb_xorwow_mat_step(cxb_xorwow_mat *m)
{
    for (int i = 0; i < CXB_XORWOW_BITS; ++i) {
        for (int w = 0; w < 5; ++w)
            m->c[i][w] = 0;
        m->c[i][i >> 5] = 1u << (i & 31);
        cxb_xorwow_shift(m->c[i]);
    }
}

/* m = M^(2^k), by k squarings; tmp is scratch. */
static inline CXB_HD void cxb_xorwow_mat_pow2(cxb_xorwow_mat *m, cxb_xorwow_mat *tmp, unsigned k)
{
    cxb_xorwow_mat_step(m);
    for (unsigned i = 0; i < k; ++i) {
        cxb_xorwow_matmul(m, m, tmp);
        *m = *tmp;
    }
}

/* v <- (M^(2^k))^n v: square-and-multiply on the vector (only matrix-vector products touch
 * v, so one matrix and one scratch matrix suffice). Cost: k + floor(log2 n) squarings. */
static inline CXB_HD void cxb_xorwow_apply_pow(uint32_t v[5], unsigned k, uint64_t n)
{
    if (n == 0)
        return;
    cxb_xorwow_mat m, tmp;
    cxb_xorwow_mat_pow2(&m, &tmp, k);
    for (;;) {
        if (n & 1u)
            cxb_xorwow_matvec_inplace(&m, v);
        n >>= 1;
        if (n == 0)
            break;
        cxb_xorwow_matmul(&m, &m, &tmp);
        m = tmp;
    }
}

/* skipahead(n, &state): skip n outputs in O(log n) squarings (stepping when n is small). */
static inline CXB_HD void cxb_xorwow_skip(cxb_xorwow_state *s, uint64_t n)
{
    if (n < CXB_XORWOW_STEP_MAX) {
        for (uint64_t i = 0; i < n; ++i)
            cxb_xorwow_shift(s->v);
    } else {
        cxb_xorwow_apply_pow(s->v, 0, n);
    }
    s->d += CXB_XORWOW_WEYL * (uint32_t)n;
}

/* skipahead_sequence(n, &state): skip n subsequences of 2^67 outputs (d unchanged). */
static inline CXB_HD void cxb_xorwow_skip_subsequence(cxb_xorwow_state *s, uint64_t n)
{
    cxb_xorwow_apply_pow(s->v, CXB_XORWOW_SUBSEQ_LOG2, n);
}

/* Skip hi 2^64 + lo outputs (docs/studies/prng.md's 128-bit jump). 362437 2^64 is 0 mod 2^32, so
 * only lo moves d. */
static inline CXB_HD void cxb_xorwow_jump(cxb_xorwow_state *s, uint64_t hi, uint64_t lo)
{
    cxb_xorwow_apply_pow(s->v, 64, hi);
    cxb_xorwow_skip(s, lo);
}

/* The seeded state before any jump: cuRAND's _curand_init_inplace, salts and all. */
static inline CXB_HD void cxb_xorwow_seed(cxb_xorwow_state *s, uint64_t seed)
{
    uint32_t s0 = (uint32_t)seed ^ 0xaad26b49u;
    uint32_t s1 = (uint32_t)(seed >> 32) ^ 0xf7dcefddu;
    uint32_t t0 = 1099087573u * s0;
    uint32_t t1 = 2591861531u * s1;
    s->d = 6615241u + t1 + t0;
    s->v[0] = 123456789u + t0;
    s->v[1] = 362436069u ^ t0;
    s->v[2] = 521288629u + t1;
    s->v[3] = 88675123u ^ t1;
    s->v[4] = 5783321u + t0;
}

/* curand_init(seed, subsequence, offset) for XORWOW (see the top of this file for the cost). */
static inline CXB_HD void cxb_xorwow_init(cxb_xorwow_state *s, uint64_t seed, uint64_t subsequence,
                                          uint64_t offset)
{
    cxb_xorwow_seed(s, seed);
    cxb_xorwow_skip_subsequence(s, subsequence);
    cxb_xorwow_skip(s, offset);
}

#endif
