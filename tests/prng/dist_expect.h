/* tests/prng/dist_expect.h - what the stream-distribution drivers must produce, computed
 * without cxb/rng/dist.h: from the generators' own cxb_g_init(seed, stream, offset) and
 * next_u32 (all.h) and the definitions of docs/studies/prng.md. Shared by the CPU and CUDA tests. */
#ifndef CXB_TESTS_DIST_EXPECT_H
#define CXB_TESTS_DIST_EXPECT_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/prng/dist.h"

/* n outputs of the plain stream (seed, stream) of generator gen from offset 0. */
static void plain_stream(cxb_dist_gen gen, uint64_t seed, uint64_t stream, uint64_t n, uint32_t *out)
{
    switch (gen) {
#define X(name, g, techs, lp, jump, split)                  \
    case CXB_DIST_GEN_##g: {                                \
        static cxb_##g##_state s;                           \
        cxb_##g##_init(&s, seed, stream, 0);                \
        for (uint64_t i = 0; i < n; ++i)                    \
            out[i] = cxb_##g##_next_u32(&s);                \
        break;                                              \
    }
        CXB_DIST_LIST(X)
#undef X
    default:
        break;
    }
}

/* Worker w of P under a pool split into contiguous blocks [w n / P, (w + 1) n / P), or
 * thread t of T under a grid-stride loop (tasks t, t + T, ...): which worker runs task id
 * and how many of its tasks came before it. */
static void static_owner(uint64_t id, uint64_t tasks, uint64_t P, uint64_t *w, uint64_t *rank)
{
    for (uint64_t x = 0; x < P; ++x) {
        uint64_t lo = x * tasks / P, hi = (x + 1) * tasks / P;
        if (id >= lo && id < hi) {
            *w = x;
            *rank = id - lo;
            return;
        }
    }
}

static void stride_owner(uint64_t id, uint64_t T, uint64_t *w, uint64_t *rank)
{
    *w = id % T;
    *rank = id / T;
}

/* Who runs task id: worker w of `workers`, as its rank-th task. grid = 0: the pool's
 * static blocks; grid = 1: a CUDA grid-stride loop. */
typedef struct dist_owner {
    int grid;
    uint64_t workers;
} dist_owner;

static void dist_owner_of(dist_owner o, uint64_t id, uint64_t tasks, uint64_t *w, uint64_t *rank)
{
    if (o.grid)
        stride_owner(id, o.workers, w, rank);
    else
        static_owner(id, tasks, o.workers, w, rank);
}

/* Exact expectation for the worker-bound techniques (docs/studies/prng.md). Leap frog, worker w
 * of N: x_{w + i N} of the plain base stream (seed, 0), i = rank K + j. Per-worker streams
 * (ThreadLocalRandom): outputs rank K + j of the stream of id w, taken from the seq
 * driver's per-task streams (whose definitions prng_dist_requirements checks against the
 * generators' own jumps). Writes exp[tasks * k]; plan's technique is the row's. */
static int dist_expect_worker_bound(cxb_dist_plan *plan, dist_owner o, uint64_t tasks, uint64_t k, uint32_t *exp)
{
    uint64_t maxrank = 0, w = 0, r = 0;
    for (uint64_t id = 0; id < tasks; ++id) {
        dist_owner_of(o, id, tasks, &w, &r);
        if (r > maxrank)
            maxrank = r;
    }
    uint64_t per = (maxrank + 1) * k; /* outputs a worker consumes at most */
    if (plan->tech == CXB_DIST_LEAPFROG) {
        uint64_t len = o.workers + per * o.workers;
        uint32_t *base = malloc(len * sizeof *base);
        if (!base)
            return 0;
        plain_stream(plan->gen, plan->seed, 0, len, base);
        for (uint64_t id = 0; id < tasks; ++id) {
            dist_owner_of(o, id, tasks, &w, &r);
            for (uint64_t j = 0; j < k; ++j)
                exp[id * k + j] = base[w + (r * k + j) * o.workers];
        }
        free(base);
        return 1;
    }
    if (!cxb_dist_per_task(plan->tech))
        return 0;
    uint64_t nw = o.grid ? (o.workers < tasks ? o.workers : tasks) : o.workers;
    uint32_t *ws = malloc((nw * per + 1) * sizeof *ws);
    if (!ws || cxb_dist_draw_seq(plan, nw, per, 0, ws) != CXB_OK) {
        free(ws);
        return 0;
    }
    for (uint64_t id = 0; id < tasks; ++id) {
        dist_owner_of(o, id, tasks, &w, &r);
        memcpy(exp + id * k, ws + w * per + r * k, k * sizeof *ws);
    }
    free(ws);
    return 1;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* 1 if a and b hold the same multiset of n values (sorts copies). */
static int same_multiset(const uint32_t *a, const uint32_t *b, uint64_t n)
{
    uint32_t *x = malloc((n + 1) * sizeof *x), *y = malloc((n + 1) * sizeof *y);
    int same = x && y;
    if (same && n) {
        memcpy(x, a, n * sizeof *x);
        memcpy(y, b, n * sizeof *y);
        qsort(x, n, sizeof *x, cmp_u32);
        qsort(y, n, sizeof *y, cmp_u32);
        same = memcmp(x, y, n * sizeof *x) == 0;
    }
    free(x);
    free(y);
    return same;
}

/* Tasks whose k outputs equal the reference's. */
static uint64_t tasks_equal(const uint32_t *a, const uint32_t *ref, uint64_t tasks, uint64_t k)
{
    uint64_t eq = 0;
    for (uint64_t id = 0; id < tasks; ++id)
        eq += memcmp(a + id * k, ref + id * k, k * sizeof *a) == 0;
    return eq;
}

#endif
