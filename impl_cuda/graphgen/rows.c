/* impl_cuda/graphgen/rows.c - the CUDA rows of the graphgen study: Leist's faithful
 * graphgen.{alpha,ba}.{cuda1,cuda2,cudapool} (suites/graphgen/study.c) and the fast generators'
 * graphgen.{bacopy,gnm,wsfast,rmat}.cuda (suites/graphgen/fast.c), whose code they share, and
 * graphgen.{bacopy,gnm,wsfast,rmat}.cudacsr: the same generators with the CSR built on the GPU
 * (docs/studies/graph.md "Graphs on the GPU"). The variant names what the row produces (tuples,
 * or the CSR, both on the device), the algorithm stays the model, so the rows of one model sit
 * side by side in tables and figures and the study's work callback counts both in tuples.
 * Compiled only when CUDA is found; the registry adds cxb_graphgen_cuda_impls to the graphgen
 * study (docs/architecture.md "How CUDA rows are registered"). */
#include <string.h>

#include "cxb/core/timing.h"
#include "cxb/graph/dcsr.h"
#include "cxb/graph/gen.h"
#include "cxb/graphgen/cuda.h"
#include "harness/registry.h"
#include "suites/graphgen/device.h"
#include "suites/graphgen/fast.h"

/* generate -> CSR on the GPU, then the CSR copied to the host (suites/graphgen/device.h) */
static cxb_status generate_csr(const cxb_gen_spec *s, void *stream, cxb_csr *out, double *gen_ms, double *build_ms,
                               double *d2h_ms)
{
    cxb_dcsr d;
    memset(out, 0, sizeof *out);
    *d2h_ms = 0;
    cxb_status st = cxb_dcsr_generate(s, 0, stream, &d, gen_ms, build_ms);
    if (st != CXB_OK)
        return st;
    int64_t t0 = cxb_clock_ns();
    st = cxb_dcsr_download(&d, stream, out);
    *d2h_ms = (double)(cxb_clock_ns() - t0) / 1e6;
    cxb_dcsr_free(&d);
    return st;
}

static const cxb_graphgen_dev dev = {cxb_alpha_cuda, cxb_ba_cuda, cxb_generate_cuda, generate_csr};

#define GG_SETUP(name, ba, v)                                                                      \
    static cxb_status name(const cxb_params *p, const cxb_env *env, void **ctx)                   \
    {                                                                                              \
        return cxb_graphgen_setup_dev(p, env, ba, v, &dev, ctx);                                   \
    }
GG_SETUP(setup_alpha_cuda1, 0, CXB_GG_CUDA1)
GG_SETUP(setup_alpha_cuda2, 0, CXB_GG_CUDA2)
GG_SETUP(setup_alpha_cudapool, 0, CXB_GG_CUDAPOOL)
GG_SETUP(setup_ba_cuda1, 1, CXB_GG_CUDA1)
GG_SETUP(setup_ba_cuda2, 1, CXB_GG_CUDA2)
GG_SETUP(setup_ba_cudapool, 1, CXB_GG_CUDAPOOL)

#define GGF_SETUP(model, what)                                                                     \
    static cxb_status cxb_ggf_setup_##model##_cuda(const cxb_params *p, const cxb_env *env, void **ctx) \
    {                                                                                              \
        return cxb_ggf_setup_dev(p, env, CXB_GEN_##model, &dev, ctx);                              \
    }
#define CXB_GEN_bacopy CXB_GEN_BACOPY
#define CXB_GEN_gnm CXB_GEN_GNM
#define CXB_GEN_wsfast CXB_GEN_WSFAST
#define CXB_GEN_rmat CXB_GEN_RMAT
CXB_GGF_MODELS(GGF_SETUP)
#define GGF_SETUP_CSR(model, what)                                                                 \
    static cxb_status cxb_ggf_setup_##model##_cudacsr(const cxb_params *p, const cxb_env *env, void **ctx) \
    {                                                                                              \
        return cxb_ggf_setup_dev_csr(p, env, CXB_GEN_##model, &dev, ctx);                          \
    }
CXB_GGF_MODELS(GGF_SETUP_CSR)

#define GG_IMPL(id_, backend_, flags_, setup_, summary_)                                           \
    {.id = id_, .backend = backend_, .flags = flags_, .summary = summary_, .setup = setup_,        \
     .reset = cxb_graphgen_reset, .run = cxb_graphgen_run, .verify = cxb_graphgen_verify,          \
     .checksum = cxb_graphgen_checksum, .extra = cxb_graphgen_extra, .teardown = cxb_graphgen_teardown}
#define GPU (CXB_IMPL_NEEDS_GPU | CXB_TIMING_SYNC)
#define GGF_IMPL(model, what) CXB_GGF_IMPL(model, cuda, CXB_BACKEND_CUDA, CXB_GGF_GPU, what " on the GPU, = seq"),
#define GGF_IMPL_CSR(model, what)                                                                  \
    CXB_GGF_IMPL(model, cudacsr, CXB_BACKEND_CUDA, CXB_GGF_GPU,                                    \
                 what ", then the CSR built on the GPU (CUB sort + unique), = seq's CSR"),

const cxb_impl cxb_graphgen_cuda_impls[] = {
    GG_IMPL("graphgen.alpha.cuda1", CXB_BACKEND_CUDA, GPU, setup_alpha_cuda1,
            "Leist Alg. 11-15 CUDA 1: lists grown with in-kernel malloc/free (X = pow2 >= 1.2k)"),
    GG_IMPL("graphgen.alpha.cuda2", CXB_BACKEND_CUDA, GPU, setup_alpha_cuda2,
            "Leist 5.1.3 CUDA 2: host cudaMalloc/cudaFree via mapped memory (X = max(64, pow2 >= 1.2k))"),
    GG_IMPL("graphgen.alpha.cudapool", CXB_BACKEND_CUDA, GPU, setup_alpha_cudapool,
            "extension: CUDA 2 with stream-ordered cudaMallocAsync/cudaFreeAsync from a pool (no device sync)"),
    GG_IMPL("graphgen.ba.cuda1", CXB_BACKEND_CUDA, GPU, setup_ba_cuda1,
            "Leist Alg. 17-20 CUDA 1: lists created and grown with in-kernel malloc/free (X = 16)"),
    GG_IMPL("graphgen.ba.cuda2", CXB_BACKEND_CUDA, GPU, setup_ba_cuda2,
            "Leist 5.2.3 CUDA 2: host-managed lists (X = max(64, pow2 >= 2k))"),
    GG_IMPL("graphgen.ba.cudapool", CXB_BACKEND_CUDA, GPU, setup_ba_cudapool,
            "extension: BA CUDA 2 with stream-ordered cudaMallocAsync/cudaFreeAsync from a pool"),
    CXB_GGF_MODELS(GGF_IMPL) /* docs/studies/graphgen.md: suites/graphgen/fast.c */
    CXB_GGF_MODELS(GGF_IMPL_CSR) /* docs/studies/graph.md "Graphs on the GPU" */
};
const size_t cxb_graphgen_cuda_nimpls = sizeof cxb_graphgen_cuda_impls / sizeof cxb_graphgen_cuda_impls[0];
