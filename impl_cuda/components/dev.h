/* impl_cuda/components/dev.h - the device table of the components study's CUDA rows
 * (suites/components/device.h), defined in impl_cuda/components/dev.cu, for rows.c and the
 * CUDA tests. */
#ifndef CXB_IMPL_CUDA_COMPONENTS_DEV_H
#define CXB_IMPL_CUDA_COMPONENTS_DEV_H

#include "suites/components/device.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const cxb_cc_dev cxb_cc_cuda_dev;

#ifdef __cplusplus
}
#endif

#endif
