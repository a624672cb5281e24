/* impl_cuda/prng/dist.cu - stream distribution on the GPU: K outputs for each of M logical
 * tasks under a launch shape (blocks x threads), for the decomposition test and Figure R1
 * (docs/studies/prng.md requirement 4, 5.4 scopes, 6.4).
 *
 * Thread t of T = blocks x threads runs tasks t, t + T, ... (a grid-stride loop, so any M
 * works with any shape: requirement 2). Per-task techniques initialise the stream of the
 * task id with the one definition of cxb/rng/dist.h: the output equals the sequential
 * driver's whatever the shape. Leap frog (stride T) and per-worker streams keep thread
 * t's stream across its tasks: thread scope, global stride, the negative control of
 * docs/studies/prng.md. The central server is a grid-scope counter: i = atomicAdd(&c, 1) feeding
 * output i of stream 0 of a counter-based generator (Philox4x32, Threefry4x32), so the
 * values are a fixed sequence but which task gets which depends on scheduling.
 * The plan (jump tables, ~400 KB for XORWOW; TinyMT32's DC sets, 48 KB) is copied to
 * device memory once per call. MT19937's 2.5 KB state and MTGP32's 1.6 KB live in local
 * memory, one stream per thread: fine for a correctness experiment. For MTGP32 this is a
 * thread-scope fallback of a block-collective generator (impl_cuda/prng/mtgp32.cu computes
 * one state with a whole block); the numbers are the same, the speed is not the point.
 * Ranhash joins Philox and Threefry as a counter-based central server.
 */
#include <stdlib.h>

#include "cxb/core/cuda.h"
#include "cxb/prng/dist.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/common/upload.h"

#define CXB_DIST_X(name, g, techs, lp, jump, split)                                               \
    static __global__ void dist_kernel_##g(const cxb_dist_plan *__restrict__ p, uint64_t tasks,    \
                                           uint64_t k, int per_task, uint32_t *__restrict__ out)   \
    {                                                                                             \
        const uint64_t T = (uint64_t)gridDim.x * blockDim.x;                                      \
        const uint64_t t = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;                       \
        cxb_##g##_state s;                                                                        \
        if (t >= tasks)                                                                           \
            return;                                                                               \
        if (!per_task)                                                                            \
            cxb_dist_init_##g(&s, p, t);                                                          \
        for (uint64_t id = t; id < tasks; id += T) {                                              \
            if (per_task)                                                                         \
                cxb_dist_init_##g(&s, p, id);                                                     \
            for (uint64_t j = 0; j < k; ++j)                                                      \
                out[id * k + j] = cxb_dist_next_##g(&s, p);                                       \
        }                                                                                         \
    }
CXB_DIST_LIST(CXB_DIST_X)
#undef CXB_DIST_X

/* The central server: one counter for the grid. */
template <int G>
static __global__ void dist_central_kernel(uint64_t seed, uint64_t tasks, uint64_t k,
                                           unsigned long long *__restrict__ next, uint32_t *__restrict__ out)
{
    const uint64_t T = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t id = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; id < tasks; id += T)
        for (uint64_t j = 0; j < k; ++j) {
            uint64_t i = atomicAdd(next, 1ull);
            out[id * k + j] = G == CXB_DIST_GEN_philox4x32     ? cxb_dist_at_philox4x32(seed, 0, i)
                              : G == CXB_DIST_GEN_threefry4x32 ? cxb_dist_at_threefry4x32(seed, 0, i)
                                                               : cxb_dist_at_ranhash(seed, 0, i);
        }
}

extern "C" cxb_status cxb_dist_draw_cuda(cxb_dist_plan *p, unsigned blocks, unsigned threads, uint64_t tasks,
                                         uint64_t k, int per_worker, uint32_t *out)
{
    const char *why = NULL;
    if (cxb_cuda_device_count(&why) == 0)
        return cxb_fail(CXB_ERESOURCE, "--dist %s on cuda: %s", cxb_dist_tech_names[p->tech], why);
    if (blocks == 0 || threads == 0 || threads > 1024)
        return cxb_fail(CXB_EINPUT, "--dist %s on cuda: launch shape %ux%u (threads 1..1024)",
                        cxb_dist_tech_names[p->tech], blocks, threads);
    int central = p->tech == CXB_DIST_CENTRAL;
    cxb_status st = cxb_dist_plan_check_ids(p, 0, tasks);
    if (st != CXB_OK)
        return st;
    if (central && p->gen != CXB_DIST_GEN_philox4x32 && p->gen != CXB_DIST_GEN_threefry4x32 &&
        p->gen != CXB_DIST_GEN_ranhash)
        return cxb_fail(CXB_EINPUT,
                        "--dist central on cuda: needs a counter-based generator (the atomic counter feeds "
                        "output i of stream 0)");
    cxb_dist_plan_set_workers(p, (uint64_t)blocks * threads);
    size_t bytes = (size_t)(tasks * k) * sizeof(uint32_t);
    cxb_dist_plan *dp = NULL;
    uint32_t *dout = NULL;
    unsigned long long *dnext = NULL;
    int per_task = cxb_dist_per_task(p->tech) && !per_worker;
    if ((st = CXB_CUDA_ALLOC(cudaMalloc((void **)&dp, sizeof *dp), sizeof *dp)) != CXB_OK)
        goto done;
    if (bytes && (st = CXB_CUDA_ALLOC(cudaMalloc((void **)&dout, bytes), bytes)) != CXB_OK)
        goto done;
    if ((st = CXB_CUDA_ALLOC(cudaMalloc((void **)&dnext, sizeof *dnext), sizeof *dnext)) != CXB_OK)
        goto done;
    if ((st = cxb_cuda_upload(dp, p, sizeof *dp, 0)) != CXB_OK || /* the kernels' legacy stream */
        (st = CXB_CUDA(cudaMemset(dnext, 0, sizeof *dnext))) != CXB_OK)
        goto done;
    if (bytes == 0)
        goto done;
    if (central) {
        if (p->gen == CXB_DIST_GEN_philox4x32)
            dist_central_kernel<CXB_DIST_GEN_philox4x32><<<blocks, threads>>>(p->seed, tasks, k, dnext, dout);
        else if (p->gen == CXB_DIST_GEN_threefry4x32)
            dist_central_kernel<CXB_DIST_GEN_threefry4x32><<<blocks, threads>>>(p->seed, tasks, k, dnext, dout);
        else
            dist_central_kernel<CXB_DIST_GEN_ranhash><<<blocks, threads>>>(p->seed, tasks, k, dnext, dout);
    } else {
        switch (p->gen) {
#define CXB_DIST_X(name, g, techs, lp, jump, split)                                  \
    case CXB_DIST_GEN_##g:                                                            \
        dist_kernel_##g<<<blocks, threads>>>(dp, tasks, k, per_task, dout);            \
        break;
            CXB_DIST_LIST(CXB_DIST_X)
#undef CXB_DIST_X
        default:
            st = cxb_fail(CXB_EINPUT, "--dist: bad generator index %d", (int)p->gen);
            goto done;
        }
    }
    if ((st = CXB_CUDA_LAUNCHED("dist_kernel")) != CXB_OK ||
        (st = CXB_CUDA(cudaDeviceSynchronize())) != CXB_OK ||
        (st = CXB_CUDA(cudaMemcpy(out, dout, bytes, cudaMemcpyDeviceToHost))) != CXB_OK)
        goto done;
done:
    cudaFree(dp);
    cudaFree(dout);
    cudaFree(dnext);
    return st;
}
