/* impl_cuda/graph/dcsr.cu - graphs on the GPU (docs/studies/graph.md "Graphs on the GPU"): the
 * CSR of cxb/graph/dcsr.h built in device memory with CUB, byte-identical to cxb_csr_from_edges
 * (impl_cpu/graph/csr.c) on the same tuples, and "generate -> CSR" without the host.
 *
 * The pipeline is that of docs/studies/graph.md "Building a CSR", on two key buffers A and B of
 * 2 * pairs keys each, allocated with everything else before the first kernel:
 *   1. check: every id below n (the first bad tuple in input order gives the reference's
 *      message) and the self-loops counted (warp sums, one atomicAdd per warp);
 *   2. loops dropped from the tuples in A (cub::DeviceSelect::If in place, stable) when there
 *      are any;
 *   3. symmetrise: tuple i becomes arcs 2i and 2i+1 in B;
 *   4. cub::DeviceRadixSort::SortKeys over the bits a key can have (32 + bits(n - 1)), B and A
 *      as its double buffer;
 *   5. unless multigraph, cub::DeviceSelect::Unique into the other buffer (the first of each
 *      run kept, as the reference does);
 *   6. one kernel: adj[i] = low word of key i, and off[w] = i for every w in (u_{i-1}, u_i] (with
 *      u_{-1} = -1 and u_kept = n): the first arc of row w, so every offset is written exactly
 *      once, no histogram and no scan (the keys are sorted by source). A thread writes at most
 *      DCSR_RUN offsets of its range; the rest of a long run of isolated vertices is left at
 *      its initial all-ones and found by a second kernel, one thread per such vertex, by a
 *      binary search for the first key with source >= w (the same value).
 * gnm's tuples arrive sorted, distinct and canonical (u < v), so for them steps 3-5 are a sort of
 * the reversed arcs alone merged with the tuples (half the radix sort, no unique).
 * Deviation from the outline of docs/studies/graph.md (histogram + exclusive scan for the
 * offsets): step 6 needs neither, because the sorted keys already are the rows.
 *
 * Memory (docs/studies/graph.md): 2 x 16 B per tuple for A and B, 4 B per arc of adj, 8 (n+1) B
 * of offsets and CUB's temporary storage, summed and compared with cudaMemGetInfo before anything
 * is allocated (CXB_ERESOURCE naming both). Host round trips: the 16 bytes of step 1's counts and
 * the kept count of step 5, which size the result.
 */
#include <cub/cub.cuh>
#include <stdlib.h>
#include <string.h>

#include "cxb/core/cuda.h"
#include "cxb/core/search.h"
#include "cxb/graph/dcsr.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/graph/gen_dev.h"

#define DCSR_BLOCK 256

static unsigned dcsr_grid(uint64_t items)
{
    uint64_t g = (items + DCSR_BLOCK - 1) / DCSR_BLOCK;
    return g == 0 ? 1u : g > 65535u * 16u ? 65535u * 16u : (unsigned)g;
}

/* step 1: cnt[0] += self-loops, cnt[1] = min index of a tuple with an id >= n */
static __global__ void dcsr_check(const uint64_t *__restrict__ key, uint64_t pairs, uint64_t n,
                                  unsigned long long *__restrict__ cnt)
{
    unsigned long long loops = 0;
    for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < pairs;
         i += (uint64_t)gridDim.x * blockDim.x) {
        uint64_t k = key[i], u = k >> 32, v = k & 0xFFFFFFFFu;
        if (u >= n || v >= n)
            atomicMin(&cnt[1], (unsigned long long)i);
        loops += u == v;
    }
    for (int o = 16; o > 0; o >>= 1)
        loops += __shfl_down_sync(0xFFFFFFFFu, loops, o);
    if ((threadIdx.x & 31) == 0 && loops)
        atomicAdd(&cnt[0], loops);
}

struct not_loop {
    __host__ __device__ bool operator()(uint64_t k) const { return (k >> 32) != (k & 0xFFFFFFFFu); }
};

