/* Sources (docs/studies/propagation.md "The model"): candidate i is bounded(x0, n) of
 * cxb_gdraw(seed, 33, i, 0); repeats and isolated vertices are rejected (the Graph500 convention
 * for search keys). The edge layout (docs "The four loops and the two layouts"): one record per undirected edge, oriented by
 * cxb_prop_orient_edge. */
#include <stdlib.h>
#include <string.h>

#include "cxb/propagation/model.h"
#include "cxb/propagation/propagation.h"

cxb_status cxb_prop_pick_sources(const cxb_csr *g, uint64_t seed, uint64_t k, cxb_vid *out)
{
    if (k == 0)
        return CXB_OK;
    uint64_t eligible = 0;
    for (uint64_t v = 0; v < g->n; ++v)
        eligible += g->off[v + 1] > g->off[v];
    if (eligible < k)
        return cxb_fail(CXB_EINPUT, "--sources %llu: the graph has %llu vertices of degree >= 1",
                        (unsigned long long)k, (unsigned long long)eligible);
    unsigned char *taken = calloc(g->n, 1);
    if (!taken)
        return cxb_fail(CXB_ERESOURCE, "propagation: out of host memory for the sources");
    uint64_t got = 0;
    for (uint64_t i = 0; got < k; ++i) {
        uint64_t v = cxb_gbounded(cxb_gx0(cxb_gdraw(seed, CXB_GDOM_PROP_SOURCE, i, 0)), g->n);
        if (taken[v] || g->off[v + 1] == g->off[v])
            continue;
        taken[v] = 1;
        out[got++] = (cxb_vid)v;
    }
    free(taken);
    return CXB_OK;
}

cxb_status cxb_prop_mark_sources(const cxb_csr *g, const cxb_prop_cfg *cfg, unsigned char *is_src, uint64_t *w_c0,
                                 uint64_t *nsrc)
{
    uint64_t w = 0, k = 0;
    for (uint64_t i = 0; i < cfg->nsources; ++i) {
        cxb_vid v = cfg->sources[i];
        if (v >= g->n)
            return cxb_fail(CXB_EINPUT, "source %lu: the graph has %llu vertices", (unsigned long)v,
                            (unsigned long long)g->n);
        if (!is_src[v]) {
            is_src[v] = 1;
            w += g->off[v + 1] - g->off[v];
            ++k;
        }
    }
    *w_c0 = w;
    *nsrc = k;
    return CXB_OK;
}

cxb_status cxb_prop_edges_build(const cxb_csr *g, int orient, uint64_t seed, cxb_prop_edges *out)
{
    memset(out, 0, sizeof *out);
    uint64_t m = 0;
    for (uint64_t u = 0; u < g->n; ++u)
        for (uint64_t j = g->off[u]; j < g->off[u + 1]; ++j)
            m += g->adj[j] > u;
    out->s = malloc((m ? m : 1) * sizeof *out->s);
    out->d = malloc((m ? m : 1) * sizeof *out->d);
    if (!out->s || !out->d) {
        cxb_prop_edges_free(out);
        return cxb_fail(CXB_ERESOURCE, "propagation: out of host memory for %llu edge records",
                        (unsigned long long)m);
    }
    uint64_t k = 0;
    for (uint64_t u = 0; u < g->n; ++u)
        for (uint64_t j = g->off[u]; j < g->off[u + 1]; ++j)
            if (g->adj[j] > u) {
                cxb_prop_orient_edge(orient, seed, (cxb_vid)u, g->adj[j], &out->s[k], &out->d[k]);
                ++k;
            }
    out->m = m;
    return CXB_OK;
}

void cxb_prop_edges_free(cxb_prop_edges *e)
{
    free(e->s);
    free(e->d);
    memset(e, 0, sizeof *e);
}
