/* propagation.{cloop,tloop,aloop,eloop}.pthreads (docs/studies/propagation.md "The four loops and the two layouts"): the
 * seq row's loop and finalisation (cxb/propagation/one.h) over static contiguous ranges of
 * rows or edge records on the harness's pool; cxb_pool_for's return is the barrier between the
 * step and the finalisation. Concurrent writers store the same byte (PENDING) with relaxed atomics,
 * so no read-modify-write is needed. The frontier flag and the counts are per range, combined in
 * range order. */
#include <stdatomic.h>
#include <stdlib.h>

#include "cxb/propagation/model.h"
#include "cxb/propagation/propagation.h"
#include "cxb/propagation/one.h"

typedef struct pth_job {
    cxb_prop_one o;
    cxb_pool *pool;
    uint64_t ranges;
    /* the current pass */
    int loop;
    const cxb_prop_step *s;
    uint64_t items;
    uint32_t t;
    unsigned char *frontier; /* per range */
    uint64_t *newly, *wadd;  /* per range */
} pth_job;

static uint64_t lo_of(uint64_t items, uint64_t ranges, uint64_t k)
{
    return items / ranges * k + items % ranges * k / ranges; /* no overflow: ranges is a thread count */
}

static void step_range(void *arg, uint64_t k, unsigned worker)
{
    (void)worker;
    pth_job *j = arg;
    j->frontier[k] =
        (unsigned char)cxb_prop_one_range(&j->o, j->loop, j->s, lo_of(j->items, j->ranges, k),
                                          lo_of(j->items, j->ranges, k + 1));
}

static void finalise_range(void *arg, uint64_t k, unsigned worker)
{
    (void)worker;
    pth_job *j = arg;
    cxb_prop_one_finalise_range(&j->o, j->t, lo_of(j->o.g->n, j->ranges, k), lo_of(j->o.g->n, j->ranges, k + 1),
                                &j->newly[k], &j->wadd[k]);
}

static cxb_status pth_step(void *ctx, int loop, const cxb_prop_step *s, int *frontier)
{
    pth_job *j = ctx;
    j->loop = loop;
    j->s = s;
    j->items = loop == CXB_PROP_ELOOP ? j->o.e.m : j->o.g->n;
    cxb_status st = cxb_pool_for(j->pool, j->ranges, CXB_SCHED_STATIC, step_range, j);
    int f = 0;
    for (uint64_t k = 0; k < j->ranges; ++k)
        f |= j->frontier[k];
    *frontier = f;
    return st;
}

static cxb_status pth_finalise(void *ctx, uint32_t t, uint64_t *newly, uint64_t *w_c_add)
{
    pth_job *j = ctx;
    j->t = t;
    cxb_status st = cxb_pool_for(j->pool, j->ranges, CXB_SCHED_STATIC, finalise_range, j);
    uint64_t a = 0, b = 0;
    for (uint64_t k = 0; k < j->ranges; ++k)
        a += j->newly[k], b += j->wadd[k];
    *newly = a;
    *w_c_add = b;
    return st;
}

cxb_status cxb_prop_run_pthreads(const cxb_csr *g, const cxb_prop_cfg *cfg, cxb_pool *pool, cxb_prop_result *r)
{
    if (!pool)
        return cxb_fail(CXB_EINPUT, "propagation pthreads: no worker pool");
    pth_job j = {0};
    j.pool = pool;
    j.ranges = cxb_pool_threads(pool); /* one contiguous range per worker */
    j.frontier = calloc(j.ranges, 1);
    j.newly = calloc(j.ranges, sizeof *j.newly);
    j.wadd = calloc(j.ranges, sizeof *j.wadd);
    cxb_status st = CXB_OK;
    if (!j.frontier || !j.newly || !j.wadd)
        st = cxb_fail(CXB_ERESOURCE, "propagation: out of host memory");
    if (st == CXB_OK && (st = cxb_prop_one_open(g, cfg, r, &j.o)) == CXB_OK) {
        cxb_prop_ops ops = {&j, pth_step, pth_finalise, NULL};
        cxb_prop_cfg c = *cfg;
        c.nsources = j.o.nsources;
        st = cxb_prop_drive(&ops, &c, g->nnz, j.o.w_c0, r);
        cxb_prop_one_close(&j.o);
    }
    free(j.frontier);
    free(j.newly);
    free(j.wadd);
    return st;
}
