/* cxb/rng/mt19937.h - the Mersenne Twister MT19937 (32-bit), one definition for every
 * backend.
 *
 * Source: M. Matsumoto, T. Nishimura (1998), "Mersenne twister: a 623-dimensionally
 * equidistributed uniform pseudo-random number generator", ACM TOMACS 8(1); reference
 * mt19937ar.c. Study page: docs/studies/prng.md.
 *
 * Seeding is init_genrand (= std::mt19937(seed)): mt[0] = seed,
 * mt[i] = 1812433253 * (mt[i-1] ^ (mt[i-1] >> 30)) + i. The C++ standard requires the
 * 10000th output of the default seed 5489 to be 4123659995; a test checks it.
 */
#ifndef CXB_RNG_MT19937_H
#define CXB_RNG_MT19937_H

#include <stdint.h>

#include "cxb/hd.h"

#define CXB_MT19937_N 624
#define CXB_MT19937_M 397

typedef struct cxb_mt19937_state {
    uint32_t mt[CXB_MT19937_N];
    uint32_t i; /* next word of mt to temper; N: regenerate first */
} cxb_mt19937_state;

/* init_genrand(seed): std::mt19937(seed). */
static inline CXB_HD void cxb_mt19937_init_genrand(cxb_mt19937_state *s, uint32_t seed)
{
    s->mt[0] = seed;
    for (uint32_t i = 1; i < CXB_MT19937_N; ++i)
        s->mt[i] = 1812433253u * (s->mt[i - 1] ^ (s->mt[i - 1] >> 30)) + i;
    s->i = CXB_MT19937_N;
}

/* One word of the generation step: mt[k] from mt[k], mt[k1] = mt[k + 1] and mt[km] =
 * mt[k + M] (indices mod N). */
static inline CXB_HD uint32_t cxb_mt19937_twist(uint32_t mk, uint32_t mk1, uint32_t mkm)
{
    uint32_t y = (mk & 0x80000000u) | (mk1 & 0x7FFFFFFFu);
    return mkm ^ (y >> 1) ^ ((0u - (y & 1u)) & 0x9908B0DFu);
}

/* The whole block of N new words at once: the reference's generation step, split like
 * mt19937ar.c's genrand_int32 into the three index ranges 0..226, 227..622 and 623, so that no
 * index is reduced mod N (the single loop with % ran 1.3x slower on one core) and each range is
 * a simple loop with constant bounds that gcc vectorises: the first reads words k + 1 and
 * k + 397 that no earlier iteration wrote; the second reads word k - 227, written 227
 * iterations earlier (a dependence distance far above any vector width). */
static inline CXB_HD void cxb_mt19937_regenerate(cxb_mt19937_state *s)
{
    enum { N = CXB_MT19937_N, M = CXB_MT19937_M };
    uint32_t *mt = s->mt;
    for (uint32_t k = 0; k < N - M; ++k)
        mt[k] = cxb_mt19937_twist(mt[k], mt[k + 1], mt[k + M]);
    for (uint32_t k = N - M; k < N - 1; ++k)
        mt[k] = cxb_mt19937_twist(mt[k], mt[k + 1], mt[k + M - N]);
    mt[N - 1] = cxb_mt19937_twist(mt[N - 1], mt[0], mt[M - 1]);
    s->i = 0;
}

/* The tempering of one word. */
static inline CXB_HD uint32_t cxb_mt19937_temper(uint32_t y)
{
    y ^= y >> 11;
    y ^= (y << 7) & 0x9D2C5680u;
    y ^= (y << 15) & 0xEFC60000u;
    y ^= y >> 18;
    return y;
}

static inline CXB_HD uint32_t cxb_mt19937_next_u32(cxb_mt19937_state *s)
{
    if (s->i >= CXB_MT19937_N)
        cxb_mt19937_regenerate(s);
    return cxb_mt19937_temper(s->mt[s->i++]);
}

/* The next count outputs into out: what count calls of cxb_mt19937_next_u32 give, as runs of
 * whole-block work (the CPU bulk tiles, impl_cpu/prng/bulk.c). The three loops of
 * cxb_mt19937_regenerate and the tempering loop below have no branch and no index reduction
 * in their bodies, so gcc -O3 vectorises each of them (checked with objdump: pand/psrld/pxor
 * on 4 words, 8 or 16 in the AVX2 and AVX-512 clones of the tile), where next_u32 per output
 * tempers one word at a time behind a test of i. */
static inline CXB_HD void cxb_mt19937_fill_u32(cxb_mt19937_state *s, uint32_t *out, uint64_t count)
{
    while (count > 0) {
        if (s->i >= CXB_MT19937_N)
            cxb_mt19937_regenerate(s);
        uint32_t m = CXB_MT19937_N - s->i;
        if (count < m)
            m = (uint32_t)count;
        const uint32_t *mt = s->mt + s->i;
        for (uint32_t j = 0; j < m; ++j)
            out[j] = cxb_mt19937_temper(mt[j]);
        s->i += m;
        out += m;
        count -= m;
    }
}

/* init_by_array(key, len) of mt19937ar.c. */
static inline CXB_HD void cxb_mt19937_init_by_array(cxb_mt19937_state *s, const uint32_t *key, uint32_t len)
{
    cxb_mt19937_init_genrand(s, 19650218u);
    uint32_t i = 1, j = 0, k = CXB_MT19937_N > len ? CXB_MT19937_N : len;
    for (; k; --k) {
        s->mt[i] = (s->mt[i] ^ ((s->mt[i - 1] ^ (s->mt[i - 1] >> 30)) * 1664525u)) + key[j] + j;
        if (++i >= CXB_MT19937_N) {
            s->mt[0] = s->mt[CXB_MT19937_N - 1];
            i = 1;
        }
        if (++j >= len)
            j = 0;
    }
    for (k = CXB_MT19937_N - 1; k; --k) {
        s->mt[i] = (s->mt[i] ^ ((s->mt[i - 1] ^ (s->mt[i - 1] >> 30)) * 1566083941u)) - i;
        if (++i >= CXB_MT19937_N) {
            s->mt[0] = s->mt[CXB_MT19937_N - 1];
            i = 1;
        }
    }
    s->mt[0] = 0x80000000u; /* MSB is 1, assuring a non-zero initial array */
    s->i = CXB_MT19937_N;
}

/* The uniform stream API of cxb/rng/all.h. MT19937 has no cheap jump, so its streams are
 * random spacing over a 2^19937 period [C]: stream 0 of a seed below 2^32 is
 * std::mt19937(seed); any other (seed, stream) is init_by_array({seed lo, seed hi,
 * stream lo, stream hi}). The offset is stepped (O(offset)). */
static inline CXB_HD void cxb_mt19937_init(cxb_mt19937_state *s, uint64_t seed, uint64_t stream,
                                           uint64_t offset)
{
    if (stream == 0 && seed <= 0xFFFFFFFFu) {
        cxb_mt19937_init_genrand(s, (uint32_t)seed);
    } else {
        uint32_t key[4] = {(uint32_t)seed, (uint32_t)(seed >> 32), (uint32_t)stream, (uint32_t)(stream >> 32)};
        cxb_mt19937_init_by_array(s, key, 4);
    }
    for (uint64_t k = 0; k < offset; ++k)
        (void)cxb_mt19937_next_u32(s);
}

#endif
