/* cxb/rng/mrg32k3a.h - MRG32k3a with cuRAND's seeding, subsequences and curand(), and
 * arbitrary jump-ahead: one definition for every backend.
 *
 * Source: P. L'Ecuyer (1999), "Good parameters and implementations for combined multiple
 * recursive random number generators"; P. L'Ecuyer, R. Simard, E. J. Chen, W. D. Kelton
 * (2002), RngStreams (umontreal-simul/RngStreams src/RngStream.cpp); cuRAND's
 * curand_kernel.h of the CUDA 13.0 toolkit. Study page: docs/studies/prng.md.
 *
 * State: s1 = (x1[n-3], x1[n-2], x1[n-1]) in [0, m1), s2 likewise in [0, m2) (index 2 newest).
 *   x1[n] = (1403580 x1[n-2] - 810728 x1[n-3]) mod m1,   m1 = 2^32 - 209
 *   x2[n] = (527612 x2[n-1] - 1370589 x2[n-3]) mod m2,   m2 = 2^32 - 22853
 *   z = x1[n] - x2[n] if x1[n] > x2[n], else x1[n] - x2[n] + m1;  z in (0, m1].
 * Arithmetic is 64-bit integer on every backend (docs/studies/prng.md): the step uses cuRAND's
 * folding 2^32 = 209 (mod m1), 2^32 = 22853 (mod m2); jumps use a plain 64-bit product of two
 * 32-bit residues (< 2^64, so no 128-bit type is needed on any compiler, nvcc included) and %.
 * Every result is the exact residue, so this matches cuRAND's double-precision host path and
 * its integer device path bit for bit.
 *
 * curand() (cxb_mrg32k3a_next_u32): (uint32)(z * 1.000000048662) in double, exactly
 * cuRAND's MRG32K3A_BITS_NORM product. For z = m1 the product is 4294967296.0017, outside
 * uint32: PTX's conversion saturates to 4294967295, C's cast is undefined, so we clamp
 * explicitly (docs/studies/prng.md [C]). One double multiply cannot be contracted, so --fmad and
 * -ffp-contract do not matter here.
 *
 * Stream (cxb_mrg32k3a_init): exactly curand_init(seed, subsequence, offset, &state):
 *  - all six words 12345 (the published default; seed 0 keeps it), else with
 *    x1 = lo32(seed) ^ 0x55555555, x2 = hi32(seed) ^ 0xAAAAAAAA:
 *    s1 = 12345 (x1, x2, x1) mod m1, s2 = 12345 (x2, x1, x2) mod m2;
 *  - subsequence: s <- (A^(2^76))^subsequence s, a subsequence being 2^76 outputs
 *    (RngStreams' substream; cuRAND subsequence n = RngStreams substream n of stream 0).
 *    The exact power is applied for every 64-bit value; cuRAND agrees for subsequence < 2^51
 *    only. Its code does not mask the argument (the doc comment says "masked to 51 bits"):
 *    mrg32k3aM1SubSeq[56] initialises entries 0..50 = A^(2^(76+i)) and leaves 51..55 zero, so
 *    a subsequence with any of bits 51..55 set gives cuRAND a zero state (curand() then
 *    returns 4294967295 for ever), and bits 56..63 read past the table. Callers wanting
 *    cuRAND's streams keep subsequence < 2^51 (RngStreams' 2^51 substreams per stream);
 *  - offset: s <- A^offset s.
 *
 * Jump cost: a 3x3 matrix product mod m is 27 modular products (64-bit % by a constant).
 * A^n by square-and-multiply costs at most 2 log2 n products per component, so init with
 * any subsequence and offset is at most ~256 matrix products (~7,000 modular multiplies,
 * a few microseconds on a CPU) and a few hundred bytes of stack. A^(2^76) and A^(2^127)
 * are built in (RngStreams' tables; tests recompute them by squaring).
 */
#ifndef CXB_RNG_MRG32K3A_H
#define CXB_RNG_MRG32K3A_H

#include <stdint.h>

#include "cxb/hd.h"

#define CXB_MRG32K3A_M1 4294967087u /* 2^32 - 209 */
#define CXB_MRG32K3A_M2 4294944443u /* 2^32 - 22853 */
#define CXB_MRG32K3A_M1C 209u
#define CXB_MRG32K3A_M2C 22853u
#define CXB_MRG32K3A_A12 1403580u
#define CXB_MRG32K3A_A13N 810728u
#define CXB_MRG32K3A_A21 527612u
#define CXB_MRG32K3A_A23N 1370589u
#define CXB_MRG32K3A_SEED0 12345u
#define CXB_MRG32K3A_BITS_NORM 1.000000048662 /* cuRAND's MRG32K3A_BITS_NORM, verbatim */
#define CXB_MRG32K3A_SUBSEQ_LOG2 76             /* cuRAND subsequence / RngStreams substream */
#define CXB_MRG32K3A_SEQ_LOG2 127               /* cuRAND sequence / RngStreams stream */

