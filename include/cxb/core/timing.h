/* cxb/core/timing.h - the phases of one timed sample (docs/method.md) and the CPU clock.
 *
 * An implementation's run function fills the phases it has; the others stay
 * CXB_PHASE_NA and are written as empty CSV cells. The harness itself measures
 * wall_ns (host CLOCK_MONOTONIC) and cpu_ns (CLOCK_PROCESS_CPUTIME_ID).
 */
#ifndef CXB_TIMING_H
#define CXB_TIMING_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cxb_phase {
    CXB_PHASE_ALLOC,
    CXB_PHASE_H2D,
    CXB_PHASE_KERNEL,
    CXB_PHASE_D2H,
    CXB_PHASE_FREE,
    CXB_PHASE_RNG,
    CXB_PHASE_SYNC,
    CXB_PHASE_TRANSFER,
    CXB_PHASE_COUNT
} cxb_phase;

#define CXB_PHASE_NA (-1)

typedef struct cxb_phases {
    int64_t ns[CXB_PHASE_COUNT];
} cxb_phases;

/* Column names of the phases in samples.csv, in enum order ("alloc_ns", ...). */
extern const char *const cxb_phase_names[CXB_PHASE_COUNT];

void cxb_phases_clear(cxb_phases *ph);

/* CLOCK_MONOTONIC and CLOCK_PROCESS_CPUTIME_ID in nanoseconds. */
int64_t cxb_clock_ns(void);
int64_t cxb_cpu_clock_ns(void);

#ifdef __cplusplus
}
#endif

#endif
