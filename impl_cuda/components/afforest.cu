/* impl_cuda/components/afforest.cu - components.afforest.cuda: Afforest (Sutton, Ben-Nun and
 * Barak, IPDPS 2018) after GAP's reference Afforest (docs/studies/components-cuda.md
 * "afforest.cuda"), on the GPU.
 *
 *   comp[v] = v;
 *   rounds r = 0 .. R-1: every vertex with degree > r links itself with its r-th neighbour
 *             (one thread per vertex), then compress (full pointer jumping);
 *   sample    p->samples vertices by keyed draws (cxb/components/afforest.h: the draws of
 *             afforest.pthreads) and take the most frequent comp value as c (one block: the
 *             sampled values in shared memory, each thread counts the copies of its values;
 *             ties to the smaller label);
 *   final     every vertex with comp[v] != c links with its neighbours from position R on:
 *             one thread per vertex of degree <= 32, one warp per vertex above (a worklist
 *             filled by the thread pass); then compress.
 *   link(u,v) GAP's: take p1 = comp[u], p2 = comp[v]; while they differ, CAS comp[high] from
 *             high to low, stop when comp[high] already is low or the CAS succeeds, else move
 *             on to p1 = comp[comp[high]], p2 = comp[low].
 * comp[x] <= x always, so the smallest id of a component is its root: canonical labels.
 * Skipping c's vertices is correct because the CSR is symmetric (an edge between c and another
 * tree is also found from its other end).
 *
 * Deviations: every comp read is a relaxed device-scope atomic load and every compress store a
 * relaxed store (docs/studies/components-cuda.md "Memory model"); only the CSR goes through __ldg.
 * The sampling uses keyed draws, not std::mt19937; the estimate c is chosen on the device, so the
 * timed phase has no host round trip. Launch size as unionfind.cuda (SMs x max threads per SM
 * / 256 blocks, grid-stride). */
#include "cxb/components/afforest.h"
#include "impl_cuda/components/cc.cuh"

#define AF_WARP_DEGREE 32u /* docs/studies/components-cuda.md: one warp per vertex above degree 32 */

static __device__ __forceinline__ void af_link(uint32_t u, uint32_t v, uint32_t *comp)
{
    uint32_t p1 = cxb_ld_rlx(&comp[u]), p2 = cxb_ld_rlx(&comp[v]);
    while (p1 != p2) {
        const uint32_t high = p1 > p2 ? p1 : p2, low = p1 > p2 ? p2 : p1;
        const uint32_t p_high = cxb_ld_rlx(&comp[high]);
        if (p_high == low || (p_high == high && atomicCAS(&comp[high], high, low) == high))
            break;
        p1 = cxb_ld_rlx(&comp[cxb_ld_rlx(&comp[high])]);
        p2 = cxb_ld_rlx(&comp[low]);
    }
}

static __global__ void af_round(const uint64_t *__restrict__ off, const uint32_t *__restrict__ adj, uint64_t n,
                                uint32_t r, uint32_t *comp)
{
    for (uint64_t v = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += (uint64_t)gridDim.x * blockDim.x) {
        const uint64_t beg = __ldg(&off[v]), end = __ldg(&off[v + 1]);
        if (end - beg > r)
            af_link((uint32_t)v, __ldg(&adj[beg + r]), comp);
    }
}

static __global__ void af_compress(uint64_t n, uint32_t *comp)
{
    for (uint64_t v = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += (uint64_t)gridDim.x * blockDim.x) {
        uint32_t c = cxb_ld_rlx(&comp[v]), cc = cxb_ld_rlx(&comp[c]);
        if (c == cc)
            continue;
        while (c != cc) {
            c = cc;
            cc = cxb_ld_rlx(&comp[c]);
        }
        cxb_st_rlx(&comp[v], c);
    }
}

/* One block: word[4] = the most frequent comp[sample i] over i < samples (ties: smaller). */
static __global__ void af_sample(uint64_t n, uint64_t seed, uint32_t samples, const uint32_t *__restrict__ comp,
                                 uint32_t *word)
{
    /* a fixed array of the largest sample count (and a margin): the count loop below may be
     * compiled to wide shared loads past `samples`, which must stay inside the array */
    __shared__ uint32_t s_val[CXB_CC_AFFOREST_SAMPLES_MAX + 32];
    __shared__ uint32_t s_best_count[32], s_best_val[32];
    for (uint32_t i = threadIdx.x; i < CXB_CC_AFFOREST_SAMPLES_MAX + 32; i += blockDim.x)
        s_val[i] = i < samples ? comp[cxb_cc_afforest_sample(seed, i, n)] : CXB_VID_NONE; /* no writer now */
    __syncthreads();
    uint32_t best_count = 0, best_val = CXB_VID_NONE;
    for (uint32_t i = threadIdx.x; i < samples; i += blockDim.x) {
        const uint32_t x = s_val[i];
        uint32_t count = 0;
        for (uint32_t j = 0; j < samples; ++j)
            count += s_val[j] == x;
        if (cxb_cc_afforest_better(count, x, best_count, best_val)) {
            best_count = count;
            best_val = x;
        }
    }
    for (int o = 16; o > 0; o >>= 1) {
        const uint32_t oc = __shfl_down_sync(0xFFFFFFFFu, best_count, o);
        const uint32_t ov = __shfl_down_sync(0xFFFFFFFFu, best_val, o);
        if (cxb_cc_afforest_better(oc, ov, best_count, best_val)) {
            best_count = oc;
            best_val = ov;
        }
    }
    if ((threadIdx.x & 31) == 0) {
        s_best_count[threadIdx.x / 32] = best_count;
        s_best_val[threadIdx.x / 32] = best_val;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        for (uint32_t w = 1; w < blockDim.x / 32; ++w)
            if (cxb_cc_afforest_better(s_best_count[w], s_best_val[w], best_count, best_val)) {
                best_count = s_best_count[w];
                best_val = s_best_val[w];
            }
        word[4] = best_val;
        word[2] = 0; /* the final pass's worklist cursor */
    }
}

