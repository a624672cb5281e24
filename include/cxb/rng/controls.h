/* cxb/rng/controls.h - the negative-control generators of the quality battery: deliberately
 * weak generators that exist only to prove that the tests can fail (docs/studies/prng.md).
 * They are never offered as `cxbench prng` generators, so they are NOT in CXB_RNG_LIST
 * (cxb/rng/all.h); CXB_RNG_CONTROLS below is their own list, with the same X() shape.
 *
 * Sources:
 *  - xorshift160: G. Marsaglia (2003), "Xorshift RNGs", J. Stat. Soft. 8(14): XORWOW
 *    (cxb/rng/xorwow.h, cuRAND's seeding and streams) without the Weyl term; output v4.
 *  - additive lagged Fibonacci LFG(r, s) mod 2^32, x_n = x_{n-r} + x_{n-s} (Knuth, TAOCP
 *    vol. 2, 3.2.2), for (17, 5), (55, 24), (607, 273); table filled from Philox4x32-10
 *    (docs/studies/prng.md [C]: counter = entry index, key = seed; entry 0 forced odd so that the
 *    sequence has its maximal period 2^31 (2^r - 1)).
 *  - taus88: P. L'Ecuyer (1996), "Maximally equidistributed combined Tausworthe
 *    generators", Math. Comp. 65, Fig. 1 (the three-component combined Tausworthe).
 *  - lcg48: x = (0x5DEECE66D x + 11) mod 2^48, output bits 47..16 (java.util.Random's
 *    next(32); drand48's recurrence), seeded as java.util.Random(seed) (seed ^ 0x5DEECE66D).
 *  - parkminimal: S. Park, K. Miller (1988), "Random number generators: good ones are hard
 *    to find", CACM 31(10): x = 16807 x mod (2^31 - 1).
 *  - ranmar32: Leist's lf24 (RANMAR, cxb/rng/lf24.h) read as 32-bit words: the 24-bit
 *    output k is used as the word k << 8 (the fraction k 2^-24 written with 32 bits, low 8
 *    bits zero), the wrong feeding of docs/studies/prng.md's RANMAR row and 9.4.
 *
 * Streams [C] (the sources define none; all are random spacing, docs/studies/prng.md, except where
 * a generator's own stream mechanism exists):
 *  - xorshift160: exactly XORWOW's curand_init(seed, stream, offset) with d dropped;
 *  - ranmar32: stream 0 is the seed mapped by docs/studies/prng.md; stream k >= 1 is Leist's k-th
 *    child seed of that root (3.1.3), as `cxbench prng lf24 --stream k`;
 *  - lcg48 and parkminimal: stream 0 is the reference seeding of `seed` (Java's Random(seed),
 *    x0 = seed mod (2^31 - 1) with 0 -> 1); stream k >= 1 starts from a Philox-derived seed
 *    of (seed, k) - the "random spacing" of Passerat-Palmbach's failing Table 4.2 class;
 *  - taus88 and the LFGs: every stream, 0 included, is seeded from Philox (cxb_ctl_word).
 * The offset is always stepped (O(offset)); these generators are for tests only.
 *
 * Output width. parkminimal's 31-bit x (in [1, 2^31 - 2]) is returned as x << 1: the
 * uniform x / 2^31 with 32 bits, so the least significant bit is always zero (a control
 * that fails low-bit tests by construction; its designated test, birthday spacings, reads
 * the top bits).
 */
#ifndef CXB_RNG_CONTROLS_H
#define CXB_RNG_CONTROLS_H

#include <stdint.h>

#include "cxb/hd.h"
#include "cxb/rng/lf24.h"
#include "cxb/rng/philox.h"
#include "cxb/rng/xorwow.h"

/* X(name, g, kind, streams, chunk) exactly as CXB_RNG_LIST; streams and chunk are 1 (the
 * controls have no bulk implementation). */
#define CXB_RNG_CONTROLS(X)                                          \
    X("xorshift160", xorshift160, CXB_RNG_STATEFUL, 1, 1)            \
    X("alfg17_5", alfg17_5, CXB_RNG_STATEFUL, 1, 1)                  \
    X("alfg55_24", alfg55_24, CXB_RNG_STATEFUL, 1, 1)                \
    X("alfg607_273", alfg607_273, CXB_RNG_STATEFUL, 1, 1)            \
    X("taus88", taus88, CXB_RNG_STATEFUL, 1, 1)                      \
    X("lcg48", lcg48, CXB_RNG_STATEFUL, 1, 1)                        \
    X("parkminimal", parkminimal, CXB_RNG_STATEFUL, 1, 1)            \
    X("ranmar32", ranmar32, CXB_RNG_STATEFUL, 1, 1)

/* Seeding words: word 0 of the Philox4x32-10 block of counter (i, 0, lo32 stream, hi32
 * stream) under key (lo32 seed, hi32 seed). With stream 0 this is "counter = entry index,
 * key = seed" of docs/studies/prng.md. */
