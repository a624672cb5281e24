/* impl_cuda/common/event_timer.cu - event timer of one phase (docs/method.md);
 * see event_timer.h. */
#include "impl_cuda/common/event_timer.h"

#include <math.h>

#include "impl_cuda/common/check.h"

cxb_status cxb_event_timer_create(cxb_event_timer *tm)
{
    tm->start = tm->stop = NULL;
    tm->stream = 0;
    tm->timing = NULL;
    cxb_status st = CXB_CUDA(cudaEventCreate(&tm->start));
    if (st == CXB_OK)
        st = CXB_CUDA(cudaEventCreate(&tm->stop));
    if (st != CXB_OK)
        cxb_event_timer_destroy(tm);
    return st;
}

cxb_status cxb_event_timer_begin(cxb_event_timer *tm, cudaStream_t stream)
{
    tm->stream = stream;
    cxb_status st = cxb_timing_enqueue(tm->timing, stream);
    return st != CXB_OK ? st : CXB_CUDA(cudaEventRecord(tm->start, stream));
}

cxb_status cxb_event_timer_end(cxb_event_timer *tm, cxb_phases *ph, cxb_phase phase)
{
    float ms = 0.0f;
    CXB_CUDA_TRY(cudaEventRecord(tm->stop, tm->stream));
    CXB_CUDA_TRY(cudaEventSynchronize(tm->stop));
    CXB_CUDA_TRY(cudaEventElapsedTime(&ms, tm->start, tm->stop));
    if (ph) {
        if (ph->ns[phase] == CXB_PHASE_NA)
            ph->ns[phase] = 0;
        ph->ns[phase] += (int64_t)llround((double)ms * 1e6);
    }
    return CXB_OK;
}

void cxb_event_timer_destroy(cxb_event_timer *tm)
{
    if (tm->start)
        cudaEventDestroy(tm->start);
    if (tm->stop)
        cudaEventDestroy(tm->stop);
    tm->start = tm->stop = NULL;
}