/* the final pass, one thread per vertex; vertices of degree > 32 go to the worklist */
static __global__ void af_final(const uint64_t *__restrict__ off, const uint32_t *__restrict__ adj, uint64_t n,
                                uint32_t rounds, uint32_t *comp, uint32_t *wl, uint32_t *word)
{
    const uint32_t c = word[4]; /* written by af_sample, read-only here */
    for (uint64_t v = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += (uint64_t)gridDim.x * blockDim.x) {
        if (cxb_ld_rlx(&comp[v]) == c)
            continue;
        const uint64_t beg = __ldg(&off[v]), end = __ldg(&off[v + 1]);
        if (end - beg <= rounds)
            continue;
        if (end - beg > AF_WARP_DEGREE) {
            cc_push(wl, word, (uint32_t)v, true);
            continue;
        }
        for (uint64_t k = beg + rounds; k < end; ++k)
            af_link((uint32_t)v, __ldg(&adj[k]), comp);
    }
}

/* one warp per listed vertex */
static __global__ void af_final_warp(const uint64_t *__restrict__ off, const uint32_t *__restrict__ adj,
                                     uint32_t rounds, uint32_t *comp, const uint32_t *__restrict__ wl,
                                     const uint32_t *__restrict__ word)
{
    const uint32_t lane = threadIdx.x & 31, top = word[2];
    const uint64_t warps = ((uint64_t)gridDim.x * blockDim.x) / 32;
    for (uint64_t w = ((uint64_t)blockIdx.x * blockDim.x + threadIdx.x) / 32; w < top; w += warps) {
        const uint32_t v = __ldg(&wl[w]);
        const uint64_t end = __ldg(&off[v + 1]);
        for (uint64_t k = __ldg(&off[v]) + rounds + lane; k < end; k += 32)
            af_link(v, __ldg(&adj[k]), comp);
    }
}

cxb_status cc_afforest_run(cc_dev *c, cxb_cc_stats *st)
{
    (void)st;
    const uint64_t n = c->n;
    if (!n)
        return CXB_OK;
    const unsigned g = cc_grid(c, n);
    cc_init_identity<<<g, CC_BLOCK, 0, c->stream>>>(c->label, n);
    cxb_status s = CXB_CUDA_LAUNCHED("cc_init_identity");
    for (uint32_t r = 0; s == CXB_OK && r < c->p.rounds; ++r) {
        af_round<<<g, CC_BLOCK, 0, c->stream>>>(c->g.off, c->g.adj, n, r, c->label);
        if ((s = CXB_CUDA_LAUNCHED("af_round")) != CXB_OK)
            break;
        af_compress<<<g, CC_BLOCK, 0, c->stream>>>(n, c->label);
        s = CXB_CUDA_LAUNCHED("af_compress");
    }
    if (s == CXB_OK) {
        /* samples = 0: c = NONE, no vertex is skipped */
        af_sample<<<1, 1024, 0, c->stream>>>(n, c->p.seed, c->p.samples, c->label, c->word);
        s = CXB_CUDA_LAUNCHED("af_sample");
    }
    if (s == CXB_OK) {
        af_final<<<g, CC_BLOCK, 0, c->stream>>>(c->g.off, c->g.adj, n, c->p.rounds, c->label, c->wl, c->word);
        s = CXB_CUDA_LAUNCHED("af_final");
    }
    if (s == CXB_OK) {
        af_final_warp<<<c->grid, CC_BLOCK, 0, c->stream>>>(c->g.off, c->g.adj, c->p.rounds, c->label, c->wl, c->word);
        s = CXB_CUDA_LAUNCHED("af_final_warp");
    }
    if (s == CXB_OK) {
        af_compress<<<g, CC_BLOCK, 0, c->stream>>>(n, c->label);
        s = CXB_CUDA_LAUNCHED("af_compress");
    }
    return s;
}
