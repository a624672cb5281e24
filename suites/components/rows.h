/* suites/components/rows.h - the row functions of the components study (suites/components/study.c),
 * shared by its CPU rows, its CUDA rows (impl_cuda/components/rows.c, which set up through
 * cxb_cc_setup_dev of device.h and reuse everything else) and its command line
 * (suites/components/cli.c, which reads the context). docs/studies/components.md. */
#ifndef CXB_SUITES_COMPONENTS_ROWS_H
#define CXB_SUITES_COMPONENTS_ROWS_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/components/components.h"
#include "cxb/graph/gen.h"
#include "harness/registry.h"
#include "suites/components/device.h"
#include "suites/graph/input.h"
#include "suites/graph/store.h"

/* The context of one row at one point (docs/studies/components.md "Parameters", "Verification"). */
typedef struct cxb_cc_ctx {
    cxb_cc_variant variant;
    cxb_backend backend;
    const char *id;          /* the row's id */
    cxb_cc_params cp;
    struct cxb_pool *pool;   /* pthreads rows: the point's pool */
    const cxb_cc_dev *dev;   /* CUDA rows: the device half; devh its open state */
    void *devh;
    struct cxb_timing *timing;
    void *stream;
    double alloc_ms, h2d_ms; /* CUDA rows: the untimed setup phases of the current graph */
    /* the input: generated from the point's spec (instance r: seed + r), or borrowed from the
     * command line (cxb_cc_input_set) */
    cxb_gstore_entry *held;  /* the current instance, pinned in the graph store */
    const cxb_csr *g;
    int borrowed, multigraph;
    cxb_gen_spec spec;       /* instance 0's spec (generated inputs) */
    char graph[512];         /* the input's name: the spec of the current instance or a file */
    uint64_t seed, instances, instance;
    int fault;               /* fault=1: the test hook of study.c */
    int ran;                 /* a run since the last reset: the next reset moves on to the next instance */
    int ref_kind;            /* CXB_CC_RECURSIVE or CXB_CC_UNIONFIND_SEQ */
    uint64_t *ref_hash;      /* per instance, 0 with ref_known[r] = 0 until computed */
    unsigned char *ref_known;
    cxb_vid *label;
    cxb_cc_stats st;
} cxb_cc_ctx;

/* The id of a variant's row ("components.cas.pthreads"). */
const char *cxb_cc_variant_id(cxb_cc_variant v);
/* The reference row that verifies a context's labels. */
const char *cxb_cc_ref_id(const cxb_cc_ctx *c);

/* The command line's input: while set (not NULL), setup uses this borrowed graph, named name,
 * instead of generating one from the point's parameters; instances is then 1. */
void cxb_cc_input_set(const cxb_csr *g, const char *name);

cxb_status cxb_cc_reset(void *ctx);
cxb_status cxb_cc_run(void *ctx, cxb_phases *ph);
cxb_status cxb_cc_verify(void *ctx);
uint64_t cxb_cc_checksum(void *ctx);
void cxb_cc_extra(void *ctx, char *buf, size_t size);
void cxb_cc_teardown(void *ctx);

/* The study's work callback: the point's edge tuples (rates are edges per second). */
uint64_t cxb_cc_work(const cxb_impl *impl, const cxb_params *params);

/* The CUDA rows' ids, named in presets (registered only in builds with CUDA). */
#define CXB_CC_CUDA_IDS                                                                         \
    "components.k1.cuda,components.k2.cuda,components.unionfind.cuda,components.afforest.cuda"

#endif
