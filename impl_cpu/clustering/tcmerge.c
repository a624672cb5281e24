/* clustering.tcmerge.seq - the best sequential triangle counter and the study's reference
 * (docs/studies/clustering.md "The variants", tcmerge): the orientation (cxb_cl_orient, timed
 * as the prep phase) and, for every oriented arc u -> v, the sorted merge of N+(u) and N+(v)
 * (cxb_cl_tc_row). GAP's tc counts the same way (each triangle once through an ordering over
 * sorted lists) but stops each merge at the orientation bound of the other list; here the merge
 * runs to the end of either list and also yields every T_v. W = Σ C(d_v, 2) comes from the
 * degrees in the same pass.
 */
#include <stdlib.h>
#include <string.h>

#include "cxb/core/timing.h"
#include "impl_cpu/clustering/tc_row.h"

cxb_status cxb_cl_tcmerge_seq(const cxb_csr *g, const cxb_cl_params *p, cxb_cl_result *r)
{
    if (g->flags & CXB_CSR_MULTI)
        return cxb_fail(CXB_EINPUT, "clustering.tcmerge.seq: multigraph input (a simple graph is required)");
    int64_t t0 = cxb_clock_ns();
    cxb_cl_ocsr o;
    cxb_status st = cxb_cl_orient(g, p->relabel, NULL, &o);
    if (st != CXB_OK)
        return st;
    r->prep_ms = (double)(cxb_clock_ns() - t0) * 1e-6;
    uint64_t *tv = NULL;
    uint32_t *row = NULL; /* the row's per-vertex slots (tc_row.h) */
    if (r->tv) {
        tv = o.perm ? calloc(g->n ? g->n : 1, sizeof *tv) : r->tv;
        row = calloc(o.max_out ? o.max_out : 1, sizeof *row);
        if (!tv || !row) {
            if (o.perm)
                free(tv);
            free(row);
            cxb_cl_ocsr_free(&o);
            return cxb_fail(CXB_ERESOURCE, "clustering.tcmerge.seq: no memory for %llu per-vertex counts",
                            (unsigned long long)g->n);
        }
        if (!o.perm)
            memset(tv, 0, (g->n ? g->n : 1) * sizeof *tv);
    }
    uint64_t T = 0, W = 0;
    for (uint64_t u = 0; u < o.n; ++u) {
        T += cxb_cl_tc_row(&o, u, tv, NULL, row);
        W += cxb_cl_wedges(g->off[u + 1] - g->off[u]);
    }
    if (tv && o.perm) { /* back to the input's ids */
        for (uint64_t x = 0; x < g->n; ++x)
            r->tv[o.perm[x]] = tv[x];
        free(tv);
    }
    free(row);
    cxb_cl_ocsr_free(&o);
    r->T = T;
    r->W = W;
    r->has_tv = r->tv != NULL;
    r->sort_ms = 0;
    r->gpus = 0;
    return CXB_OK;
}
