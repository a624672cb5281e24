/* graphgen.ba.cuda1 and graphgen.ba.cuda2 - Leist's Barabasi-Albert generator on the GPU
 * (Leist 2011, Alg. 17-20, Sec. 5.2.3; docs/studies/graphgen.md). Per new vertex t: clear the
 * "already selected" flags F, compute_pi_kernel writes the degrees into the Pi array, the
 * host's m keyed draws go to the device, an inclusive scan of Pi (CUB on 64-bit integers,
 * in place of cudppScan), then select_nbr_kernel (Alg. 18) repeated: every thread checks
 * the pending draws against its interval [cum(i-1), cum(i)) and test-and-sets F[i]; the
 * winner fills the draw's slot of A_tmp, a loser leaves it empty; the host copies the slot
 * flags back and draws new numbers for the empty slots only, keyed by iteration and slot
 * rank, until m are chosen. A_tmp is sorted, then
 *   cuda1: create_adj_list_kernel (Alg. 19) allocates A_t with in-kernel malloc (capacity
 *          X ceil(m/X), docs/studies/graphgen.md) on S1 while append_kernel (Alg. 20) on S2 appends
 *          t to the chosen lists, allocating degree + X with malloc when a degree is a
 *          multiple of X, X = 16 by default;
 *   cuda2: the host, which tracks every degree, creates A_t and grows full lists with
 *          cudaMalloc / cudaMemcpyAsync / cudaFree; append_kernel only writes and increments;
 *   cudapool (extension, docs/studies/graphgen.md): as cuda2 with cudaMallocFromPoolAsync /
 *          cudaFreeAsync on S1 from the default pool (release threshold at the maximum).
 * The set of chosen vertices and the number of empty slots do not depend on atomic order,
 * and the redraws are keyed by slot rank, so after the sort A_t equals graphgen.ba.seq's.
 *
 * Deviations (docs/studies/graphgen.md): keyed draws and integer degrees instead of the host
 * RNG and float Pi; CUB's scan instead of CUDPP's; A_tmp (m keys) sorted by one thread
 * instead of cudppSort; select_nbr_kernel reads the prefix from global memory instead of
 * staging it in shared memory; cuda1's old-to-new list copy (thesis: host cudaMemcpy after
 * reading P_d back) is a copy kernel on S2 that also frees the old lists - memory from the
 * device heap may not be passed to runtime API calls.
 */
#include <cub/device/device_scan.cuh>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cxb/graphgen/models.h"
#include "cxb/core/cuda.h"
#include "cxb/graphgen/cuda.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/common/upload.h"
#include "impl_cuda/graphgen/lists.cuh"

/* The complete core: list v = every other core vertex; cuda1 allocates in the kernel. */
static __global__ void core_kernel(uint32_t n0, uint32_t cap0, int device_alloc, cxb_vid **list, uint32_t *deg,
                                   uint32_t *cap, volatile int *err)
{
    __shared__ cxb_vid *s_l;
    cxb_vid v = blockIdx.x;
    if (threadIdx.x == 0) {
        s_l = device_alloc ? (cxb_vid *)malloc((size_t)cap0 * sizeof(cxb_vid)) : list[v];
        if (!s_l)
            *err = 1;
    }
    __syncthreads();
    if (!s_l)
        return;
    for (uint32_t u = threadIdx.x; u + 1 < n0; u += blockDim.x)
        s_l[u] = u < v ? u : u + 1;
    if (threadIdx.x == 0) {
        list[v] = s_l;
        deg[v] = n0 - 1;
        cap[v] = cap0;
    }
}

static __global__ void compute_pi_kernel(const uint32_t *deg, uint64_t t, uint64_t *pi)
{
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < t)
        pi[i] = deg[i];
}

