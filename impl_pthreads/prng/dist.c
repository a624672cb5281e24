/* impl_pthreads/prng/dist.c - stream distribution on the worker pool: K outputs for each
 * of M logical tasks (docs/studies/prng.md requirement 4, 6.4 Figure R1).
 *
 * Per-task techniques: item id initialises the stream of id (cxb/rng/dist.h) and draws;
 * the worker index is never used, so any P and any schedule give the sequential output.
 * The negative controls use it on purpose: leap frog (stride P) and per-worker streams
 * (the ThreadLocalRandom pitfall, Passerat-Palmbach ch. 4.3-4.4) keep one stream per
 * worker that its tasks consume in turn; the central server is one generator behind a
 * mutex, one lock per number, so numbers go out in request order. Source of the pattern
 * being reproduced: JDK 7 ThreadLocalRandom as described by Passerat-Palmbach.
 * Stream ids beyond the plan's (parameter sets) are refused before any work starts,
 * including worker indexes used as ids by per-worker streams.
 */
#include <pthread.h>
#include <stdlib.h>

#include "cxb/prng/dist.h"

typedef struct dist_job {
    const cxb_dist_plan *p;
    uint64_t k;
    int per_task;
    uint32_t *out;
    void *states;          /* one per worker, or the central server's one */
    unsigned char *ready;  /* worker w's state initialised (written by worker w only) */
    pthread_mutex_t *mu;   /* central server */
} dist_job;

#define CXB_DIST_X(name, g, techs, lp, jump, split)                                   \
    static void pt_##g(void *arg, uint64_t item, unsigned worker)                      \
    {                                                                                 \
        const dist_job *t = arg;                                                      \
        uint32_t *o = t->out + item * t->k;                                           \
        if (t->mu) {                                                                  \
            cxb_##g##_state *s = t->states;                                           \
            for (uint64_t j = 0; j < t->k; ++j) {                                     \
                pthread_mutex_lock(t->mu);                                            \
                o[j] = cxb_dist_next_##g(s, t->p);                                    \
                pthread_mutex_unlock(t->mu);                                          \
            }                                                                         \
            return;                                                                   \
        }                                                                             \
        if (t->per_task) {                                                            \
            cxb_##g##_state s;                                                        \
            cxb_dist_init_##g(&s, t->p, item);                                        \
            for (uint64_t j = 0; j < t->k; ++j)                                       \
                o[j] = cxb_dist_next_##g(&s, t->p);                                   \
            return;                                                                   \
        }                                                                             \
        cxb_##g##_state *s = (cxb_##g##_state *)t->states + worker;                   \
        if (!t->ready[worker]) {                                                      \
            cxb_dist_init_##g(s, t->p, worker);                                       \
            t->ready[worker] = 1;                                                     \
        }                                                                             \
        for (uint64_t j = 0; j < t->k; ++j)                                           \
            o[j] = cxb_dist_next_##g(s, t->p);                                        \
    }                                                                                 \
    static size_t size_##g(void) { return sizeof(cxb_##g##_state); }
CXB_DIST_LIST(CXB_DIST_X)
#undef CXB_DIST_X

cxb_status cxb_dist_draw_pthreads(cxb_pool *pool, cxb_schedule sched, cxb_dist_plan *p, uint64_t tasks,
                                  uint64_t k, int per_worker, uint32_t *out)
{
    unsigned P = cxb_pool_threads(pool);
    /* per-worker streams take the worker index as stream id: under the static schedule
     * worker P - 1 owns a task even when M < P */
    uint64_t ids = per_worker && tasks > 0 && P > tasks ? P : tasks;
    cxb_status st = cxb_dist_plan_check_ids(p, 0, ids);
    if (st != CXB_OK)
        return st;
    cxb_dist_plan_set_workers(p, P);
    cxb_pool_fn fn = NULL;
    size_t ssize = 0;
    switch (p->gen) {
#define CXB_DIST_X(name, g, techs, lp, jump, split) \
    case CXB_DIST_GEN_##g:                           \
        fn = pt_##g;                                 \
        ssize = size_##g();                          \
        break;
        CXB_DIST_LIST(CXB_DIST_X)
#undef CXB_DIST_X
    default:
        return cxb_fail(CXB_EINPUT, "--dist: bad generator index %d", (int)p->gen);
    }
    dist_job t = {p, k, cxb_dist_per_task(p->tech) && !per_worker, out, NULL, NULL, NULL};
    pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
    if (!t.per_task) {
        t.states = calloc(P, ssize);
        t.ready = calloc(P, 1);
        if (!t.states || !t.ready) {
            free(t.states);
            free(t.ready);
            return cxb_fail(CXB_ERESOURCE, "--dist %s: out of host memory for %u worker states",
                            cxb_dist_tech_names[p->tech], P);
        }
        if (p->tech == CXB_DIST_CENTRAL) { /* one state, initialised here, shared */
            switch (p->gen) {
#define CXB_DIST_X(name, g, techs, lp, jump, split)                        \
    case CXB_DIST_GEN_##g:                                                  \
        cxb_dist_init_##g((cxb_##g##_state *)t.states, p, 0);               \
        break;
                CXB_DIST_LIST(CXB_DIST_X)
#undef CXB_DIST_X
            default:
                break;
            }
            t.mu = &mu;
        }
    }
    st = cxb_pool_for(pool, tasks, sched, fn, &t);
    free(t.states);
    free(t.ready);
    return st;
}
