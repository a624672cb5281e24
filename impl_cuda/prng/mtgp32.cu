/* impl_cuda/prng/mtgp32.cu - bulk MTGP32-11213 at block scope (prng.md 3.9, 5.4; target G2d:
 * >= cuRAND's MTGP32 with the DYNAMIC ordering, 494 G/s on an H100 for 2^28 uint32).
 *
 * Saito-Matsumoto's GPU design, as in cuRAND's curand_mtgp32_kernel.h and MTGP's
 * cuda-sample/mtgp32-cuda.cu: one stream (one parameter set) per thread block, its state in
 * shared memory, one collective step of up to 256 outputs per __syncthreads. The recurrence
 * and tempering are cxb/rng/mtgp32.h's; the output layout is cxb/prng_bulk.h's; contract:
 * cxb/prng_blockscope.h.
 *
 * Design. Word j >= N (N = 351) is rec(W_{j-N}, W_{j-N+1}, W_{j-N+pos}) and output j - N is it
 * tempered by W_{j-N+pos-1}: N - pos (> 256 for every DC set) consecutive words depend only
 * on older ones, so 256 threads compute 256 words per step with no barrier inside the step,
 * each thread tempering and storing its word directly (warps write 128-byte coalesced
 * segments), and one barrier ends the step. The words live in a 1024-word ring (index &
 * 1023, as cuRAND's MTGP32_STATE_SIZE): a step writes [j0 - 1024, j0 - 768) mod 1024 while it
 * reads [j0 - 351, j0). tbl and tmp_tbl sit in shared memory next to the ring (4.2 KB per
 * block), so 8 blocks of 256 threads fill an SM. The default chunk C = 256 is one step per
 * chunk, which is also cuRAND's host layout (192 states x 256, tests/test_mt_curand_host.c);
 * other chunks use the O(1) (q, r) walk of blockscope.cuh. The step is min(256, N - pos),
 * so a parameter set with a larger pos stays correct (cuRAND would need fewer threads).
 * Deviation from cuRAND: cuRAND's 1024-word ring starts at offset 0 with the N seeded words;
 * ours is loaded from a cxb_mtgp32_state (any position), the sequence is the same.
 */
#include "cxb/prng_blockscope.h"
#include "cxb/rng/mtgp32.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/prng/blockscope.cuh"

#define MTGP_THREADS 256
#define MTGP_RING 1024u
/* 8 resident blocks of 256 threads per SM (<= 32 registers; ncu measured 5 at 48 registers) */
#define MTGP_BLOCKS_PER_SM 8

static __global__ void __launch_bounds__(MTGP_THREADS, MTGP_BLOCKS_PER_SM)
    cxb_mtgp32_bulk_kernel(cxb_bulk_job job, const cxb_mtgp32_state *__restrict__ states, uint32_t *__restrict__ out)
{
    __shared__ uint32_t ring[MTGP_RING];
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
        const unsigned step = CXB_MTGP32_N - st->p.pos < MTGP_THREADS ? CXB_MTGP32_N - st->p.pos : MTGP_THREADS;
        __syncthreads(); /* the previous stream's last step is read */
        for (unsigned k = t; k < CXB_MTGP32_N; k += MTGP_THREADS) {
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
                uint32_t x = (ring[k & (MTGP_RING - 1)] & mask) ^ ring[(k + 1) & (MTGP_RING - 1)];
                x ^= x << sh1;
                uint32_t y = x ^ (ring[(k + pos) & (MTGP_RING - 1)] >> sh2);
                const uint32_t r = y ^ tbl[y & 15u];
                const uint32_t ti = cxb_mtgp32_temper_index(ring[(k + pos - 1) & (MTGP_RING - 1)]);
                ring[(k + CXB_MTGP32_N) & (MTGP_RING - 1)] = r;
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
    if ((st = cxb_bs_grid(cxb_mtgp32_bulk_kernel, MTGP_THREADS, job->streams, &grid)) != CXB_OK)
        return st;
    cxb_mtgp32_bulk_kernel<<<grid, MTGP_THREADS, 0, stream>>>(*job, (const cxb_mtgp32_state *)d_states, d_out);
    return CXB_CUDA_LAUNCHED("cxb_mtgp32_bulk_kernel");
}
