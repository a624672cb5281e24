/* impl_cpu/common/no_cuda.c - include/cxb/core/cuda.h and the CUDA part of include/cxb/prng/lf24.h
 * for a build without CUDA: every function answers "no GPU" (ARCHITECTURE.md: an
 * optional dependency's absence is one file, not #if in the callers).
 *
 * CMakeLists.txt compiles this file only when CUDA is OFF; it is the one file that
 * knows CUDA is absent.
 */
#include <stddef.h>

#include "cxb/core/cuda.h"
#include "cxb/prng/lf24.h"
#include "cxb/prng/gen.h"

#define CXB_NO_CUDA_WHY "built without CUDA"

static cxb_status no_cuda(void) { return cxb_fail(CXB_ERESOURCE, "cuda: " CXB_NO_CUDA_WHY); }

int cxb_cuda_built(void) { return 0; }

int cxb_cuda_device_count(const char **why)
{
    if (why)
        *why = CXB_NO_CUDA_WHY;
    return 0;
}

cxb_status cxb_cuda_gpu_info(int device, cxb_gpu_info *info)
{
    (void)device;
    (void)info;
    return no_cuda();
}

cxb_status cxb_cuda_empty_kernel_ns(double *ns)
{
    (void)ns;
    return no_cuda();
}

cxb_status cxb_cuda_spin(int64_t ns)
{
    (void)ns;
    return no_cuda();
}

void cxb_timing_init(cxb_timing *t)
{
    t->spin_ns = -1;
    t->queued = 0;
    t->ev[0] = t->ev[1] = NULL;
}

void cxb_timing_arm(cxb_timing *t, int64_t ns)
{
    t->spin_ns = ns > 0 ? ns : 0;
    t->queued = 0;
}

int cxb_timing_disarm(cxb_timing *t, int64_t *spin_ns)
{
    if (spin_ns)
        *spin_ns = 0;
    t->spin_ns = -1;
    t->queued = 0;
    return 0;
}

void cxb_timing_destroy(cxb_timing *t) { (void)t; }

cxb_status cxb_lf24_cuda_create(cxb_lf24_cuda **ctx, const cxb_lf24_job *job,
                                cxb_lf24_cuda_variant variant, cxb_lf24_carry_mode carry,
                                unsigned block, cxb_phases *setup)
{
    (void)job;
    (void)variant;
    (void)carry;
    (void)block;
    if (ctx)
        *ctx = NULL;
    if (setup)
        cxb_phases_clear(setup);
    return no_cuda();
}

cxb_status cxb_lf24_cuda_reset(cxb_lf24_cuda *ctx)
{
    (void)ctx;
    return no_cuda();
}

cxb_status cxb_lf24_cuda_run(cxb_lf24_cuda *ctx, cxb_phases *ph)
{
    (void)ctx;
    (void)ph;
    return no_cuda();
}

const uint32_t *cxb_lf24_cuda_out(const cxb_lf24_cuda *ctx)
{
    (void)ctx;
    return NULL;
}

const double *cxb_lf24_cuda_sums(const cxb_lf24_cuda *ctx)
{
    (void)ctx;
    return NULL;
}

void cxb_lf24_cuda_destroy(cxb_lf24_cuda *ctx) { (void)ctx; }
void cxb_lf24_cuda_set_timing(cxb_lf24_cuda *ctx, struct cxb_timing *timing)
{
    (void)ctx;
    (void)timing;
}

cxb_status cxb_store_cuda_create(cxb_store_cuda **ctx, uint64_t n, unsigned blocks_per_sm)
{
    (void)n;
    (void)blocks_per_sm;
    if (ctx)
        *ctx = NULL;
    return no_cuda();
}

cxb_status cxb_store_cuda_run(cxb_store_cuda *ctx, cxb_phases *ph)
{
    (void)ctx;
    (void)ph;
    return no_cuda();
}

const uint32_t *cxb_store_cuda_out(const cxb_store_cuda *ctx)
{
    (void)ctx;
    return NULL;
}

void cxb_store_cuda_destroy(cxb_store_cuda *ctx) { (void)ctx; }
void cxb_store_cuda_set_timing(cxb_store_cuda *ctx, struct cxb_timing *timing)
{
    (void)ctx;
    (void)timing;
}

cxb_status cxb_bulk_cuda_create(cxb_bulk_cuda **ctx, const cxb_bulk_spec *spec, const void *states,
                                unsigned spm, cxb_phases *setup)
{
    (void)spec;
    (void)states;
    (void)spm;
    if (ctx)
        *ctx = NULL;
    if (setup)
        cxb_phases_clear(setup);
    return no_cuda();
}

cxb_status cxb_bulk_cuda_run(cxb_bulk_cuda *ctx, cxb_phases *ph)
{
    (void)ctx;
    (void)ph;
    return no_cuda();
}

const void *cxb_bulk_cuda_out(const cxb_bulk_cuda *ctx)
{
    (void)ctx;
    return NULL;
}

const double *cxb_bulk_cuda_sums(const cxb_bulk_cuda *ctx)
{
    (void)ctx;
    return NULL;
}

void cxb_bulk_cuda_destroy(cxb_bulk_cuda *ctx) { (void)ctx; }
void cxb_bulk_cuda_set_timing(cxb_bulk_cuda *ctx, struct cxb_timing *timing)
{
    (void)ctx;
    (void)timing;
}