/* Alg. 18: thread i owns [cum(i-1), cum(i)). */
static __global__ void select_nbr_kernel(const uint64_t *cum, uint64_t t, const uint64_t *draw, uint32_t cnt,
                                         const uint32_t *slotmap, uint32_t *flag, cxb_vid *tmp, uint8_t *filled)
{
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= t)
        return;
    uint64_t lo = i ? cum[i - 1] : 0, hi = cum[i];
    if (lo == hi)
        return;
    for (uint32_t a = 0; a < cnt; ++a) {
        uint64_t r = draw[a];
        if (r >= lo && r < hi && atomicExch(&flag[i], 1u) == 0u) {
            tmp[slotmap[a]] = (cxb_vid)i;
            filled[slotmap[a]] = 1;
        }
    }
}

/* A_tmp ascending (m keys, one thread). */
static __global__ void sort_kernel(cxb_vid *v, uint32_t m)
{
    for (uint32_t i = 1; i < m; ++i) {
        cxb_vid x = v[i];
        uint32_t j = i;
        for (; j > 0 && v[j - 1] > x; --j)
            v[j] = v[j - 1];
        v[j] = x;
    }
}

/* Alg. 19 (cuda1): one block of 128 threads; thread 0 allocates A_t. */
static __global__ void create_adj_list_kernel(cxb_vid t, const cxb_vid *tmp, uint32_t m, uint32_t capt, cxb_vid **list,
                                              uint32_t *deg, uint32_t *cap, volatile int *err)
{
    __shared__ cxb_vid *s_l;
    if (threadIdx.x == 0) {
        s_l = (cxb_vid *)malloc((size_t)capt * sizeof(cxb_vid));
        if (!s_l)
            *err = 1;
    }
    __syncthreads();
    if (!s_l)
        return;
    for (uint32_t e = threadIdx.x; e < m; e += blockDim.x)
        s_l[e] = tmp[e];
    if (threadIdx.x == 0) {
        list[t] = s_l;
        deg[t] = m;
        cap[t] = capt;
    }
}

/* Alg. 20 (cuda1): thread e appends t to the list of tmp[e], reallocating with malloc
 * when the degree is a multiple of X (capacities are multiples of X, 4.4). */
static __global__ void append_kernel(cxb_vid t, const cxb_vid *tmp, uint32_t m, uint32_t x, cxb_vid **list,
                                     uint32_t *deg, uint32_t *cap, cxb_vid **old_l, cxb_vid **new_l, uint32_t *old_d,
                                     volatile int *err)
{
    uint32_t e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= m)
        return;
    cxb_vid v = tmp[e];
    uint32_t d = deg[v];
    cxb_vid *l = list[v];
    old_l[e] = NULL;
    if (d == cap[v]) {
        cxb_vid *nl = (cxb_vid *)malloc((size_t)(d + x) * sizeof(cxb_vid));
        if (!nl) {
            *err = 1;
            return;
        }
        old_l[e] = l;
        new_l[e] = nl;
        old_d[e] = d;
        list[v] = nl;
        cap[v] = d + x;
        l = nl;
    }
    l[d] = t;
    deg[v] = d + 1;
}

/* cuda1: the contents of each replaced list into its new list, then free the old. */
static __global__ void copy_free_kernel(cxb_vid **old_l, cxb_vid **new_l, const uint32_t *old_d)
{
    cxb_vid *o = old_l[blockIdx.x];
    if (!o)
        return;
    cxb_vid *nl = new_l[blockIdx.x];
    for (uint32_t a = threadIdx.x; a < old_d[blockIdx.x]; a += blockDim.x)
        nl[a] = o[a];
    __syncthreads();
    if (threadIdx.x == 0)
        free(o);
}

/* cuda2: the host has reallocated where needed (newptr[e]); A_t is newptr[m]. */
static __global__ void append_host_kernel(cxb_vid t, const cxb_vid *tmp, uint32_t m, uint32_t x, uint32_t capt,
                                          cxb_vid *const *newptr, cxb_vid **list, uint32_t *deg, uint32_t *cap)
{
    uint32_t e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e == 0) {
        list[t] = newptr[m];
        deg[t] = m;
        cap[t] = capt;
    }
    if (e >= m)
        return;
    cxb_vid v = tmp[e];
    uint32_t d = deg[v];
    if (newptr[e]) {
        list[v] = newptr[e];
        cap[v] = d + x;
    }
    list[v][d] = t;
    deg[v] = d + 1;
}

