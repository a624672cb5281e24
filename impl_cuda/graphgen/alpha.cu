/* graphgen.alpha.cuda1 and graphgen.alpha.cuda2 - the Watts alpha-model on the GPU as
 * Leist (2011) gives it: host loop and kernels of Alg. 11-15 (Sec. 5.1.2, 5.1.3;
 * docs/studies/graphgen.md). Per edge step: the host picks the initiator; rng_kernel fills the
 * n deviates on S0 (overlapping the previous step's insertion on S1); after the insertion
 * event, compute_propensity_kernel (Alg. 12: the block holds A_i in shared memory, each
 * thread merges A_i with A_j, Alg. 13), the chunk sums and the total, the normalisation,
 * the chunk prefix and select_nbr_kernel (Alg. 14) which writes the neighbour to mapped
 * host memory; the host synchronises S0, reads it and queues the insertion on S1:
 *   cuda1: add_arc_kernel (Alg. 15), 2 blocks, one per endpoint: a full list is replaced
 *          by an in-kernel malloc of degree + X elements, copied with the new element
 *          shifted into place, and the old list freed in the kernel;
 *   cuda2: the host, which mirrors degrees, capacities and pointers, does cudaMalloc /
 *          cudaMemcpyAsync / cudaFree itself with the two insertion indices computed on
 *          the device (mapped memory); a list with room is updated by shift_insert_kernel.
 *
 * Deviations (docs/studies/graphgen.md; the same arithmetic as graphgen.alpha.seq, so the graph is
 * identical): keyed deviates instead of Marsaglia CUDA 1 streams; the canonical chunked
 * sums of 3.2 (one thread per 256-candidate chunk, then one thread over the chunks) instead
 * of the block reduction with atomicAdd and CUDPP's scan; selection by one thread (binary
 * search over the chunk prefix, then the chunk) instead of n threads comparing neighbouring
 * prefix values - the same rule, including the clamp; the insertion indices of cuda2 are
 * computed by select_nbr_kernel rather than a separate kernel; texture reads -> plain
 * loads. The in-place insertion (a list with room) is one thread's shift: degrees are ~k.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cxb/graphgen/models.h"
#include "cxb/core/cuda.h"
#include "cxb/graphgen/cuda.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/common/upload.h"
#include "impl_cuda/graphgen/lists.cuh"

#define ALPHA_SHARED_IDS 12288u /* 48 KiB of ids: A_i in shared memory (docs/studies/graphgen.md) */

static __global__ void rng_kernel(uint64_t seed, uint64_t step, uint64_t n, double *u)
{
    uint64_t j = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (j < n)
        u[j] = cxb_alpha_u(seed, step, (uint32_t)j);
}

/* Alg. 12: one 256-thread block per chunk of candidates. */
static __global__ void compute_propensity_kernel(cxb_vid i, uint64_t n, uint32_t k, const double *tab, double pbase,
                                                 const double *u, cxb_vid *const *list, const uint32_t *deg,
                                                 double *r)
{
    extern __shared__ cxb_vid sh_ai[];
    uint32_t ki = deg[i];
    const cxb_vid *ai = list[i];
    if (ki <= ALPHA_SHARED_IDS) { /* coalesced load of A_i */
        for (uint32_t t = threadIdx.x; t < ki; t += blockDim.x)
            sh_ai[t] = ai[t];
        ai = sh_ai;
    }
    __syncthreads();
    uint64_t j = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= n)
        return;
    double p = pbase * u[j];
    r[j] = cxb_alpha_candidate(i, (cxb_vid)j, ai, ki, list[j], deg[j], k, tab, p);
}

/* S_c (or Q_c) of chunk c: one thread per chunk, left to right (3.2 steps 5, 7). */
static __global__ void chunk_sum_kernel(const double *v, uint64_t n, uint32_t nc, double *s)
{
    uint32_t c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= nc)
        return;
    uint64_t j0 = (uint64_t)c * CXB_ALPHA_CHUNK;
    uint32_t len = (uint32_t)(n - j0 < CXB_ALPHA_CHUNK ? n - j0 : CXB_ALPHA_CHUNK);
    s[c] = cxb_alpha_sum(v + j0, len);
}

