/* impl_cpu/prng/bulk_avx2.h - the AVX2 versions of cxb_bulk_lanes_t (cxb/prng/gen_core.h):
 * CXB_BULK_LANES consecutive blocks of one stream at once, for the AVX2 clones of the CPU bulk
 * tiles (impl_cpu/prng/bulk.c, chosen at run time by __builtin_cpu_supports).
 *
 * Philox4x32-R (Salmon et al., SC11; DEShawResearch/random123 include/Random123/philox.h;
 * docs/studies/prng.md) on 8 blocks per 256-bit vector, in two independent groups of 8 so that the
 * multiplies of one hide the latency of the other. Why intrinsics here: gcc 12 vectorises the
 * portable lanes loop, but rebuilds each 32 x 32 -> 64 product in the blocks' lane order with
 * ~6 shuffles and cross-lane permutes per product (objdump: 114 vpshufd, 84 vperm2i128 per 10
 * rounds), so its AVX2 code ran no faster than its SSE2 code. Here a product is two vpmuludq
 * (even and odd lanes) and two blends, the products' halves staying in their lanes. The words
 * are exactly cxb_philox4x32_block's: tests/prng/test_bulk_isa.c compares every tile version with
 * the stream API.
 *
 * MTGP32-11213: 8 steps of the recursion per vector, see cxb_mtgp32_fill_u32_avx2.
 *
 * Threefry4x32-20 needs only adds, xors and rotations, which gcc vectorises well by itself: its
 * AVX2 version is the portable loop compiled for AVX2.
 *
 * Only included where CXB_BULK_AVX2 (x86-64, GCC or Clang): every function carries the avx2
 * target attribute, so the file compiles without -mavx2 and runs only where the CPU has it.
 */
#ifndef CXB_IMPL_CPU_PRNG_BULK_AVX2_H
#define CXB_IMPL_CPU_PRNG_BULK_AVX2_H

#include <immintrin.h>
#include <stdint.h>

#include "cxb/prng/gen_core.h"

#define CXB_AVX2_FN static inline __attribute__((target("avx2"), always_inline))

_Static_assert(CXB_BULK_LANES == 16, "the AVX2 lanes are two vectors of 8 blocks");

/* Lane-wise 32 x 32 -> 64 product of a and the constant m: the low words, *hi the high ones. */
CXB_AVX2_FN __m256i cxb_avx2_mul_lohi(__m256i a, __m256i m, __m256i *hi)
{
    __m256i pe = _mm256_mul_epu32(a, m);                        /* lanes 0, 2, 4, 6 */
    __m256i po = _mm256_mul_epu32(_mm256_srli_epi64(a, 32), m); /* lanes 1, 3, 5, 7 */
    *hi = _mm256_blend_epi32(_mm256_srli_epi64(pe, 32), po, 0xAA);
    return _mm256_blend_epi32(pe, _mm256_slli_epi64(po, 32), 0xAA);
}

/* One round on the four words of 8 blocks. */
CXB_AVX2_FN void cxb_avx2_philox_round(__m256i c[4], __m256i k0, __m256i k1)
{
    const __m256i m0 = _mm256_set1_epi32((int)CXB_PHILOX_M0), m1 = _mm256_set1_epi32((int)CXB_PHILOX_M1);
    __m256i hi0, hi1;
    __m256i lo0 = cxb_avx2_mul_lohi(c[0], m0, &hi0);
    __m256i lo1 = cxb_avx2_mul_lohi(c[2], m1, &hi1);
    c[0] = _mm256_xor_si256(_mm256_xor_si256(hi1, c[1]), k0);
    c[1] = lo1;
    c[2] = _mm256_xor_si256(_mm256_xor_si256(hi0, c[3]), k1);
    c[3] = lo0;
}