typedef struct cxb_mrg32k3a_state {
    uint32_t s1[3]; /* component 1, mod m1, s1[2] newest */
    uint32_t s2[3]; /* component 2, mod m2 */
} cxb_mrg32k3a_state;

#ifdef __cplusplus /* nvcc compiles this header as C++ */
static_assert(sizeof(cxb_mrg32k3a_state) == 24, "cxb_mrg32k3a_state is six uint32 words");
static_assert(alignof(cxb_mrg32k3a_state) == 4, "cxb_mrg32k3a_state is word-aligned");
#else
_Static_assert(sizeof(cxb_mrg32k3a_state) == 24, "cxb_mrg32k3a_state is six uint32 words");
_Static_assert(_Alignof(cxb_mrg32k3a_state) == 4, "cxb_mrg32k3a_state is word-aligned");
#endif

/* A 3x3 matrix of residues, row-major. */
typedef struct cxb_mrg32k3a_mat {
    uint32_t a[3][3];
} cxb_mrg32k3a_mat;

/* ---- the step ---- */

/* z in (0, m1]: one step of both components and the combination. */
static inline CXB_HD uint32_t cxb_mrg32k3a_next_z(cxb_mrg32k3a_state *s)
{
    /* x1: 1403580 s1[1] + 810728 (m1 - s1[0]) < 2^53; one fold leaves < 2 m1 */
    uint64_t p1 = (uint64_t)CXB_MRG32K3A_A12 * s->s1[1] +
                  (uint64_t)CXB_MRG32K3A_A13N * (CXB_MRG32K3A_M1 - s->s1[0]);
    p1 = (p1 >> 32) * CXB_MRG32K3A_M1C + (p1 & 0xffffffffu);
    if (p1 >= CXB_MRG32K3A_M1)
        p1 -= CXB_MRG32K3A_M1;
    s->s1[0] = s->s1[1];
    s->s1[1] = s->s1[2];
    s->s1[2] = (uint32_t)p1;

    /* x2: 527612 s2[2] + 1370589 (m2 - s2[0]); two folds leave < 2 m2 */
    uint64_t p2 = (uint64_t)CXB_MRG32K3A_A21 * s->s2[2] +
                  (uint64_t)CXB_MRG32K3A_A23N * (CXB_MRG32K3A_M2 - s->s2[0]);
    p2 = (p2 >> 32) * CXB_MRG32K3A_M2C + (p2 & 0xffffffffu);
    p2 = (p2 >> 32) * CXB_MRG32K3A_M2C + (p2 & 0xffffffffu);
    if (p2 >= CXB_MRG32K3A_M2)
        p2 -= CXB_MRG32K3A_M2;
    s->s2[0] = s->s2[1];
    s->s2[1] = s->s2[2];
    s->s2[2] = (uint32_t)p2;

    return p1 > p2 ? (uint32_t)(p1 - p2) : (uint32_t)(p1 + CXB_MRG32K3A_M1 - p2);
}

/* curand(): (uint32)(z * 1.000000048662), saturated like PTX's cvt.rzi.u32.f64. */
static inline CXB_HD uint32_t cxb_mrg32k3a_next_u32(cxb_mrg32k3a_state *s)
{
    double x = (double)cxb_mrg32k3a_next_z(s) * CXB_MRG32K3A_BITS_NORM;
    return x >= 4294967295.0 ? 4294967295u : (uint32_t)x;
}

/* Native uniforms: RngStreams z / (m1 + 1) in (0, 1), and cuRAND's curand_uniform_double
 * z * MRG32K3A_NORM = z / m1 in (0, 1]. */
static inline CXB_HD double cxb_mrg32k3a_next_rngstreams(cxb_mrg32k3a_state *s)
{
    return (double)cxb_mrg32k3a_next_z(s) * 2.328306549295727688e-10;
}

static inline CXB_HD double cxb_mrg32k3a_next_curand_f64(cxb_mrg32k3a_state *s)
{
    return (double)cxb_mrg32k3a_next_z(s) * 2.3283065498378288e-10;
}

/* ---- modular 3x3 algebra ---- */

/* a b mod m for residues a, b < 2^32: the product fits in uint64. */
static inline CXB_HD uint32_t cxb_mrg32k3a_mulmod(uint32_t a, uint32_t b, uint32_t m)
{
    return (uint32_t)(((uint64_t)a * b) % m);
}

