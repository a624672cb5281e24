/* The Circles model's step on the pool (cxb/frnn/circles.h): one contiguous chunk of storage
 * slots per worker, each agent moved by cxb_frnn_circles_one and written at its slot, so the
 * result is the seq row's for every thread count; the force counts are summed per chunk. */
#include <stdlib.h>

#include "cxb/core/pool.h"
#include "cxb/frnn/frnn.h"

typedef struct circles_job {
    const cxb_frnn_view *v;
    int kind;
    const cxb_frnn_circles_params *cp;
    cxb_frnn_rec *out;
    uint32_t chunks;
    uint64_t *pairs;
} circles_job;

static void circles_chunk(void *arg, uint64_t item, unsigned worker)
{
    (void)worker;
    circles_job *j = arg;
    uint32_t k0 = (uint32_t)((uint64_t)j->v->n * item / j->chunks);
    uint32_t k1 = (uint32_t)((uint64_t)j->v->n * (item + 1) / j->chunks);
    uint64_t total = 0;
    for (uint32_t k = k0; k < k1; ++k) {
        uint32_t c;
        j->out[k] = cxb_frnn_circles_one(j->v, j->kind, &j->v->storage[k], j->cp, &c);
        total += c;
    }
    j->pairs[item] = total;
}

cxb_status cxb_frnn_circles_step_pthreads(cxb_pool *pool, const cxb_frnn_view *v, int kind,
                                          const cxb_frnn_circles_params *cp, cxb_frnn_rec *out, uint64_t *pairs)
{
    circles_job j = {v, kind, cp, out, cxb_pool_threads(pool), NULL};
    j.pairs = calloc(j.chunks, sizeof *j.pairs);
    if (!j.pairs)
        return cxb_fail(CXB_ERESOURCE, "frnn: out of host memory");
    cxb_status st = cxb_pool_for(pool, j.chunks, CXB_SCHED_STATIC, circles_chunk, &j);
    uint64_t total = 0;
    for (uint32_t c = 0; c < j.chunks; ++c)
        total += j.pairs[c];
    if (pairs)
        *pairs = total;
    free(j.pairs);
    return st;
}
