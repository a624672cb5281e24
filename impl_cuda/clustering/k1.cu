/* impl_cuda/clustering/k1.cu - clustering.k1.cuda: Leist's Kernel 1 (Sec. 6.2, Alg. 36-38;
 * docs/studies/clustering-cuda.md "Kernel 1"), one thread per arc a of the CSR: i = S[a], j = adj[a],
 * Alg. 30's two inner loops for (i, j) (faithful.cuh), counters per thread, then per block in
 * shared memory, then one 64-bit atomicAdd per block. t = 2T and p = 2W (Sec. 6.2's net
 * effect), halved by dev.cu.
 *
 * Data: the CSR (cxb_dcsr_upload) and S[a] (4 B per arc), built on the device at setup by
 * one warp per vertex (the thesis built it on the host and copied it; both are untimed setup
 * here and in the thesis's alloc/h2d phases).
 *
 * Deviations: adjacency through __ldg (read-only data cache) where the thesis used 1-D texture
 * fetches; the launch is grid-stride over at most the resident grid rather than one thread per
 * arc (the same arcs per thread on average, the same counts). chunk=N caps a launch at N arcs
 * and launches repeatedly (the GTX580 driver workaround, off by default); the GTX260 prefetch
 * of 7 end vertices into shared memory is not implemented (counter-productive since Fermi). */
#include "impl_cuda/clustering/cl.cuh"
#include "impl_cuda/clustering/faithful.cuh"

template <bool REV>
static __global__ void k1_kernel(const uint64_t *__restrict__ off, const uint32_t *__restrict__ adj,
                                 const uint32_t *__restrict__ src, uint64_t a0, uint64_t a1,
                                 unsigned long long *cnt)
{
    unsigned long long t = 0, p = 0;
    for (uint64_t a = a0 + (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; a < a1;
         a += (uint64_t)gridDim.x * blockDim.x)
        cl_arc_paths<REV>(off, adj, __ldg(&src[a]), __ldg(&adj[a]), t, p);
    cl_block_add(t, p, cnt);
}

/* S[a] = the row a lies in: one warp per vertex, lanes over its row */
static __global__ void k1_sources(const uint64_t *__restrict__ off, uint64_t n, uint32_t *__restrict__ src)
{
    const uint64_t warps = (uint64_t)gridDim.x * blockDim.x / 32;
    const unsigned lane = threadIdx.x & 31;
    for (uint64_t v = ((uint64_t)blockIdx.x * blockDim.x + threadIdx.x) / 32; v < n; v += warps) {
        const uint64_t b = off[v], e = off[v + 1];
        for (uint64_t a = b + lane; a < e; a += 32)
            src[a] = (uint32_t)v;
    }
}

cxb_status cl_k1_sources(cl_gpu *gpu, uint64_t n)
{
    if (n == 0 || gpu->g.nnz == 0)
        return CXB_OK;
    k1_sources<<<cl_grid_cap(gpu->grid, n, CL_WARPS), CL_BLOCK, 0, gpu->stream>>>(gpu->g.off, n, gpu->src);
    return CXB_CUDA_LAUNCHED("k1_sources");
}

cxb_status cl_k1_launch(const cl_dev *c, cl_gpu *gpu, uint64_t a0, uint64_t a1, unsigned grid)
{
    if (a1 <= a0)
        return CXB_OK;
    if (c->o.reversed)
        k1_kernel<true><<<grid, CL_BLOCK, 0, gpu->stream>>>(gpu->g.off, gpu->g.adj, gpu->src, a0, a1, gpu->cnt);
    else
        k1_kernel<false><<<grid, CL_BLOCK, 0, gpu->stream>>>(gpu->g.off, gpu->g.adj, gpu->src, a0, a1, gpu->cnt);
    return CXB_CUDA_LAUNCHED("k1_kernel");
}
