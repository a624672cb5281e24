/* impl_cuda/frnn/rows.c - the CUDA rows of the frnn study (docs/studies/frnn.md): the
 * constructions frnn.{original,acs,acs_stable}.cuda, the queries frnn.{moore,pbw,strips,brute}.cuda,
 * the Circles steps frnn.circles.cuda and frnn.fgpu2style.cuda, and the Network model's step
 * frnn.network.cuda (suites/frnn/network.c).
 * Everything but the device half is the study's row code (suites/frnn/study.c through
 * cxb_frnn_setup_dev and rows.h); the device half is the table cxb_frnn_cuda_dev
 * (impl_cuda/frnn/dev.cu). Compiled only when CUDA is found; harness/backends.c adds
 * cxb_frnn_cuda_impls to the study (docs/architecture.md "How CUDA rows are registered").
 * Every row queues all its work on the point's stream and waits only at its stop event (and,
 * for the list handler, for the size of the id array), so none is CXB_TIMING_SYNC but the list
 * handler's host wait is inside the timed phase. */
#include "harness/registry.h"
#include "impl_cuda/frnn/dev.h"
#include "suites/frnn/network.h"
#include "suites/frnn/rows.h"

#define FRNN_CUDA_SETUP(name, id)                                                                  \
    static cxb_status name(const cxb_params *p, const cxb_env *env, void **ctx)                   \
    {                                                                                              \
        return cxb_frnn_setup_dev(p, env, id, &cxb_frnn_cuda_dev, ctx);                            \
    }
FRNN_CUDA_SETUP(setup_original, "frnn.original.cuda")
FRNN_CUDA_SETUP(setup_acs, "frnn.acs.cuda")
FRNN_CUDA_SETUP(setup_acs_stable, "frnn.acs_stable.cuda")
FRNN_CUDA_SETUP(setup_moore, "frnn.moore.cuda")
FRNN_CUDA_SETUP(setup_pbw, "frnn.pbw.cuda")
FRNN_CUDA_SETUP(setup_strips, "frnn.strips.cuda")
FRNN_CUDA_SETUP(setup_brute, "frnn.brute.cuda")
FRNN_CUDA_SETUP(setup_circles, "frnn.circles.cuda")

static cxb_status setup_network(const cxb_params *p, const cxb_env *env, void **ctx)
{
    return cxb_frnn_network_setup_dev(p, env, &cxb_frnn_cuda_dev, ctx);
}

static cxb_status setup_fgpu2style(const cxb_params *p, const cxb_env *env, void **ctx)
{
    return cxb_frnn_setup_fgpu2(p, env, &cxb_frnn_fgpu2_cuda_dev, ctx);
}

#define FRNN_CUDA_IMPL(id_, setup_, summary_) FRNN_CUDA_IMPL_F(id_, setup_, 0, summary_)
/* the Circles steps build with the thesis's ACS by default: a bin's forces are summed in the
 * order its slots were filled, which differs run to run (CXB_IMPL_FLOAT_ORDER, docs/method.md) */
#define FRNN_CUDA_IMPL_F(id_, setup_, flags_, summary_)                                            \
    {.id = id_, .backend = CXB_BACKEND_CUDA, .flags = CXB_IMPL_NEEDS_GPU | (flags_), .summary = summary_, \
     .setup = setup_, .reset = cxb_frnn_reset, .run = cxb_frnn_run, .verify = cxb_frnn_verify,      \
     .checksum = cxb_frnn_checksum, .extra = cxb_frnn_extra, .teardown = cxb_frnn_teardown,         \
     .extra_per_sample = cxb_frnn_extra_per_sample}

const cxb_impl cxb_frnn_cuda_impls[] = {
    FRNN_CUDA_IMPL("frnn.original.cuda", setup_original,
                   "thesis Sec. 4.4 Original: hash, CUB pair radix sort on the minimum bits, reorder + boundaries"),
    FRNN_CUDA_IMPL("frnn.acs.cuda", setup_acs,
                   "thesis Sec. 4.3 ACS: atomic histogram with sub-index, CUB exclusive scan, scatter"),
    FRNN_CUDA_IMPL("frnn.acs_stable.cuda", setup_acs_stable,
                   "ACS scattering indices, CUB segmented sort per bin, gather: identical to counting.seq"),
    FRNN_CUDA_IMPL("frnn.moore.cuda", setup_moore, "thesis Alg. 5 Moore query, one thread per storage slot"),
    FRNN_CUDA_IMPL("frnn.pbw.cuda", setup_pbw, "thesis Alg. 8 proportional bin width, one range per bin"),
    FRNN_CUDA_IMPL("frnn.strips.cuda", setup_strips, "thesis Algs. 7/9 Strips, one range per row of bins"),
    FRNN_CUDA_IMPL("frnn.brute.cuda", setup_brute, "every stored item per query: O(N^2)"),
    FRNN_CUDA_IMPL_F("frnn.circles.cuda", setup_circles, CXB_IMPL_FLOAT_ORDER,
                   "one Circles step: the build (acs by default), the query and the move on the device"),
    FRNN_CUDA_IMPL_F("frnn.fgpu2style.cuda", setup_fgpu2style, CXB_IMPL_FLOAT_ORDER,
                   "one Circles step with FLAME GPU 2's cost structure: SoA, ACS messages, agent sort, strips"),
    CXB_FRNN_NETWORK_IMPL("frnn.network.cuda", CXB_BACKEND_CUDA, CXB_IMPL_NEEDS_GPU, setup_network,
                          "one Network-model step: the actors built by edge (acs by default), surveys and moves"),
};
const size_t cxb_frnn_cuda_nimpls = sizeof cxb_frnn_cuda_impls / sizeof cxb_frnn_cuda_impls[0];
