/* components.unionfind.pthreads - ECL-CC's algorithm on the CPU (Jaiganesh & Burtscher, HPDC 2018;
 * docs/studies/components.md "unionfind.pthreads"), the analogue of ECL-CC's OpenMP version:
 *   init:    parent[v] = the first neighbour of v with a smaller id, else v;
 *   compute: over chunks of 4,096 vertices (the harness's pool, dynamic), for each edge (v, u)
 *            with u < v (each undirected edge once): find both representatives with intermediate
 *            pointer jumping, and hook the larger under the smaller with a CAS that succeeds only
 *            on a root (on failure, retry from the value the CAS saw);
 *   flatten: every vertex follows its chain to the root and stores it.
 * parent[v] <= v always and a root is only hooked under a smaller id, so the minimum id of each
 * component remains its root: the output is the canonical min-id labelling.
 *
 * Deviations: ECL-CC's GPU degree buckets (thread, warp, block) have no CPU counterpart and are
 * left out, as in its OpenMP code; every parent access is a C11 relaxed atomic (ECL-CC's CPU
 * code uses plain accesses for the reads and pointer-jumping stores).
 */
#include "cxb/core/pool.h"
#include "impl_pthreads/components/atomic_labels.h"

typedef struct uf_job {
    const cxb_csr *g;
    cxb_alabel *parent;
} uf_job;

/* ECL-CC's representative(): intermediate pointer jumping (each visited element re-pointed past
 * its parent while walking up). */
static cxb_vid representative(cxb_alabel *parent, cxb_vid idx)
{
    cxb_vid curr = cc_ld(parent, idx);
    if (curr != idx) {
        cxb_vid next, prev = idx;
        while (curr > (next = cc_ld(parent, curr))) {
            cc_st(parent, prev, next);
            prev = curr;
            curr = next;
        }
    }
    return curr;
}

static void uf_init(void *arg, uint64_t item, unsigned worker)
{
    (void)worker;
    uf_job *J = arg;
    const cxb_csr *g = J->g;
    uint64_t v0 = item * CC_CHUNK, v1 = v0 + CC_CHUNK < g->n ? v0 + CC_CHUNK : g->n;
    for (uint64_t v = v0; v < v1; ++v) {
        cxb_vid p = (cxb_vid)v;
        for (uint64_t a = g->off[v]; a < g->off[v + 1]; ++a)
            if (g->adj[a] < v) {
                p = g->adj[a];
                break;
            }
        cc_st(J->parent, v, p);
    }
}

static void uf_compute(void *arg, uint64_t item, unsigned worker)
{
    (void)worker;
    uf_job *J = arg;
    const cxb_csr *g = J->g;
    cxb_alabel *parent = J->parent;
    uint64_t v0 = item * CC_CHUNK, v1 = v0 + CC_CHUNK < g->n ? v0 + CC_CHUNK : g->n;
    for (uint64_t v = v0; v < v1; ++v) {
        cxb_vid vstat = representative(parent, (cxb_vid)v);
        for (uint64_t a = g->off[v]; a < g->off[v + 1]; ++a) {
            cxb_vid u = g->adj[a];
            if (u >= v)
                continue; /* handled from u's end */
            cxb_vid ostat = representative(parent, u);
            while (vstat != ostat) { /* hook the larger root under the smaller */
                if (vstat < ostat) {
                    cxb_vid seen = ostat;
                    if (cc_cas(parent, ostat, &seen, vstat))
                        break;
                    ostat = seen;
                } else {
                    cxb_vid seen = vstat;
                    if (cc_cas(parent, vstat, &seen, ostat))
                        break;
                    vstat = seen;
                }
            }
        }
    }
}

static void uf_flatten(void *arg, uint64_t item, unsigned worker)
{
    (void)worker;
    uf_job *J = arg;
    cxb_alabel *parent = J->parent;
    uint64_t v0 = item * CC_CHUNK, v1 = v0 + CC_CHUNK < J->g->n ? v0 + CC_CHUNK : J->g->n;
    for (uint64_t v = v0; v < v1; ++v) {
        cxb_vid vstat = cc_ld(parent, v), old = vstat, next;
        while (vstat > (next = cc_ld(parent, vstat)))
            vstat = next;
        if (old != vstat)
            cc_st(parent, v, vstat);
    }
}

cxb_status cxb_cc_unionfind_pthreads(const cxb_csr *g, struct cxb_pool *pool, cxb_vid *label)
{
    uf_job J = {g, (cxb_alabel *)label};
    uint64_t chunks = cc_chunks(g->n);
    if (!chunks)
        return CXB_OK;
    cxb_status rc = cxb_pool_for(pool, chunks, CXB_SCHED_DYNAMIC, uf_init, &J);
    if (rc == CXB_OK)
        rc = cxb_pool_for(pool, chunks, CXB_SCHED_DYNAMIC, uf_compute, &J);
    if (rc == CXB_OK)
        rc = cxb_pool_for(pool, chunks, CXB_SCHED_DYNAMIC, uf_flatten, &J);
    return rc;
}
