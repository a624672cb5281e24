/* impl_cuda/frnn/dev.cu - the CUDA constructions and queries of the frnn study
 * (docs/studies/frnn.md "Construction", "Queries"), as the device table cxb_frnn_cuda_dev of
 * suites/frnn/device.h.
 *
 * Builds:
 *   original    Chisholm's thesis Sec. 2.5.2 / 4.4: hash (key = bin, value = input index), CUB
 *               DeviceRadixSort::SortPairs on the minimum bit count max(1, ceil(log2 nbins)),
 *               memset of start/end to 0xFFFFFFFF, one fused kernel that writes the boundaries
 *               (previous key from shared memory, from global memory for a block's first
 *               thread) and gathers the payload; the compact PBM on request (a reverse inclusive
 *               min-scan of the starts, CUB DeviceScan::InclusiveScan). Stable: CUB's radix sort
 *               is stable and the values start as the input index.
 *   acs         thesis Sec. 4.3: memset, atomic histogram whose atomicAdd returns each item's
 *               sub-index, CUB DeviceScan::ExclusiveSum over nbins + 1 counters (the scan is the
 *               compact PBM, pbm[nbins] = n), scatter to pbm[bin] + sub. Intra-bin order is that
 *               of the atomics.
 *   acs_stable  acs scattering input indices, each bin's indices sorted ascending with CUB
 *               DeviceSegmentedSort::SortKeys (the PBM as offsets), then the payload gathered:
 *               bit-identical to frnn.counting.seq.
 * Queries: one thread per storage slot (queries in bin order), the per-query loop of
 * cxb/frnn/query.h; count and avg write at the item's id; list counts, scans the counts (CUB,
 * 64-bit offsets) and fills, as cuNSearch does; rows are sorted on the host. The Circles step
 * (cxb/frnn/circles.h) moves the agent of each slot and writes it back as the next input, in
 * storage order, as the model keeps its agents between steps.
 *
 * Every call and launch is checked; CUB's temporary storage is sized for every step at open and
 * allocated once; the device memory a configuration needs is compared with cudaMemGetInfo
 * before the first allocation. The list handler's id array is sized by the count pass, so it is
 * allocated in the query (an out-of-memory there is reported like any other).
 */
#include <cub/cub.cuh>
#include <thrust/iterator/reverse_iterator.h>

#include <stdlib.h>
#include <string.h>

#include "cxb/frnn/frnn.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/common/resident.h"
#include "impl_cuda/common/event_timer.h"
#include "impl_cuda/frnn/dev.h"
#include "impl_cuda/frnn/network_launch.h"

namespace {

struct frnn_dev {
    cxb_frnn_grid g;
    uint32_t n, block;
    int build;
    int have_compact;
    cudaStream_t s;
    cxb_event_timer tm;
    cxb_frnn_rec *in, *storage;
    uint32_t *pbm, *start, *end;      /* pbm: nbins + 1; start/end: original */
    uint32_t *counts;                 /* nbins + 1: the histogram (acs), the starts (compaction) */
    uint32_t *key, *key2, *val, *val2; /* hash/sort (original); bin/sub/idx (acs) */
    uint32_t *count;                  /* queries: per id */
    float *avg;                       /* queries: 3 per id */
    uint64_t *off, *wide;             /* list: n + 1 offsets, and the counts widened to 64 bits */
    uint32_t *ids;                    /* list: grown as needed */
    size_t ids_cap;
    void *tmp;
    size_t tmp_bytes;
    int end_bit;
    unsigned resident; /* threads the GPU holds at once (cxb_cuda_resident_threads) */
    cudaGraphExec_t step_exec; /* a whole Circles step captured as a CUDA graph (step with graph = 1) */
    int step_kind;
    uint32_t step_team;
    cxb_frnn_circles_params step_cp;
    uint32_t *net_dst; /* the Network model's graph (network_graph), m entries each */
    float *net_len;
    uint32_t net_m;
    cudaEvent_t part_ev[CXB_FRNN_BUILD_PARTS + 1]; /* a build's component bounds (build with parts); NULL until used */
};

struct min_op {
    __device__ __forceinline__ uint32_t operator()(uint32_t a, uint32_t b) const { return a < b ? a : b; }
};

unsigned grid_of(uint32_t n, uint32_t block)
{
    uint32_t g = (n + block - 1) / block;
    return g ? g : 1;
}

/* ---- original ---- */

__global__ void hash_kernel(cxb_frnn_grid g, const cxb_frnn_rec *__restrict__ in, uint32_t n, uint32_t *key,
                            uint32_t *val)
{
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    cxb_frnn_rec r = in[i];
    key[i] = cxb_frnn_bin(&g, r.p);
    val[i] = i;
}

/* one thread per sorted slot: boundaries where the key changes, and the payload gathered */
__global__ void reorder_kernel(const uint32_t *__restrict__ key, const uint32_t *__restrict__ val,
                               const cxb_frnn_rec *__restrict__ in, uint32_t n, uint32_t *start, uint32_t *end,
                               cxb_frnn_rec *storage)
{
    extern __shared__ uint32_t s_key[]; /* blockDim.x + 1: s_key[t + 1] is slot t's key */
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    uint32_t k = 0;
    if (i < n) {
        k = key[i];
        s_key[threadIdx.x + 1] = k;
        if (threadIdx.x == 0)
            s_key[0] = i > 0 ? key[i - 1] : 0;
    }
    __syncthreads();
    if (i >= n)
        return;
    if (i == 0 || k != s_key[threadIdx.x]) {
        start[k] = i;
        if (i > 0)
            end[s_key[threadIdx.x]] = i;
    }
    if (i == n - 1)
        end[k] = n;
    storage[i] = in[val[i]];
}

/* the compact PBM from start/end: empty bins take the next non-empty start (reverse min-scan) */
__global__ void starts_kernel(const uint32_t *__restrict__ start, uint32_t nbins, uint32_t n, uint32_t *pbm)
{
    uint32_t b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b < nbins)
        pbm[b] = start[b] == CXB_FRNN_EMPTY ? n : start[b];
    else if (b == nbins)
        pbm[b] = n;
}

/* ---- acs ---- */

__global__ void histogram_kernel(cxb_frnn_grid g, const cxb_frnn_rec *__restrict__ in, uint32_t n, uint32_t *counts,
                                 uint32_t *bin, uint32_t *sub)
{
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    cxb_frnn_rec r = in[i];
    uint32_t b = cxb_frnn_bin(&g, r.p);
    bin[i] = b;
    sub[i] = atomicAdd(&counts[b], 1u);
}

