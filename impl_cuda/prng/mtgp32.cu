/* impl_cuda/prng/mtgp32.cu - bulk MTGP32-11213 at warp scope (docs/studies/prng.md; target G2d:
 * >= cuRAND's MTGP32 with the DYNAMIC ordering, 494 G/s on an H100 for 2^28 uint32).
 *
 * Saito-Matsumoto's recurrence (cuRAND's curand_mtgp32_kernel.h, MTGP's
 * cuda-sample/mtgp32-cuda.cu), with the decomposition of mt19937.cu: one stream (one
 * parameter set) per warp instead of per block. The recurrence and tempering are
 * cxb/rng/mtgp32.h's; the output layout cxb/prng/bulk.h's; contract: cxb/prng/blockscope.h.
 *
 * Design. As one sequence, word q >= N (N = 351) is rec(x[q - N], x[q - N + 1], x[q - N + pos])
 * and its output is tempered by x[q - N + pos - 1]: N - pos (>= 258 for every DC set) words in
 * a row depend only on older ones, so a warp computes 256 (8 a lane) per step with one
 * __syncwarp between steps (a smaller step where N - pos < 256: any parameter set stays
 * correct). The words live in a linear window of N + ROUND words, read at immediate offsets
 * from one per-lane address; the newest N are copied to the front after ROUND new words. A
 * second pass tempers the ROUND new words and stores them, chunk run by chunk run
 * (blockscope.cuh), four per 16-byte store where the layout allows. The window starts one
 * word into the warp's shared row so that the new words are 16-byte aligned. tbl and tmp_tbl
 * are per warp in shared memory: 16 entries in 16 distinct banks, so a table lookup by the
 * 32 lanes never conflicts.
 *
 * Why not the block-scope kernel this replaces (cuRAND's decomposition: one stream per
 * 256-thread block, a __syncthreads per 256 words, a 1024-word ring indexed mod 1024): 306
 * G/s at 2^28 with 1056 streams against cuRAND's 490 (DYNAMIC); see mt19937.cu for the
 * reasons, which are the same. Occupancy: 7.7 KB of shared memory a warp, about 28 resident
 * warps (streams) per H100 SM, so a job needs thousands of streams to fill the GPU; cuRAND's
 * host layout (192 states x 256) fills 192 warps. Deviation from cuRAND: the window is
 * loaded from a cxb_mtgp32_state (any position); the sequence is the same.
 */
#include "cxb/prng/blockscope.h"
#include "cxb/rng/mtgp32.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/prng/blockscope.cuh"

#define MTGP_LAG 351u                      /* N */
#define MTGP_PAR 256u                      /* words a warp step computes: 8 a lane */
#define MTGP_ROUND (6u * MTGP_PAR)         /* new words between two copies: 1536 */
#define MTGP_ROW (1u + MTGP_LAG + MTGP_ROUND) /* 1888 words: one pad word, the window */
#define MTGP_WARPS 4u
#define MTGP_THREADS (32u * MTGP_WARPS)

/* the output of word *wp: tempered by the word pos - 1 - N before it */
struct mtgp_out {
    const uint32_t *tmp_tbl;
    int back; /* pos - 1 - N (< 0) */
    __device__ __forceinline__ uint32_t operator()(uint32_t word, const uint32_t *wp) const
    {
        return word ^ tmp_tbl[cxb_mtgp32_temper_index(wp[back])];
    }
};

/* ROUND new words into x[N ..), `step` (<= N - pos) at a time: word q reads q - N, q - N + 1
 * and q - N + pos, all older than the step's first word. FULL: step = 256, no lane predicate
 * (a predicated body was emitted as branches around each load). */
template <bool FULL>
static __device__ __forceinline__ void mtgp_round(uint32_t *x, const uint32_t *tbl, unsigned lane, uint32_t step,
                                                  uint32_t pos, uint32_t sh1, uint32_t sh2, uint32_t mask)
{
    for (uint32_t q0 = MTGP_LAG; q0 < MTGP_LAG + MTGP_ROUND; q0 += step) {
        const uint32_t lim = FULL ? MTGP_PAR : (MTGP_LAG + MTGP_ROUND - q0 < step ? MTGP_LAG + MTGP_ROUND - q0 : step);
        const uint32_t *src = x + q0 + lane - MTGP_LAG;
        uint32_t v[8];
#pragma unroll
        for (uint32_t i = 0; i < 8; ++i)
            if (FULL || 32u * i + lane < lim) {
                uint32_t y = (src[32 * i] & mask) ^ src[32 * i + 1];
                y ^= y << sh1;
                y ^= src[32 * i + pos] >> sh2;
                v[i] = y ^ tbl[y & 15u];
            }
#pragma unroll
        for (uint32_t i = 0; i < 8; ++i)
            if (FULL || 32u * i + lane < lim)
                x[q0 + lane + 32u * i] = v[i];
        __syncwarp();
    }
}

