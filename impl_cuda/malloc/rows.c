/* impl_cuda/malloc/rows.c - the CUDA rows of the malloc study: malloc.device.cuda,
 * malloc.host.cuda (Leist Alg. 21, both sides), malloc.pool.cuda and malloc.arena.cuda, described
 * in suites/malloc/study.c, whose code they share. Compiled only when CUDA is found; the registry
 * adds cxb_malloc_cuda_impls to the malloc study (docs/architecture.md "How CUDA rows are
 * registered"). */
#include "cxb/malloc/malloc.h"
#include "harness/registry.h"
#include "suites/malloc/device.h"

static const cxb_malloc_dev dev = {cxb_malloc_cuda_create, cxb_malloc_cuda_reset, cxb_malloc_cuda_pass,
                                   cxb_malloc_cuda_pointers, cxb_malloc_cuda_destroy};

#define MALLOC_SETUP(name, kind)                                                                   \
    static cxb_status name(const cxb_params *p, const cxb_env *env, void **ctx)                   \
    {                                                                                              \
        return cxb_malloc_setup_dev(p, env, kind, &dev, ctx);                                      \
    }
MALLOC_SETUP(setup_device, CXB_MALLOC_DEVICE)
MALLOC_SETUP(setup_host, CXB_MALLOC_HOST)
MALLOC_SETUP(setup_pool, CXB_MALLOC_POOL)
MALLOC_SETUP(setup_arena, CXB_MALLOC_ARENA)

#define MALLOC_IMPL(id_, backend_, flags_, setup_, summary_)                                       \
    {.id = id_, .backend = backend_, .flags = flags_, .summary = summary_, .setup = setup_,        \
     .reset = cxb_malloc_row_reset, .run = cxb_malloc_row_run, .verify = cxb_malloc_row_verify,    \
     .checksum = cxb_malloc_row_checksum, .extra = cxb_malloc_row_extra, .teardown = cxb_malloc_row_teardown}

/* The CUDA variants synchronise inside their phases (events waited for, host loops with
 * a final stream synchronisation): CXB_TIMING_SYNC. */
const cxb_impl cxb_malloc_cuda_impls[] = {
    MALLOC_IMPL("malloc.device.cuda", CXB_BACKEND_CUDA, CXB_IMPL_NEEDS_GPU | CXB_TIMING_SYNC,
                setup_device, "Leist Alg. 21 device side: in-kernel malloc/free, 16,384 threads, 640 MiB heap"),
    MALLOC_IMPL("malloc.host.cuda", CXB_BACKEND_CUDA, CXB_IMPL_NEEDS_GPU | CXB_TIMING_SYNC,
                setup_host, "Leist Alg. 21 host side: one thread, cudaMalloc loop then cudaFree loop"),
    MALLOC_IMPL("malloc.pool.cuda", CXB_BACKEND_CUDA, CXB_IMPL_NEEDS_GPU | CXB_TIMING_SYNC,
                setup_pool, "cudaMallocAsync/cudaFreeAsync, default pool, threshold max (pool_state=cold|warm)"),
    MALLOC_IMPL("malloc.arena.cuda", CXB_BACKEND_CUDA, CXB_IMPL_NEEDS_GPU | CXB_TIMING_SYNC,
                setup_arena, "atomicAdd bump allocator in one preallocated buffer; free resets (the floor)"),
};
const size_t cxb_malloc_cuda_nimpls = sizeof cxb_malloc_cuda_impls / sizeof cxb_malloc_cuda_impls[0];
