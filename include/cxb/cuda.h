/* cxb/cuda.h - what the host side needs to know about CUDA: is a GPU there, what is
 * it (for provenance), and the measured floor of an empty kernel. Implemented in
 * impl_cuda/common/; when cxbench is built without CUDA, impl_cpu/common/no_cuda.c
 * provides the same functions answering "no GPU", so callers need no #if.
 */
#ifndef CXB_CUDA_H
#define CXB_CUDA_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* 1 when built with CUDA, 0 otherwise. */
int cxb_cuda_built(void);

/* Number of usable GPUs (0 without CUDA, without a driver or without a device). When
 * 0, *why (if not NULL) is a one-line reason. */
int cxb_cuda_device_count(const char **why);

typedef struct cxb_gpu_info {
    char name[256];
    char uuid[64];
    char pci_bus_id[32];
    int cc_major, cc_minor;
    int sm_count;
    int l2_bytes;
    size_t mem_bytes;
    int bus_width_bits;
    int sm_clock_khz;  /* default (max) SM clock */
    int mem_clock_khz;
    int ecc;
    int driver_version;  /* cudaDriverGetVersion */
    int runtime_version; /* cudaRuntimeGetVersion */
} cxb_gpu_info;

cxb_status cxb_cuda_gpu_info(int device, cxb_gpu_info *info);

/* Median time of an empty kernel measured with events (kernel-only floor), ns. */
cxb_status cxb_cuda_empty_kernel_ns(double *ns);

/* Keeps every SM of device 0 busy for about ns nanoseconds (a spin kernel on %globaltimer),
 * then synchronises: run before each timed sample of a CUDA row so that the GPU's clocks are
 * up when the timed kernel starts, whatever the host did in between (harness.md "hot"). */
cxb_status cxb_cuda_spin(int64_t ns);

#ifdef __cplusplus
}
#endif

#endif
