/* components.unionfind.seq - sequential union-find, the "best sequential" baseline of
 * docs/studies/components.md "unionfind.seq": parent[v] = v; for every edge (v, u) with u < v
 * (each undirected edge once), find both roots with path halving and hook the larger root under
 * the smaller; then flatten. Because a root is only ever hooked under a smaller id, parent[v] <= v
 * throughout and the minimum id of each component stays its root, so the flattened labels are
 * the canonical min-id labels (docs/studies/components.md "Canonical labels") without a
 * relabelling pass, and one ascending pass flattens (the parent of v is final before v).
 * Not from Leist; the textbook algorithm (Tarjan & van Leeuwen's path halving).
 */
#include "cxb/components/components.h"

static cxb_vid find_halving(cxb_vid *parent, cxb_vid x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

cxb_status cxb_cc_unionfind_seq(const cxb_csr *g, cxb_vid *label)
{
    const uint64_t n = g->n;
    for (uint64_t v = 0; v < n; ++v)
        label[v] = (cxb_vid)v;
    for (uint64_t v = 0; v < n; ++v)
        for (uint64_t a = g->off[v]; a < g->off[v + 1]; ++a) {
            cxb_vid u = g->adj[a];
            if (u >= v)
                continue; /* each undirected edge from its larger end */
            cxb_vid ru = find_halving(label, u), rv = find_halving(label, (cxb_vid)v);
            if (ru < rv)
                label[rv] = ru;
            else if (rv < ru)
                label[ru] = rv;
        }
    for (uint64_t v = 0; v < n; ++v) /* parent[v] <= v: ascending order sees final parents */
        label[v] = label[label[v]];
    return CXB_OK;
}
