/* impl_cuda/common/upload.h - one way to put a host table on the device before the work of
 * a stream reads it (the init/jump race on the H100).
 *
 *   cxb_cuda_upload(d_tab, host, bytes, stream)
 *     copies bytes from host memory to device memory, ordered before everything queued on
 *     `stream` after the call (any stream: non-blocking, or 0 for the legacy stream).
 *     On return `host` may be freed or overwritten.
 *
 * Why a helper: a cudaMemcpy on the legacy stream followed by kernels on a non-blocking
 * stream is a race (nothing orders the two streams, and a pageable cudaMemcpy may return
 * before its DMA lands), and patching each site with cudaDeviceSynchronize stalls the whole
 * device. Work on another stream too must be ordered after `stream` by the caller (an event).
 * Included by .cu files only.
 */
#ifndef CXB_IMPL_CUDA_UPLOAD_H
#define CXB_IMPL_CUDA_UPLOAD_H

#include <cuda_runtime.h>
#include <stddef.h>

#include "cxb/core/status.h"

cxb_status cxb_cuda_upload(void *dst, const void *src, size_t bytes, cudaStream_t stream);

#endif
