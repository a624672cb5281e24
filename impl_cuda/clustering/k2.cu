/* impl_cuda/clustering/k2.cu - clustering.k2.cuda: Leist's Kernel 2 (Sec. 6.2;
 * docs/studies/clustering-cuda.md "Kernel 2"): Kernel 1's per-arc body over arcs whose both ends are
 * stored ((i << 32) | j, 8 B per arc: 4 B per arc over Kernel 1) and sorted by the degree of
 * their end vertex j, so that the threads of a warp have similar outer-loop lengths.
 *
 * The sort is part of every run and timed in its own phase (`sort`), included in the thesis
 * total as Leist included his host sort: keys deg(j) and values (i, j) are written by one warp
 * per vertex, then cub::DeviceRadixSort::SortPairs over the bits of the largest degree. LSD
 * radix sort is stable and the values start in arc order, so ties keep arc-index order (a
 * deterministic order; the counts do not depend on it).
 *
 * Deviations: the thesis sorted on the host (tbb::parallel_sort); cxbench sorts on the device
 * (the spec's sort=gpu). Adjacency through __ldg instead of textures, grid-stride launches,
 * chunk=N as in k1.cu. */
#include <cub/cub.cuh>

#include "impl_cuda/clustering/cl.cuh"
#include "impl_cuda/clustering/faithful.cuh"

template <bool REV>
static __global__ void k2_kernel(const uint64_t *__restrict__ off, const uint32_t *__restrict__ adj,
                                 const uint64_t *__restrict__ pairs, uint64_t a0, uint64_t a1,
                                 unsigned long long *cnt)
{
    unsigned long long t = 0, p = 0;
    for (uint64_t a = a0 + (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; a < a1;
         a += (uint64_t)gridDim.x * blockDim.x) {
        const uint64_t ij = __ldg(&pairs[a]);
        cl_arc_paths<REV>(off, adj, (uint32_t)(ij >> 32), (uint32_t)ij, t, p);
    }
    cl_block_add(t, p, cnt);
}

/* key[a] = deg(adj[a]), pair[a] = (i << 32) | adj[a]: one warp per vertex i */
static __global__ void k2_keys(const uint64_t *__restrict__ off, const uint32_t *__restrict__ adj, uint64_t n,
                               uint32_t *__restrict__ key, uint64_t *__restrict__ pair)
{
    const uint64_t warps = (uint64_t)gridDim.x * blockDim.x / 32;
    const unsigned lane = threadIdx.x & 31;
    for (uint64_t i = ((uint64_t)blockIdx.x * blockDim.x + threadIdx.x) / 32; i < n; i += warps) {
        const uint64_t b = off[i], e = off[i + 1];
        for (uint64_t a = b + lane; a < e; a += 32) {
            const uint32_t j = __ldg(&adj[a]);
            key[a] = (uint32_t)(__ldg(&off[j + 1]) - __ldg(&off[j])); /* degrees < 2^32 (n < 2^32) */
            pair[a] = ((uint64_t)i << 32) | j;
        }
    }
}

static int bits_of(uint64_t x)
{
    int b = 0;
    for (; x; x >>= 1)
        ++b;
    return b;
}

cxb_status cl_k2_sort_bytes(uint64_t nnz, size_t *bytes)
{
    *bytes = 0;
    uint32_t *k = NULL;
    uint64_t *v = NULL;
    cub::DoubleBuffer<uint32_t> kb(k, k);
    cub::DoubleBuffer<uint64_t> vb(v, v);
    return CXB_CUDA(cub::DeviceRadixSort::SortPairs(NULL, *bytes, kb, vb, (int64_t)nnz, 0, 32));
}

cxb_status cl_k2_sort(const cl_dev *c, cl_gpu *gpu)
{
    const uint64_t n = c->n, nnz = gpu->g.nnz;
    if (nnz == 0)
        return CXB_OK;
    k2_keys<<<cl_grid_cap(gpu->grid, n, CL_WARPS), CL_BLOCK, 0, gpu->stream>>>(gpu->g.off, gpu->g.adj, n, gpu->key,
                                                                                gpu->pairs);
    cxb_status st = CXB_CUDA_LAUNCHED("k2_keys");
    if (st != CXB_OK)
        return st;
    cub::DoubleBuffer<uint32_t> kb(gpu->key, gpu->key_tmp);
    cub::DoubleBuffer<uint64_t> vb(gpu->pairs, gpu->pairs_tmp);
    size_t bytes = gpu->cub_bytes;
    int end_bit = bits_of(c->max_deg);
    if (end_bit == 0)
        end_bit = 1;
    st = CXB_CUDA(cub::DeviceRadixSort::SortPairs(gpu->cub_tmp, bytes, kb, vb, (int64_t)nnz, 0, end_bit,
                                                  gpu->stream));
    if (st == CXB_OK && vb.Current() != gpu->pairs) { /* the sorted arcs are where k2_kernel reads */
        gpu->pairs_tmp = gpu->pairs;
        gpu->pairs = vb.Current();
    }
    if (st == CXB_OK && kb.Current() != gpu->key) {
        gpu->key_tmp = gpu->key;
        gpu->key = kb.Current();
    }
    return st;
}

cxb_status cl_k2_launch(const cl_dev *c, cl_gpu *gpu, uint64_t a0, uint64_t a1, unsigned grid)
{
    if (a1 <= a0)
        return CXB_OK;
    if (c->o.reversed)
        k2_kernel<true><<<grid, CL_BLOCK, 0, gpu->stream>>>(gpu->g.off, gpu->g.adj, gpu->pairs, a0, a1, gpu->cnt);
    else
        k2_kernel<false><<<grid, CL_BLOCK, 0, gpu->stream>>>(gpu->g.off, gpu->g.adj, gpu->pairs, a0, a1, gpu->cnt);
    return CXB_CUDA_LAUNCHED("k2_kernel");
}
