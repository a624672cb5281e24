/* impl_cuda/propagation/nccl_check.h - every NCCL call checked, as CXB_CUDA checks the runtime
 * (impl_cuda/common/check.h): a failed call becomes the one-line status
 *   "nccl: <file>:<line>: <call>: <ncclGetErrorString>"
 * with CXB_EFAIL for NCCL's invalid-argument and invalid-usage results (our bug) and
 * CXB_ERESOURCE for the rest (system, CUDA or remote errors). Included by .cu files only. */
#ifndef CXB_IMPL_CUDA_PROPAGATION_NCCL_CHECK_H
#define CXB_IMPL_CUDA_PROPAGATION_NCCL_CHECK_H

#include <nccl.h>

#include "impl_cuda/propagation/nccl_load.h"

#include "cxb/core/status.h"
#include "impl_cuda/common/check.h"

static inline cxb_status cxb_nccl_status(ncclResult_t r, const char *file, int line, const char *call)
{
    if (r == ncclSuccess)
        return CXB_OK;
    int bug = r == ncclInvalidArgument || r == ncclInvalidUsage;
    return cxb_fail(bug ? CXB_EFAIL : CXB_ERESOURCE, "nccl: %s:%d: %s: %s", cxb_cuda_short_file(file), line, call,
                    ncclGetErrorString(r));
}

#define CXB_NCCL(call) cxb_nccl_status((call), __FILE__, __LINE__, #call)
#define CXB_NCCL_TRY(call)                      \
    do {                                        \
        cxb_status cxb_nccl_st_ = CXB_NCCL(call); \
        if (cxb_nccl_st_ != CXB_OK)             \
            return cxb_nccl_st_;                \
    } while (0)

#endif
