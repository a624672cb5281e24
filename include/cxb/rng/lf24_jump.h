/* cxb/rng/lf24_jump.h - jump-ahead for the lagged-Fibonacci generator of cxb/rng/lf24.h:
 * n steps in O(r^2 log n) instead of O(n), so that `cxbench prng lf24 --stream K --skip N`
 * costs the same for every K and N (docs/cli.md, "prng"; docs/studies/prng.md).
 *
 * The table is a linear recurrence over the integers mod 2^24. With step 0 the next one,
 * the entry at (ri + k) mod r (k = 1 .. r) holds Z_{-k}, and step t computes
 *     Z_t = Z_{t-r} - Z_{t-s}   (mod 2^24),
 * i.e. the sequence is annihilated by P(E), P(x) = x^r + x^{r-s} - 1, E the shift. If
 * x^n = a(x) (mod P), a of degree < r, then Z_{j+n} = sum_i a_i Z_{j+i} for every j >= -r
 * (D. E. Knuth, TAOCP vol. 2, 3.2.2 and 3.6, the same idea as the matrix powers of
 * cxb/rng/jump.h with the companion matrix replaced by polynomial arithmetic). a is found by
 * square-and-multiply mod P; the new table Z_{n-r} .. Z_{n-1} then needs Z_{-r} .. Z_{r-2},
 * r - 1 terms more of the recurrence. The carry sequence is an arithmetic progression mod
 * 16777213 (cxb_lf24_carry_next), advanced in O(1). All products are taken in uint32: 2^24
 * divides 2^32, so reducing mod 2^24 at the end gives the exact residues.
 *
 * Host code (it allocates nothing: the caller gives scratch of CXB_LF24_JUMP_SCRATCH(r) words).
 */
#ifndef CXB_RNG_LF24_JUMP_H
#define CXB_RNG_LF24_JUMP_H

#include <stdint.h>
#include <string.h>

#include "cxb/rng/lf24.h"

#define CXB_LF24_JUMP_SCRATCH(r) (6u * (size_t)(r))

/* Cost of a jump of n steps in word products (for choosing between jumping and stepping). */
static inline double cxb_lf24_jump_cost(uint32_t r, uint64_t n)
{
    unsigned bits = 0;
    while (bits < 64 && n >> bits)
        ++bits;
    return 2.0 * (double)r * (double)r * (double)bits;
}

/* a <- a b mod P (a, b of degree < r); prod: 2r - 1 words of scratch. */
static inline void cxb_lf24_polymulmod(uint32_t *a, const uint32_t *b, uint32_t r, uint32_t s, uint32_t *prod)
{
    memset(prod, 0, (2 * (size_t)r - 1) * sizeof *prod);
    for (uint32_t i = 0; i < r; ++i) {
        uint32_t ai = a[i];
        if (ai)
            for (uint32_t j = 0; j < r; ++j)
                prod[i + j] += ai * b[j];
    }
    for (uint32_t k = 2 * r - 2; k >= r; --k) { /* x^k = x^(k-r) - x^(k-s) */
        uint32_t c = prod[k];
        prod[k - r] += c;
        prod[k - s] -= c;
    }
    memcpy(a, prod, r * sizeof *a);
}

/* Advances g by n steps, exactly as n calls of cxb_lf24_next would (outputs discarded). */
static inline void cxb_lf24_jump(cxb_lf24 *g, uint64_t n, uint32_t *scratch)
{
    const uint32_t r = g->r, s = r - (g->ri + r - g->si) % r; /* si = ri - (r - s) mod r */
    uint32_t *a = scratch, *base = a + r, *prod = base + r, *z = prod + 2 * r; /* z: 2r - 1 terms */
    if (n == 0)
        return;
    /* a = x^n mod P; r >= 2, so x itself is reduced */
    memset(a, 0, 2 * (size_t)r * sizeof *a);
    a[0] = 1;
    base[1] = 1;
    for (uint64_t m = n;;) {
        if (m & 1u)
            cxb_lf24_polymulmod(a, base, r, s, prod);
        if (!(m >>= 1))
            break;
        memcpy(z, base, r * sizeof *base); /* base <- base^2 (z, free until below, holds the copy) */
        cxb_lf24_polymulmod(base, z, r, s, prod);
    }
    /* z[t] = Z_{t-r}, t = 0 .. 2r-2: the table, then r - 1 terms of the recurrence */
    for (uint32_t t = 0; t < r; ++t)
        z[t] = g->u[(size_t)((g->ri + r - t) % r) * g->stride];
    for (uint32_t t = r; t < 2 * r - 1; ++t)
        z[t] = z[t - r] - z[t - s];
    /* Z_{n-k} = sum_i a_i Z_{-k+i} = sum_i a_i z[r - k + i], into the entry at (ri + k) mod r */
    for (uint32_t k = 1; k <= r; ++k) {
        uint32_t v = 0;
        for (uint32_t i = 0; i < r; ++i)
            v += a[i] * z[r - k + i];
        prod[k - 1] = v & CXB_LF24_MASK;
    }
    for (uint32_t k = 1; k <= r; ++k)
        g->u[(size_t)((g->ri + k) % r) * g->stride] = prod[k - 1];
    uint64_t d = (n % CXB_LF24_CM) * CXB_LF24_CD % CXB_LF24_CM;
    g->c = (uint32_t)(((uint64_t)g->c + CXB_LF24_CM - d) % CXB_LF24_CM);
}

#endif
