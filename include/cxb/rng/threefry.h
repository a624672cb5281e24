/* cxb/rng/threefry.h - Threefry4x32-R, the counter-based generator built on the Threefish
 * block cipher (add-rotate-xor, no multiplies): one definition for every backend.
 *
 * Source: Salmon et al. (2011), SC11; reference DEShawResearch/random123
 * include/Random123/threefry.h. Study page: docs/studies/prng.md.
 *
 * Key schedule ks[0..3] = key, ks[4] = 0x1BD11BDA ^ k0 ^ k1 ^ k2 ^ k3 (Skein's parity).
 * The key is injected first and after every fourth round (injection j adds ks[(j+i) mod 5]
 * to word i and j to word 3). Rounds alternate two word pairings; rotation amounts cycle
 * through eight pairs. R = 20 is the standard (Threefry4x32-20).
 */
#ifndef CXB_RNG_THREEFRY_H
#define CXB_RNG_THREEFRY_H

#include <stdint.h>

#include "cxb/hd.h"

#define CXB_THREEFRY_PARITY32 0x1BD11BDAu

typedef struct cxb_threefry4x32_ctr {
    uint32_t v[4];
} cxb_threefry4x32_ctr;

typedef struct cxb_threefry4x32_key {
    uint32_t v[4];
} cxb_threefry4x32_key;

static inline CXB_HD uint32_t cxb_threefry_rotl32(uint32_t x, unsigned n)
{
    return (x << (n & 31u)) | (x >> ((32u - n) & 31u));
}

/* The block function: R rounds (0..72) of Threefry4x32 on (ctr, key). */
static inline CXB_HD cxb_threefry4x32_ctr cxb_threefry4x32_block(cxb_threefry4x32_ctr c,
                                                                cxb_threefry4x32_key k,
                                                                unsigned rounds)
{
    static const unsigned char rot[8][2] = {{10, 26}, {11, 21}, {13, 27}, {23, 5},
                                            {6, 20},  {17, 11}, {25, 10}, {18, 20}};
    uint32_t ks[5];
    ks[4] = CXB_THREEFRY_PARITY32;
    for (int i = 0; i < 4; ++i) {
        ks[i] = k.v[i];
        ks[4] ^= k.v[i];
    }
    uint32_t x0 = c.v[0] + ks[0], x1 = c.v[1] + ks[1], x2 = c.v[2] + ks[2], x3 = c.v[3] + ks[3];
    /* fully unrolled where rounds is a constant (20), so that rotations and key indices are
     * constants: gcc peels at most 16 iterations by itself (2x slower rolled up) */
#if defined(__CUDA_ARCH__)
#pragma unroll
#elif defined(__GNUC__) && !defined(__CUDACC__)
#pragma GCC unroll 24
#endif
    for (unsigned r = 0; r < rounds; ++r) {
        unsigned a = rot[r % 8][0], b = rot[r % 8][1];
        if (r % 2 == 0) {
            x0 += x1;
            x1 = cxb_threefry_rotl32(x1, a) ^ x0;
            x2 += x3;
            x3 = cxb_threefry_rotl32(x3, b) ^ x2;
        } else {
            x0 += x3;
            x3 = cxb_threefry_rotl32(x3, a) ^ x0;
            x2 += x1;
            x1 = cxb_threefry_rotl32(x1, b) ^ x2;
        }
        if (r % 4 == 3) { /* injection j = (r + 1) / 4 */
            uint32_t j = (r + 1) / 4;
            x0 += ks[j % 5];
            x1 += ks[(j + 1) % 5];
            x2 += ks[(j + 2) % 5];
            x3 += ks[(j + 3) % 5] + j;
        }
    }
    cxb_threefry4x32_ctr o = {{x0, x1, x2, x3}};
    return o;
}

/* ---- the uniform stream API of cxb/rng/all.h [C] ----
 * Threefry4x32-20 has no cuRAND counterpart; its stream is laid out like cuRAND's Philox:
 * key = (lo32 seed, hi32 seed, 0, 0), counter = (block lo, block hi, stream lo, stream hi),
 * the four words of a block in order; offset k starts at word k mod 4 of block k / 4. */
typedef struct cxb_threefry4x32_state {
    cxb_threefry4x32_ctr ctr, out;
    cxb_threefry4x32_key key;
    uint32_t lane;
} cxb_threefry4x32_state;

static inline CXB_HD void cxb_threefry4x32_init(cxb_threefry4x32_state *s, uint64_t seed, uint64_t stream,
                                                uint64_t offset)
{
    uint64_t blk = offset / 4;
    s->key.v[0] = (uint32_t)seed;
    s->key.v[1] = (uint32_t)(seed >> 32);
    s->key.v[2] = s->key.v[3] = 0;
    s->ctr.v[0] = (uint32_t)blk;
    s->ctr.v[1] = (uint32_t)(blk >> 32);
    s->ctr.v[2] = (uint32_t)stream;
    s->ctr.v[3] = (uint32_t)(stream >> 32);
    s->lane = (uint32_t)(offset % 4);
    s->out = cxb_threefry4x32_block(s->ctr, s->key, 20);
}

static inline CXB_HD uint32_t cxb_threefry4x32_next_u32(cxb_threefry4x32_state *s)
{
    if (s->lane == 4) { /* lazily, as Philox's: the next block when its first word is drawn */
        s->lane = 0;
        for (int i = 0; i < 4; ++i) /* 128-bit counter increment, C0 first */
            if (++s->ctr.v[i] != 0)
                break;
        s->out = cxb_threefry4x32_block(s->ctr, s->key, 20);
    }
    /* by selects, not a run-time array index, which would keep the block in local memory on
     * the GPU (cxb/rng/philox.h, cxb_philox4x32_word) */
    const uint32_t l = s->lane++;
    const uint32_t lo = l & 1u ? s->out.v[1] : s->out.v[0], hi = l & 1u ? s->out.v[3] : s->out.v[2];
    return l & 2u ? hi : lo;
}

#endif
