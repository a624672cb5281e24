/* impl_cuda/graph/gen.cu - graphgen.<model>.cuda: the supporting generators of docs/studies/graph.md
 * on the GPU, giving the tuples of cxb_generate_seq bit for bit (docs/studies/graph.md) for any
 * block and grid size, copied back to the host (cxb_generate_cuda) or left in device memory for
 * the device CSR (cxb_gen_cuda_device, gen_dev.h; docs/studies/graph.md "Graphs on the GPU"). All
 * work is queued on the caller's stream (cxb_gen_cuda_opts.stream).
 *
 * Row models run the per-row work of include/cxb/graph/gen_rows.h, one row per thread in
 * a grid-stride loop (wsfast: one lattice edge per thread, cxb_wsfast_tuple): rows with a fixed tuple count (ring, wsfast, rmat, kron, bacopy,
 * disjoint) write at row * per_row; the others (line, lattice, gnp, nw) count per row,
 * take an exclusive scan (cub::DeviceScan) and fill. disjoint's sets are drawn on the
 * device and its member lists are a stable cub::DeviceRadixSort::SortPairs of (set, id)
 * plus a binary search per set for the offsets. gnm's rounds draw on the device and sort
 * and deduplicate with cub::DeviceRadixSort::SortKeys and cub::DeviceSelect::Unique, later
 * rounds merging their few new keys into the set (cub::DeviceMerge; see gnm_cuda); the
 * complement path (only for C(n,2) <= 2^32) runs on the host. ws flips its coins on the
 * device and rewires on the host core with the one sequential loop (docs/studies/graph.md).
 * Compiled with --fmad=false (cmake/CxbOptions.cmake), so gnp's cxb_detlog is the same
 * double arithmetic as on the CPU (docs/studies/graph.md).
 */
#include <cub/cub.cuh>
#include <stdlib.h>
#include <string.h>

#include "cxb/core/cuda.h"
#include "cxb/core/search.h"
#include "cxb/graph/gen.h"
#include "cxb/graph/gen_host.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/graph/gen_dev.h"

#define GEN_BLOCK 256
#define GEN_MAX_GRID 65535u

static __global__ void rows_fixed(cxb_gen_ctx x, uint64_t *__restrict__ out)
{
    for (uint64_t r = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; r < x.rows;
         r += (uint64_t)gridDim.x * blockDim.x)
        cxb_gen_rows(&x, r, r + 1, out + r * x.per_row);
}

/* wsfast: one thread per tuple t = v (k/2) + s - 1 rather than per vertex, so that a
 * warp's stores are consecutive (a thread per vertex writes k/2 tuples with a stride of
 * k/2 between the lanes) and a 2^28-tuple graph has k/2 times more parallel items. */
static __global__ void rows_wsfast(cxb_gen_ctx x, uint64_t total, uint64_t *__restrict__ out)
{
    uint64_t h = x.k / 2;
    for (uint64_t t = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; t < total;
         t += (uint64_t)gridDim.x * blockDim.x) {
        uint64_t v = cxb_gen_udiv(t, h);
        out[t] = cxb_wsfast_tuple(&x, v, t - v * h + 1);
    }
}

static __global__ void rows_count(cxb_gen_ctx x, uint64_t *__restrict__ cnt)
{
    for (uint64_t r = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; r < x.rows;
         r += (uint64_t)gridDim.x * blockDim.x)
        cnt[r] = cxb_gen_rows(&x, r, r + 1, NULL);
}

static __global__ void rows_fill(cxb_gen_ctx x, const uint64_t *__restrict__ off,
                                 uint64_t *__restrict__ out)
{
    for (uint64_t r = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; r < x.rows;
         r += (uint64_t)gridDim.x * blockDim.x)
        cxb_gen_rows(&x, r, r + 1, out + off[r]);
}

static __global__ void ws_coins(cxb_gen_ctx x, uint64_t lat, uint8_t *__restrict__ coin)
{
    for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < lat;
         i += (uint64_t)gridDim.x * blockDim.x)
        coin[i] = cxb_ws_coin(&x, i);
}