/* The four words of 8 blocks (one vector per word) to 8 blocks of 4 words, in order. */
CXB_AVX2_FN void cxb_avx2_store_blocks(const __m256i c[4], uint32_t *w)
{
    __m256i t0 = _mm256_unpacklo_epi32(c[0], c[1]), t1 = _mm256_unpacklo_epi32(c[2], c[3]);
    __m256i t2 = _mm256_unpackhi_epi32(c[0], c[1]), t3 = _mm256_unpackhi_epi32(c[2], c[3]);
    __m256i u0 = _mm256_unpacklo_epi64(t0, t1); /* blocks 0 | 4 */
    __m256i u1 = _mm256_unpackhi_epi64(t0, t1); /* blocks 1 | 5 */
    __m256i u2 = _mm256_unpacklo_epi64(t2, t3); /* blocks 2 | 6 */
    __m256i u3 = _mm256_unpackhi_epi64(t2, t3); /* blocks 3 | 7 */
    _mm256_storeu_si256((__m256i *)(void *)(w + 0), _mm256_permute2x128_si256(u0, u1, 0x20));
    _mm256_storeu_si256((__m256i *)(void *)(w + 8), _mm256_permute2x128_si256(u2, u3, 0x20));
    _mm256_storeu_si256((__m256i *)(void *)(w + 16), _mm256_permute2x128_si256(u0, u1, 0x31));
    _mm256_storeu_si256((__m256i *)(void *)(w + 24), _mm256_permute2x128_si256(u2, u3, 0x31));
}

CXB_AVX2_FN void cxb_bulk_philox_lanes_avx2(uint64_t seed, uint64_t stream, uint64_t b0, unsigned rounds,
                                            uint32_t w[4 * CXB_BULK_LANES])
{
    /* counters (b0 + j lo, hi, stream lo, stream hi), b0 + j mod 2^64 */
    uint32_t lo[CXB_BULK_LANES], hi[CXB_BULK_LANES];
    const uint32_t lo0 = (uint32_t)b0, hi0 = (uint32_t)(b0 >> 32);
    for (uint32_t j = 0; j < CXB_BULK_LANES; ++j) {
        lo[j] = lo0 + j;
        hi[j] = hi0 + (lo[j] < lo0);
    }
    const __m256i s0 = _mm256_set1_epi32((int)(uint32_t)stream), s1 = _mm256_set1_epi32((int)(uint32_t)(stream >> 32));
    __m256i a[4] = {_mm256_loadu_si256((const __m256i *)(const void *)lo),
                    _mm256_loadu_si256((const __m256i *)(const void *)hi), s0, s1};
    __m256i b[4] = {_mm256_loadu_si256((const __m256i *)(const void *)(lo + 8)),
                    _mm256_loadu_si256((const __m256i *)(const void *)(hi + 8)), s0, s1};
    uint32_t k0 = (uint32_t)seed, k1 = (uint32_t)(seed >> 32);
#pragma GCC unroll 16
    for (unsigned r = 0; r < 16; ++r) { /* as cxb_philox4x32_block: unrolled, rounds folded */
        if (r >= rounds)
            break;
        if (r > 0) {
            k0 += CXB_PHILOX_W0;
            k1 += CXB_PHILOX_W1;
        }
        __m256i vk0 = _mm256_set1_epi32((int)k0), vk1 = _mm256_set1_epi32((int)k1);
        cxb_avx2_philox_round(a, vk0, vk1);
        cxb_avx2_philox_round(b, vk0, vk1);
    }
    cxb_avx2_store_blocks(a, w);
    cxb_avx2_store_blocks(b, w + 32);
}

CXB_AVX2_FN void cxb_bulk_lanes_avx2_philox4x32(uint64_t seed, uint64_t stream, uint64_t b0,
                                                uint32_t w[4 * CXB_BULK_LANES])
{
    cxb_bulk_philox_lanes_avx2(seed, stream, b0, 10, w);
}
CXB_AVX2_FN void cxb_bulk_lanes_avx2_philox4x32_r7(uint64_t seed, uint64_t stream, uint64_t b0,
                                                   uint32_t w[4 * CXB_BULK_LANES])
{
    cxb_bulk_philox_lanes_avx2(seed, stream, b0, 7, w);
}
CXB_AVX2_FN void cxb_bulk_lanes_avx2_threefry4x32(uint64_t seed, uint64_t stream, uint64_t b0,
                                                  uint32_t w[4 * CXB_BULK_LANES])
{
    cxb_bulk_lanes_threefry4x32(seed, stream, b0, w);
}

