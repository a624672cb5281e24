/* prng.lf24.pthreads - Leist (2011) section 4.2, Algorithm 3: T independent streams
 * seeded from a root stream, taken by the pool's P workers.
 *
 * The thesis used TBB tasks; here the one pool of impl_pthreads (pinned with hwloc)
 * hands out streams dynamically. Stream t always owns the same slice of the output,
 * so the result does not depend on P. */
#include <stdlib.h>
#include <string.h>

#include "cxb/core/pool.h"
#include "cxb/prng/lf24.h"

typedef struct lf24_task {
    const cxb_lf24_job *job;
    uint32_t *tables;
    uint32_t *out;
    double *sums;
} lf24_task;

/* Tables of neighbouring streams share cache lines (r = 97 is 388 bytes), and the
 * dynamic schedule hands neighbours to different workers: advancing the table in place
 * ping-pongs those lines between cores (measured: r = 97 summed twice as slow as
 * r = 1021 on 16 cores). So a worker advances a private copy and writes it back once. */
#define LF24_LOCAL_MAX 4096u

static void lf24_stream(void *arg, uint64_t t, unsigned worker)
{
    (void)worker;
    const lf24_task *task = arg;
    uint32_t *table = task->tables + (size_t)t * task->job->r;
    if (task->job->r > LF24_LOCAL_MAX) { /* 16 KiB and more: sharing at the edges only */
        cxb_lf24_job_stream(task->job, t, table, task->out, task->sums);
        return;
    }
    uint32_t local[LF24_LOCAL_MAX];
    memcpy(local, table, task->job->r * sizeof *local);
    cxb_lf24_job_stream(task->job, t, local, task->out, task->sums);
    memcpy(table, local, task->job->r * sizeof *local);
}

cxb_status cxb_lf24_run_pthreads(struct cxb_pool *pool, const cxb_lf24_job *job,
                                 uint32_t *tables, uint32_t *out, double *sums)
{
    lf24_task task = {job, tables, out, sums};
    return cxb_pool_for(pool, job->streams, CXB_SCHED_DYNAMIC, lf24_stream, &task);
}

typedef struct seed_task {
    const cxb_lf24_job *job;
    const uint64_t *seeds;
    uint32_t *tables;
} seed_task;

static void seed_stream(void *arg, uint64_t t, unsigned worker)
{
    (void)worker;
    const seed_task *task = arg;
    cxb_lf24_table_seed(task->job, task->seeds[t], task->tables + (size_t)t * task->job->r);
}

cxb_status cxb_lf24_tables_create_pthreads(struct cxb_pool *pool, const cxb_lf24_job *job,
                                           uint32_t **tables)
{
    uint32_t *t;
    uint64_t *seeds;
    cxb_status st = cxb_lf24_tables_begin(job, &t, &seeds);
    if (st != CXB_OK)
        return st;
    seed_task task = {job, seeds, t};
    st = cxb_pool_for(pool, job->streams, CXB_SCHED_STATIC, seed_stream, &task);
    free(seeds);
    if (st != CXB_OK) {
        free(t);
        return st;
    }
    *tables = t;
    return CXB_OK;
}