static __global__ void dj_sets(uint64_t seed, uint64_t n, uint64_t c, uint32_t *__restrict__ set,
                               uint32_t *__restrict__ vid)
{
    for (uint64_t v = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n;
         v += (uint64_t)gridDim.x * blockDim.x) {
        set[v] = cxb_disjoint_set(seed, v, c);
        vid[v] = (uint32_t)v;
    }
}

/* moff[s] = first index of set s in the sorted set keys (lower bound), moff[c] = n */
static __global__ void dj_offsets(const uint32_t *__restrict__ sorted, uint64_t n, uint64_t c,
                                  uint64_t *__restrict__ moff)
{
    for (uint64_t s = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; s <= c;
         s += (uint64_t)gridDim.x * blockDim.x) {
        /* s <= c <= n < 2^32: set ids are vertex ids (cxb_vid), so the key fits 32 bits */
        moff[s] = cxb_lower_bound_u32(sorted, 0, n, (uint32_t)s);
    }
}

static __global__ void gnm_draws(uint64_t seed, uint64_t n, uint32_t round, uint64_t count,
                                 uint64_t *__restrict__ dst)
{
    for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < count;
         i += (uint64_t)gridDim.x * blockDim.x)
        dst[i] = cxb_gnm_draw(seed, n, round, i);
}

typedef struct launch {
    unsigned block, grid; /* grid 0: enough blocks for one item per thread, capped */
} launch;

static unsigned grid_for(const launch *l, uint64_t items)
{
    if (l->grid)
        return l->grid;
    uint64_t g = (items + l->block - 1) / l->block;
    return g == 0 ? 1 : g > GEN_MAX_GRID ? GEN_MAX_GRID : (unsigned)g;
}

/* cub temporary storage, grown on demand */
typedef struct scratch {
    void *p;
    size_t bytes;
} scratch;

static cxb_status scratch_need(scratch *s, size_t bytes)
{
    if (bytes <= s->bytes)
        return CXB_OK;
    cudaFree(s->p);
    s->p = NULL;
    s->bytes = 0;
    cxb_status st = CXB_CUDA_ALLOC(cudaMalloc(&s->p, bytes ? bytes : 1), bytes);
    if (st == CXB_OK)
        s->bytes = bytes;
    return st;
}

/* A cub call with its temporary storage: query the size, grow the scratch, run. */
template <typename F> static cxb_status cub_call(scratch *s, F f)
{
    size_t need = 0;
    cxb_status st = CXB_CUDA(f((void *)NULL, need));
    if (st == CXB_OK)
        st = scratch_need(s, need);
    if (st == CXB_OK) {
        need = s->bytes;
        st = CXB_CUDA(f(s->p, need));
    }
    return st;
}

static const char *model_name(const cxb_gen_spec *s) { return cxb_gen_model_name(s->model); }

/* Where a generator leaves its tuples: copied to the host (cxb_generate_cuda), or kept in device
 * memory for the device CSR (cxb_dcsr_generate, impl_cuda/graph/dcsr.cu): then *key is a
 * cudaMalloc'ed buffer of room keys (room >= factor * count, so that the CSR build can
 * symmetrise into a buffer of the same size) that the caller frees. */
typedef struct keep {
    uint64_t factor; /* 0: copy to the host */
    uint64_t *key;
    uint64_t count, room;
} keep;

static size_t room_bytes(const keep *kp, uint64_t count)
{
    uint64_t f = kp && kp->factor ? kp->factor : 1;
    return (count ? count * f : 1) * sizeof(uint64_t);
}

/* Host tuples (the gnm complement, ws's rewiring) put on the device for a keep. */
static cxb_status keep_upload(keep *kp, const cxb_edges *e, cudaStream_t stream)
{
    size_t b = room_bytes(kp, e->count);
    uint64_t *d = NULL;
    cxb_status st = CXB_CUDA_ALLOC(cudaMalloc(&d, b), b);
    if (st == CXB_OK && e->count)
        st = CXB_CUDA(cudaMemcpyAsync(d, e->key, e->count * sizeof(uint64_t), cudaMemcpyHostToDevice, stream));
    if (st == CXB_OK)
        st = CXB_CUDA(cudaStreamSynchronize(stream)); /* e may be freed on return */
    if (st != CXB_OK) {
        cudaFree(d);
        return st;
    }
    kp->key = d;
    kp->count = e->count;
    kp->room = b / sizeof(uint64_t);
    return CXB_OK;
}

