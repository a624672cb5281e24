/* clustering.smallest.pthreads - Leist's PThreads clustering coefficient (Leist 2011, Sec. 6.2,
 * Alg. 31-32; docs/studies/clustering.md "smallest.pthreads"): one task per thread of the pool;
 * each task takes blocks [v_s, v_e) of `block` vertices (default 64) from a mutex-protected
 * shared cursor and runs Alg. 30's body (cxb_cl_smallest_arc) over them with local t and p,
 * added to the totals at the end.
 *
 * Deviations: the thesis does not give the block size (cxbench: the `block` parameter); the
 * harness's pool supplies the threads (created and pinned before timing). Each task's partial
 * sums go to the slot of its item index, so the totals are the same for every thread count.
 */
#include <pthread.h>
#include <stdlib.h>

#include "cxb/clustering/clustering.h"
#include "cxb/core/pool.h"

typedef struct sm_job {
    const cxb_csr *g;
    int order;
    uint64_t block;
    pthread_mutex_t lock;
    uint64_t cursor;  /* guarded by lock */
    uint64_t (*part)[2];
} sm_job;

static void sm_task(void *arg, uint64_t item, unsigned worker)
{
    (void)worker;
    sm_job *J = arg;
    const cxb_csr *g = J->g;
    uint64_t t = 0, p = 0;
    for (;;) {
        pthread_mutex_lock(&J->lock); /* Alg. 32: the shared cursor */
        uint64_t vs = J->cursor;
        uint64_t ve = vs + J->block < g->n ? vs + J->block : g->n;
        J->cursor = ve;
        pthread_mutex_unlock(&J->lock);
        if (vs >= ve)
            break;
        for (uint64_t i = vs; i < ve; ++i)
            for (uint64_t a = g->off[i]; a < g->off[i + 1]; ++a)
                cxb_cl_smallest_arc(g->off, g->adj, (cxb_vid)i, a, J->order, &t, &p);
    }
    J->part[item][0] = t;
    J->part[item][1] = p;
}

cxb_status cxb_cl_smallest_pthreads(const cxb_csr *g, const cxb_cl_params *p, struct cxb_pool *pool,
                                    cxb_cl_result *r)
{
    if (g->flags & CXB_CSR_MULTI)
        return cxb_fail(CXB_EINPUT, "clustering.smallest.pthreads: multigraph input (a simple graph is required)");
    if (!pool)
        return cxb_fail(CXB_EINPUT, "clustering.smallest.pthreads: no pool");
    if (p->block == 0)
        return cxb_fail(CXB_EINPUT, "clustering.smallest.pthreads: --set block=0: at least 1");
    unsigned tasks = cxb_pool_threads(pool);
    sm_job J = {.g = g, .order = p->order, .block = p->block, .cursor = 0};
    J.part = calloc(tasks ? tasks : 1, sizeof *J.part);
    if (!J.part)
        return cxb_fail(CXB_ERESOURCE, "clustering.smallest.pthreads: out of memory");
    if (pthread_mutex_init(&J.lock, NULL)) {
        free(J.part);
        return cxb_fail(CXB_ERESOURCE, "clustering.smallest.pthreads: no mutex");
    }
    cxb_status st = cxb_pool_for(pool, tasks, CXB_SCHED_DYNAMIC, sm_task, &J);
    pthread_mutex_destroy(&J.lock);
    uint64_t t = 0, paths = 0;
    for (unsigned k = 0; k < tasks; ++k)
        t += J.part[k][0], paths += J.part[k][1];
    free(J.part);
    if (st != CXB_OK)
        return st;
    r->T = t / 2;
    r->W = paths / 2;
    r->has_tv = 0;
    r->prep_ms = r->sort_ms = 0;
    r->gpus = 0;
    return CXB_OK;
}
