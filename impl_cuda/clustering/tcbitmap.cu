/* impl_cuda/clustering/tcbitmap.cu - clustering.tcbitmap.cuda (docs/studies/clustering-cuda.md
 * "Intersection strategies"): bitmap intersection after Bisson and Fatica (HPEC 2017): for
 * each vertex u the warp sets the bits of N+(u) in an n-bit bitmap of its own in global memory,
 * tests every w of every N+(v), v in N+(u) (the flattened lanes of tcwarp.cuh), and clears
 * only the words it marked. T, W and every T_v from this one pass.
 *
 * Memory: one bitmap of ceil(n / 32) words per warp of the launch; the launch has as many warps
 * as bitmaps fit in half the free device memory after everything else (at most the resident
 * warps), chosen at open (cl_tcbitmap_count); the warps then take the vertices grid-stride.
 * The bitmaps are zeroed once at open; every run leaves them zero.
 *
 * Memory model: bits are set with atomicOr, read with relaxed device-scope loads and cleared
 * with relaxed stores of 0 (a word holds only bits of N+(u) while u is processed), so no plain
 * access races with an atomic (cxb/core/relaxed.cuh); __syncwarp orders the three steps among
 * the warp's lanes. Deviation: Bisson and Fatica use a bitmap per block and a block (or warp)
 * per row; here one per warp, so that every warp of a block works on its own vertex. */
#include "cxb/core/relaxed.cuh"
#include "impl_cuda/clustering/tcwarp.cuh"

struct cl_test_bitmap {
    uint32_t *bm; /* this warp's bitmap */
    __device__ bool begin(const uint32_t *row, uint64_t du, unsigned lane)
    {
        for (uint64_t j = lane; j < du; j += 32) {
            const uint32_t x = __ldg(&row[j]);
            atomicOr(&bm[x >> 5], 1u << (x & 31));
        }
        __syncwarp();
        return true;
    }
    __device__ bool has(uint32_t w) const { return (cxb_ld_rlx(&bm[w >> 5]) >> (w & 31)) & 1u; }
    __device__ void end(const uint32_t *row, uint64_t du, unsigned lane, bool)
    {
        __syncwarp();
        for (uint64_t j = lane; j < du; j += 32)
            cxb_st_rlx(&bm[__ldg(&row[j]) >> 5], 0u);
        __syncwarp();
    }
};

static __global__ void __launch_bounds__(CL_BLOCK) tcbitmap_kernel(const uint64_t *__restrict__ ooff,
                                                                     const uint32_t *__restrict__ oadj,
                                                                     const uint32_t *__restrict__ deg, uint64_t n,
                                                                     unsigned long long *tv, unsigned long long *cnt,
                                                                     uint32_t *bitmaps, uint64_t words)
{
    cl_test_bitmap test;
    test.bm = bitmaps + ((uint64_t)blockIdx.x * blockDim.x + threadIdx.x) / 32 * words;
    cl_warp_count(ooff, oadj, deg, n, tv, cnt, test);
}

unsigned cl_tcbitmap_count(const cl_dev *c, uint64_t free_bytes)
{
    const uint64_t per = (c->n + 31) / 32 * 4 + 4;
    uint64_t fit = free_bytes / 2 / per;
    uint64_t resident = (uint64_t)c->gpu[0].grid * CL_WARPS;
    uint64_t need = (c->n + CL_WARPS - 1) / CL_WARPS * CL_WARPS; /* never more warps than vertices need */
    if (fit > resident)
        fit = resident;
    if (fit > need)
        fit = need;
    fit = fit / CL_WARPS * CL_WARPS;
    return (unsigned)fit; /* 0: not even one block's bitmaps fit */
}

cxb_status cl_tcbitmap(cl_dev *c)
{
    cl_gpu *g = &c->gpu[0];
    const unsigned grid = c->nbitmaps / CL_WARPS;
    tcbitmap_kernel<<<grid, CL_BLOCK, 0, g->stream>>>(c->ooff, c->oadj, c->deg, c->n, c->tv, c->cnt, c->bitmap,
                                                      c->words_per_bitmap);
    return CXB_CUDA_LAUNCHED("tcbitmap_kernel");
}
