/* impl_cuda/prng/store.cu - prng.store.cuda: a store-only kernel writing n uint32, the
 * bandwidth ceiling every stored generator is reported against (prng.md 8.1
 * "Ceilings", 8.3 G2g).
 *
 * Output i is (uint32_t)i, so the harness can verify it. uint4 stores in a
 * grid-stride loop over 16 B groups, 16 blocks of 256 threads per SM (the anchor's
 * 2112 x 256 on 132 SMs); the n mod 4 tail is written with scalar stores. Kernel
 * phase by events, then the d2h copy into pinned host memory (events).
 */
#include <stdlib.h>

#include "cxb/cuda.h"
#include "cxb/prng.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/common/event_timer.h"

#define CXB_STORE_BLOCK 256
#define CXB_STORE_BLOCKS_PER_SM 16

struct cxb_store_cuda {
    uint64_t n;
    unsigned grid;
    cudaStream_t stream;
    cxb_event_timer tm;
    uint32_t *d_out, *h_out;
};

static __global__ void __launch_bounds__(CXB_STORE_BLOCK)
    cxb_store_kernel(uint32_t *__restrict__ out, uint64_t n)
{
    const uint64_t n4 = n / 4u, stride = (uint64_t)gridDim.x * blockDim.x;
    const uint64_t g = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    uint4 *o4 = reinterpret_cast<uint4 *>(out);
    for (uint64_t i = g; i < n4; i += stride) {
        uint32_t b = (uint32_t)(4u * i);
        o4[i] = make_uint4(b, b + 1u, b + 2u, b + 3u);
    }
    if (g < n - 4u * n4)
        out[4u * n4 + g] = (uint32_t)(4u * n4 + g);
}

extern "C" void cxb_store_cuda_destroy(cxb_store_cuda *ctx)
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

extern "C" cxb_status cxb_store_cuda_create(cxb_store_cuda **out, uint64_t n)
{
    *out = NULL;
    const char *why = "";
    if (cxb_cuda_device_count(&why) == 0)
        return cxb_fail(CXB_ERESOURCE, "prng.store.cuda: %s", why);
    if (n > SIZE_MAX / sizeof(uint32_t))
        return cxb_fail(CXB_ERESOURCE, "prng.store.cuda: n = %llu does not fit in memory",
                        (unsigned long long)n);
    cxb_store_cuda *ctx = (cxb_store_cuda *)calloc(1, sizeof *ctx);
    if (!ctx)
        return cxb_fail(CXB_ERESOURCE, "prng.store.cuda: out of host memory");
    ctx->n = n;
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
        uint64_t groups = (n / 4u + CXB_STORE_BLOCK - 1u) / CXB_STORE_BLOCK;
        uint64_t grid = (uint64_t)sms * CXB_STORE_BLOCKS_PER_SM;
        ctx->grid = (unsigned)(groups < grid ? (groups > 0 ? groups : 1u) : grid);
    }
    *out = ctx;
    return CXB_OK;
fail:
    cxb_store_cuda_destroy(ctx);
    return st;
}

extern "C" cxb_status cxb_store_cuda_run(cxb_store_cuda *ctx, cxb_phases *ph)
{
    if (ph)
        ph->ns[CXB_PHASE_KERNEL] = ph->ns[CXB_PHASE_D2H] = CXB_PHASE_NA;
    cxb_status st = cxb_event_timer_begin(&ctx->tm, ctx->stream);
    if (st != CXB_OK)
        return st;
    if (ctx->n > 0) {
        cxb_store_kernel<<<ctx->grid, CXB_STORE_BLOCK, 0, ctx->stream>>>(ctx->d_out, ctx->n);
        if ((st = CXB_CUDA_LAUNCHED("cxb_store_kernel")) != CXB_OK)
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

extern "C" const uint32_t *cxb_store_cuda_out(const cxb_store_cuda *ctx) { return ctx->h_out; }