/* A device-to-host copy of a value the host needs now (a count that sizes the next step). */
static cxb_status fetch_u64(uint64_t *dst, const uint64_t *src, cudaStream_t stream)
{
    cxb_status st = CXB_CUDA(cudaMemcpyAsync(dst, src, sizeof *dst, cudaMemcpyDeviceToHost, stream));
    return st == CXB_OK ? CXB_CUDA(cudaStreamSynchronize(stream)) : st;
}

/* gnm: rounds on the device (docs/studies/graph.md). Round 0 draws all m keys (the timed "gen"
 * of docs/studies/graphgen.md) and sorts and deduplicates them once. A later round draws only the
 * d_r missing keys, sorts and deduplicates those few and merges them into the sorted set
 * (cub::DeviceMerge), then removes the keys present in both (cub::DeviceSelect::Unique):
 * the sorted unique union, as the sequential re-sort of the whole set gives, at O(d_r)
 * sorting plus one linear merge per round instead of a radix sort of all m keys per
 * round. The sorts cover only the key bits that can be set (v < n in bits 0..31, u < n
 * from bit 32), the temporary storage is sized once for the largest call, and the one
 * host round trip per round is the 8-byte count that decides whether another round is
 * needed (the round count depends on the draws: inherently sequential, but small).
 * With a keep (kp) the set stays on the device (the complement, at most 2^32 pairs, is
 * formed on the host and uploaded). */
