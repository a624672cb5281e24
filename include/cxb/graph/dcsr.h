/* cxb/graph/dcsr.h - graphs on the GPU (docs/studies/graph.md "Graphs on the GPU"): the CSR of
 * cxb/graph/graph.h held in device memory (64-bit offsets, 32-bit ids, both arcs, rows sorted
 * ascending, self-loops and, unless multigraph, duplicates removed and counted), built on the
 * GPU with CUB from tuples, byte-identical to cxb_csr_from_edges on the same tuples. Used by
 * every graph study's CUDA rows (components, clustering, propagation).
 *
 * Implemented in impl_cuda/graph/ and called only from impl_cuda/ (a build without CUDA has no
 * such graphs). Every function takes the stream it queues its work on (NULL: the default
 * stream) and returns a cxb_status; out of device memory is CXB_ERESOURCE, found before the
 * work starts.
 */
#ifndef CXB_GRAPH_DCSR_H
#define CXB_GRAPH_DCSR_H

#include <stdint.h>

#include "cxb/graph/gen.h"
#include "cxb/graph/graph.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cxb_dcsr {
    uint64_t n, m, nnz; /* as cxb_csr */
    uint64_t *off;      /* device: n + 1 offsets */
    cxb_vid *adj;       /* device: nnz neighbour ids */
    uint32_t flags;     /* CXB_CSR_* */
    cxb_build_stats stats;
} cxb_dcsr;

/* Copies a host CSR to the device. */
cxb_status cxb_dcsr_upload(const cxb_csr *g, void *stream, cxb_dcsr *d);
/* Builds the CSR on the device from host tuples (uploaded once; e is not consumed). */
cxb_status cxb_dcsr_from_edges(const cxb_edges *e, int multigraph, void *stream, cxb_dcsr *d);
/* Generates spec's tuples on the device and builds the CSR there, never touching the host:
 * "generate -> CSR" end to end. gen_ms and build_ms (may be NULL) receive the device times of
 * the two steps. */
cxb_status cxb_dcsr_generate(const cxb_gen_spec *s, int multigraph, void *stream, cxb_dcsr *d,
                             double *gen_ms, double *build_ms);
/* Copies a device CSR back into a host one (for tests and verification). */
cxb_status cxb_dcsr_download(const cxb_dcsr *d, void *stream, cxb_csr *g);
void cxb_dcsr_free(cxb_dcsr *d);

#ifdef __cplusplus
}
#endif

#endif
