/* impl_cuda/clustering/rows.c - the CUDA rows of the clustering study (docs/studies/clustering-cuda.md
 * "CUDA variants"): clustering.{k1,k2,tcmerge,tcbsearch,tchash,tcbitmap}.cuda and
 * clustering.{k1,k2}.mgpu. Everything but the device half is the study's row code
 * (suites/clustering/study.c through cxb_cl_setup_dev and rows.h); the device half is the table
 * cxb_cl_cuda_dev (impl_cuda/clustering/dev.cu). Compiled only when CUDA is found;
 * harness/backends.c adds cxb_clustering_cuda_impls to the study (docs/architecture.md "How CUDA
 * rows are registered").
 *
 * Flags: every row needs a GPU. k1 and the modern rows queue all their timed work on the
 * point's stream and get the spin queued there (docs/method.md "CUDA timing"); k2 (its default
 * sort runs on the host inside the timed sort phase) and the mgpu rows (one host thread per GPU,
 * each waiting for its launches) synchronise internally: CXB_TIMING_SYNC. The mgpu rows create
 * one stream on every device beyond the first (dev.cu) and need as many GPUs as --gpus asks
 * (CXB_ERESOURCE, exit 3, when fewer are visible). */
#include "harness/registry.h"
#include "impl_cuda/clustering/dev.h"
#include "suites/clustering/rows.h"

#define CL_CUDA_SETUP(name, v)                                                                     \
    static cxb_status name(const cxb_params *p, const cxb_env *env, void **ctx)                   \
    {                                                                                              \
        return cxb_cl_setup_dev(p, env, v, &cxb_cl_cuda_dev, ctx);                                 \
    }
CL_CUDA_SETUP(setup_k1, CXB_CL_K1_CUDA)
CL_CUDA_SETUP(setup_k2, CXB_CL_K2_CUDA)
CL_CUDA_SETUP(setup_k1_mgpu, CXB_CL_K1_MGPU)
CL_CUDA_SETUP(setup_k2_mgpu, CXB_CL_K2_MGPU)
CL_CUDA_SETUP(setup_tcmerge, CXB_CL_TCMERGE_CUDA)
CL_CUDA_SETUP(setup_tcbsearch, CXB_CL_TCBSEARCH_CUDA)
CL_CUDA_SETUP(setup_tchash, CXB_CL_TCHASH_CUDA)
CL_CUDA_SETUP(setup_tcbitmap, CXB_CL_TCBITMAP_CUDA)

#define CL_CUDA_IMPL(id_, flags_, setup_, summary_)                                                \
    {.id = id_, .backend = CXB_BACKEND_CUDA, .flags = CXB_IMPL_NEEDS_GPU | (flags_), .summary = summary_, \
     .setup = setup_, .reset = cxb_cl_reset, .run = cxb_cl_run, .verify = cxb_cl_verify,           \
     .checksum = cxb_cl_checksum, .extra = cxb_cl_extra, .teardown = cxb_cl_teardown}

const cxb_impl cxb_clustering_cuda_impls[] = {
    CL_CUDA_IMPL("clustering.k1.cuda", 0, setup_k1,
                 "Leist Alg. 36-38 Kernel 1: thread per arc, smallest-id path enumeration, one atomicAdd per block"),
    CL_CUDA_IMPL("clustering.k2.cuda", CXB_TIMING_SYNC, setup_k2,
                 "Leist Sec. 6.2 Kernel 2: Kernel 1 over arcs sorted by end-vertex degree (sort timed)"),
    CL_CUDA_IMPL("clustering.k1.mgpu", CXB_TIMING_SYNC, setup_k1_mgpu,
                 "Leist Sec. 6.2 multi-GPU Kernel 1: host thread per GPU, dynamic arc blocks"),
    CL_CUDA_IMPL("clustering.k2.mgpu", CXB_TIMING_SYNC, setup_k2_mgpu,
                 "Leist Sec. 6.2 multi-GPU Kernel 2: host thread per GPU, dynamic arc blocks"),
    CL_CUDA_IMPL("clustering.tcmerge.cuda", 0, setup_tcmerge,
                 "degree orientation (prep) + thread per oriented arc, sorted merge; T, W, T_v"),
    CL_CUDA_IMPL("clustering.tcbsearch.cuda", 0, setup_tcbsearch,
                 "degree orientation + warp per vertex, lanes binary-search N+(u) (TriCore-style); T, W, T_v"),
    CL_CUDA_IMPL("clustering.tchash.cuda", 0, setup_tchash,
                 "degree orientation + warp per vertex, shared-memory hash of N+(u) (H-INDEX-style); T, W, T_v"),
    CL_CUDA_IMPL("clustering.tcbitmap.cuda", 0, setup_tcbitmap,
                 "degree orientation + warp per vertex, global bitmap of N+(u) (Bisson-Fatica-style); T, W, T_v"),
};
const size_t cxb_clustering_cuda_nimpls = sizeof cxb_clustering_cuda_impls / sizeof cxb_clustering_cuda_impls[0];
