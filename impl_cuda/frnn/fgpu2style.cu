/* impl_cuda/frnn/fgpu2style.cu - frnn.fgpu2style.cuda: one Circles step with the cost structure
 * of FLAME GPU 2's spatial messaging (docs/studies/frnn.md "FLAME GPU 2-style variant"), written
 * from its documentation and the benchmark's published description, not from its code:
 * structure-of-arrays agents and messages (x, y, z, id loaded separately); bin width = R; an
 * atomicAdd histogram without aggregation; CUB exclusive scan; a scatter of the messages; a CUB
 * radix sort of the agents by bin every step on top of the message build; the Strips query with
 * four scalar loads per candidate; the query's block size taken from
 * cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, kernel, 32, 0), which returns resident blocks
 * per SM (32 on Hopper) and was used as a block size (docs/studies/frnn.md "Block size").
 * The force and the move are those of every Circles row (cxb/frnn/circles.h); the message order
 * within a bin comes from the atomics, so only the one-step parity of Euro-Par 2016 applies.
 */
#include <cub/cub.cuh>

#include <stdlib.h>
#include <string.h>

#include "cxb/frnn/frnn.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/common/event_timer.h"
#include "impl_cuda/frnn/dev.h"

namespace {

struct fg_dev {
    cxb_frnn_grid g;
    uint32_t n, nb, block, qblock;
    cudaStream_t s;
    cxb_event_timer tm;
    float *ax, *ay, *az, *ax2, *ay2, *az2; /* agents (double-buffered for the sort) */
    uint32_t *aid, *aid2;
    float *mx, *my, *mz; /* messages */
    uint32_t *mid;
    uint32_t *counts, *pbm, *bin, *sub, *bin2, *idx, *idx2;
    void *tmp;
    size_t tmp_bytes;
    int end_bit;
};

unsigned fg_grid(uint32_t n, uint32_t b)
{
    uint32_t g = (n + b - 1) / b;
    return g ? g : 1;
}

__global__ void fg_hist(cxb_frnn_grid g, const float *ax, const float *ay, const float *az, uint32_t n,
                        uint32_t *counts, uint32_t *bin, uint32_t *sub, uint32_t *idx)
{
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float p[3] = {ax[i], ay[i], az[i]};
    uint32_t b = cxb_frnn_bin(&g, p);
    bin[i] = b;
    idx[i] = i;
    sub[i] = atomicAdd(&counts[b], 1u);
}

__global__ void fg_scatter(const float *ax, const float *ay, const float *az, const uint32_t *aid, uint32_t n,
                           const uint32_t *pbm, const uint32_t *bin, const uint32_t *sub, float *mx, float *my,
                           float *mz, uint32_t *mid)
{
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    uint32_t k = pbm[bin[i]] + sub[i];
    mx[k] = ax[i];
    my[k] = ay[i];
    mz[k] = az[i];
    mid[k] = aid[i];
}

__global__ void fg_gather(const uint32_t *idx, uint32_t n, const float *ax, const float *ay, const float *az,
                          const uint32_t *aid, float *bx, float *by, float *bz, uint32_t *bid)
{
    uint32_t k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= n)
        return;
    uint32_t i = idx[k];
    bx[k] = ax[i];
    by[k] = ay[i];
    bz[k] = az[i];
    bid[k] = aid[i];
}