static inline CXB_HD uint32_t cxb_ctl_word(uint64_t seed, uint64_t stream, uint32_t i)
{
    cxb_philox4x32_ctr c = {{i, 0u, (uint32_t)stream, (uint32_t)(stream >> 32)}};
    cxb_philox4x32_key k = {{(uint32_t)seed, (uint32_t)(seed >> 32)}};
    return cxb_philox4x32_block(c, k, 10).v[0];
}

/* ---- xorshift160: XORWOW without the Weyl sequence ---- */

typedef struct cxb_xorshift160_state {
    uint32_t v[5];
} cxb_xorshift160_state;

static inline CXB_HD void cxb_xorshift160_init(cxb_xorshift160_state *s, uint64_t seed, uint64_t stream,
                                               uint64_t offset)
{
    cxb_xorwow_state w;
    cxb_xorwow_init(&w, seed, stream, offset);
    for (int i = 0; i < 5; ++i)
        s->v[i] = w.v[i];
}

static inline CXB_HD uint32_t cxb_xorshift160_next_u32(cxb_xorshift160_state *s)
{
    cxb_xorwow_shift(s->v);
    return s->v[4];
}

/* ---- additive lagged Fibonacci mod 2^32 ---- */

/* The table t holds the last r outputs; t[i] is x_{n-r}, t[(i + r - s) mod r] is x_{n-s}. */
static inline CXB_HD void cxb_alfg_fill(uint32_t *t, uint32_t r, uint64_t seed, uint64_t stream)
{
    for (uint32_t e = 0; e < r; ++e)
        t[e] = cxb_ctl_word(seed, stream, e);
    t[0] |= 1u; /* one odd entry: the low bit is then a nonzero primitive-trinomial LFSR */
}

static inline CXB_HD uint32_t cxb_alfg_step(uint32_t *t, uint32_t *i, uint32_t r, uint32_t s)
{
    uint32_t j = *i + r - s;
    if (j >= r)
        j -= r;
    uint32_t x = t[*i] + t[j];
    t[*i] = x;
    *i = *i + 1 == r ? 0 : *i + 1;
    return x;
}

#define CXB_ALFG_DEFINE(R, S)                                                                         \
    typedef struct cxb_alfg##R##_##S##_state {                                                        \
        uint32_t t[R];                                                                                \
        uint32_t i;                                                                                   \
    } cxb_alfg##R##_##S##_state;                                                                      \
    static inline CXB_HD void cxb_alfg##R##_##S##_init(cxb_alfg##R##_##S##_state *g, uint64_t seed, \
                                                       uint64_t stream, uint64_t offset)              \
    {                                                                                                 \
        cxb_alfg_fill(g->t, R, seed, stream);                                                         \
        g->i = 0;                                                                                     \
        for (uint64_t k = 0; k < offset; ++k)                                                         \
            (void)cxb_alfg_step(g->t, &g->i, R, S);                                                   \
    }                                                                                                 \
    static inline CXB_HD uint32_t cxb_alfg##R##_##S##_next_u32(cxb_alfg##R##_##S##_state *g)          \
    {                                                                                                 \
        return cxb_alfg_step(g->t, &g->i, R, S);                                                      \
    }

CXB_ALFG_DEFINE(17, 5)
CXB_ALFG_DEFINE(55, 24)
CXB_ALFG_DEFINE(607, 273)

/* ---- taus88 (L'Ecuyer 1996) ---- */

typedef struct cxb_taus88_state {
    uint32_t s1, s2, s3;
} cxb_taus88_state;

/* The reference seeding: s1 > 1, s2 > 7, s3 > 15 (smaller values are raised, so that no
 * component is stuck at zero). */
static inline CXB_HD void cxb_taus88_seed3(cxb_taus88_state *s, uint32_t s1, uint32_t s2, uint32_t s3)
{
    s->s1 = s1 > 1u ? s1 : s1 + 2u;
    s->s2 = s2 > 7u ? s2 : s2 + 8u;
    s->s3 = s3 > 15u ? s3 : s3 + 16u;
}

static inline CXB_HD uint32_t cxb_taus88_next_u32(cxb_taus88_state *s)
{
    s->s1 = ((s->s1 & 0xFFFFFFFEu) << 12) ^ (((s->s1 << 13) ^ s->s1) >> 19);
    s->s2 = ((s->s2 & 0xFFFFFFF8u) << 4) ^ (((s->s2 << 2) ^ s->s2) >> 25);
    s->s3 = ((s->s3 & 0xFFFFFFF0u) << 17) ^ (((s->s3 << 3) ^ s->s3) >> 11);
    return s->s1 ^ s->s2 ^ s->s3;
}

