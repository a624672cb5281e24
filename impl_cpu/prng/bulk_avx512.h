/* impl_cpu/prng/bulk_avx512.h - the AVX-512 versions of cxb_bulk_lanes_t (cxb/prng/gen_core.h)
 * and of the MT19937 fill, for the AVX-512 clones of the CPU bulk tiles (impl_cpu/prng/bulk.c,
 * chosen at run time by __builtin_cpu_supports("avx512f"); fallback order avx512 > avx2 >
 * baseline).
 *
 * Philox4x32-R (Salmon et al., SC11; DEShawResearch/random123 include/Random123/philox.h;
 * docs/studies/prng.md) on all CXB_BULK_LANES = 16 blocks in one 512-bit vector per word. Why: on the
 * H100 machine's Xeon host the AVX2 tile left seq Philox at 2.27x cuRAND's host generator (G5
 * asks 3x, docs/studies/prng.md). Against the AVX2 version (impl_cpu/prng/bulk_avx2.h) a 32 x 32 -> 64
 * product is two vpmuludq zmm, one vpshufd to bring the odd words down and two masked vpshufd
 * to put the halves in their lanes (AVX2: three shifts and two blends), and the two xors of a
 * round are one vpternlogd. The 16 blocks are then transposed to 4-word blocks in order with
 * unpacks and vshufi64x2. The words are exactly cxb_philox4x32_block's: tests/prng/test_bulk_isa.c
 * compares every version with the stream API.
 *
 * Threefry4x32-20 with intrinsics too: gcc 12 compiles the portable lanes loop for avx512f into
 * a mix of scalar ror/rol and vpinsrd/vpextrd (objdump), no faster than its AVX2 code; here each
 * rotation is one vprolvd on 16 blocks.
 *
 * Only included where CXB_BULK_AVX2 (x86-64, GCC or Clang): every function carries the avx512f
 * target attribute, so the file compiles without -mavx512f and runs only where the CPU has it.
 */
#ifndef CXB_IMPL_CPU_PRNG_BULK_AVX512_H
#define CXB_IMPL_CPU_PRNG_BULK_AVX512_H

#include <immintrin.h>
#include <stdint.h>

#include "cxb/prng/gen_core.h"

#define CXB_AVX512_TARGET __attribute__((target("avx512f")))
#define CXB_AVX512_FN static inline __attribute__((target("avx512f"), always_inline))

_Static_assert(CXB_BULK_LANES == 16, "the AVX-512 lanes are one vector of 16 blocks");

/* Lane-wise 32 x 32 -> 64 product of a and the constant m: the low words, *hi the high ones. */
CXB_AVX512_FN __m512i cxb_avx512_mul_lohi(__m512i a, __m512i m, __m512i *hi)
{
    __m512i pe = _mm512_mul_epu32(a, m);                                    /* lanes 0, 2, ... */
    __m512i po = _mm512_mul_epu32(_mm512_shuffle_epi32(a, _MM_PERM_CDAB), m); /* lanes 1, 3, ... */
    /* hi: odd words of pe moved down into the even lanes, odd lanes from po's odd words */
    *hi = _mm512_mask_shuffle_epi32(po, 0x5555, pe, _MM_PERM_CDAB);
    /* lo: even lanes from pe's even words, odd lanes from po's even words moved up */
    return _mm512_mask_shuffle_epi32(pe, 0xAAAA, po, _MM_PERM_CDAB);
}

