/* cxb/clustering/clustering.h - clustering coefficient and triangle counting
 * (docs/studies/clustering.md; Leist 2011, Sec. 6.2, Alg. 30-38; modern degree-ordered triangle
 * counting as in the GAP Benchmark Suite's tc).
 *
 * Every variant produces the exact 64-bit integers T (triangles) and W (connected triples,
 * Σ_v C(d_v, 2)); the modern variants also produce T_v (triangles at v) for every vertex. The
 * floating outputs (transitivity, both average local coefficients) are derived from these
 * integers on the host by one routine (cxb_cl_summarise), so every backend prints the same
 * strings whenever its integers agree (docs/studies/clustering.md "Definitions").
 *
 * The rules every backend shares are the CXB_HD functions below: the owner rule of Leist
 * Alg. 30 (and its reversed form, Leist Sec. 6.2.4), the degree orientation of the modern
 * variants, the wedge count of a vertex and the per-vertex hash term.
 *
 * Functions return a cxb_status; on failure cxb_last_error() holds one line naming the variant
 * or the parameter. Nothing here prints.
 */
#ifndef CXB_CLUSTERING_H
#define CXB_CLUSTERING_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/hd.h"
#include "cxb/core/status.h"
#include "cxb/graph/graph.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cxb_pool;

/* The variants, in the order `cxbench list` shows them (docs/studies/clustering.md "Variants"). */
typedef enum cxb_cl_variant {
    CXB_CL_SMALLEST_SEQ,    /* clustering.smallest.seq: Leist Alg. 30 */
    CXB_CL_SMALLEST_PTH,    /* clustering.smallest.pthreads: Leist Alg. 31-32, mutex cursor */
    CXB_CL_SMALLEST_GRAIN,  /* clustering.smallest.pthreadsgrain: Leist Alg. 33-35 (TBB simple_partitioner) */
    CXB_CL_K1_CUDA,         /* clustering.k1.cuda: Leist Alg. 36-38, Kernel 1, thread per arc */
    CXB_CL_K2_CUDA,         /* clustering.k2.cuda: Leist Sec. 6.2 Kernel 2, arcs sorted by end degree */
    CXB_CL_K1_MGPU,         /* clustering.k1.mgpu: Kernel 1 on several GPUs, dynamic arc blocks */
    CXB_CL_K2_MGPU,         /* clustering.k2.mgpu */
    CXB_CL_TCMERGE_SEQ,     /* clustering.tcmerge.seq: degree orientation + sorted merge; the reference */
    CXB_CL_TCMERGE_PTH,     /* clustering.tcmerge.pthreads */
    CXB_CL_TCMERGE_CUDA,    /* clustering.tcmerge.cuda: thread per oriented arc, merge */
    CXB_CL_TCBSEARCH_CUDA,  /* clustering.tcbsearch.cuda: warp-cooperative binary search */
    CXB_CL_TCHASH_CUDA,     /* clustering.tchash.cuda: block per vertex, shared-memory hash */
    CXB_CL_TCBITMAP_CUDA,   /* clustering.tcbitmap.cuda: block per vertex, bitmap of N+(u) */
    CXB_CL_NVARIANTS
} cxb_cl_variant;

/* Which vertex of a triangle owns it in the thesis's variants (Leist Alg. 30; Sec. 6.2.4). */
typedef enum cxb_cl_order {
    CXB_CL_ORDER_SMALLEST = 0, /* the smallest id owns the triangle (the thesis's rule) */
    CXB_CL_ORDER_REVERSED = 1  /* the largest id owns it: both comparisons reversed */
} cxb_cl_order;

/* The orientation of the modern counters (cxb_cl_params.relabel; docs/studies/clustering.md
 * "The variants", tcmerge) besides 0 and 1 */
#define CXB_CL_RELABEL_AUTO (-1) /* cxb_cl_orient_auto: 0 on skewed degrees, else CXB_CL_ORIENT_ID */
#define CXB_CL_ORIENT_ID 2       /* arcs to larger ids, no degrees looked at (GAP without relabelling) */

/* Parameters of the variants (`--set k=v`; docs/studies/clustering.md "Parameters"). */
typedef struct cxb_cl_params {
    int order;          /* smallest.*, k1, k2: cxb_cl_order (CXB_CL_ORDER_SMALLEST) */
    uint32_t block;     /* smallest.pthreads: vertices per grab of the shared cursor (64) */
    uint32_t grain;     /* smallest.pthreadsgrain: TBB grain, chunks of grain/2 .. grain vertices (10) */
    uint64_t chunk;     /* k1: threads per launch, 0 = one grid-stride launch (Leist: 30720);
                         * mgpu: arcs per block of the host cursor, 0 = the formula of the docs */
    int sort_gpu;       /* k2: 0 = sort=host (default), 1 = sort=gpu */
    int prefetch;       /* k1: 0 (default) or 7 arc end vertices staged in shared memory */
    int relabel;        /* tc*: CXB_CL_RELABEL_AUTO, 0 (degree ranks, ids kept), 1 (vertices
                         * renumbered by degree rank), CXB_CL_ORIENT_ID (u -> v iff u < v, GAP's order
                         * without relabelling) */
    uint32_t gpus;      /* mgpu: devices, 0 = every visible device */
    uint32_t deg_warp;  /* tc*.cuda: d+ above which a warp takes a row (32) */
    uint32_t deg_block; /* tc*.cuda: d+ above which a block takes a row (1024) */
} cxb_cl_params;

