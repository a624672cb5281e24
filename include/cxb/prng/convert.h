/* cxb/prng/convert.h - the conversions of uint32 draws to floating point that bulk generation
 * offers (--set type=f32|f64, --set conv=curand), one definition for every backend.
 *
 * Sources: docs/studies/prng.md ("Float conversion"; u64 = two u32 draws,
 * the first in the high half) for cxbench's own conversions; cuRAND's curand_uniform.h,
 * curand_globals.h and curand_kernel.h of the CUDA 13.0 toolkit for conv=curand, whose
 * constants are copied verbatim (CURAND_2POW32_INV, CURAND_2POW53_INV_DOUBLE, MRG32K3A_NORM):
 *
 *   cxbench  f32 = (x >> 8) 2^-24 in [0, 1)          one draw
 *            f64 = ((hi << 32 | lo) >> 11) 2^-53      two draws, the first is hi
 *   cuRAND   curand_uniform        XORWOW, Philox: x 2^-32 + 2^-33 (float)  in (0, 1]
 *                                  MRG32k3a: (float)(z MRG32K3A_NORM), z in (0, m1] the
 *                                  combined MRG output before curand()'s scaling
 *            curand_uniform_double XORWOW: two draws x, y: (x ^ y << 21) 2^-53 + 2^-54
 *                                  (_curand_uniform_double_hq);
 *                                  Philox: ONE draw, x 2^-32 + 2^-32 (_curand_uniform_double);
 *                                  MRG32k3a: z MRG32K3A_NORM.
 * Contraction-safe: every product here is exact (a power of two times an integer below 2^53,
 * or one rounded multiply with no add), so nvcc's default FMA contraction and gcc's
 * -ffp-contract give the same bits as the separate operations.
 */
#ifndef CXB_PRNG_CONVERT_H
#define CXB_PRNG_CONVERT_H

#include <stdint.h>

#include "cxb/hd.h"

#define CXB_2POW_M24_F 5.9604644775390625e-08f   /* 2^-24 */
#define CXB_2POW_M32 2.3283064365386962890625e-10 /* 2^-32 */
#define CXB_2POW_M53 1.1102230246251565404236316680908203125e-16
#define CXB_CURAND_2POW32_INV (2.3283064e-10f)                /* curand_globals.h */
#define CXB_CURAND_2POW32_INV_DOUBLE (2.3283064365386963e-10) /* curand_globals.h */
#define CXB_CURAND_2POW53_INV_DOUBLE (1.1102230246251565e-16) /* curand_globals.h */
#define CXB_CURAND_MRG32K3A_NORM (2.3283065498378288e-10)    /* curand_kernel.h */

/* docs/studies/prng.md: u32 -> float in [0, 1). */
static inline CXB_HD float cxb_u32_to_f32(uint32_t x) { return (float)(x >> 8) * CXB_2POW_M24_F; }

/* docs/studies/prng.md: two draws -> double in [0, 1), the first draw in the high half. */
static inline CXB_HD double cxb_u32x2_to_f64(uint32_t hi, uint32_t lo)
{
    return (double)((((uint64_t)hi << 32) | lo) >> 11) * CXB_2POW_M53;
}

/* cuRAND _curand_uniform(unsigned int): (0, 1]. */
static inline CXB_HD float cxb_curand_uniform_u32(uint32_t x)
{
    return (float)x * CXB_CURAND_2POW32_INV + (CXB_CURAND_2POW32_INV / 2.0f);
}

/* cuRAND _curand_uniform_double(unsigned int): Philox's curand_uniform_double. */
static inline CXB_HD double cxb_curand_uniform_double_u32(uint32_t x)
{
    return (double)x * CXB_CURAND_2POW32_INV_DOUBLE + CXB_CURAND_2POW32_INV_DOUBLE;
}

/* cuRAND _curand_uniform_double_hq(x, y): XORWOW's curand_uniform_double. */
static inline CXB_HD double cxb_curand_uniform_double_hq(uint32_t x, uint32_t y)
{
    uint64_t z = (uint64_t)x ^ ((uint64_t)y << (53 - 32));
    return (double)z * CXB_CURAND_2POW53_INV_DOUBLE + (CXB_CURAND_2POW53_INV_DOUBLE / 2.0);
}

/* cuRAND's MRG32k3a uniforms from the combined output z in (0, m1]. */
static inline CXB_HD float cxb_curand_mrg32k3a_uniform(uint32_t z)
{
    return (float)((double)z * CXB_CURAND_MRG32K3A_NORM);
}

static inline CXB_HD double cxb_curand_mrg32k3a_uniform_double(uint32_t z)
{
    return (double)z * CXB_CURAND_MRG32K3A_NORM;
}

#endif
