/* impl_cuda/prng/curand/curand.cu - prng.<gen>.curand: cuRAND's host API as the peer row of the
 * prng study (docs/studies/prng.md: "re-measure cuRAND and ours in the same process").
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

#include "cxb/core/cuda.h"
#include "cxb/prng/lf24.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/common/u32_output.h"

struct cxb_curand_cuda {
    cxb_u32_output o; /* used for its buffers, stream and timer; cuRAND picks its own grid */
    curandGenerator_t gen;
    cxb_curand_type type;
    uint64_t n; /* numbers per call (o holds n words, 2n for doubles) */
    uint64_t seed;
    int no_offset; /* MTGP32 and MT19937 refuse curandSetGeneratorOffset (TYPE_ERROR) */
    cxb_curand_gen which;
    cxb_curand_ordering ordering;
};

static const curandRngType_t curand_types[] = {CURAND_RNG_PSEUDO_XORWOW, CURAND_RNG_PSEUDO_MRG32K3A,
                                               CURAND_RNG_PSEUDO_PHILOX4_32_10, CURAND_RNG_PSEUDO_MTGP32,
                                               CURAND_RNG_PSEUDO_MT19937};
static const curandOrdering_t curand_orders[] = {CURAND_ORDERING_PSEUDO_DEFAULT, CURAND_ORDERING_PSEUDO_SEEDED,
                                                 CURAND_ORDERING_PSEUDO_LEGACY, CURAND_ORDERING_PSEUDO_DYNAMIC};
static const char *const curand_order_names[] = {"default", "seeded", "legacy", "dynamic"};

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

/* The generator of ctx: created on ctx's stream with its seed and ordering. */
static cxb_status make_generator(cxb_curand_cuda *ctx)
{
    cxb_status st =
        curand_check(curandCreateGenerator(&ctx->gen, curand_types[ctx->which]), "curandCreateGenerator", CXB_ERESOURCE);
    if (st == CXB_OK)
        st = curand_check(curandSetStream(ctx->gen, ctx->o.stream), "curandSetStream", CXB_ERESOURCE);
    if (st == CXB_OK)
        st = curand_check(curandSetPseudoRandomGeneratorSeed(ctx->gen, ctx->seed),
                          "curandSetPseudoRandomGeneratorSeed", CXB_EINPUT);
    if (st == CXB_OK && curandSetGeneratorOrdering(ctx->gen, curand_orders[ctx->ordering]) != CURAND_STATUS_SUCCESS)
        st = cxb_fail(CXB_EINPUT, "--set ordering=%s: this cuRAND generator does not offer it",
                      curand_order_names[ctx->ordering]);
    return st;
}

extern "C" cxb_status cxb_curand_cuda_create(cxb_curand_cuda **out, cxb_curand_gen gen,
                                             cxb_curand_ordering ordering, uint64_t seed, uint64_t n,
                                             cxb_curand_type type, const cxb_cuda_exec *ex)
{
    *out = NULL;
    cxb_curand_cuda *ctx = (cxb_curand_cuda *)calloc(1, sizeof *ctx);
    if (!ctx)
        return cxb_fail(CXB_ERESOURCE, "prng.curand: out of host memory");
    ctx->type = type;
    ctx->n = n;
    if (type == CXB_CURAND_F64 && n > UINT64_MAX / 2) {
        free(ctx);
        return cxb_fail(CXB_EINPUT, "prng.curand: n = %llu doubles is too many", (unsigned long long)n);
    }
    cxb_status st = cxb_u32_output_create(&ctx->o, type == CXB_CURAND_F64 ? 2 * n : n, 256, 16, "prng.curand", ex);
    ctx->seed = seed;
    ctx->no_offset = gen == CXB_CURAND_MTGP32 || gen == CXB_CURAND_MT19937;
    ctx->which = gen;
    ctx->ordering = ordering;
    if (st == CXB_OK)
        st = make_generator(ctx);
    if (st != CXB_OK) {
        cxb_curand_cuda_destroy(ctx);
        return st;
    }
    *out = ctx;
    return CXB_OK;
}

extern "C" cxb_status cxb_curand_cuda_reset(cxb_curand_cuda *ctx)
{
    /* back to the start of the stream: the offset to 0; MTGP32 and MT19937 have no offset
     * (TYPE_ERROR) and setting MTGP32's seed again does not restart it (seen on the H100), so
     * their generator is made anew */
    cxb_status st;
    if (ctx->no_offset) {
        curandDestroyGenerator(ctx->gen);
        ctx->gen = NULL;
        st = make_generator(ctx);
    } else {
        st = curand_check(curandSetGeneratorOffset(ctx->gen, 0), "curandSetGeneratorOffset", CXB_EINPUT);
    }
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
    static const char *const calls[] = {"curandGenerate", "curandGenerateUniform", "curandGenerateUniformDouble"};
    if (ctx->n > 0) {
        curandStatus_t cs;
        size_t n = (size_t)ctx->n;
        if (ctx->type == CXB_CURAND_F32)
            cs = curandGenerateUniform(ctx->gen, (float *)(void *)o->d_out, n);
        else if (ctx->type == CXB_CURAND_F64)
            cs = curandGenerateUniformDouble(ctx->gen, (double *)(void *)o->d_out, n);
        else
            cs = curandGenerate(ctx->gen, o->d_out, n);
        if ((st = curand_check(cs, calls[ctx->type], CXB_EINPUT)) != CXB_OK)
            return st;
    }
    return cxb_u32_output_finish(o, ph, calls[ctx->type]);
}

extern "C" const uint32_t *cxb_curand_cuda_out(const cxb_curand_cuda *ctx) { return ctx->o.h_out; }
