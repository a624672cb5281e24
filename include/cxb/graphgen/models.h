/* cxb/graphgen/models.h - the faithful generators of Leist (2011), PhD thesis, Massey University,
 * chapter 5 and Appendix B: the Watts alpha-model (Alg. 9-15) and Leist's Barabasi-Albert
 * generator (Alg. 16-20), as specified in docs/studies/graphgen.md.
 *
 * Two halves:
 *  - the canonical per-step arithmetic (docs/studies/graphgen.md) as static inline CXB_HD
 *    functions, included by impl_cpu, impl_pthreads and impl_cuda alike, so that every
 *    backend computes the same bits and all variants of one generator produce the same
 *    graph (tests compare edgeset_hash, not statistics);
 *  - the C API of the generators: parameters, the growing adjacency lists (Leist's
 *    per-vertex arrays grown by the allocation multiple X) and the seq / pthreads entry
 *    points. The CUDA variants are declared in cxb/graphgen/cuda.h.
 *
 * Deviations from the thesis, applied to every variant alike (docs/studies/graphgen.md): keyed
 * draws cxb_gdraw (domains 16-18 and 20) instead of per-thread Marsaglia/TBB/host streams;
 * fixed-shape chunked double sums instead of block reductions with atomicAdd and CUDPP's
 * scan; BA's float probabilities Pi_i replaced by integer degrees and integer prefix sums
 * (the same selection rule, exactly).
 */
#ifndef CXB_GRAPHGEN_H
#define CXB_GRAPHGEN_H

#include <stdint.h>

#include "cxb/core/search.h"
#include "cxb/graph/graph.h"
#include "cxb/graph/keyed.h"
#include "cxb/hd.h"
#include "cxb/core/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ======================= canonical arithmetic (docs/studies/graphgen.md) ======================= */

/* 3.2 step 5: chunks of 256 consecutive candidates; the unit of every sum. */
#define CXB_ALPHA_CHUNK 256u

/* docs/studies/graphgen.md domains */
#define CXB_GDOM_ALPHA_ROUND 16u  /* round order: i = step, j = 0 */
#define CXB_GDOM_ALPHA_U 17u      /* candidate deviate: i = step, j = candidate */
#define CXB_GDOM_ALPHA_SELECT 18u /* selection draw: i = step, j = 0 */
#define CXB_GDOM_BA_DRAW 20u      /* BA attachment: i = t, j = iteration << 16 | slot */

/* U_j of step s (3.2 step 3): (x0 >> 11) 2^-53 of cxb_gdraw(seed, 17, s, j). */
static inline CXB_HD double cxb_alpha_u(uint64_t seed, uint64_t s, uint32_t j)
{
    return cxb_gunit(cxb_gx0(cxb_gdraw(seed, CXB_GDOM_ALPHA_U, s, j)));
}

/* r of step s (3.2 step 8). */
static inline CXB_HD double cxb_alpha_r(uint64_t seed, uint64_t s)
{
    return cxb_gunit(cxb_gx0(cxb_gdraw(seed, CXB_GDOM_ALPHA_SELECT, s, 0)));
}

/* Index q into the round set R of size rsize >= 1 (3.2 step 9). */
static inline CXB_HD uint64_t cxb_alpha_round_index(uint64_t seed, uint64_t s, uint64_t rsize)
{
    return cxb_gbounded(cxb_gx0(cxb_gdraw(seed, CXB_GDOM_ALPHA_ROUND, s, 0)), rsize);
}

/* Shared-neighbour count of two sorted lists (Leist Alg. 13): branch-free merge, so that
 * the threads of a warp stay converged; advance the smaller side (both when equal). */
static inline CXB_HD uint32_t cxb_alpha_common(const cxb_vid *a, uint32_t ka, const cxb_vid *b,
                                               uint32_t kb)
{
    uint32_t x = 0, y = 0, m = 0;
    while (x < ka && y < kb) {
        cxb_vid u = a[x], v = b[y];
        m += (uint32_t)(u == v);
        x += (uint32_t)(u <= v);
        y += (uint32_t)(v <= u);
    }
    return m;
}

/* The first position of the sorted list a[0..ka) whose entry is >= v (binary search): the
 * insertion index of a v the list does not contain. */
static inline CXB_HD uint32_t cxb_sorted_insert_pos(const cxb_vid *a, uint32_t ka, cxb_vid v)
{
    return cxb_lower_bound_u32i(a, 0, ka, v);
}

/* 1 when v is in the sorted list a[0..ka). */
static inline CXB_HD int cxb_alpha_contains(const cxb_vid *a, uint32_t ka, cxb_vid v)
{
    uint32_t lo = cxb_sorted_insert_pos(a, ka, v);
    return lo < ka && a[lo] == v;
}

