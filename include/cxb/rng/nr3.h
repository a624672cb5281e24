/* cxb/rng/nr3.h - the Numerical Recipes (3rd ed.) generators Ran, Ranq1, Ranq2, Ranlim32 and
 * Ranhash: one definition for every backend.
 *
 * Source: W. H. Press, S. A. Teukolsky, W. T. Vetterling, B. P. Flannery (2007), Numerical
 * Recipes, 3rd ed., section 7.1 (ran.h: struct Ran, Ranq1, Ranq2, Ranlim32, Ranhash); used by
 * A. Leist (2011), section 4.5, Algorithm 8, Table 4.2. Study page: docs/studies/prng.md.
 * (constants, seeding, known answers), 6.3 (Table 4.2), 9.4 (pitfalls).
 *
 * Each generator is NR3's struct transcribed as a state type plus functions:
 *   cxb_<g>_seed(s, j)       NR3's constructor <G>(j)
 *   cxb_<g>_next_u64(s)      NR3's int64() (64-bit generators; Ranlim32 has int32() only)
 *   cxb_<g>_next_u32(s)      NR3's int32(): the LOW 32 bits of int64() for the 64-bit ones
 *                            (NR3: "return (Uint)int64()"), i.e. one full 64-bit step per
 *                            32-bit output; Ranlim32's own int32()
 *   cxb_<g>_next_native(s)   NR3's doub(): 2^-64 int64() (Ranlim32: 2^-32 int32()). It can
 *                            return exactly 1.0 for the 64-bit ones (docs/studies/prng.md): the
 *                            64-bit value is rounded to 53 bits before the scaling
 *   cxb_<g>_next_f64(s)      the standard (x >> 11) 2^-53 in [0, 1) (docs/studies/prng.md) of next_u64
 *                            (Ranlim32: two u32 draws, first in the high half, docs/studies/prng.md)
 * and the uniform stream API of cxb/rng/all.h: cxb_<g>_init(s, seed, stream, offset).
 *
 * Streams [C] (docs/studies/prng.md, random spacing). NR3 has no jump and no stream parameter, so:
 *  - stream 0 of seed j is NR3's generator constructed with j (Ranlim32: with a 32-bit seed,
 *    so seed < 2^32; larger seeds are folded lo ^ hi), so the published/derived known answers
 *    of docs/studies/prng.md are checkable through the uniform API;
 *  - stream t > 0 of seed j is the generator constructed with j ^ H(t), where H(t) =
 *    Ranhash(t) ^ Ranhash(0) for the 64-bit ones and H(t) = fmix32(lo32 t) (MurmurHash3's
 *    finaliser) for Ranlim32. Both are bijections with H(0) = 0, so the streams of one seed
 *    have distinct NR3 seeds (t < 2^64, resp. t < 2^32), and those seeds are scattered, not
 *    consecutive: NR3's seeding mixes little (Ranq1's state is c ^ j passed through one
 *    xorshift step, a linear map, so the streams of j and j + 1 would differ by a fixed
 *    xorshift sequence; docs/studies/prng.md warns against seed + id for such generators). H is a
 *    hash, so the streams are random spacing: disjoint with high probability, not by proof
 *    (periods >= 1.8x10^19; 2^18 streams of 2^32 outputs overlap with probability < 2^-13
 *    for Ranq1, far less for the others). Ranlim32's two multiply-with-carry words are not
 *    seeded by NR3 at all, so that half of its output is the same in every stream: a
 *    property of NR3's generator, kept (the thesis's Table 4.2 used it as published);
 *  - the offset is stepped: O(offset).
 * This deviates from docs/studies/prng.md's Table 4.2 note, which seeds stream t with the t-th child
 * seed of an lf24 root stream: those child seeds are sequential (stream t costs t lf24
 * steps) and take at most 2^24 values (they come from 24-bit outputs), so 2^18 streams would
 * have ~2000 duplicate pairs; and stream 0 could not be NR3(j).
 *
 * Ranhash is counter-based (CXB_RNG_COUNTER): output p of stream t of seed S is
 * Ranhash(Ranhash(S) + t 2^40 + p) mod 2^64 (docs/studies/prng.md), distinct for t < 2^24,
 * p < 2^40; any offset costs O(1).
 */
#ifndef CXB_RNG_NR3_H
#define CXB_RNG_NR3_H

#include <stdint.h>

#include "cxb/hd.h"

