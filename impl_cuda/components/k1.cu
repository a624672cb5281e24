/* impl_cuda/components/k1.cu - components.k1.cuda: Leist's Kernel 1 (Sec. 6.1, Alg. 26-27;
 * docs/studies/components-cuda.md "Kernel 1"), edge-parallel label propagation over the canonical edge
 * list (one (u, v) pair with u < v per undirected edge, parallel edges repeated, 8 B each).
 *
 * Host loop: C[v] = v; repeat { clear the device flag; one launch over all edges; copy the flag
 * to the host } until the flag stays 0; the launches are counted (`iterations`). Per edge: read
 * both labels and atomicMin the larger one's vertex with the smaller label.
 *
 * Deviations: labels are read with relaxed device-scope atomic loads (docs/studies/components-cuda.md
 * "Memory model"; the thesis used plain loads, a data race under the CUDA memory model) and the
 * edge list through the read-only cache; the per-block "changed" flag of the thesis is
 * __syncthreads_or (the block-wide OR the shared-memory flag computed, without its concurrent
 * shared stores), and thread 0 of a block that changed something sets the global flag with a
 * relaxed store. The launch is grid-stride over at most the resident grid (SMs x threads per SM)
 * rather than one thread per edge; the fixpoint is the same. */
#include "impl_cuda/components/cc.cuh"

static __global__ void k1_kernel(const uint2 *__restrict__ e, uint64_t m, uint32_t *label, uint32_t *flag)
{
    int changed = 0;
    for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < m; i += (uint64_t)gridDim.x * blockDim.x) {
        uint2 uv = __ldg(&e[i]);
        uint32_t cu = cxb_ld_rlx(&label[uv.x]), cv = cxb_ld_rlx(&label[uv.y]);
        if (cu < cv) {
            atomicMin(&label[uv.y], cu);
            changed = 1;
        } else if (cu > cv) {
            atomicMin(&label[uv.x], cv);
            changed = 1;
        }
    }
    if (__syncthreads_or(changed) && threadIdx.x == 0)
        cxb_st_rlx(flag, 1u);
}

cxb_status cc_k1_run(cc_dev *c, cxb_cc_stats *st)
{
    cxb_status s = CXB_OK;
    if (c->n) {
        cc_init_identity<<<cc_grid(c, c->n), CC_BLOCK, 0, c->stream>>>(c->label, c->n);
        s = CXB_CUDA_LAUNCHED("cc_init_identity");
    }
    for (uint32_t flag = 1; s == CXB_OK && flag && c->m;) {
        if ((s = CXB_CUDA(cudaMemsetAsync(c->word, 0, sizeof(uint32_t), c->stream))) != CXB_OK)
            break;
        k1_kernel<<<cc_grid(c, c->m), CC_BLOCK, 0, c->stream>>>(c->edges, c->m, c->label, c->word);
        if ((s = CXB_CUDA_LAUNCHED("k1_kernel")) != CXB_OK)
            break;
        ++st->iterations;
        s = cc_fetch_word(c, 0, &flag);
    }
    return s;
}
