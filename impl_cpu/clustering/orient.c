/* clustering: the orientation of the modern triangle counters (docs/studies/clustering.md
 * "Preprocessing"; the ordering idea of GAP's tc, Beamer et al., the GAP Benchmark Suite).
 * rank(v) = (d_v, v); the arc u -> v is kept iff rank(u) < rank(v), so every triangle appears
 * exactly once as u -> v -> w with u -> w and d+ <= sqrt(2m).
 *
 * relabel=0 keeps the ids: the rows of the symmetric CSR are filtered in place order, so N+(u)
 * stays ascending by id. relabel=1 renumbers the vertices by rank first (perm[r] = the vertex of
 * rank r), so that u -> v iff u < v and N+(u) is ascending in rank order; the arcs are built as
 * 64-bit keys (rank u, rank v) and sorted once with cxb_sort_u64. CXB_CL_ORIENT_ID keeps
 * u -> v iff u < v on the given ids (N+(u) the tail of u's sorted row, no degree looked at), as
 * GAP counts a graph it does not relabel. Renumbered and id orientations both make u -> v iff
 * u < v, which lets the count start its merge after v in N+(u) (cxb_cl_tc_row).
 * CXB_CL_RELABEL_AUTO takes cxb_cl_orient_auto's choice.
 *
 * The counting and filling passes run over vertex chunks on the pool when one is given
 * (each chunk writes only its own rows, so the result does not depend on the thread count).
 */
#include <stdlib.h>
#include <string.h>

#include "cxb/clustering/clustering.h"
#include "cxb/core/pool.h"

#define OR_CHUNK 1024 /* vertices per pool item */

/* GAP's WorthRelabelling sample (1000 keyed draws of non-zero degrees; GAP draws from its
 * mt19937_64 stream): skewed when their mean / 1.3 is above their median. GAP also asks for
 * m / n >= 10 before it pays for its relabelling sort; here the test only chooses the orientation
 * (neither renumbers), so that clause is left out: a sparse power-law graph such as BA with
 * m = 8 is skewed, and oriented by id its hubs, which have the smallest ids, would own their
 * whole rows. */
int cxb_cl_orient_auto(const cxb_csr *g)
{
    if (g->n == 0 || g->m == 0)
        return CXB_CL_ORIENT_ID;
    uint64_t ns = g->n < 1000 ? g->n : 1000;
    uint64_t *s = malloc(2 * ns * sizeof *s);
    if (!s)
        return 0; /* degree ranks: the orientation with the sqrt(2m) bound */
    /* at most 64 draws a sample: a graph of mostly isolated vertices ends the sampling early */
    uint64_t total = 0, k = 0;
    for (uint64_t draw = 0; k < ns && draw < 64 * ns; ++draw) {
        const uint64_t v = cxb_mix64(0x636c7573746572ull ^ draw) % g->n, d = g->off[v + 1] - g->off[v];
        if (d == 0) /* GAP's SourcePicker skips degree-0 vertices */
            continue;
        s[k++] = d;
        total += d;
    }
    if (k == 0) {
        free(s);
        return 0;
    }
    cxb_sort_u64(s, s + k, k);
    double avg = (double)total / (double)k, median = (double)s[k / 2];
    free(s);
    return avg / 1.3 > median ? 0 : CXB_CL_ORIENT_ID;
}

void cxb_cl_ocsr_free(cxb_cl_ocsr *o)
{
    free(o->off);
    free(o->adj);
    free(o->perm);
    memset(o, 0, sizeof *o);
}

typedef struct or_job {
    const cxb_csr *g;
    const cxb_vid *rank; /* relabel: rank of each vertex; NULL otherwise */
    uint64_t *cnt;       /* out-degree per vertex (original ids) */
    const uint64_t *pos; /* relabel: where vertex v's keys start; else NULL */
    int by_id;           /* CXB_CL_ORIENT_ID: keep u -> v iff u < v */
    cxb_cl_ocsr *o;
    uint64_t *keys;
} or_job;

static int keep(const or_job *J, cxb_vid u, cxb_vid v)
{
    const cxb_csr *g = J->g;
    const cxb_vid *rank = J->rank;
    if (rank)
        return rank[u] < rank[v];
    return cxb_cl_rank_less(g->off[u + 1] - g->off[u], u, g->off[v + 1] - g->off[v], v);
}

