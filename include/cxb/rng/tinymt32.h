/* cxb/rng/tinymt32.h - TinyMT32 (Tiny Mersenne Twister, 127-bit state), with its parameter
 * sets: one definition for every backend.
 *
 * Source: M. Saito, M. Matsumoto (2011), TinyMT; reference MersenneTwister-Lab/TinyMT
 * tinymt/tinymt32.h and tinymt/tinymt32.c (next_state, temper, tinymt32_init,
 * tinymt32_init_by_array, period certification; MIN_LOOP = PRE_LOOP = 8), known answers in
 * tinymt/check32.out.txt. Study page: docs/studies/prng.md.
 *
 * Parameters (mat1, mat2, tmat) are a separate struct (docs/studies/prng.md); the state carries a copy,
 * as the reference's tinymt32_t does (16 bytes of state + 12 of parameters), so a thread's
 * generator is self-contained in registers. The default set (row 0 of the DC file) is built
 * in; other sets are a run-time input (cxb/rng/tinymt32_dc.h reads TinyMT's DC files).
 *
 * Outputs: next_u32 = tinymt32_generate_uint32; next_f32 = (x >> 8) 2^-24 (docs/studies/prng.md; the
 * reference's generate_float is x * 2^-32 in float, which rounds instead of truncating:
 * cxb_tinymt32_ref_float keeps it for the check32 vector); next_f64 = (x64 >> 11) 2^-53 of
 * two draws, first in the high half (docs/studies/prng.md).
 *
 * Streams [C] (docs/studies/prng.md):
 *  - with the default set (cxb_tinymt32_init, the uniform API of cxb/rng/all.h): stream 0
 *    of a seed below 2^32 is tinymt32_init(seed), so check32.out.txt applies; any other
 *    (seed, stream) is tinymt32_init_by_array({lo32 seed, hi32 seed, lo32 stream,
 *    hi32 stream}): random spacing over a 2^127 - 1 period (the same rule as cxbench's
 *    MT19937 streams). init_by_array mixes the whole key non-linearly, so neighbouring
 *    stream ids give unrelated states;
 *  - with K DC sets (cxb_tinymt32_init_sets, parameterisation as the spec prefers where a DC
 *    file is given): stream t uses set t mod K and the default-set rule above with stream
 *    id floor(t / K), so the first K streams are K distinct generators (different
 *    characteristic polynomials) seeded alike, and K = 1 with the default set is exactly
 *    the uniform API;
 *  - the offset is stepped: O(offset). TinyMT's jump polynomials (reference jump/) are not
 *    implemented (optional in docs/studies/prng.md).
 */
#ifndef CXB_RNG_TINYMT32_H
#define CXB_RNG_TINYMT32_H

#include <stdint.h>

#include "cxb/hd.h"

#define CXB_TINYMT32_MASK 0x7fffffffu
#define CXB_TINYMT32_MIN_LOOP 8 /* tinymt32.c MIN_LOOP */
#define CXB_TINYMT32_PRE_LOOP 8 /* tinymt32.c PRE_LOOP: next_state calls after seeding */

/* One parameter set (a row of a DC file). */
typedef struct cxb_tinymt32_params {
    uint32_t mat1, mat2, tmat;
} cxb_tinymt32_params;

/* The default set: tinymt32.h / check32.out.txt / row 0 of opencl/tinymt32dc.0.2000.txt. */
#define CXB_TINYMT32_MAT1 0x8f7011eeu
#define CXB_TINYMT32_MAT2 0xfc78ff1fu
#define CXB_TINYMT32_TMAT 0x3793fdffu

typedef struct cxb_tinymt32_state {
    uint32_t st[4];
    cxb_tinymt32_params p;
} cxb_tinymt32_state;

#ifdef __cplusplus /* nvcc compiles this header as C++ */
static_assert(sizeof(cxb_tinymt32_state) == 28, "TinyMT32: 16 B of state + 12 B of parameters");
#else
_Static_assert(sizeof(cxb_tinymt32_state) == 28, "TinyMT32: 16 B of state + 12 B of parameters");
#endif

static inline CXB_HD cxb_tinymt32_params cxb_tinymt32_default_params(void)
{
    cxb_tinymt32_params p = {CXB_TINYMT32_MAT1, CXB_TINYMT32_MAT2, CXB_TINYMT32_TMAT};
    return p;
}

static inline CXB_HD void cxb_tinymt32_next_state(cxb_tinymt32_state *s)
{
    uint32_t y = s->st[3];
    uint32_t x = (s->st[0] & CXB_TINYMT32_MASK) ^ s->st[1] ^ s->st[2];
    x ^= x << 1;
    y ^= (y >> 1) ^ x;
    s->st[0] = s->st[1];
    s->st[1] = s->st[2];
    s->st[2] = x ^ (y << 10);
    s->st[3] = y;
    uint32_t m = 0u - (y & 1u); /* all ones iff y is odd */
    s->st[1] ^= m & s->p.mat1;
    s->st[2] ^= m & s->p.mat2;
}

static inline CXB_HD uint32_t cxb_tinymt32_temper(const cxb_tinymt32_state *s)
{
    uint32_t t0 = s->st[3];
    uint32_t t1 = s->st[0] + (s->st[2] >> 8);
    t0 ^= t1;
    t0 ^= (0u - (t1 & 1u)) & s->p.tmat;
    return t0;
}

static inline CXB_HD uint32_t cxb_tinymt32_next_u32(cxb_tinymt32_state *s)
{
    cxb_tinymt32_next_state(s);
    return cxb_tinymt32_temper(s);
}

/* tinymt32.c period_certification: an all-zero state (bit 31 of st[0] ignored) would stay
 * zero */
