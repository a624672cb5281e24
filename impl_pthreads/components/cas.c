/* components.cas.pthreads - Leist's multi-core labelling (Leist 2011, Sec. 6.1, Alg. 24-25;
 * docs/studies/components.md "cas.pthreads"): sweeps over the vertices until no label changes.
 * A sweep processes each vertex i whose flag F[i] is set: clear F[i]; c_i = C[i]; for each
 * neighbour j, c_j = C[j]; while c_i > c_j, CAS C[i] from c_i to c_j (on success restart i's scan
 * from its first neighbour); while c_j > c_i, CAS C[j] from c_j to c_i (on success set F[j] and
 * the changed flag m; on failure reload c_j and, if now c_i > c_j, handle j again from the top).
 *
 * Deviations: the thesis used TBB's parallel_reduce over the vertices with the flag as the
 * reduction; here the harness's pool hands out chunks of 4,096 vertices dynamically (the same
 * work distribution). The thesis left F and m unguarded ("benign" races, undefined behaviour in
 * C11): here C, F and m are C11 atomics, relaxed but for the flag's clear (an acquire exchange)
 * and set (a release store), which must not let a pushed label go unflagged (see cas_chunk).
 * Final labels are canonical and do not depend on the thread count; the number of sweeps may,
 * and is reported as iterations.
 */
#include <stdlib.h>

#include "cxb/core/pool.h"
#include "impl_pthreads/components/atomic_labels.h"

typedef struct cas_job {
    const cxb_csr *g;
    cxb_alabel *C;
    atomic_uchar *F;
    atomic_int m;
} cas_job;

static void cas_chunk(void *arg, uint64_t item, unsigned worker)
{
    (void)worker;
    cas_job *J = arg;
    const uint64_t *off = J->g->off;
    const cxb_vid *adj = J->g->adj;
    uint64_t v0 = item * CC_CHUNK, v1 = v0 + CC_CHUNK < J->g->n ? v0 + CC_CHUNK : J->g->n;
    int changed = 0;
    for (uint64_t i = v0; i < v1; ++i) {
        /* Clearing the flag and reading the label are one exchange (acquire) against the
         * pusher's CAS then flag store (release): with a plain clear, the clear could land
         * after another thread's flag store while the label read, made before that thread's
         * CAS, saw the old label (the store buffer lets a load pass an earlier store), and
         * the vertex would keep its new label unflagged and never pass it on. */
        if (!atomic_load_explicit(&J->F[i], memory_order_relaxed) ||
            !atomic_exchange_explicit(&J->F[i], 0, memory_order_acquire))
            continue;
        cxb_vid ci = cc_ld(J->C, i);
    scan:
        for (uint64_t a = off[i]; a < off[i + 1]; ++a) {
            cxb_vid j = adj[a];
            cxb_vid cj = cc_ld(J->C, j);
        again:
            while (ci > cj) {
                if (cc_cas(J->C, i, &ci, cj)) { /* take the smaller label, rescan */
                    ci = cj;
                    goto scan;
                }
            }
            while (cj > ci) {
                if (cc_cas(J->C, j, &cj, ci)) {
                    atomic_store_explicit(&J->F[j], 1, memory_order_release);
                    changed = 1;
                    break;
                }
                if (ci > cj) /* C[j] fell below c_i meanwhile: this neighbour again */
                    goto again;
            }
        }
    }
    if (changed)
        atomic_store_explicit(&J->m, 1, memory_order_relaxed);
}

cxb_status cxb_cc_cas_pthreads(const cxb_csr *g, struct cxb_pool *pool, cxb_vid *label,
                               cxb_cc_stats *st)
{
    const uint64_t n = g->n;
    if (st)
        st->iterations = st->bfs_passes = st->bfs_levels = 0;
    cas_job J;
    J.g = g;
    J.C = (cxb_alabel *)label;
    J.F = malloc((n ? n : 1) * sizeof *J.F);
    if (!J.F)
        return cxb_fail(CXB_ERESOURCE, "components.cas.pthreads: no memory for %llu flags", (unsigned long long)n);
    for (uint64_t v = 0; v < n; ++v) {
        atomic_init(&J.F[v], 1);
        atomic_init(&J.C[v], (cxb_vid)v);
    }
    uint64_t sweeps = 0;
    cxb_status rc = CXB_OK;
    if (n) {
        do {
            atomic_store_explicit(&J.m, 0, memory_order_relaxed);
            rc = cxb_pool_for(pool, cc_chunks(n), CXB_SCHED_DYNAMIC, cas_chunk, &J);
            ++sweeps;
        } while (rc == CXB_OK && atomic_load_explicit(&J.m, memory_order_relaxed));
    }
    free(J.F);
    if (st)
        st->iterations = sweeps;
    return rc;
}
