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
#include "impl_cuda/common/u32_output.h"

#define CXB_PHILOX_BLOCK 256
#define CXB_PHILOX_BLOCKS_PER_SM 16

struct cxb_philox_cuda {
    cxb_u32_output o;
    uint64_t seed;
    unsigned rounds;
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
    cxb_u32_output_destroy(&ctx->o);
    free(ctx);
}

extern "C" cxb_status cxb_philox_cuda_create(cxb_philox_cuda **out, uint64_t seed, unsigned rounds,
                                             uint64_t n, unsigned blocks_per_sm)
{
    *out = NULL;
    if (rounds != 7 && rounds != 10)
        return cxb_fail(CXB_EINPUT, "--set rounds=%u: prng.philox4x32.cuda has 7 or 10", rounds);
    cxb_philox_cuda *ctx = (cxb_philox_cuda *)calloc(1, sizeof *ctx);
    if (!ctx)
        return cxb_fail(CXB_ERESOURCE, "prng.philox4x32.cuda: out of host memory");
    ctx->seed = seed;
    ctx->rounds = rounds;
    cxb_status st = cxb_u32_output_create(&ctx->o, n, CXB_PHILOX_BLOCK,
                                          blocks_per_sm ? blocks_per_sm : CXB_PHILOX_BLOCKS_PER_SM,
                                          "prng.philox4x32.cuda");
    if (st != CXB_OK) {
        free(ctx);
        return st;
    }
    *out = ctx;
    return CXB_OK;
}

extern "C" cxb_status cxb_philox_cuda_run(cxb_philox_cuda *ctx, cxb_phases *ph)
{
    cxb_u32_output *o = &ctx->o;
    cxb_status st = cxb_u32_output_begin(o, ph);
    if (st != CXB_OK)
        return st;
    if (o->n > 0) {
        if (ctx->rounds == 10)
            cxb_philox_kernel<10><<<o->grid, CXB_PHILOX_BLOCK, 0, o->stream>>>(o->d_out, o->n, ctx->seed);
        else
            cxb_philox_kernel<7><<<o->grid, CXB_PHILOX_BLOCK, 0, o->stream>>>(o->d_out, o->n, ctx->seed);
    }
    return cxb_u32_output_finish(o, ph, "cxb_philox_kernel");
}

extern "C" const uint32_t *cxb_philox_cuda_out(const cxb_philox_cuda *ctx) { return ctx->o.h_out; }