/* step 3 */
static __global__ void dcsr_symmetrise(const uint64_t *__restrict__ tup, uint64_t count,
                                       uint64_t *__restrict__ arcs)
{
    for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < count;
         i += (uint64_t)gridDim.x * blockDim.x) {
        uint64_t k = tup[i];
        ulonglong2 two = make_ulonglong2(k, (k << 32) | (k >> 32));
        reinterpret_cast<ulonglong2 *>(arcs)[i] = two; /* arcs is 16-byte aligned (cudaMalloc) */
    }
}

/* the canonical path's step 3: the reversed arc of every tuple */
static __global__ void dcsr_reverse(const uint64_t *__restrict__ tup, uint64_t count, uint64_t *__restrict__ rev)
{
    for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < count;
         i += (uint64_t)gridDim.x * blockDim.x) {
        const uint64_t k = tup[i];
        rev[i] = (k << 32) | (k >> 32);
    }
}

/* step 6 (off[] is all ones before) */
#define DCSR_RUN 64u /* offsets one thread writes at most; the rest: dcsr_gaps */
static __global__ void dcsr_rows(const uint64_t *__restrict__ key, uint64_t kept, uint64_t n,
                                 uint64_t *__restrict__ off, cxb_vid *__restrict__ adj)
{
    for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i <= kept;
         i += (uint64_t)gridDim.x * blockDim.x) {
        uint64_t first = i == 0 ? 0 : (key[i - 1] >> 32) + 1; /* (u_{i-1}, u_i] */
        uint64_t last = i == kept ? n : key[i] >> 32;
        if (first + DCSR_RUN <= last)
            first = last - (DCSR_RUN - 1); /* the run's last DCSR_RUN, the others by dcsr_gaps */
        for (uint64_t w = first; w <= last; ++w)
            off[w] = i;
        if (i < kept)
            adj[i] = (cxb_vid)key[i];
    }
}

/* the offsets dcsr_rows left: off[w] = the first index whose key has source >= w */
static __global__ void dcsr_gaps(const uint64_t *__restrict__ key, uint64_t kept, uint64_t n,
                                 uint64_t *__restrict__ off)
{
    for (uint64_t w = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; w <= n;
         w += (uint64_t)gridDim.x * blockDim.x) {
        if (off[w] != ~0ull)
            continue;
        off[w] = cxb_lower_bound_u64(key, 0, kept, w << 32);
    }
}

typedef struct dscratch {
    void *p;
    size_t bytes;
} dscratch;

/* The temporary storage the build's CUB calls need for up to `arcs` keys (sizes only; no work). */
static cxb_status cub_bytes(uint64_t arcs, int end_bit, size_t *bytes)
{
    size_t a = 0, b = 0, c = 0, e = 0, f = 0;
    uint64_t *k = NULL;
    unsigned long long *num = NULL;
    cub::DoubleBuffer<uint64_t> db(k, k);
    CXB_CUDA_TRY(cub::DeviceRadixSort::SortKeys(NULL, a, db, (int64_t)arcs, 0, end_bit));
    CXB_CUDA_TRY(cub::DeviceSelect::Unique(NULL, b, k, k, num, (int64_t)arcs));
    CXB_CUDA_TRY(cub::DeviceSelect::If(NULL, c, k, num, (int64_t)arcs, not_loop()));
    /* the canonical path: a sort of the reversed half, a merge of both halves */
    CXB_CUDA_TRY(cub::DeviceRadixSort::SortKeys(NULL, e, k, k, (int64_t)(arcs / 2), 0, end_bit));
    CXB_CUDA_TRY(cub::DeviceMerge::MergeKeys(NULL, f, k, (int64_t)(arcs / 2), k, (int64_t)(arcs / 2), k,
                                             ::cuda::std::less<uint64_t>()));
    size_t m = a;
    if (b > m)
        m = b;
    if (c > m)
        m = c;
    if (e > m)
        m = e;
    if (f > m)
        m = f;
    *bytes = m;
    return CXB_OK;
}

static int key_end_bit(uint64_t n)
{
    int end_bit = 32; /* keys u << 32 | v with u, v < n */
    for (uint64_t top = n > 1 ? n - 1 : 0; top; top >>= 1)
        ++end_bit;
    return end_bit;
}

/* Bytes of the build of `pairs` tuples on n vertices besides the tuples' own buffer (which must
 * hold 2 * pairs keys): B, adj, off, CUB and the counters. */
