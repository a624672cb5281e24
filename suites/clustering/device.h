/* suites/clustering/device.h - the device half of the clustering study's CUDA rows
 * (docs/studies/clustering.md). The rows' code (parameters, the input graph, verification
 * against the reference, checksums, the command line) lives in suites/clustering/ and names no
 * CUDA function; the CUDA rows are declared in impl_cuda/clustering/rows.c (compiled only when
 * CUDA is found), which hands that code the CUDA functions as this table (docs/architecture.md
 * "How CUDA rows are registered"). */
#ifndef CXB_SUITES_CLUSTERING_DEVICE_H
#define CXB_SUITES_CLUSTERING_DEVICE_H

#include "cxb/clustering/clustering.h"
#include "cxb/core/cuda.h"
#include "cxb/core/timing.h"
#include "harness/registry.h"

typedef struct cxb_cl_dev {
    /* Allocates the device arrays of variant v and uploads g once (untimed, at setup), on
     * stream (cxb_env.stream; NULL: the default stream; the mgpu rows make one stream per
     * device). pool is the point's pool (k2's host sort) or NULL. Out of device memory is
     * CXB_ERESOURCE, found before any upload. alloc_ms and h2d_ms receive the two phases
     * (reported in extra; the thesis's total adds them, Leist Sec. 6.2.4). */
    cxb_status (*open)(const cxb_csr *g, cxb_cl_variant v, const cxb_cl_params *p, void *stream,
                       struct cxb_pool *pool, void **dev, double *alloc_ms, double *h2d_ms);
    /* One count: the orientation (tc*: r->prep_ms) or the arc sort (k2: r->sort_ms) first,
     * timed separately, then the counting launches in the kernel phase (its first timed work
     * queues timing's spin, when timing is not NULL), then T, W and, for the tc* variants,
     * every T_v copied to r->tv (d2h phase; r->has_tv = 1). r->tv is NULL when not wanted. */
    cxb_status (*run)(void *dev, cxb_timing *timing, cxb_cl_result *r, cxb_phases *ph);
    void (*close)(void *dev);
} cxb_cl_dev;

/* clustering.*.cuda and clustering.*.mgpu (suites/clustering/study.c): the row of variant v
 * through dev. */
cxb_status cxb_cl_setup_dev(const cxb_params *p, const cxb_env *env, cxb_cl_variant v,
                            const cxb_cl_dev *dev, void **ctx);

#endif