/* S = sum of S_c in chunk order (one thread). */
static __global__ void total_kernel(const double *s, uint32_t nc, double *total)
{
    *total = cxb_alpha_sum(s, nc);
}

static __global__ void normalise_propensity_kernel(double *r, uint64_t n, const double *total)
{
    uint64_t j = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (j < n)
        r[j] = r[j] / *total;
}

/* Inclusive chunk prefix I_c (one thread, n/256 values). */
static __global__ void prefix_kernel(const double *q, uint32_t nc, double *incl)
{
    double acc = 0.0;
    for (uint32_t c = 0; c < nc; ++c) {
        acc = acc + q[c];
        incl[c] = acc;
    }
}

/* Alg. 14 (3.2 step 8): writes the selected j to mapped memory (n if none), and the two
 * sorted insertion indices [pos of j in A_i, pos of i in A_j] for cuda2. */
static __global__ void select_nbr_kernel(const double *p, const double *incl, uint64_t n, uint32_t nc, double r,
                                         cxb_vid i, cxb_vid *const *list, const uint32_t *deg,
                                         volatile uint64_t *sel_out, volatile uint32_t *idx_out)
{
    uint32_t c = cxb_alpha_find_chunk(incl, nc, r);
    uint64_t sel = n;
    if (c < nc) {
        uint64_t j0 = (uint64_t)c * CXB_ALPHA_CHUNK;
        uint32_t len = (uint32_t)(n - j0 < CXB_ALPHA_CHUNK ? n - j0 : CXB_ALPHA_CHUNK);
        uint32_t t = cxb_alpha_select_in_chunk(p + j0, len, c ? incl[c - 1] : 0.0, r);
        if (t < len)
            sel = j0 + t;
    }
    if (sel == n) /* the clamp: the largest j with P_j > 0 */
        for (uint64_t j = n; j-- > 0;)
            if (p[j] > 0.0) {
                sel = j;
                break;
            }
    if (sel < n) {
        idx_out[0] = cxb_sorted_insert_pos(list[i], deg[i], (cxb_vid)sel);
        idx_out[1] = cxb_sorted_insert_pos(list[sel], deg[sel], i);
    }
    __threadfence_system();
    *sel_out = sel;
}

/* Alg. 15 (cuda1): block b inserts w into v's list; b = 0: (i, j), b = 1: (j, i). */
static __global__ void add_arc_kernel(cxb_vid i, cxb_vid j, uint32_t x, cxb_vid **list, uint32_t *deg,
                                      uint32_t *cap, volatile int *err)
{
    __shared__ cxb_vid *s_new;
    __shared__ uint32_t s_pos;
    cxb_vid v = blockIdx.x == 0 ? i : j, w = blockIdx.x == 0 ? j : i;
    uint32_t d = deg[v];
    cxb_vid *old = list[v];
    int full = d == cap[v];
    if (threadIdx.x == 0) {
        s_pos = cxb_sorted_insert_pos(old, d, w);
        s_new = full ? (cxb_vid *)malloc((size_t)(d + x) * sizeof(cxb_vid)) : old;
        if (!s_new) {
            *err = 1;
            __threadfence_system();
        }
    }
    __syncthreads();
    if (!s_new)
        return;
    uint32_t pos = s_pos;
    if (full) { /* copy into the new list with the element shifted in */
        for (uint32_t t = threadIdx.x; t < d; t += blockDim.x)
            s_new[t + (t >= pos)] = old[t];
        __syncthreads();
        if (threadIdx.x == 0) {
            s_new[pos] = w;
            list[v] = s_new;
            cap[v] = d + x;
            deg[v] = d + 1;
            if (old)
                free(old);
        }
    } else if (threadIdx.x == 0) { /* room: shift the tail in place */
        for (uint32_t t = d; t > pos; --t)
            old[t] = old[t - 1];
        old[pos] = w;
        deg[v] = d + 1;
    }
}

