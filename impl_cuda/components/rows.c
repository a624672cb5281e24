/* impl_cuda/components/rows.c - the CUDA rows of the components study (docs/studies/components-cuda.md):
 * components.{k1,k2,k3,unionfind,afforest}.cuda. Everything but the device half is the study's
 * row code (suites/components/study.c through cxb_cc_setup_dev and rows.h); the device half is
 * the table cxb_cc_cuda_dev (impl_cuda/components/dev.cu). Compiled only when CUDA is found;
 * harness/backends.c adds cxb_components_cuda_impls to the study (docs/architecture.md "How CUDA
 * rows are registered").
 *
 * Flags: every row needs a GPU. k1, k2 and k3 loop on the host inside the timed phase (a 4-byte
 * flag copied back after every launch), so they are CXB_TIMING_SYNC and get the device-wide
 * spin (docs/method.md "CUDA timing"); unionfind and afforest queue all their launches at once
 * and get the spin queued on the point's stream. */
#include "harness/registry.h"
#include "impl_cuda/components/dev.h"
#include "suites/components/rows.h"

#define CC_CUDA_SETUP(name, v)                                                                     \
    static cxb_status name(const cxb_params *p, const cxb_env *env, void **ctx)                   \
    {                                                                                              \
        return cxb_cc_setup_dev(p, env, v, &cxb_cc_cuda_dev, ctx);                                 \
    }
CC_CUDA_SETUP(setup_k1, CXB_CC_K1)
CC_CUDA_SETUP(setup_k2, CXB_CC_K2)
CC_CUDA_SETUP(setup_k3, CXB_CC_K3)
CC_CUDA_SETUP(setup_unionfind, CXB_CC_UNIONFIND_CUDA)
CC_CUDA_SETUP(setup_afforest, CXB_CC_AFFOREST_CUDA)

#define CC_CUDA_IMPL(id_, flags_, setup_, summary_)                                                \
    {.id = id_, .backend = CXB_BACKEND_CUDA, .flags = CXB_IMPL_NEEDS_GPU | (flags_), .summary = summary_, \
     .setup = setup_, .reset = cxb_cc_reset, .run = cxb_cc_run, .verify = cxb_cc_verify,           \
     .checksum = cxb_cc_checksum, .extra = cxb_cc_extra, .teardown = cxb_cc_teardown}

const cxb_impl cxb_components_cuda_impls[] = {
    CC_CUDA_IMPL("components.k1.cuda", CXB_TIMING_SYNC, setup_k1,
                 "Leist Alg. 26-27 Kernel 1: edge-parallel atomicMin over the edge list, host loop on a flag"),
    CC_CUDA_IMPL("components.k2.cuda", CXB_TIMING_SYNC, setup_k2,
                 "Leist Alg. 28-29 Kernel 2: vertex-parallel with two frontiers, staged offsets, __ldg rows"),
    CC_CUDA_IMPL("components.k3.cuda", CXB_TIMING_SYNC, setup_k3,
                 "Leist Sec. 6.1 Kernel 3: one level-synchronous BFS per component, seeds by smallest id"),
    CC_CUDA_IMPL("components.unionfind.cuda", 0, setup_unionfind,
                 "ECL-CC design, race-free: thread/warp/block by degree, pointer jumping, CAS hooks"),
    CC_CUDA_IMPL("components.afforest.cuda", 0, setup_afforest,
                 "Afforest: neighbour rounds, keyed sampling, skip the largest component, warp per hub"),
};
const size_t cxb_components_cuda_nimpls = sizeof cxb_components_cuda_impls / sizeof cxb_components_cuda_impls[0];
