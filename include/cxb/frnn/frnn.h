/* cxb/frnn/frnn.h - the frnn study's library API (docs/studies/frnn.md): the grid of a
 * configuration, the index (storage array and PBM), the CPU constructions and queries, and the
 * handlers' outputs. The per-item work every backend shares is in grid.h and query.h.
 *
 * Functions return a cxb_status; on failure cxb_last_error() holds one line naming the
 * parameter or the variant. Nothing here prints.
 */
#ifndef CXB_FRNN_FRNN_H
#define CXB_FRNN_FRNN_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/core/status.h"
#include "cxb/frnn/circles.h"
#include "cxb/frnn/grid.h"
#include "cxb/frnn/network.h"
#include "cxb/frnn/query.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cxb_pool;

/* The constructions (docs/studies/frnn.md "Construction"). */
typedef enum cxb_frnn_build_kind {
    CXB_FRNN_ORIGINAL,   /* hash, pair radix sort, reorder + boundaries (CUDA) */
    CXB_FRNN_ACS,        /* atomic counting sort (pthreads, CUDA) */
    CXB_FRNN_ACS_STABLE, /* ACS, then each bin sorted by id (CUDA) */
    CXB_FRNN_COUNTING,   /* stable counting sort (seq, pthreads) */
    CXB_FRNN_NBUILDS
} cxb_frnn_build_kind;

typedef enum cxb_frnn_handler { CXB_FRNN_COUNT, CXB_FRNN_LIST, CXB_FRNN_AVG, CXB_FRNN_NHANDLERS } cxb_frnn_handler;

extern const char *const cxb_frnn_query_names[CXB_FRNN_NQUERIES + 1];  /* "moore", ... NULL */
extern const char *const cxb_frnn_build_names[CXB_FRNN_NBUILDS + 1];   /* "original", ... NULL */
extern const char *const cxb_frnn_handler_names[CXB_FRNN_NHANDLERS + 1];

/* The grid of a configuration (impl_cpu/frnn/grid.c): radius finite and > 0, 1/16 <= w <= 4,
 * min <= max per axis (finite), gdim = max(1, ceil((max - min) / W)) in double, and at most
 * max_bins bins (CXB_EINPUT "--max-bins: grid needs N bins (limit M); raise --max-bins or
 * increase --w"). */
cxb_status cxb_frnn_grid_make(uint32_t dims, const double *min, const double *max, double radius, double w,
                              uint64_t max_bins, cxb_frnn_grid *g);

/* The host index of a build: n records, the compact PBM of nbins + 1 entries. */
typedef struct cxb_frnn_index {
    cxb_frnn_grid grid;
    uint32_t n;
    cxb_frnn_rec *storage;
    uint32_t *pbm;
    /* the pthreads builds' working arrays (histograms, sub-indices), kept from one build to the
     * next as a stepping model would, so that a build does not pay for fresh pages each time */
    void *scratch;
    size_t scratch_bytes;
} cxb_frnn_index;

/* Allocates the arrays (CXB_ERESOURCE naming the bytes); free with cxb_frnn_index_free. */
cxb_status cxb_frnn_index_alloc(cxb_frnn_index *ix, const cxb_frnn_grid *g, uint32_t n);
void cxb_frnn_index_free(cxb_frnn_index *ix);
/* ix's scratch, at least `bytes` long (grown, contents not kept; 16-byte aligned); NULL when out of
 * memory. Freed with the index. */
void *cxb_frnn_index_scratch(cxb_frnn_index *ix, size_t bytes);
/* The view a query reads (compact PBM). */
cxb_frnn_view cxb_frnn_index_view(const cxb_frnn_index *ix);

/* ---- construction: in[0..n) (any ids) into ix (allocated for the same grid and n) ---- */

/* frnn.counting.seq: count, exclusive scan, scatter in input order (stable; the reference). */
cxb_status cxb_frnn_build_counting_seq(const cxb_frnn_rec *in, cxb_frnn_index *ix);
/* frnn.counting.pthreads: per-chunk histograms, bin-major chunk-minor scan, per-chunk scatter;
 * identical to seq for every thread count. When the histograms would need more than
 * scratch_limit bytes (0: 256 MiB) it builds as acs.pthreads and sets *fallback (may be NULL). */
cxb_status cxb_frnn_build_counting_pthreads(struct cxb_pool *pool, const cxb_frnn_rec *in, cxb_frnn_index *ix,
                                            size_t scratch_limit, int *fallback);
/* frnn.acs.pthreads: atomic histogram returning the sub-index, scan, scatter (intra-bin order
 * unspecified). */
cxb_status cxb_frnn_build_acs_pthreads(struct cxb_pool *pool, const cxb_frnn_rec *in, cxb_frnn_index *ix);

/* ---- queries: one per stored item (slot k), the result at the item's id ---- */

/* The outputs of a handler, indexed by id (0 .. n-1): count[n]; avg[3n]; list: off[n+1]
 * (uint64 exclusive scan of the counts) and ids[off[n]], each row ascending (canonical). */
typedef struct cxb_frnn_result {
    cxb_frnn_handler handler;
    uint32_t n;
    uint32_t *count;
    float *avg;
    uint64_t *off;
    uint32_t *ids;
} cxb_frnn_result;

void cxb_frnn_result_free(cxb_frnn_result *r);

/* frnn.<kind>.seq; ctr (may be NULL) receives the totals of every query. */
cxb_status cxb_frnn_query_seq(const cxb_frnn_view *v, int kind, cxb_frnn_handler h, cxb_frnn_result *out,
                              cxb_frnn_counters *ctr);