/* Strips over the messages with four scalar loads per candidate; the agent moves in place */
__global__ void fg_query(cxb_frnn_grid g, cxb_frnn_circles_params cp, const uint32_t *__restrict__ pbm,
                         const float *__restrict__ mx, const float *__restrict__ my, const float *__restrict__ mz,
                         const uint32_t *__restrict__ mid, uint32_t n, float *ax, float *ay, float *az,
                         const uint32_t *aid)
{
    uint32_t k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= n)
        return;
    float q[3] = {ax[k], ay[k], az[k]};
    uint32_t qid = aid[k], lo[3], hi[3], c = 0;
    float f[3] = {0.0f, 0.0f, 0.0f};
    const float pr = cxb_frnn_circles_pi_r(&g, &cp);
    cxb_frnn_box(&g, q, lo, hi);
    for (uint32_t z = lo[2]; z <= hi[2]; ++z)
        for (uint32_t y = lo[1]; y <= hi[1]; ++y) {
            uint32_t s = pbm[cxb_frnn_hash3(&g, lo[0], y, z)], e = pbm[cxb_frnn_hash3(&g, hi[0], y, z) + 1];
            for (uint32_t j = s; j < e; ++j) {
                float o[3] = {mx[j], my[j], mz[j]};
                if (mid[j] != qid)
                    c += (uint32_t)cxb_frnn_circles_pair(&g, q, o, &cp, pr, f);
            }
        }
    float out[3] = {q[0], q[1], q[2]};
    cxb_frnn_circles_move(&g, q, f, c, &cp, out);
    ax[k] = out[0];
    ay[k] = out[1];
    az[k] = out[2];
}

__global__ void fg_split(const cxb_frnn_rec *in, uint32_t n, float *ax, float *ay, float *az, uint32_t *aid)
{
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    cxb_frnn_rec r = in[i];
    ax[i] = r.p[0];
    ay[i] = r.p[1];
    az[i] = r.p[2];
    aid[i] = r.id;
}

__global__ void fg_join(const float *ax, const float *ay, const float *az, const uint32_t *aid, uint32_t n,
                        cxb_frnn_rec *out)
{
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    cxb_frnn_rec r;
    r.p[0] = ax[i];
    r.p[1] = ay[i];
    r.p[2] = az[i];
    r.id = aid[i];
    out[i] = r;
}

void fg_free(fg_dev *d)
{
    void *p[] = {d->ax, d->ay, d->az, d->ax2, d->ay2, d->az2, d->aid, d->aid2, d->mx, d->my, d->mz, d->mid,
                 d->counts, d->pbm, d->bin, d->sub, d->bin2, d->idx, d->idx2, d->tmp};
    for (size_t i = 0; i < sizeof p / sizeof p[0]; ++i)
        if (p[i])
            cudaFree(p[i]);
    cxb_event_timer_destroy(&d->tm);
    free(d);
}

cxb_status fg_fail(fg_dev *d, cxb_status st)
{
    fg_free(d);
    return st;
}

} // namespace

/* the agents as records, through a device staging buffer of n records */
static cxb_status fg_load(fg_dev *d, const cxb_frnn_rec *in)
{
    if (!d->n)
        return CXB_OK;
    cxb_frnn_rec *stage = NULL;
    size_t bytes = (size_t)d->n * sizeof *stage;
    cxb_status st = CXB_CUDA_ALLOC(cudaMalloc((void **)&stage, bytes), bytes);
    if (st == CXB_OK)
        st = CXB_CUDA(cudaMemcpyAsync(stage, in, bytes, cudaMemcpyHostToDevice, d->s));
    if (st == CXB_OK) {
        fg_split<<<fg_grid(d->n, 256), 256, 0, d->s>>>(stage, d->n, d->ax, d->ay, d->az, d->aid);
        st = CXB_CUDA_LAUNCHED("frnn fg_split");
    }
    if (st == CXB_OK)
        st = CXB_CUDA(cudaStreamSynchronize(d->s));
    if (stage)
        cudaFree(stage);
    return st;
}

