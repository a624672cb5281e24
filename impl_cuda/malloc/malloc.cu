/* impl_cuda/malloc/malloc.cu - the CUDA variants of the malloc study (include/cxb/malloc/malloc.h;
 * docs/studies/malloc.md; Leist Sec. 5.3, Alg. 21, Fig. 5.10).
 *
 *   device  Alg. 21's device side: `threads` threads (16,384 in the thesis) each call
 *           malloc(size) per_thread times and store pointer i at mem[tid + i * threads];
 *           a NULL ends the thread's loop and adds its unfilled slots to a failure count.
 *           The free kernel mirrors it. The heap is sized with cudaDeviceSetLimit before
 *           the first kernel that calls malloc (docs/studies/graphgen.md; the thesis: 640 MiB).
 *   host    Alg. 21's host side: one host thread, cudaMalloc(size) calls times, then
 *           cudaFree on each. cudaErrorMemoryAllocation ends the loop (the thesis's 16 B
 *           case on a 1.5 GB card); any other error is returned.
 *   pool    extension: cudaMallocAsync/cudaFreeAsync on one stream from the device's
 *           default pool with the release threshold at maximum; cold = the pool trimmed
 *           to 0 before the pass, warm = the previous pass's memory still in the pool.
 *   arena   extension, the floor: the same threads take chunks by atomicAdd on an offset
 *           into one preallocated buffer (chunk stride rounded up to 16 B); "free" resets
 *           the offset (one cudaMemsetAsync). Its kernel is in arena.cu, a module of its
 *           own, so that no arena launch loads this file's malloc kernels before the heap
 *           is sized.
 * Kernel-side phases are timed with events on the variant's stream; host loops with
 * CLOCK_MONOTONIC, their final stream synchronisation included (a pool allocation is
 * complete only then). Deviation: the thesis's kernels have no failure counter (only a
 * flag); the count is what docs/studies/graphgen.md asks to report.
 */
#include <stdlib.h>
#include <string.h>

#include "cxb/malloc/malloc.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/common/event_timer.h"
#include "impl_cuda/malloc/arena.h"

#define CXB_MALLOC_BLOCK 256 /* threads per block of every kernel here */

struct cxb_malloc_cuda {
    cxb_malloc_kind kind;
    cxb_malloc_job job;
    int warm;
    cudaStream_t stream;
    cxb_event_timer tm;
    void **d_mem;                 /* device and arena: the pointer store */
    unsigned long long *d_fail;   /* device and arena: failures; arena: [1] is the offset */
    char *arena;
    uint64_t stride, capacity;    /* arena */
    void **h_mem;                 /* host and pool: the pointers, in call order */
    uint64_t *h_ptrs;             /* the last pass's pointers as integers */
    uint64_t failures;
    cudaMemPool_t pool;
    uint64_t old_threshold;        /* cuuint64_t in the driver API: 64 bits */
    int threshold_set;
};

static __global__ void __launch_bounds__(CXB_MALLOC_BLOCK)
    cxb_malloc_alloc_kernel(void **mem, uint64_t threads, uint64_t per_thread, size_t size,
                            unsigned long long *fail)
{
    const uint64_t tid = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= threads)
        return;
    for (uint64_t i = 0; i < per_thread; ++i) {
        void *p = malloc(size);
        if (!p) { /* Alg. 21: the error flag ends this thread's loop */
            atomicAdd(fail, (unsigned long long)(per_thread - i));
            return;
        }
        mem[tid + i * threads] = p;
    }
}

static __global__ void __launch_bounds__(CXB_MALLOC_BLOCK)
    cxb_malloc_free_kernel(void **mem, uint64_t threads, uint64_t per_thread)
{
    const uint64_t tid = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= threads)
        return;
    for (uint64_t i = 0; i < per_thread; ++i) {
        void *p = mem[tid + i * threads];
        if (!p)
            return; /* the slots after a failure are empty too */
        free(p);
    }
}

static unsigned blocks_for(uint64_t threads)
{
    return (unsigned)((threads + CXB_MALLOC_BLOCK - 1) / CXB_MALLOC_BLOCK);
}

