/* prng_bulk_convert: the conversions of cxb/prng/convert.h against their definitions
 * (docs/studies/prng.md: (x >> 8) 2^-24 and ((hi << 32 | lo) >> 11) 2^-53; cuRAND's curand_uniform.h:
 * x 2^-32 + 2^-33 in float, (x ^ y << 21) 2^-53 + 2^-54, x 2^-32 + 2^-32, z MRG32K3A_NORM),
 * computed here another way (ldexp, exact integer arithmetic), on the edge words 0, 1,
 * 2^31, 0xffffff00, 0xffffffff, MRG32k3a's m1, and 10^6 random words; plus the ranges
 * ([0, 1) for cxbench's, (0, 1] for cuRAND's) and the elements of cxb/prng/gen_core.h
 * (f64 takes two draws, the first in the high half). */
#include <math.h>
#include <stdio.h>
#include <time.h>

#include "check.h"
#include "cxb/prng/convert.h"
#include "cxb/prng/gen_core.h"

static void check_word(uint32_t x, uint32_t y)
{
    float f = cxb_u32_to_f32(x);
    CHECK_MSG(f == (float)ldexp((double)(x >> 8), -24) && f >= 0.0f && f < 1.0f, "f32 of %u", x);
    double d = cxb_u32x2_to_f64(x, y);
    uint64_t w = ((uint64_t)x << 32) | y;
    CHECK_MSG(d == ldexp((double)(w >> 11), -53) && d >= 0.0 && d < 1.0, "f64 of %u %u", x, y);
    /* cuRAND: the float product then sum, each rounded to float */
    float cf = cxb_curand_uniform_u32(x);
    volatile float xf = (float)x, prod = xf * (float)ldexp(1.0, -32);
    CHECK_MSG(cf == prod + (float)ldexp(1.0, -33) && cf > 0.0f && cf <= 1.0f, "curand_uniform of %u", x);
    double cd = cxb_curand_uniform_double_u32(x);
    CHECK_MSG(cd == ldexp((double)x + 1.0, -32) && cd > 0.0 && cd <= 1.0, "curand_uniform_double (philox) of %u", x);
    uint64_t z = (uint64_t)x ^ ((uint64_t)y << 21);
    double hq = cxb_curand_uniform_double_hq(x, y);
    CHECK_MSG(hq == ldexp((double)(2 * z + 1), -54) && hq > 0.0 && hq <= 1.0, "curand hq of %u %u", x, y);
    uint32_t m = x % CXB_MRG32K3A_M1 + 1; /* z in (0, m1] */
    double md = cxb_curand_mrg32k3a_uniform_double(m);
    CHECK_MSG(md == (double)m * 2.3283065498378288e-10 && md > 0.0 && md <= 1.0000000001, "mrg double of %u", m);
    CHECK_MSG(cxb_curand_mrg32k3a_uniform(m) == (float)md, "mrg float of %u", m);
}

int main(void)
{
    const uint32_t edge[] = {0u, 1u, 0x80000000u, 0xffffff00u, 0xfffffffeu, 0xffffffffu, CXB_MRG32K3A_M1};
    for (size_t i = 0; i < sizeof edge / sizeof edge[0]; ++i)
        for (size_t j = 0; j < sizeof edge / sizeof edge[0]; ++j)
            check_word(edge[i], edge[j]);
    /* exact values at the edges */
    CHECK(cxb_u32_to_f32(0) == 0.0f && cxb_u32_to_f32(0xffffffffu) == 1.0f - 0x1p-24f);
    CHECK(cxb_u32x2_to_f64(0xffffffffu, 0xffffffffu) == 1.0 - 0x1p-53);
    CHECK(cxb_curand_uniform_u32(0) == 0x1p-33f && cxb_curand_uniform_u32(0xffffffffu) == 1.0f);
    CHECK(cxb_curand_uniform_double_u32(0xffffffffu) == 1.0);
    CHECK(cxb_curand_uniform_double_hq(0, 0) == 0x1p-54);
    uint64_t r = ((uint64_t)time(NULL) << 20) | 1u;
    printf("seed %llu\n", (unsigned long long)r);
    for (int k = 0; k < 1000000; ++k) {
        r ^= r << 13;
        r ^= r >> 7;
        r ^= r << 17;
        check_word((uint32_t)r, (uint32_t)(r >> 32));
    }
    /* elements: f64 = two draws, the first in the high half; u32 = the draw */
    cxb_xorwow_state a, b;
    cxb_xorwow_init(&a, 99, 0, 0);
    b = a;
    uint32_t hi = cxb_xorwow_next_u32(&b), lo = cxb_xorwow_next_u32(&b);
    CHECK(cxb_bulk_f64_xorwow(&a) == cxb_u32x2_to_f64(hi, lo));
    CHECK(cxb_bulk_u32_xorwow(&a) == cxb_xorwow_next_u32(&b));
    cxb_xorwow_init(&a, 99, 0, 0);
    CHECK(cxb_bulk_cf64_xorwow(&a) == cxb_curand_uniform_double_hq(hi, lo));
    cxb_mrg32k3a_state m1, m2;
    cxb_mrg32k3a_init(&m1, 5, 0, 0);
    m2 = m1;
    CHECK(cxb_bulk_cf64_mrg32k3a(&m1) == cxb_mrg32k3a_next_curand_f64(&m2));
    CHECK_DONE();
}
