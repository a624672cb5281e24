/* impl_cpu/clustering/tc_row.h - the row of the modern CPU triangle counters
 * (docs/studies/clustering.md "Counting"): for every oriented arc u -> v, the sorted merge of
 * N+(u) and N+(v); each common w closes the triangle (u, v, w), counted once. Per-vertex counts
 * (when wanted) add the arc's count c to T_u and T_v and one to T_w per triangle. Shared by
 * clustering.tcmerge.seq (plain adds) and clustering.tcmerge.pthreads (relaxed atomic adds). */
#ifndef CXB_IMPL_CPU_CLUSTERING_TC_ROW_H
#define CXB_IMPL_CPU_CLUSTERING_TC_ROW_H

#include <stdatomic.h>

#include "cxb/clustering/clustering.h"

typedef _Atomic uint64_t cxb_cl_atomic_u64;

/* Triangles whose lowest-rank vertex is u; tv (plain) or atv (atomic), at most one not NULL,
 * receive the per-vertex counts in the oriented graph's vertex numbering. */
static inline uint64_t cxb_cl_tc_row(const cxb_cl_ocsr *o, uint64_t u, uint64_t *tv, cxb_cl_atomic_u64 *atv)
{
    const cxb_vid *adj = o->adj;
    const uint64_t ub = o->off[u], ue = o->off[u + 1];
    uint64_t total = 0;
    for (uint64_t a = ub; a < ue; ++a) {
        const cxb_vid v = adj[a];
        uint64_t i = ub, j = o->off[v];
        const uint64_t je = o->off[v + 1];
        uint64_t c = 0;
        while (i < ue && j < je) {
            cxb_vid x = adj[i], y = adj[j];
            if (x < y) {
                ++i;
            } else if (y < x) {
                ++j;
            } else {
                ++c;
                if (tv)
                    ++tv[x];
                else if (atv)
                    atomic_fetch_add_explicit(&atv[x], 1, memory_order_relaxed);
                ++i, ++j;
            }
        }
        if (c && tv) {
            tv[u] += c;
            tv[v] += c;
        } else if (c && atv) {
            atomic_fetch_add_explicit(&atv[u], c, memory_order_relaxed);
            atomic_fetch_add_explicit(&atv[v], c, memory_order_relaxed);
        }
        total += c;
    }
    return total;
}

#endif
