/* cxb/rng/lf24.h - Leist's lagged-Fibonacci generator (RANMAR family), one definition
 * for every backend.
 *
 * Source: A. Leist (2011), PhD thesis, Massey University, section 4.1, Algorithms 1-2;
 * G. Marsaglia, A. Zaman, W. W. Tsang (1990), "Toward a universal random number
 * generator" (RANMAR). Study page: docs/studies/prng.md.
 *
 * Values are 24-bit integers k (the uniform is k * 2^-24). One step:
 *   X = (U[ri] - U[si]) mod 2^24;  U[ri] = X;  ri--, si-- (wrapping to r-1);
 *   C = C - 7654321, + 16777213 if negative;  output (X - C) mod 2^24.
 * The float form (Leist Algorithm 2) is kept beside it as cxb_lf24f_next: it is
 * bit-identical because every value is a multiple of 2^-24 in [0, 1).
 *
 * The table of a stream may be strided (entry e at u[e * stride]) so that CUDA can
 * interleave the tables of many streams (Leist section 4.3, CUDA 1).
 */
#ifndef CXB_RNG_LF24_H
#define CXB_RNG_LF24_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/hd.h"

#define CXB_LF24_MASK 0xFFFFFFu
#define CXB_LF24_C0 362436u   /* RANMAR: c = 362436 / 2^24 */
#define CXB_LF24_CD 7654321u  /* RANMAR: cd = 7654321 / 2^24 */
#define CXB_LF24_CM 16777213u /* RANMAR: cm = (2^24 - 3) / 2^24 */
#define CXB_LF24_R 97u        /* RANMAR lags (97, 33): x^97 + x^33 + 1 primitive */
#define CXB_LF24_S 33u
#define CXB_LF24_IJ_MAX 31328u /* RANMAR seed ranges */
#define CXB_LF24_KL_MAX 30081u
#define CXB_LF24_SEED_MOD 900000001u /* docs/studies/prng.md: S mod 900,000,001 -> (ij, kl) */
#define CXB_LF24_KL_SPAN 30082u

/* One generator over a table of r entries at u[e * stride]. */
typedef struct cxb_lf24 {
    uint32_t *u;
    uint32_t stride;
    uint32_t r;
    uint32_t ri, si; /* current lag indices, decrementing */
    uint32_t c;      /* carry sequence value, integer units */
} cxb_lf24;

/* Default second lag for a table of r entries: RANMAR's 33 for r = 97, else
 * floor(r/3) + 1 (docs/studies/prng.md: the rule Leist's CUDA 2 implies). */
static inline CXB_HD uint32_t cxb_lf24_default_s(uint32_t r)
{
    return r == CXB_LF24_R ? CXB_LF24_S : r / 3u + 1u;
}

static inline CXB_HD int cxb_lf24_seeds_valid(uint32_t ij, uint32_t kl)
{
    return ij <= CXB_LF24_IJ_MAX && kl <= CXB_LF24_KL_MAX;
}

/* docs/studies/prng.md: one 64-bit seed S -> RANMAR (ij, kl). (1802, 9373) is S = 54,217,137. */
static inline CXB_HD void cxb_lf24_seed_split(uint64_t seed, uint32_t *ij, uint32_t *kl)
{
    uint32_t ijkl = (uint32_t)(seed % CXB_LF24_SEED_MOD);
    *ij = ijkl / CXB_LF24_KL_SPAN;
    *kl = ijkl % CXB_LF24_KL_SPAN;
}

/* docs/studies/prng.md: child seed from the root stream's 24-bit output K, the integer form of
 * Leist's "uniform() * INT_MAX" (Algorithms 3-4). */
static inline CXB_HD uint64_t cxb_lf24_child_seed(uint32_t k24)
{
    return ((uint64_t)k24 * 2147483647u) >> 24;
}

/* RANMAR table fill (docs/studies/prng.md), generalised to r entries. Seeds must be valid. */
static inline CXB_HD void cxb_lf24_fill(uint32_t *u, uint32_t stride, uint32_t r,
                                        uint32_t ij, uint32_t kl)
{
    uint32_t i = (ij / 177u) % 177u + 2u, j = ij % 177u + 2u;
    uint32_t k = (kl / 169u) % 178u + 1u, l = kl % 169u;
    for (uint32_t e = 0; e < r; ++e) {
        uint32_t s = 0;
        for (int b = 0; b < 24; ++b) {
            uint32_t m = ((i * j) % 179u * k) % 179u;
            i = j;
            j = k;
            k = m;
            l = (53u * l + 1u) % 169u;
            if ((l * m) % 64u >= 32u)
                s |= 1u << (23 - b);
        }
        u[(size_t)e * stride] = s;
    }
}

