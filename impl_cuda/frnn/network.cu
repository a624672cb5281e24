/* impl_cuda/frnn/network.cu - the Network model's move on the device (cxb/frnn/network.h;
 * docs/studies/frnn.md "The Network model"): one thread per storage slot, the survey and the move
 * of cxb_frnn_network_move, the moved actor written at its slot. The build that precedes it is
 * the study's own (impl_cuda/frnn/dev.cu); the step's outcome does not depend on it. */
#include "cxb/frnn/network.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/frnn/network_launch.h"

namespace {

__global__ void network_kernel(cxb_frnn_network nw, const cxb_frnn_rec *__restrict__ storage,
                               const uint32_t *__restrict__ pbm, uint32_t n, uint32_t step, cxb_frnn_rec *out)
{
    uint32_t k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < n)
        out[k] = cxb_frnn_network_move(&nw, storage, pbm, storage[k], step);
}

} // namespace

cxb_status cxb_frnn_network_enqueue(const cxb_frnn_network *nw, const cxb_frnn_rec *storage, const uint32_t *pbm,
                                    uint32_t n, uint32_t step, cxb_frnn_rec *out, uint32_t block, cudaStream_t s)
{
    if (!n)
        return CXB_OK;
    network_kernel<<<(n + block - 1) / block, block, 0, s>>>(*nw, storage, pbm, n, step, out);
    return CXB_CUDA_LAUNCHED("frnn network_kernel");
}