/* NR3 section 7.1 constants (docs/studies/prng.md) */
#define CXB_NR3_V0 4101842887655102017ull  /* Ran, Ranq1, Ranq2: initial v */
#define CXB_NR3_LCG_A 2862933555777941757ull /* Ran: u = a u + c */
#define CXB_NR3_LCG_C 7046029254386353087ull
#define CXB_NR3_MWC_A 4294957665ull        /* Ran, Ranq2: w = a (w & 0xffffffff) + (w >> 32) */
#define CXB_NR3_Q1_MULT 2685821657736338717ull /* Ranq1 output multiplier */
#define CXB_NR3_DOUB 5.42101086242752217e-20   /* 2^-64, NR3's doub() */
#define CXB_NR3_DOUB32 2.32830643653869629e-10 /* 2^-32, Ranlim32's doub() */

/* the standard conversions of docs/studies/prng.md */
static inline CXB_HD double cxb_nr3_u64_to_f64(uint64_t x)
{
    return (double)(x >> 11) * (1.0 / 9007199254740992.0);
}

/* ---- Ranhash: a 64-bit hash (NR3 struct Ranhash; a bijection of uint64) ---- */

static inline CXB_HD uint64_t cxb_ranhash(uint64_t u)
{
    uint64_t v = u * 3935559000370003845ull + 2691343689449507681ull;
    v ^= v >> 21;
    v ^= v << 37;
    v ^= v >> 4;
    v *= 4768777513237032717ull;
    v ^= v << 20;
    v ^= v >> 41;
    v ^= v << 5;
    return v;
}

/* MurmurHash3's 32-bit finaliser (Appleby): a bijection of uint32 with fmix32(0) = 0; used
 * only to scatter Ranlim32's stream seeds (see the top of this file). */
