/* impl_cuda/prng/curand.cu - prng.<gen>.curand: cuRAND's host API as the peer row of the
 * prng study (prng.md 2, 8.1: "re-measure cuRAND and ours in the same process").
 *
 * One generator per point, created, seeded and given its ordering once (untimed). Before
 * every sample (untimed) the generator goes back to offset 0 and its states are set up
 * with curandGenerateSeeds, which cuRAND would otherwise do inside the next curandGenerate
 * (XORWOW's setup is ~0.1 s); so each sample is one curandGenerate of the same n uint32
 * into device memory on our stream, between the same events as our kernels, then the d2h
 * copy, and every sample writes the same numbers (the harness checks their checksum).
 */
#include <curand.h>
#include <stdlib.h>

#include "cxb/cuda.h"
#include "cxb/prng.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/common/u32_output.h"

struct cxb_curand_cuda {
    cxb_u32_output o; /* used for its buffers, stream and timer; cuRAND picks its own grid */
    curandGenerator_t gen;
};

static const char *curand_name(curandStatus_t s)
{
    switch (s) {
    case CURAND_STATUS_SUCCESS: return "success";
    case CURAND_STATUS_VERSION_MISMATCH: return "header and library versions differ";
    case CURAND_STATUS_NOT_INITIALIZED: return "generator not initialised";
    case CURAND_STATUS_ALLOCATION_FAILED: return "out of memory";
    case CURAND_STATUS_TYPE_ERROR: return "wrong generator type";
    case CURAND_STATUS_OUT_OF_RANGE: return "argument out of range";
    case CURAND_STATUS_LENGTH_NOT_MULTIPLE: return "length not a multiple of the dimension";
    case CURAND_STATUS_DOUBLE_PRECISION_REQUIRED: return "double precision required";
    case CURAND_STATUS_LAUNCH_FAILURE: return "kernel launch failure";
    case CURAND_STATUS_PREEXISTING_FAILURE: return "an earlier failure";
    case CURAND_STATUS_INITIALIZATION_FAILED: return "initialisation failed (no usable GPU?)";
    case CURAND_STATUS_ARCH_MISMATCH: return "GPU architecture not supported";
    default: return "internal error";
    }
}

/* Every cuRAND call goes through here: the message names the call and cuRAND's reason. */
static cxb_status curand_check(curandStatus_t s, const char *what, cxb_status kind)
{
    if (s == CURAND_STATUS_SUCCESS)
        return CXB_OK;
    if (s == CURAND_STATUS_ALLOCATION_FAILED)
        kind = CXB_ERESOURCE;
    return cxb_fail(kind, "cuRAND: %s: %s (status %d)", what, curand_name(s), (int)s);
}

extern "C" void cxb_curand_cuda_destroy(cxb_curand_cuda *ctx)
{
    if (!ctx)
        return;
    if (ctx->gen)
        curandDestroyGenerator(ctx->gen);
    cxb_u32_output_destroy(&ctx->o);
    free(ctx);
}

extern "C" cxb_status cxb_curand_cuda_create(cxb_curand_cuda **out, cxb_curand_gen gen,
                                             cxb_curand_ordering ordering, uint64_t seed, uint64_t n)
{
    static const curandRngType_t types[] = {CURAND_RNG_PSEUDO_XORWOW, CURAND_RNG_PSEUDO_MRG32K3A,
                                            CURAND_RNG_PSEUDO_PHILOX4_32_10};
    static const curandOrdering_t orders[] = {CURAND_ORDERING_PSEUDO_DEFAULT, CURAND_ORDERING_PSEUDO_SEEDED,
                                              CURAND_ORDERING_PSEUDO_LEGACY, CURAND_ORDERING_PSEUDO_DYNAMIC};
    static const char *const order_names[] = {"default", "seeded", "legacy", "dynamic"};
    *out = NULL;
    cxb_curand_cuda *ctx = (cxb_curand_cuda *)calloc(1, sizeof *ctx);
    if (!ctx)
        return cxb_fail(CXB_ERESOURCE, "prng.curand: out of host memory");
    cxb_status st = cxb_u32_output_create(&ctx->o, n, 256, 16, "prng.curand");
    if (st == CXB_OK)
        st = curand_check(curandCreateGenerator(&ctx->gen, types[gen]), "curandCreateGenerator", CXB_ERESOURCE);
    if (st == CXB_OK)
        st = curand_check(curandSetStream(ctx->gen, ctx->o.stream), "curandSetStream", CXB_ERESOURCE);
    if (st == CXB_OK)
        st = curand_check(curandSetPseudoRandomGeneratorSeed(ctx->gen, seed),
                          "curandSetPseudoRandomGeneratorSeed", CXB_EINPUT);
    if (st == CXB_OK && curandSetGeneratorOrdering(ctx->gen, orders[ordering]) != CURAND_STATUS_SUCCESS)
        st = cxb_fail(CXB_EINPUT, "--set ordering=%s: this cuRAND generator does not offer it",
                      order_names[ordering]);
    if (st != CXB_OK) {
        cxb_curand_cuda_destroy(ctx);
        return st;
    }
    *out = ctx;
    return CXB_OK;
}

extern "C" cxb_status cxb_curand_cuda_reset(cxb_curand_cuda *ctx)
{
    cxb_status st = curand_check(curandSetGeneratorOffset(ctx->gen, 0), "curandSetGeneratorOffset", CXB_EINPUT);
    if (st == CXB_OK)
        st = curand_check(curandGenerateSeeds(ctx->gen), "curandGenerateSeeds", CXB_ERESOURCE);
    if (st == CXB_OK)
        st = CXB_CUDA(cudaStreamSynchronize(ctx->o.stream));
    return st;
}

extern "C" cxb_status cxb_curand_cuda_run(cxb_curand_cuda *ctx, cxb_phases *ph)
{
    cxb_u32_output *o = &ctx->o;
    cxb_status st = cxb_u32_output_begin(o, ph);
    if (st != CXB_OK)
        return st;
    if (o->n > 0 && (st = curand_check(curandGenerate(ctx->gen, o->d_out, (size_t)o->n), "curandGenerate",
                                       CXB_EINPUT)) != CXB_OK)
        return st;
    return cxb_u32_output_finish(o, ph, "curandGenerate");
}

extern "C" const uint32_t *cxb_curand_cuda_out(const cxb_curand_cuda *ctx) { return ctx->o.h_out; }
