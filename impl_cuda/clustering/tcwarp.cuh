/* impl_cuda/clustering/tcwarp.cuh - the warp-per-vertex counting pass shared by tcbsearch.cu,
 * tchash.cu and tcbitmap.cu (docs/studies/clustering-cuda.md "Intersection strategies"). They differ
 * only in the membership test "is w in N+(u)".
 *
 * One warp per vertex u (grid-stride over the vertices): lane 0 adds C(d_u, 2) to W. The warp
 * takes N+(u) 32 out-neighbours v at a time; an inclusive warp scan of d+(v) flattens the
 * pairs (v, w in N+(v)) of the 32 rows into one index range, which the lanes split evenly (the
 * owner row of an index is found with a 5-step binary search over the scan through shuffles),
 * so a warp is busy whatever the row lengths (the load balance TriCore and Fox et al. get from
 * splitting the lists; here all lanes test against the one list N+(u), which stays in L1).
 * Each hit (u, v, w) is a triangle: T (per lane, then per block, one 64-bit atomicAdd per
 * block), T_u (per warp, one atomicAdd per vertex), T_v and T_w (64-bit atomicAdd per triangle,
 * aggregated over the lanes that hit the same vertex with __match_any_sync, which tames the
 * hubs that end many triangles). */
#ifndef CXB_IMPL_CUDA_CLUSTERING_TCWARP_CUH
#define CXB_IMPL_CUDA_CLUSTERING_TCWARP_CUH

#include "cxb/clustering/clustering.h"
#include "impl_cuda/clustering/cl.cuh"
#include "impl_cuda/clustering/faithful.cuh"

#define CL_FULL 0xFFFFFFFFu

/* the lowest of the hitting lanes that hold the same key adds their count to tv[key]; called by
 * the whole warp (the caller skips it when no lane hit, the common case on sparse random graphs) */
static __device__ __forceinline__ void cl_tv_add(unsigned long long *tv, uint32_t key, bool hit, unsigned lane)
{
    const unsigned grp = __match_any_sync(CL_FULL, hit ? key : 0xFFFFFFFFu);
    if (hit && lane == (unsigned)(__ffs(grp) - 1))
        atomicAdd(&tv[key], (unsigned long long)__popc(grp));
}

/* binary search of w in the sorted list l[0 .. len) */
static __device__ __forceinline__ bool cl_bsearch(const uint32_t *__restrict__ l, uint64_t len, uint32_t w)
{
    uint64_t lo = 0, hi = len;
    while (lo < hi) {
        const uint64_t mid = (lo + hi) >> 1;
        const uint32_t x = __ldg(&l[mid]);
        if (x == w)
            return true;
        if (x < w)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

/* The per-vertex loop. Test has: bool begin(u's row, length, lane) - sets the structure up
 * (false: use binary search for this vertex), bool has(w) and void end(row, length, lane);
 * begin and end are called by all lanes of the warp (they synchronise it). */
template <class Test>
static __device__ void cl_warp_count(const uint64_t *__restrict__ ooff, const uint32_t *__restrict__ oadj,
                                     const uint32_t *__restrict__ deg, uint64_t n, unsigned long long *tv,
                                     unsigned long long *cnt, Test &test)
{
    const unsigned lane = threadIdx.x & 31;
    const uint64_t warps = (uint64_t)gridDim.x * blockDim.x / 32;
    unsigned long long t = 0, wsum = 0;
    for (uint64_t u = ((uint64_t)blockIdx.x * blockDim.x + threadIdx.x) / 32; u < n; u += warps) {
        if (lane == 0) {
            wsum += cxb_cl_wedges(__ldg(&deg[u]));
        }
        const uint64_t ub = __ldg(&ooff[u]), ue = __ldg(&ooff[u + 1]), du = ue - ub;
        if (du < 2)
            continue; /* u first in no triangle (warp-uniform) */
        const uint32_t *row = oadj + ub;
        const bool fast = test.begin(row, du, lane);
        unsigned long long tu = 0;
        for (uint64_t cb = ub; cb < ue; cb += 32) {
            const uint64_t k = cb + lane;
            uint32_t v = 0, len = 0;
            uint64_t vb = 0;
            if (k < ue) {
                v = __ldg(&oadj[k]);
                vb = __ldg(&ooff[v]);
                len = (uint32_t)(__ldg(&ooff[v + 1]) - vb);
            }
            /* 32-bit: d+(v) <= sqrt(2m) after degree orientation, so 32 of them sum below 2^32
             * for any m below 2^53 */
            uint32_t scan = len;
            for (int o = 1; o < 32; o <<= 1) {
                const uint32_t y = __shfl_up_sync(CL_FULL, scan, o);
                if (lane >= (unsigned)o)
                    scan += y;
            }
            const uint32_t excl = scan - len, total = __shfl_sync(CL_FULL, scan, 31);
            for (uint32_t ib = 0; ib < total; ib += 32) {
                const uint32_t i = ib + lane;
                unsigned own = 0;
                for (unsigned s = 16; s > 0; s >>= 1) {
                    const uint32_t x = __shfl_sync(CL_FULL, scan, own + s - 1);
                    if (x <= i)
                        own += s;
                }
                const uint32_t vo = __shfl_sync(CL_FULL, v, own), exo = __shfl_sync(CL_FULL, excl, own);
                const uint64_t vbo = __shfl_sync(CL_FULL, vb, own);
                bool hit = false;
                uint32_t w = 0;
                if (i < total) {
                    w = __ldg(&oadj[vbo + (i - exo)]);
                    hit = fast ? test.has(w) : cl_bsearch(row, du, w);
                }
                tu += hit;
                if (__any_sync(CL_FULL, hit)) {
                    cl_tv_add(tv, vo, hit, lane);
                    cl_tv_add(tv, w, hit, lane);
                }
            }
        }
        test.end(row, du, lane, fast);
        for (int o = 16; o > 0; o >>= 1)
            tu += __shfl_down_sync(CL_FULL, tu, o);
        if (lane == 0 && tu) {
            atomicAdd(&tv[u], tu);
            t += tu;
        }
    }
    cl_block_add(t, wsum, cnt);
}

#endif
