/* impl_cuda/components/k2.cu - components.k2.cuda: Leist's Kernel 2 (Sec. 6.1, Alg. 28-29;
 * docs/studies/components-cuda.md "Kernel 2"), vertex-parallel label propagation over the CSR with two
 * frontier byte arrays.
 *
 * C[v] = v, F1 = all set, F2 = all clear. One thread per vertex; each block stages its
 * blockDim + 1 offsets in shared memory. Thread v, if F1[v]: clear it; c = C[v]; for each
 * neighbour j (adjacency through the read-only cache, __ldg, where the thesis bound a 1-D
 * texture): if c < C[j]: atomicMin(&C[j], c), F2[j] = 1, changed; if c > C[j]: c = C[j] and v
 * changed. At the end, if v changed: atomicMin(&C[v], c), F2[v] = 1. The host swaps F1 and F2
 * after each launch (every set F1 entry was cleared by its thread) and stops when no block
 * reports a change; launches are `iterations`.
 *
 * tex_limit=1 refuses more than 2^27 arcs at open (dev.cu), as the thesis's texture could not
 * hold them. order_degree=1 processes the vertices sorted by degree (cub::DeviceRadixSort of
 * (degree, id), stable, so equal degrees keep id order), the sort inside the timed phase; the
 * offsets are then read per vertex (the staged block of offsets belongs to consecutive ids).
 *
 * Deviations: labels and F2 are read and written with relaxed device-scope atomics
 * (docs/studies/components-cuda.md "Memory model"); F1 too, for uniformity (only its own thread
 * touches an entry within a launch). The per-block changed flag is __syncthreads_or, and the
 * kernel is grid-stride over the resident grid (blocks of consecutive vertices, so the staged
 * offsets stay per block). */
#include <cub/cub.cuh>

#include "impl_cuda/components/cc.cuh"

static __global__ void k2_init(uint32_t *__restrict__ label, uint8_t *__restrict__ f1, uint8_t *__restrict__ f2,
                               uint64_t n)
{
    for (uint64_t v = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += (uint64_t)gridDim.x * blockDim.x) {
        label[v] = (uint32_t)v;
        f1[v] = 1;
        f2[v] = 0;
    }
}

static __global__ void k2_kernel(const uint64_t *__restrict__ off, const uint32_t *__restrict__ adj,
                                 const uint32_t *__restrict__ order, uint64_t n, uint32_t *label, uint8_t *f1,
                                 uint8_t *f2, uint32_t *flag)
{
    __shared__ uint64_t s_off[CC_BLOCK + 1]; /* blockDim.x = CC_BLOCK, plus one */
    int changed = 0;
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t base = (uint64_t)blockIdx.x * blockDim.x; base < n; base += stride) {
        const uint64_t i = base + threadIdx.x;
        if (!order) {
            s_off[threadIdx.x] = __ldg(&off[i < n ? i : n]);
            if (threadIdx.x == 0) {
                uint64_t last = base + blockDim.x;
                s_off[blockDim.x] = __ldg(&off[last < n ? last : n]);
            }
            __syncthreads();
        }
        if (i < n) {
            const uint32_t v = order ? __ldg(&order[i]) : (uint32_t)i;
            if (cxb_ld_rlx8(&f1[v])) {
                cxb_st_rlx8(&f1[v], 0);
                uint32_t c = cxb_ld_rlx(&label[v]);
                const uint64_t beg = order ? __ldg(&off[v]) : s_off[threadIdx.x];
                const uint64_t end = order ? __ldg(&off[v + 1]) : s_off[threadIdx.x + 1];
                int mine = 0;
                for (uint64_t k = beg; k < end; ++k) {
                    const uint32_t j = __ldg(&adj[k]);
                    const uint32_t cj = cxb_ld_rlx(&label[j]);
                    if (c < cj) {
                        atomicMin(&label[j], c);
                        cxb_st_rlx8(&f2[j], 1);
                        changed = 1;
                    } else if (c > cj) {
                        c = cj;
                        mine = 1;
                    }
                }
                if (mine) {
                    atomicMin(&label[v], c);
                    cxb_st_rlx8(&f2[v], 1);
                    changed = 1;
                }
            }
        }
        if (!order)
            __syncthreads(); /* the staged offsets are reused by the next round */
    }
    if (__syncthreads_or(changed) && threadIdx.x == 0)
        cxb_st_rlx(flag, 1u);
}

/* order_degree: key[v] = degree, sorted with the ids as values */
static __global__ void k2_degrees(const uint64_t *__restrict__ off, uint64_t n, uint32_t *__restrict__ deg,
                                  uint32_t *__restrict__ id)
{
    for (uint64_t v = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += (uint64_t)gridDim.x * blockDim.x) {
        uint64_t d = off[v + 1] - off[v];
        deg[v] = d > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)d;
        id[v] = (uint32_t)v;
    }
}

cxb_status cc_k2_order_bytes(uint64_t n, size_t *bytes)
{
    *bytes = 0;
    uint32_t *k = NULL;
    return CXB_CUDA(cub::DeviceRadixSort::SortPairs(NULL, *bytes, k, k, k, k, (int64_t)n));
}

cxb_status cc_k2_run(cc_dev *c, cxb_cc_stats *st)
{
    const uint64_t n = c->n;
    if (!n)
        return CXB_OK;
    k2_init<<<cc_grid(c, n), CC_BLOCK, 0, c->stream>>>(c->label, c->f1, c->f2, n);
    cxb_status s = CXB_CUDA_LAUNCHED("k2_init");
    const uint32_t *order = NULL;
    if (s == CXB_OK && c->p.order_degree) {
        uint32_t *deg = c->order_tmp, *sorted_deg = c->order_tmp + n, *id = c->order_tmp + 2 * n;
        k2_degrees<<<cc_grid(c, n), CC_BLOCK, 0, c->stream>>>(c->g.off, n, deg, id);
        if ((s = CXB_CUDA_LAUNCHED("k2_degrees")) == CXB_OK) {
            size_t bytes = c->cub_bytes;
            s = CXB_CUDA(cub::DeviceRadixSort::SortPairs(c->cub_tmp, bytes, deg, sorted_deg, id, c->order, (int64_t)n,
                                                         0, 32, c->stream));
        }
        order = c->order;
    }
    uint8_t *f1 = c->f1, *f2 = c->f2;
    for (uint32_t flag = 1; s == CXB_OK && flag;) {
        if ((s = CXB_CUDA(cudaMemsetAsync(c->word, 0, sizeof(uint32_t), c->stream))) != CXB_OK)
            break;
        k2_kernel<<<cc_grid(c, n), CC_BLOCK, 0, c->stream>>>(
            c->g.off, c->g.adj, order, n, c->label, f1, f2, c->word);
        if ((s = CXB_CUDA_LAUNCHED("k2_kernel")) != CXB_OK)
            break;
        ++st->iterations;
        uint8_t *t = f1;
        f1 = f2;
        f2 = t;
        s = cc_fetch_word(c, 0, &flag);
    }
    return s;
}
