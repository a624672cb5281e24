/* Host clocks and the phase record of a sample (docs/method.md). */
#define _POSIX_C_SOURCE 200809L
#include "cxb/core/timing.h"

#include <time.h>

const char *const cxb_phase_names[CXB_PHASE_COUNT] = {
    "alloc_ns", "h2d_ns", "kernel_ns", "d2h_ns", "free_ns", "rng_ns", "sync_ns", "transfer_ns"};

void cxb_phases_clear(cxb_phases *ph)
{
    for (int i = 0; i < CXB_PHASE_COUNT; ++i)
        ph->ns[i] = CXB_PHASE_NA;
}

static int64_t clock_read(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int64_t cxb_clock_ns(void) { return clock_read(CLOCK_MONOTONIC); }

int64_t cxb_cpu_clock_ns(void) { return clock_read(CLOCK_PROCESS_CPUTIME_ID); }