/* (a0 b0 + a1 b1 + a2 b2) mod m: three reduced terms sum to < 2^34. */
static inline CXB_HD uint32_t cxb_mrg32k3a_dot3(uint32_t a0, uint32_t a1, uint32_t a2, uint32_t b0,
                                                uint32_t b1, uint32_t b2, uint32_t m)
{
    uint64_t t = (uint64_t)cxb_mrg32k3a_mulmod(a0, b0, m) + cxb_mrg32k3a_mulmod(a1, b1, m) +
                 cxb_mrg32k3a_mulmod(a2, b2, m);
    return (uint32_t)(t % m);
}

/* out = A B mod m (out may alias a or b). */
static inline CXB_HD void cxb_mrg32k3a_matmul(const cxb_mrg32k3a_mat *a, const cxb_mrg32k3a_mat *b,
                                              cxb_mrg32k3a_mat *out, uint32_t m)
{
    cxb_mrg32k3a_mat r;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            r.a[i][j] = cxb_mrg32k3a_dot3(a->a[i][0], a->a[i][1], a->a[i][2], b->a[0][j],
                                          b->a[1][j], b->a[2][j], m);
    *out = r;
}

/* v <- A v mod m */
static inline CXB_HD void cxb_mrg32k3a_matvec(const cxb_mrg32k3a_mat *a, uint32_t v[3], uint32_t m)
{
    uint32_t r[3];
    for (int i = 0; i < 3; ++i)
        r[i] = cxb_mrg32k3a_dot3(a->a[i][0], a->a[i][1], a->a[i][2], v[0], v[1], v[2], m);
    v[0] = r[0];
    v[1] = r[1];
    v[2] = r[2];
}

/* The one-step companion matrices: s <- A s advances a component by one output. */
static inline CXB_HD cxb_mrg32k3a_mat cxb_mrg32k3a_a1(void)
{
    cxb_mrg32k3a_mat m = {{{0, 1, 0}, {0, 0, 1}, {CXB_MRG32K3A_M1 - CXB_MRG32K3A_A13N, CXB_MRG32K3A_A12, 0}}};
    return m;
}

static inline CXB_HD cxb_mrg32k3a_mat cxb_mrg32k3a_a2(void)
{
    cxb_mrg32k3a_mat m = {{{0, 1, 0}, {0, 0, 1}, {CXB_MRG32K3A_M2 - CXB_MRG32K3A_A23N, 0, CXB_MRG32K3A_A21}}};
    return m;
}

/* A^(2^76) and A^(2^127): RngStreams src/RngStream.cpp (A1p76, A2p76, A1p127, A2p127);
 * cuRAND's mrg32k3aM1SubSeq[0] is the same A1^(2^76) (docs/studies/prng.md). */
static inline CXB_HD cxb_mrg32k3a_mat cxb_mrg32k3a_a1p76(void)
{
    cxb_mrg32k3a_mat m = {{{82758667u, 1871391091u, 4127413238u},
                           {3672831523u, 69195019u, 1871391091u},
                           {3672091415u, 3528743235u, 69195019u}}};
    return m;
}

static inline CXB_HD cxb_mrg32k3a_mat cxb_mrg32k3a_a2p76(void)
{
    cxb_mrg32k3a_mat m = {{{1511326704u, 3759209742u, 1610795712u},
                           {4292754251u, 1511326704u, 3889917532u},
                           {3859662829u, 4292754251u, 3708466080u}}};
    return m;
}

static inline CXB_HD cxb_mrg32k3a_mat cxb_mrg32k3a_a1p127(void)
{
    cxb_mrg32k3a_mat m = {{{2427906178u, 3580155704u, 949770784u},
                           {226153695u, 1230515664u, 3580155704u},
                           {1988835001u, 986791581u, 1230515664u}}};
    return m;
}

static inline CXB_HD cxb_mrg32k3a_mat cxb_mrg32k3a_a2p127(void)
{
    cxb_mrg32k3a_mat m = {{{1464411153u, 277697599u, 1610723613u},
                           {32183930u, 1464411153u, 1022607788u},
                           {2824425944u, 32183930u, 2093834863u}}};
    return m;
}

/* v <- B^n v mod m by square-and-multiply (B is consumed as the running square). At most
 * 2 floor(log2 n) + 1 matrix operations. */
static inline CXB_HD void cxb_mrg32k3a_apply_pow(cxb_mrg32k3a_mat b, uint64_t n, uint32_t v[3],
                                                 uint32_t m)
{
    while (n) {
        if (n & 1u)
            cxb_mrg32k3a_matvec(&b, v, m);
        n >>= 1;
        if (n)
            cxb_mrg32k3a_matmul(&b, &b, &b, m);
    }
}