static inline CXB_HD uint32_t cxb_nr3_fmix32(uint32_t h)
{
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

/* The NR3 seed of stream t of seed j for the 64-bit generators: j ^ Ranhash(t) ^ Ranhash(0). */
static inline CXB_HD uint64_t cxb_nr3_stream_seed64(uint64_t seed, uint64_t stream)
{
    return stream == 0 ? seed : seed ^ cxb_ranhash(stream) ^ cxb_ranhash(0);
}

/* ---- Ran: the recommended generator, period ~3.138x10^57, 24 bytes ---- */

typedef struct cxb_ran_state {
    uint64_t u, v, w;
} cxb_ran_state;

static inline CXB_HD uint64_t cxb_ran_next_u64(cxb_ran_state *s)
{
    s->u = s->u * CXB_NR3_LCG_A + CXB_NR3_LCG_C;
    s->v ^= s->v >> 17;
    s->v ^= s->v << 31;
    s->v ^= s->v >> 8;
    s->w = CXB_NR3_MWC_A * (s->w & 0xffffffffu) + (s->w >> 32);
    uint64_t x = s->u ^ (s->u << 21);
    x ^= x >> 35;
    x ^= x << 4;
    return (x + s->v) ^ s->w;
}

/* NR3 Ran(j) */
static inline CXB_HD void cxb_ran_seed(cxb_ran_state *s, uint64_t j)
{
    s->v = CXB_NR3_V0;
    s->w = 1;
    s->u = j ^ s->v;
    (void)cxb_ran_next_u64(s);
    s->v = s->u;
    (void)cxb_ran_next_u64(s);
    s->w = s->v;
    (void)cxb_ran_next_u64(s);
}

static inline CXB_HD uint32_t cxb_ran_next_u32(cxb_ran_state *s)
{
    return (uint32_t)cxb_ran_next_u64(s);
}

static inline CXB_HD double cxb_ran_next_native(cxb_ran_state *s)
{
    return CXB_NR3_DOUB * (double)cxb_ran_next_u64(s);
}

static inline CXB_HD double cxb_ran_next_f64(cxb_ran_state *s)
{
    return cxb_nr3_u64_to_f64(cxb_ran_next_u64(s));
}

static inline CXB_HD void cxb_ran_init(cxb_ran_state *s, uint64_t seed, uint64_t stream, uint64_t offset)
{
    cxb_ran_seed(s, cxb_nr3_stream_seed64(seed, stream));
    for (uint64_t k = 0; k < offset; ++k)
        (void)cxb_ran_next_u64(s);
}

/* ---- Ranq1: xorshift + multiply, period ~1.8x10^19, 8 bytes ---- */

typedef struct cxb_ranq1_state {
    uint64_t v;
} cxb_ranq1_state;

static inline CXB_HD uint64_t cxb_ranq1_next_u64(cxb_ranq1_state *s)
{
    s->v ^= s->v >> 21;
    s->v ^= s->v << 35;
    s->v ^= s->v >> 4;
    return s->v * CXB_NR3_Q1_MULT;
}

/* NR3 Ranq1(j). j = 4101842887655102017 zeroes the state (outputs 0 for ever; docs/studies/prng.md):
 * NR3 does the same, so it is kept; the stream seeds of cxb_ranq1_init hit it only if the
 * caller's seed does for stream 0. */
static inline CXB_HD void cxb_ranq1_seed(cxb_ranq1_state *s, uint64_t j)
{
    s->v = CXB_NR3_V0 ^ j;
    s->v = cxb_ranq1_next_u64(s);
}

static inline CXB_HD uint32_t cxb_ranq1_next_u32(cxb_ranq1_state *s)
{
    return (uint32_t)cxb_ranq1_next_u64(s);
}

static inline CXB_HD double cxb_ranq1_next_native(cxb_ranq1_state *s)
{
    return CXB_NR3_DOUB * (double)cxb_ranq1_next_u64(s);
}

static inline CXB_HD double cxb_ranq1_next_f64(cxb_ranq1_state *s)
{
    return cxb_nr3_u64_to_f64(cxb_ranq1_next_u64(s));
}

static inline CXB_HD void cxb_ranq1_init(cxb_ranq1_state *s, uint64_t seed, uint64_t stream, uint64_t offset)
{
    cxb_ranq1_seed(s, cxb_nr3_stream_seed64(seed, stream));
    for (uint64_t k = 0; k < offset; ++k)
        (void)cxb_ranq1_next_u64(s);
}

/* ---- Ranq2: xorshift ^ multiply-with-carry, period ~8.5x10^37, 16 bytes ---- */

typedef struct cxb_ranq2_state {
    uint64_t v, w;
} cxb_ranq2_state;

static inline CXB_HD uint64_t cxb_ranq2_next_u64(cxb_ranq2_state *s)
{
    s->v ^= s->v >> 17;
    s->v ^= s->v << 31;
    s->v ^= s->v >> 8;
    s->w = CXB_NR3_MWC_A * (s->w & 0xffffffffu) + (s->w >> 32);
    return s->v ^ s->w;
}

/* NR3 Ranq2(j): v = c ^ j; w = 1; w = int64(); v = int64() (NR3's order: w takes the output
 * of the first step, v that of the second) */
static inline CXB_HD void cxb_ranq2_seed(cxb_ranq2_state *s, uint64_t j)
{
    s->v = CXB_NR3_V0 ^ j;
    s->w = 1;
    uint64_t x = cxb_ranq2_next_u64(s);
    s->w = x;
    x = cxb_ranq2_next_u64(s);
    s->v = x;
}

static inline CXB_HD uint32_t cxb_ranq2_next_u32(cxb_ranq2_state *s)
{
    return (uint32_t)cxb_ranq2_next_u64(s);
}

static inline CXB_HD double cxb_ranq2_next_native(cxb_ranq2_state *s)
{
    return CXB_NR3_DOUB * (double)cxb_ranq2_next_u64(s);
}

static inline CXB_HD double cxb_ranq2_next_f64(cxb_ranq2_state *s)
{
    return cxb_nr3_u64_to_f64(cxb_ranq2_next_u64(s));
}

static inline CXB_HD void cxb_ranq2_init(cxb_ranq2_state *s, uint64_t seed, uint64_t stream, uint64_t offset)
{
    cxb_ranq2_seed(s, cxb_nr3_stream_seed64(seed, stream));
    for (uint64_t k = 0; k < offset; ++k)
        (void)cxb_ranq2_next_u64(s);
}

/* ---- Ranlim32: 32-bit arithmetic only, period ~3.11x10^37, 16 bytes ---- */

typedef struct cxb_ranlim32_state {
    uint32_t u, v, w1, w2;
} cxb_ranlim32_state;

static inline CXB_HD uint32_t cxb_ranlim32_next_u32(cxb_ranlim32_state *s)
{
    s->u = s->u * 2891336453u + 1640531513u;
    s->v ^= s->v >> 13;
    s->v ^= s->v << 17;
    s->v ^= s->v >> 5;
    s->w1 = 33378u * (s->w1 & 0xffffu) + (s->w1 >> 16);
    s->w2 = 57225u * (s->w2 & 0xffffu) + (s->w2 >> 16);
    uint32_t x = s->u ^ (s->u << 9);
    x ^= x >> 17;
    x ^= x << 6;
    uint32_t y = s->w1 ^ (s->w1 << 17);
    y ^= y >> 15;
    y ^= y << 5;
    return (x + s->v) ^ (y + s->w2);
}

/* NR3 Ranlim32(j) */
static inline CXB_HD void cxb_ranlim32_seed(cxb_ranlim32_state *s, uint32_t j)
{
    s->v = 2244614371u;
    s->w1 = 521288629u;
    s->w2 = 362436069u;
    s->u = j ^ s->v;
    (void)cxb_ranlim32_next_u32(s);
    s->v = s->u;
    (void)cxb_ranlim32_next_u32(s);
}

/* NR3's Ranlim32 doub(): 2^-32 int32(), 32 random bits */
static inline CXB_HD double cxb_ranlim32_next_native(cxb_ranlim32_state *s)
{
    return CXB_NR3_DOUB32 * (double)cxb_ranlim32_next_u32(s);
}

/* two draws, first in the high half (docs/studies/prng.md) */
static inline CXB_HD uint64_t cxb_ranlim32_next_u64(cxb_ranlim32_state *s)
{
    uint64_t hi = cxb_ranlim32_next_u32(s);
    return hi << 32 | cxb_ranlim32_next_u32(s);
}

static inline CXB_HD double cxb_ranlim32_next_f64(cxb_ranlim32_state *s)
{
    return cxb_nr3_u64_to_f64(cxb_ranlim32_next_u64(s));
}

static inline CXB_HD void cxb_ranlim32_init(cxb_ranlim32_state *s, uint64_t seed, uint64_t stream,
                                            uint64_t offset)
{
    uint32_t j = (uint32_t)seed ^ (uint32_t)(seed >> 32);
    cxb_ranlim32_seed(s, j ^ cxb_nr3_fmix32((uint32_t)stream));
    for (uint64_t k = 0; k < offset; ++k)
        (void)cxb_ranlim32_next_u32(s);
}

/* ---- Ranhash as a counter-based stream: no state but the counter ---- */

typedef struct cxb_ranhash_state {
    uint64_t base; /* Ranhash(seed) + stream 2^40 */
    uint64_t p;    /* next position */
} cxb_ranhash_state;

static inline CXB_HD void cxb_ranhash_init(cxb_ranhash_state *s, uint64_t seed, uint64_t stream, uint64_t offset)
{
    s->base = cxb_ranhash(seed) + (stream << 40);
    s->p = offset;
}

/* output p of the stream, without state: the keyed draw other code can call directly */
static inline CXB_HD uint64_t cxb_ranhash_at(uint64_t seed_hash, uint64_t stream, uint64_t p)
{
    return cxb_ranhash(seed_hash + (stream << 40) + p);
}

static inline CXB_HD uint64_t cxb_ranhash_next_u64(cxb_ranhash_state *s)
{
    return cxb_ranhash(s->base + s->p++);
}

/* NR3 Ranhash::int32(u): the low 32 bits of int64(u) */
static inline CXB_HD uint32_t cxb_ranhash_next_u32(cxb_ranhash_state *s)
{
    return (uint32_t)cxb_ranhash_next_u64(s);
}

static inline CXB_HD double cxb_ranhash_next_native(cxb_ranhash_state *s)
{
    return CXB_NR3_DOUB * (double)cxb_ranhash_next_u64(s);
}

static inline CXB_HD double cxb_ranhash_next_f64(cxb_ranhash_state *s)
{
    return cxb_nr3_u64_to_f64(cxb_ranhash_next_u64(s));
}

#ifdef __cplusplus /* nvcc compiles this header as C++ */
static_assert(sizeof(cxb_ran_state) == 24, "Ran: 24 bytes (docs/studies/prng.md)");
static_assert(sizeof(cxb_ranq1_state) == 8, "Ranq1: 8 bytes");
static_assert(sizeof(cxb_ranq2_state) == 16, "Ranq2: 16 bytes");
static_assert(sizeof(cxb_ranlim32_state) == 16, "Ranlim32: 16 bytes");
#else
_Static_assert(sizeof(cxb_ran_state) == 24, "Ran: 24 bytes (docs/studies/prng.md)");
_Static_assert(sizeof(cxb_ranq1_state) == 8, "Ranq1: 8 bytes");
_Static_assert(sizeof(cxb_ranq2_state) == 16, "Ranq2: 16 bytes");
_Static_assert(sizeof(cxb_ranlim32_state) == 16, "Ranlim32: 16 bytes");
#endif

#endif