/* frnn.<kind>.pthreads: storage slots in contiguous chunks (static schedule); identical output. */
cxb_status cxb_frnn_query_pthreads(struct cxb_pool *pool, const cxb_frnn_view *v, int kind, cxb_frnn_handler h,
                                   cxb_frnn_result *out, cxb_frnn_counters *ctr);
/* The CPU rows' shared pieces (impl_cpu/frnn/query.c): the seq row runs them over every slot,
 * the pthreads row over one chunk per worker. result_init allocates r for handler h and n
 * points (zeroed); list_offsets makes the list offsets and ids array from the counts;
 * query_chunk runs the queries of slots [k0, k1): fill = 0 writes counts (and avg values),
 * fill = 1 the list ids at their offsets; ctr (may be NULL) accumulates. */
cxb_status cxb_frnn_result_init(cxb_frnn_result *r, cxb_frnn_handler h, uint32_t n);
cxb_status cxb_frnn_result_list_offsets(cxb_frnn_result *r);
void cxb_frnn_query_chunk(const cxb_frnn_view *v, int kind, cxb_frnn_result *r, int fill, uint32_t k0, uint32_t k1,
                          cxb_frnn_counters *ctr);
/* Sorts each list row ascending (the list handler's canonical form). */
void cxb_frnn_result_canonical(cxb_frnn_result *r);

/* Exact comparison of two results of the same handler: CXB_EFAIL naming the first point that
 * differs ("WHAT: point 17 has 12 neighbours, REF 13"). avg is compared bit for bit. */
cxb_status cxb_frnn_result_compare(const cxb_frnn_result *got, const cxb_frnn_result *ref, const char *what,
                                   const char *ref_name);
/* The order-independent checksum (docs/studies/frnn.md "Records"): the sum over i of
 * mix64(i, value_i) for counts; list rows and avg values are folded into value_i. */
uint64_t cxb_frnn_result_checksum(const cxb_frnn_result *r);

/* ---- the Circles model (cxb/frnn/circles.h) ---- */

/* One step over the index v: out[k] is the moved record of storage slot k (storage order, ids
 * carried), the next step's input; *pairs (may be NULL) the forces applied. The pthreads row
 * cuts the slots into one contiguous chunk per worker; both give the same bits. */
cxb_status cxb_frnn_circles_step_seq(const cxb_frnn_view *v, int kind, const cxb_frnn_circles_params *cp,
                                     cxb_frnn_rec *out, uint64_t *pairs);
cxb_status cxb_frnn_circles_step_pthreads(struct cxb_pool *pool, const cxb_frnn_view *v, int kind,
                                          const cxb_frnn_circles_params *cp, cxb_frnn_rec *out, uint64_t *pairs);
void cxb_frnn_circles_params_init(cxb_frnn_circles_params *cp);

/* ---- the Network model (cxb/frnn/network.h) ---- */

/* The grid of m edges: one row of m bins of width 1 (CXB_EINPUT naming --set edges and vertices
 * for m = 0 or m > 2^24). */
cxb_status cxb_frnn_network_grid(uint32_t m, cxb_frnn_grid *g);
/* The keyed graph of v vertices with e out- and in-edges each: dst[0..m) is every vertex
 * repeated e times, shuffled by Fisher-Yates (step k swaps k with bounded(x0, k + 1) of
 * cxb_gdraw(seed, 43, k, 0), k = m-1 .. 1); len[edge] uniform on [1, 2) from cxb_gdraw(seed, 42,
 * edge, 0). */
void cxb_frnn_network_graph(uint64_t seed, uint32_t v, uint32_t e, uint32_t *dst, float *len);
/* The actors at the start: actor i on edge i mod m, progress 0, speed uniform on [0.5, 1) from
 * cxb_gdraw(seed, 42, i, 1); id = i. */
void cxb_frnn_network_actors(uint64_t seed, uint32_t a, uint32_t m, cxb_frnn_rec *out);
/* One step over the index v (the actors stored by edge): out[k] is the moved actor of storage
 * slot k, the next step's input. The pthreads row cuts the slots into one chunk per worker; both
 * give the same actors. */
cxb_status cxb_frnn_network_step_seq(const cxb_frnn_view *v, const cxb_frnn_network *nw, uint32_t step,
                                     cxb_frnn_rec *out);
cxb_status cxb_frnn_network_step_pthreads(struct cxb_pool *pool, const cxb_frnn_view *v, const cxb_frnn_network *nw,
                                          uint32_t step, cxb_frnn_rec *out);
/* The oracle of a step, without an index: every edge's occupants counted from the actors
 * in[0..a) themselves (any order), then each actor's survey and move; out[i] is in[i] moved.
 * CXB_ERESOURCE when out of memory. */
cxb_status cxb_frnn_network_step_direct(const cxb_frnn_network *nw, const cxb_frnn_rec *in, uint32_t a,
                                        uint32_t step, cxb_frnn_rec *out);

/* ---- invariants of a build (docs/studies/frnn.md "PBM and storage invariants") ---- */

/* pbm[0] = 0, pbm[nbins] = n, non-decreasing; every slot's item hashes to its bin; storage ids
 * a permutation of 0..n-1 (when in_ids_identity) and every record equal to its input. */
cxb_status cxb_frnn_index_check(const cxb_frnn_index *ix, const cxb_frnn_rec *in, const char *what);

#ifdef __cplusplus
}
#endif

#endif