typedef struct ba_dev {
    cudaStream_t s0, s1, s2;
    cudaEvent_t sorted, e1, e2;
    gg_dev_lists l;
    uint64_t *pi, *cum, *draw;
    uint32_t *flag, *slotmap;
    uint8_t *filled;
    cxb_vid *tmp;
    cxb_vid **old_l, **new_l, **newptr;
    uint32_t *old_d;
    void *scan_tmp;
    size_t scan_bytes;
    int *h_err, *d_err;         /* mapped */
    uint64_t *h_draw;           /* pinned */
    uint32_t *h_slotmap;
    uint8_t *h_filled;
    cxb_vid *h_tmp;
    cxb_vid **h_newptr;
    uint32_t *hdeg, *hcap;      /* cuda2: host mirror */
    cxb_vid **hptr;
    cudaMemPool_t pool;         /* cudapool */
} ba_dev;

static void ba_dev_free(ba_dev *d)
{
    cudaStream_t ss[2] = {d->s1, d->s2}; /* s0 is the harness's */
    for (int i = 0; i < 2; ++i)
        if (ss[i])
            cudaStreamDestroy(ss[i]);
    cudaEvent_t ev[3] = {d->sorted, d->e1, d->e2};
    for (int i = 0; i < 3; ++i)
        if (ev[i])
            cudaEventDestroy(ev[i]);
    cudaFree(d->pi);
    cudaFree(d->cum);
    cudaFree(d->draw);
    cudaFree(d->flag);
    cudaFree(d->slotmap);
    cudaFree(d->filled);
    cudaFree(d->tmp);
    cudaFree(d->old_l);
    cudaFree(d->new_l);
    cudaFree(d->newptr);
    cudaFree(d->old_d);
    cudaFree(d->scan_tmp);
    cudaFreeHost(d->h_err);
    cudaFreeHost(d->h_draw);
    cudaFreeHost(d->h_slotmap);
    cudaFreeHost(d->h_filled);
    cudaFreeHost(d->h_tmp);
    cudaFreeHost(d->h_newptr);
    free(d->hdeg);
    free(d->hcap);
    free(d->hptr);
}

#define DALLOC(ptr, bytes) CXB_CUDA_ALLOC(cudaMalloc((void **)&(ptr), (bytes)), (bytes))
#define HALLOC(ptr, bytes) CXB_CUDA_HOSTALLOC(cudaHostAlloc((void **)&(ptr), (bytes), cudaHostAllocDefault), (bytes))

static uint32_t round_up(uint32_t v, uint32_t x)
{
    return (v + x - 1) / x * x;
}

