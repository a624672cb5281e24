/* impl_cuda/clustering/tcmerge.cu - clustering.tcmerge.cuda (docs/studies/clustering-cuda.md
 * "Intersection strategies"): one thread per oriented arc (u, v) (the source from osrc, built
 * by the prep phase), a two-pointer merge of the sorted rows N+(u) and N+(v); every common w
 * closes the triangle u -> v -> w. GAP's tc.cc counts the same way on the CPU (ordered
 * counting over sorted lists, each triangle once).
 *
 * Outputs from this one pass: T (per thread, per block, one 64-bit atomicAdd per block), W
 * (the same kernel's grid-stride loop over the degrees, sum of C(d, 2)), T_v by 64-bit atomics:
 * c_uv = |N+(u) & N+(v)| added to T_u and T_v once per arc, and one atomic per triangle for w.
 *
 * Deviations: no degree split (the spec's thread/warp/block by out-degree): after degree
 * orientation every out-row has at most sqrt(2m) entries, and the arc-parallel launch is the
 * simplest strategy, kept as the baseline of the other three. GAP stops a row early at the
 * orientation bound (its relabelled ids make N+ a prefix); with (degree, id) ranks on unrelabelled
 * ids the rows are cut, not prefixes, so the merge runs to the end of the shorter row. */
#include "cxb/clustering/clustering.h"
#include "impl_cuda/clustering/cl.cuh"
#include "impl_cuda/clustering/faithful.cuh"

static __global__ void __launch_bounds__(CL_BLOCK) tcmerge_kernel(const uint64_t *__restrict__ ooff,
                                                                    const uint32_t *__restrict__ oadj,
                                                                    const uint32_t *__restrict__ osrc,
                                                                    const uint32_t *__restrict__ deg, uint64_t n,
                                                                    uint64_t m, unsigned long long *tv,
                                                                    unsigned long long *cnt)
{
    unsigned long long t = 0, wsum = 0;
    const uint64_t tid = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x, stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t v = tid; v < n; v += stride) {
        wsum += cxb_cl_wedges(__ldg(&deg[v]));
    }
    for (uint64_t a = tid; a < m; a += stride) {
        const uint32_t u = __ldg(&osrc[a]), v = __ldg(&oadj[a]);
        uint64_t pu = __ldg(&ooff[u]), pv = __ldg(&ooff[v]);
        const uint64_t eu = __ldg(&ooff[u + 1]), ev = __ldg(&ooff[v + 1]);
        unsigned long long c = 0;
        if (pu < eu && pv < ev) {
            uint32_t x = __ldg(&oadj[pu]), y = __ldg(&oadj[pv]);
            for (;;) {
                if (x < y) {
                    if (++pu == eu)
                        break;
                    x = __ldg(&oadj[pu]);
                } else if (x > y) {
                    if (++pv == ev)
                        break;
                    y = __ldg(&oadj[pv]);
                } else {
                    atomicAdd(&tv[x], 1ull);
                    ++c;
                    if (++pu == eu || ++pv == ev)
                        break;
                    x = __ldg(&oadj[pu]);
                    y = __ldg(&oadj[pv]);
                }
            }
        }
        if (c) {
            atomicAdd(&tv[u], c);
            atomicAdd(&tv[v], c);
            t += c;
        }
    }
    cl_block_add(t, wsum, cnt);
}

cxb_status cl_tcmerge(cl_dev *c)
{
    cl_gpu *g = &c->gpu[0];
    const unsigned grid = cl_grid_cap(1u << 30, c->m > c->n ? c->m : c->n, CL_BLOCK);
    tcmerge_kernel<<<grid, CL_BLOCK, 0, g->stream>>>(c->ooff, c->oadj, c->osrc, c->deg, c->n, c->m, c->tv, c->cnt);
    return CXB_CUDA_LAUNCHED("tcmerge_kernel");
}
