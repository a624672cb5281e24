/* components: the results every variant shares (docs/studies/components.md "Canonical labels",
 * "Verification"): default parameters, labels_hash (docs/studies/graph.md "fingerprints"), the
 * summary (components, largest component, isolated vertices), the independent O(n + m)
 * invariants and the exact comparison with a reference labelling, and the host-side choice of
 * unionfind.cuda's inline union (it reads only the CSR, so it is tested without a GPU). Defined once here and used by
 * every backend's rows, the command line and the tests; nothing here depends on how the labels
 * were computed.
 */
#include <stdlib.h>

#include "cxb/components/components.h"

void cxb_cc_params_init(cxb_cc_params *p)
{
    p->rmax = 10000;  /* docs/studies/components.md "Parameters": the thesis gives no R_max */
    p->tex_limit = 0;
    p->order_degree = 0;
    p->deg_warp = 16;  /* ECL-CC's thresholds (Jaiganesh & Burtscher, HPDC 2018) */
    p->deg_block = 352;
    p->deg_inline = 20; /* docs/studies/components-cuda.md "unionfind.cuda": Watts-Strogatz rows */
    p->union_rule = CXB_CC_UNION_AUTO; /* docs/studies/components-cuda.md "The inline union" */
    p->rounds = 2;     /* Afforest's neighbour rounds (Sutton et al., IPDPS 2018; GAP cc.cc) */
    p->samples = 1024;
    p->seed = 1;
}

int cxb_cc_union_hook(const cxb_csr *g, int rule)
{
    if (rule != CXB_CC_UNION_AUTO)
        return rule == CXB_CC_UNION_HOOK;
    const uint64_t step = g->n > 65536 ? g->n / 65536 : 1;
    uint64_t all = 0, near = 0;
    for (uint64_t v = 0; v < g->n; v += step)
        for (uint64_t k = g->off[v]; k < g->off[v + 1] && g->adj[k] < v; ++k) { /* rows ascend */
            ++all;
            near += v - g->adj[k] <= CXB_CC_LOCAL_SPAN;
        }
    return 2 * near > all;
}

uint64_t cxb_cc_labels_hash(const cxb_vid *label, uint64_t n)
{
    uint64_t h = 0;
    for (uint64_t v = 0; v < n; ++v)
        h += cxb_cc_label_term((cxb_vid)v, label[v]);
    return h;
}

cxb_status cxb_cc_summarise(const cxb_csr *g, const cxb_vid *label, cxb_cc_summary *out)
{
    out->components = out->largest = out->isolated = 0;
    out->labels_hash = cxb_cc_labels_hash(label, g->n);
    if (g->n == 0)
        return CXB_OK;
    uint32_t *size = calloc(g->n, sizeof *size);
    if (!size)
        return cxb_fail(CXB_ERESOURCE, "components: no memory for the component sizes of %llu vertices",
                        (unsigned long long)g->n);
    for (uint64_t v = 0; v < g->n; ++v) {
        if (label[v] >= g->n) {
            free(size);
            return cxb_fail(CXB_EFAIL, "components: label[%llu] = %lu is not a vertex", (unsigned long long)v,
                            (unsigned long)label[v]);
        }
        out->components += label[v] == v;
        out->isolated += g->off[v + 1] == g->off[v];
        uint32_t s = ++size[label[v]];
        if (s > out->largest)
            out->largest = s;
    }
    free(size);
    return CXB_OK;
}

cxb_status cxb_cc_check(const cxb_csr *g, const cxb_vid *label, const char *what)
{
    for (uint64_t v = 0; v < g->n; ++v) {
        cxb_vid l = label[v];
        if (l > v)
            return cxb_fail(CXB_EFAIL, "%s: label[%llu] = %lu exceeds the vertex id", what, (unsigned long long)v,
                            (unsigned long)l);
        if (label[l] != l)
            return cxb_fail(CXB_EFAIL, "%s: label[%llu] = %lu, but label[%lu] = %lu (not a component's own label)",
                            what, (unsigned long long)v, (unsigned long)l, (unsigned long)l,
                            (unsigned long)label[l]);
        for (uint64_t a = g->off[v]; a < g->off[v + 1]; ++a)
            if (label[g->adj[a]] != l)
                return cxb_fail(CXB_EFAIL, "%s: edge (%llu, %lu) joins labels %lu and %lu", what,
                                (unsigned long long)v, (unsigned long)g->adj[a], (unsigned long)l,
                                (unsigned long)label[g->adj[a]]);
    }
    return CXB_OK;
}

cxb_status cxb_cc_compare(const cxb_vid *label, const cxb_vid *ref, uint64_t n, const char *what,
                          const char *ref_name)
{
    for (uint64_t v = 0; v < n; ++v)
        if (label[v] != ref[v])
            return cxb_fail(CXB_EFAIL, "%s: vertex %llu has label %lu, %s has %lu: labels_hash 0x%016llx != 0x%016llx",
                            what, (unsigned long long)v, (unsigned long)label[v], ref_name, (unsigned long)ref[v],
                            (unsigned long long)cxb_cc_labels_hash(label, n),
                            (unsigned long long)cxb_cc_labels_hash(ref, n));
    return CXB_OK;
}
