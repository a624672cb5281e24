/* cxb/prng/gen_core.h - what every backend of bulk generation computes per stream, for every
 * generator of CXB_RNG_LIST: one definition, instantiated by the X-macro (docs/studies/prng.md
 * "an X-macro registry instantiates every required function for every generator").
 *
 * A bulk "tag" is one way of running a generator: every list entry g is a tag, plus
 * philox4x32_r7 (Philox4x32 with 7 rounds, the --set rounds=7 variant of prng.philox4x32.*).
 * For each tag t this header defines, as static inline CXB_HD functions:
 *
 *   cxb_t_state (a typedef for the tags that are not list entries)
 *   cxb_bulk_init_t(state, seed, stream, offset)     = cxb_g_init (the stream of all.h)
 *   cxb_bulk_u32_t(state), cxb_bulk_f32_t, cxb_bulk_f64_t    one element of each --set type
 *
 * and for the generators cuRAND has (xorwow, mrg32k3a, philox4x32) the cuRAND conversions
 * cxb_bulk_cf32_t, cxb_bulk_cf64_t (--set conv=curand; cxb/prng/convert.h says which draws
 * each uses: MRG32k3a converts its combined output z, not curand()'s uint32).
 * An element of type f64 (cxbench's conversion, or XORWOW's curand_uniform_double) takes
 * two consecutive draws of its stream; every other element one. Element p of a stream
 * therefore starts at draw p x draws: where a counter-based stream starts at element p it is
 * cxb_g_init(seed, s, p x draws).
 */
#ifndef CXB_PRNG_GEN_CORE_H
#define CXB_PRNG_GEN_CORE_H

#include <stdint.h>

#include "cxb/hd.h"
#include "cxb/prng/convert.h"
#include "cxb/rng/all.h"

/* The element kinds (what one output of the job is). */
typedef enum cxb_bulk_elem {
    CXB_BULK_E_U32,  /* curand(): the generator's uint32 */
    CXB_BULK_E_F32,  /* (x >> 8) 2^-24 */
    CXB_BULK_E_F64,  /* ((hi << 32 | lo) >> 11) 2^-53, two draws */
    CXB_BULK_E_CF32, /* curand_uniform */
    CXB_BULK_E_CF64, /* curand_uniform_double */
    CXB_BULK_NELEM
} cxb_bulk_elem;

#define CXB_BULK_ELEMS(t, ST, NEXT)                                                                \
    static inline CXB_HD uint32_t cxb_bulk_u32_##t(ST *s) { return NEXT(s); }                     \
    static inline CXB_HD float cxb_bulk_f32_##t(ST *s) { return cxb_u32_to_f32(NEXT(s)); }        \
    static inline CXB_HD double cxb_bulk_f64_##t(ST *s)                                           \
    {                                                                                             \
        uint32_t hi = NEXT(s); /* two statements: the first draw is the high half */              \
        uint32_t lo = NEXT(s);                                                                    \
        return cxb_u32x2_to_f64(hi, lo);                                                          \
    }

