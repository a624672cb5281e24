/* prng_dist_requirements: Passerat-Palmbach's four GPU distribution requirements
 * (thesis 3.3; docs/studies/prng.md) as checks on the CPU backends, on a fresh random seed, for
 * every generator x technique of CXB_DIST_LIST:
 *  1. each task its own stream: the first K outputs of ids 0..M-1 share no pair of
 *     consecutive outputs (no stream is a shifted copy of another within K); split stream
 *     id = the base stream jumped by id x D (MRG32k3a 2^76, XORWOW 2^67, Philox and
 *     Threefry 2^66), by the generators' own jumps; counter = split, statelessly;
 *  2. any number of tasks: M in {0, 1, 7, 97} with P in {1, 2, 3, 8} workers;
 *  3. streams do not overlap: jump(N - 1) per draw = stepping (leap frog stride N against
 *     every N-th output, N up to 257); random spacing's overlap bound;
 *  4. a task's numbers do not depend on the worker count or the schedule: pthreads (static
 *     and dynamic) = seq for split, spacing, param, counter; leap frog and per-worker
 *     streams (the ThreadLocalRandom pitfall, docs/studies/prng.md) equal exactly what their worker
 *     binding predicts, hence differ from seq when P > 1; the central server hands out
 *     exactly the reference's numbers (same multiset), in an order the test cannot fix.
 * Known answers come from plain streams (tests/prng/dist_expect.h), not from dist.h. TinyMT32's
 * param runs on the 3 sets of tests/prng/data/tinymt32dc.head.txt, so at most 3 tasks (per-worker
 * streams on more workers than sets are refused); MTGP32's on the toolkit's 200 sets.
 * Every generator of CXB_DIST_LIST takes part, the NR3 ones and TinyMT32/MTGP32 included. */
#include <stdio.h>
#include <time.h>

#include "check.h"
#include "dist_expect.h"
#include "dist_fixture.h"

#define K 256

static cxb_pool *pools[4];
static const unsigned Ps[4] = {1, 2, 3, 8};

/* Requirement 1: no (x_j, x_j+1) pair shared by two streams, or twice by one. */
static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void check_unique(const char *what, const uint32_t *out, uint64_t tasks, uint64_t k)
{
    uint64_t n = tasks * (k - 1), dup = 0;
    uint64_t *pairs = malloc(n * sizeof *pairs);
    for (uint64_t id = 0, c = 0; id < tasks; ++id)
        for (uint64_t j = 0; j + 1 < k; ++j)
            pairs[c++] = (uint64_t)out[id * k + j] << 32 | out[id * k + j + 1];
    qsort(pairs, n, sizeof *pairs, cmp_u64);
    for (uint64_t i = 1; i < n; ++i)
        dup += pairs[i] == pairs[i - 1];
    CHECK_MSG(dup == 0, "%s: %llu repeated output pairs across %llu streams", what, (unsigned long long)dup,
              (unsigned long long)tasks);
    free(pairs);
}

