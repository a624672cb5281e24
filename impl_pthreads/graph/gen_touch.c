/* impl_pthreads/graph/gen_touch.c - first touch of a fresh generator buffer, one worker per
 * contiguous block (the pthreads fast generators' 2-thread scaling).
 *
 * Why: a generator's output array (128 MiB at 2^24 tuples) and gnm's key arrays are fresh
 * memory, so their pages are faulted in by whichever worker writes first. The generators
 * hand out small chunks dynamically (32 KiB of tuples for the row models, 512 KiB of gnm
 * draws; gnm's bucket scatter writes everywhere at once), so two workers walk the same
 * region together; with 2 MiB pages (cxb_gen_buffer) one of them faults the page, zeroing
 * 2 MiB, while the other waits for that same page: the faults run one at a time. On the
 * 2-core dev VM that left about 15-25 ms of wsfast's 2-thread time unscaled. Touching
 * first, each worker its own 2 MiB-aligned block, the faults run side by side; then the
 * generator writes into mapped pages. The page faults were part of the timed generation
 * before and still are: this only lets them run in parallel (the first-touch placement of
 * NUMA codes, here for the fault itself). */
#include "impl_pthreads/graph/gen_touch.h"

#include <stdint.h>

#define TOUCH_PAGE ((uintptr_t)4096)
#define TOUCH_BLOCK ((uintptr_t)2 << 20)
#define TOUCH_MIN ((size_t)4 << 20)

typedef struct touch_task {
    uintptr_t lo, hi;
    unsigned parts;
} touch_task;

static void touch_block(void *arg, uint64_t w, unsigned worker)
{
    (void)worker;
    const touch_task *t = arg;
    uintptr_t blocks = (t->hi - t->lo + TOUCH_BLOCK - 1) / TOUCH_BLOCK;
    uintptr_t b0 = blocks * w / t->parts, b1 = blocks * (w + 1) / t->parts;
    uintptr_t a = t->lo + b0 * TOUCH_BLOCK, e = t->lo + b1 * TOUCH_BLOCK;
    if (e > t->hi)
        e = t->hi;
    for (uintptr_t q = a; q < e; q += TOUCH_PAGE)
        *(volatile unsigned char *)q = 0;
}

cxb_status cxb_gen_touch(cxb_pool *pool, void *p, size_t bytes)
{
    unsigned threads = cxb_pool_threads(pool);
    if (threads < 2 || bytes < TOUCH_MIN)
        return CXB_OK;
    /* blocks start at 2 MiB boundaries of the address space (the first one may be partial),
     * so no huge page is shared by two workers; every page of [p, p + bytes) is touched */
    uintptr_t lo = (uintptr_t)p, hi = lo + bytes;
    touch_task t = {lo & ~(TOUCH_BLOCK - 1), hi, threads};
    if (t.lo < lo) { /* the partial first block: its own part of the first worker's block */
        for (uintptr_t q = lo; q < hi && q < t.lo + TOUCH_BLOCK; q += TOUCH_PAGE)
            *(volatile unsigned char *)q = 0;
        t.lo += TOUCH_BLOCK;
        if (t.lo >= hi)
            return CXB_OK;
    }
    return cxb_pool_for(pool, threads, CXB_SCHED_STATIC, touch_block, &t);
}