static cxb_status gnm_cuda(const cxb_gen_spec *s, const launch *l, cudaStream_t stream, cxb_edges *out,
                           keep *kp, float *gen_ms, float *d2h_ms)
{
    int complement;
    uint64_t target = cxb_gnm_target(s, &complement), k = 0;
    uint64_t *d_set = NULL, *d_tmp = NULL, *d_new = NULL, *d_num = NULL;
    scratch tmp = {NULL, 0};
    cudaEvent_t ev[4] = {NULL, NULL, NULL, NULL};
    size_t bytes = (target ? target : 1) * sizeof(uint64_t);
    size_t set_bytes = kp && !complement ? room_bytes(kp, target) : bytes;
    int end_bit = 32; /* keys u << 32 | v with u < v < n: bits 0 .. 31 + bits(n - 1) */
    for (uint64_t top = s->n > 1 ? s->n - 1 : 0; top; top >>= 1)
        ++end_bit;
    cxb_status st = CXB_CUDA_ALLOC(cudaMalloc(&d_set, set_bytes), set_bytes);
    if (st == CXB_OK)
        st = CXB_CUDA_ALLOC(cudaMalloc(&d_tmp, bytes), bytes);
    if (st == CXB_OK)
        st = CXB_CUDA_ALLOC(cudaMalloc(&d_new, bytes), bytes);
    if (st == CXB_OK)
        st = CXB_CUDA_ALLOC(cudaMalloc(&d_num, sizeof(uint64_t)), sizeof(uint64_t));
    for (int i = 0; i < 4 && st == CXB_OK; ++i)
        st = CXB_CUDA(cudaEventCreate(&ev[i]));
    if (st == CXB_OK && target) { /* the rounds' storage (sort, unique, merge), grown before the timed region */
        size_t sb = 0, ub = 0, mb = 0;
        if ((st = CXB_CUDA(cub::DeviceRadixSort::SortKeys(NULL, sb, d_set, d_tmp, (int64_t)target, 0, end_bit,
                                                          stream))) == CXB_OK &&
            (st = CXB_CUDA(cub::DeviceSelect::Unique(NULL, ub, d_tmp, d_set, d_num, (int64_t)target, stream))) ==
                CXB_OK &&
            (st = CXB_CUDA(cub::DeviceMerge::MergeKeys(NULL, mb, d_set, (int64_t)target, d_new, (int64_t)target, d_tmp,
                                                       ::cuda::std::less<uint64_t>(), stream))) == CXB_OK)
            st = scratch_need(&tmp, sb > ub ? (sb > mb ? sb : mb) : (ub > mb ? ub : mb));
    }
    if (st == CXB_OK)
        st = CXB_CUDA(cudaEventRecord(ev[0], stream));
    if (st == CXB_OK && target) { /* round 0: the timed generation of all m tuples */
        gnm_draws<<<grid_for(l, target), l->block, 0, stream>>>(s->seed, s->n, 0, target, d_set);
        st = CXB_CUDA_LAUNCHED("gnm_draws");
    }
    if (st == CXB_OK)
        st = CXB_CUDA(cudaEventRecord(ev[1], stream));
    if (st == CXB_OK && target &&
        (st = cub_call(&tmp, [&](void *p, size_t &b) {
             return cub::DeviceRadixSort::SortKeys(p, b, d_set, d_tmp, (int64_t)target, 0, end_bit, stream);
         })) == CXB_OK &&
        (st = cub_call(&tmp, [&](void *p, size_t &b) {
             return cub::DeviceSelect::Unique(p, b, d_tmp, d_set, d_num, (int64_t)target, stream);
         })) == CXB_OK)
        st = fetch_u64(&k, d_num, stream);
    for (uint32_t r = 1; st == CXB_OK && k < target; ++r) {
        uint64_t d = target - k, d2 = 0;
        gnm_draws<<<grid_for(l, d), l->block, 0, stream>>>(s->seed, s->n, r, d, d_new);
        if ((st = CXB_CUDA_LAUNCHED("gnm_draws")) != CXB_OK ||
            (st = cub_call(&tmp, [&](void *p, size_t &b) {
                 return cub::DeviceRadixSort::SortKeys(p, b, d_new, d_tmp, (int64_t)d, 0, end_bit, stream);
             })) != CXB_OK ||
            (st = cub_call(&tmp, [&](void *p, size_t &b) {
                 return cub::DeviceSelect::Unique(p, b, d_tmp, d_new, d_num, (int64_t)d, stream);
             })) != CXB_OK ||
            (st = fetch_u64(&d2, d_num, stream)) != CXB_OK ||
            (st = cub_call(&tmp, [&](void *p, size_t &b) {
                 return cub::DeviceMerge::MergeKeys(p, b, d_set, (int64_t)k, d_new, (int64_t)d2, d_tmp,
                                                    ::cuda::std::less<uint64_t>(), stream);
             })) != CXB_OK ||
            (st = cub_call(&tmp, [&](void *p, size_t &b) {
                 return cub::DeviceSelect::Unique(p, b, d_tmp, d_set, d_num, (int64_t)(k + d2), stream);
             })) != CXB_OK ||
            (st = fetch_u64(&k, d_num, stream)) != CXB_OK)
            break;
    }
    if (st == CXB_OK)
        st = CXB_CUDA(cudaEventRecord(ev[2], stream));
    uint64_t *set = NULL;
    if (kp && !complement) { /* the set stays where it is; timed: every round, the dedup included */
        if (st == CXB_OK && (st = CXB_CUDA(cudaEventSynchronize(ev[2]))) == CXB_OK &&
            (st = CXB_CUDA(cudaEventElapsedTime(gen_ms, ev[0], ev[2]))) == CXB_OK) {
            kp->key = d_set;
            kp->count = k;
            kp->room = set_bytes / sizeof(uint64_t);
            d_set = NULL;
        }
    } else {
        if (st == CXB_OK && !(set = (uint64_t *)malloc(bytes)))
            st = cxb_fail(CXB_ERESOURCE, "graph gen: no memory for %llu edges", (unsigned long long)target);
        if (st == CXB_OK &&
            (st = CXB_CUDA(cudaMemcpyAsync(set, d_set, k * sizeof(uint64_t), cudaMemcpyDeviceToHost, stream))) ==
                CXB_OK &&
            (st = CXB_CUDA(cudaEventRecord(ev[3], stream))) == CXB_OK &&
            (st = CXB_CUDA(cudaEventSynchronize(ev[3]))) == CXB_OK &&
            (st = CXB_CUDA(cudaEventElapsedTime(gen_ms, ev[0], ev[1]))) == CXB_OK)
            st = CXB_CUDA(cudaEventElapsedTime(d2h_ms, ev[2], ev[3]));
        /* on the host, as every backend ends (impl_cpu/graph/gen_gnm.c): the set itself, or
         * its complement among all pairs */
        cxb_edges host;
        cxb_edges_init(&host);
        if (st == CXB_OK)
            st = cxb_gnm_finish(s, complement, &set, k, target, kp ? &host : out);
        if (st == CXB_OK && kp)
            st = keep_upload(kp, &host, stream);
        cxb_edges_free(&host);
    }
    free(set);
    for (int i = 0; i < 4; ++i)
        if (ev[i])
            cudaEventDestroy(ev[i]);
    cudaFree(d_set);
    cudaFree(d_tmp);
    cudaFree(d_new);
    cudaFree(d_num);
    cudaFree(tmp.p);
    return st;
}

