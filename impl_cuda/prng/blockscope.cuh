/* impl_cuda/prng/blockscope.cuh - what the block-scope bulk kernels (mt19937.cu, mtgp32.cu)
 * share: the walk of a thread's output index through the bulk layout (cxb/prng_bulk.h) and
 * the launch shape.
 *
 * A block generates its stream in steps of STEP consecutive positions, thread t taking
 * position p = p0 + t of each step. Output p of stream s is at ((p / C) S + s) C + p mod C;
 * a 64-bit division per output would cost more than the generator, so each thread keeps
 * r = p mod C and the output index itself, and advances both by a step with one carry: O(1)
 * for any C, adds only. */
#ifndef CXB_IMPL_CUDA_PRNG_BLOCKSCOPE_CUH
#define CXB_IMPL_CUDA_PRNG_BLOCKSCOPE_CUH

#include <stdint.h>

#include "cxb/prng_bulk.h"
#include "cxb/status.h"
#include "impl_cuda/common/check.h"

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

/* Blocks for S streams: one stream per block at a time, as many resident blocks as fit (a
 * block loops over streams s, s + grid, ...). */
template <typename K>
static cxb_status cxb_bs_grid(K kernel, unsigned threads, uint64_t streams, unsigned *grid)
{
    int dev = 0, sms = 0, per_sm = 0;
    CXB_CUDA_TRY(cudaGetDevice(&dev));
    CXB_CUDA_TRY(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    CXB_CUDA_TRY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, (int)threads, 0));
    uint64_t g = (uint64_t)(sms > 0 ? sms : 1) * (uint64_t)(per_sm > 0 ? per_sm : 1);
    *grid = (unsigned)(streams < g ? streams : g);
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