__global__ void scatter_kernel(const cxb_frnn_rec *__restrict__ in, uint32_t n, const uint32_t *__restrict__ pbm,
                               const uint32_t *__restrict__ bin, const uint32_t *__restrict__ sub, cxb_frnn_rec *storage)
{
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        storage[pbm[bin[i]] + sub[i]] = in[i];
}

__global__ void scatter_index_kernel(uint32_t n, const uint32_t *__restrict__ pbm, const uint32_t *__restrict__ bin,
                                     const uint32_t *__restrict__ sub, uint32_t *idx)
{
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        idx[pbm[bin[i]] + sub[i]] = i;
}

__global__ void gather_kernel(const cxb_frnn_rec *__restrict__ in, uint32_t n, const uint32_t *__restrict__ idx,
                              cxb_frnn_rec *storage)
{
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        storage[i] = in[idx[i]];
}

/* ---- queries ---- */

template <int KIND, int HANDLER>
__global__ void __launch_bounds__(1024) query_kernel(cxb_frnn_view v, uint32_t *count, float *avg,
                                                     const uint64_t *__restrict__ off, uint32_t *ids)
{
    uint32_t k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= v.n)
        return;
    cxb_frnn_rec q = v.storage[k];
    if (HANDLER == CXB_FRNN_LIST && ids) { /* the fill pass */
        cxb_frnn_query_one(&v, KIND, &q, NULL, ids + off[q.id], NULL);
        return;
    }
    float sum[3];
    uint32_t c = cxb_frnn_query_one(&v, KIND, &q, HANDLER == CXB_FRNN_AVG ? sum : NULL, NULL, NULL);
    count[q.id] = c;
    if (HANDLER == CXB_FRNN_AVG)
        cxb_frnn_avg_finish(&q, c, sum, avg + 3 * (size_t)q.id);
}

/* one Circles agent per storage slot; the moved record goes to the same slot of out.
 * The force is deferred: the candidate loop only tests 0 < d2 < R2 and notes the slots that pass
 * in a per-thread list, and the force (a square root, a reciprocal and the sine) runs over the
 * list afterwards, in the same order, so the sums are those of
 * cxb_frnn_circles_one bit for bit. Applied inline, the force is a branch that some lane of a
 * warp takes at almost every candidate (about 1 candidate in 6 is a neighbour; 32 lanes), so
 * every lane waited for it at every candidate; over the list a lane waits only for the warp's
 * largest neighbour count. A lane whose list fills stops visiting; when every lane of the warp
 * has a full list or no candidates left, the warp drains its lists together and goes on. (A
 * full list drained where it filled ran one lane at a time: at the thesis's n̄ = 70, Table 5.1,
 * a list of 64 gave a warp execution efficiency of 8.7%; docs/studies/frnn.md.) */
#ifndef FRNN_CIRCLES_LIST /* -D for a comparison build */
#define FRNN_CIRCLES_LIST 128 /* slots: n̄ = 70 in one round; FLAME GPU 2's set-up: 33.5 neighbours */
#endif

/* The listed pairs' forces, FRNN_CIRCLES_ILP at a time: their terms are independent chains of
 * some hundred cycles (a square root, a reciprocal, the sine's polynomial), computed side by side
 * and then added to f in list order, so the sum is that of one pair at a time. Every listed slot
 * passed 0 < d2 < R2. */
#ifndef FRNN_CIRCLES_ILP /* -D for a comparison build */
#define FRNN_CIRCLES_ILP 2
#endif
static __device__ __forceinline__ void circles_drain(const cxb_frnn_view &v, const cxb_frnn_circles_params &cp,
                                                     float pr, const float *q, const uint32_t *list, uint32_t len,
                                                     float *f, uint32_t *c)
{
    uint32_t i = 0;
    for (; i + FRNN_CIRCLES_ILP <= len; i += FRNN_CIRCLES_ILP) {
        float t[FRNN_CIRCLES_ILP][3];
#pragma unroll
        for (int u = 0; u < FRNN_CIRCLES_ILP; ++u) {
            const float *o = v.storage[list[i + u]].p;
            cxb_frnn_circles_term(&v.grid, q, o, cxb_frnn_d2(v.grid.dims, q, o), &cp, pr, t[u]);
        }
#pragma unroll
        for (int u = 0; u < FRNN_CIRCLES_ILP; ++u)
            cxb_frnn_circles_add(&v.grid, t[u], f);
    }
    for (; i < len; ++i) {
        const float *o = v.storage[list[i]].p;
        float t[3];
        cxb_frnn_circles_term(&v.grid, q, o, cxb_frnn_d2(v.grid.dims, q, o), &cp, pr, t);
        cxb_frnn_circles_add(&v.grid, t, f);
    }
    *c += len;
}

/* the team's list, TEAM entries at a time: lane i computes entry b + i's terms, and every lane
 * adds them to f in list order */
template <int TEAM>
static __device__ __forceinline__ void circles_team_drain(const cxb_frnn_view &v, const cxb_frnn_circles_params &cp,
                                                          float pr, const float *q, const uint32_t *list,
                                                          uint32_t len, uint32_t lane, uint32_t mask, float *f)
{
    for (uint32_t b = 0; b < len; b += TEAM) {
        float t[3] = {0.0f, 0.0f, 0.0f};
        if (b + lane < len) {
            const float *o = v.storage[list[b + lane]].p;
            cxb_frnn_circles_term(&v.grid, q, o, cxb_frnn_d2(v.grid.dims, q, o), &cp, pr, t);
        }
        const uint32_t m = len - b < TEAM ? len - b : TEAM;
        for (uint32_t i = 0; i < m; ++i) {
            float ti[3];
            ti[0] = __shfl_sync(mask, t[0], i, TEAM);
            ti[1] = __shfl_sync(mask, t[1], i, TEAM);
            ti[2] = __shfl_sync(mask, t[2], i, TEAM);
            cxb_frnn_circles_add(&v.grid, ti, f);
        }
    }
}

