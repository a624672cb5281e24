/* graph gen, pthreads: gnm's rounds with the draws of each round split into fixed chunks
 * on the pool (each draw is a pure function of (seed, i, round), written to slot i); the
 * sort and dedup of the set is the sequential one (cxb_sort_u64), so the result is the
 * sequential set whatever the thread count. */
#include "cxb/pool.h"
#include "impl_cpu/graph/gen.h"

#define GNM_CHUNK 65536u

typedef struct gnm_task {
    const cxb_gen_spec *s;
    uint32_t round;
    uint64_t count;
    uint64_t *dst;
} gnm_task;

static void gnm_chunk(void *arg, uint64_t c, unsigned worker)
{
    (void)worker;
    const gnm_task *t = arg;
    uint64_t i0 = c * GNM_CHUNK, i1 = t->count - i0 < GNM_CHUNK ? t->count : i0 + GNM_CHUNK;
    cxb_gnm_draws(t->s, t->round, i0, i1, t->dst + i0);
}

static cxb_status pool_draws(const cxb_gen_spec *s, uint32_t round, uint64_t count, uint64_t *dst,
                             void *arg)
{
    gnm_task t = {s, round, count, dst};
    return cxb_pool_for(arg, (count + GNM_CHUNK - 1) / GNM_CHUNK, CXB_SCHED_DYNAMIC, gnm_chunk, &t);
}

cxb_status cxb_gnm_pthreads(const cxb_gen_spec *s, struct cxb_pool *pool, cxb_edges *out);

cxb_status cxb_gnm_pthreads(const cxb_gen_spec *s, struct cxb_pool *pool, cxb_edges *out)
{
    return cxb_gnm_run(s, pool_draws, pool, out);
}
