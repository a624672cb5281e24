/* suites/propagation/rows.h - the row functions of the propagation study (suites/propagation/
 * study.c), shared by its CPU rows, its CUDA rows (impl_cuda/propagation/rows.c) and the
 * `propagate` command (suites/propagation/cli.c). docs/studies/propagation.md. */
#ifndef CXB_SUITES_PROPAGATION_ROWS_H
#define CXB_SUITES_PROPAGATION_ROWS_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/propagation/model.h"
#include "cxb/propagation/propagation.h"
#include "harness/registry.h"
#include "suites/graph/store.h"

/* How a row runs (the third id component): one partition, or P partitions with a scheme. */
typedef enum cxb_prop_variant {
    CXB_PROP_V_SEQ,
    CXB_PROP_V_PTHREADS,
    CXB_PROP_V_PART,      /* pthreads_part */
    CXB_PROP_V_CUDA,
    CXB_PROP_V_HOST,      /* cuda_host: Jin et al. Algorithm 3 */
    CXB_PROP_V_P2P,       /* cuda_p2p */
    CXB_PROP_V_NCCL,      /* cuda_nccl */
    CXB_PROP_V_ALLREDUCE, /* cuda_allreduce */
    CXB_PROP_NVARIANTS
} cxb_prop_variant;

const char *cxb_prop_variant_name(cxb_prop_variant v);
const char *cxb_prop_loop_name(int loop);

/* The context of one row at one point. */
typedef struct cxb_prop_ctx {
    const char *id;
    int loop;
    cxb_prop_variant variant;
    cxb_pool *pool;
    void *stream;
    uint32_t parts;      /* partitions: GPUs, or pthreads_part's parts */
    int partitioner;
    cxb_prop_cfg cfg;
    cxb_vid *sources;    /* cfg.sources */
    cxb_gstore_entry *held; /* a generated input, pinned in the graph store */
    const cxb_csr *g;
    int borrowed;
    char graph[520];
    cxb_prop_result res; /* res.act: n entries */
    const uint32_t *owner; /* a partition given on the command line (--partition FILE), or NULL */
    uint32_t *metis_owner; /* partition=metis: the owners computed in setup (owner points here) */
    uint64_t mem_cap;    /* --device-mem-cap: bytes, 0 for none */
    cxb_prop_edges edges; /* the E-Loop's edge layout of a one-partition row, built in setup (cfg.edges) */
    cxb_prop_parts ps;   /* pthreads_part's partition tables, built in setup (cfg.parts) */
    void *dev;           /* a CUDA row's device copy of the graph (cxb_prop_cuda_open), closed by its teardown */
    int32_t *ref;        /* propagation.cloop.seq's act (untimed, in setup), NULL until needed */
    int have_ref;
    double t_ms;         /* the last run's wall time */
} cxb_prop_ctx;

/* The runner of a CUDA row (impl_cuda/propagation/rows.c), called by the row's run. */
typedef cxb_status (*cxb_prop_cuda_fn)(cxb_prop_ctx *c);

/* setup for a row; cuda the CUDA runner (NULL for CPU rows) */
cxb_status cxb_prop_setup(const cxb_params *p, const cxb_env *env, const char *id, int loop, cxb_prop_variant v,
                          void **ctx);
cxb_status cxb_prop_reset(void *ctx);
cxb_status cxb_prop_verify(void *ctx);
uint64_t cxb_prop_checksum(void *ctx);
void cxb_prop_extra(void *ctx, char *buf, size_t size);
void cxb_prop_teardown(void *ctx);
/* the CPU rows' run; the CUDA rows' run is in impl_cuda/propagation/rows.c */
cxb_status cxb_prop_run_cpu(void *ctx, cxb_phases *ph);

/* The command line's borrowed input: the graph, its name and the configuration (sources
 * included), with the partitions and partitioner; NULL clears it. */
void cxb_prop_input_set(const cxb_csr *g, const char *name, const cxb_prop_cfg *cfg, uint32_t parts,
                        int partitioner, const uint32_t *owner, uint64_t mem_cap);

/* the value names of the orient and partition parameters, NULL-ended, in the enum orders of
 * cxb/propagation (cxb_prop_orient, cxb_prop_partitioner); one list for the rows and the CLI */
extern const char *const cxb_prop_orient_names[];
extern const char *const cxb_prop_part_names[];

/* paper:XmYm[:entries|edges][:rmat] to a generator spec; other specs are copied */
cxb_status cxb_prop_expand_spec(const char *text, char *out, size_t size);
/* A point's graph from its params (graph=SPEC, paper:XmYm included, or the graph studies' keys),
 * pinned in the graph store (*held for cxb_gstore_put); its normalised spec text into name. */
cxb_status cxb_prop_point_graph(const cxb_params *p, cxb_pool *pool, const cxb_csr **g, cxb_gstore_entry **held,
                                char *name, size_t size);

/* the first vertex whose act differs, as a CXB_EFAIL naming both values */
cxb_status cxb_prop_compare(const int32_t *act, const int32_t *ref, uint64_t n, const char *what);

/* 64-bit checksum of act (docs "Verification") */
uint64_t cxb_prop_act_hash(const int32_t *act, uint64_t n);

#endif
