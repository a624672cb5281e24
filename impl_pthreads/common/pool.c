/* impl_pthreads/common/pool.c - the one worker pool of impl_pthreads (include/cxb/core/pool.h;
 * docs/method.md "pthreads", 9, 10).
 *
 * P dedicated worker threads are created once, pin themselves (hwloc, policy compact
 * or spread, plan from bind_plan.c) and park on a condition variable; cxb_pool_create
 * returns only when every worker is pinned and parked. cxb_pool_for publishes a job
 * under the mutex, wakes the workers with one broadcast and waits on a second
 * condition variable until the last worker has finished: the join barrier. Nobody
 * spins, so the pool behaves under valgrind, which serialises threads (docs/method.md).
 *
 * The calling thread does not work as worker 0: it only dispatches and waits. So a
 * pool of P threads is exactly P pinned workers, the caller's own affinity is never
 * changed, and P = 1 measures one worker, not the caller.
 *
 * Schedules: dynamic takes items one at a time from a shared C11 atomic counter;
 * static gives worker w the block [w*n/P, (w+1)*n/P) (computed without overflow).
 * Every worker takes part in every dispatch, also when it gets no item (n < P).
 *
 * cxb_pool_binding returns a pointer into the pool, valid until cxb_pool_destroy; the
 * text is rewritten in place once, after the first dispatch, when the location
 * checks are in ("unverified (no task run yet)" before that).
 *
 * Binding: each worker calls hwloc_set_cpubind(topology, {its PU},
 * HWLOC_CPUBIND_THREAD | HWLOC_CPUBIND_STRICT) itself and, after its first task,
 * checks hwloc_get_last_cpu_location; failures are reported in cxb_pool_binding,
 * never fatal. Without hwloc the pool runs unpinned and compact/spread are refused.
 *
 * One dispatch at a time per pool: a nested or concurrent cxb_pool_for on the same
 * pool fails with CXB_EINPUT instead of deadlocking.
 */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include "cxb/core/pool.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cxb/config.h"
#include "impl_pthreads/common/bind_plan.h"

/* More threads than this is a typo, not a machine. */
#define CXB_POOL_MAX_THREADS 65536u

enum { CHECK_PENDING = 0, CHECK_OK = 1, CHECK_ELSEWHERE = -1, CHECK_FAILED = -2 };

typedef struct cxb_worker {
    struct cxb_pool *pool;
    unsigned index;
    pthread_t tid;
    int pu;         /* OS index of the PU it is pinned to, -1 when not pinned */
    int bind_errno; /* errno of hwloc_set_cpubind, 0 when bound or not asked */
    int check;      /* CHECK_*: result of the location check after the first task */
    int ran_on;     /* OS index of the PU it last ran on (CHECK_OK / CHECK_ELSEWHERE) */
    int check_errno;
} cxb_worker;

struct cxb_pool {
    unsigned threads;
    cxb_bind_policy policy;
    int pinned; /* workers bind themselves */

    pthread_mutex_t mu;
    pthread_cond_t wake; /* workers wait here for a new generation or stop */
    pthread_cond_t done; /* the caller waits here for ready / pending */
    unsigned long generation;
    unsigned pending; /* workers still running the current job */
    unsigned ready;   /* workers pinned and parked */
    int stop, busy;

    /* the current job: written under mu before the broadcast, read under mu */
    cxb_pool_fn fn;
    void *arg;
    uint64_t n;
    cxb_schedule sched;
    _Atomic uint64_t next; /* dynamic schedule: the next item */

    cxb_worker *workers;
    unsigned started;

    char note[192]; /* why the workers are not pinned, if asked and they are not */
    char *binding;
    size_t binding_cap;
    int checked; /* every worker has done its location check */
#if CXB_HAVE_HWLOC
    hwloc_topology_t topo;
    cxb_bind_kind kind;
#endif
};

/* w*n/P without overflowing 64 bits: n = q*P + r, so w*n/P = w*q + (w*r)/P. */
static uint64_t block_start(unsigned w, uint64_t n, unsigned p)
{
    return (n / p) * w + ((n % p) * w) / p;
}

static void run_items(cxb_pool *pool, cxb_worker *w, cxb_pool_fn fn, void *arg, uint64_t n,
                      cxb_schedule sched)
{
    if (sched == CXB_SCHED_STATIC) {
        uint64_t hi = block_start(w->index + 1, n, pool->threads);
        for (uint64_t i = block_start(w->index, n, pool->threads); i < hi; ++i)
            fn(arg, i, w->index);
    } else {
        for (;;) {
            uint64_t i = atomic_fetch_add_explicit(&pool->next, 1, memory_order_relaxed);
            if (i >= n)
                break;
            fn(arg, i, w->index);
        }
    }
}

