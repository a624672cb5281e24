/* impl_cpu/malloc/libc.c - malloc.libc.seq: the C library's malloc/free with the
 * thesis's counts (docs/studies/malloc.md; Leist Alg. 21's host loop
 * with malloc in place of cudaMalloc). One thread; the alloc and free loops are timed
 * separately with CLOCK_MONOTONIC. */
#include <stdlib.h>

#include "cxb/malloc/malloc.h"

cxb_status cxb_malloc_libc_pass(const cxb_malloc_job *job, uint64_t *ptrs, cxb_phases *ph,
                                uint64_t *failures)
{
    const uint64_t n = job->calls;
    const size_t size = (size_t)job->size;
    uint64_t made = 0;
    int64_t t0 = cxb_clock_ns();
    for (; made < n; ++made) {
        void *p = malloc(size);
        if (!p)
            break; /* Alg. 21: a NULL ends the loop; the rest count as failures */
        ptrs[made] = (uint64_t)(uintptr_t)p;
    }
    int64_t t1 = cxb_clock_ns();
    for (uint64_t i = made; i < n; ++i)
        ptrs[i] = 0;
    int64_t t2 = cxb_clock_ns();
    for (uint64_t i = 0; i < made; ++i)
        free((void *)(uintptr_t)ptrs[i]);
    int64_t t3 = cxb_clock_ns();
    if (ph) {
        ph->ns[CXB_PHASE_ALLOC] = t1 - t0;
        ph->ns[CXB_PHASE_FREE] = t3 - t2;
    }
    *failures = n - made;
    return CXB_OK;
}
