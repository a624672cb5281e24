/* cxb/graph/keyed.h - the keyed randomness of every graph generator (docs/studies/graph.md):
 * one Philox4x32-10 block per (seed, domain, i, j), the domain numbers of 8.2, the
 * derived values of 8.3 and a deterministic logarithm for 8.4.
 *
 * Everything here is static inline CXB_HD so that seq, pthreads and CUDA compute the
 * same bits: integer operations only, except cxb_gunit (exact) and cxb_detlog (+ - * /
 * in a fixed order; translation units are built with -ffp-contract=off / --fmad=false).
 *
 * cxb_detlog is the deterministic log that docs/studies/graph.md places in include/cxb/detmath.h;
 * that header does not exist yet, so it lives here until it does.
 */
#ifndef CXB_GRAPH_KEYED_H
#define CXB_GRAPH_KEYED_H

#include <stdint.h>
#include <string.h>

#include "cxb/hd.h"
#include "cxb/rng/philox.h"

/* docs/studies/graph.md: bump on any change of a domain, counter layout, formula or draw order. */
#define CXB_GRAPH_STREAM_VERSION 1

/* ---- 8.2 domains (the fourth counter word) ---- */
enum {
    CXB_GDOM_GNM = 1,
    CXB_GDOM_GNP = 2,
    CXB_GDOM_WS = 3,
    CXB_GDOM_WSFAST = 4,
    CXB_GDOM_NW = 5,
    CXB_GDOM_DISJOINT = 6,
    CXB_GDOM_RMAT = 7,
    CXB_GDOM_PERM = 8,
    CXB_GDOM_BACOPY = 9,
    CXB_GDOM_ALPHA0 = 16, /* 16-19: docs/studies/graphgen.md alpha */
    CXB_GDOM_BA0 = 20,    /* 20-21: docs/studies/graphgen.md ba */
    CXB_GDOM_PROP_TRANSMIT = 32,
    CXB_GDOM_PROP_SOURCE = 33,
    CXB_GDOM_PROP_ORIENT = 34,
    CXB_GDOM_PROP_PARTITION = 35,
    CXB_GDOM_CC_AFFOREST = 36,
    CXB_GDOM_FRNN_POINTS = 40,
    CXB_GDOM_FRNN_SURVEY = 41,
    CXB_GDOM_FRNN_EDGES = 42,
    CXB_GDOM_FRNN_SHUFFLE = 43
};

/* ---- 8.1 the keyed draw: counter {lo(i), hi(i), j, domain}, key {lo(seed), hi(seed)} ---- */
static inline CXB_HD cxb_philox4x32_ctr cxb_gdraw(uint64_t seed, uint32_t domain, uint64_t i,
                                                 uint32_t j)
{
    cxb_philox4x32_ctr c;
    c.v[0] = (uint32_t)i;
    c.v[1] = (uint32_t)(i >> 32);
    c.v[2] = j;
    c.v[3] = domain;
    cxb_philox4x32_key k;
    k.v[0] = (uint32_t)seed;
    k.v[1] = (uint32_t)(seed >> 32);
    return cxb_philox4x32_block(c, k, 10);
}

/* x0 = w0 | w1 << 32, x1 = w2 | w3 << 32 */
static inline CXB_HD uint64_t cxb_gx0(cxb_philox4x32_ctr w)
{
    return (uint64_t)w.v[0] | (uint64_t)w.v[1] << 32;
}
static inline CXB_HD uint64_t cxb_gx1(cxb_philox4x32_ctr w)
{
    return (uint64_t)w.v[2] | (uint64_t)w.v[3] << 32;
}

/* ---- 8.3 derived values ---- */
/* Bounded integer in [0, r), r >= 1: high 64 bits of x * r (bias <= r / 2^64). */
static inline CXB_HD uint64_t cxb_gbounded(uint64_t x, uint64_t r)
{
#if defined(__CUDA_ARCH__) /* the device pass of nvcc; its host pass takes the __int128 path */
    return __umul64hi(x, r);
#else
    __extension__ typedef unsigned __int128 cxb_u128;
    return (uint64_t)(((cxb_u128)x * r) >> 64);
#endif
}