/* Propensity R_j (Leist Eq. B.1; 3.2 step 4) of a candidate that is neither i nor a
 * neighbour of i, with m common neighbours; pow_tab[m] = (m/k)^alpha for 1 <= m < k
 * (computed once on the host with the C library's pow, step 1), p = p_base U_j. The
 * operations and their order are the canonical ones: a = 1 - p; b = T[m] a; R = b + p. */
static inline CXB_HD double cxb_alpha_propensity(uint32_t m, uint32_t k, const double *pow_tab, double p)
{
    if (m >= k)
        return 1.0;
    if (m == 0)
        return p;
    double a = 1.0 - p;
    double b = pow_tab[m] * a;
    return b + p;
}

/* The whole per-candidate rule: R_j for candidate j of initiator i (lists sorted). */
static inline CXB_HD double cxb_alpha_candidate(cxb_vid i, cxb_vid j, const cxb_vid *ai, uint32_t ki,
                                                const cxb_vid *aj, uint32_t kj, uint32_t k,
                                                const double *pow_tab, double p)
{
    if (i == j || cxb_alpha_contains(ai, ki, j))
        return 0.0;
    return cxb_alpha_propensity(cxb_alpha_common(ai, ki, aj, kj), k, pow_tab, p);
}

/* Left-to-right sum of v[0..len) (3.2 steps 5 and 7: the one summation shape). */
static inline CXB_HD double cxb_alpha_sum(const double *v, uint32_t len)
{
    double s = 0.0;
    for (uint32_t t = 0; t < len; ++t)
        s = s + v[t];
    return s;
}

/* 3.2 step 8 inside the chosen chunk: acc starts at I_{c-1}; the first j with
 * acc + P_j > r; if rounding leaves acc <= r at the end, the last j with P_j > 0.
 * Returns the offset within the chunk, or len when every P_j is 0. */
static inline CXB_HD uint32_t cxb_alpha_select_in_chunk(const double *p, uint32_t len, double acc, double r)
{
    uint32_t last = len;
    for (uint32_t t = 0; t < len; ++t) {
        acc = acc + p[t];
        if (p[t] > 0.0)
            last = t;
        if (acc > r)
            return t;
    }
    return last;
}

/* First chunk c with I_c > r in the inclusive chunk prefix I[0..nc) (binary search: sums
 * of non-negative doubles are monotone); nc when none qualifies (the clamp case). */