static cxb_status fg_open(const cxb_frnn_grid *g, const cxb_frnn_rec *in, uint32_t n, void *stream, void **out,
                          double *alloc_ms, double *h2d_ms)
{
    *out = NULL;
    if (g->dims != 3)
        return cxb_fail(CXB_EINPUT, "frnn.fgpu2style.cuda: 3D only, as FLAME GPU 2's circles benchmark");
    fg_dev *d = (fg_dev *)calloc(1, sizeof *d);
    if (!d)
        return cxb_fail(CXB_ERESOURCE, "frnn: out of host memory");
    d->g = *g;
    d->n = n;
    d->nb = g->nbins;
    d->s = (cudaStream_t)stream;
    d->block = 64;
    d->end_bit = 1;
    while (d->end_bit < 32 && (1ull << d->end_bit) < g->nbins)
        ++d->end_bit;
    size_t m = n ? n : 1, nb1 = (size_t)g->nbins + 1, b = 0, need_tmp = 0;
    uint32_t *nu = NULL;
    cxb_status st = CXB_CUDA(cub::DeviceScan::ExclusiveSum(NULL, b, nu, nu, (int64_t)nb1, d->s));
    need_tmp = b;
    if (st == CXB_OK)
        st = CXB_CUDA(cub::DeviceRadixSort::SortPairs(NULL, b, nu, nu, nu, nu, (int64_t)m, 0, d->end_bit, d->s));
    need_tmp = b > need_tmp ? b : need_tmp;
    d->tmp_bytes = need_tmp;
    int blocks = 0; /* resident blocks per SM for 32 threads, used as the block size (FLAME GPU 2's call) */
    if (st == CXB_OK)
        st = CXB_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, fg_query, 32, 0));
    d->qblock = blocks >= 32 ? (uint32_t)(blocks / 32 * 32) : 32;
    size_t need = 12 * m * 4 + 2 * nb1 * 4 + 6 * m * 4 + need_tmp + m * sizeof(cxb_frnn_rec), free_b = 0, total_b = 0;
    if (st == CXB_OK)
        st = CXB_CUDA(cudaMemGetInfo(&free_b, &total_b));
    if (st == CXB_OK && need > free_b)
        st = cxb_fail(CXB_ERESOURCE, "frnn.fgpu2style.cuda: needs %zu bytes of device memory, %zu free", need, free_b);
    if (st == CXB_OK)
        st = cxb_event_timer_create(&d->tm);
    if (st != CXB_OK)
        return fg_fail(d, st);
    int64_t t0 = cxb_clock_ns();
    float **fl[] = {&d->ax, &d->ay, &d->az, &d->ax2, &d->ay2, &d->az2, &d->mx, &d->my, &d->mz};
    for (size_t i = 0; i < sizeof fl / sizeof fl[0] && st == CXB_OK; ++i)
        st = CXB_CUDA_ALLOC(cudaMalloc((void **)fl[i], m * 4), m * 4);
    uint32_t **ul[] = {&d->aid, &d->aid2, &d->mid, &d->bin, &d->sub, &d->bin2, &d->idx, &d->idx2};
    for (size_t i = 0; i < sizeof ul / sizeof ul[0] && st == CXB_OK; ++i)
        st = CXB_CUDA_ALLOC(cudaMalloc((void **)ul[i], m * 4), m * 4);
    if (st == CXB_OK)
        st = CXB_CUDA_ALLOC(cudaMalloc((void **)&d->counts, nb1 * 4), nb1 * 4);
    if (st == CXB_OK)
        st = CXB_CUDA_ALLOC(cudaMalloc((void **)&d->pbm, nb1 * 4), nb1 * 4);
    if (st == CXB_OK)
        st = CXB_CUDA_ALLOC(cudaMalloc(&d->tmp, need_tmp ? need_tmp : 1), need_tmp ? need_tmp : 1);
    int64_t t1 = cxb_clock_ns();
    if (alloc_ms)
        *alloc_ms = (double)(t1 - t0) / 1e6;
    if (st == CXB_OK)
        st = fg_load(d, in);
    if (h2d_ms)
        *h2d_ms = (double)(cxb_clock_ns() - t1) / 1e6;
    if (st != CXB_OK)
        return fg_fail(d, st);
    *out = d;
    return CXB_OK;
}

static cxb_status fg_upload(void *vd, const cxb_frnn_rec *in)
{
    return fg_load((fg_dev *)vd, in);
}

