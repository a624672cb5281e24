/* prng.lf24.pthreads - Leist (2011) section 4.2, Algorithm 3: T independent streams
 * seeded from a root stream, taken by the pool's P workers.
 *
 * The thesis used TBB tasks; here the one pool of impl_pthreads (pinned with hwloc)
 * hands out streams dynamically. Stream t always owns the same slice of the output,
 * so the result does not depend on P. */
#include "cxb/pool.h"
#include "cxb/prng.h"

typedef struct lf24_task {
    const cxb_lf24_job *job;
    uint32_t *tables;
    uint32_t *out;
    double *sums;
} lf24_task;

static void lf24_stream(void *arg, uint64_t t, unsigned worker)
{
    (void)worker;
    const lf24_task *task = arg;
    cxb_lf24_job_stream(task->job, t, task->tables + (size_t)t * task->job->r, task->out,
                        task->sums);
}

cxb_status cxb_lf24_run_pthreads(struct cxb_pool *pool, const cxb_lf24_job *job,
                                 uint32_t *tables, uint32_t *out, double *sums)
{
    lf24_task task = {job, tables, out, sums};
    return cxb_pool_for(pool, job->streams, CXB_SCHED_DYNAMIC, lf24_stream, &task);
}
