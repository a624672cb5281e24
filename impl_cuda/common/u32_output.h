/* impl_cuda/common/u32_output.h - the plumbing every bulk generator kernel shares: n uint32
 * in device memory and a pinned host copy, the harness's stream and timing handle (ex, NULL for
 * the default stream), an event timer, and a
 * grid of min(ceil(n / 4 / block), SMs x blocks_per_sm) blocks for a grid-stride loop
 * over 16-byte groups (the store ceiling's launch shape, so generators and the ceiling
 * are compared like for like).
 *
 *   cxb_u32_output o;  cxb_u32_output_create(&o, n, block, per_sm, "prng.x.cuda", ex)
 *   each sample:       cxb_u32_output_begin(&o, ph)     kernel phase opens
 *                      my_kernel<<<o.grid, block, 0, o.stream>>>(o.d_out, ...)
 *                      cxb_u32_output_finish(&o, ph, "my_kernel")
 *                         checks the launch, closes the kernel phase, copies d2h (timed)
 *   then o.h_out holds the n outputs;  cxb_u32_output_destroy(&o)
 * Included by .cu files only.
 */
#ifndef CXB_IMPL_CUDA_U32_OUTPUT_H
#define CXB_IMPL_CUDA_U32_OUTPUT_H

#include <cuda_runtime.h>
#include <stdint.h>

#include "cxb/core/status.h"
#include "cxb/core/timing.h"
#include "impl_cuda/common/event_timer.h"

typedef struct cxb_u32_output {
    uint64_t n;
    unsigned grid;
    cudaStream_t stream; /* the harness's (not owned) */
    cxb_event_timer tm;
    uint32_t *d_out, *h_out;
} cxb_u32_output;

/* who names the implementation in error messages. On an error everything is released. */
cxb_status cxb_u32_output_create(cxb_u32_output *o, uint64_t n, unsigned block, unsigned blocks_per_sm,
                                 const char *who, const cxb_cuda_exec *ex);
cxb_status cxb_u32_output_begin(cxb_u32_output *o, cxb_phases *ph);
cxb_status cxb_u32_output_finish(cxb_u32_output *o, cxb_phases *ph, const char *kernel);
void cxb_u32_output_destroy(cxb_u32_output *o);

#endif
