/* cxb/rng/philox.h - Philox4x32-R, a counter-based generator: one definition for every
 * backend, and cuRAND's device-API stream semantics on top of it.
 *
 * Source: J. K. Salmon, M. A. Moraes, R. O. Dror, D. E. Shaw (2011), "Parallel random
 * numbers: as easy as 1, 2, 3" (SC11); reference DEShawResearch/random123
 * include/Random123/philox.h. Study page: docs/studies/prng.md.
 *
 * Block: counter (c0..c3) and key (k0, k1), all uint32 -> four uint32. A round multiplies
 * c0 and c2 by two constants (64-bit products split hi/lo) and mixes in the key, which is
 * bumped by the Weyl constants before every round but the first. R = 10 is the standard
 * (Philox4x32-10, cuRAND's Philox4_32_10); R = 7 is what fused GPU code often uses.
 *
 * Stream (cxb_philox4x32_init): exactly curand_init(seed, subsequence, offset, &state)
 * followed by curand(): key = (lo32 seed, hi32 seed); counter = (0, 0, lo32 subsequence,
 * hi32 subsequence); then the 64-bit (c0, c1) advances by offset / 4 and the first output
 * is lane offset mod 4 of that block. Outputs are the lanes 0..3 of a block, then the
 * 128-bit counter increments with carry from c0. A subsequence is 2^66 outputs.
 */
#ifndef CXB_RNG_PHILOX_H
#define CXB_RNG_PHILOX_H

#include <stdint.h>

#include "cxb/hd.h"

#define CXB_PHILOX_M0 0xD2511F53u
#define CXB_PHILOX_M1 0xCD9E8D57u
#define CXB_PHILOX_W0 0x9E3779B9u /* golden ratio */
#define CXB_PHILOX_W1 0xBB67AE85u /* sqrt(3) - 1 */

typedef struct cxb_philox4x32_ctr {
    uint32_t v[4];
} cxb_philox4x32_ctr;

typedef struct cxb_philox4x32_key {
    uint32_t v[2];
} cxb_philox4x32_key;

/* The block function: R rounds (1..16) of Philox4x32 on (ctr, key). */
static inline CXB_HD cxb_philox4x32_ctr cxb_philox4x32_block(cxb_philox4x32_ctr c,
                                                            cxb_philox4x32_key k, unsigned rounds)
{
    /* The loop runs to the constant bound 16 and stops at rounds, so that it is fully
     * unrolled and, where rounds is a constant (10, 7) after inlining, the tests fold away:
     * with `r < rounds` as its bound nvcc unrolled the generic bulk kernel's loop only by 4
     * with a remainder loop, which cost 16% of the throughput on the H100 (599 against
     * 716 G/s at 2^28, impl_cuda/prng/bulk.cu). */
#if defined(__CUDA_ARCH__)
#pragma unroll
#elif defined(__GNUC__) && !defined(__CUDACC__)
#pragma GCC unroll 16
#endif
    for (unsigned r = 0; r < 16; ++r) {
        if (r >= rounds)
            break;
        if (r > 0) {
            k.v[0] += CXB_PHILOX_W0;
            k.v[1] += CXB_PHILOX_W1;
        }
        uint64_t p0 = (uint64_t)CXB_PHILOX_M0 * c.v[0];
        uint64_t p1 = (uint64_t)CXB_PHILOX_M1 * c.v[2];
        cxb_philox4x32_ctr n;
        n.v[0] = (uint32_t)(p1 >> 32) ^ c.v[1] ^ k.v[0];
        n.v[1] = (uint32_t)p1;
        n.v[2] = (uint32_t)(p0 >> 32) ^ c.v[3] ^ k.v[1];
        n.v[3] = (uint32_t)p0;
        c = n;
    }
    return c;
}

/* A stream with cuRAND's device-API semantics (see the top of this file). */
/* 48 bytes aligned to 16, the blocks first: a GPU thread loads or stores its state in three
 * 16-byte accesses. Unaligned (4-byte words, key between the blocks), the initialisation
 * kernel of 2^22 states took 0.58 ms against curand_init's 0.23 on the H100. */
typedef struct cxb_philox4x32_state {
    CXB_ALIGN(16) cxb_philox4x32_ctr ctr;
    cxb_philox4x32_ctr out; /* the block of ctr */
    cxb_philox4x32_key key;
    uint32_t lane; /* next output: word lane of out; 4: the block of ctr is used up */
    uint32_t rounds;
} cxb_philox4x32_state;

/* 128-bit counter += 1, carrying from word 0 upwards. */
static inline CXB_HD void cxb_philox4x32_ctr_incr(cxb_philox4x32_ctr *c)
{
    for (int i = 0; i < 4; ++i)
        if (++c->v[i] != 0)
            break;
}