/* Uniform double in [0, 1): (x >> 11) * 2^-53, exact. */
static inline CXB_HD double cxb_gunit(uint64_t x)
{
    return (double)(x >> 11) * 0x1p-53;
}

/* Bernoulli(p): T = floor(p * 2^64) computed once on the host; p >= 1 is "always". */
typedef struct cxb_gbern {
    uint64_t t;
    int always;
} cxb_gbern;

static inline cxb_gbern cxb_gbern_make(double p)
{
    cxb_gbern b = {0, 0};
    if (p >= 1.0)
        b.always = 1;
    else if (p > 0.0)
        b.t = (uint64_t)(p * 0x1p64); /* exact scaling by a power of two, then truncation */
    return b;
}

static inline CXB_HD int cxb_gbern_hit(cxb_gbern b, uint64_t x)
{
    return b.always || x < b.t;
}

/* Distinct ordered pair without rejection, n >= 2: uniform over u != v. */
static inline CXB_HD void cxb_gpair(uint64_t x0, uint64_t x1, uint64_t n, uint32_t *u,
                                    uint32_t *v)
{
    uint64_t a = cxb_gbounded(x0, n), b = cxb_gbounded(x1, n - 1);
    *u = (uint32_t)a;
    *v = (uint32_t)(b + (b >= a));
}

/* ---- 8.4 deterministic natural logarithm ----
 * log m = 2 atanh(f) with f = (m-1)/(m+1); for m in [sqrt(1/2), sqrt(2)), |f| <= 0.1716
 * and the odd series to f^25 truncates below 2^-60 relative. + - * / in a fixed order. */
static inline CXB_HD double cxb_detlog_atanh2(double f)
{
    double s = f * f;
    /* q = sum_{k=0..11} s^k / (2k+3), Horner */
    double q = 1.0 / 25.0;
    q = q * s + 1.0 / 23.0;
    q = q * s + 1.0 / 21.0;
    q = q * s + 1.0 / 19.0;
    q = q * s + 1.0 / 17.0;
    q = q * s + 1.0 / 15.0;
    q = q * s + 1.0 / 13.0;
    q = q * s + 1.0 / 11.0;
    q = q * s + 1.0 / 9.0;
    q = q * s + 1.0 / 7.0;
    q = q * s + 1.0 / 5.0;
    q = q * s + 1.0 / 3.0;
    return 2.0 * f + 2.0 * f * (s * q); /* 2f (1 + s q) */
}

/* Natural log of a positive finite double: x = 2^e m, m in [sqrt(1/2), sqrt(2)), exponent
 * by bit manipulation, e ln 2 in two parts (a few ulp; identity across backends is the
 * point). x <= 0, inf and nan are not handled (callers never pass them). */
static inline CXB_HD double cxb_detlog(double x)
{
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    int e = (int)((b >> 52) & 0x7ff);
    if (e == 0) { /* subnormal: scale into the normal range */
        x = x * 0x1p54;
        memcpy(&b, &x, sizeof b);
        e = (int)((b >> 52) & 0x7ff) - 54;
    }
    e -= 1023;
    b = (b & 0x000fffffffffffffull) | 0x3ff0000000000000ull; /* m in [1, 2) */
    double m;
    memcpy(&m, &b, sizeof m);
    if (m > 1.4142135623730951) {
        m = m * 0.5;
        e += 1;
    }
    double lm = cxb_detlog_atanh2((m - 1.0) / (m + 1.0));
    const double ln2_hi = 6.93147180369123816490e-01; /* 0x3fe62e42fee00000: e * hi exact */
    const double ln2_lo = 1.90821492927058770002e-10; /* 0x3dea39ef35793c76 */
    double de = (double)e;
    return de * ln2_hi + (de * ln2_lo + lm);
}

/* log(1 - p) for p in [0, 1) without rounding 1 - p first where that would cost digits:
 * for 1 - p > sqrt(1/2), f = (m-1)/(m+1) = -p / (2 - p) directly. */
static inline CXB_HD double cxb_detlog1m(double p)
{
    if (p < 0.29289321881345248) /* 1 - sqrt(1/2) */
        return cxb_detlog_atanh2(-p / (2.0 - p));
    return cxb_detlog(1.0 - p);
}

#endif
