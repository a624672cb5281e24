/* impl_cpu/common/no_curand.c - the cuRAND peer rows of include/cxb/prng/lf24.h for a build
 * without cuRAND (no CUDA, or a CUDA toolkit without libcurand): every function answers
 * "not built", so prng.<gen>.curand is listed as unavailable and the rest runs.
 * CMakeLists.txt compiles this file exactly when impl_cuda/prng/curand.cu is left out. */
#include <stddef.h>

#include "cxb/prng/lf24.h"

static cxb_status no_curand(void) { return cxb_fail(CXB_ERESOURCE, "cuRAND: built without cuRAND"); }

cxb_status cxb_curand_cuda_create(cxb_curand_cuda **ctx, cxb_curand_gen gen, cxb_curand_ordering ordering,
                                  uint64_t seed, uint64_t n, cxb_curand_type type)
{
    (void)type;
    (void)gen;
    (void)ordering;
    (void)seed;
    (void)n;
    if (ctx)
        *ctx = NULL;
    return no_curand();
}

cxb_status cxb_curand_cuda_reset(cxb_curand_cuda *ctx)
{
    (void)ctx;
    return no_curand();
}

cxb_status cxb_curand_cuda_run(cxb_curand_cuda *ctx, cxb_phases *ph)
{
    (void)ctx;
    (void)ph;
    return no_curand();
}

const uint32_t *cxb_curand_cuda_out(const cxb_curand_cuda *ctx)
{
    (void)ctx;
    return NULL;
}

void cxb_curand_cuda_destroy(cxb_curand_cuda *ctx) { (void)ctx; }
void cxb_curand_cuda_set_timing(cxb_curand_cuda *ctx, struct cxb_timing *timing)
{
    (void)ctx;
    (void)timing;
}