static __global__ void __launch_bounds__(MTGP_THREADS)
    cxb_mtgp32_bulk_kernel(cxb_bulk_job job, const cxb_mtgp32_state *__restrict__ states, uint32_t *__restrict__ out,
                           int vec)
{
    __shared__ __align__(16) uint32_t rows[MTGP_WARPS][MTGP_ROW];
    __shared__ uint32_t tables[MTGP_WARPS][2][16]; /* tbl, tmp_tbl */
    const unsigned lane = threadIdx.x & 31u, wid = threadIdx.x >> 5;
    uint32_t *x = rows[wid] + 1; /* x[MTGP_LAG] is 16-byte aligned */
    uint32_t *tbl = tables[wid][0], *tmp_tbl = tables[wid][1];
    for (uint64_t s = (uint64_t)blockIdx.x * MTGP_WARPS + wid; s < job.streams;
         s += (uint64_t)gridDim.x * MTGP_WARPS) {
        const uint64_t count = cxb_bulk_stream_count(&job, s);
        if (count == 0) /* (warp-uniform) a stream with no outputs has no uploaded state either */
            continue;
        const cxb_mtgp32_state *st = &states[s];
        const uint32_t i0 = st->i % CXB_MTGP32_N;
        const uint32_t pos = st->p.pos, sh1 = st->p.sh1, sh2 = st->p.sh2, mask = st->p.mask;
        const uint32_t step = MTGP_LAG - pos < MTGP_PAR ? MTGP_LAG - pos : MTGP_PAR;
        __syncwarp(); /* the previous stream's last store pass has read the window and tables */
        for (uint32_t k = lane; k < MTGP_LAG; k += 32u) {
            const uint32_t src = i0 + k;
            x[k] = st->s[src >= CXB_MTGP32_N ? src - CXB_MTGP32_N : src];
        }
        if (lane < 16) {
            tbl[lane] = st->p.tbl[lane];
            tmp_tbl[lane] = st->p.tmp_tbl[lane];
        }
        __syncwarp();
        const mtgp_out f = {tmp_tbl, (int)pos - 1 - (int)MTGP_LAG};
        for (uint64_t p = 0; p < count;) {
            /* ROUND new words into x[N ..), `step` at a time; the DC sets all take the
             * unpredicated full step (N - pos >= 258) */
            if (step == MTGP_PAR)
                mtgp_round<true>(x, tbl, lane, MTGP_PAR, pos, sh1, sh2, mask);
            else
                mtgp_round<false>(x, tbl, lane, step, pos, sh1, sh2, mask);
            const uint32_t len = (uint32_t)(count - p < MTGP_ROUND ? count - p : MTGP_ROUND);
            /* outputs p .. p + len - 1 are words x[N ..]: 16-byte aligned when p % 4 == 0 */
            cxb_ws_store(job, s, p, len, x + MTGP_LAG, out, vec && (p & 3u) == 0, lane, f);
            p += len;
            if (p < count) { /* the newest N words to the front (read all before writing) */
                __syncwarp();
                uint32_t c[(MTGP_LAG + 31u) / 32u];
#pragma unroll
                for (uint32_t i = 0; i < (MTGP_LAG + 31u) / 32u; ++i)
                    if (lane + 32u * i < MTGP_LAG)
                        c[i] = x[MTGP_ROUND + lane + 32u * i];
                __syncwarp();
#pragma unroll
                for (uint32_t i = 0; i < (MTGP_LAG + 31u) / 32u; ++i)
                    if (lane + 32u * i < MTGP_LAG)
                        x[lane + 32u * i] = c[i];
                __syncwarp();
            }
        }
    }
}

/* ---- few streams: one stream per 256-thread block (cuRAND's decomposition) ----
 * With fewer streams than about 4 per SM, one warp per stream leaves the SMs nearly empty
 * (192 streams, cuRAND's host layout, 2^28 on the H100: 92 G/s at warp scope in result set
 * 20261124T124426Z-e2897cfc, 185 with this kernel in 20261124T110835Z-63a68a4d; from 1024
 * streams up warp scope wins): a block of 256 threads computes 256 words per step
 * of its stream, one __syncthreads per step, the words in a 1024-word ring (index & 1023),
 * each thread storing its word at its O(1) walk position (blockscope.cuh). */
#define MTGP_BS_THREADS 256
#define MTGP_BS_RING 1024u
/* 8 resident blocks of 256 threads per SM (<= 32 registers; ncu measured 5 at 48 registers) */
#define MTGP_BS_BLOCKS_PER_SM 8

