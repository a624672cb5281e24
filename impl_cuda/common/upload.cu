/* impl_cuda/common/upload.cu - host table to device memory, ordered on a stream; see
 * upload.h.
 *
 * The cheapest correct form is cudaMemcpyAsync on the consumer's own stream: the copy is
 * then ordered before that stream's later kernels by stream order alone, with no device-wide
 * synchronisation (CUDA Runtime API, "API synchronization behavior"). From pageable memory
 * (malloc, the tables here) the call returns only once the source has been staged into the
 * driver's pinned buffers, so the caller may free it at once. From pinned memory the DMA
 * reads the source later: there we wait for the stream, so that the contract "src is free
 * on return" holds for every source and no caller has to know how its buffer was made.
 */
#include "impl_cuda/common/upload.h"

#include "impl_cuda/common/check.h"

cxb_status cxb_cuda_upload(void *dst, const void *src, size_t bytes, cudaStream_t stream)
{
    if (bytes == 0)
        return CXB_OK;
    cudaPointerAttributes a;
    CXB_CUDA_TRY(cudaPointerGetAttributes(&a, src));
    CXB_CUDA_TRY(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyHostToDevice, stream));
    if (a.type != cudaMemoryTypeUnregistered) /* pinned or managed: read after we return */
        CXB_CUDA_TRY(cudaStreamSynchronize(stream));
    return CXB_OK;
}
