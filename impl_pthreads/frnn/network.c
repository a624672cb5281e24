/* The Network model's step on the pool (cxb/frnn/network.h): one contiguous chunk of storage
 * slots per worker, each actor moved by cxb_frnn_network_move and written at its slot, so the
 * result is the seq row's for every thread count. */
#include "cxb/core/pool.h"
#include "cxb/frnn/frnn.h"

typedef struct network_job {
    const cxb_frnn_view *v;
    const cxb_frnn_network *nw;
    uint32_t step, chunks;
    cxb_frnn_rec *out;
} network_job;

static void network_chunk(void *arg, uint64_t item, unsigned worker)
{
    (void)worker;
    const network_job *j = arg;
    uint32_t k0 = (uint32_t)((uint64_t)j->v->n * item / j->chunks);
    uint32_t k1 = (uint32_t)((uint64_t)j->v->n * (item + 1) / j->chunks);
    for (uint32_t k = k0; k < k1; ++k)
        j->out[k] = cxb_frnn_network_move(j->nw, j->v->storage, j->v->pbm, j->v->storage[k], j->step);
}

cxb_status cxb_frnn_network_step_pthreads(cxb_pool *pool, const cxb_frnn_view *v, const cxb_frnn_network *nw,
                                          uint32_t step, cxb_frnn_rec *out)
{
    network_job j = {v, nw, step, cxb_pool_threads(pool), out};
    return cxb_pool_for(pool, j.chunks, CXB_SCHED_STATIC, network_chunk, &j);
}
