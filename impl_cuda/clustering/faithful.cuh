/* impl_cuda/clustering/faithful.cuh - the body of Leist's Kernels 1 and 2 (Sec. 6.2, Alg. 36-38;
 * docs/studies/clustering-cuda.md "Kernel 1", "Kernel 2"): the path enumeration of Alg. 30 for one arc
 * (i, j), with the smallest-id rule (REV: the largest id owns the triangle, Sec. 6.2.4), and the
 * per-block reduction: per-thread registers, a shared-memory atomicAdd per thread, then one
 * 64-bit atomicAdd per block and counter to global memory. Included by k1.cu and k2.cu.
 *
 * cl_arc_paths is the body of the CPU rows' cxb_cl_smallest_arc (cxb/clustering/clustering.h)
 * with the order a template parameter (no branch on it in the loops), the end vertex j passed
 * in (k2 stores it with the arc) and every load through the read-only cache (__ldg). */
#ifndef CXB_IMPL_CUDA_CLUSTERING_FAITHFUL_CUH
#define CXB_IMPL_CUDA_CLUSTERING_FAITHFUL_CUH

#include <stdint.h>

/* Alg. 30's inner loops for arc (i, j): p += deg(j); if i owns, walk N(j) and each N(k). The
 * innermost loop scans the whole row of k (no early exit, no binary search): faithful. p is
 * kept modulo 2^64 (p -= 2 may take one thread's sum below zero). Adjacency through __ldg, where
 * the thesis bound 1-D textures. */
template <bool REV>
static __device__ __forceinline__ void cl_arc_paths(const uint64_t *__restrict__ off, const uint32_t *__restrict__ adj,
                                                    uint32_t i, uint32_t j, unsigned long long &t,
                                                    unsigned long long &p)
{
    const uint64_t jb = __ldg(&off[j]), je = __ldg(&off[j + 1]);
    p += je - jb;
    if (REV ? i > j : i < j) {
        for (uint64_t kk = jb; kk < je; ++kk) {
            const uint32_t k = __ldg(&adj[kk]);
            if (k == i) {
                p -= 2; /* the path i-j-i, removed for both directions of {i, j} */
                continue;
            }
            if (REV ? i > k : i < k) {
                const uint64_t kb = __ldg(&off[k]), ke = __ldg(&off[k + 1]);
                for (uint64_t ll = kb; ll < ke; ++ll)
                    t += __ldg(&adj[ll]) == i;
            }
        }
    }
}

/* the block's t and p into cnt[0], cnt[1]: every thread calls it once, at the end */
static __device__ __forceinline__ void cl_block_add(unsigned long long t, unsigned long long p,
                                                    unsigned long long *cnt)
{
    __shared__ unsigned long long s[2];
    if (threadIdx.x == 0)
        s[0] = s[1] = 0;
    __syncthreads();
    if (t)
        atomicAdd(&s[0], t);
    if (p)
        atomicAdd(&s[1], p);
    __syncthreads();
    if (threadIdx.x == 0) {
        if (s[0])
            atomicAdd(&cnt[0], s[0]);
        if (s[1])
            atomicAdd(&cnt[1], s[1]);
    }
}

#endif
