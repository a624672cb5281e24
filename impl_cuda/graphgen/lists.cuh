/* impl_cuda/graphgen/lists.cuh - what the CUDA alpha-model and BA generators share
 * (docs/studies/graphgen.md): the device per-vertex state (list pointer, degree,
 * capacity), the device heap limit for the CUDA 1 variants, the gather of the lists into
 * host lists (the d2h phase, never part of gen) and the release of every list.
 *
 * Lists grown with in-kernel malloc live in the device heap, which no runtime API call may
 * touch (CUDA Programming Guide, "Dynamic Global Memory Allocation"): the gather therefore
 * copies every list with a kernel into one cudaMalloc'd buffer first, for both variants.
 */
#ifndef CXB_IMPL_CUDA_GRAPHGEN_LISTS_CUH
#define CXB_IMPL_CUDA_GRAPHGEN_LISTS_CUH

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cxb/graphgen/cuda.h"
#include "impl_cuda/common/check.h"

/* The device heap is fixed by the first kernel that calls malloc in the process; later
 * points cannot grow it, so the first request is at least this (MiB). */
#define CXB_GG_HEAP_FLOOR_MB 4096ull

typedef struct gg_dev_lists {
    uint64_t n;
    cxb_vid **list; /* device array of n list pointers */
    uint32_t *deg, *cap;
} gg_dev_lists;

static inline int64_t gg_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* docs/studies/graphgen.md: heap_mb default max(64, 8 n (k + X) 4 B / 2^20); set before the first
 * kernel that allocates. Reports the limit in force in *got_mb. */
static cxb_status gg_set_heap(uint64_t want_mb, uint64_t *got_mb)
{
    size_t cur = 0;
    cxb_status st = CXB_CUDA(cudaDeviceGetLimit(&cur, cudaLimitMallocHeapSize));
    if (st != CXB_OK)
        return st;
    if ((uint64_t)cur >= want_mb << 20) {
        *got_mb = (uint64_t)cur >> 20;
        return CXB_OK;
    }
    uint64_t ask = want_mb > CXB_GG_HEAP_FLOOR_MB ? want_mb : CXB_GG_HEAP_FLOOR_MB;
    cudaError_t e = cudaDeviceSetLimit(cudaLimitMallocHeapSize, (size_t)(ask << 20));
    if (e != cudaSuccess) {
        (void)cudaGetLastError();
        e = cudaDeviceSetLimit(cudaLimitMallocHeapSize, (size_t)(want_mb << 20));
    }
    if (e != cudaSuccess) {
        (void)cudaGetLastError();
        return cxb_fail(CXB_ERESOURCE,
                        "cuda: device heap is %llu MiB and can no longer be raised to heap_mb=%llu "
                        "(a kernel has already allocated in this process)",
                        (unsigned long long)(cur >> 20), (unsigned long long)want_mb);
    }
    if ((st = CXB_CUDA(cudaDeviceGetLimit(&cur, cudaLimitMallocHeapSize))) != CXB_OK)
        return st;
    *got_mb = (uint64_t)cur >> 20;
    return CXB_OK;
}

/* cudapool (docs/studies/graphgen.md): the device's default pool with the release threshold at the
 * maximum, so that freed blocks stay in the pool and nothing synchronises the device. */
static cxb_status gg_pool_get(cudaMemPool_t *pool)
{
    int dev = 0;
    cxb_status st = CXB_CUDA(cudaGetDevice(&dev));
    if (st == CXB_OK)
        st = CXB_CUDA(cudaDeviceGetDefaultMemPool(pool, dev));
    uint64_t threshold = UINT64_MAX;
    if (st == CXB_OK)
        st = CXB_CUDA(cudaMemPoolSetAttribute(*pool, cudaMemPoolAttrReleaseThreshold, &threshold));
    return st;
}

/* The CUDA 1 kernels raise the mapped flag *h_err when an in-kernel malloc fails: read
 * between steps it stops a run early, after the final synchronisation it is certain. One
 * message for every generator. */
static cxb_status gg_heap_status(const int *h_err, const char *gen, uint64_t heap_mb)
{
    if (!*(const volatile int *)h_err)
        return CXB_OK;
    return cxb_fail(CXB_ERESOURCE, "graphgen.%s.cuda1: device heap exhausted (heap_mb=%llu)", gen,
                    (unsigned long long)heap_mb);
}

/* A list of `bytes` for the host-managed variants: cudaMalloc (cuda2, synchronous) or
 * cudaMallocFromPoolAsync on stream s (cudapool). */
static cxb_status gg_host_alloc(cudaMemPool_t pool, cudaStream_t s, cxb_vid **p, size_t bytes)
{
    if (pool)
        return CXB_CUDA_ALLOC(cudaMallocFromPoolAsync((void **)p, bytes, pool, s), bytes);
    return CXB_CUDA_ALLOC(cudaMalloc((void **)p, bytes), bytes);
}

/* Its release: cudaFree synchronises the device (cuda2, docs/studies/graphgen.md); cudaFreeAsync
 * is ordered after the copies already queued on s (cudapool). */
static cxb_status gg_host_free(cudaMemPool_t pool, cudaStream_t s, cxb_vid *p)
{
    if (pool)
        return CXB_CUDA(cudaFreeAsync(p, s));
    return CXB_CUDA(cudaFree(p));
}

