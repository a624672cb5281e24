/* cxb/rng/mt19937.h - the Mersenne Twister MT19937 (32-bit), one definition for every
 * backend.
 *
 * Source: M. Matsumoto, T. Nishimura (1998), "Mersenne twister: a 623-dimensionally
 * equidistributed uniform pseudo-random number generator", ACM TOMACS 8(1); reference
 * mt19937ar.c. Spec: shared/spec/prng.md section 3.8.
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

static inline CXB_HD void cxb_mt19937_init(cxb_mt19937_state *s, uint32_t seed)
{
    s->mt[0] = seed;
    for (uint32_t i = 1; i < CXB_MT19937_N; ++i)
        s->mt[i] = 1812433253u * (s->mt[i - 1] ^ (s->mt[i - 1] >> 30)) + i;
    s->i = CXB_MT19937_N;
}

/* The whole block of N new words at once (the reference's generation step). */
static inline CXB_HD void cxb_mt19937_regenerate(cxb_mt19937_state *s)
{
    for (uint32_t k = 0; k < CXB_MT19937_N; ++k) {
        uint32_t y = (s->mt[k] & 0x80000000u) | (s->mt[(k + 1) % CXB_MT19937_N] & 0x7FFFFFFFu);
        s->mt[k] = s->mt[(k + CXB_MT19937_M) % CXB_MT19937_N] ^ (y >> 1) ^ ((y & 1u) ? 0x9908B0DFu : 0u);
    }
    s->i = 0;
}

static inline CXB_HD uint32_t cxb_mt19937_next_u32(cxb_mt19937_state *s)
{
    if (s->i >= CXB_MT19937_N)
        cxb_mt19937_regenerate(s);
    uint32_t y = s->mt[s->i++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9D2C5680u;
    y ^= (y << 15) & 0xEFC60000u;
    y ^= y >> 18;
    return y;
}

#endif
