/* suites/clustering/rows.h - the row functions of the clustering study (suites/clustering/study.c),
 * shared by its CPU rows, its CUDA rows (impl_cuda/clustering/rows.c, which set up through
 * cxb_cl_setup_dev of device.h and reuse everything else) and its command line
 * (suites/clustering/cli.c, which reads the context). docs/studies/clustering.md. */
#ifndef CXB_SUITES_CLUSTERING_ROWS_H
#define CXB_SUITES_CLUSTERING_ROWS_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/clustering/clustering.h"
#include "cxb/graph/gen.h"
#include "harness/registry.h"
#include "suites/clustering/device.h"
#include "suites/graph/store.h"

/* The context of one row at one point (docs/studies/clustering.md "Parameters", "Verification"). */
typedef struct cxb_cl_ctx {
    cxb_cl_variant variant;
    cxb_backend backend;
    const char *id;          /* the row's id */
    cxb_cl_params cp;
    struct cxb_pool *pool;   /* pthreads rows (and k2's host sort): the point's pool */
    const cxb_cl_dev *dev;   /* CUDA rows: the device half; devh its open state */
    void *devh;
    struct cxb_timing *timing;
    void *stream;
    double alloc_ms, h2d_ms; /* CUDA rows: the untimed setup phases of the current graph */
    /* the input: generated from the point's spec (instance r: seed + r), or borrowed from the
     * command line (cxb_cl_input_set) */
    cxb_gstore_entry *held; /* a generated input, pinned in the graph store */
    const cxb_csr *g;
    int borrowed;
    cxb_gen_spec spec;       /* instance 0's spec (generated inputs) */
    char graph[512];         /* the input's name: the spec of the current instance or a file */
    uint64_t seed, instances, instance;
    int fault;               /* fault=1: the test hook of study.c */
    int ran;                 /* a run since the last reset: the next reset moves on to the next instance */
    int ref_kind;            /* the reference: CXB_CL_TCMERGE_SEQ or CXB_CL_SMALLEST_SEQ */
    uint64_t ref_T, ref_W, ref_tvh; /* the current instance's reference integers */
    uint64_t ref0_T, ref0_W, ref0_tvh; /* instance 0's, for the checksum */
    int ref_known;           /* ref_* belong to the current instance */
    int ref0_known;          /* ref0_* are known */
    uint64_t *ref_tv;        /* the reference's T_v (kept for the full comparison), n entries */
    uint64_t *tv;            /* this row's T_v (n entries) */
    cxb_cl_result res;       /* the last run */
} cxb_cl_ctx;

/* The id of a variant's row ("clustering.smallest.pthreads"). */
const char *cxb_cl_variant_id(cxb_cl_variant v);
/* The variant of an id; -1 if none. */
int cxb_cl_variant_of(const char *id);
/* 1 for the variants that compute T_v (tcmerge, tcbsearch, tchash, tcbitmap). */
int cxb_cl_variant_has_tv(cxb_cl_variant v);
/* The reference row that verifies a context's counts. */
const char *cxb_cl_ref_id(const cxb_cl_ctx *c);

/* The command line's input: while set (not NULL), setup uses this borrowed graph, named name,
 * instead of generating one from the point's parameters; instances is then 1. */
void cxb_cl_input_set(const cxb_csr *g, const char *name);

cxb_status cxb_cl_reset(void *ctx);
cxb_status cxb_cl_run(void *ctx, cxb_phases *ph);
cxb_status cxb_cl_verify(void *ctx);
uint64_t cxb_cl_checksum(void *ctx);
void cxb_cl_extra(void *ctx, char *buf, size_t size);
void cxb_cl_teardown(void *ctx);

/* The study's work callback: the point's undirected edges (rates are edges per second). */
uint64_t cxb_cl_work(const cxb_impl *impl, const cxb_params *params);

/* The CUDA rows' ids, named in presets (registered only in builds with CUDA). */
#define CXB_CL_CUDA_IDS                                                                          \
    "clustering.k1.cuda,clustering.k2.cuda,clustering.tcmerge.cuda,clustering.tcbsearch.cuda,"     \
    "clustering.tchash.cuda,clustering.tcbitmap.cuda"
#define CXB_CL_MGPU_IDS "clustering.k1.mgpu,clustering.k2.mgpu"

#endif
