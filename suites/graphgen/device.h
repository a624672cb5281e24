/* suites/graphgen/device.h - the device half of the graphgen study's rows. The rows' code
 * (parameters, verification against the seq reference, checksums) lives in
 * suites/graphgen/study.c and fast.c and names no CUDA function; the CUDA rows are declared in
 * impl_cuda/graphgen/rows.c (compiled only when CUDA is found), which hands that code the CUDA
 * functions as this table (docs/architecture.md "How CUDA rows are registered"). */
#ifndef CXB_SUITES_GRAPHGEN_DEVICE_H
#define CXB_SUITES_GRAPHGEN_DEVICE_H

#include "cxb/graph/gen.h"
#include "cxb/graphgen/cuda.h"
#include "harness/registry.h"

typedef struct cxb_graphgen_dev {
    /* Leist's faithful generators (cxb/graphgen/cuda.h) */
    cxb_status (*alpha)(const cxb_alpha_params *p, cxb_gg_variant v, cxb_adjlists *out, cxb_gg_cuda_stats *stats,
                        const cxb_cuda_exec *ex);
    cxb_status (*ba)(const cxb_ba_params *p, cxb_gg_variant v, cxb_adjlists *out, cxb_gg_cuda_stats *stats,
                     const cxb_cuda_exec *ex);
    /* the fast generators (cxb/graph/gen.h) */
    cxb_status (*generate)(const cxb_gen_spec *s, cxb_gen_cuda_opts *o, cxb_edges *out);
    /* "generate -> CSR" on the GPU (cxb/graph/dcsr.h, cxb_dcsr_generate; simple graph), the CSR
     * then copied into out on the host; all work on stream. gen_ms and build_ms are the device
     * times of the two steps, d2h_ms the copy (host clock). */
    cxb_status (*generate_csr)(const cxb_gen_spec *s, void *stream, cxb_csr *out, double *gen_ms, double *build_ms,
                               double *d2h_ms);
} cxb_graphgen_dev;

/* graphgen.{alpha,ba}.{cuda1,cuda2,cudapool} (suites/graphgen/study.c) */
cxb_status cxb_graphgen_setup_dev(const cxb_params *p, const cxb_env *env, int ba, cxb_gg_variant v,
                                  const cxb_graphgen_dev *dev, void **ctx);
cxb_status cxb_graphgen_reset(void *ctx);
cxb_status cxb_graphgen_run(void *ctx, cxb_phases *ph);
cxb_status cxb_graphgen_verify(void *ctx);
uint64_t cxb_graphgen_checksum(void *ctx);
void cxb_graphgen_extra(void *ctx, char *buf, size_t size);
void cxb_graphgen_teardown(void *ctx);

/* graphgen.{bacopy,gnm,wsfast,rmat}.cuda (suites/graphgen/fast.c; the other row functions are
 * cxb_ggf_* of suites/graphgen/fast.h) */
cxb_status cxb_ggf_setup_dev(const cxb_params *p, const cxb_env *env, cxb_gen_model model,
                             const cxb_graphgen_dev *dev, void **ctx);
/* graphgen.{bacopy,gnm,wsfast,rmat}.cudacsr (suites/graphgen/fast.c): the same graph built into
 * a CSR on the GPU (docs/studies/graph.md "Graphs on the GPU") */
cxb_status cxb_ggf_setup_dev_csr(const cxb_params *p, const cxb_env *env, cxb_gen_model model,
                                 const cxb_graphgen_dev *dev, void **ctx);

#endif
