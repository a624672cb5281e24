/* graphgen (faithful, Leist 2011 ch. 5): what every variant of the alpha-model and BA
 * generators shares on the host - parameter checks (docs/studies/graphgen.md), the X = auto
 * rule (2.1), the power table (3.2 step 1), the growing per-vertex lists (2.1: separate
 * allocations grown to degree + X with a copy, as the thesis's CPU code), their CSR and
 * fingerprint, and the invariants of docs/studies/graphgen.md used by the harness and the tests.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/graphgen/models.h"

cxb_status cxb_alpha_check(const cxb_alpha_params *p)
{
    if (p->n < 3 || p->n > CXB_N_MAX)
        return cxb_fail(CXB_EINPUT, "alpha: n=%llu: expected 3 to 2^32-1 vertices",
                        (unsigned long long)p->n);
    if (p->k < 1)
        return cxb_fail(CXB_EINPUT, "alpha: k=%u: expected k >= 1", p->k);
    if ((uint64_t)p->k >= p->n - 1)
        return cxb_fail(CXB_EINPUT, "alpha: k=%u: must be below n-1 = %llu", p->k,
                        (unsigned long long)(p->n - 1));
    if ((p->n * p->k) % 2)
        return cxb_fail(CXB_EINPUT, "alpha: k*n = %llu is odd (M = kn/2 edges)",
                        (unsigned long long)(p->n * p->k));
    if (!(p->alpha >= 0) || !isfinite(p->alpha))
        return cxb_fail(CXB_EINPUT, "alpha: alpha=%g: expected a finite value >= 0", p->alpha);
    if (p->n >= (1ull << 26))
        return cxb_fail(CXB_EINPUT, "alpha: n=%llu: p_base = 1/C(n,2) is exact only below 2^26",
                        (unsigned long long)p->n);
    return CXB_OK;
}

cxb_status cxb_ba_check(cxb_ba_params *p)
{
    if (p->m < 1 || p->m > CXB_BA_M_MAX)
        return cxb_fail(CXB_EINPUT, "ba: m=%u: expected 1 to %u", p->m, CXB_BA_M_MAX);
    if (p->n0 == 0)
        p->n0 = 2ull * p->m;
    if (p->n0 <= p->m)
        return cxb_fail(CXB_EINPUT, "ba: n0=%llu: must exceed m=%u", (unsigned long long)p->n0, p->m);
    if (p->n > CXB_N_MAX)
        return cxb_fail(CXB_EINPUT, "ba: n=%llu: at most 2^32-1 vertices", (unsigned long long)p->n);
    if (p->n0 > p->n)
        return cxb_fail(CXB_EINPUT, "ba: n0=%llu: must not exceed n=%llu", (unsigned long long)p->n0,
                        (unsigned long long)p->n);
    return CXB_OK;
}

static uint32_t pow2_at_least(uint64_t v)
{
    uint32_t p = 1;
    while (p < v)
        p <<= 1;
    return p;
}

uint32_t cxb_alpha_x_auto(cxb_gg_variant v, uint32_t k)
{
    /* docs/studies/graphgen.md: CPU 4; cuda1 the smallest power of two >= 1.2k (5p >= 6k);
     * cuda2 at least 64 (cudaMalloc's 256-byte alignment). */
    if (v == CXB_GG_SEQ || v == CXB_GG_PTHREADS)
        return 4;
    uint32_t p = pow2_at_least(((uint64_t)6 * k + 4) / 5);
    return (v == CXB_GG_CUDA2 || v == CXB_GG_CUDAPOOL) && p < 64 ? 64 : p;
}

uint32_t cxb_ba_x_auto(cxb_gg_variant v, uint32_t m)
{
    if (v == CXB_GG_SEQ || v == CXB_GG_PTHREADS)
        return 4;
    if (v == CXB_GG_CUDA1)
        return 16; /* Leist Fig. 5.7: X = 16 for every degree */
    uint32_t p = pow2_at_least(4ull * m); /* pow2 >= 2k, k = 2m */
    return p < 64 ? 64 : p;
}