template <int KIND, int DIMS>
__global__ void circles_kernel(cxb_frnn_view v, cxb_frnn_circles_params cp, cxb_frnn_rec *out)
{
    const uint32_t k = blockIdx.x * blockDim.x + threadIdx.x;
    const int live = k < v.n; /* every lane stays to the end, so that the warp drains together */
    const cxb_frnn_rec q = v.storage[live ? k : 0];
    uint32_t list[FRNN_CIRCLES_LIST], len = 0, c = 0, s = 0, e = 0, j = 0;
    float f[3] = {0.0f, 0.0f, 0.0f};
    const float pr = cxb_frnn_circles_pi_r(&v.grid, &cp), r2 = v.grid.r2;
    cxb_frnn_iter it;
    cxb_frnn_iter_init(&it, &v, KIND, q.p);
    int more = live; /* candidates left to visit */
    do {
        /* fill: visit candidates until the list is full or none are left (j, e and the iterator
         * keep the place for the next round). A stretch of candidates no longer than the list's
         * room cannot overflow it, so the candidate loop tests only its bound. The distance is
         * taken with the dimension fixed; the agent itself (d2 = 0) is not within, so ids need
         * not be compared. */
        while (more) {
            const uint32_t room = FRNN_CIRCLES_LIST - len;
            if (room == 0)
                break;
            const uint32_t stop = e - j < room ? e : j + room;
#pragma unroll 4
            for (; j < stop; ++j) {
                const cxb_frnn_rec o = v.storage[j];
                if (cxb_frnn_circles_within(cxb_frnn_d2(DIMS, q.p, o.p), r2))
                    list[len++] = j;
            }
            if (j < e)
                continue;
            if (cxb_frnn_iter_next(&it, &v, &s, &e, NULL))
                j = s;
            else
                more = 0;
        }
        /* drain: the whole warp at this point, each lane its own list in visit order */
        circles_drain(v, cp, pr, q.p, list, len, f, &c);
        len = 0;
    } while (__any_sync(0xffffffffu, more)); /* blocks are whole warps (block % 32 == 0) */
    if (!live)
        return;
    cxb_frnn_rec r = q;
    cxb_frnn_circles_move(&v.grid, q.p, f, c, &cp, r.p);
    out[k] = r;
}

/* A team of TEAM lanes (2 .. 32, within one warp) per Circles agent, for populations too small to
 * fill the GPU with one thread an agent (there one agent's serial chain of candidates and forces
 * is the step's latency). The lanes split each range of candidates, TEAM consecutive slots at a
 * time (coalesced); the slots that pass 0 < d2 < R2 go, in visit order, to the team's list in
 * shared memory (a ballot and the count of the lower lanes' hits); the list is drained TEAM
 * entries at a time, each lane computing one pair's force terms (cxb_frnn_circles_term), and
 * every lane adds the TEAM terms in list order (shuffles), so the sums are those of
 * cxb_frnn_circles_one bit for bit. The list is drained before a batch could overflow it. */
#define FRNN_CIRCLES_TEAM_LIST 64 /* a team's list in shared memory (teams serve small populations) */
#define FRNN_CIRCLES_STRIDE (FRNN_CIRCLES_TEAM_LIST + 1) /* odd: the teams of a warp at the same list
                                                           * position use different banks */
template <int KIND, int TEAM>
__global__ void circles_team_kernel(cxb_frnn_view v, cxb_frnn_circles_params cp, cxb_frnn_rec *out)
{
    extern __shared__ uint32_t s_lists[]; /* FRNN_CIRCLES_STRIDE words per team */
    const uint32_t lane = threadIdx.x % TEAM, base = (threadIdx.x & 31u) - lane;
    const uint32_t mask = TEAM == 32 ? 0xffffffffu : ((1u << TEAM) - 1u) << base;
    const uint64_t a = ((uint64_t)blockIdx.x * blockDim.x + threadIdx.x) / TEAM;
    if (a >= v.n) /* the whole team leaves together: its lanes share a */
        return;
    uint32_t *list = s_lists + (threadIdx.x / TEAM) * FRNN_CIRCLES_STRIDE;
    const cxb_frnn_rec q = v.storage[a];
    uint32_t len = 0, c = 0, s, e;
    float f[3] = {0.0f, 0.0f, 0.0f};
    const float pr = cxb_frnn_circles_pi_r(&v.grid, &cp);
    cxb_frnn_iter it;
    cxb_frnn_iter_init(&it, &v, KIND, q.p);
    while (cxb_frnn_iter_next(&it, &v, &s, &e, NULL)) {
        for (uint32_t j0 = s; j0 < e; j0 += TEAM) {
            const uint32_t j = j0 + lane;
            int near = 0;
            if (j < e) {
                const cxb_frnn_rec o = v.storage[j];
                float d2;
                near = o.id != q.id && cxb_frnn_circles_near(&v.grid, q.p, o.p, &d2);
            }
            const uint32_t hits = (__ballot_sync(mask, near) & mask) >> base;
            if (near)
                list[len + __popc(hits & ((1u << lane) - 1u))] = j;
            len += __popc(hits);
            if (len > FRNN_CIRCLES_TEAM_LIST - TEAM) { /* the next batch might not fit */
                __syncwarp(mask);
                circles_team_drain<TEAM>(v, cp, pr, q.p, list, len, lane, mask, f);
                c += len;
                len = 0;
                __syncwarp(mask); /* the list is read before it is written again */
            }
        }
    }
    __syncwarp(mask);
    circles_team_drain<TEAM>(v, cp, pr, q.p, list, len, lane, mask, f);
    c += len;
    if (lane == 0) {
        cxb_frnn_rec r = q;
        cxb_frnn_circles_move(&v.grid, q.p, f, c, &cp, r.p);
        out[a] = r;
    }
}

__global__ void widen_kernel(const uint32_t *__restrict__ count, uint32_t n, uint64_t *out)
{
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = count[i];
    else if (i == n)
        out[i] = 0;
}

template <int KIND>
cxb_status launch_query(frnn_dev *d, cxb_frnn_handler h, const cxb_frnn_view &v, int fill)
{
    unsigned gs = grid_of(d->n, d->block);
    if (h == CXB_FRNN_COUNT)
        query_kernel<KIND, CXB_FRNN_COUNT><<<gs, d->block, 0, d->s>>>(v, d->count, NULL, NULL, NULL);
    else if (h == CXB_FRNN_AVG)
        query_kernel<KIND, CXB_FRNN_AVG><<<gs, d->block, 0, d->s>>>(v, d->count, d->avg, NULL, NULL);
    else
        query_kernel<KIND, CXB_FRNN_LIST><<<gs, d->block, 0, d->s>>>(v, d->count, NULL, d->off, fill ? d->ids : NULL);
    return CXB_CUDA_LAUNCHED("frnn query_kernel");
}