static cxb_status build_bytes(uint64_t n, uint64_t pairs, uint64_t *bytes)
{
    size_t cub = 0;
    cxb_status st = cub_bytes(2 * pairs, key_end_bit(n), &cub);
    if (st != CXB_OK)
        return st;
    *bytes = 16 * pairs + 8 * pairs + 8 * (n + 1) + cub + 256;
    return CXB_OK;
}

static cxb_status fits(const char *what, uint64_t need)
{
    size_t free_b = 0, total_b = 0;
    CXB_CUDA_TRY(cudaMemGetInfo(&free_b, &total_b));
    if (need > free_b)
        return cxb_fail(CXB_ERESOURCE, "%s: needs %.2f GiB of device memory, %.2f GiB free of %.2f GiB", what,
                        need / 1073741824.0, free_b / 1073741824.0, total_b / 1073741824.0);
    return CXB_OK;
}

static cxb_status no_gpu(const char *what)
{
    const char *why = NULL;
    if (cxb_cuda_device_count(&why) == 0)
        return cxb_fail(CXB_ERESOURCE, "%s: no CUDA device found (%s)", what, why);
    return CXB_OK;
}

extern "C" void cxb_dcsr_free(cxb_dcsr *d)
{
    if (!d)
        return;
    cudaFree(d->off);
    cudaFree(d->adj);
    memset(d, 0, sizeof *d);
}

/* Steps 1-6 on the tuples a[0 .. pairs) (a holds 2 * pairs keys, and is consumed). ev (may be
 * NULL) receives two events around the work on the stream, recorded after the allocations and
 * before the frees, so that they time the device work only. canonical: the caller knows the
 * tuples to be sorted ascending, distinct and u < v (gnm's set): then steps 3-5 are a sort of the
 * reversed arcs alone and a merge with the tuples (cub::DeviceMerge), which are the forward arcs
 * already sorted; the two halves share no key (u < v against u > v), so nothing is removed, as
 * the general path would find. Step 1 still runs and the general path is taken if it finds a
 * loop. */