#if CXB_HAVE_HWLOC
static hwloc_bitmap_t worker_bind(cxb_worker *w)
{
    hwloc_bitmap_t set = hwloc_bitmap_alloc();
    if (!set) {
        w->bind_errno = ENOMEM;
        w->check = CHECK_FAILED;
        w->check_errno = ENOMEM;
        return NULL;
    }
    hwloc_bitmap_only(set, (unsigned)w->pu);
    if (hwloc_set_cpubind(w->pool->topo, set, HWLOC_CPUBIND_THREAD | HWLOC_CPUBIND_STRICT) != 0)
        w->bind_errno = errno ? errno : EINVAL;
    return set;
}

static void worker_check(cxb_worker *w, hwloc_bitmap_t set)
{
    if (hwloc_get_last_cpu_location(w->pool->topo, set, HWLOC_CPUBIND_THREAD) != 0) {
        w->check = CHECK_FAILED;
        w->check_errno = errno;
        return;
    }
    w->ran_on = hwloc_bitmap_first(set);
    w->check = w->ran_on == w->pu ? CHECK_OK : CHECK_ELSEWHERE;
}
#endif

static void *worker_main(void *p)
{
    cxb_worker *w = p;
    cxb_pool *pool = w->pool;
#if CXB_HAVE_HWLOC
    hwloc_bitmap_t set = w->pu >= 0 ? worker_bind(w) : NULL;
#endif
    pthread_mutex_lock(&pool->mu);
    if (++pool->ready == pool->threads)
        pthread_cond_signal(&pool->done);
    unsigned long seen = 0;
    for (;;) {
        while (!pool->stop && pool->generation == seen)
            pthread_cond_wait(&pool->wake, &pool->mu);
        if (pool->stop)
            break;
        seen = pool->generation;
        cxb_pool_fn fn = pool->fn;
        void *arg = pool->arg;
        uint64_t n = pool->n;
        cxb_schedule sched = pool->sched;
        pthread_mutex_unlock(&pool->mu);

        run_items(pool, w, fn, arg, n, sched);
#if CXB_HAVE_HWLOC
        if (set && w->check == CHECK_PENDING)
            worker_check(w, set);
#endif
        pthread_mutex_lock(&pool->mu);
        if (--pool->pending == 0)
            pthread_cond_signal(&pool->done);
    }
    pthread_mutex_unlock(&pool->mu);
#if CXB_HAVE_HWLOC
    hwloc_bitmap_free(set);
#endif
    return NULL;
}

/* ---- the binding description (provenance "binding", docs/method.md) ---- */