cxb_status launch_any(frnn_dev *d, int kind, cxb_frnn_handler h, const cxb_frnn_view &v, int fill)
{
    switch (kind) {
    case CXB_FRNN_MOORE:
        return launch_query<CXB_FRNN_MOORE>(d, h, v, fill);
    case CXB_FRNN_PBW:
        return launch_query<CXB_FRNN_PBW>(d, h, v, fill);
    case CXB_FRNN_STRIPS:
        return launch_query<CXB_FRNN_STRIPS>(d, h, v, fill);
    default:
        return launch_query<CXB_FRNN_BRUTE>(d, h, v, fill);
    }
}

int min_bits(uint32_t nbins)
{
    int b = 1;
    while (b < 32 && (1ull << b) < nbins)
        ++b;
    return b;
}

void dev_free(frnn_dev *d)
{
    void *p[] = {d->in, d->storage, d->pbm, d->counts, d->start, d->end, d->key, d->key2, d->val, d->val2, d->count, d->avg,
                 d->off, d->wide, d->ids, d->tmp, d->net_dst, d->net_len};
    for (size_t i = 0; i < sizeof p / sizeof p[0]; ++i)
        if (p[i])
            cudaFree(p[i]);
    if (d->step_exec)
        cudaGraphExecDestroy(d->step_exec);
    cxb_event_timer_destroy(&d->tm);
    for (int k = 0; k <= CXB_FRNN_BUILD_PARTS; ++k)
        if (d->part_ev[k])
            cudaEventDestroy(d->part_ev[k]);
    free(d);
}

} // namespace

static cxb_status frnn_close_status(frnn_dev *d, cxb_status st)
{
    dev_free(d);
    return st;
}

static cxb_status frnn_open(const cxb_frnn_grid *g, const cxb_frnn_rec *in, uint32_t n, int build, uint32_t block,
                            void *stream, void **out, double *alloc_ms, double *h2d_ms)
{
    *out = NULL;
    if (block < 32 || block > 1024 || block % 32)
        return cxb_fail(CXB_EINPUT, "--block: %u: a multiple of 32 in [32, 1024]", block);
    if (build != CXB_FRNN_ORIGINAL && build != CXB_FRNN_ACS && build != CXB_FRNN_ACS_STABLE)
        return cxb_fail(CXB_EINPUT, "frnn: build %s has no CUDA row", build >= 0 && build < CXB_FRNN_NBUILDS
                                                                           ? cxb_frnn_build_names[build]
                                                                           : "?");
    frnn_dev *d = (frnn_dev *)calloc(1, sizeof *d);
    if (!d)
        return cxb_fail(CXB_ERESOURCE, "frnn: out of host memory");
    d->g = *g;
    d->n = n;
    d->block = block;
    d->build = build;
    d->s = (cudaStream_t)stream;
    d->end_bit = min_bits(g->nbins);
    int dev = 0;
    cxb_status st0 = CXB_CUDA(cudaGetDevice(&dev));
    if (st0 == CXB_OK)
        st0 = cxb_cuda_resident_threads(dev, &d->resident);
    if (st0 != CXB_OK)
        return frnn_close_status(d, st0);
    size_t m = n ? n : 1, nb = (size_t)g->nbins + 1;
    /* CUB's temporary storage: the largest of the steps this configuration can run */
    size_t need_tmp = 0, b = 0;
    cxb_status st = CXB_OK;
    uint32_t *nu = NULL;
    uint64_t *nl = NULL;
    if (build == CXB_FRNN_ORIGINAL) {
        st = CXB_CUDA(cub::DeviceRadixSort::SortPairs(NULL, b, nu, nu, nu, nu, (int64_t)m, 0, d->end_bit, d->s));
        need_tmp = b > need_tmp ? b : need_tmp;
        if (st == CXB_OK)
            st = CXB_CUDA(cub::DeviceScan::InclusiveScan(NULL, b, thrust::make_reverse_iterator(nu + nb - 1),
                                                         thrust::make_reverse_iterator(nu + nb - 1), min_op(),
                                                         (int64_t)(nb - 1), d->s));
        need_tmp = b > need_tmp ? b : need_tmp;
    } else {
        st = CXB_CUDA(cub::DeviceScan::ExclusiveSum(NULL, b, nu, nu, (int64_t)nb, d->s));
        need_tmp = b > need_tmp ? b : need_tmp;
        if (st == CXB_OK && build == CXB_FRNN_ACS_STABLE) {
            st = CXB_CUDA(cub::DeviceSegmentedSort::SortKeys(NULL, b, nu, nu, (int64_t)m, (int64_t)(nb - 1), nu, nu + 1,
                                                             d->s));
            need_tmp = b > need_tmp ? b : need_tmp;
        }
    }
    if (st == CXB_OK)
        st = CXB_CUDA(cub::DeviceScan::ExclusiveSum(NULL, b, nl, nl, (int64_t)(m + 1), d->s));
    need_tmp = b > need_tmp ? b : need_tmp;
    d->tmp_bytes = need_tmp;
    size_t rec = m * sizeof(cxb_frnn_rec), u32 = m * sizeof(uint32_t);
    size_t need = 2 * rec + 2 * nb * 4 + (build == CXB_FRNN_ORIGINAL ? 2 * nb * 4 : 0) + 4 * u32 + u32 + 3 * m * 4 +
                  2 * (m + 1) * 8 + need_tmp;
    size_t free_b = 0, total_b = 0;
    if (st == CXB_OK)
        st = CXB_CUDA(cudaMemGetInfo(&free_b, &total_b));
    if (st == CXB_OK && need > free_b)
        st = cxb_fail(CXB_ERESOURCE, "frnn: needs %zu bytes of device memory, %zu free", need, free_b);
    if (st != CXB_OK)
        return frnn_close_status(d, st);
    if ((st = cxb_event_timer_create(&d->tm)) != CXB_OK)
        return frnn_close_status(d, st);
    int64_t t0 = cxb_clock_ns();
#define FRNN_ALLOC(ptr, bytes)                                                                                        \
    if (st == CXB_OK)                                                                                                 \
        st = CXB_CUDA_ALLOC(cudaMalloc((void **)&(ptr), (bytes)), (bytes));
    FRNN_ALLOC(d->in, rec)
    FRNN_ALLOC(d->storage, rec)
    FRNN_ALLOC(d->pbm, nb * 4)
    FRNN_ALLOC(d->counts, nb * 4)
    if (build == CXB_FRNN_ORIGINAL) {
        FRNN_ALLOC(d->start, nb * 4)
        FRNN_ALLOC(d->end, nb * 4)
    }
    FRNN_ALLOC(d->key, u32)
    FRNN_ALLOC(d->key2, u32)
    FRNN_ALLOC(d->val, u32)
    FRNN_ALLOC(d->val2, u32)
    FRNN_ALLOC(d->count, u32)
    FRNN_ALLOC(d->avg, 3 * m * 4)
    FRNN_ALLOC(d->off, (m + 1) * 8)
    FRNN_ALLOC(d->wide, (m + 1) * 8)
    FRNN_ALLOC(d->tmp, need_tmp ? need_tmp : 1)
#undef FRNN_ALLOC
    if (st == CXB_OK)
        st = CXB_CUDA(cudaStreamSynchronize(d->s));
    int64_t t1 = cxb_clock_ns();
    if (alloc_ms)
        *alloc_ms = (double)(t1 - t0) / 1e6;
    if (st == CXB_OK && n)
        st = CXB_CUDA(cudaMemcpyAsync(d->in, in, rec, cudaMemcpyHostToDevice, d->s));
    if (st == CXB_OK)
        st = CXB_CUDA(cudaStreamSynchronize(d->s));
    if (h2d_ms)
        *h2d_ms = (double)(cxb_clock_ns() - t1) / 1e6;
    if (st != CXB_OK)
        return frnn_close_status(d, st);
    *out = d;
    return CXB_OK;
}

