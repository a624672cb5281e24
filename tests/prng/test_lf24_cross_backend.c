/* prng_lf24_cross_backend: seq and pthreads (1, 2, 3, 8 threads, dynamic pool) give the
 * same outputs bit for bit, in store and sum modes, for fresh random seeds and the edge
 * cases (no output, one output, fewer outputs than streams, one stream, r = 1021); and a
 * stream's numbers do not depend on the layout (slice vs interleave) - the property the
 * CUDA backends rely on. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/core/pool.h"
#include "cxb/prng/lf24.h"

static void run(const cxb_lf24_job *job, cxb_pool *pool, uint32_t *out, double *sums)
{
    uint32_t *tables;
    CHECK(cxb_lf24_tables_create(job, &tables) == CXB_OK);
    if (pool)
        CHECK(cxb_lf24_run_pthreads(pool, job, tables, out, sums) == CXB_OK);
    else
        CHECK(cxb_lf24_run_seq(job, tables, out, sums) == CXB_OK);
    free(tables);
}

static void check_job(cxb_lf24_job job, cxb_pool **pools, int npools)
{
    size_t n = job.n ? job.n : 1;
    uint32_t *ref = malloc(n * 4), *got = malloc(n * 4);
    double *rs = malloc(job.streams * 8), *gs = malloc(job.streams * 8);
    for (int mode = 0; mode < 2; ++mode) {
        job.mode = mode ? CXB_LF24_SUM : CXB_LF24_STORE;
        memset(ref, 0xAB, n * 4); /* poisoned: every output must be written */
        run(&job, NULL, ref, rs);
        for (int p = 0; p < npools; ++p) {
            memset(got, 0xCD, n * 4);
            run(&job, pools[p], got, gs);
            if (mode == 0)
                CHECK_MSG(memcmp(ref, got, job.n * 4) == 0, "store n=%llu T=%llu r=%u pool %d",
                          (unsigned long long)job.n, (unsigned long long)job.streams, job.r, p);
            else
                CHECK_MSG(memcmp(rs, gs, job.streams * 8) == 0, "sum n=%llu T=%llu pool %d",
                          (unsigned long long)job.n, (unsigned long long)job.streams, p);
        }
        if (mode == 0)
            for (uint64_t i = 0; i < job.n; ++i)
                if (ref[i] > CXB_LF24_MASK) {
                    CHECK_MSG(0, "output %llu not written or not 24-bit", (unsigned long long)i);
                    break;
                }
    }
    /* layout independence: stream t's k-th output is the same in both layouts */
    job.mode = CXB_LF24_STORE;
    run(&job, NULL, ref, NULL); /* the sum pass above poisoned ref again */
    cxb_lf24_job inter = job;
    inter.layout = CXB_LF24_INTERLEAVE;
    run(&inter, NULL, got, NULL);
    for (uint64_t t = 0; t < job.streams; ++t) {
        uint64_t cs = cxb_lf24_job_count(&job, t), ci = cxb_lf24_job_count(&inter, t);
        for (uint64_t k = 0; k < cs && k < ci; ++k)
            if (ref[cxb_lf24_job_pos(&job, t, k)] != got[cxb_lf24_job_pos(&inter, t, k)]) {
                CHECK_MSG(0, "stream %llu output %llu differs between layouts",
                          (unsigned long long)t, (unsigned long long)k);
                t = job.streams;
                break;
            }
    }
    /* tables seeded on a pool are the serial ones, bit for bit */
    uint32_t *ts, *tp;
    CHECK(cxb_lf24_tables_create(&job, &ts) == CXB_OK);
    for (int p = 0; p < npools; ++p) {
        CHECK(cxb_lf24_tables_create_pthreads(pools[p], &job, &tp) == CXB_OK);
        CHECK_MSG(memcmp(ts, tp, (size_t)job.streams * job.r * 4) == 0, "pool-seeded tables, pool %d", p);
        free(tp);
    }
    free(ts);
    /* the counts of a layout cover [0, n) exactly */
    uint64_t total = 0;
    for (uint64_t t = 0; t < job.streams; ++t)
        total += cxb_lf24_job_count(&inter, t);
    CHECK(total == job.n);
    free(ref);
    free(got);
    free(rs);
    free(gs);
}

int main(void)
{
    unsigned threads[] = {1, 2, 3, 8};
    cxb_pool *pools[4];
    for (int i = 0; i < 4; ++i)
        CHECK(cxb_pool_create(&pools[i], threads[i], CXB_BIND_NONE) == CXB_OK);
    srand((unsigned)time(NULL));
    uint64_t seed = ((uint64_t)rand() << 31) ^ (uint64_t)rand();
    printf("seed %llu\n", (unsigned long long)seed);
    struct {
        uint64_t n, T;
        uint32_t r;
    } cases[] = {{0, 5, 97}, {1, 1, 97}, {1, 7, 97}, {6, 7, 97}, {100, 1, 97},
                 {1000, 300, 97}, {65537, 13, 97}, {20000, 8, 1021}, {1 << 18, 300, 97}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        cxb_lf24_job job = {seed + i, cases[i].r, cxb_lf24_default_s(cases[i].r), cases[i].T,
                            cases[i].n, CXB_LF24_SLICE, CXB_LF24_STORE};
        check_job(job, pools, 4);
    }
    for (int i = 0; i < 4; ++i)
        cxb_pool_destroy(pools[i]);
    CHECK_DONE();
}
