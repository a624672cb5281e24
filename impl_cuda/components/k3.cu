/* impl_cuda/components/k3.cu - components.k3.cuda: Leist's Kernel 3 (Sec. 6.1;
 * docs/studies/components-cuda.md "Kernel 3"), one level-synchronous breadth-first search per component in the
 * style of Harish and Narayanan (HiPC 2007), which the thesis names and gives no pseudo-code for.
 *
 * All labels start as CXB_VID_NONE. Pass: s = the smallest unlabelled vertex, found on the
 * device from the previous seed onward (a window of 1024 ids, growing 8-fold while it holds
 * none, so a run of isolated vertices costs one small search each); label[s] = s, F1 = {s};
 * then levels: every vertex v with F1[v] clears it and claims each unlabelled neighbour j
 * (atomicCAS(label[j], NONE, s)), setting F2[j]; F1 and F2 swap; the pass ends when a level
 * claims nothing. Seeds come in increasing id order, so each component is labelled with its
 * smallest id. bfs_passes = the seeds (= the components), bfs_levels = the level launches of
 * all passes (ecc(s) + 1 per pass).
 *
 * Deviations: claims are a compare-and-swap and every read of a label or a frontier flag is a
 * relaxed device-scope atomic (docs/studies/components-cuda.md "Memory model"), where the original
 * stores plainly and tolerates the race; the per-block changed flag is __syncthreads_or. */
#include "impl_cuda/components/cc.cuh"

/* word[1] = the smallest v in [lo, hi) with label[v] = NONE (NONE when there is none) */
static __global__ void k3_search(const uint32_t *__restrict__ label, uint64_t lo, uint64_t hi, uint32_t *word)
{
    for (uint64_t v = lo + (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; v < hi;
         v += (uint64_t)gridDim.x * blockDim.x)
        if (label[v] == CXB_VID_NONE) { /* no kernel writes labels during the search */
            atomicMin(&word[1], (uint32_t)v);
            return; /* later v of this thread are larger */
        }
}

static __global__ void k3_seed(uint32_t *label, uint8_t *f1, uint32_t s)
{
    label[s] = s;
    f1[s] = 1;
}

static __global__ void k3_level(const uint64_t *__restrict__ off, const uint32_t *__restrict__ adj, uint64_t n,
                                uint32_t s, uint32_t *label, uint8_t *f1, uint8_t *f2, uint32_t *flag)
{
    int changed = 0;
    for (uint64_t v = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += (uint64_t)gridDim.x * blockDim.x) {
        if (!cxb_ld_rlx8(&f1[v]))
            continue;
        cxb_st_rlx8(&f1[v], 0);
        const uint64_t end = __ldg(&off[v + 1]);
        for (uint64_t k = __ldg(&off[v]); k < end; ++k) {
            const uint32_t j = __ldg(&adj[k]);
            if (cxb_ld_rlx(&label[j]) == CXB_VID_NONE && atomicCAS(&label[j], CXB_VID_NONE, s) == CXB_VID_NONE) {
                cxb_st_rlx8(&f2[j], 1);
                changed = 1;
            }
        }
    }
    if (__syncthreads_or(changed) && threadIdx.x == 0)
        cxb_st_rlx(flag, 1u);
}

cxb_status cc_k3_run(cc_dev *c, cxb_cc_stats *st)
{
    const uint64_t n = c->n;
    if (!n)
        return CXB_OK;
    cxb_status s = CXB_CUDA(cudaMemsetAsync(c->label, 0xFF, 4 * n, c->stream));
    if (s == CXB_OK)
        s = CXB_CUDA(cudaMemsetAsync(c->f1, 0, n, c->stream));
    if (s == CXB_OK)
        s = CXB_CUDA(cudaMemsetAsync(c->f2, 0, n, c->stream));
    uint64_t lo = 0; /* every vertex below lo is labelled */
    while (s == CXB_OK && lo < n) {
        /* the next seed: the smallest unlabelled id >= lo */
        uint32_t seed = CXB_VID_NONE;
        for (uint64_t w = 1024; s == CXB_OK && lo < n; w *= 8) {
            uint64_t hi = n - lo < w ? n : lo + w;
            if ((s = CXB_CUDA(cudaMemsetAsync(&c->word[1], 0xFF, sizeof(uint32_t), c->stream))) != CXB_OK)
                break;
            k3_search<<<cc_grid(c, hi - lo), CC_BLOCK, 0, c->stream>>>(c->label, lo, hi, c->word);
            if ((s = CXB_CUDA_LAUNCHED("k3_search")) != CXB_OK || (s = cc_fetch_word(c, 1, &seed)) != CXB_OK)
                break;
            if (seed != CXB_VID_NONE)
                break;
            lo = hi;
        }
        if (s != CXB_OK || seed == CXB_VID_NONE)
            break;
        ++st->bfs_passes;
        k3_seed<<<1, 1, 0, c->stream>>>(c->label, c->f1, seed);
        s = CXB_CUDA_LAUNCHED("k3_seed");
        uint8_t *f1 = c->f1, *f2 = c->f2;
        for (uint32_t flag = 1; s == CXB_OK && flag;) {
            if ((s = CXB_CUDA(cudaMemsetAsync(c->word, 0, sizeof(uint32_t), c->stream))) != CXB_OK)
                break;
            k3_level<<<cc_grid(c, n), CC_BLOCK, 0, c->stream>>>(c->g.off, c->g.adj, n, seed, c->label, f1, f2, c->word);
            if ((s = CXB_CUDA_LAUNCHED("k3_level")) != CXB_OK)
                break;
            ++st->bfs_levels;
            uint8_t *t = f1;
            f1 = f2;
            f2 = t;
            s = cc_fetch_word(c, 0, &flag);
        }
        /* the frontier arrays are clear again (the last level set nothing, and every set F1
         * entry was cleared by its thread); the next pass starts with c->f1 as F1 */
        if (f1 != c->f1) {
            c->f2 = c->f1;
            c->f1 = f1;
        }
        lo = (uint64_t)seed + 1;
    }
    return s;
}
