/* clustering.smallest.pthreadsgrain - Leist's TBB clustering coefficient (Leist 2011, Sec. 6.2,
 * Alg. 33-35; docs/studies/clustering.md "smallest.pthreadsgrain"): the behaviour of
 * tbb::parallel_reduce(blocked_range(0, |V|, 10), ..., simple_partitioner()). The vertex range is
 * halved recursively (at begin + size / 2, as blocked_range splits) while a piece is larger than
 * the grain, giving chunks of grain/2 .. grain vertices (5-10 with the thesis's grain 10); the
 * pool's threads take the chunks dynamically and run Alg. 30's body (cxb_cl_smallest_arc) over
 * them; the join adds t and p.
 *
 * Deviations: TBB's work stealing is replaced by the pool's shared counter over the chunks (both
 * hand out the same chunks dynamically); the join is a relaxed atomic add of each chunk's t and
 * p, exact and independent of the order.
 */
#include <stdatomic.h>
#include <stdlib.h>

#include "cxb/clustering/clustering.h"
#include "cxb/core/pool.h"

typedef struct gr_job {
    const cxb_csr *g;
    int order;
    const uint64_t *end; /* end[k]: the end of chunk k; chunk k starts at end[k - 1] (0 for k = 0) */
    _Atomic uint64_t t, p;
} gr_job;

/* The chunks of [b, e) in order: blocked_range's split while e - b > grain. */
static uint64_t split(uint64_t b, uint64_t e, uint64_t grain, uint64_t *end, uint64_t k)
{
    while (e - b > grain) {
        uint64_t mid = b + (e - b) / 2;
        k = split(b, mid, grain, end, k);
        b = mid;
    }
    end[k] = e;
    return k + 1;
}

static void gr_chunk(void *arg, uint64_t item, unsigned worker)
{
    (void)worker;
    gr_job *J = arg;
    const cxb_csr *g = J->g;
    uint64_t t = 0, p = 0, vs = item ? J->end[item - 1] : 0;
    for (uint64_t i = vs; i < J->end[item]; ++i)
        for (uint64_t a = g->off[i]; a < g->off[i + 1]; ++a)
            cxb_cl_smallest_arc(g->off, g->adj, (cxb_vid)i, a, J->order, &t, &p);
    atomic_fetch_add_explicit(&J->t, t, memory_order_relaxed);
    atomic_fetch_add_explicit(&J->p, p, memory_order_relaxed);
}

cxb_status cxb_cl_smallest_grain(const cxb_csr *g, const cxb_cl_params *p, struct cxb_pool *pool,
                                 cxb_cl_result *r)
{
    if (g->flags & CXB_CSR_MULTI)
        return cxb_fail(CXB_EINPUT,
                        "clustering.smallest.pthreadsgrain: multigraph input (a simple graph is required)");
    if (!pool)
        return cxb_fail(CXB_EINPUT, "clustering.smallest.pthreadsgrain: no pool");
    if (p->grain < 2)
        return cxb_fail(CXB_EINPUT, "clustering.smallest.pthreadsgrain: --set grain=%u: at least 2", p->grain);
    /* chunks are at least grain/2 vertices (> grain/2 - 1), so n / (grain / 2) + 1 slots suffice */
    uint64_t cap = g->n / (p->grain / 2) + 1;
    uint64_t *end = malloc(cap * sizeof *end);
    if (!end)
        return cxb_fail(CXB_ERESOURCE, "clustering.smallest.pthreadsgrain: no memory for the chunks");
    uint64_t chunks = g->n ? split(0, g->n, p->grain, end, 0) : 0;
    gr_job J = {.g = g, .order = p->order, .end = end};
    atomic_init(&J.t, 0);
    atomic_init(&J.p, 0);
    cxb_status st = cxb_pool_for(pool, chunks, CXB_SCHED_DYNAMIC, gr_chunk, &J);
    free(end);
    if (st != CXB_OK)
        return st;
    r->T = atomic_load(&J.t) / 2;
    r->W = atomic_load(&J.p) / 2;
    r->has_tv = 0;
    r->prep_ms = r->sort_ms = 0;
    r->gpus = 0;
    return CXB_OK;
}