static cxb_status ws_cuda(const cxb_gen_spec *s, const launch *l, cudaStream_t stream, cxb_edges *out, keep *kp)
{
    cxb_gen_ctx x;
    cxb_gen_ctx_init(&x, s);
    uint64_t lat = s->n * (s->k / 2);
    uint8_t *d_coin = NULL, *coin = (uint8_t *)malloc(lat ? lat : 1);
    if (!coin)
        return cxb_fail(CXB_ERESOURCE, "graph gen: ws: no memory for %llu coins", (unsigned long long)lat);
    cxb_status st = CXB_CUDA_ALLOC(cudaMalloc(&d_coin, lat ? lat : 1), (size_t)lat);
    if (st == CXB_OK) {
        ws_coins<<<grid_for(l, lat), l->block, 0, stream>>>(x, lat, d_coin);
        st = CXB_CUDA_LAUNCHED("ws_coins");
    }
    if (st == CXB_OK && (st = CXB_CUDA(cudaMemcpyAsync(coin, d_coin, lat, cudaMemcpyDeviceToHost, stream))) == CXB_OK)
        st = CXB_CUDA(cudaStreamSynchronize(stream));
    cudaFree(d_coin);
    cxb_edges host;
    cxb_edges_init(&host);
    if (st == CXB_OK)
        st = cxb_ws_rewire(s, coin, kp ? &host : out);
    free(coin);
    if (st == CXB_OK && kp)
        st = keep_upload(kp, &host, stream);
    cxb_edges_free(&host);
    return st;
}

