/* impl_cuda/common/u32_output.cu - see u32_output.h. */
#include <string.h>

#include "cxb/core/cuda.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/common/u32_output.h"

void cxb_u32_output_destroy(cxb_u32_output *o)
{
    if (o->stream)
        cudaStreamSynchronize(o->stream);
    if (o->d_out)
        cudaFree(o->d_out);
    if (o->h_out)
        cudaFreeHost(o->h_out);
    cxb_event_timer_destroy(&o->tm);
    memset(o, 0, sizeof *o);
}

cxb_status cxb_u32_output_create(cxb_u32_output *o, uint64_t n, unsigned block, unsigned blocks_per_sm,
                                 const char *who, const cxb_cuda_exec *ex)
{
    memset(o, 0, sizeof *o);
    o->stream = ex ? (cudaStream_t)ex->stream : 0;
    const char *why = "";
    if (cxb_cuda_device_count(&why) == 0)
        return cxb_fail(CXB_ERESOURCE, "%s: %s", who, why);
    if (n > SIZE_MAX / sizeof(uint32_t))
        return cxb_fail(CXB_ERESOURCE, "%s: n = %llu does not fit in memory", who, (unsigned long long)n);
    o->n = n;
    cxb_status st;
    int dev = 0, sms = 1;
    size_t bytes = (size_t)n * sizeof(uint32_t);
    if ((st = CXB_CUDA(cudaGetDevice(&dev))) != CXB_OK ||
        (st = CXB_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev))) != CXB_OK ||
        (st = cxb_event_timer_create(&o->tm)) != CXB_OK)
        goto fail;
    o->tm.timing = ex ? ex->timing : NULL;
    if (bytes > 0 &&
        ((st = CXB_CUDA_ALLOC(cudaMalloc((void **)&o->d_out, bytes), bytes)) != CXB_OK ||
         (st = CXB_CUDA_HOSTALLOC(cudaMallocHost((void **)&o->h_out, bytes), bytes)) != CXB_OK))
        goto fail;
    {
        uint64_t groups = (n / 4u + block - 1u) / block;
        uint64_t grid = (uint64_t)sms * blocks_per_sm;
        o->grid = (unsigned)(groups < grid ? (groups > 0 ? groups : 1u) : grid);
    }
    return CXB_OK;
fail:
    cxb_u32_output_destroy(o);
    return st;
}

cxb_status cxb_u32_output_begin(cxb_u32_output *o, cxb_phases *ph)
{
    if (ph)
        ph->ns[CXB_PHASE_KERNEL] = ph->ns[CXB_PHASE_D2H] = CXB_PHASE_NA;
    return cxb_event_timer_begin(&o->tm, o->stream);
}

cxb_status cxb_u32_output_finish(cxb_u32_output *o, cxb_phases *ph, const char *kernel)
{
    cxb_status st;
    if (o->n > 0 && (st = CXB_CUDA_LAUNCHED(kernel)) != CXB_OK)
        return st;
    if ((st = cxb_event_timer_end(&o->tm, ph, CXB_PHASE_KERNEL)) != CXB_OK ||
        (st = cxb_event_timer_begin(&o->tm, o->stream)) != CXB_OK)
        return st;
    if (o->n > 0)
        CXB_CUDA_TRY(cudaMemcpyAsync(o->h_out, o->d_out, (size_t)o->n * sizeof(uint32_t),
                                     cudaMemcpyDeviceToHost, o->stream));
    return cxb_event_timer_end(&o->tm, ph, CXB_PHASE_D2H);
}
