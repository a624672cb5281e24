/* impl_cpu/malloc/no_cuda_malloc.c - the CUDA part of include/cxb/malloc/malloc.h in a build
 * without CUDA: every call answers "no GPU" (CXB_ERESOURCE), as impl_cpu/common/no_cuda.c
 * does for the other studies. CMakeLists.txt compiles it only when CUDA is OFF. */
#include <stddef.h>

#include "cxb/malloc/malloc.h"

static cxb_status no_cuda(void) { return cxb_fail(CXB_ERESOURCE, "malloc: built without CUDA"); }

cxb_status cxb_malloc_cuda_create(cxb_malloc_cuda **out, cxb_malloc_kind kind,
                                  const cxb_malloc_job *job, uint64_t heap_mb, int warm)
{
    (void)kind;
    (void)job;
    (void)heap_mb;
    (void)warm;
    *out = NULL;
    return no_cuda();
}

cxb_status cxb_malloc_cuda_reset(cxb_malloc_cuda *m)
{
    (void)m;
    return no_cuda();
}

cxb_status cxb_malloc_cuda_pass(cxb_malloc_cuda *m, cxb_phases *ph, uint64_t *failures)
{
    (void)m;
    (void)ph;
    *failures = 0;
    return no_cuda();
}

cxb_status cxb_malloc_cuda_pointers(cxb_malloc_cuda *m, uint64_t **ptrs)
{
    (void)m;
    *ptrs = NULL;
    return no_cuda();
}

void cxb_malloc_cuda_destroy(cxb_malloc_cuda *m) { (void)m; }