static cxb_status rows_cuda(const cxb_gen_spec *s, const launch *l, cudaStream_t stream, cxb_edges *out,
                            keep *kp, float *gen_ms, float *d2h_ms)
{
    cxb_gen_ctx x;
    cxb_gen_ctx_init(&x, s);
    uint32_t *d_set = NULL, *d_vid = NULL, *d_sorted = NULL, *d_members = NULL;
    uint64_t *d_moff = NULL, *d_cnt = NULL, *d_off = NULL, *d_key = NULL, total = 0;
    size_t key_bytes = 0;
    scratch tmp = {NULL, 0};
    cudaEvent_t ev[3] = {NULL, NULL, NULL};
    cxb_status st = CXB_OK;
    for (int i = 0; i < 3 && st == CXB_OK; ++i)
        st = CXB_CUDA(cudaEventCreate(&ev[i]));
    if (st == CXB_OK && x.per_row) {
        /* the output of a fixed-size model is allocated before the first event: the event
         * would otherwise time the host's cudaMalloc (milliseconds for 2 GB) as generation */
        total = x.rows * x.per_row;
        key_bytes = room_bytes(kp, total);
        st = CXB_CUDA_ALLOC(cudaMalloc(&d_key, key_bytes), key_bytes);
    }
    if (st == CXB_OK)
        st = CXB_CUDA(cudaEventRecord(ev[0], stream));
    if (st == CXB_OK && s->model == CXB_GEN_DISJOINT) {
        size_t vb = (s->n ? s->n : 1) * sizeof(uint32_t), ob = (s->c + 1) * sizeof(uint64_t), need = 0;
        if ((st = CXB_CUDA_ALLOC(cudaMalloc(&d_set, vb), vb)) == CXB_OK &&
            (st = CXB_CUDA_ALLOC(cudaMalloc(&d_vid, vb), vb)) == CXB_OK &&
            (st = CXB_CUDA_ALLOC(cudaMalloc(&d_sorted, vb), vb)) == CXB_OK &&
            (st = CXB_CUDA_ALLOC(cudaMalloc(&d_members, vb), vb)) == CXB_OK &&
            (st = CXB_CUDA_ALLOC(cudaMalloc(&d_moff, ob), ob)) == CXB_OK) {
            dj_sets<<<grid_for(l, s->n), l->block, 0, stream>>>(s->seed, s->n, s->c, d_set, d_vid);
            st = CXB_CUDA_LAUNCHED("dj_sets");
        }
        /* radix sort is stable: members of a set stay in increasing id order (docs/studies/graph.md) */
        if (st == CXB_OK &&
            (st = CXB_CUDA(cub::DeviceRadixSort::SortPairs(NULL, need, d_set, d_sorted, d_vid, d_members,
                                                           (int64_t)s->n, 0, 32, stream))) == CXB_OK &&
            (st = scratch_need(&tmp, need)) == CXB_OK) {
            need = tmp.bytes;
            st = CXB_CUDA(cub::DeviceRadixSort::SortPairs(tmp.p, need, d_set, d_sorted, d_vid, d_members,
                                                          (int64_t)s->n, 0, 32, stream));
        }
        if (st == CXB_OK) {
            dj_offsets<<<grid_for(l, s->c + 1), l->block, 0, stream>>>(d_sorted, s->n, s->c, d_moff);
            st = CXB_CUDA_LAUNCHED("dj_offsets");
        }
        x.set = d_set; /* the unsorted set of each vertex, indexed by id */
        x.moff = d_moff;
        x.members = d_members;
    }
    if (st == CXB_OK && x.per_row) { /* d_key holds total tuples (above) */
        if (s->model == CXB_GEN_WSFAST) {
            rows_wsfast<<<grid_for(l, total), l->block, 0, stream>>>(x, total, d_key);
            st = CXB_CUDA_LAUNCHED("rows_wsfast");
        } else {
            rows_fixed<<<grid_for(l, x.rows), l->block, 0, stream>>>(x, d_key);
            st = CXB_CUDA_LAUNCHED("rows_fixed");
        }
    } else if (st == CXB_OK) {
        size_t cb = (x.rows ? x.rows : 1) * sizeof(uint64_t), need = 0;
        if ((st = CXB_CUDA_ALLOC(cudaMalloc(&d_cnt, cb), cb)) == CXB_OK &&
            (st = CXB_CUDA_ALLOC(cudaMalloc(&d_off, cb), cb)) == CXB_OK) {
            rows_count<<<grid_for(l, x.rows), l->block, 0, stream>>>(x, d_cnt);
            st = CXB_CUDA_LAUNCHED("rows_count");
        }
        if (st == CXB_OK && x.rows &&
            (st = CXB_CUDA(cub::DeviceScan::ExclusiveSum(NULL, need, d_cnt, d_off, (int64_t)x.rows, stream))) ==
                CXB_OK &&
            (st = scratch_need(&tmp, need)) == CXB_OK) {
            need = tmp.bytes;
            st = CXB_CUDA(cub::DeviceScan::ExclusiveSum(tmp.p, need, d_cnt, d_off, (int64_t)x.rows, stream));
        }
        uint64_t last[2] = {0, 0};
        if (st == CXB_OK && x.rows && (st = fetch_u64(&last[0], d_off + x.rows - 1, stream)) == CXB_OK)
            st = fetch_u64(&last[1], d_cnt + x.rows - 1, stream);
        total = last[0] + last[1];
        key_bytes = room_bytes(kp, total);
        if (st == CXB_OK && (st = CXB_CUDA_ALLOC(cudaMalloc(&d_key, key_bytes), key_bytes)) == CXB_OK) {
            rows_fill<<<grid_for(l, x.rows), l->block, 0, stream>>>(x, d_off, d_key);
            st = CXB_CUDA_LAUNCHED("rows_fill");
        }
    }
    if (st == CXB_OK)
        st = CXB_CUDA(cudaEventRecord(ev[1], stream));
    if (kp) { /* the tuples stay on the device */
        if (st == CXB_OK && (st = CXB_CUDA(cudaEventSynchronize(ev[1]))) == CXB_OK &&
            (st = CXB_CUDA(cudaEventElapsedTime(gen_ms, ev[0], ev[1]))) == CXB_OK) {
            kp->key = d_key;
            kp->count = total;
            kp->room = key_bytes / sizeof(uint64_t);
            d_key = NULL;
        }
    } else {
        if (st == CXB_OK && (st = cxb_gen_alloc(out, s->n, total)) == CXB_OK) {
            st = CXB_CUDA(cudaMemcpyAsync(out->key, d_key, total * sizeof(uint64_t), cudaMemcpyDeviceToHost, stream));
            out->count = total;
        }
        if (st == CXB_OK && (st = CXB_CUDA(cudaEventRecord(ev[2], stream))) == CXB_OK &&
            (st = CXB_CUDA(cudaEventSynchronize(ev[2]))) == CXB_OK &&
            (st = CXB_CUDA(cudaEventElapsedTime(gen_ms, ev[0], ev[1]))) == CXB_OK)
            st = CXB_CUDA(cudaEventElapsedTime(d2h_ms, ev[1], ev[2]));
        if (st != CXB_OK && out->key)
            cxb_edges_free(out);
    }
    for (int i = 0; i < 3; ++i)
        if (ev[i])
            cudaEventDestroy(ev[i]);
    cudaFree(d_set);
    cudaFree(d_vid);
    cudaFree(d_sorted);
    cudaFree(d_members);
    cudaFree(d_moff);
    cudaFree(d_cnt);
    cudaFree(d_off);
    cudaFree(d_key);
    cudaFree(tmp.p);
    return st;
}