static cxb_status frnn_upload(void *vd, const cxb_frnn_rec *in)
{
    frnn_dev *d = (frnn_dev *)vd;
    cxb_status st = CXB_OK;
    if (d->n)
        st = CXB_CUDA(cudaMemcpyAsync(d->in, in, (size_t)d->n * sizeof *in, cudaMemcpyHostToDevice, d->s));
    if (st == CXB_OK)
        st = CXB_CUDA(cudaStreamSynchronize(d->s));
    return st;
}

/* the compact PBM after an Original build */
static cxb_status compact(frnn_dev *d)
{
    uint32_t nb = d->g.nbins;
    starts_kernel<<<grid_of(nb + 1, 256), 256, 0, d->s>>>(d->start, nb, d->n, d->counts);
    cxb_status st = CXB_CUDA_LAUNCHED("frnn starts_kernel");
    size_t b = d->tmp_bytes;
    if (st == CXB_OK) /* pbm[nbins] = n, then pbm[b] = min over b' >= b of the starts */
        st = CXB_CUDA(cudaMemcpyAsync(d->pbm + nb, d->counts + nb, 4, cudaMemcpyDeviceToDevice, d->s));
    if (st == CXB_OK)
        st = CXB_CUDA(cub::DeviceScan::InclusiveScan(d->tmp, b, thrust::make_reverse_iterator(d->counts + nb),
                                                     thrust::make_reverse_iterator(d->pbm + nb), min_op(),
                                                     (int64_t)nb, d->s));
    return st;
}

/* Records component bound k of a build when its parts are wanted (build with parts). */
static cxb_status mark_part(frnn_dev *d, int parts, int k, cxb_status st)
{
    return st == CXB_OK && parts ? CXB_CUDA(cudaEventRecord(d->part_ev[k], d->s)) : st;
}

/* a build's kernels and CUB calls, queued on the stream; parts = 1 records an event before each
 * component and after the last (suites/frnn/device.h names the components) */
static cxb_status enqueue_build(frnn_dev *d, int want_compact, int parts)
{
    uint32_t n = d->n, nb = d->g.nbins, bs = d->block;
    unsigned gs = grid_of(n, bs);
    size_t b = d->tmp_bytes;
    cxb_status st = mark_part(d, parts, 0, CXB_OK);
    d->have_compact = 0;
    if (d->build == CXB_FRNN_ORIGINAL) {
        if (n && st == CXB_OK) {
            hash_kernel<<<gs, bs, 0, d->s>>>(d->g, d->in, n, d->key, d->val);
            st = CXB_CUDA_LAUNCHED("frnn hash_kernel");
        }
        st = mark_part(d, parts, 1, st);
        if (n && st == CXB_OK)
            st = CXB_CUDA(cub::DeviceRadixSort::SortPairs(d->tmp, b, d->key, d->key2, d->val, d->val2, (int64_t)n, 0,
                                                          d->end_bit, d->s));
        st = mark_part(d, parts, 2, st);
        if (st == CXB_OK)
            st = CXB_CUDA(cudaMemsetAsync(d->start, 0xff, (size_t)nb * 4, d->s));
        if (st == CXB_OK)
            st = CXB_CUDA(cudaMemsetAsync(d->end, 0xff, (size_t)nb * 4, d->s));
        st = mark_part(d, parts, 3, st);
        if (st == CXB_OK && n) {
            reorder_kernel<<<gs, bs, (bs + 1) * sizeof(uint32_t), d->s>>>(d->key2, d->val2, d->in, n, d->start, d->end,
                                                                        d->storage);
            st = CXB_CUDA_LAUNCHED("frnn reorder_kernel");
        }
        st = mark_part(d, parts, 4, st);
        if (st == CXB_OK && want_compact && (st = compact(d)) == CXB_OK)
            d->have_compact = 1;
    } else {
        uint32_t *bin = d->key, *sub = d->val;
        if (st == CXB_OK)
            st = CXB_CUDA(cudaMemsetAsync(d->counts, 0, (size_t)(nb + 1) * 4, d->s));
        st = mark_part(d, parts, 1, st);
        if (st == CXB_OK && n) {
            histogram_kernel<<<gs, bs, 0, d->s>>>(d->g, d->in, n, d->counts, bin, sub);
            st = CXB_CUDA_LAUNCHED("frnn histogram_kernel");
        }
        st = mark_part(d, parts, 2, st);
        if (st == CXB_OK)
            st = CXB_CUDA(cub::DeviceScan::ExclusiveSum(d->tmp, b, d->counts, d->pbm, (int64_t)(nb + 1), d->s));
        st = mark_part(d, parts, 3, st);
        if (st == CXB_OK && n && d->build == CXB_FRNN_ACS) {
            scatter_kernel<<<gs, bs, 0, d->s>>>(d->in, n, d->pbm, bin, sub, d->storage);
            st = CXB_CUDA_LAUNCHED("frnn scatter_kernel");
        } else if (st == CXB_OK && n) {
            scatter_index_kernel<<<gs, bs, 0, d->s>>>(n, d->pbm, bin, sub, d->key2);
            st = CXB_CUDA_LAUNCHED("frnn scatter_index_kernel");
            if (st == CXB_OK)
                st = CXB_CUDA(cub::DeviceSegmentedSort::SortKeys(d->tmp, b, d->key2, d->val2, (int64_t)n, (int64_t)nb,
                                                                 d->pbm, d->pbm + 1, d->s));
            if (st == CXB_OK) {
                gather_kernel<<<gs, bs, 0, d->s>>>(d->in, n, d->val2, d->storage);
                st = CXB_CUDA_LAUNCHED("frnn gather_kernel");
            }
        }
        st = mark_part(d, parts, 4, st);
        d->have_compact = 1;
    }
    return st;
}