/* cuda2, a list with room: one thread shifts the tail and inserts. */
static __global__ void shift_insert_kernel(cxb_vid v, cxb_vid w, uint32_t pos, cxb_vid *const *list, uint32_t *deg)
{
    cxb_vid *l = list[v];
    uint32_t d = deg[v];
    for (uint32_t t = d; t > pos; --t)
        l[t] = l[t - 1];
    l[pos] = w;
    deg[v] = d + 1;
}

/* cuda2, after the host's reallocation: the new pointer and degree. */
static __global__ void set_list_kernel(cxb_vid v, cxb_vid *nl, uint32_t d, uint32_t c, cxb_vid **list, uint32_t *deg,
                                       uint32_t *cap)
{
    list[v] = nl;
    deg[v] = d;
    cap[v] = c;
}

typedef struct alpha_dev {
    cudaStream_t s0, s1;
    cudaEvent_t ins;
    gg_dev_lists l;
    double *tab, *u, *r, *s, *incl, *total;
    uint64_t *h_sel; /* mapped */
    uint32_t *h_idx; /* mapped */
    int *h_err;      /* mapped */
    cxb_vid *h_val;  /* pinned: the element cuda2 copies into a new list */
    uint64_t *d_sel;
    uint32_t *d_idx;
    int *d_err;
    /* host mirror */
    uint32_t *deg, *cap;
    cxb_vid **ptr; /* cuda2, cudapool */
    cudaMemPool_t pool; /* cudapool */
    cxb_vid *rset;
} alpha_dev;

static void alpha_dev_free(alpha_dev *d)
{
    if (d->s1) /* s0 is the harness's */
        cudaStreamDestroy(d->s1);
    if (d->ins)
        cudaEventDestroy(d->ins);
    cudaFree(d->tab);
    cudaFree(d->u);
    cudaFree(d->r);
    cudaFree(d->s);
    cudaFree(d->incl);
    cudaFree(d->total);
    cudaFreeHost(d->h_sel);
    cudaFreeHost(d->h_idx);
    cudaFreeHost(d->h_err);
    cudaFreeHost(d->h_val);
    free(d->deg);
    free(d->cap);
    free(d->ptr);
    free(d->rset);
}

/* cuda2: insert w into v's list at pos from the host (docs/studies/graphgen.md). */
static cxb_status host_insert(alpha_dev *d, uint32_t x, cxb_vid v, cxb_vid w, uint32_t pos, int slot,
                              cxb_gg_cuda_stats *stats, uint64_t *bytes)
{
    cxb_status st;
    uint32_t deg = d->deg[v];
    if (deg < d->cap[v]) {
        shift_insert_kernel<<<1, 1, 0, d->s1>>>(v, w, pos, d->l.list, d->l.deg);
        if ((st = CXB_CUDA_LAUNCHED("shift_insert_kernel")) != CXB_OK)
            return st;
    } else {
        cxb_vid *nl = NULL, *old = d->ptr[v];
        size_t nbytes = (size_t)(deg + x) * sizeof(cxb_vid);
        if ((st = gg_host_alloc(d->pool, d->s1, &nl, nbytes)) != CXB_OK)
            return st;
        ++stats->allocations;
        *bytes += nbytes;
        d->h_val[slot] = w;
        if (pos && (st = CXB_CUDA(cudaMemcpyAsync(nl, old, (size_t)pos * 4, cudaMemcpyDeviceToDevice, d->s1))) != CXB_OK)
            return st;
        if (deg > pos && (st = CXB_CUDA(cudaMemcpyAsync(nl + pos + 1, old + pos, (size_t)(deg - pos) * 4,
                                                           cudaMemcpyDeviceToDevice, d->s1))) != CXB_OK)
            return st;
        if ((st = CXB_CUDA(cudaMemcpyAsync(nl + pos, d->h_val + slot, 4, cudaMemcpyHostToDevice, d->s1))) != CXB_OK)
            return st;
        set_list_kernel<<<1, 1, 0, d->s1>>>(v, nl, deg + 1, deg + x, d->l.list, d->l.deg, d->l.cap);
        if ((st = CXB_CUDA_LAUNCHED("set_list_kernel")) != CXB_OK)
            return st;
        if (old) { /* cudaFree synchronises the device: part of what CUDA 2 costs (11.15) */
            if ((st = gg_host_free(d->pool, d->s1, old)) != CXB_OK)
                return st;
            ++stats->frees;
            *bytes -= (size_t)d->cap[v] * sizeof(cxb_vid);
        }
        d->ptr[v] = nl;
        d->cap[v] = deg + x;
    }
    d->deg[v] = deg + 1;
    return CXB_OK;
}