static int binding_append(cxb_pool *pool, size_t *len, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static int binding_append(cxb_pool *pool, size_t *len, const char *fmt, ...)
{
    /* The buffer is sized at creation for the worst case and never moved, so the
     * pointer cxb_pool_binding returned stays valid until cxb_pool_destroy; an
     * (unexpected) overflow truncates. */
    size_t room = pool->binding_cap - *len;
    if (room <= 1)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(pool->binding + *len, room, fmt, ap);
    va_end(ap);
    if (k < 0)
        return -1;
    *len += (size_t)k < room ? (size_t)k : room - 1;
    return 0;
}

/* Called with mu held (or before the workers exist). */
static void binding_compose(cxb_pool *pool)
{
    size_t len = 0;
    pool->binding[0] = '\0';
    if (!CXB_HAVE_HWLOC) {
        binding_append(pool, &len, "none (hwloc absent)");
        return;
    }
    if (pool->policy == CXB_BIND_NONE) {
        binding_append(pool, &len, "none (not pinned)");
        return;
    }
    const char *policy = cxb_bind_policy_name(pool->policy);
    if (!pool->pinned) {
        binding_append(pool, &len, "%s: not pinned (%s)", policy, pool->note);
        return;
    }
    binding_append(pool, &len, "%s:", policy);
    int all_ok = 1, checked = 1;
    for (unsigned t = 0; t < pool->threads; ++t) {
        const cxb_worker *w = &pool->workers[t];
        binding_append(pool, &len, " %u:PU#%d", t, w->pu);
        if (w->bind_errno) {
            binding_append(pool, &len, "(bind failed: %s)", strerror(w->bind_errno));
            all_ok = 0;
        } else if (w->check == CHECK_ELSEWHERE) {
            binding_append(pool, &len, "(ran on PU#%d)", w->ran_on);
            all_ok = 0;
        } else if (w->check == CHECK_FAILED) {
            binding_append(pool, &len, "(check failed: %s)", strerror(w->check_errno));
            all_ok = 0;
        } else if (w->check == CHECK_PENDING) {
            checked = 0;
        }
    }
    if (all_ok && checked)
        binding_append(pool, &len, " verified");
    else
        binding_append(pool, &len, checked ? " unverified" : " unverified (no task run yet)");
#if CXB_HAVE_HWLOC
    if (pool->kind.index >= 0)
        binding_append(pool, &len, "; cpukind %d of %d%s%s", pool->kind.index, pool->kind.nr_kinds,
                       pool->kind.name[0] ? " " : "", pool->kind.name);
#endif
    pool->checked = checked;
}

/* ---- placement ---- */

static cxb_status pool_plan(cxb_pool *pool)
{
    if (pool->policy == CXB_BIND_NONE)
        return CXB_OK;
#if CXB_HAVE_HWLOC
    if (cxb_bind_topology(&pool->topo) != CXB_OK) {
        snprintf(pool->note, sizeof pool->note, "%s", cxb_last_error());
        return CXB_OK;
    }
    if (!hwloc_topology_is_thissystem(pool->topo)) {
        snprintf(pool->note, sizeof pool->note,
                 "the hwloc topology is not this system (HWLOC_SYNTHETIC or HWLOC_XMLFILE set)");
        return CXB_OK;
    }
    unsigned *pus = malloc(pool->threads * sizeof *pus);
    if (!pus)
        return cxb_fail(CXB_ERESOURCE, "pool: out of memory for %u threads", pool->threads);
    if (cxb_bind_plan(pool->topo, pool->policy, pool->threads, pus, &pool->kind) != CXB_OK) {
        snprintf(pool->note, sizeof pool->note, "%s", cxb_last_error());
    } else {
        pool->pinned = 1;
        for (unsigned t = 0; t < pool->threads; ++t)
            pool->workers[t].pu = (int)pus[t];
    }
    free(pus);
    return CXB_OK;
#else
    return cxb_fail(CXB_EINPUT, "--bind: %s needs hwloc", cxb_bind_policy_name(pool->policy));
#endif
}

/* ---- public ---- */

static pthread_once_t default_once = PTHREAD_ONCE_INIT;
static unsigned default_threads;

static void default_threads_init(void)
{
    long n = 0;
#if CXB_HAVE_HWLOC
    hwloc_topology_t topo;
    if (cxb_bind_topology(&topo) == CXB_OK) {
        n = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE);
        if (n <= 0)
            n = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU);
    }
#endif
    if (n <= 0) {
        cpu_set_t cpus;
        if (sched_getaffinity(0, sizeof cpus, &cpus) == 0)
            n = CPU_COUNT(&cpus);
    }
    if (n <= 0)
        n = sysconf(_SC_NPROCESSORS_ONLN);
    default_threads = n > 0 ? (unsigned)n : 1u;
}

unsigned cxb_default_threads(void)
{
    pthread_once(&default_once, default_threads_init);
    return default_threads;
}

static void pool_stop_workers(cxb_pool *pool)
{
    pthread_mutex_lock(&pool->mu);
    pool->stop = 1;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->mu);
    for (unsigned t = 0; t < pool->started; ++t)
        pthread_join(pool->workers[t].tid, NULL);
    pool->started = 0;
}

static void pool_free(cxb_pool *pool)
{
    pthread_cond_destroy(&pool->done);
    pthread_cond_destroy(&pool->wake);
    pthread_mutex_destroy(&pool->mu);
    free(pool->workers);
    free(pool->binding);
    free(pool);
}