/* The step primitives, shared by the contiguous generator below and the CUDA kernels
 * that keep indices and carry in registers. */
static inline CXB_HD uint32_t cxb_lf24_sub(uint32_t x, uint32_t y)
{
    return (x - y) & CXB_LF24_MASK;
}

static inline CXB_HD uint32_t cxb_lf24_carry_next(uint32_t c)
{
    return c >= CXB_LF24_CD ? c - CXB_LF24_CD : c + (CXB_LF24_CM - CXB_LF24_CD);
}

static inline CXB_HD uint32_t cxb_lf24_index_prev(uint32_t i, uint32_t r)
{
    return i == 0 ? r - 1u : i - 1u;
}

/* The carry used by output n (n from 0): c_n = (362436 - (n+1) * 7654321) mod 16777213,
 * exact in 64-bit integers (docs/studies/prng.md, CUDA 2 exact-c mode). */
static inline CXB_HD uint32_t cxb_lf24_carry_at(uint64_t n)
{
    uint64_t t = ((n + 1u) % CXB_LF24_CM) * CXB_LF24_CD % CXB_LF24_CM;
    return (uint32_t)((CXB_LF24_C0 + CXB_LF24_CM - t) % CXB_LF24_CM);
}

/* Lag indices after n steps from the start (ri = r-1, si = s-1). */
static inline CXB_HD uint32_t cxb_lf24_index_at(uint32_t start, uint64_t n, uint32_t r)
{
    uint32_t m = (uint32_t)(n % r);
    return start >= m ? start - m : start + r - m;
}

static inline CXB_HD void cxb_lf24_init(cxb_lf24 *g, uint32_t *u, uint32_t stride, uint32_t r,
                                        uint32_t s, uint32_t ij, uint32_t kl)
{
    cxb_lf24_fill(u, stride, r, ij, kl);
    g->u = u;
    g->stride = stride;
    g->r = r;
    g->ri = r - 1u;
    g->si = s - 1u;
    g->c = CXB_LF24_C0;
}

/* Next output as a 24-bit integer. */
static inline CXB_HD uint32_t cxb_lf24_next(cxb_lf24 *g)
{
    uint32_t *ur = &g->u[(size_t)g->ri * g->stride];
    uint32_t x = cxb_lf24_sub(*ur, g->u[(size_t)g->si * g->stride]);
    *ur = x;
    g->ri = cxb_lf24_index_prev(g->ri, g->r);
    g->si = cxb_lf24_index_prev(g->si, g->r);
    g->c = cxb_lf24_carry_next(g->c);
    return cxb_lf24_sub(x, g->c);
}

/* ---- the float form, Leist Algorithm 2 (the faithful one; a test asserts equality) ---- */

typedef struct cxb_lf24f {
    float *u; /* contiguous table of r floats */
    uint32_t r, ri, si;
    float c;
} cxb_lf24f;

static inline CXB_HD void cxb_lf24f_from(cxb_lf24f *f, float *u, const cxb_lf24 *g)
{
    for (uint32_t e = 0; e < g->r; ++e)
        u[e] = (float)g->u[(size_t)e * g->stride] * (1.0f / 16777216.0f);
    f->u = u;
    f->r = g->r;
    f->ri = g->ri;
    f->si = g->si;
    f->c = (float)g->c * (1.0f / 16777216.0f);
}

static inline CXB_HD float cxb_lf24f_next(cxb_lf24f *f)
{
    const float cd = (float)CXB_LF24_CD / 16777216.0f, cm = (float)CXB_LF24_CM / 16777216.0f;
    float result = f->u[f->ri] - f->u[f->si];
    if (result < 0.0f)
        result += 1.0f;
    f->u[f->ri] = result;
    f->ri = cxb_lf24_index_prev(f->ri, f->r);
    f->si = cxb_lf24_index_prev(f->si, f->r);
    f->c -= cd;
    if (f->c < 0.0f)
        f->c += cm;
    result -= f->c;
    if (result < 0.0f)
        result += 1.0f;
    return result;
}

#endif
