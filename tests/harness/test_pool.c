/* tests/harness/test_pool.c - harness_pool: the worker pool of impl_pthreads (include/cxb/core/pool.h;
 * docs/method.md).
 *
 * For P in {1, 2, 3, 8}, n in {0, 1, 7, 1000, 100003} and both schedules: every item is
 * visited exactly once (a count per item, C11 atomics), results written by item index
 * equal a sequential reference (so they are the same for every P), workers numbers are
 * < P, and under the static schedule item i is done by the worker whose block
 * [w*n/P, (w+1)*n/P) contains it. Then: 1000 small dispatches on one pool, repeated
 * create/destroy, nested dispatch refused, threads = 0, and the binding description
 * (its format; with hwloc and a "verified" binding, sched_getcpu() inside the task
 * must equal the worker's PU).
 */
#define _GNU_SOURCE /* sched_getcpu */
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cxb/config.h"
#include "cxb/core/pool.h"

static uint64_t mix(uint64_t i) /* splitmix64 finaliser: the "result" of item i */
{
    uint64_t z = i + 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

typedef struct visit_job {
    _Atomic unsigned *count;
    uint64_t *out;
    unsigned *who;
    unsigned threads;
    atomic_int bad_worker;
} visit_job;

static void visit(void *arg, uint64_t i, unsigned w)
{
    visit_job *j = arg;
    if (atomic_fetch_add_explicit(&j->count[i], 1, memory_order_relaxed) == 0) {
        j->out[i] = mix(i);
        j->who[i] = w;
    }
    if (w >= j->threads)
        atomic_fetch_add(&j->bad_worker, 1);
}

static void test_visits(void)
{
    static const unsigned ps[] = {1, 2, 3, 8};
    static const uint64_t ns[] = {0, 1, 7, 1000, 100003};
    const uint64_t nmax = 100003;
    _Atomic unsigned *count = malloc(nmax * sizeof *count);
    uint64_t *out = malloc(nmax * sizeof *out);
    unsigned *who = malloc(nmax * sizeof *who);
    CHECK(count && out && who);
    if (!count || !out || !who)
        exit(1);
    for (size_t pi = 0; pi < sizeof ps / sizeof ps[0]; ++pi) {
        unsigned p = ps[pi];
        cxb_pool *pool = NULL;
        CHECK(cxb_pool_create(&pool, p, CXB_BIND_NONE) == CXB_OK);
        if (!pool)
            continue;
        CHECK(cxb_pool_threads(pool) == p);
        for (int s = 0; s < 2; ++s) {
            cxb_schedule sched = s ? CXB_SCHED_STATIC : CXB_SCHED_DYNAMIC;
            for (size_t ni = 0; ni < sizeof ns / sizeof ns[0]; ++ni) {
                uint64_t n = ns[ni];
                for (uint64_t i = 0; i < nmax; ++i) {
                    atomic_init(&count[i], 0);
                    out[i] = 0;
                    who[i] = ~0u;
                }
                visit_job j = {count, out, who, p, 0};
                CHECK(cxb_pool_for(pool, n, sched, visit, &j) == CXB_OK);
                int once = 1, right = 1, owner = 1;
                for (uint64_t i = 0; i < nmax; ++i) {
                    unsigned c = atomic_load(&count[i]);
                    if (c != (i < n ? 1u : 0u))
                        once = 0;
                    if (i < n && out[i] != mix(i))
                        right = 0;
                    if (i >= n && out[i] != 0)
                        right = 0;
                    if (sched == CXB_SCHED_STATIC && i < n) {
                        /* the block owner, straight from the definition */
                        unsigned w = who[i];
                        if (w >= p || !(w * n / p <= i && i < (w + 1) * n / p))
                            owner = 0;
                    }
                }
                CHECK_MSG(once, "P=%u n=%llu %s: an item was not visited exactly once", p,
                          (unsigned long long)n, s ? "static" : "dynamic");
                CHECK_MSG(right, "P=%u n=%llu %s: results differ from the sequential reference", p,
                          (unsigned long long)n, s ? "static" : "dynamic");
                CHECK_MSG(owner, "P=%u n=%llu: an item ran outside its static block", p,
                          (unsigned long long)n);
                CHECK_MSG(atomic_load(&j.bad_worker) == 0, "P=%u: worker index >= P", p);
            }
        }
        cxb_pool_destroy(pool);
    }
    free(count);
    free(out);
    free(who);
}

typedef struct sum_job {
    _Atomic uint64_t sum;
} sum_job;

static void add_item(void *arg, uint64_t i, unsigned w)
{
    (void)w;
    atomic_fetch_add_explicit(&((sum_job *)arg)->sum, i + 1, memory_order_relaxed);
}

/* 1000 small dispatches on one pool: sum of 1..n each time. */
static void test_reuse(void)
{
    cxb_pool *pool = NULL;
    CHECK(cxb_pool_create(&pool, 3, CXB_BIND_NONE) == CXB_OK);
    if (!pool)
        return;
    int bad = 0;
    for (int k = 0; k < 1000; ++k) {
        uint64_t n = (uint64_t)(k % 37);
        sum_job j;
        atomic_init(&j.sum, 0);
        if (cxb_pool_for(pool, n, k & 1 ? CXB_SCHED_STATIC : CXB_SCHED_DYNAMIC, add_item, &j) != CXB_OK ||
            atomic_load(&j.sum) != n * (n + 1) / 2)
            ++bad;
    }
    CHECK_MSG(bad == 0, "%d of 1000 reused dispatches gave a wrong sum", bad);
    cxb_pool_destroy(pool);
}

static void test_create_destroy(void)
{
    int bad = 0;
    for (int k = 0; k < 100; ++k) {
        cxb_pool *pool = NULL;
        unsigned p = 1 + (unsigned)(k % 4);
        if (cxb_pool_create(&pool, p, CXB_BIND_NONE) != CXB_OK || !pool) {
            ++bad;
            continue;
        }
        if (k % 2) {
            sum_job j;
            atomic_init(&j.sum, 0);
            if (cxb_pool_for(pool, 10, CXB_SCHED_DYNAMIC, add_item, &j) != CXB_OK || atomic_load(&j.sum) != 55)
                ++bad;
        }
        cxb_pool_destroy(pool);
    }
    CHECK_MSG(bad == 0, "%d of 100 create/destroy cycles failed", bad);
    cxb_pool_destroy(NULL); /* allowed, does nothing */
}

typedef struct nested_job {
    cxb_pool *pool;
    atomic_int refused, accepted;
} nested_job;

static void nested(void *arg, uint64_t i, unsigned w)
{
    (void)i;
    (void)w;
    nested_job *j = arg;
    sum_job inner;
    atomic_init(&inner.sum, 0);
    if (cxb_pool_for(j->pool, 4, CXB_SCHED_DYNAMIC, add_item, &inner) == CXB_EINPUT)
        atomic_fetch_add(&j->refused, 1);
    else
        atomic_fetch_add(&j->accepted, 1);
}

static void test_misuse(void)
{
    cxb_pool *pool = NULL;
    CHECK(cxb_pool_create(&pool, 2, CXB_BIND_NONE) == CXB_OK);
    if (!pool)
        return;
    nested_job j = {pool, 0, 0};
    CHECK(cxb_pool_for(pool, 3, CXB_SCHED_STATIC, nested, &j) == CXB_OK);
    CHECK_MSG(atomic_load(&j.refused) == 3 && atomic_load(&j.accepted) == 0,
              "nested dispatch: %d refused, %d accepted", atomic_load(&j.refused), atomic_load(&j.accepted));
    CHECK(cxb_pool_for(pool, 3, CXB_SCHED_STATIC, NULL, NULL) == CXB_EINPUT);
    CHECK(cxb_pool_for(pool, 3, (cxb_schedule)7, add_item, NULL) == CXB_EINPUT);
    CHECK(cxb_pool_for(pool, 0, CXB_SCHED_DYNAMIC, add_item, NULL) == CXB_OK); /* n = 0: at once */
    cxb_pool_destroy(pool);
    CHECK(cxb_pool_create(&pool, 2, (cxb_bind_policy)9) == CXB_EINPUT && pool == NULL);
    CHECK(cxb_pool_create(NULL, 2, CXB_BIND_NONE) == CXB_EINPUT);

    CHECK(cxb_default_threads() >= 1);
    CHECK(cxb_pool_create(&pool, 0, CXB_BIND_NONE) == CXB_OK);
    if (pool) {
        CHECK(cxb_pool_threads(pool) == cxb_default_threads());
        cxb_pool_destroy(pool);
    }
}

/* ---- binding ---- */

#if CXB_HAVE_HWLOC
typedef struct where_job {
    int *cpu_of_item;
    unsigned *worker_of_item;
} where_job;

static void where(void *arg, uint64_t i, unsigned w)
{
    where_job *j = arg;
    j->cpu_of_item[i] = sched_getcpu();
    j->worker_of_item[i] = w;
}

/* Parses "<policy>: 0:PU#a 1:PU#b ... verified|unverified..." into pus[]; returns 1 if
 * the format holds, and sets *verified. */
static int parse_binding(const char *b, const char *policy, unsigned p, int *pus, int *verified)
{
    size_t lp = strlen(policy);
    if (strncmp(b, policy, lp) != 0 || b[lp] != ':')
        return 0;
    const char *s = b + lp + 1;
    for (unsigned t = 0; t < p; ++t) {
        unsigned tt;
        int pu, used = 0;
        if (sscanf(s, " %u:PU#%d%n", &tt, &pu, &used) != 2 || tt != t || pu < 0)
            return 0;
        pus[t] = pu;
        s += used;
        if (*s == '(') { /* a per-thread failure note */
            s = strchr(s, ')');
            if (!s)
                return 0;
            ++s;
        }
    }
    if (strncmp(s, " verified", 9) == 0 && (s[9] == '\0' || s[9] == ';'))
        *verified = 1;
    else if (strncmp(s, " unverified", 11) == 0)
        *verified = 0;
    else
        return 0;
    return 1;
}
#endif

static void test_binding(void)
{
    cxb_pool *pool = NULL;
#if !CXB_HAVE_HWLOC
    CHECK(cxb_pool_create(&pool, 2, CXB_BIND_NONE) == CXB_OK);
    if (pool) {
        CHECK_MSG(strcmp(cxb_pool_binding(pool), "none (hwloc absent)") == 0, "binding '%s'",
                  cxb_pool_binding(pool));
        cxb_pool_destroy(pool);
    }
    pool = NULL;
    CHECK(cxb_pool_create(&pool, 2, CXB_BIND_SPREAD) == CXB_EINPUT && pool == NULL);
    CHECK_MSG(strcmp(cxb_last_error(), "--bind: spread needs hwloc") == 0, "message '%s'", cxb_last_error());
    CHECK(cxb_pool_create(&pool, 2, CXB_BIND_COMPACT) == CXB_EINPUT && pool == NULL);
    CHECK_MSG(strcmp(cxb_last_error(), "--bind: compact needs hwloc") == 0, "message '%s'", cxb_last_error());
#else
    CHECK(cxb_pool_create(&pool, 2, CXB_BIND_NONE) == CXB_OK);
    if (pool) {
        CHECK_MSG(strcmp(cxb_pool_binding(pool), "none (not pinned)") == 0, "binding '%s'",
                  cxb_pool_binding(pool));
        cxb_pool_destroy(pool);
    }
    static const cxb_bind_policy policies[] = {CXB_BIND_SPREAD, CXB_BIND_COMPACT};
    static const char *names[] = {"spread", "compact"};
    const int synthetic = getenv("HWLOC_SYNTHETIC") || getenv("HWLOC_XMLFILE");
    enum { ITEMS = 4000 };
    int *cpu = malloc(ITEMS * sizeof *cpu);
    unsigned *wk = malloc(ITEMS * sizeof *wk);
    for (int k = 0; k < 2 && cpu && wk; ++k) {
        static const unsigned counts[] = {1, 2, 3, 64};
        for (size_t ci = 0; ci < sizeof counts / sizeof counts[0]; ++ci) {
            unsigned p = counts[ci];
            pool = NULL;
            CHECK(cxb_pool_create(&pool, p, policies[k]) == CXB_OK);
            if (!pool)
                continue;
            const char *before = cxb_pool_binding(pool);
            if (synthetic) {
                CHECK_MSG(strstr(before, "not pinned") != NULL, "binding '%s'", before);
                cxb_pool_destroy(pool);
                continue;
            }
            CHECK_MSG(strstr(before, "unverified") != NULL, "before any task: '%s'", before);
            where_job j = {cpu, wk};
            CHECK(cxb_pool_for(pool, ITEMS, CXB_SCHED_DYNAMIC, where, &j) == CXB_OK);
            const char *b = cxb_pool_binding(pool);
            int pus[64], verified = 0;
            CHECK_MSG(b == before, "the binding text moved after the first dispatch");
            CHECK_MSG(parse_binding(b, names[k], p, pus, &verified), "binding '%s'", b);
            if (p == 3)
                printf("binding (%s, 3 threads): %s\n", names[k], b);
            if (verified) {
                int off = 0;
                for (int i = 0; i < ITEMS; ++i)
                    if (cpu[i] != pus[wk[i]])
                        ++off;
                CHECK_MSG(off == 0, "%s: %d of %d items ran off their worker's PU (%s)", names[k], off,
                          ITEMS, b);
            } else {
                printf("note: binding not verified on this host: %s\n", b);
            }
            cxb_pool_destroy(pool);
        }
    }
    free(cpu);
    free(wk);
#endif
}

int main(void)
{
    test_visits();
    test_reuse();
    test_create_destroy();
    test_misuse();
    test_binding();
    CHECK_DONE();
}