/* Requirement 1 (split): stream id's first outputs = the base stream jumped by id x D. */
static void check_split_jump(uint64_t seed)
{
    cxb_dist_plan *p;
    uint32_t a[16], b[16];
    const uint64_t ids[] = {1, 2, 3, 97, 0x12345};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; ++i) {
        uint64_t id = ids[i];
        /* MRG32k3a: D = 2^76 = 2^12 x 2^64 */
        CHECK(cxb_dist_plan_create(&p, "mrg32k3a", CXB_DIST_SPLIT, seed, 0) == CXB_OK);
        cxb_mrg32k3a_state m;
        cxb_dist_init(&m, p, id);
        for (int j = 0; j < 16; ++j)
            a[j] = cxb_dist_next(&m, p);
        cxb_mrg32k3a_init(&m, seed, 0, 0);
        cxb_mrg32k3a_jump(&m, id << 12, 0);
        for (int j = 0; j < 16; ++j)
            b[j] = cxb_mrg32k3a_next_u32(&m);
        CHECK_MSG(memcmp(a, b, sizeof a) == 0, "mrg32k3a split %llu", (unsigned long long)id);
        cxb_dist_plan_destroy(p);
        /* XORWOW: D = 2^67 = 2^3 x 2^64 (the generator's own squarings against the plan's tables) */
        if (i < 3) {
            CHECK(cxb_dist_plan_create(&p, "xorwow", CXB_DIST_SPLIT, seed, 0) == CXB_OK);
            cxb_xorwow_state x;
            cxb_dist_init(&x, p, id);
            for (int j = 0; j < 16; ++j)
                a[j] = cxb_dist_next(&x, p);
            cxb_xorwow_seed(&x, seed);
            cxb_xorwow_jump(&x, id << 3, 0);
            for (int j = 0; j < 16; ++j)
                b[j] = cxb_xorwow_next_u32(&x);
            CHECK_MSG(memcmp(a, b, sizeof a) == 0, "xorwow split %llu", (unsigned long long)id);
            cxb_dist_plan_destroy(p);
        }
        /* Philox: D = 2^66 outputs = 2^62 skips of 16 */
        CHECK(cxb_dist_plan_create(&p, "philox4x32", CXB_DIST_SPLIT, seed, 0) == CXB_OK);
        cxb_philox4x32_state ph;
        cxb_dist_init(&ph, p, id);
        for (int j = 0; j < 16; ++j)
            a[j] = cxb_dist_next(&ph, p);
        cxb_philox4x32_init(&ph, seed, 0, 0);
        for (uint64_t s = 0; s < 16 * id && id < 100; ++s)
            cxb_dist_skip_philox4x32(&ph, (uint64_t)1 << 62);
        for (int j = 0; j < 16; ++j) {
            b[j] = cxb_philox4x32_next_u32(&ph);
            /* counter technique: the stateless keyed draw gives the same numbers */
            CHECK(cxb_dist_at_philox4x32(seed, id, (uint64_t)j) == a[j]);
        }
        CHECK_MSG(id >= 100 || memcmp(a, b, sizeof a) == 0, "philox split %llu", (unsigned long long)id);
        cxb_dist_plan_destroy(p);
        CHECK(cxb_dist_plan_create(&p, "threefry4x32", CXB_DIST_SPLIT, seed, 0) == CXB_OK);
        cxb_threefry4x32_state tf;
        cxb_dist_init(&tf, p, id);
        for (int j = 0; j < 16; ++j)
            a[j] = cxb_dist_next(&tf, p);
        cxb_threefry4x32_init(&tf, seed, 0, 0);
        for (uint64_t s = 0; s < 16 * id && id < 100; ++s)
            cxb_dist_skip_threefry4x32(&tf, (uint64_t)1 << 62);
        for (int j = 0; j < 16; ++j) {
            b[j] = cxb_threefry4x32_next_u32(&tf);
            CHECK(cxb_dist_at_threefry4x32(seed, id, (uint64_t)j) == a[j]);
        }
        CHECK_MSG(id >= 100 || memcmp(a, b, sizeof a) == 0, "threefry split %llu", (unsigned long long)id);
        cxb_dist_plan_destroy(p);
    }
    /* param: Philox key = id with the seed in the counter's high words; Threefry key (seed, id) */
    CHECK(cxb_dist_plan_create(&p, "philox4x32", CXB_DIST_PARAM, seed, 0) == CXB_OK);
    cxb_philox4x32_state ph, q;
    cxb_dist_init(&ph, p, 77);
    cxb_philox4x32_init(&q, 77, seed, 0);
    for (int j = 0; j < 16; ++j)
        CHECK(cxb_dist_next(&ph, p) == cxb_philox4x32_next_u32(&q));
    cxb_dist_plan_destroy(p);
}

