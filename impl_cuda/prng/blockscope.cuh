/* impl_cuda/prng/blockscope.cuh - what the block-scope bulk kernels (mt19937.cu, mtgp32.cu)
 * share: the walk of a thread's output index through the bulk layout (cxb/prng_bulk.h) and
 * the launch shape.
 *
 * A block generates its stream in steps of STEP consecutive positions, thread t taking
 * position p = p0 + t of each step. Output p of stream s is at ((p / C) S + s) C + p mod C;
 * a 64-bit division per output would cost more than the generator, so each thread keeps
 * (q, r) = (p / C, p mod C) and advances it by (STEP / C, STEP mod C) with one carry per
 * step: O(1) for any C. */
#ifndef CXB_IMPL_CUDA_PRNG_BLOCKSCOPE_CUH
#define CXB_IMPL_CUDA_PRNG_BLOCKSCOPE_CUH

#include <stdint.h>

#include "cxb/prng_bulk.h"
#include "cxb/status.h"
#include "impl_cuda/common/check.h"

struct cxb_bs_walk {
    uint64_t q, r;       /* p / C, p mod C of this thread's position */
    uint64_t dq, dr;     /* STEP / C, STEP mod C */
    uint64_t C, S, s;
};

static __device__ __forceinline__ void cxb_bs_walk_init(cxb_bs_walk *w, const cxb_bulk_job &job, uint64_t s,
                                                        uint64_t p, unsigned step)
{
    w->C = job.chunk;
    w->S = job.streams;
    w->s = s;
    w->q = p / w->C;
    w->r = p % w->C;
    w->dq = step / w->C;
    w->dr = step % w->C;
}

static __device__ __forceinline__ uint64_t cxb_bs_walk_index(const cxb_bs_walk *w)
{
    return (w->q * w->S + w->s) * w->C + w->r;
}

static __device__ __forceinline__ void cxb_bs_walk_next(cxb_bs_walk *w)
{
    w->q += w->dq;
    w->r += w->dr;
    if (w->r >= w->C) {
        w->r -= w->C;
        ++w->q;
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
    if (job->n && (!d_states || !d_out))
        return cxb_fail(CXB_EINPUT, "%s: no device buffers", who);
    return CXB_OK;
}

#endif
