/* impl_cuda/clustering/dev.h - the device half of the clustering study's CUDA rows
 * (docs/studies/clustering-cuda.md "CUDA variants"), defined in impl_cuda/clustering/dev.cu, for
 * rows.c (which hands it to the study's row code) and the CUDA tests. Names no CUDA type. */
#ifndef CXB_IMPL_CUDA_CLUSTERING_DEV_H
#define CXB_IMPL_CUDA_CLUSTERING_DEV_H

#include <stdint.h>

#include "cxb/core/cuda.h"
#include "cxb/core/status.h"
#include "cxb/core/timing.h"
#include "cxb/graph/graph.h"
#include "suites/clustering/device.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cxb_cl_dev_variant {
    CXB_CLD_K1,        /* clustering.k1.cuda */
    CXB_CLD_K2,        /* clustering.k2.cuda */
    CXB_CLD_K1_MGPU,   /* clustering.k1.mgpu */
    CXB_CLD_K2_MGPU,   /* clustering.k2.mgpu */
    CXB_CLD_TCMERGE,   /* clustering.tcmerge.cuda */
    CXB_CLD_TCBSEARCH, /* clustering.tcbsearch.cuda */
    CXB_CLD_TCHASH,    /* clustering.tchash.cuda */
    CXB_CLD_TCBITMAP,  /* clustering.tcbitmap.cuda */
    CXB_CLD_COUNT
} cxb_cl_dev_variant;

typedef struct cxb_cl_dev_opts {
    int reversed;   /* k1, k2 (and mgpu): order=reversed, the largest id owns the triangle */
    uint64_t chunk; /* k1, k2: arcs per launch (0: one grid-stride launch); mgpu: arcs per block
                       handed out (0: threads/block x blocks/SM x SMs) */
    unsigned gpus;  /* mgpu: devices (0: all visible) */
    int sort_gpu;   /* k2: 1 = sort on the device with CUB, 0 = stable counting sort on the host */
} cxb_cl_dev_opts;

/* What one run returns. */
typedef struct cxb_cl_dev_out {
    uint64_t T, W;
    double prep_ms;  /* modern variants: orientation (timed with events), else 0 */
    double sort_ms;  /* k2: the degree sort on the device, else 0 */
    unsigned gpus;   /* devices used */
    uint64_t arcs_per_gpu[16]; /* mgpu: arcs each device counted (dynamic blocks) */
} cxb_cl_dev_out;

/* The table the rows hand the study's row code (suites/clustering/device.h): the functions
 * below behind cxb_cl_params and cxb_cl_result. */
extern const cxb_cl_dev cxb_cl_cuda_dev;

/* "clustering.k1.cuda", ... */
const char *cxb_cl_dev_id(cxb_cl_dev_variant v);
/* 1 for the variants that write T_v. */
int cxb_cl_dev_has_local(cxb_cl_dev_variant v);

/* Allocates the device arrays of variant v and uploads g once (untimed setup: the CSR through
 * cxb_dcsr_upload on every device used, k1's S[a] built on the device; k2 with the host sort
 * keeps its arcs and their keys in host memory), on stream (the
 * harness's; NULL: the default stream). Out of device memory is CXB_ERESOURCE, found before
 * any allocation; an mgpu row asked for more devices than exist is CXB_ERESOURCE. alloc_ms and
 * h2d_ms (may be NULL) receive the two phases of the setup. */
cxb_status cxb_cl_dev_open(const cxb_csr *g, cxb_cl_dev_variant v, const cxb_cl_dev_opts *o, void *stream,
                           void **dev, double *alloc_ms, double *h2d_ms);
/* One count: (modern) the prep phase, (k2) the sort phase (host sort: the sort and the upload
 * of the sorted arcs, host-timed), the kernel phase (its first timed
 * work queues timing's spin, when timing is not NULL), then the counters and, when tv is not
 * NULL and the variant has T_v, every T_v copied to the host (d2h phase). ph (may be NULL)
 * receives kernel and d2h; out the counts and the prep and sort times. */
cxb_status cxb_cl_dev_run(void *dev, cxb_timing *timing, uint64_t *tv, cxb_cl_dev_out *out, cxb_phases *ph);
void cxb_cl_dev_close(void *dev);

#ifdef __cplusplus
}
#endif

#endif
