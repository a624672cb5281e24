/* clustering.smallest.seq - Leist's sequential clustering coefficient (Leist 2011, Sec. 6.2,
 * Alg. 30; docs/studies/clustering.md "smallest.seq"): depth-limited path enumeration in which
 * each triangle is owned by its smallest vertex (order=reversed: its largest, Leist Sec. 6.2.4).
 * The loop body is cxb_cl_smallest_arc of cxb/clustering/clustering.h; here it runs over every
 * arc of every vertex in id order, t = 2T and p = 2W.
 *
 * Deviations: the thesis's self-arc correction is dead code on cxbench's CSR (no self-loops) and
 * is omitted; the thesis returned 3t/p, here T = t/2 and W = p/2 are returned and the floats are
 * derived by cxb_cl_summarise.
 */
#include "cxb/clustering/clustering.h"

cxb_status cxb_cl_smallest_seq(const cxb_csr *g, const cxb_cl_params *p, cxb_cl_result *r)
{
    if (g->flags & CXB_CSR_MULTI)
        return cxb_fail(CXB_EINPUT, "clustering.smallest.seq: multigraph input (a simple graph is required)");
    uint64_t t = 0, paths = 0;
    const int order = p->order;
    for (uint64_t i = 0; i < g->n; ++i)
        for (uint64_t a = g->off[i]; a < g->off[i + 1]; ++a)
            cxb_cl_smallest_arc(g->off, g->adj, (cxb_vid)i, a, order, &t, &paths);
    r->T = t / 2;
    r->W = paths / 2;
    r->has_tv = 0;
    r->prep_ms = r->sort_ms = 0;
    r->gpus = 0;
    return CXB_OK;
}