extern "C" void cxb_malloc_cuda_destroy(cxb_malloc_cuda *m)
{
    if (!m)
        return;
    if (m->stream)
        cudaStreamSynchronize(m->stream);
    if (m->h_mem && (m->kind == CXB_MALLOC_HOST || m->kind == CXB_MALLOC_POOL))
        for (uint64_t i = 0; i < m->job.calls; ++i)
            if (m->h_mem[i]) /* only after a pass that stopped between its loops */
                cudaFree(m->h_mem[i]);
    if (m->threshold_set) {
        cudaMemPoolTrimTo(m->pool, 0);
        cudaMemPoolSetAttribute(m->pool, cudaMemPoolAttrReleaseThreshold, &m->old_threshold);
    }
    cxb_event_timer_destroy(&m->tm);
    cudaFree(m->d_mem);
    cudaFree(m->d_fail);
    cudaFree(m->arena);
    free(m->h_mem);
    free(m->h_ptrs);
    free(m);
    (void)cudaGetLastError();
}

/* The heap size this process set (0: none yet). The driver may round the limit, so a
 * later point with the same heap_mb must not ask again: after the first kernel that
 * called malloc, CUDA refuses any change. */
static uint64_t heap_set_mb;

static cxb_status set_heap(uint64_t heap_mb)
{
    size_t want = (size_t)heap_mb << 20, cur = 0;
    if (heap_set_mb == heap_mb)
        return CXB_OK;
    CXB_CUDA_TRY(cudaDeviceGetLimit(&cur, cudaLimitMallocHeapSize));
    if (cur == want) {
        heap_set_mb = heap_mb;
        return CXB_OK;
    }
    cudaError_t e = cudaDeviceSetLimit(cudaLimitMallocHeapSize, want);
    if (e == cudaErrorMemoryAllocation) {
        (void)cudaGetLastError();
        return cxb_fail(CXB_ERESOURCE, "malloc.device.cuda: out of device memory for a %llu MiB heap",
                        (unsigned long long)heap_mb);
    }
    if (e != cudaSuccess) {
        (void)cudaGetLastError();
        return cxb_fail(CXB_EINPUT,
                        "--set heap_mb=%llu: the device heap is %zu MiB and cannot change once a kernel "
                        "has called malloc in this process (%s); run this size in its own process",
                        (unsigned long long)heap_mb, cur >> 20, cudaGetErrorString(e));
    }
    /* the limit is rounded by the driver: read back what is in force */
    CXB_CUDA_TRY(cudaDeviceGetLimit(&cur, cudaLimitMallocHeapSize));
    if (cur < want)
        return cxb_fail(CXB_ERESOURCE, "malloc.device.cuda: heap of %zu B granted, %zu B asked", cur, want);
    heap_set_mb = heap_mb;
    return CXB_OK;
}

