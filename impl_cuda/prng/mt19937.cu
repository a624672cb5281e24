/* impl_cuda/prng/mt19937.cu - bulk MT19937 at warp scope (docs/studies/prng.md; target G2d:
 * >= cuRAND's MT19937, 648 G/s on an H100 for 2^28 uint32).
 *
 * One stream per warp, its words in shared memory; the recurrence and tempering are
 * cxb/rng/mt19937.h's (Matsumoto-Nishimura 1998, mt19937ar.c), the output layout
 * cxb/prng/bulk.h's. Contract: cxb/prng/blockscope.h.
 *
 * Design. Written as one sequence, the words of a stream obey x[q] = twist(x[q - 624],
 * x[q - 623], x[q - 227]) (x[0..623] = the state's array), so any 227 consecutive new words
 * depend only on older ones: a warp computes 224 (7 per lane) with no synchronisation inside
 * the step and one __syncwarp between steps. The words live in a linear window of LAG + ROUND
 * words, so every read of a step is an immediate offset from one per-lane address (no ring
 * index to mask); after ROUND new words the newest LAG words are copied back to the front.
 * A second pass over the ROUND new words tempers them and stores them to global memory in
 * the bulk layout, chunk run by chunk run, four words per 16-byte store where the layout
 * allows (C and the run start multiples of 4).
 *
 * Why not the block-scope kernel this replaces (one stream per 224-thread block, a barrier
 * per 224 words, 314 G/s at 2^28 against cuRAND's 657): ncu found it bound by the integer
 * pipe (ring-index masking and the per-output layout walk, ~30 operations a word) and by the
 * barrier. Here a word costs about 13 (the twist, the tempering, shared loads and stores at
 * immediate offsets), and warps of different streams never wait for each other.
 *
 * Occupancy and streams: a warp needs (LAG + ROUND) 4 B = 7.9 KB of shared memory, so about
 * 28 warps (streams) are resident per H100 SM: a job needs several thousand streams to fill
 * the GPU (the study's MT19937 rows say which S they use; S = 1024, the default, leaves
 * most of it idle). Deviation from cuRAND: cuRAND's host MT19937 uses 8192 jumped-ahead
 * states in its own 78 x 8 tile layout (tests/prng/test_mt_curand_host.c); here streams are
 * cxb_mt19937_init's.
 */
#include "cxb/prng/blockscope.h"
#include "cxb/rng/mt19937.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/prng/blockscope.cuh"

#define MT_LAG 624u                        /* words a new word looks back */
#define MT_PAR 224u                        /* words a warp step computes: 7 a lane (<= 227) */
#define MT_ROUND (6u * MT_PAR)             /* new words between two copies: 1344 */
#define MT_WINDOW (MT_LAG + MT_ROUND)      /* 1968 words, 7872 B a warp */
#define MT_WARPS 4u                        /* warps (streams) of a block */
#define MT_THREADS (32u * MT_WARPS)

/* the output of word w[0]: MT19937's tempering (cxb_ws_store's functor), the one definition
 * every backend uses (cxb/rng/mt19937.h) */
struct mt_out {
    __device__ __forceinline__ uint32_t operator()(uint32_t word, const uint32_t *) const
    {
        return cxb_mt19937_temper(word);
    }
};

