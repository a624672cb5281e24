/* cxb/propagation/cuda.h - the propagation study's CUDA rows (impl_cuda/propagation/,
 * docs/studies/propagation.md "The four loops and the two layouts" and "Several GPUs"): one GPU, and P GPUs with one host thread
 * each and one of four synchronisation schemes. Built only with CUDA. */
#ifndef CXB_PROPAGATION_CUDA_H
#define CXB_PROPAGATION_CUDA_H

#include <stdint.h>

#include "cxb/core/timing.h"
#include "cxb/propagation/propagation.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cxb_prop_scheme {
    CXB_PROP_SYNC_HOST = 0,     /* cuda_host: Jin et al. Algorithm 3, host-staged */
    CXB_PROP_SYNC_P2P = 1,      /* cuda_p2p: peer copies of the segments */
    CXB_PROP_SYNC_NCCL = 2,     /* cuda_nccl: grouped ncclSend / ncclRecv per peer */
    CXB_PROP_SYNC_ALLREDUCE = 3 /* cuda_allreduce: full state vectors, ncclAllReduce(max) */
} cxb_prop_scheme;

/* One GPU (the current device) on stream (NULL: the default stream). mem_cap: fail with
 * CXB_ERESOURCE when the device footprint exceeds it (0: no cap); the free memory is always
 * checked before any allocation. */
cxb_status cxb_prop_run_cuda(const cxb_csr *g, const cxb_prop_cfg *cfg, void *stream, uint64_t mem_cap,
                             cxb_prop_result *r);

/* The same in two parts, as the rows time it: open checks the sources and the footprint and
 * uploads the graph's layout for cfg->loop (cfg->edges, or one built here) and the sources
 * (untimed); run, as often as wanted, starts from the sources and fills r (r->act: n entries),
 * with the kernel phase (initial states and steps) and the d2h phase (act) in ph when given.
 * cfg and its sources must outlive the handle; close frees it (NULL is allowed). */
typedef struct cxb_prop_cuda cxb_prop_cuda;
cxb_status cxb_prop_cuda_open(const cxb_csr *g, const cxb_prop_cfg *cfg, void *stream, uint64_t mem_cap,
                              cxb_prop_cuda **out);
cxb_status cxb_prop_cuda_run(cxb_prop_cuda *d, cxb_prop_result *r, cxb_phases *ph);
void cxb_prop_cuda_close(cxb_prop_cuda *d);

/* GPUs 0 .. gpus-1 as partitions (owner: given, or NULL for the partitioner's). Fewer devices
 * than gpus, or a scheme this build lacks (NCCL), is CXB_ERESOURCE. */
cxb_status cxb_prop_run_mgpu(const cxb_csr *g, const cxb_prop_cfg *cfg, uint32_t gpus, int partitioner,
                             const uint32_t *owner, int scheme, uint64_t mem_cap, cxb_prop_result *r);

#ifdef __cplusplus
}
#endif

#endif
