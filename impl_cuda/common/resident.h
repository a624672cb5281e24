/* impl_cuda/common/resident.h - how many threads a GPU holds at once: the size of a grid-stride
 * grid that fills the GPU, and the yardstick of a population too small to fill it (the frnn
 * study's Circles teams, docs/studies/frnn.md "The Circles model"). Included by .cu files only. */
#ifndef CXB_IMPL_CUDA_RESIDENT_H
#define CXB_IMPL_CUDA_RESIDENT_H

#include "impl_cuda/common/check.h"

/* SMs x threads per SM of GPU `device` into *out (0 on error). */
static inline cxb_status cxb_cuda_resident_threads(int device, unsigned *out)
{
    int sms = 0, per_sm = 0;
    *out = 0;
    CXB_CUDA_TRY(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    CXB_CUDA_TRY(cudaDeviceGetAttribute(&per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, device));
    *out = (unsigned)sms * (unsigned)per_sm;
    return CXB_OK;
}

#endif
