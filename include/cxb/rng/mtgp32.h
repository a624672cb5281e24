/* cxb/rng/mtgp32.h - MTGP32-11213, the Mersenne Twister for Graphic Processors (32-bit,
 * period 2^11213 - 1), one definition for every backend.
 *
 * Sources: M. Saito, M. Matsumoto (2013), "Variants of Mersenne Twister suitable for graphic
 * processors", ACM TOMS 39(2); reference MersenneTwister-Lab/MTGP mtgp32-fast.h/.c
 * (para_rec, temper, mtgp32_init_state); cuRAND's curand_mtgp32_host.h (mtgp32_init_state,
 * curandMakeMTGP32KernelState) and curand_mtgp32_kernel.h. Study page: docs/studies/prng.md.
 *
 * The state is a sequence s_0, s_1, ... of N = 351 words kept in a ring of N; step k makes
 *   X = (s_k & mask) ^ s_{k+1}; X ^= X << sh1; Y = X ^ (s_{k+pos} >> sh2);
 *   s_{k+N} = Y ^ tbl[Y & 15]
 * and outputs s_{k+N} ^ tmp_tbl[T & 15] with T = s_{k+pos-1}, T ^= T >> 16, T ^= T >> 8.
 * A GPU block computes up to N - pos of these steps at once (they read only older words),
 * which is how cuRAND and impl_cuda/prng/mtgp32.cu use it; here they run one at a time
 * (cxb_mtgp32_next_u32), or a block of them without index reductions (cxb_mtgp32_fill_u32,
 * the CPU bulk tiles).
 *
 * Parameter sets: cuRAND's 200 DC sets mtgp32dc_params_fast_11213, read from the CUDA
 * toolkit at configure time into generated/cxb/rng/mtgp32_dc_11213.h (cmake/CxbMtgp32.cmake;
 * docs/studies/prng.md: the table is not committed). Without a toolkit CXB_HAVE_MTGP32 is 0: the core
 * below still compiles (any parameter set can be passed in), but the DC table, the uniform
 * stream API and mtgp32's line of CXB_RNG_LIST are absent.
 *
 * The uniform stream API (cxb/rng/all.h), parameterisation (docs/studies/prng.md): stream i of seed
 * is cuRAND's MTGP32 kernel state i of curandMakeMTGP32KernelState(seed): parameter set
 * i mod 200, seeded by mtgp32_init_state with (uint32)(seed ^ seed >> 32) + i + 1. Streams
 * 200 apart share a parameter set and differ only in the seed (random spacing within the set:
 * a cxbench extension, cuRAND stops at 200). The state carries a copy of its parameter set
 * (52 words), so a state alone is enough on any backend. The offset is stepped.
 *
 * Deviation from cuRAND's device state: cuRAND keeps a 1024-word ring and a pointer to the
 * parameter tables; the sequence of words is the same.
 */
#ifndef CXB_RNG_MTGP32_H
#define CXB_RNG_MTGP32_H

#include <stdint.h>

#include "cxb/config.h"
#include "cxb/hd.h"

#define CXB_MTGP32_MEXP 11213
#define CXB_MTGP32_N 351 /* floor(mexp / 32) + 1 */

/* One parameter set (the fields of mtgp32_params_fast_t the generator uses). */
typedef struct cxb_mtgp32_params {
    uint32_t pos, sh1, sh2, mask;
    uint32_t tbl[16];         /* recursion */
    uint32_t tmp_tbl[16];     /* tempering of the uint32 output */
    uint32_t flt_tmp_tbl[16]; /* tempering straight into float [1, 2) bits */
} cxb_mtgp32_params;

typedef struct cxb_mtgp32_state {
    uint32_t s[CXB_MTGP32_N]; /* s[(k + j) mod N] = s_{k+j}, j < N, where k = next step */
    uint32_t i;               /* k mod N */
    cxb_mtgp32_params p;
} cxb_mtgp32_state;

#ifndef __cplusplus
_Static_assert(sizeof(cxb_mtgp32_params) == 52 * 4, "cxb_mtgp32_params is 52 words");
_Static_assert(sizeof(cxb_mtgp32_state) == (CXB_MTGP32_N + 1 + 52) * 4, "cxb_mtgp32_state layout");
#endif

