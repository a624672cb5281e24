/* suites/components/device.h - the device half of the components study's CUDA rows. The rows'
 * code (parameters, the input graph, verification against the reference, checksums, the
 * command line) lives in suites/components/ and names no CUDA function; the CUDA rows are
 * declared in impl_cuda/components/rows.c (compiled only when CUDA is found), which hands that
 * code the CUDA functions as this table (docs/architecture.md "How CUDA rows are registered"). */
#ifndef CXB_SUITES_COMPONENTS_DEVICE_H
#define CXB_SUITES_COMPONENTS_DEVICE_H

#include "cxb/components/components.h"
#include "cxb/core/cuda.h"
#include "cxb/core/timing.h"
#include "harness/registry.h"

typedef struct cxb_cc_dev {
    /* Allocates the device arrays of variant v and uploads g once (untimed, at setup), on
     * stream (cxb_env.stream; NULL: the default stream). Out of device memory is CXB_ERESOURCE,
     * found before any upload; k2 with p->tex_limit and more than 2^27 arcs is CXB_EINPUT with
     * the message of docs/studies/components.md. alloc_ms and h2d_ms receive the two phases. */
    cxb_status (*open)(const cxb_csr *g, cxb_cc_variant v, const cxb_cc_params *p, void *stream,
                       void **dev, double *alloc_ms, double *h2d_ms);
    /* One labelling: label initialisation and every launch and per-iteration flag copy until
     * convergence in the kernel phase (its first timed work queues timing's spin, when timing
     * is not NULL), then the labels copied to label[] on the host (d2h phase). */
    cxb_status (*run)(void *dev, cxb_timing *timing, cxb_vid *label, cxb_cc_stats *st,
                      cxb_phases *ph);
    void (*close)(void *dev);
} cxb_cc_dev;

/* components.*.cuda (suites/components/study.c): the row of variant v through dev. */
cxb_status cxb_cc_setup_dev(const cxb_params *p, const cxb_env *env, cxb_cc_variant v,
                            const cxb_cc_dev *dev, void **ctx);

#endif
