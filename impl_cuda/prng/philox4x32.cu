/* impl_cuda/prng/philox4x32.cu - prng.philox4x32.cuda: the bulk Philox4x32 stream on the
 * GPU (prng.md 3.4, target G2a: within 2% of the store ceiling).
 *
 * Thread g of the grid computes blocks g, g + stride, ... with the one block function of
 * cxb/rng/philox.h and writes each as one 16-byte store, so the kernel is the store
 * kernel of impl_cuda/prng/store.cu plus ten rounds of integer multiplies per 16 bytes;
 * the n mod 4 tail is written word by word. Same launch shape as the store ceiling
 * (16 blocks of 256 threads per SM), so the two are compared like for like.
 */
#include <stdlib.h>

#include "cxb/cuda.h"
#include "cxb/prng.h"
#include "cxb/rng/philox.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/common/event_timer.h"

#define CXB_PHILOX_BLOCK 256
#define CXB_PHILOX_BLOCKS_PER_SM 16

struct cxb_philox_cuda {
    uint64_t n, seed;
    unsigned rounds, grid;
    cudaStream_t stream;
    cxb_event_timer tm;
    uint32_t *d_out, *h_out;
};

template <unsigned R>
static __global__ void __launch_bounds__(CXB_PHILOX_BLOCK)
    cxb_philox_kernel(uint32_t *__restrict__ out, uint64_t n, uint64_t seed)
{
    const uint64_t n4 = n / 4u, stride = (uint64_t)gridDim.x * blockDim.x;
    const uint64_t g = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    uint4 *o4 = reinterpret_cast<uint4 *>(out);
    for (uint64_t j = g; j < n4; j += stride) {
        cxb_philox4x32_ctr b = cxb_philox4x32_bulk_block(seed, R, j);
        o4[j] = make_uint4(b.v[0], b.v[1], b.v[2], b.v[3]);
    }
    if (g == 0 && n4 * 4u < n) { /* the last, partial block */
        cxb_philox4x32_ctr b = cxb_philox4x32_bulk_block(seed, R, n4);
        for (uint64_t i = n4 * 4u; i < n; ++i)
            out[i] = b.v[i - n4 * 4u];
    }
}

extern "C" void cxb_philox_cuda_destroy(cxb_philox_cuda *ctx)
{
    if (!ctx)
        return;
    if (ctx->stream)
        cudaStreamSynchronize(ctx->stream);
    if (ctx->d_out)
        cudaFree(ctx->d_out);
    if (ctx->h_out)
        cudaFreeHost(ctx->h_out);
    cxb_event_timer_destroy(&ctx->tm);
    if (ctx->stream)
        cudaStreamDestroy(ctx->stream);
    free(ctx);
}

extern "C" cxb_status cxb_philox_cuda_create(cxb_philox_cuda **out, uint64_t seed, unsigned rounds,
                                             uint64_t n)
{
    *out = NULL;
    const char *why = "";
    if (rounds != 7 && rounds != 10)
        return cxb_fail(CXB_EINPUT, "--set rounds=%u: prng.philox4x32.cuda has 7 or 10", rounds);
    if (cxb_cuda_device_count(&why) == 0)
        return cxb_fail(CXB_ERESOURCE, "prng.philox4x32.cuda: %s", why);
    if (n > SIZE_MAX / sizeof(uint32_t))
        return cxb_fail(CXB_ERESOURCE, "prng.philox4x32.cuda: n = %llu does not fit in memory",
                        (unsigned long long)n);
    cxb_philox_cuda *ctx = (cxb_philox_cuda *)calloc(1, sizeof *ctx);
    if (!ctx)
        return cxb_fail(CXB_ERESOURCE, "prng.philox4x32.cuda: out of host memory");
    ctx->n = n;
    ctx->seed = seed;
    ctx->rounds = rounds;
    cxb_status st;
    int dev = 0, sms = 1;
    size_t bytes = (size_t)n * sizeof(uint32_t);
    if ((st = CXB_CUDA(cudaGetDevice(&dev))) != CXB_OK ||
        (st = CXB_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev))) !=
            CXB_OK ||
        (st = CXB_CUDA(cudaStreamCreateWithFlags(&ctx->stream, cudaStreamNonBlocking))) !=
            CXB_OK ||
        (st = cxb_event_timer_create(&ctx->tm)) != CXB_OK)
        goto fail;
    if (bytes > 0 &&
        ((st = CXB_CUDA_ALLOC(cudaMalloc((void **)&ctx->d_out, bytes), bytes)) != CXB_OK ||
         (st = CXB_CUDA_HOSTALLOC(cudaMallocHost((void **)&ctx->h_out, bytes), bytes)) != CXB_OK))
        goto fail;
    {
        uint64_t groups = (n / 4u + CXB_PHILOX_BLOCK - 1u) / CXB_PHILOX_BLOCK;
        uint64_t grid = (uint64_t)sms * CXB_PHILOX_BLOCKS_PER_SM;
        ctx->grid = (unsigned)(groups < grid ? (groups > 0 ? groups : 1u) : grid);
    }
    *out = ctx;
    return CXB_OK;
fail:
    cxb_philox_cuda_destroy(ctx);
    return st;
}

extern "C" cxb_status cxb_philox_cuda_run(cxb_philox_cuda *ctx, cxb_phases *ph)
{
    if (ph)
        ph->ns[CXB_PHASE_KERNEL] = ph->ns[CXB_PHASE_D2H] = CXB_PHASE_NA;
    cxb_status st = cxb_event_timer_begin(&ctx->tm, ctx->stream);
    if (st != CXB_OK)
        return st;
    if (ctx->n > 0) {
        if (ctx->rounds == 10)
            cxb_philox_kernel<10><<<ctx->grid, CXB_PHILOX_BLOCK, 0, ctx->stream>>>(ctx->d_out, ctx->n, ctx->seed);
        else
            cxb_philox_kernel<7><<<ctx->grid, CXB_PHILOX_BLOCK, 0, ctx->stream>>>(ctx->d_out, ctx->n, ctx->seed);
        if ((st = CXB_CUDA_LAUNCHED("cxb_philox_kernel")) != CXB_OK)
            return st;
    }
    if ((st = cxb_event_timer_end(&ctx->tm, ph, CXB_PHASE_KERNEL)) != CXB_OK ||
        (st = cxb_event_timer_begin(&ctx->tm, ctx->stream)) != CXB_OK)
        return st;
    if (ctx->n > 0)
        CXB_CUDA_TRY(cudaMemcpyAsync(ctx->h_out, ctx->d_out, (size_t)ctx->n * sizeof(uint32_t),
                                     cudaMemcpyDeviceToHost, ctx->stream));
    return cxb_event_timer_end(&ctx->tm, ph, CXB_PHASE_D2H);
}

extern "C" const uint32_t *cxb_philox_cuda_out(const cxb_philox_cuda *ctx) { return ctx->h_out; }