/* The four words of 16 blocks (one vector per word) to 16 blocks of 4 words, in order. */
CXB_AVX512_FN void cxb_avx512_store_blocks(const __m512i c[4], uint32_t *w)
{
    __m512i t0 = _mm512_unpacklo_epi32(c[0], c[1]), t1 = _mm512_unpacklo_epi32(c[2], c[3]);
    __m512i t2 = _mm512_unpackhi_epi32(c[0], c[1]), t3 = _mm512_unpackhi_epi32(c[2], c[3]);
    __m512i u0 = _mm512_unpacklo_epi64(t0, t1); /* blocks 0 | 4 | 8 | 12 */
    __m512i u1 = _mm512_unpackhi_epi64(t0, t1); /* blocks 1 | 5 | 9 | 13 */
    __m512i u2 = _mm512_unpacklo_epi64(t2, t3); /* blocks 2 | 6 | 10 | 14 */
    __m512i u3 = _mm512_unpackhi_epi64(t2, t3); /* blocks 3 | 7 | 11 | 15 */
    __m512i v0 = _mm512_shuffle_i64x2(u0, u1, _MM_SHUFFLE(2, 0, 2, 0)); /* 0 | 8 | 1 | 9 */
    __m512i v1 = _mm512_shuffle_i64x2(u2, u3, _MM_SHUFFLE(2, 0, 2, 0)); /* 2 | 10 | 3 | 11 */
    __m512i v2 = _mm512_shuffle_i64x2(u0, u1, _MM_SHUFFLE(3, 1, 3, 1)); /* 4 | 12 | 5 | 13 */
    __m512i v3 = _mm512_shuffle_i64x2(u2, u3, _MM_SHUFFLE(3, 1, 3, 1)); /* 6 | 14 | 7 | 15 */
    _mm512_storeu_si512((void *)(w + 0), _mm512_shuffle_i64x2(v0, v1, _MM_SHUFFLE(2, 0, 2, 0)));
    _mm512_storeu_si512((void *)(w + 16), _mm512_shuffle_i64x2(v2, v3, _MM_SHUFFLE(2, 0, 2, 0)));
    _mm512_storeu_si512((void *)(w + 32), _mm512_shuffle_i64x2(v0, v1, _MM_SHUFFLE(3, 1, 3, 1)));
    _mm512_storeu_si512((void *)(w + 48), _mm512_shuffle_i64x2(v2, v3, _MM_SHUFFLE(3, 1, 3, 1)));
}

CXB_AVX512_FN void cxb_bulk_philox_lanes_avx512(uint64_t seed, uint64_t stream, uint64_t b0, unsigned rounds,
                                                uint32_t w[4 * CXB_BULK_LANES])
{
    /* counters (b0 + j lo, hi, stream lo, stream hi), b0 + j mod 2^64: the high word takes a
     * carry in the lanes whose low word wrapped */
    const __m512i iota = _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    const __m512i lo0 = _mm512_set1_epi32((int)(uint32_t)b0);
    __m512i lo = _mm512_add_epi32(lo0, iota);
    __mmask16 carry = _mm512_cmplt_epu32_mask(lo, lo0);
    __m512i hi = _mm512_set1_epi32((int)(uint32_t)(b0 >> 32));
    hi = _mm512_mask_add_epi32(hi, carry, hi, _mm512_set1_epi32(1));
    __m512i c[4] = {lo, hi, _mm512_set1_epi32((int)(uint32_t)stream), _mm512_set1_epi32((int)(uint32_t)(stream >> 32))};
    const __m512i m0 = _mm512_set1_epi32((int)CXB_PHILOX_M0), m1 = _mm512_set1_epi32((int)CXB_PHILOX_M1);
    uint32_t k0 = (uint32_t)seed, k1 = (uint32_t)(seed >> 32);
#pragma GCC unroll 16
    for (unsigned r = 0; r < 16; ++r) { /* as cxb_philox4x32_block: unrolled, rounds folded */
        if (r >= rounds)
            break;
        if (r > 0) {
            k0 += CXB_PHILOX_W0;
            k1 += CXB_PHILOX_W1;
        }
        __m512i hi0, hi1;
        __m512i lo0r = cxb_avx512_mul_lohi(c[0], m0, &hi0);
        __m512i lo1r = cxb_avx512_mul_lohi(c[2], m1, &hi1);
        /* 0x96: a ^ b ^ c */
        c[0] = _mm512_ternarylogic_epi32(hi1, c[1], _mm512_set1_epi32((int)k0), 0x96);
        c[1] = lo1r;
        c[2] = _mm512_ternarylogic_epi32(hi0, c[3], _mm512_set1_epi32((int)k1), 0x96);
        c[3] = lo0r;
    }
    cxb_avx512_store_blocks(c, w);
}