cxb_status cxb_pool_create(cxb_pool **out, unsigned threads, cxb_bind_policy policy)
{
    if (!out)
        return cxb_fail(CXB_EINPUT, "pool: no place for the pool");
    *out = NULL;
    if (policy != CXB_BIND_NONE && policy != CXB_BIND_COMPACT && policy != CXB_BIND_SPREAD)
        return cxb_fail(CXB_EINPUT, "--bind: unknown policy %d", (int)policy);
    if (!CXB_HAVE_HWLOC && policy != CXB_BIND_NONE)
        return cxb_fail(CXB_EINPUT, "--bind: %s needs hwloc", cxb_bind_policy_name(policy));
    if (threads == 0)
        threads = cxb_default_threads();
    if (threads > CXB_POOL_MAX_THREADS)
        return cxb_fail(CXB_EINPUT, "--threads: %u is more than %u", threads, CXB_POOL_MAX_THREADS);

    cxb_pool *pool = calloc(1, sizeof *pool);
    if (!pool)
        return cxb_fail(CXB_ERESOURCE, "pool: out of memory");
    pool->threads = threads;
    pool->policy = policy;
#if CXB_HAVE_HWLOC
    pool->kind.index = -1;
#endif
    pool->workers = calloc(threads, sizeof *pool->workers);
    /* per thread " t:PU#k" and at most one note such as "(bind failed: <strerror>)" */
    pool->binding_cap = 256 + (size_t)threads * 112;
    pool->binding = malloc(pool->binding_cap);
    if (!pool->workers || !pool->binding) {
        free(pool->workers);
        free(pool->binding);
        free(pool);
        return cxb_fail(CXB_ERESOURCE, "pool: out of memory for %u threads", threads);
    }
    pool->binding[0] = '\0';
    pthread_mutex_init(&pool->mu, NULL);
    pthread_cond_init(&pool->wake, NULL);
    pthread_cond_init(&pool->done, NULL);
    for (unsigned t = 0; t < threads; ++t) {
        pool->workers[t].pool = pool;
        pool->workers[t].index = t;
        pool->workers[t].pu = -1;
        pool->workers[t].ran_on = -1;
    }
    atomic_init(&pool->next, 0);

    cxb_status st = pool_plan(pool);
    if (st != CXB_OK) {
        pool_free(pool);
        return st;
    }
    for (unsigned t = 0; t < threads; ++t) {
        int e = pthread_create(&pool->workers[t].tid, NULL, worker_main, &pool->workers[t]);
        if (e != 0) {
            pool_stop_workers(pool);
            pool_free(pool);
            return cxb_fail(CXB_ERESOURCE, "pool: cannot create worker %u of %u: %s", t, threads,
                            strerror(e));
        }
        pool->started = t + 1;
    }
    pthread_mutex_lock(&pool->mu);
    while (pool->ready < threads)
        pthread_cond_wait(&pool->done, &pool->mu);
    binding_compose(pool);
    pthread_mutex_unlock(&pool->mu);
    *out = pool;
    return CXB_OK;
}

void cxb_pool_destroy(cxb_pool *pool)
{
    if (!pool)
        return;
    pool_stop_workers(pool);
    pool_free(pool);
}

unsigned cxb_pool_threads(const cxb_pool *pool)
{
    return pool ? pool->threads : 0;
}

cxb_status cxb_pool_for(cxb_pool *pool, uint64_t n, cxb_schedule sched, cxb_pool_fn fn, void *arg)
{
    if (!pool || !fn)
        return cxb_fail(CXB_EINPUT, "pool: dispatch without a pool or a function");
    if (sched != CXB_SCHED_DYNAMIC && sched != CXB_SCHED_STATIC)
        return cxb_fail(CXB_EINPUT, "pool: unknown schedule %d", (int)sched);
    if (n == 0)
        return CXB_OK;
    if (n > UINT64_MAX - pool->threads) /* the dynamic counter must not wrap */
        return cxb_fail(CXB_EINPUT, "pool: %llu items is too many", (unsigned long long)n);

    pthread_mutex_lock(&pool->mu);
    if (pool->busy) {
        pthread_mutex_unlock(&pool->mu);
        return cxb_fail(CXB_EINPUT, "pool: cxb_pool_for called while the pool is busy "
                                    "(nested or concurrent dispatch)");
    }
    pool->busy = 1;
    pool->fn = fn;
    pool->arg = arg;
    pool->n = n;
    pool->sched = sched;
    atomic_store_explicit(&pool->next, 0, memory_order_relaxed);
    pool->pending = pool->threads;
    ++pool->generation;
    pthread_cond_broadcast(&pool->wake);
    while (pool->pending > 0)
        pthread_cond_wait(&pool->done, &pool->mu);
    pool->busy = 0;
    if (pool->pinned && !pool->checked)
        binding_compose(pool);
    pthread_mutex_unlock(&pool->mu);
    return CXB_OK;
}

const char *cxb_pool_binding(const cxb_pool *pool)
{
    return pool && pool->binding ? pool->binding : "none";
}