extern "C" cxb_status cxb_malloc_cuda_create(cxb_malloc_cuda **out, cxb_malloc_kind kind,
                                             const cxb_malloc_job *job, uint64_t heap_mb, int warm,
                                             const cxb_cuda_exec *ex)
{
    *out = NULL;
    if (kind == CXB_MALLOC_DEVICE && (heap_mb == 0 || heap_mb > ((uint64_t)1 << 20)))
        return cxb_fail(CXB_EINPUT, "--set heap_mb=%llu: 1 MiB to 1 TiB", (unsigned long long)heap_mb);
    int ndev = 0;
    if (cudaGetDeviceCount(&ndev) != cudaSuccess || ndev == 0) {
        (void)cudaGetLastError();
        return cxb_fail(CXB_ERESOURCE, "malloc: no CUDA device");
    }
    cxb_malloc_cuda *m = (cxb_malloc_cuda *)calloc(1, sizeof *m);
    if (!m)
        return cxb_fail(CXB_ERESOURCE, "malloc: out of host memory");
    m->kind = kind;
    m->job = *job;
    m->warm = warm;
    m->stream = ex ? (cudaStream_t)ex->stream : 0; /* the harness's, not owned */
    const uint64_t calls = job->calls;
    cxb_status st = CXB_OK;
    m->h_ptrs = (uint64_t *)calloc(calls, sizeof *m->h_ptrs);
    if (!m->h_ptrs)
        st = cxb_fail(CXB_ERESOURCE, "malloc: out of host memory for %llu pointers",
                      (unsigned long long)calls);
    if (st == CXB_OK && kind == CXB_MALLOC_DEVICE)
        st = set_heap(heap_mb); /* before anything else touches the context's heap */
    if (st == CXB_OK)
        st = cxb_event_timer_create(&m->tm);
    m->tm.timing = ex ? ex->timing : NULL;
    if (st == CXB_OK && (kind == CXB_MALLOC_DEVICE || kind == CXB_MALLOC_ARENA)) {
        st = CXB_CUDA_ALLOC(cudaMalloc((void **)&m->d_mem, calls * sizeof(void *)), calls * sizeof(void *));
        if (st == CXB_OK)
            st = CXB_CUDA_ALLOC(cudaMalloc((void **)&m->d_fail, 2 * sizeof *m->d_fail), 2 * sizeof *m->d_fail);
    }
    if (st == CXB_OK && kind == CXB_MALLOC_ARENA) {
        m->stride = (job->size + 15u) & ~(uint64_t)15u;
        m->capacity = m->stride * calls;
        st = CXB_CUDA_ALLOC(cudaMalloc((void **)&m->arena, m->capacity), (size_t)m->capacity);
    }
    if (st == CXB_OK && (kind == CXB_MALLOC_HOST || kind == CXB_MALLOC_POOL)) {
        m->h_mem = (void **)calloc(calls, sizeof *m->h_mem);
        if (!m->h_mem)
            st = cxb_fail(CXB_ERESOURCE, "malloc: out of host memory for %llu pointers",
                          (unsigned long long)calls);
    }
    if (st == CXB_OK && kind == CXB_MALLOC_POOL) {
        int dev = 0;
        st = CXB_CUDA(cudaGetDevice(&dev));
        if (st == CXB_OK)
            st = CXB_CUDA(cudaDeviceGetDefaultMemPool(&m->pool, dev));
        if (st == CXB_OK)
            st = CXB_CUDA(cudaMemPoolGetAttribute(m->pool, cudaMemPoolAttrReleaseThreshold, &m->old_threshold));
        uint64_t max = ~(uint64_t)0;
        if (st == CXB_OK)
            st = CXB_CUDA(cudaMemPoolSetAttribute(m->pool, cudaMemPoolAttrReleaseThreshold, &max));
        m->threshold_set = st == CXB_OK;
    }
    if (st == CXB_OK && kind == CXB_MALLOC_POOL && warm) { /* the first timed pass finds a warm pool */
        st = cxb_malloc_cuda_reset(m);
        uint64_t failures;
        if (st == CXB_OK)
            st = cxb_malloc_cuda_pass(m, NULL, &failures);
    }
    if (st != CXB_OK) {
        cxb_malloc_cuda_destroy(m);
        return st;
    }
    *out = m;
    return CXB_OK;
}

extern "C" cxb_status cxb_malloc_cuda_reset(cxb_malloc_cuda *m)
{
    const uint64_t calls = m->job.calls;
    if (m->d_mem) {
        CXB_CUDA_TRY(cudaMemsetAsync(m->d_mem, 0, calls * sizeof(void *), m->stream));
        CXB_CUDA_TRY(cudaMemsetAsync(m->d_fail, 0, 2 * sizeof *m->d_fail, m->stream));
    }
    if (m->h_mem)
        memset(m->h_mem, 0, calls * sizeof *m->h_mem);
    if (m->kind == CXB_MALLOC_POOL && !m->warm) {
        CXB_CUDA_TRY(cudaStreamSynchronize(m->stream));
        CXB_CUDA_TRY(cudaMemPoolTrimTo(m->pool, 0)); /* cold: the pool holds nothing */
    }
    CXB_CUDA_TRY(cudaStreamSynchronize(m->stream));
    return CXB_OK;
}

static void put_phase(cxb_phases *ph, cxb_phase p, int64_t ns)
{
    if (ph)
        ph->ns[p] = ns;
}

/* Host loops (host, pool): stop at out of memory, count the rest as failures. */
static cxb_status host_pass(cxb_malloc_cuda *m, cxb_phases *ph)
{
    const uint64_t n = m->job.calls;
    const size_t size = (size_t)m->job.size;
    const int pool = m->kind == CXB_MALLOC_POOL;
    uint64_t made = 0;
    cudaError_t e = cudaSuccess;
    CXB_CUDA_TRY(cudaDeviceSynchronize());
    int64_t t0 = cxb_clock_ns();
    for (; made < n; ++made) {
        e = pool ? cudaMallocAsync(&m->h_mem[made], size, m->stream) : cudaMalloc(&m->h_mem[made], size);
        if (e != cudaSuccess) {
            m->h_mem[made] = NULL;
            break;
        }
    }
    if (e == cudaErrorMemoryAllocation) { /* counted below, not an error; the error is not sticky */
        (void)cudaGetLastError();
        e = cudaSuccess;
    }
    if (pool && e == cudaSuccess)
        e = cudaStreamSynchronize(m->stream);
    int64_t t1 = cxb_clock_ns();
    if (e != cudaSuccess) {
        cxb_status st = CXB_CUDA(e);
        for (uint64_t i = 0; i < made; ++i) { /* give back what was taken */
            cudaFree(m->h_mem[i]);
            m->h_mem[i] = NULL;
        }
        return st;
    }
    m->failures = n - made;
    for (uint64_t i = 0; i < n; ++i)
        m->h_ptrs[i] = (uint64_t)(uintptr_t)m->h_mem[i];
    int64_t t2 = cxb_clock_ns();
    for (uint64_t i = 0; i < made; ++i) {
        e = pool ? cudaFreeAsync(m->h_mem[i], m->stream) : cudaFree(m->h_mem[i]);
        if (e != cudaSuccess)
            return CXB_CUDA(e);
        m->h_mem[i] = NULL;
    }
    if (pool)
        CXB_CUDA_TRY(cudaStreamSynchronize(m->stream));
    int64_t t3 = cxb_clock_ns();
    put_phase(ph, CXB_PHASE_ALLOC, t1 - t0);
    put_phase(ph, CXB_PHASE_FREE, t3 - t2);
    return CXB_OK;
}

