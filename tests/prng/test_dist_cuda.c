/* prng_dist_cuda: requirement 4 on the GPU (docs/studies/prng.md): for every generator x
 * technique of CXB_DIST_LIST and the launch shapes (blocks x threads) 1x32, 3x96, 4x128,
 * 132x256, 1000x100 (none divides the 1000 tasks evenly or they exceed it), each task's
 * K outputs equal the sequential driver's for split, spacing, param, counter (per-task
 * streams); leap frog (stride T = blocks x threads) and per-worker streams equal exactly
 * what the grid-stride binding predicts (thread t runs tasks t, t + T, ...), so they
 * differ from seq; the central server (atomic counter into Philox/Threefry) hands out
 * exactly the reference's numbers, and since a warp's 32 lanes take their numbers in one
 * atomic, no task keeps the sequential run's. Stateful generators refuse the central
 * server on CUDA (Ranhash, counter-based, serves it like Philox). Parameterisation by DC
 * sets runs as many tasks as there are sets (MTGP32: 200 toolkit sets, on a thread-scope
 * fallback kernel; TinyMT32: the 3 sets of tests/prng/data/tinymt32dc.head.txt), and a task
 * beyond the sets is refused. Without a GPU: the "no GPU" answer, exit 77. */
#include <stdio.h>
#include <time.h>

#include "check.h"
#include "cxb/core/cuda.h"
#include "dist_expect.h"
#include "dist_fixture.h"

#define MAXM 1000
#define K 128

int main(void)
{
    const char *why = NULL;
    cxb_dist_plan *p = NULL;
    CHECK(cxb_dist_plan_create(&p, "philox4x32", CXB_DIST_SPLIT, 1, 0) == CXB_OK);
    if (cxb_cuda_device_count(&why) == 0) {
        uint32_t out[4];
        CHECK(cxb_dist_draw_cuda(p, 1, 32, 1, 4, 0, out) == CXB_ERESOURCE);
        cxb_dist_plan_destroy(p);
        if (cxb_check_failures)
            CHECK_DONE();
        SKIP("%s", why);
    }
    CHECK(cxb_dist_draw_cuda(p, 0, 32, 1, 4, 0, NULL) == CXB_EINPUT);
    cxb_dist_plan_destroy(p);
    uint64_t seed = ((uint64_t)time(NULL) << 20) ^ 0xD1B54A32D192ED03ull;
    printf("seed %llu\n", (unsigned long long)seed);
    const unsigned shapes[][2] = {{1, 32}, {3, 96}, {4, 128}, {132, 256}, {1000, 100}};
    uint32_t *ref = malloc(MAXM * K * 4), *got = malloc(MAXM * K * 4), *exp = malloc(MAXM * K * 4);
    size_t nd;
    const cxb_dist_desc *d = cxb_dist_descs(&nd);
    for (size_t g = 0; g < nd; ++g)
        for (int t = 0; t < CXB_DIST_NTECH; ++t) {
            if (!(d[g].techs & CXB_DIST_BIT(t)))
                continue;
            CHECK(dist_test_plan(&p, d[g].name, (cxb_dist_tech)t, seed + g) == CXB_OK);
            /* param by DC sets: as many tasks as sets (MTGP32 200, the TinyMT32 fixture 3) */
            const uint64_t M = p->max_ids && p->max_ids < MAXM ? p->max_ids : MAXM;
            if (M < MAXM)
                CHECK_MSG(cxb_dist_draw_cuda(p, 1, 32, M + 1, K, 0, got) == CXB_EINPUT, "%s %s: task %llu accepted",
                          d[g].name, cxb_dist_tech_names[t], (unsigned long long)M);
            for (int per_worker = 0; per_worker <= cxb_dist_per_task((cxb_dist_tech)t); ++per_worker) {
                const char *tn = per_worker ? "per-worker" : cxb_dist_tech_names[t];
                CHECK(cxb_dist_draw_seq(p, M, K, per_worker, ref) == CXB_OK);
                for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s) {
                    unsigned B = shapes[s][0], T = shapes[s][1];
                    cxb_status st = cxb_dist_draw_cuda(p, B, T, M, K, per_worker, got);
                    if (t == CXB_DIST_CENTRAL && d[g].kind != CXB_RNG_COUNTER) {
                        CHECK_MSG(st == CXB_EINPUT, "%s central on cuda accepted", d[g].name);
                        continue;
                    }
                    CHECK_MSG(st == CXB_OK, "%s %s %ux%u: %s", d[g].name, tn, B, T, cxb_last_error());
                    if (st != CXB_OK)
                        continue;
                    uint64_t eq = tasks_equal(got, ref, M, K);
                    printf("%-13s %-10s %4ux%-4u %4llu/%llu tasks equal seq\n", d[g].name, tn, B, T,
                           (unsigned long long)eq, (unsigned long long)M);
                    if (cxb_dist_per_task((cxb_dist_tech)t) && !per_worker) {
                        CHECK_MSG(eq == M, "%s %s %ux%u", d[g].name, tn, B, T);
                    } else if (t == CXB_DIST_CENTRAL) {
                        CHECK_MSG(same_multiset(got, ref, (uint64_t)M * K), "%s central %ux%u", d[g].name, B, T);
                        CHECK_MSG(eq == 0, "%s central %ux%u: %llu tasks kept seq's numbers", d[g].name, B, T,
                                  (unsigned long long)eq);
                    } else {
                        dist_owner o = {1, (uint64_t)B * T};
                        CHECK(dist_expect_worker_bound(p, o, M, K, exp));
                        CHECK_MSG(memcmp(got, exp, (size_t)M * K * 4) == 0, "%s %s %ux%u: not the grid binding",
                                  d[g].name, tn, B, T);
                        /* leap frog: no task keeps seq's numbers; per-worker: only thread 0's first task */
                        CHECK_MSG(eq == (t == CXB_DIST_LEAPFROG ? 0u : 1u), "%s %s %ux%u: %llu equal", d[g].name,
                                  tn, B, T, (unsigned long long)eq);
                    }
                }
            }
            cxb_dist_plan_destroy(p);
        }
    free(ref);
    free(got);
    free(exp);
    CHECK_DONE();
}