extern "C" cxb_status cxb_ba_cuda(const cxb_ba_params *pin, cxb_gg_variant v, cxb_adjlists *out,
                                  cxb_gg_cuda_stats *stats, const cxb_cuda_exec *ex)
{
    memset(out, 0, sizeof *out);
    memset(stats, 0, sizeof *stats);
    cxb_ba_params p = *pin;
    cxb_status st = cxb_ba_check(&p);
    if (st != CXB_OK)
        return st;
    if (v != CXB_GG_CUDA1 && v != CXB_GG_CUDA2 && v != CXB_GG_CUDAPOOL)
        return cxb_fail(CXB_EINPUT, "graphgen.ba: not a CUDA variant");
    if (p.n0 > 0xFFFFFFFFull || p.n0 - 1 > 1u << 20)
        return cxb_fail(CXB_EINPUT, "graphgen.ba: n0=%llu: the CUDA core kernel takes at most 2^20",
                        (unsigned long long)p.n0);
    uint64_t n = p.n, n0 = p.n0;
    uint32_t m = p.m, x = p.x ? p.x : cxb_ba_x_auto(v, m);
    uint32_t cap0 = round_up((uint32_t)(n0 - 1), x), capt = round_up(m, x);
    int host = v != CXB_GG_CUDA1; /* cuda2 and cudapool: the host manages the lists */
    stats->x = x;
    ba_dev d;
    memset(&d, 0, sizeof d);
    uint64_t bytes = 0;
    if (host) {
        d.hdeg = (uint32_t *)calloc(n, 4);
        d.hcap = (uint32_t *)calloc(n, 4);
        d.hptr = (cxb_vid **)calloc(n, sizeof(cxb_vid *));
        if (!d.hdeg || !d.hcap || !d.hptr) {
            ba_dev_free(&d);
            return cxb_fail(CXB_ERESOURCE, "graphgen.ba: out of host memory");
        }
    }
    { /* both variants, before any kernel of this module (see alpha.cu) */
        uint64_t want = p.heap_mb ? p.heap_mb : 8 * n * (2ull * m + x) * 4 / (1u << 20);
        if (want < 64)
            want = 64;
        if ((st = gg_set_heap(want, &stats->heap_mb)) != CXB_OK)
            goto fail;
    }
    d.s0 = ex ? (cudaStream_t)ex->stream : 0;
    if ((st = CXB_CUDA(cudaStreamCreateWithFlags(&d.s1, cudaStreamNonBlocking))) != CXB_OK ||
        (st = CXB_CUDA(cudaStreamCreateWithFlags(&d.s2, cudaStreamNonBlocking))) != CXB_OK ||
        (st = CXB_CUDA(cudaEventCreateWithFlags(&d.sorted, cudaEventDisableTiming))) != CXB_OK ||
        (st = CXB_CUDA(cudaEventCreateWithFlags(&d.e1, cudaEventDisableTiming))) != CXB_OK ||
        (st = CXB_CUDA(cudaEventCreateWithFlags(&d.e2, cudaEventDisableTiming))) != CXB_OK ||
        (v == CXB_GG_CUDAPOOL && (st = gg_pool_get(&d.pool)) != CXB_OK))
        goto fail;
    {
        int64_t t0 = gg_now_ns(); /* gen: from here to the synchronised device lists */
        if ((st = CXB_CUDA(cub::DeviceScan::InclusiveSum(NULL, d.scan_bytes, d.pi, d.cum, (int)n))) != CXB_OK)
            goto fail;
        if ((st = gg_lists_alloc(&d.l, n)) != CXB_OK || (st = DALLOC(d.pi, n * 8)) != CXB_OK ||
            (st = DALLOC(d.cum, n * 8)) != CXB_OK || (st = DALLOC(d.flag, n * 4)) != CXB_OK ||
            (st = DALLOC(d.draw, (size_t)m * 8)) != CXB_OK || (st = DALLOC(d.slotmap, (size_t)m * 4)) != CXB_OK ||
            (st = DALLOC(d.filled, m)) != CXB_OK || (st = DALLOC(d.tmp, (size_t)m * 4)) != CXB_OK ||
            (st = DALLOC(d.old_l, (size_t)m * 8)) != CXB_OK || (st = DALLOC(d.new_l, (size_t)m * 8)) != CXB_OK ||
            (st = DALLOC(d.newptr, (size_t)(m + 1) * 8)) != CXB_OK || (st = DALLOC(d.old_d, (size_t)m * 4)) != CXB_OK ||
            (st = DALLOC(d.scan_tmp, d.scan_bytes ? d.scan_bytes : 1)) != CXB_OK ||
            (st = CXB_CUDA_HOSTALLOC(cudaHostAlloc((void **)&d.h_err, sizeof(int), cudaHostAllocMapped), 4)) != CXB_OK ||
            (st = CXB_CUDA(cudaHostGetDevicePointer((void **)&d.d_err, d.h_err, 0))) != CXB_OK ||
            (st = HALLOC(d.h_draw, (size_t)m * 8)) != CXB_OK || (st = HALLOC(d.h_slotmap, (size_t)m * 4)) != CXB_OK ||
            (st = HALLOC(d.h_filled, m)) != CXB_OK || (st = HALLOC(d.h_tmp, (size_t)m * 4)) != CXB_OK ||
            (st = HALLOC(d.h_newptr, (size_t)(m + 1) * 8)) != CXB_OK)
            goto fail;
        *(volatile int *)d.h_err = 0;
        /* the core (Alg. 16 line 1) */
        if (host) {
            for (uint64_t u = 0; u < n0; ++u) {
                if ((st = gg_host_alloc(d.pool, d.s1, &d.hptr[u], (size_t)cap0 * 4)) != CXB_OK)
                    goto fail;
                d.hdeg[u] = (uint32_t)(n0 - 1);
                d.hcap[u] = cap0;
                bytes += (size_t)cap0 * 4;
                ++stats->allocations;
            }
            /* on S1 after the core lists' allocations (cudapool queues them there), then S0's
             * core kernel after both; S1 and S2 follow S0 through `sorted` (upload.h) */
            if ((st = cxb_cuda_upload(d.l.list, d.hptr, n0 * sizeof(cxb_vid *), d.s1)) != CXB_OK ||
                (st = CXB_CUDA(cudaEventRecord(d.e1, d.s1))) != CXB_OK ||
                (st = CXB_CUDA(cudaStreamWaitEvent(d.s0, d.e1, 0))) != CXB_OK)
                goto fail;
        }
        core_kernel<<<(unsigned)n0, 128, 0, d.s0>>>((uint32_t)n0, cap0, !host, d.l.list, d.l.deg, d.l.cap, d.d_err);
        if ((st = CXB_CUDA_LAUNCHED("core_kernel")) != CXB_OK || (st = CXB_CUDA(cudaEventRecord(d.e1, d.s1))) != CXB_OK ||
            (st = CXB_CUDA(cudaEventRecord(d.e2, d.s2))) != CXB_OK)
            goto fail;
        uint64_t D = n0 * (n0 - 1);
        for (uint64_t t = n0; t < n; ++t, D += 2ull * m) {
            unsigned tb = (unsigned)((t + 255) / 256);
            if ((st = CXB_CUDA(cudaStreamWaitEvent(d.s0, d.e1, 0))) != CXB_OK ||
                (st = CXB_CUDA(cudaStreamWaitEvent(d.s0, d.e2, 0))) != CXB_OK ||
                (st = CXB_CUDA(cudaMemsetAsync(d.flag, 0, t * 4, d.s0))) != CXB_OK ||
                (st = CXB_CUDA(cudaMemsetAsync(d.filled, 0, m, d.s0))) != CXB_OK)
                goto fail;
            compute_pi_kernel<<<tb, 256, 0, d.s0>>>(d.l.deg, t, d.pi);
            if ((st = CXB_CUDA_LAUNCHED("compute_pi_kernel")) != CXB_OK)
                goto fail;
            if ((st = CXB_CUDA(cub::DeviceScan::InclusiveSum(d.scan_tmp, d.scan_bytes, d.pi, d.cum, (int)t, d.s0))) != CXB_OK)
                goto fail;
            uint32_t cnt = m, c = 0;
            for (uint32_t q = 0; cnt > 0; ++q) {
                if (q > 0xFFFFu) {
                    st = cxb_fail(CXB_EFAIL, "graphgen.ba: vertex %llu: no %u targets after 65536 iterations",
                                  (unsigned long long)t, m);
                    goto fail;
                }
                /* slot rank a of this iteration fills empty slot slotmap[a] (4.4 step 5) */
                for (uint32_t a = 0, e = 0; a < cnt; ++e)
                    if (q == 0 || !d.h_filled[e]) {
                        d.h_slotmap[a] = e;
                        d.h_draw[a] = cxb_ba_draw(p.seed, t, q, a, D);
                        ++a;
                    }
                if ((st = CXB_CUDA(cudaMemcpyAsync(d.draw, d.h_draw, (size_t)cnt * 8, cudaMemcpyHostToDevice, d.s0))) != CXB_OK ||
                    (st = CXB_CUDA(cudaMemcpyAsync(d.slotmap, d.h_slotmap, (size_t)cnt * 4, cudaMemcpyHostToDevice, d.s0))) != CXB_OK)
                    goto fail;
                select_nbr_kernel<<<tb, 256, 0, d.s0>>>(d.cum, t, d.draw, cnt, d.slotmap, d.flag, d.tmp, d.filled);
                if ((st = CXB_CUDA_LAUNCHED("select_nbr_kernel")) != CXB_OK ||
                    (st = CXB_CUDA(cudaMemcpyAsync(d.h_filled, d.filled, m, cudaMemcpyDeviceToHost, d.s0))) != CXB_OK ||
                    (st = CXB_CUDA(cudaStreamSynchronize(d.s0))) != CXB_OK)
                    goto fail;
                c = 0;
                for (uint32_t e = 0; e < m; ++e)
                    c += d.h_filled[e];
                cnt = m - c;
            }
            sort_kernel<<<1, 1, 0, d.s0>>>(d.tmp, m);
            if ((st = CXB_CUDA_LAUNCHED("sort_kernel")) != CXB_OK || (st = CXB_CUDA(cudaEventRecord(d.sorted, d.s0))) != CXB_OK)
                goto fail;
            if (!host) {
                unsigned ab = (m + 127) / 128;
                if ((st = CXB_CUDA(cudaStreamWaitEvent(d.s1, d.sorted, 0))) != CXB_OK ||
                    (st = CXB_CUDA(cudaStreamWaitEvent(d.s2, d.sorted, 0))) != CXB_OK)
                    goto fail;
                create_adj_list_kernel<<<1, 128, 0, d.s1>>>((cxb_vid)t, d.tmp, m, capt, d.l.list, d.l.deg, d.l.cap, d.d_err);
                if ((st = CXB_CUDA_LAUNCHED("create_adj_list_kernel")) != CXB_OK)
                    goto fail;
                append_kernel<<<ab, 128, 0, d.s2>>>((cxb_vid)t, d.tmp, m, x, d.l.list, d.l.deg, d.l.cap, d.old_l, d.new_l,
                                                    d.old_d, d.d_err);
                if ((st = CXB_CUDA_LAUNCHED("append_kernel")) != CXB_OK)
                    goto fail;
                copy_free_kernel<<<m, 128, 0, d.s2>>>(d.old_l, d.new_l, d.old_d);
                if ((st = CXB_CUDA_LAUNCHED("copy_free_kernel")) != CXB_OK ||
                    (st = CXB_CUDA(cudaEventRecord(d.e1, d.s1))) != CXB_OK ||
                    (st = CXB_CUDA(cudaEventRecord(d.e2, d.s2))) != CXB_OK)
                    goto fail;
                if ((st = gg_heap_status(d.h_err, "ba", stats->heap_mb)) != CXB_OK)
                    goto fail;
                continue;
            }
            /* cuda2: the host does all memory management (Sec. 5.2.3) */
            if ((st = CXB_CUDA(cudaMemcpyAsync(d.h_tmp, d.tmp, (size_t)m * 4, cudaMemcpyDeviceToHost, d.s0))) != CXB_OK ||
                (st = CXB_CUDA(cudaStreamSynchronize(d.s0))) != CXB_OK ||
                (st = CXB_CUDA(cudaStreamSynchronize(d.s1))) != CXB_OK) /* h_newptr is reused */
                goto fail;
            cxb_vid *at = NULL;
            if ((st = gg_host_alloc(d.pool, d.s1, &at, (size_t)capt * 4)) != CXB_OK)
                goto fail;
            ++stats->allocations;
            bytes += (size_t)capt * 4;
            d.hptr[t] = at;
            d.hdeg[t] = m;
            d.hcap[t] = capt;
            if ((st = CXB_CUDA(cudaMemcpyAsync(at, d.tmp, (size_t)m * 4, cudaMemcpyDeviceToDevice, d.s1))) != CXB_OK)
                goto fail;
            for (uint32_t e = 0; e < m; ++e) {
                cxb_vid u = d.h_tmp[e];
                d.h_newptr[e] = NULL;
                if (d.hdeg[u] == d.hcap[u]) {
                    cxb_vid *nl = NULL, *old = d.hptr[u];
                    size_t nb = (size_t)(d.hdeg[u] + x) * 4;
                    if ((st = gg_host_alloc(d.pool, d.s1, &nl, nb)) != CXB_OK)
                        goto fail;
                    ++stats->allocations;
                    bytes += nb;
                    if ((st = CXB_CUDA(cudaMemcpyAsync(nl, old, (size_t)d.hdeg[u] * 4, cudaMemcpyDeviceToDevice, d.s1))) != CXB_OK ||
                        (st = gg_host_free(d.pool, d.s1, old)) != CXB_OK) /* cuda2: synchronises the device (11.15) */
                        goto fail;
                    ++stats->frees;
                    bytes -= (size_t)d.hcap[u] * 4;
                    d.hptr[u] = nl;
                    d.hcap[u] = d.hdeg[u] + x;
                    d.h_newptr[e] = nl;
                }
                ++d.hdeg[u];
            }
            if (bytes > stats->device_bytes_peak)
                stats->device_bytes_peak = bytes;
            d.h_newptr[m] = at;
            if ((st = CXB_CUDA(cudaMemcpyAsync(d.newptr, d.h_newptr, (size_t)(m + 1) * 8, cudaMemcpyHostToDevice, d.s1))) != CXB_OK)
                goto fail;
            append_host_kernel<<<(m + 127) / 128, 128, 0, d.s1>>>((cxb_vid)t, d.tmp, m, x, capt, d.newptr, d.l.list, d.l.deg,
                                                                  d.l.cap);
            if ((st = CXB_CUDA_LAUNCHED("append_host_kernel")) != CXB_OK || (st = CXB_CUDA(cudaEventRecord(d.e1, d.s1))) != CXB_OK)
                goto fail;
        }
        if ((st = CXB_CUDA(cudaDeviceSynchronize())) != CXB_OK)
            goto fail;
        if ((st = gg_heap_status(d.h_err, "ba", stats->heap_mb)) != CXB_OK)
            goto fail;
        stats->gen_ns = gg_now_ns() - t0;
        int64_t t1 = gg_now_ns();
        st = gg_gather(&d.l, x, out);
        stats->d2h_ns = gg_now_ns() - t1;
        if (st == CXB_OK && !host) { /* cuda1's calls follow from the final degrees (capacities grow by X) */
            for (uint64_t u = 0; u < n; ++u) {
                uint32_t c0 = u < n0 ? cap0 : capt, dg = out->deg[u];
                uint64_t grows = dg > c0 ? (dg - c0 + x - 1) / x : 0;
                stats->allocations += 1 + grows;
                stats->frees += grows;
                stats->device_bytes_peak += (uint64_t)(c0 + grows * x) * 4;
            }
        }
        if (st == CXB_OK) {
            out->allocations = stats->allocations;
            out->frees = stats->frees;
        }
    }
fail:
    {
        cxb_status st2 = d.l.list ? gg_lists_release(&d.l, host ? d.hptr : NULL, d.pool) : CXB_OK;
        if (st == CXB_OK)
            st = st2;
    }
    ba_dev_free(&d);
    if (st != CXB_OK)
        cxb_adjlists_free(out);
    return st;
}