uint64_t cxb_alpha_edges(const cxb_alpha_params *p)
{
    return p->n * p->k / 2;
}

uint64_t cxb_ba_edges(const cxb_ba_params *p)
{
    uint64_t n0 = p->n0 ? p->n0 : 2ull * p->m;
    return n0 * (n0 - 1) / 2 + (uint64_t)p->m * (p->n - n0);
}

void cxb_alpha_pow_table(uint32_t k, double alpha, double *tab)
{
    tab[0] = 0.0;
    for (uint32_t m = 1; m < k; ++m)
        tab[m] = pow((double)m / (double)k, alpha);
}

/* ---- lists ---- */

cxb_status cxb_adjlists_init(cxb_adjlists *a, uint64_t n, uint32_t x)
{
    memset(a, 0, sizeof *a);
    a->n = n;
    a->x = x ? x : 4;
    a->list = calloc(n ? n : 1, sizeof *a->list);
    a->deg = calloc(n ? n : 1, sizeof *a->deg);
    a->cap = calloc(n ? n : 1, sizeof *a->cap);
    if (!a->list || !a->deg || !a->cap) {
        cxb_adjlists_free(a);
        return cxb_fail(CXB_ERESOURCE, "graphgen: out of host memory for %llu lists",
                        (unsigned long long)n);
    }
    return CXB_OK;
}

void cxb_adjlists_free(cxb_adjlists *a)
{
    if (a->list)
        for (uint64_t v = 0; v < a->n; ++v)
            free(a->list[v]);
    free(a->list);
    free(a->deg);
    free(a->cap);
    memset(a, 0, sizeof *a);
}

/* Grows u's full list to degree + X: new array, copy, free the old (Leist 5.1.1). */
static cxb_status grow(cxb_adjlists *a, cxb_vid u)
{
    uint32_t ncap = a->deg[u] + a->x;
    cxb_vid *nl = malloc((size_t)ncap * sizeof *nl);
    if (!nl)
        return cxb_fail(CXB_ERESOURCE, "graphgen: out of host memory growing list %u to %u", u, ncap);
    ++a->allocations;
    if (a->list[u]) {
        memcpy(nl, a->list[u], (size_t)a->deg[u] * sizeof *nl);
        free(a->list[u]);
        ++a->frees;
    }
    a->list[u] = nl;
    a->cap[u] = ncap;
    return CXB_OK;
}

cxb_status cxb_adjlists_insert(cxb_adjlists *a, cxb_vid u, cxb_vid v)
{
    if (a->deg[u] == a->cap[u]) {
        cxb_status st = grow(a, u);
        if (st != CXB_OK)
            return st;
    }
    cxb_vid *l = a->list[u];
    uint32_t d = a->deg[u], pos = cxb_sorted_insert_pos(l, d, v);
    memmove(l + pos + 1, l + pos, (size_t)(d - pos) * sizeof *l);
    l[pos] = v;
    a->deg[u] = d + 1;
    return CXB_OK;
}

cxb_status cxb_adjlists_append(cxb_adjlists *a, cxb_vid u, cxb_vid v)
{
    if (a->deg[u] == a->cap[u]) {
        cxb_status st = grow(a, u);
        if (st != CXB_OK)
            return st;
    }
    a->list[u][a->deg[u]++] = v;
    return CXB_OK;
}

cxb_status cxb_adjlists_set(cxb_adjlists *a, cxb_vid u, const cxb_vid *ids, uint32_t cnt)
{
    uint32_t cap = (cnt + a->x - 1) / a->x * a->x;
    cxb_vid *l = malloc((size_t)(cap ? cap : 1) * sizeof *l);
    if (!l)
        return cxb_fail(CXB_ERESOURCE, "graphgen: out of host memory for list %u", u);
    ++a->allocations;
    if (a->list[u]) {
        free(a->list[u]);
        ++a->frees;
    }
    memcpy(l, ids, (size_t)cnt * sizeof *l);
    a->list[u] = l;
    a->deg[u] = cnt;
    a->cap[u] = cap;
    return CXB_OK;
}