/* mtgp32_init_state (cuRAND, = MTGP's mtgp32-fast.c): the seeding of one state. */
static inline CXB_HD void cxb_mtgp32_init_params(cxb_mtgp32_state *st, const cxb_mtgp32_params *p,
                                                 uint32_t seed)
{
    st->p = *p;
    uint32_t hidden = p->tbl[4] ^ (p->tbl[8] << 16);
    uint32_t b = hidden;
    b += b >> 16;
    b += b >> 8;
    b &= 0xFFu;
    uint32_t fill = b | b << 8 | b << 16 | b << 24; /* memset(state, b, ...) */
    for (uint32_t i = 0; i < CXB_MTGP32_N; ++i)
        st->s[i] = fill;
    st->s[0] = seed;
    st->s[1] = hidden;
    for (uint32_t i = 1; i < CXB_MTGP32_N; ++i)
        st->s[i] ^= 1812433253u * (st->s[i - 1] ^ (st->s[i - 1] >> 30)) + i;
    st->i = 0;
}

/* para_rec: s_{k+N} from s_k, s_{k+1}, s_{k+pos}. */
static inline CXB_HD uint32_t cxb_mtgp32_rec(const cxb_mtgp32_params *p, uint32_t x1, uint32_t x2, uint32_t y)
{
    uint32_t x = (x1 & p->mask) ^ x2;
    x ^= x << p->sh1;
    y = x ^ (y >> p->sh2);
    return y ^ p->tbl[y & 15u];
}

/* The tempering index of T = s_{k+pos-1}. */
static inline CXB_HD uint32_t cxb_mtgp32_temper_index(uint32_t t)
{
    t ^= t >> 16;
    t ^= t >> 8;
    return t & 15u;
}

/* One step: s_{k+N} into the ring, *t = the tempering index. */
static inline CXB_HD uint32_t cxb_mtgp32_step(cxb_mtgp32_state *st, uint32_t *t)
{
    uint32_t k = st->i, k1 = k + 1, kp = k + st->p.pos;
    if (k1 >= CXB_MTGP32_N)
        k1 -= CXB_MTGP32_N;
    uint32_t kt = kp - 1; /* pos >= 1 */
    if (kp >= CXB_MTGP32_N)
        kp -= CXB_MTGP32_N;
    if (kt >= CXB_MTGP32_N)
        kt -= CXB_MTGP32_N;
    uint32_t r = cxb_mtgp32_rec(&st->p, st->s[k], st->s[k1], st->s[kp]);
    *t = cxb_mtgp32_temper_index(st->s[kt]); /* read before s_k is overwritten (pos = 1) */
    st->s[k] = r;
    st->i = k1;
    return r;
}

static inline CXB_HD uint32_t cxb_mtgp32_next_u32(cxb_mtgp32_state *st)
{
    uint32_t t, r = cxb_mtgp32_step(st, &t);
    return r ^ st->p.tmp_tbl[t];
}

/* count uint32 outputs into out: count cxb_mtgp32_next_u32 calls, a block at a time, as
 * cxb_mt19937_regenerate does for MT19937. The steps from ring index k on are cut into runs in
 * which none of the ring indices k + 1, k + pos - 1, k + pos wraps past N (at most four runs
 * per N steps), so that within a run each is k plus a constant and the step needs no index
 * reduction and no branch, and the parameters sit in registers; per-output calls of
 * cxb_mtgp32_step reduce three indices each (prng.<g>.seq ran 0.42 G/s that way on the 2-core
 * VM, 1.5x cuRAND's CPU host generator; docs/studies/prng.md G5 asks 3x). Same words, same final state. */
/* The run of steps from ring index k (of count > 0 wanted): returns its end (<= N) and the
 * offsets off = {of k + 1, of k + pos, of k + pos - 1} from k, constant over the run. */
static inline CXB_HD uint32_t cxb_mtgp32_run(uint32_t pos, uint32_t k, uint64_t count, int32_t off[3])
{
    const uint32_t N = CXB_MTGP32_N;
    uint32_t end = count < N - k ? k + (uint32_t)count : N;
    const uint32_t cuts[3] = {N - 1, N - pos, N - pos + 1};
    for (int c = 0; c < 3; ++c)
        if (cuts[c] > k && cuts[c] < end)
            end = cuts[c];
    off[0] = k + 1 < N ? 1 : 1 - (int32_t)N;
    off[1] = k + pos < N ? (int32_t)pos : (int32_t)pos - (int32_t)N;
    off[2] = k + pos - 1 < N ? (int32_t)pos - 1 : (int32_t)pos - 1 - (int32_t)N;
    return end;
}

