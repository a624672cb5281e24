/* cxb/graphgen/cuda.h - the CUDA variants of the faithful generators (Leist 2011 ch. 5;
 * docs/studies/graphgen.md): graphgen.{alpha,ba}.cuda1 (adjacency lists grown with
 * in-kernel malloc/free, the device heap sized with cudaLimitMallocHeapSize first) and
 * .cuda2 (the host allocates with cudaMalloc/cudaFree, decisions passed through mapped
 * host memory), X the allocation multiple in elements (0 = auto, docs/studies/graphgen.md).
 *
 * One call generates the whole graph on the device (gen: from the first generator call to
 * the complete device lists, stream synchronised - the thesis's total generator wall
 * time), then gathers the lists into host lists (d2h, never part of gen) and frees the
 * device memory. The canonical arithmetic of cxb/graphgen/models.h makes the graph identical to
 * graphgen.{alpha,ba}.seq. Implemented in impl_cuda/graphgen/; without CUDA,
 * harness/backends.c answers "built without CUDA".
 */
#ifndef CXB_GRAPHGEN_CUDA_H
#define CXB_GRAPHGEN_CUDA_H

#include "cxb/graphgen/models.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cxb_gg_cuda_stats {
    uint32_t x;                 /* allocation multiple used */
    uint64_t heap_mb;           /* cuda1: device heap limit set (MiB) */
    uint64_t allocations, frees; /* list allocations and releases (device or host calls) */
    uint64_t device_bytes_peak; /* peak bytes held in adjacency lists */
    int64_t gen_ns, d2h_ns;
} cxb_gg_cuda_stats;

/* v is CXB_GG_CUDA1, CXB_GG_CUDA2 or CXB_GG_CUDAPOOL (the extension of docs/studies/graphgen.md: CUDA 2's
 * host-side management with stream-ordered cudaMallocAsync / cudaFreeAsync on S1 from the
 * device's default pool, release threshold at the maximum, so no allocation or release
 * synchronises the device); out is initialised here (host lists). The main stream S0 is ex's
 * (the harness's stream, cxb/core/cuda.h; NULL: the default stream); the overlapping streams
 * of Leist's design (S1, and S2 for BA) are the generator's own. */
struct cxb_cuda_exec;
cxb_status cxb_alpha_cuda(const cxb_alpha_params *p, cxb_gg_variant v, cxb_adjlists *out,
                          cxb_gg_cuda_stats *stats, const struct cxb_cuda_exec *ex);
cxb_status cxb_ba_cuda(const cxb_ba_params *p, cxb_gg_variant v, cxb_adjlists *out,
                       cxb_gg_cuda_stats *stats, const struct cxb_cuda_exec *ex);

#ifdef __cplusplus
}
#endif

#endif
