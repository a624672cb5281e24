/* impl_cuda/frnn/dev.h - the device table of the frnn study's CUDA rows (suites/frnn/device.h),
 * defined in impl_cuda/frnn/dev.cu, for rows.c and the CUDA tests. */
#ifndef CXB_IMPL_CUDA_FRNN_DEV_H
#define CXB_IMPL_CUDA_FRNN_DEV_H

#include "suites/frnn/device.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const cxb_frnn_dev cxb_frnn_cuda_dev;
extern const cxb_frnn_fgpu2_dev cxb_frnn_fgpu2_cuda_dev; /* impl_cuda/frnn/fgpu2style.cu */

#ifdef __cplusplus
}
#endif

#endif
