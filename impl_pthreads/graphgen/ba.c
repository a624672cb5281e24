/* graphgen.ba.pthreads - Leist Sec. 5.2.2 on the project's pool (docs/studies/graphgen.md): only
 * the Pi loop is parallel, in fixed chunks of vertices whose integer partial sums are
 * added in chunk order; the RNG, the repeat loop and the appends stay sequential (the
 * thesis measured their parallel versions as counter-productive: m is only tens to
 * hundreds). Integer sums make the graph identical to graphgen.ba.seq for any thread
 * count. Deviation: TBB parallel_reduce -> cxb_pool_for over chunks.
 */
#include <stdlib.h>

#include "cxb/core/pool.h"
#include "cxb/graphgen/ba_host.h"

/* Vertices per work item: ~16 us of work, above the pool's dispatch cost (a condition
 * variable round trip, tens of us on a loaded 2-core machine). A loop of one chunk runs on
 * the calling thread, as TBB's partitioner keeps a range below its grain size in one task. */
#define BA_PI_CHUNK 16384u

typedef struct pi_job {
    cxb_ba_run *w;
    uint64_t t, chunk;
    uint64_t *part;
} pi_job;

static void pi_chunk(void *arg, uint64_t c, unsigned worker)
{
    (void)worker;
    pi_job *j = arg;
    uint64_t i0 = c * j->chunk, i1 = i0 + j->chunk < j->t ? i0 + j->chunk : j->t;
    j->part[c] = cxb_ba_pi_range(j->w, i0, i1);
}

cxb_status cxb_ba_pthreads(const cxb_ba_params *p, struct cxb_pool *pool, cxb_adjlists *out)
{
    return cxb_ba_pthreads_chunked(p, pool, BA_PI_CHUNK, out);
}

cxb_status cxb_ba_pthreads_chunked(const cxb_ba_params *pin, struct cxb_pool *pool, uint64_t chunk, cxb_adjlists *out)
{
    if (chunk < 1)
        return cxb_fail(CXB_EINPUT, "ba: chunk of 0 vertices");
    cxb_ba_params p = *pin;
    cxb_status st = cxb_ba_check(&p);
    if (st != CXB_OK)
        return st;
    cxb_ba_run w;
    if ((st = cxb_ba_run_init(&w, &p, out)) != CXB_OK)
        return st;
    pi_job job = {&w, 0, chunk, malloc(((p.n + chunk - 1) / chunk + 1) * sizeof(uint64_t))};
    if (!job.part)
        st = cxb_fail(CXB_ERESOURCE, "ba: out of host memory");
    for (uint64_t t = p.n0; t < p.n && st == CXB_OK; ++t) {
        job.t = t;
        uint64_t nch = (t + chunk - 1) / chunk;
        if (nch < 2)
            pi_chunk(&job, 0, 0);
        else if ((st = cxb_pool_for(pool, nch, CXB_SCHED_DYNAMIC, pi_chunk, &job)) != CXB_OK)
            break;
        w.D = 0;
        for (uint64_t c = 0; c < nch; ++c)
            w.D += job.part[c];
        st = cxb_ba_run_attach(&w, t);
    }
    free(job.part);
    cxb_ba_run_free(&w);
    if (st != CXB_OK)
        cxb_adjlists_free(out);
    return st;
}