/* out = B^(2^k) by k squarings. */
static inline CXB_HD cxb_mrg32k3a_mat cxb_mrg32k3a_pow2(cxb_mrg32k3a_mat b, unsigned k, uint32_t m)
{
    for (unsigned i = 0; i < k; ++i)
        cxb_mrg32k3a_matmul(&b, &b, &b, m);
    return b;
}

/* ---- skips and jumps ---- */

/* skipahead(n, &state): n outputs. */
static inline CXB_HD void cxb_mrg32k3a_skip(cxb_mrg32k3a_state *s, uint64_t n)
{
    cxb_mrg32k3a_apply_pow(cxb_mrg32k3a_a1(), n, s->s1, CXB_MRG32K3A_M1);
    cxb_mrg32k3a_apply_pow(cxb_mrg32k3a_a2(), n, s->s2, CXB_MRG32K3A_M2);
}

/* skipahead_subsequence(n, &state): n subsequences of 2^76 outputs (see the top for n >= 2^51). */
static inline CXB_HD void cxb_mrg32k3a_skip_subsequence(cxb_mrg32k3a_state *s, uint64_t n)
{
    cxb_mrg32k3a_apply_pow(cxb_mrg32k3a_a1p76(), n, s->s1, CXB_MRG32K3A_M1);
    cxb_mrg32k3a_apply_pow(cxb_mrg32k3a_a2p76(), n, s->s2, CXB_MRG32K3A_M2);
}

/* skipahead_sequence(n, &state): n sequences of 2^127 outputs (RngStreams streams). */
static inline CXB_HD void cxb_mrg32k3a_skip_sequence(cxb_mrg32k3a_state *s, uint64_t n)
{
    cxb_mrg32k3a_apply_pow(cxb_mrg32k3a_a1p127(), n, s->s1, CXB_MRG32K3A_M1);
    cxb_mrg32k3a_apply_pow(cxb_mrg32k3a_a2p127(), n, s->s2, CXB_MRG32K3A_M2);
}

/* Skip hi 2^64 + lo outputs (docs/studies/prng.md's 128-bit jump). */
static inline CXB_HD void cxb_mrg32k3a_jump(cxb_mrg32k3a_state *s, uint64_t hi, uint64_t lo)
{
    if (hi) {
        cxb_mrg32k3a_apply_pow(cxb_mrg32k3a_pow2(cxb_mrg32k3a_a1(), 64, CXB_MRG32K3A_M1), hi, s->s1,
                               CXB_MRG32K3A_M1);
        cxb_mrg32k3a_apply_pow(cxb_mrg32k3a_pow2(cxb_mrg32k3a_a2(), 64, CXB_MRG32K3A_M2), hi, s->s2,
                               CXB_MRG32K3A_M2);
    }
    cxb_mrg32k3a_skip(s, lo);
}

/* ---- seeding ---- */

/* The seeded state before any jump: cuRAND's curand_init seed mapping. */
static inline CXB_HD void cxb_mrg32k3a_seed(cxb_mrg32k3a_state *s, uint64_t seed)
{
    for (int i = 0; i < 3; ++i)
        s->s1[i] = s->s2[i] = CXB_MRG32K3A_SEED0;
    if (seed != 0) {
        uint32_t x1 = (uint32_t)seed ^ 0x55555555u;
        uint32_t x2 = (uint32_t)(seed >> 32) ^ 0xAAAAAAAAu;
        s->s1[0] = cxb_mrg32k3a_mulmod(x1, CXB_MRG32K3A_SEED0, CXB_MRG32K3A_M1);
        s->s1[1] = cxb_mrg32k3a_mulmod(x2, CXB_MRG32K3A_SEED0, CXB_MRG32K3A_M1);
        s->s1[2] = cxb_mrg32k3a_mulmod(x1, CXB_MRG32K3A_SEED0, CXB_MRG32K3A_M1);
        s->s2[0] = cxb_mrg32k3a_mulmod(x2, CXB_MRG32K3A_SEED0, CXB_MRG32K3A_M2);
        s->s2[1] = cxb_mrg32k3a_mulmod(x1, CXB_MRG32K3A_SEED0, CXB_MRG32K3A_M2);
        s->s2[2] = cxb_mrg32k3a_mulmod(x2, CXB_MRG32K3A_SEED0, CXB_MRG32K3A_M2);
    }
}

/* curand_init(seed, subsequence, offset) for MRG32k3a. */
static inline CXB_HD void cxb_mrg32k3a_init(cxb_mrg32k3a_state *s, uint64_t seed,
                                            uint64_t subsequence, uint64_t offset)
{
    cxb_mrg32k3a_seed(s, seed);
    cxb_mrg32k3a_skip_subsequence(s, subsequence);
    cxb_mrg32k3a_skip(s, offset);
}

#endif