CXB_AVX512_FN void cxb_bulk_lanes_avx512_philox4x32(uint64_t seed, uint64_t stream, uint64_t b0,
                                                    uint32_t w[4 * CXB_BULK_LANES])
{
    cxb_bulk_philox_lanes_avx512(seed, stream, b0, 10, w);
}
CXB_AVX512_FN void cxb_bulk_lanes_avx512_philox4x32_r7(uint64_t seed, uint64_t stream, uint64_t b0,
                                                       uint32_t w[4 * CXB_BULK_LANES])
{
    cxb_bulk_philox_lanes_avx512(seed, stream, b0, 7, w);
}
/* Threefry4x32-20 (Salmon et al., SC11; random123 threefry.h; docs/studies/prng.md) on 16 blocks: the
 * rounds of cxb_threefry4x32_block with each rotation one vprolvd (the rotate counts broadcast:
 * vprold takes an immediate, which the unrolled loop's rot[] table is not before inlining). */
CXB_AVX512_FN void cxb_bulk_lanes_avx512_threefry4x32(uint64_t seed, uint64_t stream, uint64_t b0,
                                                      uint32_t w[4 * CXB_BULK_LANES])
{
    static const unsigned char rot[8][2] = {{10, 26}, {11, 21}, {13, 27}, {23, 5},
                                            {6, 20},  {17, 11}, {25, 10}, {18, 20}};
    uint32_t ks[5] = {(uint32_t)seed, (uint32_t)(seed >> 32), 0u, 0u, CXB_THREEFRY_PARITY32};
    ks[4] ^= ks[0] ^ ks[1];
    const __m512i iota = _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    const __m512i lo0 = _mm512_set1_epi32((int)(uint32_t)b0);
    __m512i lo = _mm512_add_epi32(lo0, iota);
    __mmask16 carry = _mm512_cmplt_epu32_mask(lo, lo0);
    __m512i hi = _mm512_set1_epi32((int)(uint32_t)(b0 >> 32));
    hi = _mm512_mask_add_epi32(hi, carry, hi, _mm512_set1_epi32(1));
    __m512i x0 = _mm512_add_epi32(lo, _mm512_set1_epi32((int)ks[0]));
    __m512i x1 = _mm512_add_epi32(hi, _mm512_set1_epi32((int)ks[1]));
    __m512i x2 = _mm512_set1_epi32((int)((uint32_t)stream + ks[2]));
    __m512i x3 = _mm512_set1_epi32((int)((uint32_t)(stream >> 32) + ks[3]));
#pragma GCC unroll 24
    for (unsigned r = 0; r < 20; ++r) {
        const __m512i a = _mm512_set1_epi32(rot[r % 8][0]), b = _mm512_set1_epi32(rot[r % 8][1]);
        if (r % 2 == 0) {
            x0 = _mm512_add_epi32(x0, x1);
            x1 = _mm512_xor_si512(_mm512_rolv_epi32(x1, a), x0);
            x2 = _mm512_add_epi32(x2, x3);
            x3 = _mm512_xor_si512(_mm512_rolv_epi32(x3, b), x2);
        } else {
            x0 = _mm512_add_epi32(x0, x3);
            x3 = _mm512_xor_si512(_mm512_rolv_epi32(x3, a), x0);
            x2 = _mm512_add_epi32(x2, x1);
            x1 = _mm512_xor_si512(_mm512_rolv_epi32(x1, b), x2);
        }
        if (r % 4 == 3) { /* injection j = (r + 1) / 4 */
            uint32_t j = (r + 1) / 4;
            x0 = _mm512_add_epi32(x0, _mm512_set1_epi32((int)ks[j % 5]));
            x1 = _mm512_add_epi32(x1, _mm512_set1_epi32((int)ks[(j + 1) % 5]));
            x2 = _mm512_add_epi32(x2, _mm512_set1_epi32((int)ks[(j + 2) % 5]));
            x3 = _mm512_add_epi32(x3, _mm512_set1_epi32((int)(ks[(j + 3) % 5] + j)));
        }
    }
    const __m512i c[4] = {x0, x1, x2, x3};
    cxb_avx512_store_blocks(c, w);
}

#endif