/* The checks every entry point makes; l receives the launch shape. */
static cxb_status gen_begin(const cxb_gen_spec *s, const cxb_gen_cuda_opts *o, launch *l)
{
    const char *why = NULL;
    if (cxb_cuda_device_count(&why) == 0)
        return cxb_fail(CXB_ERESOURCE, "graphgen.%s.cuda: no CUDA device found (%s)", model_name(s), why);
    l->block = o && o->block ? o->block : GEN_BLOCK;
    l->grid = o ? o->grid : 0;
    if (l->block > 1024 || l->block % 32)
        return cxb_fail(CXB_EINPUT, "graphgen.%s.cuda: block size %u: expected a multiple of 32 "
                        "up to 1024", model_name(s), l->block);
    return CXB_OK;
}

static cxb_status gen_any(const cxb_gen_spec *s, const launch *l, cudaStream_t stream, cxb_edges *out, keep *kp,
                          float *gen_ms, float *d2h_ms)
{
    if (s->model == CXB_GEN_GNM)
        return gnm_cuda(s, l, stream, out, kp, gen_ms, d2h_ms);
    if (s->model == CXB_GEN_WS)
        return ws_cuda(s, l, stream, out, kp);
    return rows_cuda(s, l, stream, out, kp, gen_ms, d2h_ms);
}

extern "C" cxb_status cxb_generate_cuda(const cxb_gen_spec *s, cxb_gen_cuda_opts *o, cxb_edges *out)
{
    cxb_edges_init(out);
    launch l;
    cxb_status st = gen_begin(s, o, &l);
    if (st != CXB_OK)
        return st;
    float gen_ms = 0, d2h_ms = 0;
    st = gen_any(s, &l, o ? (cudaStream_t)o->stream : 0, out, NULL, &gen_ms, &d2h_ms);
    if (o) {
        o->gen_ms = gen_ms;
        o->d2h_ms = d2h_ms;
    }
    return st;
}

/* impl_cuda/graph/gen_dev.h */
cxb_status cxb_gen_cuda_device(const cxb_gen_spec *s, const cxb_gen_cuda_opts *o, uint64_t factor,
                               uint64_t **d_key, uint64_t *count, uint64_t *room, float *gen_ms)
{
    *d_key = NULL;
    *count = *room = 0;
    launch l;
    cxb_status st = gen_begin(s, o, &l);
    if (st != CXB_OK)
        return st;
    keep kp = {factor ? factor : 1, NULL, 0, 0};
    float d2h_ms = 0;
    *gen_ms = 0;
    st = gen_any(s, &l, o ? (cudaStream_t)o->stream : 0, NULL, &kp, gen_ms, &d2h_ms);
    if (st == CXB_OK) {
        *d_key = kp.key;
        *count = kp.count;
        *room = kp.room;
    }
    return st;
}