/* Requirement 3 (split/leap frog): a jump of N - 1 after each draw = every N-th output. */
static void check_leapfrog_stepping(uint64_t seed)
{
    const uint64_t Ns[] = {1, 2, 3, 5, 8, 33, 257};
    size_t nd;
    const cxb_dist_desc *d = cxb_dist_descs(&nd);
    uint32_t *base = malloc(300 * 64 * sizeof *base), got[64];
    for (size_t g = 0; g < nd; ++g) {
        if (!(d[g].techs & CXB_DIST_L))
            continue;
        cxb_dist_plan *p;
        CHECK(cxb_dist_plan_create(&p, d[g].name, CXB_DIST_LEAPFROG, seed, 0) == CXB_OK);
        plain_stream(d[g].gen, seed, 0, 300 * 64, base);
        for (size_t i = 0; i < sizeof Ns / sizeof Ns[0]; ++i) {
            uint64_t N = Ns[i];
            cxb_dist_plan_set_workers(p, N);
            const uint64_t ws[] = {0, 1, N - 1};
            for (int wi = 0; wi < 3; ++wi) {
                uint64_t w = ws[wi] % N;
                cxb_dist_draw_seq(p, 0, 0, 0, NULL); /* resets the stride to 1 ... */
                cxb_dist_plan_set_workers(p, N);     /* ... so set it again */
                switch (d[g].gen) {
#define X(name, gg, techs, lp, jump, split)                    \
    case CXB_DIST_GEN_##gg: {                                   \
        static cxb_##gg##_state s;                              \
        cxb_dist_init_##gg(&s, p, w);                           \
        for (int j = 0; j < 64; ++j)                            \
            got[j] = cxb_dist_next_##gg(&s, p);                 \
        break;                                                  \
    }
                    CXB_DIST_LIST(X)
#undef X
                default:
                    break;
                }
                for (int j = 0; j < 64; ++j)
                    CHECK_MSG(got[j] == base[w + (uint64_t)j * N], "%s leapfrog N %llu w %llu draw %d", d[g].name,
                              (unsigned long long)N, (unsigned long long)w, j);
            }
        }
        cxb_dist_plan_destroy(p);
    }
    free(base);
}

/* Requirements 2 and 4 for one generator x technique. */
static void check_decompositions(const cxb_dist_desc *d, cxb_dist_tech t, uint64_t seed)
{
    const uint64_t Ms[] = {0, 1, 7, 97};
    cxb_dist_plan *p;
    if (dist_test_plan(&p, d->name, t, seed) != CXB_OK) {
        CHECK_MSG(0, "%s %s: %s", d->name, cxb_dist_tech_names[t], cxb_last_error());
        return;
    }
    uint32_t *ref = malloc(97 * K * 4 + 4), *got = malloc(97 * K * 4 + 4), *exp = malloc(97 * K * 4 + 4);
    for (size_t mi = 0; mi < sizeof Ms / sizeof Ms[0]; ++mi) {
        /* as many tasks as the technique has streams (TinyMT32's 3 fixture sets) */
        uint64_t M = p->max_ids && Ms[mi] > p->max_ids ? p->max_ids : Ms[mi];
        for (int per_worker = 0; per_worker <= 1; ++per_worker) {
            if (per_worker && !cxb_dist_per_task(t))
                continue; /* leap frog and central are worker-bound already */
            CHECK(cxb_dist_draw_seq(p, M, K, per_worker, ref) == CXB_OK);
            if (M >= 2 && !per_worker && cxb_dist_per_task(t)) {
                char what[64];
                snprintf(what, sizeof what, "%s %s", d->name, cxb_dist_tech_names[t]);
                check_unique(what, ref, M, K);
            }
            for (int pi = 0; pi < 4; ++pi)
                for (int sched = 0; sched <= 1; ++sched) {
                    cxb_schedule sc = sched ? CXB_SCHED_STATIC : CXB_SCHED_DYNAMIC;
                    memset(got, 0, M * K * 4);
                    if (per_worker && p->max_ids && Ps[pi] > p->max_ids) {
                        /* worker ids beyond the streams: refused, not wrapped */
                        CHECK_MSG(M == 0 || cxb_dist_draw_pthreads(pools[pi], sc, p, M, K, per_worker, got) == CXB_EINPUT,
                                  "%s %s per-worker P=%u: ids beyond %llu accepted", d->name,
                                  cxb_dist_tech_names[t], Ps[pi], (unsigned long long)p->max_ids);
                        continue;
                    }
                    CHECK(cxb_dist_draw_pthreads(pools[pi], sc, p, M, K, per_worker, got) == CXB_OK);
                    uint64_t eq = tasks_equal(got, ref, M, K);
                    const char *tn = per_worker ? "per-worker" : cxb_dist_tech_names[t];
                    if (cxb_dist_per_task(t) && !per_worker) {
                        CHECK_MSG(eq == M, "%s %s P=%u %s M=%llu: %llu of %llu tasks equal seq", d->name, tn, Ps[pi],
                                  sched ? "static" : "dynamic", (unsigned long long)M, (unsigned long long)eq,
                                  (unsigned long long)M);
                    } else if (t == CXB_DIST_CENTRAL) {
                        /* the same numbers, whatever the order they went out in */
                        CHECK_MSG(same_multiset(got, ref, M * K), "%s central P=%u: numbers differ", d->name, Ps[pi]);
                        if (Ps[pi] == 1)
                            CHECK(eq == M);
                    } else if (sched) { /* leap frog / per-worker under the static schedule */
                        dist_owner o = {0, Ps[pi]};
                        CHECK(dist_expect_worker_bound(p, o, M, K, exp));
                        CHECK_MSG(memcmp(got, exp, M * K * 4) == 0, "%s %s P=%u M=%llu: not the worker binding",
                                  d->name, tn, Ps[pi], (unsigned long long)M);
                        /* ... so a changed worker count changes the numbers: leap frog every
                         * task, per-worker streams all tasks beyond worker 0's block */
                        if (Ps[pi] > 1 && M >= 7) {
                            uint64_t want = t == CXB_DIST_LEAPFROG ? 0 : M / Ps[pi];
                            CHECK_MSG(eq == want, "%s %s P=%u M=%llu: %llu tasks equal seq, expected %llu",
                                      d->name, tn, Ps[pi], (unsigned long long)M, (unsigned long long)eq,
                                      (unsigned long long)want);
                        }
                        if (Ps[pi] == 1)
                            CHECK(eq == M);
                    }
                }
        }
    }
    free(ref);
    free(got);
    free(exp);
    cxb_dist_plan_destroy(p);
}