static cxb_status build(uint64_t n, uint64_t *a, uint64_t pairs, int multigraph, int canonical,
                        cudaStream_t stream, cxb_dcsr *d, cudaEvent_t *ev)
{
    uint64_t arcs_max = 2 * pairs, *b = NULL;
    unsigned long long *cnt = NULL;
    dscratch tmp = {NULL, 0};
    int end_bit = key_end_bit(n);
    size_t bb = (arcs_max ? arcs_max : 1) * sizeof(uint64_t), ab = (arcs_max ? arcs_max : 1) * sizeof(cxb_vid);
    size_t ob = (n + 1) * sizeof(uint64_t);
    cxb_status st = cub_bytes(arcs_max, end_bit, &tmp.bytes);
    if (st == CXB_OK)
        st = CXB_CUDA_ALLOC(cudaMalloc(&b, bb), bb);
    if (st == CXB_OK)
        st = CXB_CUDA_ALLOC(cudaMalloc(&tmp.p, tmp.bytes ? tmp.bytes : 1), tmp.bytes);
    if (st == CXB_OK)
        st = CXB_CUDA_ALLOC(cudaMalloc(&cnt, 4 * sizeof *cnt), 4 * sizeof *cnt);
    if (st == CXB_OK)
        st = CXB_CUDA_ALLOC(cudaMalloc(&d->off, ob), ob);
    if (st == CXB_OK)
        st = CXB_CUDA_ALLOC(cudaMalloc(&d->adj, ab), ab);
    if (st == CXB_OK && ev)
        st = CXB_CUDA(cudaEventRecord(ev[0], stream));
    /* 1: checks and loops */
    unsigned long long init[4] = {0, ~0ull, 0, 0}, got[4];
    if (st == CXB_OK)
        st = CXB_CUDA(cudaMemcpyAsync(cnt, init, sizeof init, cudaMemcpyHostToDevice, stream));
    if (st == CXB_OK && pairs) {
        dcsr_check<<<dcsr_grid(pairs), DCSR_BLOCK, 0, stream>>>(a, pairs, n, cnt);
        st = CXB_CUDA_LAUNCHED("dcsr_check");
    }
    if (st == CXB_OK && (st = CXB_CUDA(cudaMemcpyAsync(got, cnt, sizeof got, cudaMemcpyDeviceToHost, stream))) ==
                            CXB_OK)
        st = CXB_CUDA(cudaStreamSynchronize(stream));
    if (st == CXB_OK && got[1] != ~0ull) {
        uint64_t k = 0;
        st = CXB_CUDA(cudaMemcpyAsync(&k, a + got[1], sizeof k, cudaMemcpyDeviceToHost, stream));
        if (st == CXB_OK)
            st = CXB_CUDA(cudaStreamSynchronize(stream));
        uint64_t u = k >> 32, v = k & 0xFFFFFFFFu;
        if (st == CXB_OK) /* the message of cxb_csr_from_edges */
            st = cxb_fail(CXB_EINPUT, "edge list: vertex id %llu is not below n = %llu",
                          (unsigned long long)(u >= n ? u : v), (unsigned long long)n);
    }
    uint64_t loops = st == CXB_OK ? got[0] : 0, tuples = pairs - loops, arcs = 2 * tuples, kept = arcs;
    uint64_t *rows = NULL;
    if (canonical && !loops) { /* 3-5: reversed arcs into b, sorted into a's upper half, merged into b */
        if (st == CXB_OK && tuples) {
            dcsr_reverse<<<dcsr_grid(tuples), DCSR_BLOCK, 0, stream>>>(a, tuples, b);
            st = CXB_CUDA_LAUNCHED("dcsr_reverse");
        }
        if (st == CXB_OK && tuples) {
            size_t need = tmp.bytes;
            st = CXB_CUDA(cub::DeviceRadixSort::SortKeys(tmp.p, need, b, a + tuples, (int64_t)tuples, 0, end_bit,
                                                         stream));
        }
        if (st == CXB_OK && tuples) {
            size_t need = tmp.bytes;
            st = CXB_CUDA(cub::DeviceMerge::MergeKeys(tmp.p, need, a, (int64_t)tuples, a + tuples, (int64_t)tuples, b,
                                                      ::cuda::std::less<uint64_t>(), stream));
        }
        rows = b;
    } else {
        /* 2: loops out */
        if (st == CXB_OK && loops) {
            size_t need = tmp.bytes;
            st = CXB_CUDA(cub::DeviceSelect::If(tmp.p, need, a, cnt + 2, (int64_t)pairs, not_loop(), stream));
        }
        /* 3: both arcs */
        if (st == CXB_OK && tuples) {
            dcsr_symmetrise<<<dcsr_grid(tuples), DCSR_BLOCK, 0, stream>>>(a, tuples, b);
            st = CXB_CUDA_LAUNCHED("dcsr_symmetrise");
        }
        /* 4: sort (B -> A, or back) */
        cub::DoubleBuffer<uint64_t> db(b, a);
        if (st == CXB_OK && arcs) {
            size_t need = tmp.bytes;
            st = CXB_CUDA(cub::DeviceRadixSort::SortKeys(tmp.p, need, db, (int64_t)arcs, 0, end_bit, stream));
        }
        uint64_t *sorted = db.Current();
        rows = sorted;
        /* 5: unique */
        if (st == CXB_OK && arcs && !multigraph) {
            size_t need = tmp.bytes;
            rows = db.Alternate();
            st = CXB_CUDA(cub::DeviceSelect::Unique(tmp.p, need, sorted, rows, cnt + 3, (int64_t)arcs, stream));
            if (st == CXB_OK &&
                (st = CXB_CUDA(cudaMemcpyAsync(&got[3], cnt + 3, sizeof got[3], cudaMemcpyDeviceToHost, stream))) ==
                    CXB_OK &&
                (st = CXB_CUDA(cudaStreamSynchronize(stream))) == CXB_OK)
                kept = got[3];
        }
    }
    /* 6: rows */
    if (st == CXB_OK)
        st = CXB_CUDA(cudaMemsetAsync(d->off, 0xFF, ob, stream));
    if (st == CXB_OK) {
        dcsr_rows<<<dcsr_grid(kept + 1), DCSR_BLOCK, 0, stream>>>(rows, kept, n, d->off, d->adj);
        st = CXB_CUDA_LAUNCHED("dcsr_rows");
    }
    if (st == CXB_OK) {
        dcsr_gaps<<<dcsr_grid(n + 1), DCSR_BLOCK, 0, stream>>>(rows, kept, n, d->off);
        st = CXB_CUDA_LAUNCHED("dcsr_gaps");
    }
    if (st == CXB_OK && ev)
        st = CXB_CUDA(cudaEventRecord(ev[1], stream));
    if (st == CXB_OK)
        st = CXB_CUDA(cudaStreamSynchronize(stream));
    cudaFree(b);
    cudaFree(tmp.p);
    cudaFree(cnt);
    if (st != CXB_OK) {
        cxb_dcsr_free(d);
        return st;
    }
    d->n = n;
    d->nnz = kept;
    d->m = kept / 2;
    d->flags = CXB_CSR_SYMMETRIC | CXB_CSR_SORTED | (multigraph ? CXB_CSR_MULTI : CXB_CSR_SIMPLE);
    d->stats.pairs_read = pairs;
    d->stats.self_loops_removed = loops;
    d->stats.duplicates_removed = (arcs - kept) / 2;
    d->stats.extra_columns_ignored = 0;
    return CXB_OK;
}

