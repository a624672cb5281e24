/* graph.csrbuild.seq - the sequential CSR builder, the reference of every backend
 * (docs/studies/graph.md): drop self-loops, symmetrise into 64-bit keys, sort, unique (simple
 * mode), count rows and scan into offsets. Plus the invariant check of docs/studies/graph.md
 * and the edgeset fingerprint of docs/studies/graph.md.
 */
#include <stdlib.h>
#include <string.h>

#include "cxb/core/search.h"
#include "cxb/graph/graph.h"

void cxb_csr_free(cxb_csr *g)
{
    free(g->off);
    free(g->adj);
    free(g->ids);
    memset(g, 0, sizeof *g);
}

double cxb_csr_build_bytes(double tuples, double n)
{
    return 8.0 * tuples + 32.0 * tuples + 8.0 * (n + 1.0);
}

cxb_status cxb_csr_from_edges(cxb_edges *e, int multigraph, cxb_csr *out)
{
    memset(out, 0, sizeof *out);
    uint64_t n = e->n, pairs = e->count;
    if (n > CXB_N_MAX)
        return cxb_fail(CXB_EINPUT, "%llu vertices exceed the 32-bit id space",
                        (unsigned long long)n);
    uint64_t loops = 0;
    for (uint64_t i = 0; i < pairs; ++i) {
        uint64_t k = e->key[i];
        uint64_t u = k >> 32, v = k & 0xFFFFFFFFu;
        if (u >= n || v >= n)
            return cxb_fail(CXB_EINPUT, "edge list: vertex id %llu is not below n = %llu",
                            (unsigned long long)(u >= n ? u : v), (unsigned long long)n);
        loops += u == v;
    }
    uint64_t arcs = 2 * (pairs - loops);
    uint64_t *keys = malloc((arcs ? arcs : 1) * sizeof *keys);
    uint64_t *tmp = malloc((arcs ? arcs : 1) * sizeof *tmp);
    uint64_t *off = calloc(n + 1, sizeof *off);
    if (!keys || !tmp || !off) {
        free(keys);
        free(tmp);
        free(off);
        return cxb_fail(CXB_ERESOURCE, "needs %.1f GiB of host memory for %llu arcs",
                        (16.0 * (double)arcs + 8.0 * (double)(n + 1)) / (1u << 30),
                        (unsigned long long)arcs);
    }
    uint64_t j = 0;
    for (uint64_t i = 0; i < pairs; ++i) {
        uint64_t k = e->key[i];
        uint64_t rev = (k << 32) | (k >> 32);
        if (k != rev) { /* both arcs of a non-loop tuple */
            keys[j++] = k;
            keys[j++] = rev;
        }
    }
    cxb_edges_free(e);
    cxb_sort_u64(keys, tmp, arcs);
    free(tmp);
    uint64_t kept = arcs;
    if (!multigraph) { /* keep the first of each run of equal keys */
        kept = 0;
        for (uint64_t i = 0; i < arcs; ++i)
            if (kept == 0 || keys[i] != keys[kept - 1])
                keys[kept++] = keys[i];
    }
    cxb_vid *adj = malloc((kept ? kept : 1) * sizeof *adj);
    if (!adj) {
        free(keys);
        free(off);
        return cxb_fail(CXB_ERESOURCE, "out of memory for %llu arcs", (unsigned long long)kept);
    }
    for (uint64_t i = 0; i < kept; ++i) {
        ++off[(keys[i] >> 32) + 1];
        adj[i] = (cxb_vid)keys[i];
    }
    free(keys);
    for (uint64_t v = 0; v < n; ++v)
        off[v + 1] += off[v];
    out->n = n;
    out->nnz = kept;
    out->m = kept / 2;
    out->off = off;
    out->adj = adj;
    out->flags = CXB_CSR_SYMMETRIC | CXB_CSR_SORTED | (multigraph ? CXB_CSR_MULTI : CXB_CSR_SIMPLE);
    out->stats.pairs_read = pairs;
    out->stats.self_loops_removed = loops;
    out->stats.duplicates_removed = (arcs - kept) / 2;
    return CXB_OK;
}

uint64_t cxb_edgeset_hash(const cxb_csr *g)
{
    uint64_t h = 0;
    for (uint64_t v = 0; v < g->n; ++v)
        for (uint64_t k = g->off[v]; k < g->off[v + 1]; ++k)
            if (g->adj[k] > v)
                h += cxb_edgeset_term((cxb_vid)v, g->adj[k]);
    return h;
}

cxb_status cxb_csr_check(const cxb_csr *g)
{
    const uint64_t n = g->n;
    if (g->off[0] != 0)
        return cxb_fail(CXB_EFAIL, "off[0] = %llu, not 0", (unsigned long long)g->off[0]);
    if (g->off[n] != g->nnz)
        return cxb_fail(CXB_EFAIL, "off[n] = %llu, not nnz = %llu",
                        (unsigned long long)g->off[n], (unsigned long long)g->nnz);
    if (g->nnz != 2 * g->m)
        return cxb_fail(CXB_EFAIL, "nnz = %llu, not 2m = %llu", (unsigned long long)g->nnz,
                        (unsigned long long)(2 * g->m));
    for (uint64_t v = 0; v < n; ++v)
        if (g->off[v] > g->off[v + 1])
            return cxb_fail(CXB_EFAIL, "offsets decrease at vertex %llu", (unsigned long long)v);
    const int simple = !(g->flags & CXB_CSR_MULTI);
    for (uint64_t v = 0; v < n; ++v)
        for (uint64_t k = g->off[v]; k < g->off[v + 1]; ++k) {
            cxb_vid w = g->adj[k];
            if (w >= n)
                return cxb_fail(CXB_EFAIL, "row %llu: neighbour %u is not below n = %llu",
                                (unsigned long long)v, w, (unsigned long long)n);
            if (w == v)
                return cxb_fail(CXB_EFAIL, "row %llu: self-loop", (unsigned long long)v);
            if (k > g->off[v] && (g->adj[k - 1] > w || (simple && g->adj[k - 1] == w)))
                return cxb_fail(CXB_EFAIL, "row %llu: not strictly ascending at %u",
                                (unsigned long long)v, w);
        }
    /* symmetry with multiplicity: each run of w in row v has an equal run of v in row w */
    for (uint64_t v = 0; v < n; ++v)
        for (uint64_t k = g->off[v]; k < g->off[v + 1];) {
            cxb_vid w = g->adj[k];
            uint64_t r = k;
            while (r < g->off[v + 1] && g->adj[r] == w)
                ++r;
            uint64_t a = cxb_lower_bound_u32(g->adj, g->off[w], g->off[w + 1], (cxb_vid)v);
            uint64_t b = a;
            while (b < g->off[w + 1] && g->adj[b] == v)
                ++b;
            if (b - a != r - k)
                return cxb_fail(CXB_EFAIL, "not symmetric: %llu -> %u appears %llu times, "
                                "%u -> %llu %llu times",
                                (unsigned long long)v, w, (unsigned long long)(r - k), w,
                                (unsigned long long)v, (unsigned long long)(b - a));
            k = r;
        }
    return CXB_OK;
}