static cxb_status frnn_build(void *vd, int want_compact, cxb_timing *timing, cxb_phases *ph, double *parts)
{
    frnn_dev *d = (frnn_dev *)vd;
    cxb_status st = CXB_OK;
    if (parts && d->build == CXB_FRNN_ACS_STABLE)
        return cxb_fail(CXB_EINPUT, "frnn: the parts of a build: Original and ACS only, not acs_stable");
    for (int k = 0; parts && k <= CXB_FRNN_BUILD_PARTS && st == CXB_OK; ++k)
        if (!d->part_ev[k])
            st = CXB_CUDA(cudaEventCreate(&d->part_ev[k]));
    d->tm.timing = timing;
    if (st == CXB_OK)
        st = cxb_event_timer_begin(&d->tm, d->s);
    if (st == CXB_OK)
        st = enqueue_build(d, want_compact, parts != NULL);
    cxb_status st2 = cxb_event_timer_end(&d->tm, ph, CXB_PHASE_KERNEL);
    for (int k = 0; parts && k < CXB_FRNN_BUILD_PARTS && st == CXB_OK && st2 == CXB_OK; ++k) {
        float ms = 0.0f; /* the stop event was waited for, so every bound before it is complete */
        st = CXB_CUDA(cudaEventElapsedTime(&ms, d->part_ev[k], d->part_ev[k + 1]));
        parts[k] = ms;
    }
    return st != CXB_OK ? st : st2;
}

static cxb_status frnn_download(void *vd, cxb_frnn_index *ix)
{
    frnn_dev *d = (frnn_dev *)vd;
    cxb_status st = CXB_OK;
    if (!d->have_compact && d->build == CXB_FRNN_ORIGINAL && (st = compact(d)) == CXB_OK)
        d->have_compact = 1;
    if (st == CXB_OK && d->n)
        st = CXB_CUDA(cudaMemcpyAsync(ix->storage, d->storage, (size_t)d->n * sizeof(cxb_frnn_rec),
                                      cudaMemcpyDeviceToHost, d->s));
    if (st == CXB_OK)
        st = CXB_CUDA(cudaMemcpyAsync(ix->pbm, d->pbm, ((size_t)d->g.nbins + 1) * 4, cudaMemcpyDeviceToHost, d->s));
    if (st == CXB_OK)
        st = CXB_CUDA(cudaStreamSynchronize(d->s));
    return st;
}

static cxb_status frnn_query(void *vd, int kind, cxb_frnn_handler h, cxb_timing *timing, cxb_phases *ph,
                             cxb_frnn_result *out)
{
    frnn_dev *d = (frnn_dev *)vd;
    cxb_status st = cxb_frnn_result_init(out, h, d->n);
    if (st != CXB_OK)
        return st;
    cxb_frnn_view v;
    memset(&v, 0, sizeof v);
    v.grid = d->g;
    v.n = d->n;
    v.storage = d->storage;
    if (kind == CXB_FRNN_MOORE && d->build == CXB_FRNN_ORIGINAL && !d->have_compact) {
        v.start = d->start; /* Original's two-array PBM */
        v.end = d->end;
    } else {
        if (!d->have_compact && d->build == CXB_FRNN_ORIGINAL && (st = compact(d)) == CXB_OK)
            d->have_compact = 1; /* untimed here: the build row times compaction */
        v.pbm = d->pbm;
    }
    uint64_t total = 0;
    d->tm.timing = timing;
    if (st == CXB_OK)
        st = cxb_event_timer_begin(&d->tm, d->s);
    if (st == CXB_OK && d->n)
        st = launch_any(d, kind, h, v, 0);
    if (st == CXB_OK && d->n && h == CXB_FRNN_LIST) { /* offsets, then the fill pass */
        size_t b = d->tmp_bytes;
        widen_kernel<<<grid_of(d->n + 1, 256), 256, 0, d->s>>>(d->count, d->n, d->wide);
        st = CXB_CUDA_LAUNCHED("frnn widen_kernel");
        if (st == CXB_OK)
            st = CXB_CUDA(cub::DeviceScan::ExclusiveSum(d->tmp, b, d->wide, d->off, (int64_t)d->n + 1, d->s));
        if (st == CXB_OK)
            st = CXB_CUDA(cudaMemcpyAsync(&total, d->off + d->n, sizeof total, cudaMemcpyDeviceToHost, d->s));
        if (st == CXB_OK)
            st = CXB_CUDA(cudaStreamSynchronize(d->s));
        if (st == CXB_OK && total > d->ids_cap) {
            if (d->ids)
                cudaFree(d->ids);
            d->ids = NULL;
            d->ids_cap = 0;
            st = CXB_CUDA_ALLOC(cudaMalloc((void **)&d->ids, total * 4), total * 4);
            if (st == CXB_OK)
                d->ids_cap = total;
        }
        if (st == CXB_OK && total)
            st = launch_any(d, kind, h, v, 1);
    }
    cxb_status st2 = cxb_event_timer_end(&d->tm, ph, CXB_PHASE_KERNEL);
    if (st == CXB_OK)
        st = st2;
    int64_t t0 = cxb_clock_ns();
    if (st == CXB_OK && d->n)
        st = CXB_CUDA(cudaMemcpyAsync(out->count, d->count, (size_t)d->n * 4, cudaMemcpyDeviceToHost, d->s));
    if (st == CXB_OK && d->n && h == CXB_FRNN_AVG)
        st = CXB_CUDA(cudaMemcpyAsync(out->avg, d->avg, (size_t)d->n * 12, cudaMemcpyDeviceToHost, d->s));
    if (st == CXB_OK && h == CXB_FRNN_LIST && (st = cxb_frnn_result_list_offsets(out)) == CXB_OK && total)
        st = CXB_CUDA(cudaMemcpyAsync(out->ids, d->ids, total * 4, cudaMemcpyDeviceToHost, d->s));
    if (st == CXB_OK)
        st = CXB_CUDA(cudaStreamSynchronize(d->s));
    if (st == CXB_OK && h == CXB_FRNN_LIST)
        cxb_frnn_result_canonical(out);
    if (ph)
        ph->ns[CXB_PHASE_D2H] = cxb_clock_ns() - t0;
    if (st != CXB_OK)
        cxb_frnn_result_free(out);
    return st;
}

