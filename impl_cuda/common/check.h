/* impl_cuda/common/check.h - every CUDA runtime call and kernel launch is checked
 * (docs/architecture.md "Errors are values"; docs/method.md).
 *
 * A failed call becomes a cxb_status with the one-line message
 *   "cuda: <file>:<line>: <call>: <cudaGetErrorString>"
 * and no print, no exit. Classification:
 *   cudaErrorMemoryAllocation         CXB_ERESOURCE "cuda: out of device memory (N bytes requested)"
 *                                     (CXB_CUDA_ALLOC: device; CXB_CUDA_HOSTALLOC: pinned host)
 *   errors that can only be our bug   CXB_EFAIL  (invalid value/configuration/handle, illegal or
 *                                     misaligned address, launch failure, ...)
 *   everything else                   CXB_ERESOURCE (no GPU, no driver, driver too old, GPU broken)
 *
 * Use:
 *   if ((st = CXB_CUDA(cudaMemcpyAsync(...))) != CXB_OK) goto fail;
 *   kernel<<<g, b, 0, s>>>(...);
 *   if ((st = CXB_CUDA_LAUNCHED("kernel")) != CXB_OK) goto fail;
 * CXB_CUDA_TRY(call) returns the status from the enclosing function.
 * Included by .cu files only (it needs the CUDA runtime).
 */
#ifndef CXB_IMPL_CUDA_CHECK_H
#define CXB_IMPL_CUDA_CHECK_H

#include <cuda_runtime.h>
#include <stddef.h>

#include "cxb/core/status.h"

/* Errors that a correct program cannot provoke on a working GPU. */
static inline int cxb_cuda_error_is_bug(cudaError_t e)
{
    switch (e) {
    case cudaErrorInvalidValue:
    case cudaErrorInvalidConfiguration:
    case cudaErrorInvalidPitchValue:
    case cudaErrorInvalidSymbol:
    case cudaErrorInvalidDevicePointer:
    case cudaErrorInvalidMemcpyDirection:
    case cudaErrorInvalidResourceHandle:
    case cudaErrorIllegalAddress:
    case cudaErrorMisalignedAddress:
    case cudaErrorInvalidAddressSpace:
    case cudaErrorInvalidPc:
    case cudaErrorLaunchFailure:
    case cudaErrorIllegalInstruction:
    case cudaErrorHardwareStackError:
    case cudaErrorLaunchOutOfResources:
    case cudaErrorAssert:
        return 1;
    default:
        return 0;
    }
}

/* __FILE__ from the repository root on ("impl_cuda/prng/lf24.cu"), not the build's absolute path. */
static inline const char *cxb_cuda_short_file(const char *file)
{
    const char *best = file;
    for (const char *p = file; *p; ++p)
        if (p[0] == 'i' && p[1] == 'm' && p[2] == 'p' && p[3] == 'l' && p[4] == '_' &&
            (p == file || p[-1] == '/'))
            best = p;
    return best;
}

static inline cxb_status cxb_cuda_status(cudaError_t e, const char *file, int line,
                                         const char *call)
{
    if (e == cudaSuccess)
        return CXB_OK;
    (void)cudaGetLastError(); /* clears a non-sticky error so later calls are not blamed */
    return cxb_fail(cxb_cuda_error_is_bug(e) ? CXB_EFAIL : CXB_ERESOURCE, "cuda: %s:%d: %s: %s",
                    cxb_cuda_short_file(file), line, call, cudaGetErrorString(e));
}

/* An allocation: running out is a missing resource with the size in the message. */
static inline cxb_status cxb_cuda_alloc_status(cudaError_t e, size_t bytes, int host,
                                               const char *file, int line, const char *call)
{
    if (e == cudaErrorMemoryAllocation) {
        (void)cudaGetLastError();
        return cxb_fail(CXB_ERESOURCE, "cuda: out of %s memory (%zu bytes requested)",
                        host ? "pinned host" : "device", bytes);
    }
    return cxb_cuda_status(e, file, line, call);
}

#define CXB_CUDA(call) cxb_cuda_status((call), __FILE__, __LINE__, #call)
#define CXB_CUDA_ALLOC(call, bytes) cxb_cuda_alloc_status((call), (bytes), 0, __FILE__, __LINE__, #call)
#define CXB_CUDA_HOSTALLOC(call, bytes) \
    cxb_cuda_alloc_status((call), (bytes), 1, __FILE__, __LINE__, #call)
/* After a <<<...>>> launch: configuration errors now, execution errors at the next sync. */
#define CXB_CUDA_LAUNCHED(name) cxb_cuda_status(cudaGetLastError(), __FILE__, __LINE__, name)

#define CXB_CUDA_TRY(call)                     \
    do {                                       \
        cxb_status cxb_try_st_ = CXB_CUDA(call); \
        if (cxb_try_st_ != CXB_OK)             \
            return cxb_try_st_;                \
    } while (0)

#endif