extern "C" cxb_status cxb_dcsr_from_edges(const cxb_edges *e, int multigraph, void *stream, cxb_dcsr *d)
{
    memset(d, 0, sizeof *d);
    cudaStream_t s = (cudaStream_t)stream;
    cxb_status st = no_gpu("device CSR");
    if (st != CXB_OK)
        return st;
    if (e->n > CXB_N_MAX)
        return cxb_fail(CXB_EINPUT, "%llu vertices exceed the 32-bit id space", (unsigned long long)e->n);
    uint64_t pairs = e->count, need = 0;
    if ((st = build_bytes(e->n, pairs, &need)) != CXB_OK ||
        (st = fits("device CSR", need + 16 * pairs)) != CXB_OK)
        return st;
    size_t ab = (pairs ? 2 * pairs : 1) * sizeof(uint64_t);
    uint64_t *a = NULL;
    if ((st = CXB_CUDA_ALLOC(cudaMalloc(&a, ab), ab)) != CXB_OK)
        return st;
    if (pairs)
        st = CXB_CUDA(cudaMemcpyAsync(a, e->key, pairs * sizeof(uint64_t), cudaMemcpyHostToDevice, s));
    if (st == CXB_OK)
        st = build(e->n, a, pairs, multigraph, 0, s, d, NULL);
    cudaFree(a);
    return st;
}

extern "C" cxb_status cxb_dcsr_generate(const cxb_gen_spec *s, int multigraph, void *stream, cxb_dcsr *d,
                                        double *gen_ms, double *build_ms)
{
    memset(d, 0, sizeof *d);
    if (gen_ms)
        *gen_ms = 0;
    if (build_ms)
        *build_ms = 0;
    char what[64];
    snprintf(what, sizeof what, "graph.%s.cudacsr", cxb_gen_model_name(s->model));
    cxb_status st = no_gpu(what);
    if (st != CXB_OK)
        return st;
    /* the estimate: the expected tuple count (gnp and nw: the mean, plus 1% and 2^16), the
     * build, and gnm's two extra buffers of its rounds */
    uint64_t hint = cxb_gen_tuples_hint(s);
    hint += hint / 100 + 65536;
    uint64_t need = 0;
    if ((st = build_bytes(s->n, hint, &need)) != CXB_OK ||
        (st = fits(what, need + 16 * hint + (s->model == CXB_GEN_GNM ? 16 * hint : 0))) != CXB_OK)
        return st;
    cudaStream_t cs = (cudaStream_t)stream;
    cudaEvent_t ev[2] = {NULL, NULL};
    uint64_t *a = NULL, count = 0, room = 0;
    float g_ms = 0, b_ms = 0;
    cxb_gen_cuda_opts o = {0, 0, 0, 0, stream};
    if ((st = CXB_CUDA(cudaEventCreate(&ev[0]))) == CXB_OK && (st = CXB_CUDA(cudaEventCreate(&ev[1]))) == CXB_OK)
        st = cxb_gen_cuda_device(s, &o, 2, &a, &count, &room, &g_ms);
    if (st == CXB_OK && room < 2 * count)
        st = cxb_fail(CXB_EFAIL, "%s: the generator left room for %llu keys, not 2 x %llu", what,
                      (unsigned long long)room, (unsigned long long)count);
    if (st == CXB_OK)
        /* gnm's set is sorted, distinct and canonical; ev: after the allocations, before the frees */
        st = build(s->n, a, count, multigraph, s->model == CXB_GEN_GNM, cs, d, ev);
    if (st == CXB_OK && (st = CXB_CUDA(cudaEventSynchronize(ev[1]))) == CXB_OK)
        st = CXB_CUDA(cudaEventElapsedTime(&b_ms, ev[0], ev[1]));
    cudaFree(a);
    for (int i = 0; i < 2; ++i)
        if (ev[i])
            cudaEventDestroy(ev[i]);
    if (st != CXB_OK) {
        cxb_dcsr_free(d);
        return st;
    }
    if (gen_ms)
        *gen_ms = g_ms;
    if (build_ms)
        *build_ms = b_ms;
    return CXB_OK;
}

