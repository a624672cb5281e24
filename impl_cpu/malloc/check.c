/* impl_cpu/malloc/check.c - the malloc study's job arithmetic and the checks of every
 * pass (docs/studies/malloc.md; Leist Sec. 5.3, Alg. 21): pointers non-NULL
 * or counted as failures, aligned, pairwise non-overlapping after a sort by address.
 * The sort is the C library's qsort (docs/architecture.md: use the field's libraries). */
#include <inttypes.h>
#include <stdlib.h>

#include "cxb/malloc/malloc.h"

cxb_status cxb_malloc_job_init(cxb_malloc_job *job, uint64_t total, uint64_t size, uint64_t threads)
{
    if (size == 0 || size > CXB_MALLOC_MAX_SIZE)
        return cxb_fail(CXB_EINPUT, "--set size=%" PRIu64 ": a chunk is 1 B to 2^30 B", size);
    if (total < size)
        return cxb_fail(CXB_EINPUT, "--set total=%" PRIu64 ": less than one chunk of %" PRIu64 " B",
                        total, size);
    if (threads == 0 || threads > CXB_MALLOC_MAX_THREADS)
        return cxb_fail(CXB_EINPUT, "--set threads=%" PRIu64 ": 1 to 2^24 threads", threads);
    uint64_t chunks = total / size;
    if (chunks > CXB_MALLOC_MAX_CALLS)
        return cxb_fail(CXB_EINPUT, "--set total=%" PRIu64 ": %" PRIu64 " chunks of %" PRIu64
                        " B exceed 2^28 calls", total, chunks, size);
    if (threads > chunks) /* fewer chunks than threads: one call each for `chunks` threads */
        threads = chunks;
    job->total = total;
    job->size = size;
    job->threads = threads;
    job->per_thread = chunks / threads;
    job->calls = job->per_thread * threads;
    return CXB_OK;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

cxb_status cxb_malloc_check(uint64_t *ptrs, uint64_t n, uint64_t size, uint64_t align,
                            cxb_malloc_check_result *r)
{
    r->failures = 0;
    r->min_align = (uint64_t)1 << 30;
    if (align == 0 || (align & (align - 1)))
        return cxb_fail(CXB_EINPUT, "malloc check: alignment %" PRIu64 " is not a power of two", align);
    uint64_t bits = 0;
    for (uint64_t i = 0; i < n; ++i) {
        if (ptrs[i] == 0) {
            r->failures++;
            continue;
        }
        if (ptrs[i] % align)
            return cxb_fail(CXB_EFAIL, "pointer %" PRIu64 " (0x%" PRIx64 ") is not aligned to %" PRIu64 " B",
                            i, ptrs[i], align);
        bits |= ptrs[i];
    }
    while (r->min_align > 1 && (bits & (r->min_align - 1)))
        r->min_align >>= 1;
    if (n > 1)
        qsort(ptrs, (size_t)n, sizeof *ptrs, cmp_u64);
    /* NULLs sort first; each later pointer must start at or after the end of the one before */
    for (uint64_t i = r->failures + 1; i < n; ++i)
        if (ptrs[i] - ptrs[i - 1] < size)
            return cxb_fail(CXB_EFAIL, "chunks at 0x%" PRIx64 " and 0x%" PRIx64 " overlap (%" PRIu64
                            " B apart, chunk size %" PRIu64 " B)",
                            ptrs[i - 1], ptrs[i], ptrs[i] - ptrs[i - 1], size);
    return CXB_OK;
}