/* by id: N+(u) is the tail of u's sorted row after the first id above u */
static uint64_t tail_start(const cxb_csr *g, uint64_t u)
{
    uint64_t lo = g->off[u], hi = g->off[u + 1];
    while (lo < hi) {
        const uint64_t mid = lo + (hi - lo) / 2;
        if (g->adj[mid] <= u)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static void or_count(void *arg, uint64_t item, unsigned worker)
{
    (void)worker;
    or_job *J = arg;
    const cxb_csr *g = J->g;
    uint64_t v1 = (item + 1) * OR_CHUNK < g->n ? (item + 1) * OR_CHUNK : g->n;
    for (uint64_t u = item * OR_CHUNK; u < v1; ++u) {
        if (J->by_id) {
            J->cnt[u] = g->off[u + 1] - tail_start(g, u);
            continue;
        }
        uint64_t c = 0;
        for (uint64_t a = g->off[u]; a < g->off[u + 1]; ++a)
            c += keep(J, (cxb_vid)u, g->adj[a]);
        J->cnt[u] = c;
    }
}

static void or_fill(void *arg, uint64_t item, unsigned worker)
{
    (void)worker;
    or_job *J = arg;
    const cxb_csr *g = J->g;
    uint64_t v1 = (item + 1) * OR_CHUNK < g->n ? (item + 1) * OR_CHUNK : g->n;
    for (uint64_t u = item * OR_CHUNK; u < v1; ++u) {
        if (J->by_id) { /* the tail's length is the row's count: no second search */
            const uint64_t len = J->o->off[u + 1] - J->o->off[u];
            memcpy(J->o->adj + J->o->off[u], g->adj + g->off[u + 1] - len, len * sizeof *g->adj);
        } else if (J->rank) {
            uint64_t q = J->pos[u];
            for (uint64_t a = g->off[u]; a < g->off[u + 1]; ++a)
                if (J->rank[u] < J->rank[g->adj[a]])
                    J->keys[q++] = ((uint64_t)J->rank[u] << 32) | J->rank[g->adj[a]];
        } else {
            uint64_t q = J->o->off[u];
            for (uint64_t a = g->off[u]; a < g->off[u + 1]; ++a)
                if (keep(J, (cxb_vid)u, g->adj[a]))
                    J->o->adj[q++] = g->adj[a];
        }
    }
}

static cxb_status for_chunks(struct cxb_pool *pool, uint64_t n, cxb_pool_fn fn, or_job *J)
{
    uint64_t chunks = (n + OR_CHUNK - 1) / OR_CHUNK;
    if (pool)
        return cxb_pool_for(pool, chunks, CXB_SCHED_DYNAMIC, fn, J);
    for (uint64_t i = 0; i < chunks; ++i)
        fn(J, i, 0);
    return CXB_OK;
}

cxb_status cxb_cl_orient(const cxb_csr *g, int relabel, struct cxb_pool *pool, cxb_cl_ocsr *out)
{
    memset(out, 0, sizeof *out);
    if (g->flags & CXB_CSR_MULTI)
        return cxb_fail(CXB_EINPUT, "clustering: multigraph input (a simple graph is required)");
    const uint64_t n = g->n;
    if (relabel < 0)
        relabel = cxb_cl_orient_auto(g);
    or_job J = {.g = g, .o = out, .by_id = relabel == CXB_CL_ORIENT_ID};
    out->ordered = relabel != 0;
    if (J.by_id)
        relabel = 0; /* no renumbering: the rows are filtered in place order */
    cxb_vid *rank = NULL;
    uint64_t *tmp = NULL;
    cxb_status st = CXB_OK;
    out->n = n;
    out->off = calloc(n + 1, sizeof *out->off);
    J.cnt = malloc((n ? n : 1) * sizeof *J.cnt);
    if (!out->off || !J.cnt)
        goto oom;
    if (relabel && n) {
        rank = malloc(n * sizeof *rank);
        out->perm = malloc(n * sizeof *out->perm);
        tmp = malloc(2 * n * sizeof *tmp);
        if (!rank || !out->perm || !tmp)
            goto oom;
        for (uint64_t v = 0; v < n; ++v)
            tmp[v] = ((g->off[v + 1] - g->off[v]) << 32) | v; /* d < 2^32 in a simple graph */
        cxb_sort_u64(tmp, tmp + n, n);
        for (uint64_t r = 0; r < n; ++r) {
            out->perm[r] = (cxb_vid)tmp[r];
            rank[(cxb_vid)tmp[r]] = (cxb_vid)r;
        }
        free(tmp);
        tmp = NULL;
        J.rank = rank;
    }
    if ((st = for_chunks(pool, n, or_count, &J)) != CXB_OK)
        goto fail;
    uint64_t m = 0;
    for (uint64_t v = 0; v < n; ++v) { /* prefix sum; relabel: J.cnt becomes the key position */
        uint64_t c = J.cnt[v];
        J.cnt[v] = m;
        m += c;
    }
    out->m = m;
    out->adj = malloc((m ? m : 1) * sizeof *out->adj);
    if (!out->adj)
        goto oom;
    if (!relabel) {
        for (uint64_t v = 0; v < n; ++v)
            out->off[v] = J.cnt[v];
        out->off[n] = m;
    } else {
        J.keys = malloc(2 * (m ? m : 1) * sizeof *J.keys);
        if (!J.keys)
            goto oom;
        J.pos = J.cnt;
    }
    if ((st = for_chunks(pool, n, or_fill, &J)) != CXB_OK)
        goto fail;
    if (relabel) {
        cxb_sort_u64(J.keys, J.keys + m, m);
        uint64_t a = 0;
        for (uint64_t r = 0; r < n; ++r) {
            out->off[r] = a;
            while (a < m && (J.keys[a] >> 32) == r)
                out->adj[a] = (cxb_vid)J.keys[a], ++a;
        }
        out->off[n] = m;
    }
    for (uint64_t v = 0; v < n; ++v)
        if (out->off[v + 1] - out->off[v] > out->max_out)
            out->max_out = out->off[v + 1] - out->off[v];
    free(J.keys);
    free(J.cnt);
    free(rank);
    return CXB_OK;
oom:
    st = cxb_fail(CXB_ERESOURCE, "clustering: no memory for the oriented graph of %llu vertices, %llu edges",
                  (unsigned long long)n, (unsigned long long)g->m);
fail:
    free(J.keys);
    free(J.cnt);
    free(rank);
    free(tmp);
    cxb_cl_ocsr_free(out);
    return st;
}