static __global__ void __launch_bounds__(MTGP_BS_THREADS, MTGP_BS_BLOCKS_PER_SM)
    cxb_mtgp32_block_kernel(cxb_bulk_job job, const cxb_mtgp32_state *__restrict__ states, uint32_t *__restrict__ out)
{
    __shared__ uint32_t ring[MTGP_BS_RING];
    __shared__ uint32_t tbl[16], tmp_tbl[16];
    __shared__ uint32_t prm[4]; /* pos, sh1, sh2, mask: read from shared memory in the loop, so
                                 * that the kernel fits 32 registers (8 blocks per SM) unspilled */
    const unsigned t = threadIdx.x;
    for (uint64_t s = blockIdx.x; s < job.streams; s += gridDim.x) {
        const uint64_t count = cxb_bulk_stream_count(&job, s);
        if (count == 0) /* (block-uniform) a stream with no outputs has no uploaded state either */
            continue;
        const cxb_mtgp32_state *st = &states[s];
        const uint32_t i0 = st->i % CXB_MTGP32_N;
        const unsigned step = CXB_MTGP32_N - st->p.pos < MTGP_BS_THREADS ? CXB_MTGP32_N - st->p.pos : MTGP_BS_THREADS;
        __syncthreads(); /* the previous stream's last step is read */
        for (unsigned k = t; k < CXB_MTGP32_N; k += MTGP_BS_THREADS) {
            uint32_t src = i0 + k;
            ring[k] = st->s[src >= CXB_MTGP32_N ? src - CXB_MTGP32_N : src];
        }
        if (t < 16) {
            tbl[t] = st->p.tbl[t];
            tmp_tbl[t] = st->p.tmp_tbl[t];
        }
        if (t == 0) {
            prm[0] = st->p.pos;
            prm[1] = st->p.sh1;
            prm[2] = st->p.sh2;
            prm[3] = st->p.mask;
        }
        __syncthreads();
        cxb_bs_walk w;
        cxb_bs_walk_init(&w, job, s, t, step);
        for (uint64_t p0 = 0; p0 < count; p0 += step) {
            if (t < step) {
                const uint32_t pos = prm[0], sh1 = prm[1], sh2 = prm[2], mask = prm[3];
                const uint32_t k = (uint32_t)p0 + t; /* word k + N is output p0 + t; ring index mod 1024 */
                uint32_t x = (ring[k & (MTGP_BS_RING - 1)] & mask) ^ ring[(k + 1) & (MTGP_BS_RING - 1)];
                x ^= x << sh1;
                uint32_t y = x ^ (ring[(k + pos) & (MTGP_BS_RING - 1)] >> sh2);
                const uint32_t r = y ^ tbl[y & 15u];
                const uint32_t ti = cxb_mtgp32_temper_index(ring[(k + pos - 1) & (MTGP_BS_RING - 1)]);
                ring[(k + CXB_MTGP32_N) & (MTGP_BS_RING - 1)] = r;
                if (p0 + t < count)
                    out[cxb_bs_walk_index(&w)] = r ^ tmp_tbl[ti];
                cxb_bs_walk_next(&w);
            }
            __syncthreads();
        }
    }
}

extern "C" cxb_status cxb_bulk_cuda_mtgp32(const cxb_bulk_job *job, const void *d_states, uint32_t *d_out,
                                           struct CUstream_st *stream)
{
    cxb_status st = cxb_bs_check(job, d_states, d_out, "prng.mtgp32.cuda");
    if (st != CXB_OK || job->n == 0)
        return st;
    unsigned grid = 0;
    int dev = 0, sms = 0;
    CXB_CUDA_TRY(cudaGetDevice(&dev));
    CXB_CUDA_TRY(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    if (job->streams < 4u * (uint64_t)sms) { /* few streams: a block per stream */
        if ((st = cxb_bs_grid(cxb_mtgp32_block_kernel, MTGP_BS_THREADS, job->streams, &grid)) != CXB_OK)
            return st;
        cxb_mtgp32_block_kernel<<<grid, MTGP_BS_THREADS, 0, stream>>>(*job, (const cxb_mtgp32_state *)d_states, d_out);
        return CXB_CUDA_LAUNCHED("cxb_mtgp32_block_kernel");
    }
    if ((st = cxb_bs_grid(cxb_mtgp32_bulk_kernel, MTGP_THREADS, (job->streams + MTGP_WARPS - 1) / MTGP_WARPS,
                          &grid)) != CXB_OK)
        return st;
    const int vec = job->chunk % 4 == 0 && ((uintptr_t)d_out & 15u) == 0;
    cxb_mtgp32_bulk_kernel<<<grid, MTGP_THREADS, 0, stream>>>(*job, (const cxb_mtgp32_state *)d_states, d_out, vec);
    return CXB_CUDA_LAUNCHED("cxb_mtgp32_bulk_kernel");
}