cxb_status cxb_csr_from_lists(uint64_t n, const uint32_t *deg, const cxb_vid *const *list, cxb_csr *g)
{
    memset(g, 0, sizeof *g);
    g->off = malloc((n + 1) * sizeof *g->off);
    if (!g->off)
        return cxb_fail(CXB_ERESOURCE, "graphgen: out of host memory for the CSR offsets");
    g->off[0] = 0;
    for (uint64_t v = 0; v < n; ++v)
        g->off[v + 1] = g->off[v] + deg[v];
    uint64_t nnz = g->off[n];
    g->adj = malloc((nnz ? nnz : 1) * sizeof *g->adj);
    if (!g->adj) {
        cxb_csr_free(g);
        return cxb_fail(CXB_ERESOURCE, "graphgen: out of host memory for %llu arcs",
                        (unsigned long long)nnz);
    }
    for (uint64_t v = 0; v < n; ++v)
        if (deg[v])
            memcpy(g->adj + g->off[v], list[v], (size_t)deg[v] * sizeof *g->adj);
    g->n = n;
    g->nnz = nnz;
    g->m = nnz / 2;
    g->flags = CXB_CSR_SYMMETRIC | CXB_CSR_SORTED | CXB_CSR_SIMPLE;
    g->stats.pairs_read = g->m;
    return CXB_OK;
}

cxb_status cxb_adjlists_to_csr(const cxb_adjlists *a, cxb_csr *g)
{
    return cxb_csr_from_lists(a->n, a->deg, (const cxb_vid *const *)a->list, g);
}

uint64_t cxb_adjlists_hash(const cxb_adjlists *a)
{
    uint64_t h = 0;
    for (uint64_t v = 0; v < a->n; ++v)
        for (uint32_t t = 0; t < a->deg[v]; ++t)
            if (a->list[v][t] > v)
                h += cxb_edgeset_term((cxb_vid)v, a->list[v][t]);
    return h;
}

/* ---- invariants (docs/studies/graphgen.md) ---- */

uint64_t cxb_csr_components(const cxb_csr *g)
{
    return cxb_csr_components_largest(g, NULL);
}

double cxb_csr_transitivity(const cxb_csr *g)
{
    double tri = 0, triples = 0;
    for (uint64_t v = 0; v < g->n; ++v) {
        uint64_t d = g->off[v + 1] - g->off[v];
        triples += (double)d * (double)(d - 1) / 2;
        for (uint64_t a = g->off[v]; a < g->off[v + 1]; ++a)
            for (uint64_t b = a + 1; b < g->off[v + 1]; ++b) {
                cxb_vid x = g->adj[a], y = g->adj[b];
                tri += cxb_alpha_contains(g->adj + g->off[x], (uint32_t)(g->off[x + 1] - g->off[x]), y);
            }
    }
    return triples > 0 ? tri / triples : 0; /* each triangle closes three triples */
}

uint64_t cxb_csr_components_largest(const cxb_csr *g, uint64_t *largest)
{
    uint64_t n = g->n, comps = 0, big = 0;
    if (largest)
        *largest = 0;
    if (n == 0)
        return 0;
    uint32_t *q = malloc(n * sizeof *q);
    unsigned char *seen = calloc(n, 1);
    if (!q || !seen) {
        free(q);
        free(seen);
        return 0;
    }
    for (uint64_t s = 0; s < n; ++s) {
        if (seen[s])
            continue;
        ++comps;
        uint64_t head = 0, tail = 0;
        q[tail++] = (uint32_t)s;
        seen[s] = 1;
        while (head < tail) {
            uint32_t v = q[head++];
            for (uint64_t e = g->off[v]; e < g->off[v + 1]; ++e)
                if (!seen[g->adj[e]]) {
                    seen[g->adj[e]] = 1;
                    q[tail++] = g->adj[e];
                }
        }
        big = tail > big ? tail : big;
    }
    free(q);
    free(seen);
    if (largest)
        *largest = big;
    return comps;
}