void cxb_cl_params_init(cxb_cl_params *p);

/* What one run produced. tv is owned by the caller: NULL, or n entries that variants with
 * per-vertex counts fill (then has_tv = 1); the thesis's variants leave it alone. */
typedef struct cxb_cl_result {
    uint64_t T;        /* triangles */
    uint64_t W;        /* connected triples, Σ_v C(d_v, 2) */
    uint64_t *tv;      /* triangles at each vertex (Σ_v tv[v] = 3T), or NULL */
    int has_tv;        /* tv was written by this run */
    double prep_ms;    /* the orientation (tc*), timed separately; 0 otherwise */
    double sort_ms;    /* k2: the sort of the arcs by end degree; 0 otherwise */
    uint32_t gpus;     /* mgpu: devices used; 0 otherwise */
} cxb_cl_result;

/* ---- the shared rules (every backend) ---- */

/* Leist Alg. 30: the outer vertex i continues into j (and counts at k) only if i owns the
 * pair: i < j with the smallest-id rule, i > j reversed (Leist Sec. 6.2.4). */
static inline CXB_HD int cxb_cl_owns(cxb_vid i, cxb_vid j, int order)
{
    return order == CXB_CL_ORDER_REVERSED ? i > j : i < j;
}

/* Leist Alg. 30's body for one arc a of row i (a in [off[i], off[i+1]), j = adj[a]): p gains
 * the d_j paths i-j-x; if i owns j, every neighbour k of j is k == i (the path i-j-i, p -= 2) or,
 * if i owns k, the row of k is scanned whole for i (no early exit, as the thesis), each hit a
 * closed path i-j-k-i (t += 1). Summed over all arcs: t = 2T, p = 2W (unsigned arithmetic, exact
 * modulo 2^64 in every partial sum). The CPU variants run it per arc of their vertices; Kernel 1
 * is this body with one thread per arc (Leist Alg. 36-38). */
static inline CXB_HD void cxb_cl_smallest_arc(const uint64_t *off, const cxb_vid *adj, cxb_vid i, uint64_t a,
                                              int order, uint64_t *t, uint64_t *p)
{
    cxb_vid j = adj[a];
    *p += off[j + 1] - off[j];
    if (!cxb_cl_owns(i, j, order))
        return;
    for (uint64_t b = off[j]; b < off[j + 1]; ++b) {
        cxb_vid k = adj[b];
        if (k == i) {
            *p -= 2;
            continue;
        }
        if (cxb_cl_owns(i, k, order))
            for (uint64_t c = off[k]; c < off[k + 1]; ++c)
                *t += adj[c] == i;
    }
}

/* Degree orientation (docs/studies/clustering.md "Preprocessing"): rank(v) = (d_v, v)
 * lexicographically; the arc u -> v is kept iff rank(u) < rank(v). */
static inline CXB_HD int cxb_cl_rank_less(uint64_t du, cxb_vid u, uint64_t dv, cxb_vid v)
{
    return du < dv || (du == dv && u < v);
}

/* C(d, 2): the connected triples centred at a vertex of degree d (exact for d < 2^32). */
static inline CXB_HD uint64_t cxb_cl_wedges(uint64_t d)
{
    return d < 2 ? 0 : d * (d - 1) / 2;
}

/* The per-vertex hash term (docs/studies/clustering.md "Verification"): the hash is the sum over
 * v of mix64((v << 32) xor T_v) mod 2^64 (the same as "or" while T_v < 2^32). */
static inline CXB_HD uint64_t cxb_cl_tv_term(cxb_vid v, uint64_t tv)
{
    return cxb_mix64(((uint64_t)v << 32) ^ tv);
}

/* ---- the oriented CSR of the modern variants (impl_cpu/clustering/tcmerge.c) ---- */

typedef struct cxb_cl_ocsr {
    uint64_t n;     /* vertices */
    uint64_t m;     /* oriented arcs = undirected edges */
    uint64_t *off;  /* n+1 offsets */
    cxb_vid *adj;   /* N+(u) ascending (by id, or by rank when relabelled) */
    cxb_vid *perm;  /* relabelled: perm[r] = the original id of the vertex of rank r; else NULL */
    int ordered;    /* u -> v iff u < v (relabelled or oriented by id): a w closing u -> v -> w
                     * comes after v in N+(u) */
    uint64_t max_out; /* the largest d+ */
} cxb_cl_ocsr;