#if CXB_HAVE_MTGP32
/* MTGP32 (Saito, Matsumoto 2013; MersenneTwister-Lab/MTGP mtgp32-fast.h; docs/studies/prng.md): 8
 * consecutive steps of a run per vector. Within a run (cxb_mtgp32_run) step k reads s_k,
 * s_{k+1}, s_{k+pos}, s_{k+pos-1} at fixed offsets, and the nearest word it reads that an
 * earlier step of the run wrote is N - pos >= 8 steps back (checked below), so 8 steps load
 * their inputs and then store their words exactly as one at a time would (the GPU does N -
 * pos at once). The 16-word tables (tbl, tmp_tbl) are two vpermd each and a blend on bit 3
 * of the index: no gather. The same words as cxb_mtgp32_run_u32 (tests/prng/test_bulk_isa.c). */
CXB_AVX2_FN __m256i cxb_avx2_lut16(__m256i lo, __m256i hi, __m256i idx)
{
    __m256 a = _mm256_castsi256_ps(_mm256_permutevar8x32_epi32(lo, idx));
    __m256 b = _mm256_castsi256_ps(_mm256_permutevar8x32_epi32(hi, idx));
    return _mm256_castps_si256(_mm256_blendv_ps(a, b, _mm256_castsi256_ps(_mm256_slli_epi32(idx, 28))));
}

CXB_AVX2_FN void cxb_mtgp32_fill_u32_avx2(cxb_mtgp32_state *st, uint32_t *out, uint64_t count)
{
    if (CXB_MTGP32_N - st->p.pos < 8) { /* no parameter set of MTGP32-11213 has pos > N - 8 */
        cxb_mtgp32_fill_u32(st, out, count);
        return;
    }
    const __m256i mask = _mm256_set1_epi32((int)st->p.mask), m15 = _mm256_set1_epi32(15);
    const __m128i sh1 = _mm_cvtsi32_si128((int)st->p.sh1), sh2 = _mm_cvtsi32_si128((int)st->p.sh2);
    const __m256i tlo = _mm256_loadu_si256((const __m256i *)(const void *)st->p.tbl);
    const __m256i thi = _mm256_loadu_si256((const __m256i *)(const void *)(st->p.tbl + 8));
    const __m256i mlo = _mm256_loadu_si256((const __m256i *)(const void *)st->p.tmp_tbl);
    const __m256i mhi = _mm256_loadu_si256((const __m256i *)(const void *)(st->p.tmp_tbl + 8));
    uint32_t k = st->i;
    while (count > 0) {
        int32_t off[3];
        uint32_t end = cxb_mtgp32_run(st->p.pos, k, count, off), len = end - k, i = 0;
        uint32_t *s = st->s + k;
        const uint32_t *s1 = s + off[0], *sp = s + off[1], *st1 = s + off[2];
        for (; i + 8 <= len; i += 8) {
            __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)(s + i));
            __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(s1 + i));
            __m256i c = _mm256_loadu_si256((const __m256i *)(const void *)(sp + i));
            __m256i d = _mm256_loadu_si256((const __m256i *)(const void *)(st1 + i));
            __m256i x = _mm256_xor_si256(_mm256_and_si256(a, mask), b);
            x = _mm256_xor_si256(x, _mm256_sll_epi32(x, sh1));
            __m256i y = _mm256_xor_si256(x, _mm256_srl_epi32(c, sh2));
            __m256i r = _mm256_xor_si256(y, cxb_avx2_lut16(tlo, thi, _mm256_and_si256(y, m15)));
            __m256i t = _mm256_xor_si256(d, _mm256_srli_epi32(d, 16));
            t = _mm256_and_si256(_mm256_xor_si256(t, _mm256_srli_epi32(t, 8)), m15);
            _mm256_storeu_si256((__m256i *)(void *)(s + i), r);
            _mm256_storeu_si256((__m256i *)(void *)(out + i), _mm256_xor_si256(r, cxb_avx2_lut16(mlo, mhi, t)));
        }
        if (i < len) /* the rest of the run, one step at a time */
            cxb_mtgp32_run_u32(st, k + i, end, off, out + i);
        out += len;
        count -= len;
        k = end == CXB_MTGP32_N ? 0 : end;
    }
    st->i = k;
}
#endif

#endif
