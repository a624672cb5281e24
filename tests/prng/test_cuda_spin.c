/* cuda_spin: the pre-sample spin queued on the timed stream (cxb/core/cuda.h, cxb_timing_arm on
 * the handle given to the row). Armed, a CUDA row's first timed phase queues it once, right before its start event: the
 * disarm says it was queued and how long it ran (at least the armed time), the kernel phase does
 * not contain it, the output is unchanged, and a second phase of the same run does not queue it
 * again. Not armed, nothing is queued; a row without the handle queues nothing. The context runs
 * on the stream it was given and leaves it to its owner. Without a GPU:
 * disarm answers 0 and the test exits 77. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cxb/core/cuda.h"
#include "cxb/core/pool.h"
#include "cxb/prng/gen.h"

#define SPIN_NS 20000000 /* 20 ms: far above the 2^20-word kernel (~10 us) it precedes */

int main(void)
{
    const char *why = NULL;
    int64_t spin = -1;
    cxb_timing timing;
    cxb_timing_init(&timing);
    if (cxb_cuda_device_count(&why) == 0) {
        cxb_timing_arm(&timing, SPIN_NS);
        CHECK(cxb_timing_disarm(&timing, &spin) == 0 && spin == 0);
        if (cxb_check_failures)
            CHECK_DONE();
        SKIP("%s", why);
    }
    cxb_pool *pool = NULL;
    CHECK(cxb_pool_create(&pool, 0, CXB_BIND_NONE) == CXB_OK);
    cxb_bulk_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.gen = CXB_RNG_ID_philox4x32;
    sp.job.seed = 99;
    sp.job.streams = 1;
    sp.job.chunk = 4;
    sp.job.n = 1u << 20;
    size_t bytes = sp.job.n * cxb_bulk_elem_bytes(&sp);
    uint32_t *ref = malloc(bytes);
    CHECK(ref != NULL);
    void *states = NULL;
    CHECK(cxb_bulk_states_create(pool, &sp, &states) == CXB_OK);
    void *work = malloc(cxb_bulk_active_streams(&sp.job) * cxb_bulk_state_bytes(&sp) + 1);
    CHECK(cxb_bulk_run_pthreads(pool, &sp, states, work, ref, NULL) == CXB_OK);
    cxb_bulk_cuda *ctx = NULL;
    CHECK_MSG(cxb_bulk_cuda_create(&ctx, &sp, states, 0, NULL, NULL) == CXB_OK, "%s", cxb_last_error());

    /* no handle given: an armed handle is not queued */
    cxb_phases ph;
    cxb_timing_arm(&timing, SPIN_NS);
    CHECK(cxb_bulk_cuda_run(ctx, &ph) == CXB_OK);
    CHECK(cxb_timing_disarm(&timing, &spin) == 0 && spin == 0);
    cxb_bulk_cuda_destroy(ctx);

    /* as the runner hands it: its own stream and the handle (cxb_cuda_exec) */
    cxb_cuda_exec ex = {NULL, &timing};
    CHECK_MSG(cxb_cuda_stream_create(&ex.stream) == CXB_OK && ex.stream, "%s", cxb_last_error());
    ctx = NULL;
    CHECK_MSG(cxb_bulk_cuda_create(&ctx, &sp, states, 0, &ex, NULL) == CXB_OK, "%s", cxb_last_error());

    /* not armed: nothing queued */
    CHECK(cxb_bulk_cuda_run(ctx, &ph) == CXB_OK);
    CHECK(cxb_timing_disarm(&timing, &spin) == 0 && spin == 0);

    for (int rep = 0; rep < 3; ++rep) {
        cxb_timing_arm(&timing, SPIN_NS);
        CHECK_MSG(cxb_bulk_cuda_run(ctx, &ph) == CXB_OK, "%s", cxb_last_error());
        int queued = cxb_timing_disarm(&timing, &spin);
        CHECK_MSG(queued == 1, "rep %d: the armed spin was not queued", rep);
        CHECK_MSG(spin >= SPIN_NS && spin < 10 * (int64_t)SPIN_NS, "rep %d: spin took %lld ns", rep, (long long)spin);
        /* the kernel phase starts after the spin: it holds the kernel alone */
        CHECK_MSG(ph.ns[CXB_PHASE_KERNEL] >= 0 && ph.ns[CXB_PHASE_KERNEL] < SPIN_NS / 4,
                  "rep %d: kernel phase %lld ns contains the spin", rep, (long long)ph.ns[CXB_PHASE_KERNEL]);
        /* the d2h phase that follows in the same run did not queue a second spin */
        CHECK_MSG(ph.ns[CXB_PHASE_D2H] < SPIN_NS / 4, "rep %d: d2h phase %lld ns", rep,
                  (long long)ph.ns[CXB_PHASE_D2H]);
        CHECK_MSG(memcmp(ref, cxb_bulk_cuda_out(ctx), bytes) == 0, "rep %d: output differs from pthreads", rep);
    }
    /* disarmed after use: the next run queues nothing */
    CHECK(cxb_bulk_cuda_run(ctx, &ph) == CXB_OK);
    CHECK(cxb_timing_disarm(&timing, &spin) == 0 && spin == 0);
    cxb_bulk_cuda_destroy(ctx); /* the stream stays the caller's: still usable after */
    void *again = NULL;
    CHECK(cxb_cuda_stream_create(&again) == CXB_OK);
    cxb_cuda_stream_destroy(again);
    cxb_cuda_stream_destroy(ex.stream);
    cxb_timing_destroy(&timing);
    cxb_pool_destroy(pool);
    free(ref);
    free(work);
    free(states);
    CHECK_DONE();
}
