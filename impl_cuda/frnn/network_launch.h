/* impl_cuda/frnn/network_launch.h - the Network model's move kernel (impl_cuda/frnn/network.cu)
 * for the device table of impl_cuda/frnn/dev.cu. Included by .cu files only. */
#ifndef CXB_IMPL_CUDA_FRNN_NETWORK_LAUNCH_H
#define CXB_IMPL_CUDA_FRNN_NETWORK_LAUNCH_H

#include <cuda_runtime.h>

#include "cxb/core/status.h"
#include "cxb/frnn/network.h"

/* Queues one step's move on stream s: out[k] = cxb_frnn_network_move(nw, storage, pbm,
 * storage[k], step) for k < n (nw's dst and len device pointers), in blocks of `block`. */
cxb_status cxb_frnn_network_enqueue(const cxb_frnn_network *nw, const cxb_frnn_rec *storage, const uint32_t *pbm,
                                    uint32_t n, uint32_t step, cxb_frnn_rec *out, uint32_t block, cudaStream_t s);

#endif