#define CXB_BULK_LIST_FNS(name, g, kind, streams, chunk)                                           \
    static inline CXB_HD void cxb_bulk_init_##g(cxb_##g##_state *s, uint64_t seed, uint64_t stream, \
                                                uint64_t offset)                                  \
    {                                                                                             \
        cxb_##g##_init(s, seed, stream, offset);                                                  \
    }                                                                                             \
    CXB_BULK_ELEMS(g, cxb_##g##_state, cxb_##g##_next_u32)
CXB_RNG_LIST(CXB_BULK_LIST_FNS)
#undef CXB_BULK_LIST_FNS

/* Philox4x32-7: the same stream layout as Philox4x32-10, seven rounds (docs/studies/prng.md). */
typedef cxb_philox4x32_state cxb_philox4x32_r7_state;
static inline CXB_HD void cxb_bulk_init_philox4x32_r7(cxb_philox4x32_state *s, uint64_t seed,
                                                      uint64_t stream, uint64_t offset)
{
    cxb_philox4x32_init_r(s, seed, stream, offset, 7);
}
CXB_BULK_ELEMS(philox4x32_r7, cxb_philox4x32_state, cxb_philox4x32_next_u32)

/* Every tag: the list, then the variants (same X arguments as CXB_RNG_LIST). */
#define CXB_BULK_TAGS(X)                                                                          \
    CXB_RNG_LIST(X)                                                                               \
    X("philox4x32", philox4x32_r7, CXB_RNG_COUNTER, 1, 4)

typedef enum cxb_bulk_tag {
#define CXB_BULK_TAG_ENUM(name, g, kind, streams, chunk) CXB_BULK_TAG_##g,
    CXB_BULK_TAGS(CXB_BULK_TAG_ENUM)
#undef CXB_BULK_TAG_ENUM
    CXB_BULK_NTAGS
} cxb_bulk_tag;

/* ---- cuRAND's conversions, for the generators cuRAND has ---- */

/* X(tag, draws of one curand_uniform_double) */
#define CXB_BULK_CURAND_TAGS(X) X(xorwow, 2) X(mrg32k3a, 1) X(philox4x32, 1)

static inline CXB_HD float cxb_bulk_cf32_xorwow(cxb_xorwow_state *s)
{
    return cxb_curand_uniform_u32(cxb_xorwow_next_u32(s));
}
static inline CXB_HD double cxb_bulk_cf64_xorwow(cxb_xorwow_state *s)
{
    uint32_t x = cxb_xorwow_next_u32(s);
    uint32_t y = cxb_xorwow_next_u32(s);
    return cxb_curand_uniform_double_hq(x, y);
}
static inline CXB_HD float cxb_bulk_cf32_philox4x32(cxb_philox4x32_state *s)
{
    return cxb_curand_uniform_u32(cxb_philox4x32_next_u32(s));
}
static inline CXB_HD double cxb_bulk_cf64_philox4x32(cxb_philox4x32_state *s)
{
    return cxb_curand_uniform_double_u32(cxb_philox4x32_next_u32(s));
}
static inline CXB_HD float cxb_bulk_cf32_mrg32k3a(cxb_mrg32k3a_state *s)
{
    return cxb_curand_mrg32k3a_uniform(cxb_mrg32k3a_next_z(s));
}
static inline CXB_HD double cxb_bulk_cf64_mrg32k3a(cxb_mrg32k3a_state *s)
{
    return cxb_curand_mrg32k3a_uniform_double(cxb_mrg32k3a_next_z(s));
}

/* ---- direct block access, for the counter-based generators with 4-word blocks ----
 * cxb_bulk_block4_t(seed, stream, b, w) writes w[0..3] = words 4b .. 4b + 3 of stream
 * `stream`, exactly what cxb_bulk_init_t(seed, stream, 4b) and four u32 draws give (the
 * streams' counters are (b lo, b hi, stream lo, stream hi), cxb/rng/philox.h, threefry.h).
 * The CUDA bulk kernel writes a job with C = 4 as one such block per 16-byte store, with no
 * state and no per-chunk bookkeeping: the instruction count of the counter-based store is
 * what bounds it on an H100 (ncu: 76% SM throughput for the generic path at 2^26). */
#define CXB_BULK_BLOCK4_TAGS(X) X(philox4x32) X(philox4x32_r7) X(threefry4x32)

static inline CXB_HD void cxb_bulk_philox_block4(uint64_t seed, uint64_t stream, uint64_t b, unsigned rounds,
                                                 uint32_t w[4])
{
    cxb_philox4x32_ctr c = {{(uint32_t)b, (uint32_t)(b >> 32), (uint32_t)stream, (uint32_t)(stream >> 32)}};
    cxb_philox4x32_key k = {{(uint32_t)seed, (uint32_t)(seed >> 32)}};
    c = cxb_philox4x32_block(c, k, rounds);
    for (int i = 0; i < 4; ++i)
        w[i] = c.v[i];
}
static inline CXB_HD void cxb_bulk_block4_philox4x32(uint64_t seed, uint64_t stream, uint64_t b, uint32_t w[4])
{
    cxb_bulk_philox_block4(seed, stream, b, 10, w);
}
static inline CXB_HD void cxb_bulk_block4_philox4x32_r7(uint64_t seed, uint64_t stream, uint64_t b, uint32_t w[4])
{
    cxb_bulk_philox_block4(seed, stream, b, 7, w);
}
static inline CXB_HD void cxb_bulk_block4_threefry4x32(uint64_t seed, uint64_t stream, uint64_t b, uint32_t w[4])
{
    cxb_threefry4x32_ctr c = {{(uint32_t)b, (uint32_t)(b >> 32), (uint32_t)stream, (uint32_t)(stream >> 32)}};
    cxb_threefry4x32_key k = {{(uint32_t)seed, (uint32_t)(seed >> 32), 0u, 0u}};
    c = cxb_threefry4x32_block(c, k, 20);
    for (int i = 0; i < 4; ++i)
        w[i] = c.v[i];
}

/* ---- several blocks at once, for the CPU tiles ----
 * cxb_bulk_lanes_t(seed, stream, b0, w) writes w[4 j + i] = word i of block b0 + j of stream
 * `stream` (j < CXB_BULK_LANES, b0 + j mod 2^64), i.e. CXB_BULK_LANES calls of
 * cxb_bulk_block4_t. It is the same scalar block function in a loop over independent blocks
 * whose body is straight-line code once the rounds are constants: gcc -O3 vectorises that loop
 * across the blocks for the baseline x86-64 target (SSE2: pmuludq for Philox's 32 x 32 -> 64
 * products, shifts and ors for Threefry's rotations), 4 blocks per 16-byte vector, where the
 * scalar block function alone is one latency-bound chain of ten multiplies. The block counter
 * is added in 32-bit halves (lo + j, hi + carry) because 64-bit lanes would halve the vector
 * width. 16 lanes, not 8: gcc 12 unrolls an 8-trip loop completely before the loop
 * vectoriser sees it, and its basic-block vectoriser then rejects the 64-bit products (no
 * pmuludq, checked with objdump). Plain C: a compiler that does not vectorise it computes the
 * same words. Host only (the CUDA kernel computes one block per thread). */
#define CXB_BULK_LANES 16

static inline void cxb_bulk_philox_lanes(uint64_t seed, uint64_t stream, uint64_t b0, unsigned rounds,
                                         uint32_t w[4 * CXB_BULK_LANES])
{
    const uint32_t lo0 = (uint32_t)b0, hi0 = (uint32_t)(b0 >> 32);
    const cxb_philox4x32_key k = {{(uint32_t)seed, (uint32_t)(seed >> 32)}};
    for (uint32_t j = 0; j < CXB_BULK_LANES; ++j) {
        uint32_t lo = lo0 + j, hi = hi0 + (lo < lo0);
        cxb_philox4x32_ctr c = {{lo, hi, (uint32_t)stream, (uint32_t)(stream >> 32)}};
        c = cxb_philox4x32_block(c, k, rounds);
        for (int i = 0; i < 4; ++i)
            w[4 * j + i] = c.v[i];
    }
}
static inline void cxb_bulk_lanes_philox4x32(uint64_t seed, uint64_t stream, uint64_t b0,
                                             uint32_t w[4 * CXB_BULK_LANES])
{
    cxb_bulk_philox_lanes(seed, stream, b0, 10, w);
}
static inline void cxb_bulk_lanes_philox4x32_r7(uint64_t seed, uint64_t stream, uint64_t b0,
                                                uint32_t w[4 * CXB_BULK_LANES])
{
    cxb_bulk_philox_lanes(seed, stream, b0, 7, w);
}
static inline void cxb_bulk_lanes_threefry4x32(uint64_t seed, uint64_t stream, uint64_t b0,
                                               uint32_t w[4 * CXB_BULK_LANES])
{
    const uint32_t lo0 = (uint32_t)b0, hi0 = (uint32_t)(b0 >> 32);
    const cxb_threefry4x32_key k = {{(uint32_t)seed, (uint32_t)(seed >> 32), 0u, 0u}};
    for (uint32_t j = 0; j < CXB_BULK_LANES; ++j) {
        uint32_t lo = lo0 + j, hi = hi0 + (lo < lo0);
        cxb_threefry4x32_ctr c = {{lo, hi, (uint32_t)stream, (uint32_t)(stream >> 32)}};
        c = cxb_threefry4x32_block(c, k, 20);
        for (int i = 0; i < 4; ++i)
            w[4 * j + i] = c.v[i];
    }
}

/* What sum mode adds per element (Leist Algorithm 8): uint32 as x 2^-32, floats as they are.
 * Every value is exact in a double, so the sums are bit-identical on every backend. */
static inline CXB_HD double cxb_bulk_sumv_u32(uint32_t x) { return (double)x * CXB_2POW_M32; }
static inline CXB_HD double cxb_bulk_sumv_f32(float x) { return (double)x; }
static inline CXB_HD double cxb_bulk_sumv_f64(double x) { return x; }

#endif