/* relabel=auto's orientation (docs/studies/clustering.md "The variants", tcmerge): 0 (degree
 * ranks) when the mean of 1000 keyed sampled degrees / 1.3 is above their median (GAP's
 * WorthRelabelling test, without its m / n >= 10 clause), else CXB_CL_ORIENT_ID. */
int cxb_cl_orient_auto(const cxb_csr *g);
/* Orient g (relabel 0: by rank, ids kept, rows ascending by id; 1: vertices renumbered by rank,
 * so that u -> v iff u < v; CXB_CL_ORIENT_ID: u -> v iff u < v on the given ids;
 * CXB_CL_RELABEL_AUTO: cxb_cl_orient_auto's choice). pool may be NULL
 * (sequential). */
cxb_status cxb_cl_orient(const cxb_csr *g, int relabel, struct cxb_pool *pool, cxb_cl_ocsr *out);
void cxb_cl_ocsr_free(cxb_cl_ocsr *o);

/* ---- the CPU variants (impl_cpu/clustering, impl_pthreads/clustering); g is a simple symmetric
 * CSR (CXB_EINPUT for a multigraph). r->tv as described above. ---- */
cxb_status cxb_cl_smallest_seq(const cxb_csr *g, const cxb_cl_params *p, cxb_cl_result *r);
cxb_status cxb_cl_smallest_pthreads(const cxb_csr *g, const cxb_cl_params *p, struct cxb_pool *pool,
                                    cxb_cl_result *r);
cxb_status cxb_cl_smallest_grain(const cxb_csr *g, const cxb_cl_params *p, struct cxb_pool *pool,
                                 cxb_cl_result *r);
cxb_status cxb_cl_tcmerge_seq(const cxb_csr *g, const cxb_cl_params *p, cxb_cl_result *r);
cxb_status cxb_cl_tcmerge_pthreads(const cxb_csr *g, const cxb_cl_params *p, struct cxb_pool *pool,
                                   cxb_cl_result *r);

/* ---- results, defined once (impl_cpu/clustering/summary.c) ---- */

/* W = Σ_v C(d_v, 2) from the degrees. */
uint64_t cxb_cl_wedge_count(const cxb_csr *g);
/* Σ_v cxb_cl_tv_term(v, tv[v]) mod 2^64. */
uint64_t cxb_cl_tv_hash(const uint64_t *tv, uint64_t n);

/* transitivity = (double)(3T) / (double)W, nan when W = 0 (Leist Eq. 2.10). */
double cxb_cl_transitivity(uint64_t T, uint64_t W);
/* C_v = (double)(2 T_v) / (double)(d (d - 1)), nan for d < 2 (Leist Eq. 2.8). */
double cxb_cl_local(uint64_t tv, uint64_t d);

typedef struct cxb_cl_summary {
    uint64_t T, W;
    double transitivity;
    double avg_local;      /* zeros counted, N = n (networkx default, Graphalytics); nan for n = 0 */
    double avg_local_deg2; /* mean over d >= 2 (igraph default); nan when no vertex has d >= 2 */
    uint64_t deg2;         /* vertices with d >= 2 */
    uint64_t tv_hash;      /* 0 without tv */
} cxb_cl_summary;

/* The floats of docs/studies/clustering.md "Definitions" from T, W and (if not NULL) tv: the
 * C_v added in vertex order, left to right, in double, then divided by the count. Without tv
 * the averages are nan. */
void cxb_cl_summarise(const cxb_csr *g, uint64_t T, uint64_t W, const uint64_t *tv, cxb_cl_summary *out);

/* x as Python's repr writes it (the shortest digits that read back as x, "1.0" for one, "nan"):
 * the command line's and the per-vertex file's floats (docs/studies/clustering.md
 * "Command line"). buf holds at least 32 characters. */
void cxb_cl_format_double(double x, char *buf, size_t size);

/* The invariants (docs/studies/clustering.md "Verification"): W = Σ C(d_v, 2) from the degrees;
 * with tv: Σ tv = 3T and tv[v] <= C(d_v, 2). CXB_EFAIL naming the first violation, prefixed
 * with what (a variant id). */
cxb_status cxb_cl_check(const cxb_csr *g, uint64_t T, uint64_t W, const uint64_t *tv, const char *what);

/* Exact equality of per-vertex counts: CXB_EFAIL naming the first vertex that differs. */
cxb_status cxb_cl_compare_tv(const uint64_t *tv, const uint64_t *ref, uint64_t n, const char *what,
                             const char *ref_name);

#ifdef __cplusplus
}
#endif

#endif