/* Kernel variants (device, arena): events around each phase on the stream. */
static cxb_status kernel_pass(cxb_malloc_cuda *m, cxb_phases *ph)
{
    const cxb_malloc_job *j = &m->job;
    const unsigned grid = blocks_for(j->threads);
    cxb_status st = cxb_event_timer_begin(&m->tm, m->stream);
    if (st != CXB_OK)
        return st;
    if (m->kind == CXB_MALLOC_DEVICE)
        cxb_malloc_alloc_kernel<<<grid, CXB_MALLOC_BLOCK, 0, m->stream>>>(m->d_mem, j->threads, j->per_thread,
                                                                          (size_t)j->size, m->d_fail);
    else
        cxb_malloc_arena_launch(grid, CXB_MALLOC_BLOCK, m->stream, m->d_mem, j->threads, j->per_thread, m->arena,
                                m->stride, m->capacity, m->d_fail);
    if ((st = CXB_CUDA_LAUNCHED("malloc alloc kernel")) != CXB_OK)
        return st;
    cxb_phases tmp;
    cxb_phases_clear(&tmp);
    if ((st = cxb_event_timer_end(&m->tm, &tmp, CXB_PHASE_ALLOC)) != CXB_OK)
        return st;
    if ((st = cxb_event_timer_begin(&m->tm, m->stream)) != CXB_OK)
        return st;
    if (m->kind == CXB_MALLOC_DEVICE) {
        cxb_malloc_free_kernel<<<grid, CXB_MALLOC_BLOCK, 0, m->stream>>>(m->d_mem, j->threads, j->per_thread);
        st = CXB_CUDA_LAUNCHED("malloc free kernel");
    } else { /* the arena's free: the offset back to 0 */
        st = CXB_CUDA(cudaMemsetAsync(m->d_fail + 1, 0, sizeof *m->d_fail, m->stream));
    }
    if (st != CXB_OK || (st = cxb_event_timer_end(&m->tm, &tmp, CXB_PHASE_FREE)) != CXB_OK)
        return st;
    unsigned long long fail = 0;
    CXB_CUDA_TRY(cudaMemcpy(&fail, m->d_fail, sizeof fail, cudaMemcpyDeviceToHost));
    m->failures = fail;
    if (ph) {
        ph->ns[CXB_PHASE_ALLOC] = tmp.ns[CXB_PHASE_ALLOC];
        ph->ns[CXB_PHASE_FREE] = tmp.ns[CXB_PHASE_FREE];
    }
    return CXB_OK;
}

extern "C" cxb_status cxb_malloc_cuda_pass(cxb_malloc_cuda *m, cxb_phases *ph, uint64_t *failures)
{
    cxb_status st = (m->kind == CXB_MALLOC_HOST || m->kind == CXB_MALLOC_POOL) ? host_pass(m, ph)
                                                                               : kernel_pass(m, ph);
    *failures = m->failures;
    return st;
}

extern "C" cxb_status cxb_malloc_cuda_pointers(cxb_malloc_cuda *m, uint64_t **ptrs)
{
    if (m->d_mem) /* the store is left as the alloc kernel wrote it (free does not clear it) */
        CXB_CUDA_TRY(cudaMemcpy(m->h_ptrs, m->d_mem, m->job.calls * sizeof(void *), cudaMemcpyDeviceToHost));
    *ptrs = m->h_ptrs;
    return CXB_OK;
}
