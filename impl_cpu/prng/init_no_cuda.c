/* impl_cpu/prng/init_no_cuda.c - cxb/prng/init.h for a build without CUDA: every function
 * answers "no GPU" (the one place that knows; impl_cuda/prng/init.cu is the real one).
 * CMakeLists.txt compiles every impl_cpu file, so the stub is the one #if of this feature. */
#include "cxb/config.h"

#if !CXB_HAVE_CUDA
#include <stddef.h>

#include "cxb/prng/init.h"

cxb_status cxb_init_cuda_create(cxb_init_cuda **ctx, cxb_init_gen gen, cxb_init_method method, uint64_t seed,
                                uint64_t threads, uint64_t k, cxb_phases *setup)
{
    (void)gen;
    (void)method;
    (void)seed;
    (void)threads;
    (void)k;
    *ctx = NULL;
    if (setup)
        cxb_phases_clear(setup);
    return cxb_fail(CXB_ERESOURCE, "prng init: built without CUDA");
}

cxb_status cxb_init_cuda_run(cxb_init_cuda *ctx, cxb_phases *ph)
{
    (void)ctx;
    (void)ph;
    return cxb_fail(CXB_ERESOURCE, "prng init: built without CUDA");
}

cxb_status cxb_init_cuda_states(const cxb_init_cuda *ctx, uint64_t first, uint64_t count, uint64_t step,
                                uint32_t *words)
{
    (void)ctx;
    (void)first;
    (void)count;
    (void)step;
    (void)words;
    return cxb_fail(CXB_ERESOURCE, "prng init: built without CUDA");
}

cxb_status cxb_init_cuda_outputs(const cxb_init_cuda *ctx, uint64_t tid, uint32_t *out)
{
    (void)ctx;
    (void)tid;
    (void)out;
    return cxb_fail(CXB_ERESOURCE, "prng init: built without CUDA");
}

void cxb_init_cuda_destroy(cxb_init_cuda *ctx) { (void)ctx; }
void cxb_init_cuda_set_timing(cxb_init_cuda *ctx, struct cxb_timing *timing)
{
    (void)ctx;
    (void)timing;
}

cxb_status cxb_jump_cuda_create(cxb_jump_cuda **ctx, cxb_jump_method method, uint64_t seed, uint64_t threads,
                                const uint64_t distance[4])
{
    (void)method;
    (void)seed;
    (void)threads;
    (void)distance;
    *ctx = NULL;
    return cxb_fail(CXB_ERESOURCE, "prng jump: built without CUDA");
}

cxb_status cxb_jump_cuda_run(cxb_jump_cuda *ctx, cxb_phases *ph)
{
    (void)ctx;
    (void)ph;
    return cxb_fail(CXB_ERESOURCE, "prng jump: built without CUDA");
}

cxb_status cxb_jump_cuda_states(const cxb_jump_cuda *ctx, uint64_t first, uint64_t count, uint64_t step,
                                uint32_t *words)
{
    (void)ctx;
    (void)first;
    (void)count;
    (void)step;
    (void)words;
    return cxb_fail(CXB_ERESOURCE, "prng jump: built without CUDA");
}

void cxb_jump_cuda_destroy(cxb_jump_cuda *ctx) { (void)ctx; }
void cxb_jump_cuda_set_timing(cxb_jump_cuda *ctx, struct cxb_timing *timing)
{
    (void)ctx;
    (void)timing;
}
#else
typedef int cxb_init_no_cuda_unused; /* ISO C: a translation unit is not empty */
#endif
