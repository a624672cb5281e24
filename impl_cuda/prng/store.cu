/* impl_cuda/prng/store.cu - prng.store.cuda: a store-only kernel writing n uint32, the
 * bandwidth ceiling every stored generator is reported against (docs/studies/prng.md
 * "Ceilings", 8.3 G2g).
 *
 * Output i is (uint32_t)i, so the harness can verify it. uint4 stores in a
 * grid-stride loop over 16 B groups, 16 blocks of 256 threads per SM (the anchor's
 * 2112 x 256 on 132 SMs); the n mod 4 tail is written with scalar stores. Buffers,
 * stream, timing and the d2h copy: impl_cuda/common/u32_output.h.
 */
#include <stdlib.h>

#include "cxb/core/cuda.h"
#include "cxb/prng/lf24.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/common/u32_output.h"

#define CXB_STORE_BLOCK 256
#define CXB_STORE_BLOCKS_PER_SM 16

struct cxb_store_cuda {
    cxb_u32_output o;
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
    cxb_u32_output_destroy(&ctx->o);
    free(ctx);
}

extern "C" cxb_status cxb_store_cuda_create(cxb_store_cuda **out, uint64_t n, unsigned blocks_per_sm,
                                            const cxb_cuda_exec *ex)
{
    *out = NULL;
    cxb_store_cuda *ctx = (cxb_store_cuda *)calloc(1, sizeof *ctx);
    if (!ctx)
        return cxb_fail(CXB_ERESOURCE, "prng.store.cuda: out of host memory");
    cxb_status st = cxb_u32_output_create(&ctx->o, n, CXB_STORE_BLOCK,
                                          blocks_per_sm ? blocks_per_sm : CXB_STORE_BLOCKS_PER_SM,
                                          "prng.store.cuda", ex);
    if (st != CXB_OK) {
        free(ctx);
        return st;
    }
    *out = ctx;
    return CXB_OK;
}

extern "C" cxb_status cxb_store_cuda_run(cxb_store_cuda *ctx, cxb_phases *ph)
{
    cxb_u32_output *o = &ctx->o;
    cxb_status st = cxb_u32_output_begin(o, ph);
    if (st != CXB_OK)
        return st;
    if (o->n > 0)
        cxb_store_kernel<<<o->grid, CXB_STORE_BLOCK, 0, o->stream>>>(o->d_out, o->n);
    return cxb_u32_output_finish(o, ph, "cxb_store_kernel");
}

extern "C" const uint32_t *cxb_store_cuda_out(const cxb_store_cuda *ctx) { return ctx->o.h_out; }