static __global__ void __launch_bounds__(MT_THREADS)
    cxb_mt19937_bulk_kernel(cxb_bulk_job job, const cxb_mt19937_state *__restrict__ states, uint32_t *__restrict__ out,
                            int vec)
{
    __shared__ __align__(16) uint32_t window[MT_WARPS][MT_WINDOW];
    const unsigned lane = threadIdx.x & 31u, wid = threadIdx.x >> 5;
    uint32_t *x = window[wid];
    for (uint64_t s = (uint64_t)blockIdx.x * MT_WARPS + wid; s < job.streams; s += (uint64_t)gridDim.x * MT_WARPS) {
        const uint64_t count = cxb_bulk_stream_count(&job, s);
        if (count == 0) /* (warp-uniform) a stream with no outputs has no uploaded state either */
            continue;
        const cxb_mt19937_state *st = &states[s];
        const uint32_t i0 = st->i < CXB_MT19937_N ? st->i : CXB_MT19937_N; /* next word to temper */
        __syncwarp(); /* the previous stream's last store pass has read the window */
        for (uint32_t k = lane; k < MT_LAG; k += 32u)
            x[k] = st->mt[k];
        __syncwarp();
        /* outputs [0, N - i0): the words already in the state (none after a fresh init) */
        uint64_t p = CXB_MT19937_N - i0 < count ? CXB_MT19937_N - i0 : count;
        if (p)
            cxb_ws_store(job, s, 0, (uint32_t)p, x + i0, out, false, lane, mt_out());
        while (p < count) {
            /* ROUND new words into x[LAG ..), MT_PAR at a time: word q reads q - 624, q - 623
             * and q - 227, all older than the step's first word q0 */
            for (uint32_t q0 = MT_LAG; q0 < MT_WINDOW; q0 += MT_PAR) {
                const uint32_t *src = x + q0 + lane - MT_LAG;
                uint32_t v[7];
#pragma unroll
                for (int i = 0; i < 7; ++i)
                    v[i] = cxb_mt19937_twist(src[32 * i], src[32 * i + 1], src[32 * i + (MT_LAG - 227u)]);
#pragma unroll
                for (int i = 0; i < 7; ++i)
                    x[q0 + lane + 32 * i] = v[i];
                __syncwarp();
            }
            const uint32_t len = (uint32_t)(count - p < MT_ROUND ? count - p : MT_ROUND);
            /* outputs p .. p + len - 1 are words x[LAG ..]: 16-byte aligned when p % 4 == 0 */
            cxb_ws_store(job, s, p, len, x + MT_LAG, out, vec && (p & 3u) == 0, lane, mt_out());
            p += len;
            if (p < count) { /* the newest LAG words to the front (read all before writing) */
                __syncwarp();
                uint4 c[(MT_LAG / 4u + 31u) / 32u];
#pragma unroll
                for (uint32_t i = 0; i < (MT_LAG / 4u + 31u) / 32u; ++i) {
                    const uint32_t k = lane + 32u * i;
                    if (k < MT_LAG / 4u)
                        c[i] = *(const uint4 *)(x + MT_ROUND + 4u * k);
                }
                __syncwarp();
#pragma unroll
                for (uint32_t i = 0; i < (MT_LAG / 4u + 31u) / 32u; ++i) {
                    const uint32_t k = lane + 32u * i;
                    if (k < MT_LAG / 4u)
                        *(uint4 *)(x + 4u * k) = c[i];
                }
                __syncwarp();
            }
        }
    }
}

extern "C" cxb_status cxb_bulk_cuda_mt19937(const cxb_bulk_job *job, const void *d_states, uint32_t *d_out,
                                            struct CUstream_st *stream)
{
    cxb_status st = cxb_bs_check(job, d_states, d_out, "prng.mt19937.cuda");
    if (st != CXB_OK || job->n == 0)
        return st;
    unsigned grid = 0;
    if ((st = cxb_bs_grid(cxb_mt19937_bulk_kernel, MT_THREADS, (job->streams + MT_WARPS - 1) / MT_WARPS, &grid)) !=
        CXB_OK)
        return st;
    const int vec = job->chunk % 4 == 0 && ((uintptr_t)d_out & 15u) == 0;
    cxb_mt19937_bulk_kernel<<<grid, MT_THREADS, 0, stream>>>(*job, (const cxb_mt19937_state *)d_states, d_out, vec);
    return CXB_CUDA_LAUNCHED("cxb_mt19937_bulk_kernel");
}