int main(void)
{
    uint64_t seed = ((uint64_t)time(NULL) << 20) ^ (uint64_t)clock() ^ 0x9E3779B97F4A7C15ull;
    printf("seed %llu\n", (unsigned long long)seed);
    for (int i = 0; i < 4; ++i)
        if (cxb_pool_create(&pools[i], Ps[i], CXB_BIND_NONE) != CXB_OK) {
            fprintf(stderr, "pool %u: %s\n", Ps[i], cxb_last_error());
            return 1;
        }
    check_split_jump(seed);
    check_leapfrog_stepping(seed);
    size_t nd;
    const cxb_dist_desc *d = cxb_dist_descs(&nd);
    for (size_t g = 0; g < nd; ++g)
        for (int t = 0; t < CXB_DIST_NTECH; ++t)
            if (d[g].techs & CXB_DIST_BIT(t))
                check_decompositions(&d[g], (cxb_dist_tech)t, seed + g);
    /* requirement 3 for random spacing: the overlap bound of every spacing generator for
     * 2^20 streams of 2^40 numbers: below 10^-15 from a period of 2^130 on, 10^-12 from 2^124; Ranq1 and
     * Ranhash (2^64) would overlap almost surely at that size (Table 3.2 lets them pass:
     * its threshold is 2^60), and their bound is the formula's: 1 - (1 - 2^-4)^(2^20 - 1) */
    for (size_t g = 0; g < nd; ++g) {
        double q = cxb_dist_overlap_prob(1048576.0, 1099511627776.0, d[g].log2_period);
        printf("%-14s spacing overlap, 2^20 streams x 2^40: %.3g\n", d[g].name, q);
        if (d[g].log2_period >= 130)
            CHECK_MSG(q < 1e-15, "%s: %g", d[g].name, q);
        else if (d[g].log2_period >= 124) /* NR3 Ranq2, Ranlim32, TinyMT32: ~2^20 2^60 / P */
            CHECK_MSG(q < 1e-12, "%s: %g", d[g].name, q);
        else if (d[g].log2_period == 64)
            CHECK_MSG(q > 0.999999, "%s: %g", d[g].name, q);
    }
    for (int i = 0; i < 4; ++i)
        cxb_pool_destroy(pools[i]);
    CHECK_DONE();
}
