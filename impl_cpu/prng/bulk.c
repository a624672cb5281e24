/* prng.<g>.seq - bulk generation of every generator of CXB_RNG_LIST on one core: the
 * reference of the pthreads and CUDA backends (docs/studies/prng.md; target G5: >= 3x
 * cuRAND's CPU host generators per core).
 *
 * The job layout is cxb/prng/bulk.h's; the per-element work is cxb/prng/gen_core.h's. This
 * file instantiates one tile function per (tag, element kind, mode) from CXB_BULK_TAGS, so a
 * generator added to the list gets all of them. Speed: tiles of streams x rounds of about
 * 16 KiB of output (cxb/prng/bulk_tile.h), the state in registers within a tile, no division
 * in the inner loop, and the usual chunk C = 4 compiled as a constant (so that, for counter-
 * based generators, the block a stream computes after its last chunk is dead code).
 *
 * Stores: the tiles come in two versions, ordinary stores and streaming stores of whole
 * contiguous runs (include/cxb/prng/bulk_store.h); cxb_bulk_tile_for picks one per run for seq
 * and pthreads alike (streaming above CXB_BULK_NT_MIN_BYTES where it measured faster).
 *
 * Stream states (cxb_bulk_states_create) are built on the host: cxb_g_init(seed, s, 0) per
 * stream, except XORWOW and MRG32k3a, whose streams are subsequences: stream s + 1 is stream
 * s times the subsequence jump matrix (M^(2^67), A^(2^76)), one matrix-vector product instead
 * of a jump from the seed (ms for XORWOW).
 */
#include "cxb/prng/bulk_tile.h"

#include <stdlib.h>
#include <string.h>

#include "cxb/prng/bulk.h"
#include "cxb/prng/bulk_store.h"

/* The generators' next_u32 must be inlined whole into the tile loops (gcc otherwise splits
 * Philox's and Threefry's block computation out of line, keeps the state in memory and the
 * round count unknown): the tile functions are flattened. */
#if defined(__GNUC__)
#define CXB_ALWAYS_INLINE inline __attribute__((always_inline))
#define CXB_FLATTEN __attribute__((flatten))
#else
#define CXB_ALWAYS_INLINE inline
#define CXB_FLATTEN
#endif

#define MIN(a, b) ((a) < (b) ? (a) : (b))

/* The vectorised tiles (cxb_bulk_lanes_t) are compiled three times on x86-64 with GCC or Clang:
 * for the baseline target of the build (SSE2: 4 blocks per vector) and, through the target
 * attribute, for AVX2 (8 per vector) and AVX-512 (16), chosen at run time by
 * __builtin_cpu_supports; no -march flag, so the build still runs on any x86-64. Threefry's AVX2 tile is the same C; Philox's
 * uses AVX2 intrinsics (impl_cpu/prng/bulk_avx2.h says why). tests/prng/test_bulk_isa.c checks
 * every version against the stream API. */
#if defined(__x86_64__) && defined(__GNUC__)
#define CXB_BULK_AVX2 1
#else
#define CXB_BULK_AVX2 0
#endif
#if CXB_BULK_AVX2
#include "impl_cpu/prng/bulk_avx2.h"
#include "impl_cpu/prng/bulk_avx512.h"
#endif
/* AVX-512 clones (same place, same rule: the avx512f target attribute, picked at run time with
 * __builtin_cpu_supports("avx512f")): Philox's tile with intrinsics, Threefry's and MT19937's
 * the same C (impl_cpu/prng/bulk_avx512.h). Why: G5 on the H100 machine's Xeon host, where the
 * AVX2 Philox tile reached 2.27x cuRAND's host generator, not 3x. */
#define CXB_AVX512_ATTR __attribute__((target("avx512f")))

/* ---- the generators' descriptors ---- */

static const cxb_rng_desc rng_descs[CXB_RNG_COUNT] = {
#define DESC(name, g, kind, streams, chunk) {name, kind, streams, chunk, (unsigned)sizeof(cxb_##g##_state)},
    CXB_RNG_LIST(DESC)
#undef DESC
};

const cxb_rng_desc *cxb_rng_get(cxb_rng_id id)
{
    return (unsigned)id < CXB_RNG_COUNT ? &rng_descs[id] : NULL;
}

int cxb_rng_find(const char *name)
{
    for (int i = 0; i < CXB_RNG_COUNT; ++i)
        if (strcmp(rng_descs[i].name, name) == 0)
            return i;
    return -1;
}

const char *cxb_rng_names(void)
{
    static const char names[] =
#define NAME(name, g, kind, streams, chunk) name ", "
        CXB_RNG_LIST(NAME)
#undef NAME
        ;
    static char text[sizeof names];
    if (!text[0]) { /* without the last ", " */
        memcpy(text, names, sizeof names - 3);
        text[sizeof names - 3] = '\0';
    }
    return text;
}

/* ---- per-tag facts ---- */

static const int tag_counter[CXB_BULK_NTAGS] = {
#define KIND(name, g, kind, streams, chunk) kind == CXB_RNG_COUNTER,
    CXB_BULK_TAGS(KIND)
#undef KIND
};

static const size_t tag_state_bytes[CXB_BULK_NTAGS] = {
#define SB(name, g, kind, streams, chunk) sizeof(cxb_##g##_state),
    CXB_BULK_TAGS(SB)
#undef SB
};

int cxb_bulk_tag_counter(cxb_bulk_tag tag) { return tag_counter[tag]; }

/* ---- tile functions ---- */