extern "C" cxb_status cxb_dcsr_upload(const cxb_csr *g, void *stream, cxb_dcsr *d)
{
    memset(d, 0, sizeof *d);
    cudaStream_t s = (cudaStream_t)stream;
    cxb_status st = no_gpu("device CSR");
    if (st != CXB_OK)
        return st;
    size_t ob = (g->n + 1) * sizeof(uint64_t), ab = (g->nnz ? g->nnz : 1) * sizeof(cxb_vid);
    if ((st = fits("device CSR", ob + ab)) != CXB_OK)
        return st;
    if ((st = CXB_CUDA_ALLOC(cudaMalloc(&d->off, ob), ob)) == CXB_OK &&
        (st = CXB_CUDA_ALLOC(cudaMalloc(&d->adj, ab), ab)) == CXB_OK &&
        (st = CXB_CUDA(cudaMemcpyAsync(d->off, g->off, ob, cudaMemcpyHostToDevice, s))) == CXB_OK &&
        (!g->nnz ||
         (st = CXB_CUDA(cudaMemcpyAsync(d->adj, g->adj, g->nnz * sizeof(cxb_vid), cudaMemcpyHostToDevice, s))) ==
             CXB_OK))
        st = CXB_CUDA(cudaStreamSynchronize(s)); /* g may be freed on return */
    if (st != CXB_OK) {
        cxb_dcsr_free(d);
        return st;
    }
    d->n = g->n;
    d->m = g->m;
    d->nnz = g->nnz;
    d->flags = g->flags;
    d->stats = g->stats;
    return CXB_OK;
}

extern "C" cxb_status cxb_dcsr_download(const cxb_dcsr *d, void *stream, cxb_csr *g)
{
    memset(g, 0, sizeof *g);
    cudaStream_t s = (cudaStream_t)stream;
    size_t ob = (d->n + 1) * sizeof(uint64_t), ab = (d->nnz ? d->nnz : 1) * sizeof(cxb_vid);
    g->off = (uint64_t *)malloc(ob);
    g->adj = (cxb_vid *)malloc(ab);
    if (!g->off || !g->adj) {
        cxb_csr_free(g);
        return cxb_fail(CXB_ERESOURCE, "device CSR: no host memory for %llu arcs", (unsigned long long)d->nnz);
    }
    cxb_status st = CXB_OK;
    if (d->off)
        st = CXB_CUDA(cudaMemcpyAsync(g->off, d->off, ob, cudaMemcpyDeviceToHost, s));
    else
        memset(g->off, 0, ob);
    if (st == CXB_OK && d->nnz)
        st = CXB_CUDA(cudaMemcpyAsync(g->adj, d->adj, d->nnz * sizeof(cxb_vid), cudaMemcpyDeviceToHost, s));
    if (st == CXB_OK)
        st = CXB_CUDA(cudaStreamSynchronize(s));
    if (st != CXB_OK) {
        cxb_csr_free(g);
        return st;
    }
    g->n = d->n;
    g->m = d->m;
    g->nnz = d->nnz;
    g->flags = d->flags;
    g->stats = d->stats;
    return CXB_OK;
}