/* Steps [k, end) of one run (cxb_mtgp32_run) into the ring and out[0 .. end - k). */
static inline CXB_HD void cxb_mtgp32_run_u32(cxb_mtgp32_state *st, uint32_t k, uint32_t end, const int32_t off[3],
                                             uint32_t *out)
{
    const uint32_t mask = st->p.mask, sh1 = st->p.sh1, sh2 = st->p.sh2;
    const uint32_t *tbl = st->p.tbl, *tmp = st->p.tmp_tbl;
    uint32_t *s = st->s + k;
    const uint32_t *s1 = s + off[0], *sp = s + off[1], *st1 = s + off[2];
    for (uint32_t i = 0; i < end - k; ++i) {
        uint32_t x = (s[i] & mask) ^ s1[i];
        x ^= x << sh1;
        uint32_t y = x ^ (sp[i] >> sh2);
        uint32_t r = y ^ tbl[y & 15u];
        uint32_t t = cxb_mtgp32_temper_index(st1[i]); /* before s[i] is written (pos = 1) */
        s[i] = r;
        out[i] = r ^ tmp[t];
    }
}

static inline CXB_HD void cxb_mtgp32_fill_u32(cxb_mtgp32_state *st, uint32_t *out, uint64_t count)
{
    uint32_t k = st->i;
    while (count > 0) {
        int32_t off[3];
        uint32_t end = cxb_mtgp32_run(st->p.pos, k, count, off);
        cxb_mtgp32_run_u32(st, k, end, off, out);
        out += end - k;
        count -= end - k;
        k = end == CXB_MTGP32_N ? 0 : end;
    }
    st->i = k;
}

/* The native float: MTGP's genrand_close1_open2 bits ((r >> 9) ^ flt_tmp_tbl[t], exponent
 * of 1.0 included in the table) in [1, 2), minus 1: [0, 1) in steps of 2^-23. The uniform
 * conversion of docs/studies/prng.md is cxb_mtgp32_next_f32. */
static inline CXB_HD float cxb_mtgp32_next_f32_native(cxb_mtgp32_state *st)
{
    uint32_t t, r = cxb_mtgp32_step(st, &t);
    union {
        uint32_t u;
        float f;
    } v;
    v.u = (r >> 9) ^ st->p.flt_tmp_tbl[t];
    return v.f - 1.0f;
}

/* docs/studies/prng.md conversions: (x >> 8) 2^-24 and, from two draws (first in the high half),
 * (x >> 11) 2^-53. */
static inline CXB_HD float cxb_mtgp32_next_f32(cxb_mtgp32_state *st)
{
    return (float)(cxb_mtgp32_next_u32(st) >> 8) * (1.0f / 16777216.0f);
}

static inline CXB_HD uint64_t cxb_mtgp32_next_u64(cxb_mtgp32_state *st)
{
    uint64_t hi = cxb_mtgp32_next_u32(st);
    return hi << 32 | cxb_mtgp32_next_u32(st);
}

static inline CXB_HD double cxb_mtgp32_next_f64(cxb_mtgp32_state *st)
{
    return (double)(cxb_mtgp32_next_u64(st) >> 11) * (1.0 / 9007199254740992.0);
}

#if CXB_HAVE_MTGP32
#include "cxb/rng/mtgp32_dc_11213.h" /* generated: CXB_MTGP32_DC_11213_TABLE, _SETS (200) */

/* cuRAND's 200 DC sets, host copy; the device copy for a state initialised on the GPU. */
static const cxb_mtgp32_params cxb_mtgp32_dc_11213[CXB_MTGP32_DC_11213_SETS] = CXB_MTGP32_DC_11213_TABLE;
#if defined(__CUDACC__)
static __device__ const cxb_mtgp32_params cxb_mtgp32_dc_11213_dev[CXB_MTGP32_DC_11213_SETS] =
    CXB_MTGP32_DC_11213_TABLE;
#endif

static inline CXB_HD const cxb_mtgp32_params *cxb_mtgp32_dc_params(uint32_t set)
{
#if defined(__CUDA_ARCH__)
    return &cxb_mtgp32_dc_11213_dev[set % CXB_MTGP32_DC_11213_SETS];
#else
    return &cxb_mtgp32_dc_11213[set % CXB_MTGP32_DC_11213_SETS];
#endif
}

/* The seed cuRAND's kernel state `stream` gets from a 64-bit seed. */
static inline CXB_HD uint32_t cxb_mtgp32_stream_seed(uint64_t seed, uint64_t stream)
{
    return (uint32_t)(seed ^ (seed >> 32)) + (uint32_t)stream + 1u;
}

/* The uniform stream API: cuRAND's kernel state `stream` (see the top), at `offset`. */
static inline CXB_HD void cxb_mtgp32_init(cxb_mtgp32_state *st, uint64_t seed, uint64_t stream, uint64_t offset)
{
    cxb_mtgp32_init_params(st, cxb_mtgp32_dc_params((uint32_t)(stream % CXB_MTGP32_DC_11213_SETS)),
                           cxb_mtgp32_stream_seed(seed, stream));
    for (uint64_t k = 0; k < offset; ++k)
        (void)cxb_mtgp32_next_u32(st);
}
#endif

#endif