/* Store: stream-major within the tile; C is a constant where the caller passes one. */
#define STORE_BODY(t, e, OT, ELEM, DRAWS)                                                                 \
    static CXB_ALWAYS_INLINE void store_##t##_##e(const cxb_bulk_job *job, const cxb_##t##_state *P, \
                                                  cxb_##t##_state *W, uint64_t s0, uint64_t s1,     \
                                                  uint64_t r0, uint64_t r1, OT *out, uint64_t C)    \
    {                                                                                              \
        const uint64_t S = job->streams, n = job->n;                                               \
        for (uint64_t s = s0; s < s1; ++s) {                                                       \
            cxb_##t##_state st;                                                                    \
            if (tag_counter[CXB_BULK_TAG_##t])                                                     \
                cxb_bulk_init_##t(&st, job->seed, s, r0 * C * (DRAWS));                                      \
            else                                                                                   \
                st = r0 == 0 ? P[s] : W[s];                                                        \
            uint64_t base = (r0 * S + s) * C;                                                      \
            for (uint64_t r = r0; r < r1 && base < n; ++r, base += S * C) {                       \
                OT *o = out + base;                                                                \
                if (n - base >= C) {                                                               \
                    for (uint64_t k = 0; k < C; ++k)                                               \
                        o[k] = ELEM(&st);                                                          \
                } else {                                                                           \
                    for (uint64_t k = 0; k < n - base; ++k)                                        \
                        o[k] = ELEM(&st);                                                          \
                }                                                                                  \
            }                                                                                      \
            if (!tag_counter[CXB_BULK_TAG_##t])                                                    \
                W[s] = st;                                                                         \
        }                                                                                          \
    }

/* Sum: each stream adds its elements in draw order, continuing from sums[s] after round 0. */
#define SUM_BODY(t, e, ELEM, SUMV, DRAWS)                                                                 \
    static CXB_ALWAYS_INLINE void sum_##t##_##e(const cxb_bulk_job *job, const cxb_##t##_state *P,  \
                                                cxb_##t##_state *W, uint64_t s0, uint64_t s1,       \
                                                uint64_t r0, uint64_t r1, double *sums, uint64_t C) \
    {                                                                                              \
        const uint64_t S = job->streams, n = job->n;                                               \
        for (uint64_t s = s0; s < s1; ++s) {                                                       \
            cxb_##t##_state st;                                                                    \
            if (tag_counter[CXB_BULK_TAG_##t])                                                     \
                cxb_bulk_init_##t(&st, job->seed, s, r0 * C * (DRAWS));                                      \
            else                                                                                   \
                st = r0 == 0 ? P[s] : W[s];                                                        \
            double acc = r0 == 0 ? 0.0 : sums[s];                                                  \
            uint64_t base = (r0 * S + s) * C;                                                      \
            for (uint64_t r = r0; r < r1 && base < n; ++r, base += S * C) {                       \
                uint64_t cnt = MIN(n - base, C);                                                   \
                for (uint64_t k = 0; k < cnt; ++k)                                                 \
                    acc += SUMV(ELEM(&st));                                                        \
            }                                                                                      \
            sums[s] = acc;                                                                         \
            if (!tag_counter[CXB_BULK_TAG_##t])                                                    \
                W[s] = st;                                                                         \
        }                                                                                          \
    }

#define TILE_FNS(t, e, OT, ELEM, SUMV, DRAWS)                                                      \
    STORE_BODY(t, e, OT, ELEM, DRAWS)                                                              \
    SUM_BODY(t, e, ELEM, SUMV, DRAWS)                                                                     \
    static CXB_FLATTEN void tile_store_##t##_##e(const cxb_bulk_job *job, const void *states, void *work,      \
                                     uint64_t s0, uint64_t s1, uint64_t r0, uint64_t r1, void *out, \
                                     double *sums)                                                 \
    {                                                                                              \
        (void)sums;                                                                                \
        if (job->chunk == 4)                                                                       \
            store_##t##_##e(job, states, work, s0, s1, r0, r1, out, 4);                            \
        else                                                                                       \
            store_##t##_##e(job, states, work, s0, s1, r0, r1, out, job->chunk);                   \
    }                                                                                              \
    static CXB_FLATTEN void tile_sum_##t##_##e(const cxb_bulk_job *job, const void *states, void *work,        \
                                   uint64_t s0, uint64_t s1, uint64_t r0, uint64_t r1, void *out,   \
                                   double *sums)                                                   \
    {                                                                                              \
        (void)out;                                                                                 \
        sum_##t##_##e(job, states, work, s0, s1, r0, r1, sums, job->chunk);                        \
    }

#define TAG_TILES(name, t, kind, streams, chunk)                                                   \
    TILE_FNS(t, u32, uint32_t, cxb_bulk_u32_##t, cxb_bulk_sumv_u32, 1)                             \
    TILE_FNS(t, f32, float, cxb_bulk_f32_##t, cxb_bulk_sumv_f32, 1)                                \
    TILE_FNS(t, f64, double, cxb_bulk_f64_##t, cxb_bulk_sumv_f64, 2)
CXB_BULK_TAGS(TAG_TILES)

#define CURAND_TILES(t, draws64)                                                                   \
    TILE_FNS(t, cf32, float, cxb_bulk_cf32_##t, cxb_bulk_sumv_f32, 1)                              \
    TILE_FNS(t, cf64, double, cxb_bulk_cf64_##t, cxb_bulk_sumv_f64, draws64)
CXB_BULK_CURAND_TAGS(CURAND_TILES)

/* Counter-based uint32 stores with C = 4 (Philox, Threefry): chunk r of stream s is block r of
 * the stream, computed directly (cxb_bulk_block4_t, the function the CUDA kernel uses) instead
 * of a stream state drawn four times: no lane bookkeeping per output; CXB_BULK_LANES
 * consecutive blocks of a stream at once (cxb_bulk_lanes_t, vectorised across the blocks),
 * single blocks for the rest. Other chunks: the generic tile. */
#define BLOCK4_TILE_ISA(t, SUF, ATTR, LANES, NT)                                                   \
    static CXB_FLATTEN ATTR void tile_block4_##t##SUF(const cxb_bulk_job *job, const void *states,  \
                                                      void *work, uint64_t s0, uint64_t s1,         \
                                                      uint64_t r0, uint64_t r1, void *out,          \
                                                      double *sums)                                 \
    {                                                                                              \
        if (job->chunk != 4) {                                                                     \
            tile_store_##t##_u32(job, states, work, s0, s1, r0, r1, out, sums);                    \
            return;                                                                                \
        }                                                                                          \
        const uint64_t S = job->streams, n = job->n, seed = job->seed;                             \
        uint32_t *o = out;                                                                         \
        for (uint64_t s = s0; s < s1; ++s) {                                                       \
            uint64_t base = (r0 * S + s) * 4, r = r0;                                              \
            /* CXB_BULK_LANES whole blocks at a time (vectorised), while they all fit */           \
            while (r1 - r >= CXB_BULK_LANES && base + (CXB_BULK_LANES - 1) * S * 4 + 4 <= n) {     \
                uint32_t w[4 * CXB_BULK_LANES];                                                    \
                LANES##t(seed, s, r, w);                                                           \
                if (S == 1) {                                                                      \
                    cxb_bulk_put_u32(o + base, w, 4 * CXB_BULK_LANES, NT);                         \
                } else {                                                                           \
                    for (unsigned j = 0; j < CXB_BULK_LANES; ++j)                                  \
                        memcpy(o + base + j * S * 4, w + 4 * j, 16);                               \
                }                                                                                  \
                r += CXB_BULK_LANES;                                                               \
                base += CXB_BULK_LANES * S * 4;                                                    \
            }                                                                                      \
            for (; r < r1 && base < n; ++r, base += S * 4) {                                       \
                if (n - base >= 4) {                                                               \
                    cxb_bulk_block4_##t(seed, s, r, o + base);                                     \
                } else {                                                                           \
                    uint32_t w[4];                                                                 \
                    cxb_bulk_block4_##t(seed, s, r, w);                                            \
                    for (uint64_t k = 0; k < n - base; ++k)                                        \
                        o[base + k] = w[k];                                                        \
                }                                                                                  \
            }                                                                                      \
        }                                                                                          \
    }
/* Each in two versions: ordinary stores, and streaming stores of the 16-block groups of a
 * single stream (S = 1; with S > 1 a group's blocks are S chunks apart and go out as ordinary
 * stores) for outputs larger than CXB_BULK_NT_MIN_BYTES (include/cxb/prng/bulk_store.h). */
#define BLOCK4_TILE(t) BLOCK4_TILE_ISA(t, , , cxb_bulk_lanes_, 0) BLOCK4_TILE_ISA(t, _nt, , cxb_bulk_lanes_, 1)
CXB_BULK_BLOCK4_TAGS(BLOCK4_TILE)
#undef BLOCK4_TILE
#if CXB_BULK_AVX2
#define BLOCK4_TILE(t)                                                                             \
    BLOCK4_TILE_ISA(t, _avx2, __attribute__((target("avx2"))), cxb_bulk_lanes_avx2_, 0)            \
    BLOCK4_TILE_ISA(t, _avx2_nt, __attribute__((target("avx2"))), cxb_bulk_lanes_avx2_, 1)
CXB_BULK_BLOCK4_TAGS(BLOCK4_TILE)
#undef BLOCK4_TILE
#define BLOCK4_TILE(t)                                                                             \
    BLOCK4_TILE_ISA(t, _avx512, CXB_AVX512_ATTR, cxb_bulk_lanes_avx512_, 0)                        \
    BLOCK4_TILE_ISA(t, _avx512_nt, CXB_AVX512_ATTR, cxb_bulk_lanes_avx512_, 1)
CXB_BULK_BLOCK4_TAGS(BLOCK4_TILE)
#undef BLOCK4_TILE
#endif

/* MTGP32 and MT19937 uint32 stores: each chunk is one block of steps (cxb_mtgp32_fill_u32,
 * cxb_mt19937_fill_u32) run on the stream's work state in place, instead of a state copy drawn
 * once per output. */
#define FILL_TILE_ISA(t, SUF, ATTR, FILL, NT)                                                      \
    static CXB_FLATTEN ATTR void tile_fill_##t##SUF(const cxb_bulk_job *job, const void *states, void *work, \
                                                    uint64_t s0, uint64_t s1, uint64_t r0, uint64_t r1,    \
                                                    void *out, double *sums)                        \
    {                                                                                              \
        (void)sums;                                                                                \
        const cxb_##t##_state *P = states;                                                         \
        cxb_##t##_state *W = work;                                                                 \
        const uint64_t S = job->streams, n = job->n, C = job->chunk;                               \
        uint32_t *o = out;                                                                         \
        for (uint64_t s = s0; s < s1; ++s) {                                                       \
            if (r0 == 0)                                                                           \
                W[s] = P[s];                                                                       \
            uint64_t base = (r0 * S + s) * C;                                                      \
            for (uint64_t r = r0; r < r1 && base < n; ++r, base += S * C) {                       \
                uint64_t m = MIN(C, n - base);                                                     \
                if (!NT) {                                                                         \
                    FILL(&W[s], o + base, m);                                                      \
                    continue;                                                                      \
                }                                                                                  \
                /* streamed: the chunk in pieces through a buffer in L1 */                         \
                for (uint64_t k = 0; k < m; k += FILL_NT_WORDS) {                                  \
                    uint32_t buf[FILL_NT_WORDS];                                                   \
                    uint64_t q = MIN(FILL_NT_WORDS, m - k);                                        \
                    FILL(&W[s], buf, q);                                                           \
                    cxb_bulk_put_u32(o + base + k, buf, q, 1);                                     \
                }                                                                                  \
            }                                                                                      \
        }                                                                                          \
    }
/* words of a streamed fill piece: one MT19937 block (624), and MTGP32's chunk of 256 whole */
#define FILL_NT_WORDS 1024
#define FILL_TILES(t, SUF, ATTR, FILL) FILL_TILE_ISA(t, SUF, ATTR, FILL, 0) FILL_TILE_ISA(t, SUF##_nt, ATTR, FILL, 1)
#if CXB_HAVE_MTGP32
FILL_TILES(mtgp32, , , cxb_mtgp32_fill_u32)
#if CXB_BULK_AVX2
FILL_TILES(mtgp32, _avx2, __attribute__((target("avx2"))), cxb_mtgp32_fill_u32_avx2)
#endif
#endif
FILL_TILES(mt19937, , , cxb_mt19937_fill_u32)
#if CXB_BULK_AVX2
FILL_TILES(mt19937, _avx2, __attribute__((target("avx2"))), cxb_mt19937_fill_u32)
FILL_TILES(mt19937, _avx512, CXB_AVX512_ATTR, cxb_mt19937_fill_u32)
#endif
#undef FILL_TILES
#undef FILL_TILE_ISA

/* The other stateful generators' uint32 stores, streamed (XORWOW, MRG32k3a, TinyMT32, NR3
 * ...): round-major instead of stream-major, so that each tile row (the chunks of ts streams in
 * one round: contiguous in the output, 256 bytes at the defaults) is drawn into a buffer in L1
 * and streamed out whole; stream-major would leave every line of the tile half written in the
 * write-combining buffers (16 rows at once). The streams' states live in work[] between rounds
 * (in L1: ts states). Rows longer than ROWS_NT_WORDS: the ordinary tile. */
#define ROWS_NT_WORDS 4096
#define ROWS_NT_TILE(name_, t, kind_, streams_, chunk_)                                                \
    static CXB_ALWAYS_INLINE void rows_nt_##t(const cxb_bulk_job *job, const cxb_##t##_state *P,   \
                                              cxb_##t##_state *W, uint64_t s0, uint64_t s1,         \
                                              uint64_t r0, uint64_t r1, uint32_t *out, uint64_t C)  \
    {                                                                                              \
        const uint64_t S = job->streams, n = job->n;                                               \
        uint32_t row[ROWS_NT_WORDS];                                                               \
        if (r0 == 0)                                                                               \
            for (uint64_t s = s0; s < s1; ++s)                                                     \
                W[s] = P[s];                                                                       \
        for (uint64_t r = r0; r < r1; ++r) {                                                       \
            uint64_t base = (r * S + s0) * C;                                                      \
            if (base >= n)                                                                         \
                break;                                                                             \
            uint64_t cnt = MIN((s1 - s0) * C, n - base), k = 0;                                    \
            for (uint64_t s = s0; s < s1 && k < cnt; ++s, k += C) {                                \
                cxb_##t##_state st = W[s];                                                         \
                if (cnt - k >= C) {                                                                \
                    for (uint64_t j = 0; j < C; ++j)                                               \
                        row[k + j] = cxb_bulk_u32_##t(&st);                                        \
                } else {                                                                           \
                    for (uint64_t j = 0; j < cnt - k; ++j)                                         \
                        row[k + j] = cxb_bulk_u32_##t(&st);                                        \
                }                                                                                  \
                W[s] = st;                                                                         \
            }                                                                                      \
            cxb_bulk_put_u32(out + base, row, cnt, 1);                                             \
        }                                                                                          \
    }                                                                                              \
    static CXB_FLATTEN void tile_rows_nt_##t(const cxb_bulk_job *job, const void *states, void *work, \
                                             uint64_t s0, uint64_t s1, uint64_t r0, uint64_t r1,    \
                                             void *out, double *sums)                               \
    {                                                                                              \
        if (tag_counter[CXB_BULK_TAG_##t] || (s1 - s0) * job->chunk > ROWS_NT_WORDS)               \
            tile_store_##t##_u32(job, states, work, s0, s1, r0, r1, out, sums);                    \
        else if (job->chunk == 4)                                                                  \
            rows_nt_##t(job, states, work, s0, s1, r0, r1, out, 4);                                \
        else                                                                                       \
            rows_nt_##t(job, states, work, s0, s1, r0, r1, out, job->chunk);                       \
    }
CXB_BULK_TAGS(ROWS_NT_TILE)
#undef ROWS_NT_TILE

static const cxb_bulk_tile_fn tiles[CXB_BULK_NTAGS][CXB_BULK_NELEM][2] = {
#define TAG_ROW(name, t, kind, streams, chunk)                                                     \
    [CXB_BULK_TAG_##t] = {[CXB_BULK_E_U32] = {tile_store_##t##_u32, tile_sum_##t##_u32},            \
                          [CXB_BULK_E_F32] = {tile_store_##t##_f32, tile_sum_##t##_f32},            \
                          [CXB_BULK_E_F64] = {tile_store_##t##_f64, tile_sum_##t##_f64}},
    CXB_BULK_TAGS(TAG_ROW)
#undef TAG_ROW
};

/* The cuRAND conversions sit in their own table (a designator may not repeat a row). */
static const cxb_bulk_tile_fn curand_tiles[CXB_BULK_NTAGS][2][2] = {
#define CURAND_ROW(t, d)                                                                            \
    [CXB_BULK_TAG_##t] = {{tile_store_##t##_cf32, tile_sum_##t##_cf32},                            \
                          {tile_store_##t##_cf64, tile_sum_##t##_cf64}},
    CXB_BULK_CURAND_TAGS(CURAND_ROW)
#undef CURAND_ROW
};

/* The best of a tile's versions that isa allows: a version that is not compiled (NULL) falls
 * back to the next lower one, AVX-512 > AVX2 > baseline. */
static cxb_bulk_tile_fn pick(cxb_bulk_isa isa, cxb_bulk_tile_fn base, cxb_bulk_tile_fn avx2, cxb_bulk_tile_fn avx512)
{
    if (isa == CXB_BULK_ISA_AVX512 && avx512)
        return avx512;
    if (isa >= CXB_BULK_ISA_AVX2 && avx2)
        return avx2;
    return base;
}

#if CXB_BULK_AVX2
#define ISA_FNS(f, NT) f##NT, f##_avx2##NT, f##_avx512##NT
#define ISA_FNS2(f, NT) f##NT, f##_avx2##NT, NULL
#else
#define ISA_FNS(f, NT) f##NT, NULL, NULL
#define ISA_FNS2(f, NT) f##NT, NULL, NULL
#endif

/* The tile of (tag, elem, mode) for isa (resolved: not BEST), with streaming stores (nt) or
 * not; NULL for nt where there is no streaming version. */
static cxb_bulk_tile_fn tile_pick(cxb_bulk_tag tag, cxb_bulk_elem elem, cxb_bulk_mode mode, cxb_bulk_isa isa, int nt)
{
    if (elem == CXB_BULK_E_U32 && mode == CXB_BULK_STORE) {
        switch (tag) {
#define BLOCK4_CASE(t)                                                                             \
    case CXB_BULK_TAG_##t:                                                                         \
        return nt ? pick(isa, ISA_FNS(tile_block4_##t, _nt)) : pick(isa, ISA_FNS(tile_block4_##t, ));
            CXB_BULK_BLOCK4_TAGS(BLOCK4_CASE)
#undef BLOCK4_CASE
#if CXB_HAVE_MTGP32
        case CXB_BULK_TAG_mtgp32:
            return nt ? pick(isa, ISA_FNS2(tile_fill_mtgp32, _nt)) : pick(isa, ISA_FNS2(tile_fill_mtgp32, ));
#endif
        case CXB_BULK_TAG_mt19937:
            return nt ? pick(isa, ISA_FNS(tile_fill_mt19937, _nt)) : pick(isa, ISA_FNS(tile_fill_mt19937, ));
        default:
            if (nt && !tag_counter[tag]) {
                static const cxb_bulk_tile_fn rows_nt[CXB_BULK_NTAGS] = {
#define ROWS_NT_ROW(name_, t, kind_, streams_, chunk_) [CXB_BULK_TAG_##t] = tile_rows_nt_##t,
                    CXB_BULK_TAGS(ROWS_NT_ROW)
#undef ROWS_NT_ROW
                };
                return rows_nt[tag];
            }
            break;
        }
    }
    if (nt)
        return NULL; /* floats, sums, counter-based generators without blocks: ordinary stores */
    if (elem >= CXB_BULK_E_CF32)
        return curand_tiles[tag][elem - CXB_BULK_E_CF32][mode == CXB_BULK_SUM];
    return tiles[tag][elem][mode == CXB_BULK_SUM];
}

/* BEST: the highest instruction set the CPU has, capped by the environment variable
 * CXB_BULK_ISA=base|avx2 (to measure the clones against each other in one binary, docs/studies/prng.md). */
static int resolve_isa(cxb_bulk_isa *isa)
{
    if (*isa == CXB_BULK_ISA_BEST) {
        const char *e = getenv("CXB_BULK_ISA");
        cxb_bulk_isa cap = !e ? CXB_BULK_ISA_AVX512
                           : !strcmp(e, "base") ? CXB_BULK_ISA_BASE
                           : !strcmp(e, "avx2") ? CXB_BULK_ISA_AVX2
                                                : CXB_BULK_ISA_AVX512;
        *isa = cap >= CXB_BULK_ISA_AVX512 && cxb_bulk_isa_available(CXB_BULK_ISA_AVX512) ? CXB_BULK_ISA_AVX512
               : cap >= CXB_BULK_ISA_AVX2 && cxb_bulk_isa_available(CXB_BULK_ISA_AVX2)   ? CXB_BULK_ISA_AVX2
                                                                                        : CXB_BULK_ISA_BASE;
    }
    return cxb_bulk_isa_available(*isa);
}

cxb_bulk_tile_fn cxb_bulk_tile_isa(cxb_bulk_tag tag, cxb_bulk_elem elem, cxb_bulk_mode mode, cxb_bulk_isa isa)
{
    if ((unsigned)tag >= CXB_BULK_NTAGS || (unsigned)elem >= CXB_BULK_NELEM || (unsigned)isa > CXB_BULK_ISA_BEST ||
        !resolve_isa(&isa))
        return NULL;
    return tile_pick(tag, elem, mode, isa, 0);
}

cxb_bulk_tile_fn cxb_bulk_tile_nt_isa(cxb_bulk_tag tag, cxb_bulk_elem elem, cxb_bulk_mode mode, cxb_bulk_isa isa)
{
    if (!CXB_BULK_HAVE_NT || (unsigned)tag >= CXB_BULK_NTAGS || (unsigned)elem >= CXB_BULK_NELEM ||
        (unsigned)isa > CXB_BULK_ISA_BEST || !resolve_isa(&isa))
        return NULL;
    return tile_pick(tag, elem, mode, isa, 1);
}

/* Where streaming stores are the default (above CXB_BULK_NT_MIN_BYTES): only where they were
 * measured faster than ordinary stores on the 2-core dev VM (AMD EPYC, 2^24 uint32, 4 runs
 * each). MT19937: seq 2.12-2.28 against 1.53-1.90 G/s, 2 threads 3.1-3.9
 * against 2.4-3.2. MTGP32 on 2 or more workers only: 2 threads 1.7-2.7 against 1.4-1.8 G/s,
 * but one thread 0.9-1.35 against 1.2-1.56. Philox, Threefry and XORWOW ran slower streamed
 * at 1 and 2 threads (XORWOW's round-major rows alone cost 1.17 -> 0.74 G/s); their streaming
 * versions stay, tested, for CXB_BULK_NT=1 on other hosts. */
static int nt_default(cxb_bulk_tag tag, unsigned workers)
{
#if CXB_HAVE_MTGP32
    if (tag == CXB_BULK_TAG_mtgp32)
        return workers > 1;
#endif
    (void)workers;
    return tag == CXB_BULK_TAG_mt19937;
}

int cxb_bulk_nt_wanted(const cxb_bulk_spec *spec, unsigned workers)
{
    /* CXB_BULK_NT=0 never, =1 for every generator at any size: for measuring the two against
     * each other in one binary (docs/studies/prng.md); unset or anything else: the default above */
    const char *e = getenv("CXB_BULK_NT");
    if (e && e[0] == '0' && !e[1])
        return 0;
    if (spec->mode != CXB_BULK_STORE)
        return 0;
    if (e && e[0] == '1' && !e[1])
        return 1;
    return nt_default(cxb_bulk_spec_tag(spec), workers) &&
           spec->job.n > CXB_BULK_NT_MIN_BYTES / cxb_bulk_elem_bytes(spec);
}

cxb_bulk_tile_fn cxb_bulk_tile_for(const cxb_bulk_spec *spec, unsigned workers)
{
    cxb_bulk_tag tag = cxb_bulk_spec_tag(spec);
    cxb_bulk_elem elem = cxb_bulk_spec_elem(spec);
    cxb_bulk_tile_fn fn = cxb_bulk_nt_wanted(spec, workers) ? cxb_bulk_tile_nt_isa(tag, elem, spec->mode, CXB_BULK_ISA_BEST) : NULL;
    return fn ? fn : cxb_bulk_tile(tag, elem, spec->mode);
}

int cxb_bulk_isa_available(cxb_bulk_isa isa)
{
    switch (isa) {
    case CXB_BULK_ISA_BASE:
    case CXB_BULK_ISA_BEST:
        return 1;
    case CXB_BULK_ISA_AVX2:
#if CXB_BULK_AVX2
        return __builtin_cpu_supports("avx2") != 0;
#else
        return 0;
#endif
    case CXB_BULK_ISA_AVX512:
#if CXB_BULK_AVX2
        return __builtin_cpu_supports("avx512f") != 0;
#else
        return 0;
#endif
    }
    return 0;
}

cxb_bulk_tile_fn cxb_bulk_tile(cxb_bulk_tag tag, cxb_bulk_elem elem, cxb_bulk_mode mode)
{
    return cxb_bulk_tile_isa(tag, elem, mode, CXB_BULK_ISA_BEST);
}

/* ---- the spec ---- */

uint64_t cxb_bulk_active_streams(const cxb_bulk_job *job)
{
    uint64_t chunks = job->n / job->chunk + (job->n % job->chunk != 0);
    return MIN(chunks, job->streams);
}

uint64_t cxb_bulk_rounds(const cxb_bulk_job *job)
{
    uint64_t round = job->streams * job->chunk;
    return job->n / round + (job->n % round != 0);
}

static int has_curand(cxb_rng_id gen)
{
    switch ((int)gen) {
#define CURAND_CASE(t, d) case CXB_RNG_ID_##t:
        CXB_BULK_CURAND_TAGS(CURAND_CASE)
#undef CURAND_CASE
        return 1;
    default:
        return 0;
    }
}

cxb_bulk_tag cxb_bulk_spec_tag(const cxb_bulk_spec *spec)
{
    if (spec->gen == CXB_RNG_ID_philox4x32 && spec->rounds == 7)
        return CXB_BULK_TAG_philox4x32_r7;
    /* list entries come first among the tags, in list order */
    return (cxb_bulk_tag)spec->gen;
}

cxb_bulk_elem cxb_bulk_spec_elem(const cxb_bulk_spec *spec)
{
    if (spec->type == CXB_BULK_U32)
        return CXB_BULK_E_U32; /* curand() is the uint32 of both conventions */
    if (spec->conv == CXB_BULK_CONV_CURAND)
        return spec->type == CXB_BULK_F32 ? CXB_BULK_E_CF32 : CXB_BULK_E_CF64;
    return spec->type == CXB_BULK_F32 ? CXB_BULK_E_F32 : CXB_BULK_E_F64;
}

size_t cxb_bulk_elem_bytes(const cxb_bulk_spec *spec) { return spec->type == CXB_BULK_F64 ? 8 : 4; }

size_t cxb_bulk_state_bytes(const cxb_bulk_spec *spec)
{
    cxb_bulk_tag t = cxb_bulk_spec_tag(spec);
    return tag_counter[t] ? 0 : tag_state_bytes[t];
}

cxb_status cxb_bulk_spec_check(const cxb_bulk_spec *spec)
{
    if ((unsigned)spec->gen >= CXB_RNG_COUNT)
        return cxb_fail(CXB_EINPUT, "bulk: unknown generator %d", (int)spec->gen);
    const char *g = rng_descs[spec->gen].name;
    const cxb_bulk_job *job = &spec->job;
    if (job->streams == 0)
        return cxb_fail(CXB_EINPUT, "--set streams=0: %s needs at least one stream", g);
    if (job->chunk == 0)
        return cxb_fail(CXB_EINPUT, "--set chunk=0: %s needs chunks of at least one output", g);
    if (job->streams > UINT64_MAX / job->chunk || job->n > UINT64_MAX - job->streams * job->chunk)
        return cxb_fail(CXB_EINPUT, "--set streams=%llu, chunk=%llu: a round of the job overflows 64 bits",
                        (unsigned long long)job->streams, (unsigned long long)job->chunk);
    if ((unsigned)spec->type > CXB_BULK_F64 || (unsigned)spec->mode > CXB_BULK_SUM ||
        (unsigned)spec->conv > CXB_BULK_CONV_CURAND)
        return cxb_fail(CXB_EINPUT, "bulk: bad type, conversion or mode");
    if (spec->gen == CXB_RNG_ID_philox4x32) {
        if (spec->rounds != 0 && spec->rounds != 7 && spec->rounds != 10)
            return cxb_fail(CXB_EINPUT, "--set rounds=%u: Philox4x32 is offered with 7 or 10 rounds", spec->rounds);
    } else if (spec->rounds != 0) {
        return cxb_fail(CXB_EINPUT, "rounds=%u: only philox4x32 has a rounds parameter", spec->rounds);
    }
    if (spec->conv == CXB_BULK_CONV_CURAND && spec->type != CXB_BULK_U32) {
        if (!has_curand(spec->gen))
            return cxb_fail(CXB_EINPUT, "--set conv=curand: cuRAND has no %s (xorwow, mrg32k3a, philox4x32 do)", g);
        if (cxb_bulk_spec_tag(spec) != (cxb_bulk_tag)spec->gen)
            return cxb_fail(CXB_EINPUT, "--set conv=curand: cuRAND's Philox has 10 rounds, not %u", spec->rounds);
    }
    size_t es = cxb_bulk_elem_bytes(spec);
    if (spec->mode == CXB_BULK_STORE && job->n > SIZE_MAX / es)
        return cxb_fail(CXB_ERESOURCE, "--set n=%llu: does not fit in memory", (unsigned long long)job->n);
    if (spec->mode == CXB_BULK_SUM && job->streams > SIZE_MAX / sizeof(double))
        return cxb_fail(CXB_ERESOURCE, "--set streams=%llu: the sums do not fit in memory",
                        (unsigned long long)job->streams);
    size_t sb = cxb_bulk_state_bytes(spec);
    if (sb && cxb_bulk_active_streams(job) > SIZE_MAX / sb)
        return cxb_fail(CXB_ERESOURCE, "--set streams=%llu: the %s states do not fit in memory",
                        (unsigned long long)job->streams, g);
    return CXB_OK;
}

void cxb_bulk_tile_shape(const cxb_bulk_spec *spec, uint64_t *ts, uint64_t *tr)
{
    /* a tile row (ts chunks of one round) of at least 256 bytes, the tile about 16 KiB */
    uint64_t chunk_bytes = spec->job.chunk * cxb_bulk_elem_bytes(spec);
    uint64_t s = chunk_bytes >= 256 ? 1 : 256 / chunk_bytes;
    uint64_t active = cxb_bulk_active_streams(&spec->job);
    if (s > active)
        s = active ? active : 1;
    uint64_t row = s * chunk_bytes;
    *ts = s;
    *tr = row >= 16384 ? 1 : 16384 / row;
}

/* ---- states ---- */

#define GENERIC_STATES(name, t, kind, streams, chunk)                                              \
    static void states_##t(uint64_t seed, uint64_t s0, uint64_t s1, void *states)                  \
    {                                                                                              \
        cxb_##t##_state *st = states;                                                              \
        for (uint64_t s = s0; s < s1; ++s)                                                         \
            cxb_bulk_init_##t(&st[s], seed, s, 0);                                                 \
    }
CXB_BULK_TAGS(GENERIC_STATES)

static void (*const generic_states[CXB_BULK_NTAGS])(uint64_t, uint64_t, uint64_t, void *) = {
#define GS_ROW(name, t, kind, streams, chunk) states_##t,
    CXB_BULK_TAGS(GS_ROW)
#undef GS_ROW
};

/* XORWOW: v <- J^k v by square-and-multiply on J = M^(2^67), then one J v per stream. */
static void xorwow_states(uint64_t seed, const cxb_xorwow_mat *jump, uint64_t s0, uint64_t s1, void *states)
{
    cxb_xorwow_state cur, *st = states;
    cxb_xorwow_seed(&cur, seed);
    if (s0 > 0) {
        cxb_xorwow_mat *m = malloc(2 * sizeof *m);
        if (m) {
            m[0] = *jump;
            for (uint64_t k = s0;;) {
                if (k & 1u)
                    cxb_xorwow_matvec_inplace(&m[0], cur.v);
                k >>= 1;
                if (!k)
                    break;
                cxb_xorwow_matmul(&m[0], &m[0], &m[1]);
                m[0] = m[1];
            }
            free(m);
        } else { /* no memory for the scratch matrices: the slow, allocation-free path */
            cxb_xorwow_init(&cur, seed, s0, 0);
        }
    }
    for (uint64_t s = s0; s < s1; ++s) {
        st[s] = cur;
        cxb_xorwow_matvec_inplace(jump, cur.v); /* d is unchanged: 362437 2^67 = 0 mod 2^32 */
    }
}

/* MRG32k3a: stream s0 by cxb_mrg32k3a_init (a few microseconds), then one A^(2^76) step each. */
static void mrg32k3a_states(uint64_t seed, uint64_t s0, uint64_t s1, void *states)
{
    cxb_mrg32k3a_state cur, *st = states;
    cxb_mrg32k3a_init(&cur, seed, s0, 0);
    cxb_mrg32k3a_mat a1 = cxb_mrg32k3a_a1p76(), a2 = cxb_mrg32k3a_a2p76();
    for (uint64_t s = s0; s < s1; ++s) {
        st[s] = cur;
        cxb_mrg32k3a_matvec(&a1, cur.s1, CXB_MRG32K3A_M1);
        cxb_mrg32k3a_matvec(&a2, cur.s2, CXB_MRG32K3A_M2);
    }
}

cxb_status cxb_bulk_states_prepare(cxb_bulk_tag tag, void **jump)
{
    *jump = NULL;
    if (tag != CXB_BULK_TAG_xorwow)
        return CXB_OK;
    cxb_xorwow_mat *m = malloc(2 * sizeof *m);
    if (!m)
        return cxb_fail(CXB_ERESOURCE, "xorwow: out of host memory for the jump matrix");
    cxb_xorwow_mat_pow2(&m[0], &m[1], CXB_XORWOW_SUBSEQ_LOG2);
    *jump = m;
    return CXB_OK;
}

uint64_t cxb_bulk_states_piece_size(cxb_bulk_tag tag)
{
    /* a XORWOW piece starts with up to 64 squarings (~5 ms): amortise it over 4096 streams */
    return tag == CXB_BULK_TAG_xorwow ? 4096 : tag == CXB_BULK_TAG_mrg32k3a ? 1024 : 16;
}

void cxb_bulk_states_piece(cxb_bulk_tag tag, uint64_t seed, const void *jump, uint64_t s0, uint64_t s1,
                           void *states)
{
    if (tag == CXB_BULK_TAG_xorwow)
        xorwow_states(seed, jump, s0, s1, states);
    else if (tag == CXB_BULK_TAG_mrg32k3a)
        mrg32k3a_states(seed, s0, s1, states);
    else
        generic_states[tag](seed, s0, s1, states);
}

/* ---- prng.<g>.seq ---- */

cxb_status cxb_bulk_run_seq(const cxb_bulk_spec *spec, const void *states, void *work, void *out,
                            double *sums)
{
    cxb_bulk_tile_fn fn = cxb_bulk_tile_for(spec, 1);
    if (!fn)
        return cxb_fail(CXB_EINPUT, "bulk: no such combination of generator and conversion");
    const cxb_bulk_job *job = &spec->job;
    uint64_t active = cxb_bulk_active_streams(job), rounds = cxb_bulk_rounds(job), ts, tr;
    cxb_bulk_tile_shape(spec, &ts, &tr);
    if (spec->mode == CXB_BULK_SUM) {
        for (uint64_t s = active; s < job->streams; ++s)
            sums[s] = 0.0;
        tr = rounds; /* nothing is stored: a stream runs through at once */
    }
    for (uint64_t s0 = 0; s0 < active; s0 += ts)
        for (uint64_t r0 = 0; r0 < rounds; r0 += tr)
            fn(job, states, work, s0, MIN(s0 + ts, active), r0, MIN(r0 + tr, rounds), out, sums);
    cxb_bulk_put_done(1); /* after streaming stores, if the tiles made any */
    return CXB_OK;
}

/* ---- the independent check of seq ---- */

/* Stream s's state at offset 0 for the check: cxb_g_init, or the built state after a sample
 * of them has been compared with cxb_g_init (XORWOW, MRG32k3a). */
static int sampled(uint64_t s, uint64_t active)
{
    if (s < 2 || s + 1 == active)
        return 1;
    /* 13 more, spread by a fixed odd multiplier */
    for (uint64_t k = 1; k <= 13; ++k)
        if (s == (k * 0x9E3779B97F4A7C15ull) % active)
            return 1;
    return 0;
}

#define CHECK_FN(t, e, OT, ELEM, SUMV)                                                             \
    static cxb_status check_##t##_##e(const cxb_bulk_spec *spec, const void *states, const void *out, \
                                      const double *sums)                                          \
    {                                                                                              \
        const cxb_bulk_job *job = &spec->job;                                                      \
        const OT *o = out;                                                                         \
        const cxb_##t##_state *P = states;                                                         \
        uint64_t active = cxb_bulk_active_streams(job);                                            \
        int fast = CXB_BULK_TAG_##t == CXB_BULK_TAG_xorwow || CXB_BULK_TAG_##t == CXB_BULK_TAG_mrg32k3a; \
        for (uint64_t s = 0; s < job->streams; ++s) {                                              \
            uint64_t count = cxb_bulk_stream_count(job, s);                                        \
            if (count == 0) {                                                                      \
                if (spec->mode == CXB_BULK_SUM && sums[s] != 0.0)                                  \
                    return cxb_fail(CXB_EFAIL, "stream %llu has no outputs but sums to %.17g",     \
                                    (unsigned long long)s, sums[s]);                               \
                continue;                                                                          \
            }                                                                                      \
            cxb_##t##_state st;                                                                    \
            if (!fast || sampled(s, active)) {                                                     \
                cxb_bulk_init_##t(&st, job->seed, s, 0);                                           \
                if (fast && memcmp(&st, &P[s], sizeof st) != 0)                                    \
                    return cxb_fail(CXB_EFAIL, "the state of stream %llu differs from cxb_g_init's", \
                                    (unsigned long long)s);                                        \
            } else {                                                                               \
                st = P[s];                                                                         \
            }                                                                                      \
            double acc = 0.0;                                                                      \
            for (uint64_t p = 0; p < count; ++p) {                                                 \
                OT want = ELEM(&st);                                                               \
                if (spec->mode == CXB_BULK_SUM) {                                                  \
                    acc += SUMV(want);                                                             \
                    continue;                                                                      \
                }                                                                                  \
                uint64_t i = cxb_bulk_index(job, s, p);                                            \
                if (memcmp(&o[i], &want, sizeof want) != 0)                                        \
                    return cxb_fail(CXB_EFAIL, "output %llu (stream %llu, position %llu) differs from " \
                                    "the stream's", (unsigned long long)i, (unsigned long long)s,  \
                                    (unsigned long long)p);                                        \
            }                                                                                      \
            if (spec->mode == CXB_BULK_SUM && acc != sums[s])                                      \
                return cxb_fail(CXB_EFAIL, "stream %llu sums to %.17g, the stream's sum is %.17g", \
                                (unsigned long long)s, sums[s], acc);                              \
        }                                                                                          \
        return CXB_OK;                                                                             \
    }

#define TAG_CHECKS(name, t, kind, streams, chunk)                                                  \
    CHECK_FN(t, u32, uint32_t, cxb_bulk_u32_##t, cxb_bulk_sumv_u32)                                \
    CHECK_FN(t, f32, float, cxb_bulk_f32_##t, cxb_bulk_sumv_f32)                                   \
    CHECK_FN(t, f64, double, cxb_bulk_f64_##t, cxb_bulk_sumv_f64)
CXB_BULK_TAGS(TAG_CHECKS)
#define CURAND_CHECKS(t, d)                                                                         \
    CHECK_FN(t, cf32, float, cxb_bulk_cf32_##t, cxb_bulk_sumv_f32)                                 \
    CHECK_FN(t, cf64, double, cxb_bulk_cf64_##t, cxb_bulk_sumv_f64)
CXB_BULK_CURAND_TAGS(CURAND_CHECKS)

typedef cxb_status (*check_fn)(const cxb_bulk_spec *, const void *, const void *, const double *);
static const check_fn checks[CXB_BULK_NTAGS][CXB_BULK_NELEM] = {
#define CHECK_ROW(name, t, kind, streams, chunk)                                                   \
    [CXB_BULK_TAG_##t] = {check_##t##_u32, check_##t##_f32, check_##t##_f64, NULL, NULL},
    CXB_BULK_TAGS(CHECK_ROW)
#undef CHECK_ROW
};
static const check_fn curand_checks[CXB_BULK_NTAGS][2] = {
#define CURAND_CHECK_ROW(t, d) [CXB_BULK_TAG_##t] = {check_##t##_cf32, check_##t##_cf64},
    CXB_BULK_CURAND_TAGS(CURAND_CHECK_ROW)
#undef CURAND_CHECK_ROW
};

cxb_status cxb_bulk_check_streams(const cxb_bulk_spec *spec, const void *states, const void *out,
                                  const double *sums)
{
    cxb_bulk_tag t = cxb_bulk_spec_tag(spec);
    cxb_bulk_elem e = cxb_bulk_spec_elem(spec);
    check_fn fn = e >= CXB_BULK_E_CF32 ? curand_checks[t][e - CXB_BULK_E_CF32] : checks[t][e];
    if (!fn)
        return cxb_fail(CXB_EINPUT, "bulk: no such combination of generator and conversion");
    return fn(spec, states, out, sums);
}