/* one step: message build, agent sort, query + move; out (may be NULL) gets the agents */
static cxb_status fg_step(void *vd, const cxb_frnn_circles_params *cp, cxb_timing *timing, cxb_phases *ph,
                          cxb_frnn_rec *out)
{
    fg_dev *d = (fg_dev *)vd;
    uint32_t n = d->n, bs = d->block;
    unsigned gs = fg_grid(n, bs);
    size_t b = d->tmp_bytes;
    d->tm.timing = timing;
    cxb_status st = cxb_event_timer_begin(&d->tm, d->s);
    if (st == CXB_OK)
        st = CXB_CUDA(cudaMemsetAsync(d->counts, 0, ((size_t)d->nb + 1) * 4, d->s));
    if (st == CXB_OK && n) {
        fg_hist<<<gs, bs, 0, d->s>>>(d->g, d->ax, d->ay, d->az, n, d->counts, d->bin, d->sub, d->idx);
        st = CXB_CUDA_LAUNCHED("frnn fg_hist");
    }
    if (st == CXB_OK)
        st = CXB_CUDA(cub::DeviceScan::ExclusiveSum(d->tmp, b, d->counts, d->pbm, (int64_t)d->nb + 1, d->s));
    if (st == CXB_OK && n) {
        fg_scatter<<<gs, bs, 0, d->s>>>(d->ax, d->ay, d->az, d->aid, n, d->pbm, d->bin, d->sub, d->mx, d->my, d->mz,
                                        d->mid);
        st = CXB_CUDA_LAUNCHED("frnn fg_scatter");
    }
    if (st == CXB_OK && n) { /* the agents sorted by bin, on top of the message build */
        b = d->tmp_bytes;
        st = CXB_CUDA(cub::DeviceRadixSort::SortPairs(d->tmp, b, d->bin, d->bin2, d->idx, d->idx2, (int64_t)n, 0,
                                                      d->end_bit, d->s));
        if (st == CXB_OK) {
            fg_gather<<<gs, bs, 0, d->s>>>(d->idx2, n, d->ax, d->ay, d->az, d->aid, d->ax2, d->ay2, d->az2, d->aid2);
            st = CXB_CUDA_LAUNCHED("frnn fg_gather");
        }
        if (st == CXB_OK) {
            float *t;
            t = d->ax, d->ax = d->ax2, d->ax2 = t;
            t = d->ay, d->ay = d->ay2, d->ay2 = t;
            t = d->az, d->az = d->az2, d->az2 = t;
            uint32_t *u = d->aid;
            d->aid = d->aid2, d->aid2 = u;
        }
    }
    if (st == CXB_OK && n) {
        fg_query<<<fg_grid(n, d->qblock), d->qblock, 0, d->s>>>(d->g, *cp, d->pbm, d->mx, d->my, d->mz, d->mid, n,
                                                                 d->ax, d->ay, d->az, d->aid);
        st = CXB_CUDA_LAUNCHED("frnn fg_query");
    }
    cxb_status st2 = cxb_event_timer_end(&d->tm, ph, CXB_PHASE_KERNEL);
    if (st == CXB_OK)
        st = st2;
    if (st == CXB_OK && out && n) {
        cxb_frnn_rec *stage = NULL;
        size_t bytes = (size_t)n * sizeof *stage;
        st = CXB_CUDA_ALLOC(cudaMalloc((void **)&stage, bytes), bytes);
        if (st == CXB_OK) {
            fg_join<<<fg_grid(n, 256), 256, 0, d->s>>>(d->ax, d->ay, d->az, d->aid, n, stage);
            st = CXB_CUDA_LAUNCHED("frnn fg_join");
        }
        if (st == CXB_OK)
            st = CXB_CUDA(cudaMemcpyAsync(out, stage, bytes, cudaMemcpyDeviceToHost, d->s));
        if (st == CXB_OK)
            st = CXB_CUDA(cudaStreamSynchronize(d->s));
        if (stage)
            cudaFree(stage);
    }
    return st;
}

static void fg_close(void *vd)
{
    if (vd)
        fg_free((fg_dev *)vd);
}

extern "C" const cxb_frnn_fgpu2_dev cxb_frnn_fgpu2_cuda_dev = {fg_open, fg_upload, fg_step, fg_close};
