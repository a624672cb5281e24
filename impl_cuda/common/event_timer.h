/* impl_cuda/common/event_timer.h - CUDA events around one phase of a sample on a
 * stream (docs/method.md: h2d, kernel and d2h are timed with events on the
 * implementation's stream).
 *
 *   cxb_event_timer tm;           create once per context
 *   tm.timing = env->timing       the harness's timing handle (may stay NULL)
 *   cxb_event_timer_begin(&tm, s) records the start event on stream s, after the handle's
 *                                 armed pre-sample spin if one is pending (cxb/core/cuda.h)
 *   ... enqueue the phase's work on s ...
 *   cxb_event_timer_end(&tm, ph, CXB_PHASE_KERNEL)
 *                                 records the stop event, waits for it, and adds the
 *                                 elapsed time (ns, rounded) to ph->ns[phase]
 *                                 (a CXB_PHASE_NA entry counts as 0)
 * After end() the phase's work is complete (the call is synchronous). Every call is
 * checked (check.h). Included by .cu files only.
 */
#ifndef CXB_IMPL_CUDA_EVENT_TIMER_H
#define CXB_IMPL_CUDA_EVENT_TIMER_H

#include <cuda_runtime.h>

#include "cxb/core/cuda.h"
#include "cxb/core/status.h"
#include "cxb/core/timing.h"

typedef struct cxb_event_timer {
    cudaEvent_t start, stop; /* NULL until created */
    cudaStream_t stream;     /* of the open phase */
    cxb_timing *timing;      /* the harness's handle, or NULL: no spin queued */
} cxb_event_timer;

cxb_status cxb_event_timer_create(cxb_event_timer *tm);
cxb_status cxb_event_timer_begin(cxb_event_timer *tm, cudaStream_t stream);
/* ph may be NULL (the work is still waited for). */
cxb_status cxb_event_timer_end(cxb_event_timer *tm, cxb_phases *ph, cxb_phase phase);
void cxb_event_timer_destroy(cxb_event_timer *tm);

/* Queues the pre-sample spin armed on the harness's handle t (cxb/core/cuda.h) on `stream` if
 * it is armed and not yet queued (t may be NULL: nothing to do); a row that records its own
 * start event calls this right before it. Defined in device.cu. */
cxb_status cxb_timing_enqueue(cxb_timing *t, cudaStream_t stream);

#endif
