/* cxb/malloc/malloc.h - the malloc study: Leist's device vs host allocation micro-benchmark
 * (A. Leist, PhD thesis, Massey University 2011, Sec. 5.3, Alg. 21, Fig. 5.10;
 * docs/studies/malloc.md) and today's answers beside it.
 *
 * One pass allocates `calls` chunks of `size` bytes, `total` bytes in all, then frees
 * them; the alloc and free phases are timed separately (CXB_PHASE_ALLOC, CXB_PHASE_FREE).
 * Device-side variants run `threads` threads with `per_thread` calls each; thread t's
 * i-th pointer goes to mem[t + i * threads] (Alg. 21's store). Host-side loops are one
 * thread (threads = 1, mem[i]).
 *
 *   malloc.libc.seq     C malloc/free loop on the host (impl_cpu/malloc/libc.c)
 *   malloc.device.cuda  in-kernel malloc/free, device heap sized first   (impl_cuda/malloc)
 *   malloc.host.cuda    one host thread: cudaMalloc loop, then cudaFree loop
 *   malloc.pool.cuda    cudaMallocAsync/cudaFreeAsync on one stream, default pool, release
 *                       threshold at maximum; cold (pool trimmed before the pass) or warm
 *   malloc.arena.cuda   atomicAdd bump allocator in one preallocated buffer; "free" resets
 *
 * Deviation (documented in docs/readme/h8-malloc.md): when total / size < threads, only
 * total / size threads run, one call each (the thesis's 16,384 threads never exceed the
 * 2^26 / 4096 = 16,384 chunks of its largest size; CI totals do). A total that is not a
 * multiple of threads * size is rounded down to whole calls per thread; `calls` says
 * how many were made. A failed allocation ends the thread's loop (Alg. 21); every slot
 * it leaves unfilled is NULL and counts as one failure.
 */
#ifndef CXB_MALLOC_H
#define CXB_MALLOC_H

#include <stdint.h>

#include "cxb/core/status.h"
#include "cxb/core/timing.h"

struct cxb_cuda_exec;

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cxb_malloc_job {
    uint64_t total;      /* bytes asked for in all (the thesis: 2^26) */
    uint64_t size;       /* bytes per chunk (the thesis: 16 ... 4096) */
    uint64_t threads;    /* threads that allocate (1 for host loops) */
    uint64_t per_thread; /* calls per thread */
    uint64_t calls;      /* threads * per_thread */
} cxb_malloc_job;

/* Limits that keep the pointer store addressable and the sweep meaningful. */
#define CXB_MALLOC_MAX_SIZE ((uint64_t)1 << 30)
#define CXB_MALLOC_MAX_CALLS ((uint64_t)1 << 28)
#define CXB_MALLOC_MAX_THREADS ((uint64_t)1 << 24)

/* Fills job from total, size and threads (see the deviation above); CXB_EINPUT naming
 * the parameter for size 0 or above CXB_MALLOC_MAX_SIZE, total < size, threads 0 or
 * above CXB_MALLOC_MAX_THREADS, or more than CXB_MALLOC_MAX_CALLS calls. */
cxb_status cxb_malloc_job_init(cxb_malloc_job *job, uint64_t total, uint64_t size, uint64_t threads);

/* Alignment each variant must give (docs/studies/graphgen.md "Checks"): device malloc 16 B (CUDA
 * Programming Guide), cudaMalloc 256 B (docs/studies/graphgen.md), libc alignof(max_align_t),
 * the pool 16 B (documented minimum not found; the observed alignment is recorded),
 * the arena 16 B by construction. */
#define CXB_MALLOC_ALIGN_DEVICE 16u
#define CXB_MALLOC_ALIGN_CUDAMALLOC 256u
#define CXB_MALLOC_ALIGN_POOL 16u
#define CXB_MALLOC_ALIGN_ARENA 16u

typedef struct cxb_malloc_check_result {
    uint64_t failures;  /* NULL entries */
    uint64_t min_align; /* largest power of two (<= 2^30) dividing every non-NULL pointer */
} cxb_malloc_check_result;

/* The checks of one pass's pointer set ptrs[0..n) (addresses as integers, 0 = NULL):
 * NULLs are counted as failures; every other pointer must be a multiple of align and
 * the intervals [p, p + size) pairwise disjoint, checked after sorting by address
 * (qsort; ptrs is reordered). CXB_EFAIL naming the first misaligned pointer or the
 * first overlapping pair; CXB_OK otherwise (failures are reported, not an error). */
cxb_status cxb_malloc_check(uint64_t *ptrs, uint64_t n, uint64_t size, uint64_t align,
                            cxb_malloc_check_result *r);

/* ---- malloc.libc.seq ---- */

/* One pass on the host: ptrs[i] = malloc(size) for i < job->calls, stopping at the first
 * NULL (the rest are 0, *failures counts them), then free() of each; ALLOC and FREE
 * phases by CLOCK_MONOTONIC. ptrs keeps the (freed) addresses for cxb_malloc_check. */
cxb_status cxb_malloc_libc_pass(const cxb_malloc_job *job, uint64_t *ptrs, cxb_phases *ph,
                                uint64_t *failures);

/* ---- the CUDA variants (impl_cuda/malloc/malloc.cu; built only with CUDA) ---- */

typedef enum cxb_malloc_kind {
    CXB_MALLOC_DEVICE,
    CXB_MALLOC_HOST,
    CXB_MALLOC_POOL,
    CXB_MALLOC_ARENA
} cxb_malloc_kind;

typedef struct cxb_malloc_cuda cxb_malloc_cuda;

/* Prepares a variant (untimed): pointer store, failure counter, events, on ex's stream (the
 * harness's, cxb/core/cuda.h; NULL: the default stream); the
 * device heap for CXB_MALLOC_DEVICE (heap_mb MiB via cudaDeviceSetLimit, which CUDA
 * accepts only before the process's first kernel that calls malloc: a different size
 * later is CXB_EINPUT naming the size in force); the arena buffer; the default pool with
 * its release threshold at maximum (restored by destroy) and, when warm, one priming
 * pass. Out of device or host memory: CXB_ERESOURCE, nothing left allocated. */
cxb_status cxb_malloc_cuda_create(cxb_malloc_cuda **out, cxb_malloc_kind kind,
                                  const cxb_malloc_job *job, uint64_t heap_mb, int warm,
                                  const struct cxb_cuda_exec *ex);
/* Before a timed pass (untimed): the pointer store cleared; a cold pool trimmed to 0. */
cxb_status cxb_malloc_cuda_reset(cxb_malloc_cuda *m);
/* One pass: alloc then free, ph->ns[CXB_PHASE_ALLOC] and [CXB_PHASE_FREE] filled (events
 * around the kernels of the device-side variants, CLOCK_MONOTONIC around the host loops,
 * their stream synchronisation included); *failures as the allocator reported them
 * (the kernels' counter, the host loop's stop). ph may be NULL. */
cxb_status cxb_malloc_cuda_pass(cxb_malloc_cuda *m, cxb_phases *ph, uint64_t *failures);
/* The last pass's pointers as integers (copied to the host for the device-side variants;
 * job->calls entries in store order). Valid until the next call. */
cxb_status cxb_malloc_cuda_pointers(cxb_malloc_cuda *m, uint64_t **ptrs);
void cxb_malloc_cuda_destroy(cxb_malloc_cuda *m);

#ifdef __cplusplus
}
#endif

#endif
