/* impl_cuda/clustering/orient.cu - the prep phase of the modern variants (docs/studies/clustering-cuda.md
 * "Modern triangle counting", "Preprocessing"): rank(v) = (d_v, v) lexicographically; arc
 * (u, v) kept iff rank(u) < rank(v); the oriented CSR (m arcs, each row ascending by id, as the
 * undirected row it is cut from) built on the device:
 *   1. deg[v] = off[v + 1] - off[v] (kept: W and the ranks read it);
 *   2. one warp per vertex counts its kept arcs (ballot + popc) into ooff[u], ooff[n] = 0;
 *   3. cub::DeviceScan::ExclusiveSum in place over the n + 1 64-bit counts: the offsets;
 *   4. one warp per vertex writes its kept arcs in order (ballot prefix per 32 arcs), and for
 *      tcmerge the source of every oriented arc (osrc).
 * The rule is the shared cxb_cl_rank_less (cxb/clustering/clustering.h), as on the CPU.
 * Every triangle is then found exactly once as u -> v -> w with u -> w, and d+(v) <= sqrt(2m).
 * GAP's tc.cc orients to smaller ids after an optional relabelling by degree; cxbench orients
 * by (degree, id) without relabelling (relabel=0; ids keep their meaning, T_v needs no map back). */
#include <cub/cub.cuh>

#include "cxb/clustering/clustering.h"
#include "impl_cuda/clustering/cl.cuh"

static __global__ void orient_deg(const uint64_t *__restrict__ off, uint64_t n, uint32_t *__restrict__ deg)
{
    for (uint64_t v = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += (uint64_t)gridDim.x * blockDim.x)
        deg[v] = (uint32_t)(off[v + 1] - off[v]);
}

static __global__ void orient_count(const uint64_t *__restrict__ off, const uint32_t *__restrict__ adj,
                                    const uint32_t *__restrict__ deg, uint64_t n, uint64_t *__restrict__ ooff)
{
    const uint64_t warps = (uint64_t)gridDim.x * blockDim.x / 32;
    const unsigned lane = threadIdx.x & 31;
    if (blockIdx.x == 0 && threadIdx.x == 0)
        ooff[n] = 0;
    for (uint64_t u = ((uint64_t)blockIdx.x * blockDim.x + threadIdx.x) / 32; u < n; u += warps) {
        const uint64_t b = off[u], e = off[u + 1];
        const uint32_t du = (uint32_t)(e - b);
        uint64_t kept = 0;
        for (uint64_t base = b; base < e; base += 32) {
            const uint64_t a = base + lane;
            bool keep = false;
            if (a < e) {
                const uint32_t v = __ldg(&adj[a]);
                keep = cxb_cl_rank_less(du, (cxb_vid)u, __ldg(&deg[v]), v);
            }
            kept += __popc(__ballot_sync(0xFFFFFFFFu, keep));
        }
        if (lane == 0)
            ooff[u] = kept;
    }
}

static __global__ void orient_fill(const uint64_t *__restrict__ off, const uint32_t *__restrict__ adj,
                                   const uint32_t *__restrict__ deg, const uint64_t *__restrict__ ooff, uint64_t n,
                                   uint32_t *__restrict__ oadj, uint32_t *__restrict__ osrc)
{
    const uint64_t warps = (uint64_t)gridDim.x * blockDim.x / 32;
    const unsigned lane = threadIdx.x & 31;
    const unsigned below = (1u << lane) - 1u;
    for (uint64_t u = ((uint64_t)blockIdx.x * blockDim.x + threadIdx.x) / 32; u < n; u += warps) {
        const uint64_t b = off[u], e = off[u + 1];
        const uint32_t du = (uint32_t)(e - b);
        uint64_t pos = ooff[u];
        for (uint64_t base = b; base < e; base += 32) {
            const uint64_t a = base + lane;
            bool keep = false;
            uint32_t v = 0;
            if (a < e) {
                v = __ldg(&adj[a]);
                keep = cxb_cl_rank_less(du, (cxb_vid)u, __ldg(&deg[v]), v);
            }
            const unsigned bal = __ballot_sync(0xFFFFFFFFu, keep);
            if (keep) {
                const uint64_t at = pos + __popc(bal & below);
                oadj[at] = v;
                if (osrc)
                    osrc[at] = (uint32_t)u;
            }
            pos += __popc(bal);
        }
    }
}

cxb_status cl_orient_bytes(uint64_t n, size_t *bytes)
{
    *bytes = 0;
    uint64_t *p = NULL;
    return CXB_CUDA(cub::DeviceScan::ExclusiveSum(NULL, *bytes, p, p, (int64_t)(n + 1)));
}

cxb_status cl_orient(cl_dev *c)
{
    cl_gpu *g = &c->gpu[0];
    const uint64_t n = c->n;
    if (n == 0)
        return CXB_OK;
    orient_deg<<<cl_grid_cap(g->grid, n, CL_BLOCK), CL_BLOCK, 0, g->stream>>>(g->g.off, n, c->deg);
    CXB_CUDA_TRY(cudaGetLastError());
    const unsigned wgrid = cl_grid_cap(g->grid, n, CL_WARPS);
    orient_count<<<wgrid, CL_BLOCK, 0, g->stream>>>(g->g.off, g->g.adj, c->deg, n, c->ooff);
    CXB_CUDA_TRY(cudaGetLastError());
    size_t bytes = c->cub_bytes;
    CXB_CUDA_TRY(cub::DeviceScan::ExclusiveSum(c->cub_tmp, bytes, c->ooff, c->ooff, (int64_t)(n + 1), g->stream));
    orient_fill<<<wgrid, CL_BLOCK, 0, g->stream>>>(g->g.off, g->g.adj, c->deg, c->ooff, n, c->oadj, c->osrc);
    return CXB_CUDA_LAUNCHED("orient_fill");
}