extern "C" cxb_status cxb_alpha_cuda(const cxb_alpha_params *p, cxb_gg_variant v, cxb_adjlists *out,
                                     cxb_gg_cuda_stats *stats, const cxb_cuda_exec *ex)
{
    memset(out, 0, sizeof *out);
    memset(stats, 0, sizeof *stats);
    cxb_status st = cxb_alpha_check(p);
    if (st != CXB_OK)
        return st;
    if (v != CXB_GG_CUDA1 && v != CXB_GG_CUDA2 && v != CXB_GG_CUDAPOOL)
        return cxb_fail(CXB_EINPUT, "graphgen.alpha: not a CUDA variant");
    uint64_t n = p->n;
    uint32_t k = p->k, x = p->x ? p->x : cxb_alpha_x_auto(v, k);
    uint32_t nc = (uint32_t)((n + CXB_ALPHA_CHUNK - 1) / CXB_ALPHA_CHUNK);
    stats->x = x;
    alpha_dev d;
    memset(&d, 0, sizeof d);
    uint64_t bytes = 0;
    double *tab = (double *)malloc((size_t)k * sizeof(double));
    d.deg = (uint32_t *)calloc(n, 4);
    d.cap = (uint32_t *)calloc(n, 4);
    d.ptr = (cxb_vid **)calloc(n, sizeof(cxb_vid *));
    d.rset = (cxb_vid *)malloc(n * sizeof(cxb_vid));
    if (!tab || !d.deg || !d.cap || !d.ptr || !d.rset) {
        free(tab);
        alpha_dev_free(&d);
        return cxb_fail(CXB_ERESOURCE, "graphgen.alpha: out of host memory");
    }
    cxb_alpha_pow_table(k, p->alpha, tab);
    double pbase = 1.0 / ((double)n * (double)(n - 1) / 2.0);
    { /* before the first kernel that allocates (docs/studies/graphgen.md) - for both variants: this
       * module holds add_arc_kernel, and loading a module with device malloc may fix the
       * heap, so cuda2 running first in a process must not leave cuda1 the 8 MiB default */
        uint64_t want = p->heap_mb ? p->heap_mb : 8 * n * (k + x) * 4 / (1u << 20);
        if (want < 64)
            want = 64;
        if ((st = gg_set_heap(want, &stats->heap_mb)) != CXB_OK)
            goto fail;
    }
    d.s0 = ex ? (cudaStream_t)ex->stream : 0;
    if ((st = CXB_CUDA(cudaStreamCreateWithFlags(&d.s1, cudaStreamNonBlocking))) != CXB_OK ||
        (st = CXB_CUDA(cudaEventCreateWithFlags(&d.ins, cudaEventDisableTiming))) != CXB_OK ||
        (v == CXB_GG_CUDAPOOL && (st = gg_pool_get(&d.pool)) != CXB_OK))
        goto fail;
    {
        int64_t t0 = gg_now_ns(); /* gen: from here to the synchronised device lists */
        if ((st = gg_lists_alloc(&d.l, n)) != CXB_OK ||
            (st = CXB_CUDA_ALLOC(cudaMalloc((void **)&d.tab, k * 8), k * 8)) != CXB_OK ||
            (st = CXB_CUDA_ALLOC(cudaMalloc((void **)&d.u, n * 8), n * 8)) != CXB_OK ||
            (st = CXB_CUDA_ALLOC(cudaMalloc((void **)&d.r, n * 8), n * 8)) != CXB_OK ||
            (st = CXB_CUDA_ALLOC(cudaMalloc((void **)&d.s, nc * 8), nc * 8)) != CXB_OK ||
            (st = CXB_CUDA_ALLOC(cudaMalloc((void **)&d.incl, nc * 8), nc * 8)) != CXB_OK ||
            (st = CXB_CUDA_ALLOC(cudaMalloc((void **)&d.total, 8), 8)) != CXB_OK ||
            (st = CXB_CUDA_HOSTALLOC(cudaHostAlloc((void **)&d.h_sel, 8, cudaHostAllocMapped), 8)) != CXB_OK ||
            (st = CXB_CUDA_HOSTALLOC(cudaHostAlloc((void **)&d.h_idx, 8, cudaHostAllocMapped), 8)) != CXB_OK ||
            (st = CXB_CUDA_HOSTALLOC(cudaHostAlloc((void **)&d.h_err, sizeof(int), cudaHostAllocMapped), 4)) != CXB_OK ||
            (st = CXB_CUDA_HOSTALLOC(cudaHostAlloc((void **)&d.h_val, 8, cudaHostAllocDefault), 8)) != CXB_OK ||
            (st = CXB_CUDA(cudaHostGetDevicePointer((void **)&d.d_sel, d.h_sel, 0))) != CXB_OK ||
            (st = CXB_CUDA(cudaHostGetDevicePointer((void **)&d.d_idx, d.h_idx, 0))) != CXB_OK ||
            (st = CXB_CUDA(cudaHostGetDevicePointer((void **)&d.d_err, d.h_err, 0))) != CXB_OK ||
            /* only S0 reads the table (compute_propensity_kernel): ordered there (upload.h) */
            (st = cxb_cuda_upload(d.tab, tab, k * 8, d.s0)) != CXB_OK ||
            (st = CXB_CUDA(cudaEventRecord(d.ins, d.s1))) != CXB_OK)
            goto fail;
        *(volatile int *)d.h_err = 0;
        unsigned nb = (unsigned)((n + 255) / 256), sb = (nc + 127) / 128;
        uint64_t rsize = 0, steps = cxb_alpha_edges(p);
        for (uint64_t s = 0; s < steps; ++s) {
            if (rsize == 0) { /* 3.2 step 9: the host keeps the round set */
                for (uint64_t w = 0; w < n; ++w)
                    d.rset[w] = (cxb_vid)w;
                rsize = n;
            }
            uint64_t q = cxb_alpha_round_index(p->seed, s, rsize);
            cxb_vid i = d.rset[q];
            d.rset[q] = d.rset[--rsize];
            uint32_t ki = d.deg[i];
            size_t shm = (ki <= ALPHA_SHARED_IDS ? ki : 0) * sizeof(cxb_vid);
            rng_kernel<<<nb, 256, 0, d.s0>>>(p->seed, s, n, d.u);
            if ((st = CXB_CUDA_LAUNCHED("rng_kernel")) != CXB_OK ||
                (st = CXB_CUDA(cudaStreamWaitEvent(d.s0, d.ins, 0))) != CXB_OK)
                goto fail;
            compute_propensity_kernel<<<nb, 256, shm, d.s0>>>(i, n, k, d.tab, pbase, d.u, d.l.list, d.l.deg, d.r);
            if ((st = CXB_CUDA_LAUNCHED("compute_propensity_kernel")) != CXB_OK)
                goto fail;
            chunk_sum_kernel<<<sb, 128, 0, d.s0>>>(d.r, n, nc, d.s);
            if ((st = CXB_CUDA_LAUNCHED("chunk_sum_kernel")) != CXB_OK)
                goto fail;
            total_kernel<<<1, 1, 0, d.s0>>>(d.s, nc, d.total);
            if ((st = CXB_CUDA_LAUNCHED("total_kernel")) != CXB_OK)
                goto fail;
            normalise_propensity_kernel<<<nb, 256, 0, d.s0>>>(d.r, n, d.total);
            if ((st = CXB_CUDA_LAUNCHED("normalise_propensity_kernel")) != CXB_OK)
                goto fail;
            chunk_sum_kernel<<<sb, 128, 0, d.s0>>>(d.r, n, nc, d.s);
            if ((st = CXB_CUDA_LAUNCHED("chunk_sum_kernel")) != CXB_OK)
                goto fail;
            prefix_kernel<<<1, 1, 0, d.s0>>>(d.s, nc, d.incl);
            if ((st = CXB_CUDA_LAUNCHED("prefix_kernel")) != CXB_OK)
                goto fail;
            select_nbr_kernel<<<1, 1, 0, d.s0>>>(d.r, d.incl, n, nc, cxb_alpha_r(p->seed, s), i, d.l.list, d.l.deg,
                                                 d.d_sel, d.d_idx);
            if ((st = CXB_CUDA_LAUNCHED("select_nbr_kernel")) != CXB_OK ||
                (st = CXB_CUDA(cudaStreamSynchronize(d.s0))) != CXB_OK)
                goto fail;
            uint64_t j = *(volatile uint64_t *)d.h_sel;
            if (j >= n) {
                st = cxb_fail(CXB_EFAIL, "graphgen.alpha: step %llu: vertex %u has no candidate left",
                              (unsigned long long)s, i);
                goto fail;
            }
            if (v == CXB_GG_CUDA1) {
                for (int e = 0; e < 2; ++e) { /* host bookkeeping of what the kernel allocates */
                    cxb_vid a = e ? (cxb_vid)j : i;
                    if (d.deg[a] == d.cap[a]) {
                        ++stats->allocations;
                        bytes += (size_t)x * 4;
                        stats->frees += d.cap[a] > 0;
                        d.cap[a] = d.deg[a] + x;
                    }
                    ++d.deg[a];
                }
                add_arc_kernel<<<2, 128, 0, d.s1>>>(i, (cxb_vid)j, x, d.l.list, d.l.deg, d.l.cap, d.d_err);
                if ((st = CXB_CUDA_LAUNCHED("add_arc_kernel")) != CXB_OK)
                    goto fail;
            } else {
                uint32_t pi = ((volatile uint32_t *)d.h_idx)[0], pj = ((volatile uint32_t *)d.h_idx)[1];
                if ((st = CXB_CUDA(cudaStreamSynchronize(d.s1))) != CXB_OK || /* h_val is reused */
                    (st = host_insert(&d, x, i, (cxb_vid)j, pi, 0, stats, &bytes)) != CXB_OK ||
                    (st = host_insert(&d, x, (cxb_vid)j, i, pj, 1, stats, &bytes)) != CXB_OK)
                    goto fail;
            }
            if (bytes > stats->device_bytes_peak)
                stats->device_bytes_peak = bytes;
            if ((st = CXB_CUDA(cudaEventRecord(d.ins, d.s1))) != CXB_OK)
                goto fail;
            if ((st = gg_heap_status(d.h_err, "alpha", stats->heap_mb)) != CXB_OK)
                goto fail;
        }
        if ((st = CXB_CUDA(cudaDeviceSynchronize())) != CXB_OK)
            goto fail;
        if ((st = gg_heap_status(d.h_err, "alpha", stats->heap_mb)) != CXB_OK)
            goto fail;
        stats->gen_ns = gg_now_ns() - t0;
        int64_t t1 = gg_now_ns();
        st = gg_gather(&d.l, x, out);
        stats->d2h_ns = gg_now_ns() - t1;
        if (st == CXB_OK) {
            out->allocations = stats->allocations;
            out->frees = stats->frees;
        }
    }
fail:
    {
        cxb_status st2 = d.l.list ? gg_lists_release(&d.l, v != CXB_GG_CUDA1 ? d.ptr : NULL, d.pool) : CXB_OK;
        if (st == CXB_OK)
            st = st2;
    }
    free(tab);
    alpha_dev_free(&d);
    if (st != CXB_OK)
        cxb_adjlists_free(out);
    return st;
}
