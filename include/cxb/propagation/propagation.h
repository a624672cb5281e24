/* cxb/propagation/propagation.h - the propagation study's API (docs/studies/propagation.md):
 * SI (or strict IC) spreading over an undirected graph with Jin et al.'s four loops, on one
 * partition (seq, pthreads, cuda) or on P partitions with replicas (pthreads_part and the CUDA
 * multi-GPU schemes, docs "Several GPUs"). Every variant fills the same act[] array: the step at
 * which each vertex became active (0 for sources, -1 for never). */
#ifndef CXB_PROPAGATION_PROPAGATION_H
#define CXB_PROPAGATION_PROPAGATION_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/core/pool.h"
#include "cxb/core/status.h"
#include "cxb/graph/graph.h"

#ifdef __cplusplus
extern "C" {
#endif

/* loops, models, orientations and switch values: cxb/propagation/model.h (C and CUDA) */
struct cxb_prop_step;
enum { CXB_PROP_LAYOUT_VERTEX = 0, CXB_PROP_LAYOUT_EDGE = 1 };

typedef struct cxb_prop_cfg {
    double p;             /* transmission probability, 0 .. 1 */
    uint64_t seed;        /* draws, sources, orientation and the random partitioner */
    int model;            /* CXB_PROP_SI or CXB_PROP_IC */
    int loop;             /* CXB_PROP_CLOOP .. CXB_PROP_ELOOP */
    uint32_t switch_rule; /* A-Loop: CXB_PROP_SWITCH_AUTO, _NEVER or a step */
    uint32_t max_steps;
    int orient;           /* edge layout: CXB_PROP_ORIENT_HASH or _CANONICAL */
    const cxb_vid *sources;
    uint64_t nsources;
    int want_curve;       /* record one cxb_prop_point per step */
    int check_invariants; /* partitioned rows: after every sync, all copies of a vertex agree and a
                           * second sync changes nothing (docs "Verification"); a failure is CXB_EFAIL */
    /* the E-Loop's edge layout of this graph with this orientation and seed, built once before
     * the timed runs (cxb_prop_edges_build); NULL: each one-partition run builds its own */
    const struct cxb_prop_edges *edges;
    /* pthreads_part: its partition tables for this graph, partition count, partitioner and
     * layout, built once before the timed runs (cxb_prop_parts_for); NULL: the run builds them */
    const struct cxb_prop_parts *parts;
    /* one-GPU CUDA C-, T- and A-Loop: threads per row, 1 (Jin et al.'s mapping, the state bytes
     * read per neighbour) or 32 (a warp per row over the start-of-step bitmaps); 0 is 32 */
    uint32_t lanes;
} cxb_prop_cfg;

void cxb_prop_cfg_init(cxb_prop_cfg *c);

/* One step of the run (the --curve row): active after the step, new in it, whether a frontier
 * edge was seen, the loop used (CXB_PROP_CLOOP, _TLOOP or _ELOOP) and the A-Loop's workloads. */
typedef struct cxb_prop_point {
    uint32_t step;
    uint64_t active, newly;
    int frontier, loop;
    uint64_t w_c, w_t;
} cxb_prop_point;

typedef struct cxb_prop_result {
    int32_t *act;         /* n entries, supplied by the caller */
    uint32_t steps;       /* max act: the last step that activated something */
    uint32_t passes;      /* loop passes run (steps plus the final empty check, unless capped) */
    uint32_t switch_step; /* A-Loop: the first T-Loop step, 0 if it never switched */
    uint64_t active;      /* vertices active at the end */
    cxb_prop_point *curve;
    uint32_t ncurve, capcurve;
} cxb_prop_result;

void cxb_prop_result_free_curve(cxb_prop_result *r);

/* ---- sources (docs "The model"): K distinct vertices of degree >= 1 from keyed candidates ---- */
cxb_status cxb_prop_pick_sources(const cxb_csr *g, uint64_t seed, uint64_t k, cxb_vid *out);

/* Marks the distinct sources of cfg in is_src (n bytes, zeroed by the caller): a repeated
 * source counts once; *nsrc their number and *w_c0 their degree sum (the A-Loop's first W_C).
 * A source outside the graph is CXB_EINPUT naming it. Every backend starts from this. */
cxb_status cxb_prop_mark_sources(const cxb_csr *g, const cxb_prop_cfg *cfg, unsigned char *is_src, uint64_t *w_c0,
                                 uint64_t *nsrc);

/* ---- the edge layout: one record per undirected edge, oriented (docs "The four loops and the two layouts") ---- */
typedef struct cxb_prop_edges {
    uint64_t m;
    cxb_vid *s, *d;
} cxb_prop_edges;
cxb_status cxb_prop_edges_build(const cxb_csr *g, int orient, uint64_t seed, cxb_prop_edges *out);
void cxb_prop_edges_free(cxb_prop_edges *e);

/* ---- the step driver, shared by every variant: switch rule, termination, counts, curve ---- */
typedef struct cxb_prop_ops {
    void *ctx;
    /* run loop (C, T or E) for step s; set *frontier when a frontier edge was seen. Multi-partition
     * variants also synchronise the copies here. */
    cxb_status (*step)(void *ctx, int loop, const struct cxb_prop_step *s, int *frontier);
    /* finalise every copy; act[v] = t for new owned vertices; their count and degree sum */
    cxb_status (*finalise)(void *ctx, uint32_t t, uint64_t *newly, uint64_t *w_c_add);
    /* optional: the step and then the finalisation in one call (a GPU's one host round trip a
     * step). It finalises even when no frontier edge was seen: no vertex is pending then, so it
     * finds none new and the run ends as with step and finalise. NULL: those two. */
    cxb_status (*step_final)(void *ctx, int loop, const struct cxb_prop_step *s, int *frontier, uint64_t *newly,
                             uint64_t *w_c_add);
} cxb_prop_ops;

/* Runs steps 1, 2, ... after the backend has set the sources FRESH with act 0. arcs = 2m;
 * w_c0 the degree sum of the sources. */
cxb_status cxb_prop_drive(const cxb_prop_ops *ops, const cxb_prop_cfg *cfg, uint64_t arcs, uint64_t w_c0,
                          cxb_prop_result *r);

/* ---- one partition ---- */
cxb_status cxb_prop_run_seq(const cxb_csr *g, const cxb_prop_cfg *cfg, cxb_prop_result *r);
cxb_status cxb_prop_run_pthreads(const cxb_csr *g, const cxb_prop_cfg *cfg, cxb_pool *pool, cxb_prop_result *r);

/* ---- partitions (docs "Several GPUs") ---- */
typedef enum cxb_prop_partitioner {
    CXB_PROP_PART_BLOCK = 0,
    CXB_PROP_PART_RANDOM = 1,
    CXB_PROP_PART_METIS = 2 /* needs the graph: cxb_prop_owners_graph */
} cxb_prop_partitioner;

/* owner[v] for v < n: block v -> floor(v P / n), random bounded(x0, P) of cxb_gdraw(seed, 35, v, 0);
 * metis is CXB_EINPUT here (it needs the graph) */
cxb_status cxb_prop_owners(uint64_t n, uint32_t parts, int partitioner, uint64_t seed, uint32_t *owner);
/* Any partitioner: metis through cxb_prop_owners_metis, the others through cxb_prop_owners. */
cxb_status cxb_prop_owners_graph(const cxb_csr *g, uint32_t parts, int partitioner, uint64_t seed, uint32_t *owner);
/* METIS k-way on g, seeded (deterministic); CXB_ERESOURCE in a build without METIS. */
cxb_status cxb_prop_owners_metis(const cxb_csr *g, uint32_t parts, uint64_t seed, uint32_t *owner);
/* 1 when this build has METIS */
int cxb_prop_have_metis(void);
/* "block", "random" or "metis" */
const char *cxb_prop_partitioner_name(int partitioner);

/* Partition q: local ids 0 .. n_own-1 are its owned vertices in ascending global id, n_own ..
 * n_own+n_rep-1 its replicas ordered by (owner, global id). Replica segment r holds the replicas
 * owned by r: local n_own + rep_off[r] .. n_own + rep_off[r+1]-1. Boundary segment r lists, in
 * ascending global id, the owned local ids whose vertex has a replica in r; it equals partition
 * r's replica segment q, entry for entry (segment symmetry). */
typedef struct cxb_prop_part {
    uint64_t n_own, n_rep;
    cxb_vid *gid;        /* n_own + n_rep global ids */
    uint32_t *deg;       /* n_own full degrees (the A-Loop's W_C) */
    uint64_t *off;       /* vertex layout: n_own + 1 offsets of the owned rows */
    cxb_vid *adj;        /* vertex layout: local neighbour ids */
    uint64_t ne;         /* edge layout: edges stored here (those whose d is owned) */
    cxb_vid *es, *ed;    /* edge layout: local ids */
    uint64_t *rep_off;   /* P + 1 */
    uint64_t *bnd_off;   /* P + 1 */
    cxb_vid *bnd;        /* bnd_off[P] owned local ids */
} cxb_prop_part;

typedef struct cxb_prop_parts {
    uint32_t P;
    int layout;
    uint64_t n, arcs;
    cxb_prop_part *part;
} cxb_prop_parts;

/* The placement rules of docs "Several GPUs" for the layout; owner from cxb_prop_owners. */
cxb_status cxb_prop_parts_build(const cxb_csr *g, int layout, int orient, uint64_t seed, const uint32_t *owner,
                                uint32_t parts, cxb_prop_parts *out);
void cxb_prop_parts_free(cxb_prop_parts *ps);
/* The tables of cfg's loop's layout for P partitions: the owners given (n part ids below P) or
 * the partitioner's, then cxb_prop_parts_build. P outside 1 .. 4096 is CXB_EINPUT. */
cxb_status cxb_prop_parts_for(const cxb_csr *g, const cxb_prop_cfg *cfg, uint32_t parts, int partitioner,
                              const uint32_t *given, cxb_prop_parts *out);
/* replicas in all partitions (= boundary entries in all partitions) */
uint64_t cxb_prop_parts_replicas(const cxb_prop_parts *ps);

/* P partitions as pool items, segments copied in shared memory (pthreads_part). */
/* owner: a given partition (n part ids below parts), or NULL for the partitioner's */
cxb_status cxb_prop_run_part(const cxb_csr *g, const cxb_prop_cfg *cfg, uint32_t parts, int partitioner,
                             const uint32_t *owner, cxb_pool *pool, cxb_prop_result *r);

/* ---- replication (docs "Several GPUs") ---- */
/* The closed forms for G(n, m) with mean degree lambda; returns a negative value where none exists. */
double cxb_prop_r_closed_form(int layout, int orient, int partitioner, uint32_t parts, double lambda);

#ifdef __cplusplus
}
#endif

#endif