static inline CXB_HD void cxb_tinymt32_certify(cxb_tinymt32_state *s)
{
    if ((s->st[0] & CXB_TINYMT32_MASK) == 0 && s->st[1] == 0 && s->st[2] == 0 && s->st[3] == 0) {
        s->st[0] = 'T';
        s->st[1] = 'I';
        s->st[2] = 'N';
        s->st[3] = 'Y';
    }
}

/* tinymt32_init(seed) with parameter set p */
static inline CXB_HD void cxb_tinymt32_init_seed(cxb_tinymt32_state *s, cxb_tinymt32_params p, uint32_t seed)
{
    s->p = p;
    s->st[0] = seed;
    s->st[1] = p.mat1;
    s->st[2] = p.mat2;
    s->st[3] = p.tmat;
    for (uint32_t i = 1; i < CXB_TINYMT32_MIN_LOOP; ++i)
        s->st[i & 3] ^= i + 1812433253u * (s->st[(i - 1) & 3] ^ (s->st[(i - 1) & 3] >> 30));
    cxb_tinymt32_certify(s);
    for (int i = 0; i < CXB_TINYMT32_PRE_LOOP; ++i)
        cxb_tinymt32_next_state(s);
}

/* tinymt32_init_by_array(key, len) with parameter set p (tinymt32.c: lag = mid = 1, size 4) */
static inline CXB_HD void cxb_tinymt32_init_by_array(cxb_tinymt32_state *s, cxb_tinymt32_params p,
                                                     const uint32_t *key, uint32_t len)
{
    uint32_t *st = s->st;
    s->p = p;
    st[0] = 0;
    st[1] = p.mat1;
    st[2] = p.mat2;
    st[3] = p.tmat;
    uint32_t count = len + 1 > CXB_TINYMT32_MIN_LOOP ? len + 1 : CXB_TINYMT32_MIN_LOOP;
    uint32_t r = st[0] ^ st[1] ^ st[3];
    r = (r ^ (r >> 27)) * 1664525u; /* ini_func1 */
    st[1] += r;
    r += len;
    st[2] += r;
    st[0] = r;
    --count;
    uint32_t i = 1, j = 0;
    for (; j < count; ++j) {
        uint32_t t = st[i] ^ st[(i + 1) & 3] ^ st[(i + 3) & 3];
        r = (t ^ (t >> 27)) * 1664525u;
        st[(i + 1) & 3] += r;
        r += (j < len ? key[j] : 0u) + i;
        st[(i + 2) & 3] += r;
        st[i] = r;
        i = (i + 1) & 3;
    }
    for (j = 0; j < 4; ++j) {
        uint32_t t = st[i] + st[(i + 1) & 3] + st[(i + 3) & 3];
        r = (t ^ (t >> 27)) * 1566083941u; /* ini_func2 */
        st[(i + 1) & 3] ^= r;
        r -= i;
        st[(i + 2) & 3] ^= r;
        st[i] = r;
        i = (i + 1) & 3;
    }
    cxb_tinymt32_certify(s);
    for (int k = 0; k < CXB_TINYMT32_PRE_LOOP; ++k)
        cxb_tinymt32_next_state(s);
}

/* Stream `stream` of `seed` under parameter set p, at output `offset` (the rule at the top) */
static inline CXB_HD void cxb_tinymt32_init_params(cxb_tinymt32_state *s, cxb_tinymt32_params p, uint64_t seed,
                                                   uint64_t stream, uint64_t offset)
{
    if (stream == 0 && seed <= 0xffffffffu) {
        cxb_tinymt32_init_seed(s, p, (uint32_t)seed);
    } else {
        uint32_t key[4] = {(uint32_t)seed, (uint32_t)(seed >> 32), (uint32_t)stream, (uint32_t)(stream >> 32)};
        cxb_tinymt32_init_by_array(s, p, key, 4);
    }
    for (uint64_t k = 0; k < offset; ++k)
        cxb_tinymt32_next_state(s);
}

/* The uniform stream API of cxb/rng/all.h: the default parameter set */
static inline CXB_HD void cxb_tinymt32_init(cxb_tinymt32_state *s, uint64_t seed, uint64_t stream, uint64_t offset)
{
    cxb_tinymt32_init_params(s, cxb_tinymt32_default_params(), seed, stream, offset);
}

/* Parameterisation over nsets >= 1 DC sets: stream t uses sets[t mod nsets] */
static inline CXB_HD void cxb_tinymt32_init_sets(cxb_tinymt32_state *s, const cxb_tinymt32_params *sets,
                                                 uint64_t nsets, uint64_t seed, uint64_t stream, uint64_t offset)
{
    cxb_tinymt32_init_params(s, sets[stream % nsets], seed, stream / nsets, offset);
}

static inline CXB_HD float cxb_tinymt32_next_f32(cxb_tinymt32_state *s)
{
    return (float)(cxb_tinymt32_next_u32(s) >> 8) * (1.0f / 16777216.0f);
}

static inline CXB_HD uint64_t cxb_tinymt32_next_u64(cxb_tinymt32_state *s)
{
    uint64_t hi = cxb_tinymt32_next_u32(s);
    return hi << 32 | cxb_tinymt32_next_u32(s);
}

static inline CXB_HD double cxb_tinymt32_next_f64(cxb_tinymt32_state *s)
{
    return (double)(cxb_tinymt32_next_u64(s) >> 11) * (1.0 / 9007199254740992.0);
}

/* The reference's tinymt32_generate_float: x * 2^-32 in float (rounded, can give 1.0f).
 * Kept only to check the reference's published float vector. */
static inline CXB_HD float cxb_tinymt32_ref_float(cxb_tinymt32_state *s)
{
    return (float)cxb_tinymt32_next_u32(s) * (1.0f / 4294967296.0f);
}

#endif
