/* impl_cuda/clustering/tcbsearch.cu - clustering.tcbsearch.cuda (docs/studies/clustering-cuda.md
 * "Intersection strategies"): warp-cooperative binary search, after TriCore (Hu, Liu, Huang,
 * SC 2018): one warp per vertex u over the oriented CSR (orient.cu), the lanes split the
 * flattened out-rows of u's out-neighbours evenly (tcwarp.cuh) and binary-search each w in
 * N+(u) (through the read-only cache). T, W and every T_v from this one pass (T_v by 64-bit
 * atomics, tcwarp.cuh).
 *
 * Deviations: TriCore searches the shorter list in the longer one per edge, with a warp per
 * edge; here the searched list is always N+(u), shared by the warp's 32 lanes (so it stays in
 * L1), and the lanes split the elements of all of u's N+(v) at once, which keeps them busy
 * when out-degrees are small (after degree orientation they are at most sqrt(2m)). There is no
 * separate per-thread or per-block path (the degree split of the spec): the flattening already
 * balances the lanes, and the block scheduler balances the warps. */
#include "impl_cuda/clustering/tcwarp.cuh"

struct cl_test_bsearch {
    __device__ bool begin(const uint32_t *, uint64_t, unsigned) { return false; }
    __device__ bool has(uint32_t) { return false; }
    __device__ void end(const uint32_t *, uint64_t, unsigned, bool) {}
};

static __global__ void __launch_bounds__(CL_BLOCK) tcbsearch_kernel(const uint64_t *__restrict__ ooff,
                                                                      const uint32_t *__restrict__ oadj,
                                                                      const uint32_t *__restrict__ deg, uint64_t n,
                                                                      unsigned long long *tv, unsigned long long *cnt)
{
    cl_test_bsearch test;
    cl_warp_count(ooff, oadj, deg, n, tv, cnt, test);
}

cxb_status cl_tcbsearch(cl_dev *c)
{
    cl_gpu *g = &c->gpu[0];
    const unsigned grid = cl_grid_cap(1u << 30, c->n, CL_WARPS);
    tcbsearch_kernel<<<grid, CL_BLOCK, 0, g->stream>>>(c->ooff, c->oadj, c->deg, c->n, c->tv, c->cnt);
    return CXB_CUDA_LAUNCHED("tcbsearch_kernel");
}