/* 128-bit counter += n (a 64-bit block count, added to words 0-1 and carried on). */
static inline CXB_HD void cxb_philox4x32_ctr_add(cxb_philox4x32_ctr *c, uint64_t n)
{
    uint64_t lo = ((uint64_t)c->v[1] << 32 | c->v[0]) + n;
    int carry = lo < n;
    c->v[0] = (uint32_t)lo;
    c->v[1] = (uint32_t)(lo >> 32);
    for (int i = 2; i < 4 && carry; ++i)
        carry = ++c->v[i] == 0;
}

static inline CXB_HD void cxb_philox4x32_init_r(cxb_philox4x32_state *s, uint64_t seed,
                                                uint64_t subsequence, uint64_t offset,
                                                unsigned rounds)
{
    s->key.v[0] = (uint32_t)seed;
    s->key.v[1] = (uint32_t)(seed >> 32);
    s->ctr.v[0] = s->ctr.v[1] = 0;
    s->ctr.v[2] = (uint32_t)subsequence;
    s->ctr.v[3] = (uint32_t)(subsequence >> 32);
    s->rounds = rounds;
    cxb_philox4x32_ctr_add(&s->ctr, offset / 4);
    s->lane = (uint32_t)(offset % 4);
    s->out = cxb_philox4x32_block(s->ctr, s->key, rounds);
}

/* curand_init(seed, subsequence, offset) for Philox4_32_10. */
static inline CXB_HD void cxb_philox4x32_init(cxb_philox4x32_state *s, uint64_t seed,
                                              uint64_t subsequence, uint64_t offset)
{
    cxb_philox4x32_init_r(s, seed, subsequence, offset, 10);
}

/* Word `lane` (0..3) of a block, by selects: indexing the array with a run-time lane makes
 * nvcc keep the block in local memory (a stack frame per thread, a store of four words and a
 * load per draw), which held a device-API kernel drawing 64 words a thread to 202 G/s against
 * curand()'s 360 on the H100 (results/h100-sxm/README.md). */
static inline CXB_HD uint32_t cxb_philox4x32_word(cxb_philox4x32_ctr b, uint32_t lane)
{
    uint32_t lo = lane & 1u ? b.v[1] : b.v[0], hi = lane & 1u ? b.v[3] : b.v[2];
    return lane & 2u ? hi : lo;
}

/* curand(): the next output. */
static inline CXB_HD uint32_t cxb_philox4x32_next_u32(cxb_philox4x32_state *s)
{
    /* lazily: a block is computed when its first word is drawn, so drawing a whole block
     * (bulk chunks of 4) costs one block function, not two. lane == 4: block used up. */
    if (s->lane == 4) {
        s->lane = 0;
        cxb_philox4x32_ctr_incr(&s->ctr);
        /* R = 10 (every stream of curand_init) gets its own copy of the block function with
         * the round count folded in; a run-time count keeps a test and a branch per round */
        s->out = s->rounds == 10 ? cxb_philox4x32_block(s->ctr, s->key, 10)
                                 : cxb_philox4x32_block(s->ctr, s->key, s->rounds);
    }
    return cxb_philox4x32_word(s->out, s->lane++);
}

/* Bulk generation (prng.philox4x32.*): output i of curand_init(seed, 0, 0) + curand() is
 * word i mod 4 of block i / 4, the block of counter (j lo, j hi, 0, 0). Every backend
 * computes block j with this function, so they agree whatever their decomposition. */
static inline CXB_HD cxb_philox4x32_ctr cxb_philox4x32_bulk_block(uint64_t seed, unsigned rounds,
                                                                 uint64_t j)
{
    cxb_philox4x32_ctr c = {{(uint32_t)j, (uint32_t)(j >> 32), 0u, 0u}};
    cxb_philox4x32_key k = {{(uint32_t)seed, (uint32_t)(seed >> 32)}};
    return cxb_philox4x32_block(c, k, rounds);
}

/* Outputs [first, first + n) of the bulk stream into out[0..n): the per-range work that
 * seq and pthreads share (ranges need not be block-aligned). */
static inline CXB_HD void cxb_philox4x32_bulk_range(uint64_t seed, unsigned rounds, uint64_t first,
                                                    uint64_t n, uint32_t *out)
{
    uint64_t i = 0;
    while (i < n) {
        uint64_t pos = first + i, j = pos / 4;
        cxb_philox4x32_ctr b = cxb_philox4x32_bulk_block(seed, rounds, j);
        for (unsigned l = (unsigned)(pos % 4); l < 4 && i < n; ++l)
            out[i++] = b.v[l];
    }
}

#endif