static inline CXB_HD uint32_t cxb_alpha_find_chunk(const double *incl, uint32_t nc, double r)
{
    uint32_t lo = 0, hi = nc;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (incl[mid] > r)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* ===================== canonical arithmetic, BA (docs/studies/graphgen.md) ===================== */

/* Draw of slot `slot` in iteration q of new vertex t: an integer in [0, D), D = 2|E|. */
static inline CXB_HD uint64_t cxb_ba_draw(uint64_t seed, uint64_t t, uint32_t q, uint32_t slot, uint64_t D)
{
    return cxb_gbounded(cxb_gx0(cxb_gdraw(seed, CXB_GDOM_BA_DRAW, t, (q << 16) | slot)), D);
}

/* BA: slots are 16 bits of the counter word (4.2), so m stays below 2^16. */
#define CXB_BA_M_MAX 65535u

/* ============================== the generators' C API ============================== */

typedef enum cxb_gg_variant {
    CXB_GG_SEQ,
    CXB_GG_PTHREADS,
    CXB_GG_CUDA1, /* device malloc/free */
    CXB_GG_CUDA2, /* host cudaMalloc/cudaFree through mapped memory */
    CXB_GG_CUDAPOOL /* extension (docs/studies/graphgen.md): as CUDA2, cudaMallocAsync/cudaFreeAsync from a pool */
} cxb_gg_variant;

typedef struct cxb_alpha_params {
    uint64_t n;    /* vertices */
    uint32_t k;    /* average degree; kn even, 1 <= k < n - 1 */
    double alpha;  /* >= 0, finite */
    uint64_t seed;
    uint32_t x;    /* allocation multiple in elements; 0 = auto (docs/studies/graphgen.md) */
    uint64_t heap_mb; /* cuda1: device heap; 0 = auto (docs/studies/graphgen.md) */
} cxb_alpha_params;

typedef struct cxb_ba_params {
    uint64_t n;    /* vertices */
    uint32_t m;    /* edges per new vertex (k = 2m) */
    uint64_t n0;   /* core size; 0 = 2m (docs/studies/graphgen.md) */
    uint64_t seed;
    uint32_t x;    /* 0 = auto */
    uint64_t heap_mb;
} cxb_ba_params;

/* Validates (docs/studies/graphgen.md errors): CXB_EINPUT naming the parameter. */
cxb_status cxb_alpha_check(const cxb_alpha_params *p);
/* Validates (4.1 errors); fills n0 = 2m when 0. */
cxb_status cxb_ba_check(cxb_ba_params *p);
/* X of x=auto for a variant (docs/studies/graphgen.md table). */
uint32_t cxb_alpha_x_auto(cxb_gg_variant v, uint32_t k);
uint32_t cxb_ba_x_auto(cxb_gg_variant v, uint32_t m);
/* Number of edges the generator produces: kn/2, n0(n0-1)/2 + m(n - n0). */
uint64_t cxb_alpha_edges(const cxb_alpha_params *p);
uint64_t cxb_ba_edges(const cxb_ba_params *p);
/* Power table T[0..k): T[m] = (m/k)^alpha for 1 <= m < k, T[0] = 0 (3.2 step 1). */
void cxb_alpha_pow_table(uint32_t k, double alpha, double *tab);

/* Host adjacency lists during generation (docs/studies/graphgen.md): per vertex a separate
 * allocation, degree and capacity; full lists grow to degree + X with a copy and a
 * free, as the thesis's CPU code. allocations/frees count those calls. */
typedef struct cxb_adjlists {
    uint64_t n;
    uint32_t x;
    cxb_vid **list;
    uint32_t *deg, *cap;
    uint64_t allocations, frees;
} cxb_adjlists;

cxb_status cxb_adjlists_init(cxb_adjlists *a, uint64_t n, uint32_t x);
void cxb_adjlists_free(cxb_adjlists *a);
/* Inserts v into the sorted list of u (v not present); grows by X when full. */
cxb_status cxb_adjlists_insert(cxb_adjlists *a, cxb_vid u, cxb_vid v);
/* Appends v to u's list (v larger than every element): BA's append. */
cxb_status cxb_adjlists_append(cxb_adjlists *a, cxb_vid u, cxb_vid v);
/* Sets u's list to ids[0..cnt) (sorted), capacity X * ceil(cnt / X) (docs/studies/graphgen.md). */
cxb_status cxb_adjlists_set(cxb_adjlists *a, cxb_vid u, const cxb_vid *ids, uint32_t cnt);
/* The lists as a CSR (sorted, symmetric, simple: the lists are already). */
cxb_status cxb_adjlists_to_csr(const cxb_adjlists *a, cxb_csr *g);
/* edgeset_hash of the lists without building a CSR (docs/studies/graph.md). */
uint64_t cxb_adjlists_hash(const cxb_adjlists *a);
/* CSR from per-vertex degrees and lists held elsewhere (CUDA gathers). */
cxb_status cxb_csr_from_lists(uint64_t n, const uint32_t *deg, const cxb_vid *const *list, cxb_csr *g);

struct cxb_pool;

/* graphgen.alpha.seq (Alg. 9) and .pthreads (Alg. 10): out is initialised here. */
cxb_status cxb_alpha_seq(const cxb_alpha_params *p, cxb_adjlists *out);
cxb_status cxb_alpha_pthreads(const cxb_alpha_params *p, struct cxb_pool *pool, cxb_adjlists *out);
/* graphgen.ba.seq (Alg. 16) and .pthreads (Sec. 5.2.2: only the Pi loop parallel). */
cxb_status cxb_ba_seq(const cxb_ba_params *p, cxb_adjlists *out);
cxb_status cxb_ba_pthreads(const cxb_ba_params *p, struct cxb_pool *pool, cxb_adjlists *out);
/* The same with `chunk` vertices per work item of the Pi loop (cxb_ba_pthreads: 16384;
 * loops of one chunk run on the calling thread). The graph does not depend on it; tests use
 * small chunks to exercise the parallel path on small graphs. */
cxb_status cxb_ba_pthreads_chunked(const cxb_ba_params *p, struct cxb_pool *pool, uint64_t chunk, cxb_adjlists *out);

/* Invariants of docs/studies/graphgen.md on a finished graph: CXB_EFAIL naming the first violation.
 * alpha: M edges, sorted simple symmetric lists, every degree >= floor(k/2). */
cxb_status cxb_alpha_check_graph(const cxb_alpha_params *p, const cxb_csr *g);
/* BA: edge count, every t >= n0 of degree >= m, one connected component. */
cxb_status cxb_ba_check_graph(const cxb_ba_params *p, const cxb_csr *g);
/* Connected components of a CSR (BFS); used by the oracles. *largest (may be NULL)
 * receives the vertex count of the largest component. */
uint64_t cxb_csr_components(const cxb_csr *g);
uint64_t cxb_csr_components_largest(const cxb_csr *g, uint64_t *largest);
/* Transitivity 3 x triangles / connected triples (sorted lists; 0 without triples). */
double cxb_csr_transitivity(const cxb_csr *g);

#ifdef __cplusplus
}
#endif

#endif
