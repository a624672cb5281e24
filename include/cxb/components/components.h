/* cxb/components/components.h - connected-component labelling (docs/studies/components.md;
 * Leist 2011, Sec. 6.1; ECL-CC, Jaiganesh & Burtscher HPDC 2018; Afforest, Sutton et al.
 * IPDPS 2018).
 *
 * Every variant writes the canonical labelling: label[v] = the smallest vertex id of v's
 * component, so that all variants are compared by exact equality and labels_hash. The
 * summary, the invariants and the hash are defined here once and used by every backend, the
 * command line and the tests.
 *
 * Functions return a cxb_status; on failure cxb_last_error() holds one line naming the variant
 * or the parameter. Nothing here prints.
 */
#ifndef CXB_COMPONENTS_H
#define CXB_COMPONENTS_H

#include <stdint.h>

#include "cxb/hd.h"
#include "cxb/core/status.h"
#include "cxb/graph/graph.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cxb_pool;

/* The variants, in the order `cxbench list` shows them (docs/studies/components.md). */
typedef enum cxb_cc_variant {
    CXB_CC_RECURSIVE,      /* components.recursive.seq: Leist Alg. 22-23 */
    CXB_CC_CAS,            /* components.cas.pthreads: Leist Alg. 24-25 */
    CXB_CC_K1,             /* components.k1.cuda: Leist Alg. 26-27, edge-parallel */
    CXB_CC_K2,             /* components.k2.cuda: Leist Alg. 28-29, vertex-parallel, frontiers */
    CXB_CC_K3,             /* components.k3.cuda: Leist Sec. 6.1 Kernel 3, one BFS per component */
    CXB_CC_UNIONFIND_SEQ,  /* components.unionfind.seq: path halving, hook larger root under smaller */
    CXB_CC_UNIONFIND_PTH,  /* components.unionfind.pthreads: ECL-CC's algorithm on the CPU */
    CXB_CC_UNIONFIND_CUDA, /* components.unionfind.cuda: ECL-CC design, race-free */
    CXB_CC_AFFOREST_PTH,   /* components.afforest.pthreads: GAP's Afforest */
    CXB_CC_AFFOREST_CUDA,  /* components.afforest.cuda */
    CXB_CC_NVARIANTS
} cxb_cc_variant;

/* Parameters of the variants (`--set k=v`; docs/studies/components.md "Parameters"). */
typedef struct cxb_cc_params {
    uint64_t rmax;        /* recursive.seq: recursion depth cap (default 10000) */
    int tex_limit;        /* k2.cuda: refuse graphs of more than 2^27 arcs, as Fermi's texture (0) */
    int order_degree;     /* k2.cuda: process vertices sorted by degree (0) */
    uint32_t deg_warp;    /* unionfind.cuda: degree above which a warp takes a vertex (16) */
    uint32_t deg_block;   /* unionfind.cuda: degree above which a block takes a vertex (352) */
    uint32_t deg_inline;  /* unionfind.cuda: rows up to this degree stay with their thread when at most
                           * deg_warp of their entries are smaller than the vertex (20) */
    int union_rule;       /* unionfind.cuda: how compute1 joins an inline vertex's edges, CXB_CC_UNION_* */
    uint32_t rounds;      /* afforest: neighbour rounds before sampling (2) */
    uint32_t samples;     /* afforest: sampled vertices (1024) */
    uint64_t seed;        /* afforest: key of the sampling draws (domain CXB_GDOM_CC_AFFOREST) */
} cxb_cc_params;

/* union_rule (docs/studies/components-cuda.md "The inline union"): auto picks hook when more than
 * half of the sampled edges join ids at most CXB_CC_LOCAL_SPAN apart, else rem */
enum { CXB_CC_UNION_AUTO, CXB_CC_UNION_REM, CXB_CC_UNION_HOOK };
#define CXB_CC_LOCAL_SPAN 64
/* 1 when unionfind.cuda's compute1 joins by find + hook on g under rule, 0 for Rem's union (auto:
 * the edges u < v of up to 65,536 rows spread evenly over the ids are sampled; host, O(sample)) */
int cxb_cc_union_hook(const cxb_csr *g, int rule);

#define CXB_CC_TEX_LIMIT_ARCS (1ull << 27) /* Leist Sec. 6.1: Fermi's 1-D texture, 2^27 elements */

void cxb_cc_params_init(cxb_cc_params *p);

/* What a run counted besides the labels; fields a variant does not have stay 0. */
typedef struct cxb_cc_stats {
    uint64_t iterations; /* cas: sweeps; k1, k2: launches until no change */
    uint64_t bfs_passes; /* k3: BFS passes (= components) */
    uint64_t bfs_levels; /* k3: level iterations over all passes */
} cxb_cc_stats;

/* ---- the sequential and threaded variants (impl_cpu/components, impl_pthreads/components).
 * label has g->n entries; g is a symmetric CSR (multigraph allowed). ---- */
cxb_status cxb_cc_recursive_seq(const cxb_csr *g, const cxb_cc_params *p, cxb_vid *label,
                                cxb_cc_stats *st);
cxb_status cxb_cc_unionfind_seq(const cxb_csr *g, cxb_vid *label);
cxb_status cxb_cc_cas_pthreads(const cxb_csr *g, struct cxb_pool *pool, cxb_vid *label,
                               cxb_cc_stats *st);
cxb_status cxb_cc_unionfind_pthreads(const cxb_csr *g, struct cxb_pool *pool, cxb_vid *label);
cxb_status cxb_cc_afforest_pthreads(const cxb_csr *g, const cxb_cc_params *p, struct cxb_pool *pool,
                                    cxb_vid *label);

/* ---- results, defined once (impl_cpu/components/summary.c) ---- */

/* labels_hash term of one vertex (docs/studies/graph.md "fingerprints"): the hash is the sum
 * over v of mix64((v << 32) | label[v]) mod 2^64. */
static inline CXB_HD uint64_t cxb_cc_label_term(cxb_vid v, cxb_vid label)
{
    return cxb_mix64(((uint64_t)v << 32) | label);
}

uint64_t cxb_cc_labels_hash(const cxb_vid *label, uint64_t n);

typedef struct cxb_cc_summary {
    uint64_t components; /* v with label[v] = v */
    uint64_t largest;    /* vertices of the largest component */
    uint64_t isolated;   /* degree-0 vertices */
    uint64_t labels_hash;
} cxb_cc_summary;

/* O(n) time and n words of scratch (CXB_ERESOURCE without memory). */
cxb_status cxb_cc_summarise(const cxb_csr *g, const cxb_vid *label, cxb_cc_summary *out);

/* The independent O(n + m) invariants (docs/studies/components.md "Verification"):
 * label[v] <= v, label[label[v]] = label[v], label[u] = label[v] on every edge. CXB_EFAIL
 * naming the first violation, prefixed with what (a variant id). */
cxb_status cxb_cc_check(const cxb_csr *g, const cxb_vid *label, const char *what);

/* Exact equality with a reference labelling: CXB_EFAIL naming the first vertex that differs
 * and both hashes, prefixed with what. */
cxb_status cxb_cc_compare(const cxb_vid *label, const cxb_vid *ref, uint64_t n, const char *what,
                          const char *ref_name);

#ifdef __cplusplus
}
#endif

#endif
