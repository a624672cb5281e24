/* include/cxb/graph/gen_host.h - what the sequential and pthreads generators share (docs/studies/graph.md).
 *
 * line, ring, lattice, gnp, wsfast, nw, rmat, kron, bacopy and disjoint are "row" models:
 * row r emits a run of tuples that depends on r alone, so the tuples of rows [r0, r1) are
 * a pure function and any split into chunks, concatenated in row order, gives the
 * sequential output. gnm works in rounds of keyed draws followed by a sort and dedup of
 * the accumulated set; ws rewires sequentially after parallel coin flips. */
#ifndef CXB_IMPL_GRAPH_GEN_H
#define CXB_IMPL_GRAPH_GEN_H

#include "cxb/graph/gen.h"
#include "cxb/graph/gen_rows.h"

#ifdef __cplusplus
extern "C" {
#endif

/* cxb_gen_ctx and the per-row work are in include/cxb/graph/gen_rows.h (shared with
 * CUDA). cxb_gen_ctx_init fills the per-run constants (disjoint's tables are built by
 * the driver: cxb_disjoint_members below). */
void cxb_gen_ctx_init(cxb_gen_ctx *c, const cxb_gen_spec *s);

/* ---- disjoint (docs/studies/graph.md) ---- */
/* Given set[0..n) (cxb_disjoint_set per vertex), builds the member lists by a stable
 * counting sort (members of a set in increasing id) and points x->set/moff/members at
 * them; release with cxb_disjoint_free. */
cxb_status cxb_disjoint_members(cxb_gen_ctx *x, uint32_t *set);
void cxb_disjoint_free(cxb_gen_ctx *x);

/* ---- ws (docs/studies/graph.md) ---- */
/* coin[(s-1) n + v] (s = 1 .. k/2) is the rewiring coin of lattice edge {v, v+s}; the
 * rewiring itself is sequential (every backend calls this). Tuples come out in ring
 * order (row v, then s), the rewired ones as {v, j}. */
cxb_status cxb_ws_rewire(const cxb_gen_spec *s, const uint8_t *coin, cxb_edges *out);
/* Coins of lattice edges [i0, i1) in the layout above. */
void cxb_ws_coins(const cxb_gen_ctx *x, uint64_t i0, uint64_t i1, uint8_t *coin);

/* ---- gnm (docs/studies/graph.md) ---- */
/* Edge count actually drawn: m, or C(n,2) - m when the complement is generated. */
uint64_t cxb_gnm_target(const cxb_gen_spec *s, int *complement);
/* Draws i in [i0, i1) of round r as canonical keys (u < v) into out[i - i0]. */
void cxb_gnm_draws(const cxb_gen_spec *s, uint32_t round, uint64_t i0, uint64_t i1, uint64_t *out);
/* Sorts key[0..count) (tmp holds count keys) and drops repeats; returns the new count. */
uint64_t cxb_gnm_unique(uint64_t *key, uint64_t *tmp, uint64_t count);
/* Replaces the sorted set set[0..k) by its complement among all pairs of n vertices,
 * written to out (C(n,2) - k keys, ascending). */
void cxb_gnm_complement(uint64_t n, const uint64_t *set, uint64_t k, uint64_t *out);
/* The edges of gnm from its sorted set of k (of target) drawn keys: the set itself, handed over
 * to out (*set becomes NULL), or, when the complement was drawn, the keys it leaves out. The one
 * ending of the seq, pthreads and CUDA rounds. */
cxb_status cxb_gnm_finish(const cxb_gen_spec *s, int complement, uint64_t **set, uint64_t k, uint64_t target,
                          cxb_edges *out);

/* The rounds of gnm, set to the sorted canonical result. ops->draws(s, round, count, dst,
 * arg) fills dst[0..count) with cxb_gnm_draws(s, round, 0, count, ...) in some way;
 * ops->unique(key, tmp, count, hi, &kept, arg) sorts key[0..count) ascending, drops
 * repeats and sets kept to what is left in key[0..kept) (tmp: count scratch keys; every
 * key is at most hi); ops->merge(a, na, b, nb, out, &k, arg) writes the sorted unique
 * union of the sorted unique a and b to out[0..k). NULL unique or merge: the sequential
 * ones (cxb_sort_u64, drop repeats, cxb_gnm_merge_unique). Round 0 sorts and dedups all m
 * draws; a later round sorts and dedups only its d_r draws and merges them into the set:
 * the sorted unique union, as a re-sort of the whole set would give. */
typedef cxb_status (*cxb_gnm_draw_fn)(const cxb_gen_spec *s, uint32_t round, uint64_t count,
                                      uint64_t *dst, void *arg);
typedef cxb_status (*cxb_gnm_unique_fn)(uint64_t *key, uint64_t *tmp, uint64_t count, uint64_t hi,
                                        uint64_t *kept, void *arg);
typedef cxb_status (*cxb_gnm_merge_fn)(const uint64_t *a, uint64_t na, const uint64_t *b, uint64_t nb,
                                       uint64_t *out, uint64_t *k, void *arg);
typedef struct cxb_gnm_ops {
    cxb_gnm_draw_fn draws;
    cxb_gnm_unique_fn unique;
    cxb_gnm_merge_fn merge;
    /* called once on each fresh key array before it is used (NULL: nothing): the pthreads
     * driver faults its pages in on every worker at once */
    cxb_status (*touch)(void *p, size_t bytes, void *arg);
    void *arg;
    /* NULL, or the driver's own first rounds: first(s, set, tmp, target, hi, &k, &r, arg)
     * leaves the sorted unique set of rounds 0 .. r-1 in set[0..k) (tmp: target scratch
     * keys), the set those rounds give one by one; the rounds from r on follow as above.
     * The pthreads driver fuses round 1's merge into round 0's placement copy. */
    cxb_status (*first)(const cxb_gen_spec *s, uint64_t *set, uint64_t *tmp, uint64_t target, uint64_t hi,
                        uint64_t *k, uint32_t *r, void *arg);
} cxb_gnm_ops;
cxb_status cxb_gnm_run(const cxb_gen_spec *s, const cxb_gnm_ops *ops, cxb_edges *out);
cxb_status cxb_gnm_seq(const cxb_gen_spec *s, cxb_edges *out);

/* The pieces of the pthreads gnm sort (one definition; the driver only schedules them).
 * A bucket sort: keys go by their bits from `shift` up (cxb_gnm_bucket_plan: about
 * CXB_GNM_BUCKET_KEYS keys a bucket, at most 2^CXB_GNM_BUCKET_BITS_MAX buckets; nb of them
 * for keys up to hi) into ordered buckets, counted (hist[nb] += ) and scattered (pos[b]:
 * the next slot of bucket b) per chunk; then each bucket is sorted and deduplicated in
 * cache by cxb_gnm_sort_unique_small (a[0..n), scratch b[0..n); the kept keys end in
 * a[0..return)). */
#define CXB_GNM_BUCKET_KEYS 32768u    /* 256 KiB of keys + as much scratch: in a 1 MiB L2 */
#define CXB_GNM_BUCKET_BITS_MAX 10u   /* 1024 buckets at most: a scatter's write streams stay in L1 */
unsigned cxb_gnm_bucket_plan(uint64_t count, uint64_t hi, uint64_t *nb);
void cxb_gnm_bucket_count(const uint64_t *key, uint64_t n, unsigned shift, uint64_t nb, uint64_t *hist);
void cxb_gnm_bucket_scatter(const uint64_t *key, uint64_t n, unsigned shift, uint64_t nb, uint64_t *pos,
                            uint64_t *dst);
/* cxb_gnm_draws(s, round, i0, i1, out) that also counts each key's bucket into hist[nb]
 * (what cxb_gnm_bucket_count over out would add) */
void cxb_gnm_draws_count(const cxb_gen_spec *s, uint32_t round, uint64_t i0, uint64_t i1, uint64_t *out,
                         unsigned shift, uint64_t nb, uint64_t *hist);
/* Where each bucket's keys begin in sorted key[0..n): bucket b's are key[first[b],
 * first[b + 1]) (first has nb + 1 entries; first[nb] = n). */
void cxb_gnm_bucket_split(const uint64_t *key, uint64_t n, unsigned shift, uint64_t nb, uint64_t *first);
uint64_t cxb_gnm_sort_unique_small(uint64_t *a, uint64_t *b, uint64_t n);
/* The merge's pieces: the sorted unique union of sorted unique a and b into out (returns
 * its length); the keys of b also in a; the first index of sorted a[0..n) with a[i] >= key. */
uint64_t cxb_gnm_merge_unique(const uint64_t *a, uint64_t na, const uint64_t *b, uint64_t nb, uint64_t *out);
uint64_t cxb_gnm_common(const uint64_t *a, uint64_t na, const uint64_t *b, uint64_t nb);
uint64_t cxb_gnm_lower_bound(const uint64_t *a, uint64_t n, uint64_t key);

/* A block of bytes (0: 8) for tuples or keys, released with free(): in 2 MiB pages when
 * large and the kernel takes the advice (gen_rows.c says why); NULL when out of memory. */
void *cxb_gen_buffer(size_t bytes);
/* Allocates out->key for count tuples (at least one slot), with cxb_gen_buffer. */
cxb_status cxb_gen_alloc(cxb_edges *out, uint64_t n, uint64_t count);

#ifdef __cplusplus
}
#endif

#endif