/* Sorted strictly ascending, no self-loops, ids in range, symmetric. */
static cxb_status check_simple(const char *what, const cxb_csr *g)
{
    for (uint64_t v = 0; v < g->n; ++v)
        for (uint64_t e = g->off[v]; e < g->off[v + 1]; ++e) {
            cxb_vid u = g->adj[e];
            if (u >= g->n)
                return cxb_fail(CXB_EFAIL, "%s: vertex %llu has neighbour %u >= n", what,
                                (unsigned long long)v, u);
            if (u == v)
                return cxb_fail(CXB_EFAIL, "%s: self-loop at %llu", what, (unsigned long long)v);
            if (e > g->off[v] && g->adj[e - 1] >= u)
                return cxb_fail(CXB_EFAIL, "%s: list of %llu not strictly ascending at %u", what,
                                (unsigned long long)v, u);
            /* symmetric: v must be in u's list */
            if (!cxb_alpha_contains(g->adj + g->off[u], (uint32_t)(g->off[u + 1] - g->off[u]), (cxb_vid)v))
                return cxb_fail(CXB_EFAIL, "%s: arc %llu->%u has no reverse", what,
                                (unsigned long long)v, u);
        }
    return CXB_OK;
}

cxb_status cxb_alpha_check_graph(const cxb_alpha_params *p, const cxb_csr *g)
{
    if (g->n != p->n)
        return cxb_fail(CXB_EFAIL, "alpha: %llu vertices, expected %llu", (unsigned long long)g->n,
                        (unsigned long long)p->n);
    if (g->m != cxb_alpha_edges(p) || g->nnz != 2 * g->m)
        return cxb_fail(CXB_EFAIL, "alpha: %llu edges, expected kn/2 = %llu", (unsigned long long)g->m,
                        (unsigned long long)cxb_alpha_edges(p));
    cxb_status st = check_simple("alpha", g);
    if (st != CXB_OK)
        return st;
    for (uint64_t v = 0; v < g->n; ++v)
        if (g->off[v + 1] - g->off[v] < p->k / 2)
            return cxb_fail(CXB_EFAIL, "alpha: vertex %llu has degree %llu < floor(k/2) = %u",
                            (unsigned long long)v, (unsigned long long)(g->off[v + 1] - g->off[v]), p->k / 2);
    return CXB_OK;
}

cxb_status cxb_ba_check_graph(const cxb_ba_params *p, const cxb_csr *g)
{
    uint64_t n0 = p->n0 ? p->n0 : 2ull * p->m;
    if (g->n != p->n)
        return cxb_fail(CXB_EFAIL, "ba: %llu vertices, expected %llu", (unsigned long long)g->n,
                        (unsigned long long)p->n);
    if (g->m != cxb_ba_edges(p) || g->nnz != 2 * g->m)
        return cxb_fail(CXB_EFAIL, "ba: %llu edges, expected n0(n0-1)/2 + m(n-n0) = %llu",
                        (unsigned long long)g->m, (unsigned long long)cxb_ba_edges(p));
    cxb_status st = check_simple("ba", g);
    if (st != CXB_OK)
        return st;
    for (uint64_t v = n0; v < g->n; ++v)
        if (g->off[v + 1] - g->off[v] < p->m)
            return cxb_fail(CXB_EFAIL, "ba: vertex %llu has degree %llu < m = %u", (unsigned long long)v,
                            (unsigned long long)(g->off[v + 1] - g->off[v]), p->m);
    uint64_t c = cxb_csr_components(g);
    if (c != 1)
        return cxb_fail(CXB_EFAIL, "ba: %llu connected components, expected one", (unsigned long long)c);
    return CXB_OK;
}
