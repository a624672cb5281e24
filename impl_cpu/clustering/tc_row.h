/* impl_cpu/clustering/tc_row.h - the row of the modern CPU triangle counters
 * (docs/studies/clustering.md "The variants", tcmerge): for every oriented arc u -> v, the
 * sorted merge of N+(u) and N+(v); each common w closes the triangle (u, v, w), counted once.
 * Shared by clustering.tcmerge.seq (plain adds) and clustering.tcmerge.pthreads (relaxed atomic
 * adds).
 *
 * Per-vertex counts: both v and every closing w lie in N+(u), so the row first counts into
 * row[k], one slot per position k of N+(u) (the caller's zeroed scratch of max_out entries),
 * and then adds each non-zero slot to its vertex and the row's total to u: at most d+(u) + 1
 * adds to the shared counts a row instead of three a triangle. That keeps the pthreads
 * counter's atomics off the hubs, which close many triangles each. A slot counts triangles of
 * one row, at most d+(u) < 2^32.
 *
 * Where u -> v iff u < v (o->ordered: relabelled by rank, or oriented by id), a w closing
 * u -> v -> w is larger than v, so the merge starts after v in N+(u), as GAP's tc cuts its
 * rows at the orientation bound; with degree ranks on kept ids the rows are not in rank order
 * and the merge covers all of N+(u). */
#ifndef CXB_IMPL_CPU_CLUSTERING_TC_ROW_H
#define CXB_IMPL_CPU_CLUSTERING_TC_ROW_H

#include <stdatomic.h>

#include "cxb/clustering/clustering.h"

typedef _Atomic uint64_t cxb_cl_atomic_u64;

/* Triangles whose lowest-rank vertex is u. When tv (plain) or atv (atomic) is given (at most
 * one), it receives the per-vertex counts in the oriented graph's vertex numbering, and row is
 * a scratch of at least o->max_out zeroed slots, returned zeroed. */
static inline uint64_t cxb_cl_tc_row(const cxb_cl_ocsr *o, uint64_t u, uint64_t *tv, cxb_cl_atomic_u64 *atv,
                                     uint32_t *row)
{
    const cxb_vid *adj = o->adj;
    const uint64_t ub = o->off[u], ue = o->off[u + 1];
    const int per_vertex = tv || atv, ordered = o->ordered;
    uint64_t total = 0;
    for (uint64_t a = ub; a < ue; ++a) {
        const cxb_vid v = adj[a];
        uint64_t i = ordered ? a + 1 : ub, j = o->off[v];
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
                if (per_vertex)
                    ++row[i - ub];
                ++i, ++j;
            }
        }
        if (per_vertex)
            row[a - ub] += (uint32_t)c;
        total += c;
    }
    if (!per_vertex || !total)
        return total;
    for (uint64_t k = 0; k < ue - ub; ++k) {
        if (!row[k])
            continue;
        if (tv)
            tv[adj[ub + k]] += row[k];
        else
            atomic_fetch_add_explicit(&atv[adj[ub + k]], row[k], memory_order_relaxed);
        row[k] = 0;
    }
    if (tv)
        tv[u] += total;
    else
        atomic_fetch_add_explicit(&atv[u], total, memory_order_relaxed);
    return total;
}

#endif
