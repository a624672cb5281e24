/* impl_cuda/prng/blockscope.cuh - what the shared-memory bulk kernels (mt19937.cu,
 * mtgp32.cu: one stream per warp, its words in shared memory) share: the store of a run of
 * generated words in the bulk layout (cxb/prng/bulk.h), the launch shape and the job check.
 *
 * Output p of stream s is at ((p / C) S + s) C + p mod C: a stream's outputs are runs of up
 * to C consecutive addresses. A warp stores a run with consecutive lanes on consecutive
 * words (coalesced), four words per 16-byte store where both sides are 16-byte aligned, and
 * pays one 64-bit division per run, not per output (ncu: the per-output layout arithmetic
 * had made the integer pipe the busiest one of the block-scope MT19937 kernel). */
#ifndef CXB_IMPL_CUDA_PRNG_BLOCKSCOPE_CUH
#define CXB_IMPL_CUDA_PRNG_BLOCKSCOPE_CUH

#include <stdint.h>

#include "cxb/prng/bulk.h"
#include "cxb/core/status.h"
#include "impl_cuda/common/check.h"

/* Stores the outputs of words w[0 .. len) as outputs p0 .. p0 + len - 1 of stream s, run by
 * run, the warp's lanes together (call from all 32 lanes). out(word, &w[k]) is the output of
 * word w[k] (the tempering, which may read older words before &w[k]). `vec`: 16-byte stores
 * are allowed: C % 4 == 0, d_out 16-byte aligned, p0 % 4 == 0 and w 16-byte aligned; then
 * every run starts 16-byte aligned on both sides. */
template <typename Out>
static __device__ __forceinline__ void cxb_ws_store(const cxb_bulk_job &job, uint64_t s, uint64_t p0, uint32_t len,
                                                    const uint32_t *w, uint32_t *__restrict__ out, bool vec,
                                                    unsigned lane, Out f)
{
    while (len) {
        const uint64_t q = p0 / job.chunk, r = p0 - q * job.chunk;
        const uint32_t run = (uint32_t)(job.chunk - r < len ? job.chunk - r : len);
        uint32_t *dst = out + ((q * job.streams + s) * job.chunk + r);
        uint32_t k = 0;
        if (vec) {
            const uint32_t run4 = run & ~3u;
            for (k = 4u * lane; k < run4; k += 128u) {
                uint4 v = *(const uint4 *)(w + k);
                v.x = f(v.x, w + k);
                v.y = f(v.y, w + k + 1);
                v.z = f(v.z, w + k + 2);
                v.w = f(v.w, w + k + 3);
                *(uint4 *)(dst + k) = v;
            }
            k = run4;
        }
        for (k += lane; k < run; k += 32u)
            dst[k] = f(w[k], w + k);
        p0 += run;
        w += run;
        len -= run;
    }
}

/* The block-scope form (mtgp32.cu's kernel for few streams: a block of threads per stream,
 * thread t taking position p0 + t of each step of STEP positions): each thread keeps
 * r = p mod C and its output index and advances both by a step with one carry, O(1) for any
 * C with adds only (a 64-bit division per output would cost more than the generator). */
struct cxb_bs_walk {
    uint64_t idx;        /* the output index of this thread's position p: ((q S + s) C + r) */
    uint32_t r, C;       /* r = p mod C (C < 2^31: cxb_bs_check; 32-bit to stay within the 32
                          * registers the kernels' launch bounds allow) */
    uint32_t dr;         /* STEP mod C */
    uint64_t step_add;   /* idx advance of a step without a carry: (STEP / C) S C + STEP mod C */
    uint64_t carry_add;  /* and what a carry of r adds: S C - C (to the next round's chunk) */
};

static __device__ __forceinline__ void cxb_bs_walk_init(cxb_bs_walk *w, const cxb_bulk_job &job, uint64_t s,
                                                        uint64_t p, unsigned step)
{
    const uint64_t C = job.chunk, S = job.streams, q = p / C;
    w->C = (uint32_t)C;
    w->r = (uint32_t)(p % C);
    w->idx = (q * S + s) * C + w->r;
    w->dr = (uint32_t)(step % C);
    w->step_add = (step / C) * S * C + w->dr;
    w->carry_add = S * C - C;
}

static __device__ __forceinline__ uint64_t cxb_bs_walk_index(const cxb_bs_walk *w) { return w->idx; }

/* Two 64-bit adds and a compare per step: no multiply (ncu: the integer pipe was the
 * busiest one of the MT19937 kernel, which had computed (q S + s) C + r at every output). */
static __device__ __forceinline__ void cxb_bs_walk_next(cxb_bs_walk *w)
{
    w->r += w->dr;
    w->idx += w->step_add;
    if (w->r >= w->C) {
        w->r -= w->C;
        w->idx += w->carry_add;
    }
}

/* Blocks for `units` blocks' worth of streams (a block loops over its units u, u + grid,
 * ...): as many as fit resident at once, no more than there is work for. */
template <typename K>
static cxb_status cxb_bs_grid(K kernel, unsigned threads, uint64_t units, unsigned *grid)
{
    int dev = 0, sms = 0, per_sm = 0;
    CXB_CUDA_TRY(cudaGetDevice(&dev));
    CXB_CUDA_TRY(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    CXB_CUDA_TRY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, (int)threads, 0));
    uint64_t g = (uint64_t)(sms > 0 ? sms : 1) * (uint64_t)(per_sm > 0 ? per_sm : 1);
    *grid = (unsigned)(units < g ? units : g);
    return CXB_OK;
}

static inline cxb_status cxb_bs_check(const cxb_bulk_job *job, const void *d_states, const uint32_t *d_out,
                                      const char *who)
{
    if (!job || job->streams == 0 || job->chunk == 0)
        return cxb_fail(CXB_EINPUT, "%s: streams and chunk must be >= 1", who);
    if (job->chunk >= (1ull << 31))
        return cxb_fail(CXB_EINPUT, "%s: --set chunk=%llu: must be below 2^31", who, (unsigned long long)job->chunk);
    if (job->n && (!d_states || !d_out))
        return cxb_fail(CXB_EINPUT, "%s: no device buffers", who);
    return CXB_OK;
}

#endif
