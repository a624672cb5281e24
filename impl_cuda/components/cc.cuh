/* impl_cuda/components/cc.cuh - what the CUDA variants of the components study share
 * (docs/studies/components-cuda.md): the device state a row opens once (dev.cu), the launch helpers,
 * and one entry per variant (k1.cu, k2.cu, k3.cu, unionfind.cu, afforest.cu). Each entry queues
 * the whole labelling on c->stream, from the label initialisation to the final labels in
 * c->label, and returns when the work is queued or, for the variants with a host loop, done;
 * the caller times it (dev.cu). Every access to a label, parent or flag another thread may
 * write is a relaxed device-scope atomic (cxb/core/relaxed.cuh). Included by .cu files only. */
#ifndef CXB_IMPL_CUDA_COMPONENTS_CC_CUH
#define CXB_IMPL_CUDA_COMPONENTS_CC_CUH

#include <cuda_runtime.h>
#include <stdint.h>

#include "cxb/components/components.h"
#include "cxb/core/relaxed.cuh"
#include "cxb/graph/dcsr.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/common/event_timer.h"

#define CC_BLOCK 256
/* afforest.cuda: the sampled labels and their counts sit in one block's shared memory */
#define CXB_CC_AFFOREST_SAMPLES_MAX 4096u

typedef struct cc_dev {
    cxb_cc_variant v;
    cxb_cc_params p;
    cudaStream_t stream;
    uint64_t n, m, nnz;
    cxb_dcsr g;          /* k2, k3, unionfind, afforest: the CSR */
    uint2 *edges;        /* k1: the canonical edge list, (u, v) with u < v, m entries */
    uint32_t *label;     /* n: labels (k1, k2, k3), parents (unionfind, afforest) */
    uint8_t *f1, *f2;    /* k2, k3: frontier flags, n each */
    uint32_t *wl;        /* unionfind, afforest: worklist of n entries */
    uint32_t *order;     /* k2 with order_degree: the vertices by degree (n) */
    uint32_t *order_tmp; /* k2 with order_degree: n degree keys + n keys + n ids */
    void *cub_tmp;       /* k2 with order_degree: CUB's storage */
    size_t cub_bytes;
    uint32_t *word;      /* device: 8 words of flags, counters and cursors */
    uint32_t *host_word; /* pinned host: the copies of word[] the host loops read */
    unsigned grid;       /* SMs x max threads per SM / CC_BLOCK (ECL-CC's launch size) */
    int uf_hook;         /* unionfind: compute1 joins by find + hook (1) or Rem's union (0) */
    cxb_event_timer tm, tm_d2h;
} cc_dev;

/* Grid of a one-item-per-thread kernel over `items`, capped at the resident grid c->grid: the
 * kernels loop grid-stride beyond it. */
static inline unsigned cc_grid(const cc_dev *c, uint64_t items)
{
    uint64_t g = (items + CC_BLOCK - 1) / CC_BLOCK;
    return g == 0 ? 1u : g > c->grid ? c->grid : (unsigned)g;
}

/* The device's bytes of variant v beyond the CSR (dev.cu sums them with the CSR's). */
cxb_status cc_k1_run(cc_dev *c, cxb_cc_stats *st);
cxb_status cc_k2_run(cc_dev *c, cxb_cc_stats *st);
cxb_status cc_k3_run(cc_dev *c, cxb_cc_stats *st);
cxb_status cc_unionfind_run(cc_dev *c, cxb_cc_stats *st);
cxb_status cc_afforest_run(cc_dev *c, cxb_cc_stats *st);
/* k2 with order_degree: the CUB storage of its sort, queried at open. */
cxb_status cc_k2_order_bytes(uint64_t n, size_t *bytes);

/* label[v] = v for v < n (k1, k2, afforest); before any kernel that reads the labels */
static __global__ void cc_init_identity(uint32_t *__restrict__ label, uint64_t n)
{
    for (uint64_t v = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += (uint64_t)gridDim.x * blockDim.x)
        label[v] = (uint32_t)v;
}

/* Appends v to the front (cursor word[2], counting up) or the back (cursor word[3], counting
 * down) of the worklist wl with one atomic per warp and end, not one per thread: a single cursor
 * hammered by every vertex serialises at its L2 slice. Called by the threads of a warp that
 * reach it together (those are what __activemask names). */
static __device__ __forceinline__ void cc_push(uint32_t *wl, uint32_t *word, uint32_t v, bool front)
{
    const unsigned mask = __activemask();
    const unsigned fm = __ballot_sync(mask, front), lane = threadIdx.x & 31u, below = (1u << lane) - 1u;
    if (front) {
        const int leader = __ffs(fm) - 1;
        uint32_t base = 0;
        if ((int)lane == leader)
            base = atomicAdd(&word[2], (uint32_t)__popc(fm));
        base = __shfl_sync(fm, base, leader);
        wl[base + __popc(fm & below)] = v;
    } else {
        const unsigned bm = mask & ~fm;
        const int leader = __ffs(bm) - 1;
        uint32_t base = 0;
        if ((int)lane == leader)
            base = atomicSub(&word[3], (uint32_t)__popc(bm)) - (uint32_t)__popc(bm);
        base = __shfl_sync(bm, base, leader);
        wl[base + __popc(bm & below)] = v;
    }
}

/* One copy of a device word to the host word and a wait: the host loops' convergence test. */
static inline cxb_status cc_fetch_word(cc_dev *c, int i, uint32_t *out)
{
    cxb_status st = CXB_CUDA(cudaMemcpyAsync(&c->host_word[i], &c->word[i], sizeof(uint32_t),
                                             cudaMemcpyDeviceToHost, c->stream));
    if (st == CXB_OK)
        st = CXB_CUDA(cudaStreamSynchronize(c->stream));
    if (st == CXB_OK)
        *out = c->host_word[i];
    return st;
}

#endif