static cxb_status gg_lists_alloc(gg_dev_lists *l, uint64_t n)
{
    memset(l, 0, sizeof *l);
    l->n = n;
    cxb_status st;
    if ((st = CXB_CUDA_ALLOC(cudaMalloc((void **)&l->list, n * sizeof(cxb_vid *)), n * sizeof(cxb_vid *))) != CXB_OK ||
        (st = CXB_CUDA_ALLOC(cudaMalloc((void **)&l->deg, n * 4), n * 4)) != CXB_OK ||
        (st = CXB_CUDA_ALLOC(cudaMalloc((void **)&l->cap, n * 4), n * 4)) != CXB_OK)
        return st;
    if ((st = CXB_CUDA(cudaMemset(l->list, 0, n * sizeof(cxb_vid *)))) != CXB_OK ||
        (st = CXB_CUDA(cudaMemset(l->deg, 0, n * 4))) != CXB_OK || (st = CXB_CUDA(cudaMemset(l->cap, 0, n * 4))) != CXB_OK)
        return st;
    /* the generators' streams are non-blocking: nothing orders them after the legacy stream */
    return CXB_CUDA(cudaDeviceSynchronize());
}

static __global__ void gg_gather_kernel(const cxb_vid *const *list, const uint32_t *deg, const uint64_t *off,
                                        uint64_t n, cxb_vid *flat)
{
    for (uint64_t v = blockIdx.x; v < n; v += gridDim.x) {
        const cxb_vid *l = list[v];
        for (uint32_t t = threadIdx.x; t < deg[v]; t += blockDim.x)
            flat[off[v] + t] = l[t];
    }
}

static __global__ void gg_free_kernel(cxb_vid **list, uint64_t n)
{
    uint64_t v = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (v < n && list[v]) {
        free(list[v]);
        list[v] = NULL;
    }
}

/* Device lists -> host lists (one malloc per vertex, as cxb_adjlists holds them). */
static cxb_status gg_gather(const gg_dev_lists *l, uint32_t x, cxb_adjlists *out)
{
    uint64_t n = l->n;
    cxb_status st = cxb_adjlists_init(out, n, x);
    if (st != CXB_OK)
        return st;
    uint64_t *off = (uint64_t *)malloc((n + 1) * sizeof *off), *d_off = NULL;
    cxb_vid *flat = NULL, *d_flat = NULL;
    if (!off)
        return cxb_fail(CXB_ERESOURCE, "graphgen: out of host memory for the gather");
    if ((st = CXB_CUDA(cudaMemcpy(out->deg, l->deg, n * 4, cudaMemcpyDeviceToHost))) != CXB_OK)
        goto done;
    off[0] = 0;
    for (uint64_t v = 0; v < n; ++v)
        off[v + 1] = off[v] + out->deg[v];
    if (!(flat = (cxb_vid *)malloc((off[n] ? off[n] : 1) * 4))) {
        st = cxb_fail(CXB_ERESOURCE, "graphgen: out of host memory for %llu arcs", (unsigned long long)off[n]);
        goto done;
    }
    if ((st = CXB_CUDA_ALLOC(cudaMalloc((void **)&d_off, (n + 1) * 8), (n + 1) * 8)) != CXB_OK ||
        (st = CXB_CUDA_ALLOC(cudaMalloc((void **)&d_flat, (off[n] ? off[n] : 1) * 4), off[n] * 4)) != CXB_OK ||
        (st = CXB_CUDA(cudaMemcpy(d_off, off, (n + 1) * 8, cudaMemcpyHostToDevice))) != CXB_OK)
        goto done;
    gg_gather_kernel<<<(unsigned)(n < 65536 ? n : 65536), 128>>>(l->list, l->deg, d_off, n, d_flat);
    if ((st = CXB_CUDA_LAUNCHED("gg_gather_kernel")) != CXB_OK ||
        (st = CXB_CUDA(cudaMemcpy(flat, d_flat, off[n] * 4, cudaMemcpyDeviceToHost))) != CXB_OK)
        goto done;
    for (uint64_t v = 0; v < n && st == CXB_OK; ++v) {
        out->cap[v] = out->deg[v];
        out->list[v] = (cxb_vid *)malloc((out->deg[v] ? out->deg[v] : 1) * 4);
        if (!out->list[v])
            st = cxb_fail(CXB_ERESOURCE, "graphgen: out of host memory for list %llu", (unsigned long long)v);
        else
            memcpy(out->list[v], flat + off[v], (size_t)out->deg[v] * 4);
    }
done:
    free(off);
    free(flat);
    cudaFree(d_off);
    cudaFree(d_flat);
    if (st != CXB_OK)
        cxb_adjlists_free(out);
    return st;
}

/* Releases the per-vertex lists: device free for the CUDA 1 variants, cudaFree of the
 * host-tracked pointers for CUDA 2 (host_ptr non-NULL), cudaFreeAsync for cudapool (pool
 * non-NULL: pool memory goes back the way it came). Errors here are returned only when
 * nothing else failed. */
static cxb_status gg_lists_release(gg_dev_lists *l, cxb_vid **host_ptr, cudaMemPool_t pool)
{
    cxb_status st = CXB_OK;
    if (l->list && !host_ptr) {
        gg_free_kernel<<<(unsigned)((l->n + 255) / 256), 256>>>(l->list, l->n);
        st = CXB_CUDA_LAUNCHED("gg_free_kernel");
        if (st == CXB_OK)
            st = CXB_CUDA(cudaDeviceSynchronize());
    }
    if (host_ptr) {
        for (uint64_t v = 0; v < l->n; ++v)
            if (host_ptr[v])
                (void)(pool ? cudaFreeAsync(host_ptr[v], 0) : cudaFree(host_ptr[v]));
        if (pool)
            (void)cudaDeviceSynchronize();
    }
    cudaFree(l->list);
    cudaFree(l->deg);
    cudaFree(l->cap);
    memset(l, 0, sizeof *l);
    return st;
}

#endif