static inline CXB_HD void cxb_taus88_init(cxb_taus88_state *s, uint64_t seed, uint64_t stream, uint64_t offset)
{
    cxb_taus88_seed3(s, cxb_ctl_word(seed, stream, 0), cxb_ctl_word(seed, stream, 1),
                     cxb_ctl_word(seed, stream, 2));
    for (uint64_t k = 0; k < offset; ++k)
        (void)cxb_taus88_next_u32(s);
}

/* ---- lcg48 (java.util.Random) ---- */

#define CXB_LCG48_A 0x5DEECE66DULL
#define CXB_LCG48_C 11u
#define CXB_LCG48_MASK ((1ULL << 48) - 1u)

typedef struct cxb_lcg48_state {
    uint64_t x;
} cxb_lcg48_state;

/* new java.util.Random(seed): the seed is scrambled with the multiplier. */
static inline CXB_HD void cxb_lcg48_seed_java(cxb_lcg48_state *s, uint64_t seed)
{
    s->x = (seed ^ CXB_LCG48_A) & CXB_LCG48_MASK;
}

/* java.util.Random.next(32) (nextInt() is this, as a signed int). */
static inline CXB_HD uint32_t cxb_lcg48_next_u32(cxb_lcg48_state *s)
{
    s->x = (CXB_LCG48_A * s->x + CXB_LCG48_C) & CXB_LCG48_MASK;
    return (uint32_t)(s->x >> 16);
}

static inline CXB_HD void cxb_lcg48_init(cxb_lcg48_state *s, uint64_t seed, uint64_t stream, uint64_t offset)
{
    if (stream == 0)
        cxb_lcg48_seed_java(s, seed);
    else
        cxb_lcg48_seed_java(s, (uint64_t)cxb_ctl_word(seed, stream, 1) << 32 | cxb_ctl_word(seed, stream, 0));
    for (uint64_t k = 0; k < offset; ++k)
        (void)cxb_lcg48_next_u32(s);
}

/* ---- parkminimal: the minimal standard of Park and Miller ---- */

#define CXB_PARKMIN_M 2147483647u /* 2^31 - 1 */
#define CXB_PARKMIN_A 16807u

typedef struct cxb_parkminimal_state {
    uint32_t x; /* in [1, 2^31 - 2] */
} cxb_parkminimal_state;

static inline CXB_HD void cxb_parkminimal_seed(cxb_parkminimal_state *s, uint64_t seed)
{
    uint32_t x = (uint32_t)(seed % CXB_PARKMIN_M);
    s->x = x ? x : 1u; /* 0 is the one fixed point */
}

/* One step of the recurrence (the state itself, as Park and Miller's Random()). */
static inline CXB_HD uint32_t cxb_parkminimal_step(cxb_parkminimal_state *s)
{
    s->x = (uint32_t)((uint64_t)CXB_PARKMIN_A * s->x % CXB_PARKMIN_M);
    return s->x;
}

/* The 31-bit value as the top bits of a word (see the top of this file). */
static inline CXB_HD uint32_t cxb_parkminimal_next_u32(cxb_parkminimal_state *s)
{
    return cxb_parkminimal_step(s) << 1;
}

static inline CXB_HD void cxb_parkminimal_init(cxb_parkminimal_state *s, uint64_t seed, uint64_t stream,
                                               uint64_t offset)
{
    cxb_parkminimal_seed(s, stream == 0 ? seed : cxb_ctl_word(seed, stream, 0));
    for (uint64_t k = 0; k < offset; ++k)
        (void)cxb_parkminimal_step(s);
}

/* ---- ranmar32: lf24 read as 32-bit words ---- */

/* The state holds its own table; g.u points into it, so a state must not be copied after
 * init (the battery initialises states in place). */
typedef struct cxb_ranmar32_state {
    cxb_lf24 g;
    uint32_t u[CXB_LF24_R];
} cxb_ranmar32_state;

static inline CXB_HD void cxb_ranmar32_init(cxb_ranmar32_state *s, uint64_t seed, uint64_t stream,
                                            uint64_t offset)
{
    uint32_t ij, kl;
    cxb_lf24_seed_split(seed, &ij, &kl);
    if (stream > 0) { /* Leist's child seeds: the root stream's stream-th output */
        cxb_lf24_init(&s->g, s->u, 1, CXB_LF24_R, CXB_LF24_S, ij, kl);
        uint64_t child = 0;
        for (uint64_t k = 0; k < stream; ++k)
            child = cxb_lf24_child_seed(cxb_lf24_next(&s->g));
        cxb_lf24_seed_split(child, &ij, &kl);
    }
    cxb_lf24_init(&s->g, s->u, 1, CXB_LF24_R, CXB_LF24_S, ij, kl);
    for (uint64_t k = 0; k < offset; ++k)
        (void)cxb_lf24_next(&s->g);
}

static inline CXB_HD uint32_t cxb_ranmar32_next_u32(cxb_ranmar32_state *s)
{
    return cxb_lf24_next(&s->g) << 8;
}

#endif