/* The team size of a Circles step (circles_team_kernel): the one asked for, or for 0 the larger of
 * 16 and 8 that keeps n * team within twice the threads the GPU holds at once, else one thread an
 * agent. Measured on the H100 (docs/studies/frnn.md "Measured", preset p10.team): 16 is the best
 * team at 10^4 agents (2.6x one thread), 8 from 3 * 10^4 to 10^5, one thread from 2 * 10^5; teams
 * of 2 and 4 are slower than one thread everywhere, 32 no faster than 16. */
static uint32_t circles_team(const frnn_dev *d, uint32_t team)
{
    if (team)
        return team;
    uint64_t room = 2 * (uint64_t)d->resident;
    return (uint64_t)d->n * 16 <= room ? 16 : (uint64_t)d->n * 8 <= room ? 8 : 1;
}

template <int KIND>
static cxb_status launch_circles_kind(frnn_dev *d, uint32_t team, const cxb_frnn_view &v,
                                      const cxb_frnn_circles_params *cp)
{
    if (team == 1) {
        if (v.grid.dims == 3)
            circles_kernel<KIND, 3><<<grid_of(d->n, d->block), d->block, 0, d->s>>>(v, *cp, d->in);
        else
            circles_kernel<KIND, 2><<<grid_of(d->n, d->block), d->block, 0, d->s>>>(v, *cp, d->in);
        return CXB_CUDA_LAUNCHED("frnn circles_kernel");
    }
    void (*k)(cxb_frnn_view, cxb_frnn_circles_params, cxb_frnn_rec *) =
        team == 2    ? circles_team_kernel<KIND, 2>
        : team == 4  ? circles_team_kernel<KIND, 4>
        : team == 8  ? circles_team_kernel<KIND, 8>
        : team == 16 ? circles_team_kernel<KIND, 16>
                     : circles_team_kernel<KIND, 32>;
    size_t smem = (size_t)(d->block / team) * FRNN_CIRCLES_STRIDE * sizeof(uint32_t);
    cxb_status st = CXB_OK;
    if (smem > 48 * 1024) /* blocks of more than 384 threads in teams of 2 */
        st = CXB_CUDA(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    if (st != CXB_OK)
        return st;
    unsigned gs = (unsigned)(((uint64_t)d->n * team + d->block - 1) / d->block); /* n <= 2^28: fits */
    k<<<gs, d->block, smem, d->s>>>(v, *cp, d->in);
    return CXB_CUDA_LAUNCHED("frnn circles_team_kernel");
}

/* one Circles step's kernel over the last build, queued; the moved agents replace the input (the
 * build already read it into storage) */
static cxb_status enqueue_circles(frnn_dev *d, int kind, uint32_t team, const cxb_frnn_circles_params *cp)
{
    if (!d->n)
        return CXB_OK;
    cxb_frnn_view v;
    memset(&v, 0, sizeof v);
    v.grid = d->g;
    v.n = d->n;
    v.storage = d->storage;
    v.pbm = d->pbm;
    team = circles_team(d, team);
    if (kind == CXB_FRNN_MOORE)
        return launch_circles_kind<CXB_FRNN_MOORE>(d, team, v, cp);
    if (kind == CXB_FRNN_PBW)
        return launch_circles_kind<CXB_FRNN_PBW>(d, team, v, cp);
    if (kind == CXB_FRNN_STRIPS)
        return launch_circles_kind<CXB_FRNN_STRIPS>(d, team, v, cp);
    return launch_circles_kind<CXB_FRNN_BRUTE>(d, team, v, cp);
}

/* the end of a timed step: the stop event, then the moved agents to out */
static cxb_status circles_finish(frnn_dev *d, cxb_status st, cxb_phases *ph, cxb_frnn_rec *out)
{
    cxb_status st2 = cxb_event_timer_end(&d->tm, ph, CXB_PHASE_KERNEL);
    if (st == CXB_OK)
        st = st2;
    if (st == CXB_OK && out && d->n)
        st = CXB_CUDA(cudaMemcpyAsync(out, d->in, (size_t)d->n * sizeof *out, cudaMemcpyDeviceToHost, d->s));
    if (st == CXB_OK)
        st = CXB_CUDA(cudaStreamSynchronize(d->s));
    return st;
}

static cxb_status frnn_circles(void *vd, int kind, uint32_t team, const cxb_frnn_circles_params *cp,
                               cxb_timing *timing, cxb_phases *ph, cxb_frnn_rec *out)
{
    frnn_dev *d = (frnn_dev *)vd;
    cxb_status st = CXB_OK;
    if (!d->have_compact && d->build == CXB_FRNN_ORIGINAL && (st = compact(d)) == CXB_OK)
        d->have_compact = 1;
    d->tm.timing = timing;
    if (st == CXB_OK)
        st = cxb_event_timer_begin(&d->tm, d->s);
    if (st == CXB_OK)
        st = enqueue_circles(d, kind, team, cp);
    return circles_finish(d, st, ph, out);
}

/* The whole step as one CUDA graph: the build's and the step's launches and CUB calls captured
 * from the stream (recorded, not run) for a given kind, team and force constants, then replayed,
 * so that a small population pays one launch instead of five or six (the launches are most of a
 * step at 10^4 agents). Every buffer the graph names is the device state's own and is never
 * reallocated, so the graph stays valid until close. */
static cxb_status step_graph_make(frnn_dev *d, int kind, uint32_t team, const cxb_frnn_circles_params *cp)
{
    if (!d->s)
        return cxb_fail(CXB_EINPUT, "frnn: graph=1 needs a stream of its own (CUDA's legacy stream cannot be captured)");
    if (d->build == CXB_FRNN_ACS_STABLE) /* CUB's segmented sort reads its partition sizes back on the host */
        return cxb_fail(CXB_EINPUT, "frnn: graph=1: the deterministic ACS build cannot be captured (its segmented sort "
                                    "waits for the host); use build=acs or original");
    team = circles_team(d, team);
    if (d->step_exec && d->step_kind == kind && d->step_team == team && !memcmp(&d->step_cp, cp, sizeof *cp))
        return CXB_OK;
    if (d->step_exec)
        cudaGraphExecDestroy(d->step_exec);
    d->step_exec = NULL;
    cudaGraph_t g = NULL;
    cxb_status st = CXB_CUDA(cudaStreamBeginCapture(d->s, cudaStreamCaptureModeRelaxed));
    if (st != CXB_OK)
        return st;
    st = enqueue_build(d, 1, 0);
    if (st == CXB_OK)
        st = enqueue_circles(d, kind, team, cp);
    cxb_status st2 = CXB_CUDA(cudaStreamEndCapture(d->s, &g)); /* ends the capture whatever happened */
    if (st == CXB_OK)
        st = st2;
    if (st == CXB_OK)
        st = CXB_CUDA(cudaGraphInstantiate(&d->step_exec, g, 0));
    if (g)
        cudaGraphDestroy(g);
    if (st != CXB_OK) {
        d->step_exec = NULL;
        return st;
    }
    d->step_kind = kind;
    d->step_team = team;
    d->step_cp = *cp;
    return CXB_OK;
}

/* build (with the compact PBM) and step in one timed interval; graph = 1 launches them as one CUDA
 * graph, made before the interval opens on the first call (or when kind, team or cp change) */
static cxb_status frnn_step(void *vd, int kind, uint32_t team, int graph, const cxb_frnn_circles_params *cp,
                            cxb_timing *timing, cxb_phases *ph, cxb_frnn_rec *out)
{
    frnn_dev *d = (frnn_dev *)vd;
    graph = graph && d->n;
    cxb_status st = graph ? step_graph_make(d, kind, team, cp) : CXB_OK;
    if (st != CXB_OK)
        return st;
    d->tm.timing = timing;
    st = cxb_event_timer_begin(&d->tm, d->s);
    if (st == CXB_OK && graph) {
        st = CXB_CUDA(cudaGraphLaunch(d->step_exec, d->s));
        d->have_compact = 1; /* what the captured build makes */
    } else if (st == CXB_OK) {
        st = enqueue_build(d, 1, 0);
        if (st == CXB_OK)
            st = enqueue_circles(d, kind, team, cp);
    }
    return circles_finish(d, st, ph, out);
}

static uint32_t frnn_team(void *vd, uint32_t team)
{
    return circles_team((const frnn_dev *)vd, team);
}

static cxb_status frnn_network_graph(void *vd, const uint32_t *dst, const float *len, uint32_t m)
{
    frnn_dev *d = (frnn_dev *)vd;
    if (m != d->g.nbins)
        return cxb_fail(CXB_EINPUT, "frnn: a graph of %u edges on a grid of %u bins", m, d->g.nbins);
    size_t bytes = (size_t)m * 8, free_b = 0, total_b = 0;
    cxb_status st = CXB_OK;
    if (!d->net_dst) {
        st = CXB_CUDA(cudaMemGetInfo(&free_b, &total_b));
        if (st == CXB_OK && bytes > free_b)
            st = cxb_fail(CXB_ERESOURCE, "frnn: the graph needs %zu bytes of device memory, %zu free", bytes, free_b);
        if (st == CXB_OK)
            st = CXB_CUDA_ALLOC(cudaMalloc((void **)&d->net_dst, (size_t)m * 4), (size_t)m * 4);
        if (st == CXB_OK)
            st = CXB_CUDA_ALLOC(cudaMalloc((void **)&d->net_len, (size_t)m * 4), (size_t)m * 4);
    }
    if (st == CXB_OK)
        st = CXB_CUDA(cudaMemcpyAsync(d->net_dst, dst, (size_t)m * 4, cudaMemcpyHostToDevice, d->s));
    if (st == CXB_OK)
        st = CXB_CUDA(cudaMemcpyAsync(d->net_len, len, (size_t)m * 4, cudaMemcpyHostToDevice, d->s));
    if (st == CXB_OK)
        st = CXB_CUDA(cudaStreamSynchronize(d->s));
    if (st == CXB_OK)
        d->net_m = m;
    return st;
}

/* one Network-model step: optionally the build (compact PBM), then the move, in one timed
 * interval; the moved actors replace the input (the build already read it into storage) */
static cxb_status frnn_network(void *vd, const cxb_frnn_network *nw, uint32_t step, int whole, cxb_timing *timing,
                               cxb_phases *ph, cxb_frnn_rec *out)
{
    frnn_dev *d = (frnn_dev *)vd;
    if (!d->net_dst)
        return cxb_fail(CXB_EINPUT, "frnn: a Network-model step before its graph was uploaded");
    cxb_frnn_network dn = *nw;
    dn.dst = d->net_dst;
    dn.len = d->net_len;
    cxb_status st = CXB_OK;
    if (!whole && !d->have_compact && d->build == CXB_FRNN_ORIGINAL && (st = compact(d)) == CXB_OK)
        d->have_compact = 1;
    d->tm.timing = timing;
    if (st == CXB_OK)
        st = cxb_event_timer_begin(&d->tm, d->s);
    if (st == CXB_OK && whole)
        st = enqueue_build(d, 1, 0);
    if (st == CXB_OK)
        st = cxb_frnn_network_enqueue(&dn, d->storage, d->pbm, d->n, step, d->in, d->block, d->s);
    return circles_finish(d, st, ph, out);
}

static void frnn_close(void *vd)
{
    if (vd)
        dev_free((frnn_dev *)vd);
}

extern "C" const cxb_frnn_dev cxb_frnn_cuda_dev = {frnn_open,    frnn_upload,        frnn_build,   frnn_download,
                                                   frnn_query,   frnn_circles,       frnn_step,    frnn_team,
                                                   frnn_network_graph, frnn_network, frnn_close};
