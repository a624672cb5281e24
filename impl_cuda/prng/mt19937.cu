/* impl_cuda/prng/mt19937.cu - bulk MT19937 at block scope (prng.md 3.8, 5.4; target G2d:
 * >= cuRAND's MT19937, 648 G/s on an H100 for 2^28 uint32).
 *
 * One stream per thread block, its state in shared memory; the recurrence and tempering are
 * cxb/rng/mt19937.h's (Matsumoto-Nishimura 1998, mt19937ar.c), the output layout
 * cxb/prng_bulk.h's. Contract: cxb/prng_blockscope.h.
 *
 * Design. Word j >= 624 of a stream is W_j = W_{j-227} ^ twist(W_{j-624}, W_{j-623}), so any
 * 227 consecutive new words depend only on older ones: a block of 224 threads (7 full warps)
 * computes 224 words per step with no synchronisation inside the step, each thread tempering
 * its word and storing it straight to global memory (a warp writes 32 consecutive words of
 * a chunk: 128-byte coalesced segments), then one __syncthreads before the next step reads
 * them. The words live in a 1024-word ring (4 KB; index & 1023): a step writes slots
 * [j0 - 1024, j0 - 800) mod 1024 while it reads [j0 - 624, j0), so reads and writes never
 * meet. ~4 KB of shared memory and 224 threads let 8-9 blocks share an SM, whose
 * interleaving hides each block's one barrier per step. Output positions follow the bulk
 * layout through an O(1) (q, r) walk (blockscope.cuh), so any chunk works at the same speed;
 * C = 624 (one regeneration, the default) makes every chunk 2496 contiguous bytes.
 * Deviation from cuRAND: cuRAND's host MT19937 uses 8192 jumped-ahead states in its own
 * 78 x 8 tile layout (tests/test_mt_curand_host.c); here streams are cxb_mt19937_init's.
 */
#include "cxb/prng_blockscope.h"
#include "cxb/rng/mt19937.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/prng/blockscope.cuh"

#define MT_THREADS 224 /* <= N - M = 227 words per step */
#define MT_RING 1024u
/* 9 resident blocks of 224 threads per SM (<= 32 registers): 1188 on an H100, so the default
 * 1024 streams run in one wave; ncu measured 6 blocks per SM at 40 registers, i.e. 792
 * resident blocks and a second, 29%-full wave (achieved occupancy 47%). */
#define MT_BLOCKS_PER_SM 9

static __device__ __forceinline__ uint32_t mt_temper(uint32_t y)
{
    y ^= y >> 11;
    y ^= (y << 7) & 0x9D2C5680u;
    y ^= (y << 15) & 0xEFC60000u;
    y ^= y >> 18;
    return y;
}

static __global__ void __launch_bounds__(MT_THREADS, MT_BLOCKS_PER_SM)
    cxb_mt19937_bulk_kernel(cxb_bulk_job job, const cxb_mt19937_state *__restrict__ states, uint32_t *__restrict__ out)
{
    __shared__ uint32_t ring[MT_RING];
    const unsigned t = threadIdx.x;
    for (uint64_t s = blockIdx.x; s < job.streams; s += gridDim.x) {
        const uint64_t count = cxb_bulk_stream_count(&job, s);
        if (count == 0) /* (block-uniform) a stream with no outputs has no uploaded state either */
            continue;
        const cxb_mt19937_state *st = &states[s];
        const uint32_t i0 = st->i < CXB_MT19937_N ? st->i : CXB_MT19937_N; /* next word to temper */
        __syncthreads(); /* the previous stream's last step is read */
        for (unsigned k = t; k < CXB_MT19937_N; k += MT_THREADS)
            ring[k] = st->mt[k];
        __syncthreads();
        /* outputs [0, N - i0): the words already in the state (none after a fresh init) */
        for (uint64_t p = t; p < CXB_MT19937_N - i0 && p < count; p += MT_THREADS)
            out[cxb_bulk_index(&job, s, p)] = mt_temper(ring[i0 + p]);
        /* output p is word j = i0 + p; thread t's first new word is j = N + t */
        cxb_bs_walk w;
        cxb_bs_walk_init(&w, job, s, (uint64_t)(CXB_MT19937_N - i0) + t, MT_THREADS);
        for (uint64_t p0 = CXB_MT19937_N - i0, j0 = CXB_MT19937_N; p0 < count; p0 += MT_THREADS, j0 += MT_THREADS) {
            const uint32_t j = (uint32_t)j0 + t;
            const uint32_t a = ring[(j - 624u) & (MT_RING - 1)], b = ring[(j - 623u) & (MT_RING - 1)];
            const uint32_t m = ring[(j - 227u) & (MT_RING - 1)];
            const uint32_t y = (a & 0x80000000u) | (b & 0x7FFFFFFFu);
            const uint32_t x = m ^ (y >> 1) ^ ((y & 1u) ? 0x9908B0DFu : 0u);
            ring[j & (MT_RING - 1)] = x;
            if (p0 + t < count)
                out[cxb_bs_walk_index(&w)] = mt_temper(x);
            cxb_bs_walk_next(&w);
            __syncthreads();
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
    if ((st = cxb_bs_grid(cxb_mt19937_bulk_kernel, MT_THREADS, job->streams, &grid)) != CXB_OK)
        return st;
    cxb_mt19937_bulk_kernel<<<grid, MT_THREADS, 0, stream>>>(*job, (const cxb_mt19937_state *)d_states, d_out);
    return CXB_CUDA_LAUNCHED("cxb_mt19937_bulk_kernel");
}
