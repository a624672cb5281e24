/* impl_cuda/propagation/kernels.cuh - the propagation kernels (docs/studies/propagation.md "CUDA
 * mapping"): one thread per row (C-Loop, T-Loop) or per edge record (E-Loop), as in Jin et al.,
 * each calling the shared per-row and per-edge work of cxb/propagation/model.h; the frontier flag
 * is OR-reduced per block (__syncthreads_or) with one store per block; the finalisation counts
 * new owned vertices and their degrees with a block reduction and one atomicAdd per block. The
 * same kernels run one GPU (gid NULL, every vertex owned) and one partition of several GPUs, and
 * the merge, gather and scatter kernels of the synchronisation (docs "Several GPUs"). Included by the
 * .cu files of this folder only. */
#ifndef CXB_IMPL_CUDA_PROPAGATION_KERNELS_CUH
#define CXB_IMPL_CUDA_PROPAGATION_KERNELS_CUH

#include <stdint.h>

#include "cxb/propagation/model.h"
#include "impl_cuda/common/check.h"

#define PROP_BLOCK 256

/* after a launch: its configuration error, returned from the enclosing function */
#define PROP_LAUNCH_TRY(name)                                                                   \
    do {                                                                                        \
        cxb_status prop_ls_ = CXB_CUDA_LAUNCHED(name);                                          \
        if (prop_ls_ != CXB_OK)                                                                 \
            return prop_ls_;                                                                    \
    } while (0)

/* the per-step device counters: frontier flag, new owned vertices, their degree sum */
typedef struct prop_counters {
    unsigned int frontier;
    unsigned int pad;
    unsigned long long newly, wadd;
} prop_counters;

static __global__ void prop_rows_kernel(int loop, cxb_prop_step s, uint64_t nrows, const uint64_t *off,
                                        const cxb_vid *adj, const cxb_vid *gid, cxb_prop_state *st,
                                        prop_counters *cnt)
{
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    int f = 0;
    if (i < nrows)
        f = loop == CXB_PROP_CLOOP ? cxb_prop_cloop_row(&s, off, adj, gid, st, i)
                                   : cxb_prop_tloop_row(&s, off, adj, gid, st, i);
    if (__syncthreads_or(f) && threadIdx.x == 0)
        cnt->frontier = 1;
}

static __global__ void prop_edges_kernel(cxb_prop_step s, uint64_t ne, const cxb_vid *es, const cxb_vid *ed,
                                         const cxb_vid *gid, cxb_prop_state *st, prop_counters *cnt)
{
    uint64_t k = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    int f = 0;
    if (k < ne)
        f = cxb_prop_eloop_edge(&s, gid, st, es[k], ed[k]);
    if (__syncthreads_or(f) && threadIdx.x == 0)
        cnt->frontier = 1;
}

/* The one-GPU rows (docs/studies/propagation.md "The four loops and the two layouts", "CUDA
 * mapping"): the start-of-step states as two bitmaps, a bit per vertex, "receives" (inactive)
 * and "transmits", read through the read-only cache. At the start of a step a state is INACTIVE,
 * FRESH or ACTIVE (the finalisation turned PENDING into FRESH), and a state that turns PENDING
 * during the step receives and does not transmit, as INACTIVE does: so the bitmaps give every
 * edge the decision the state bytes give (cxb_prop_cloop_row, _tloop_row, _eloop_edge), while
 * the edge stream no longer waits for byte loads from L2. Under SI every start-of-step state
 * either receives or transmits, so tx is ~rx and the kernels read rx alone (SI = 1): half the
 * loads, and n/8 bytes (128 KiB for 10^6 vertices) that stay in the SMs' L1. Built after the
 * initial states (prop_bits_kernel) and in every finalisation (prop_finalise_bits_kernel);
 * bits past n are 0. */
static __global__ void prop_bits_kernel(uint64_t n, int model, const cxb_prop_state *st, uint32_t *rx, uint32_t *tx)
{
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    unsigned s = i < n ? CXB_PROP_LD(&st[i]) : CXB_PROP_ACTIVE;
    unsigned r = __ballot_sync(0xffffffffu, i < n && cxb_prop_receives(s));
    unsigned x = __ballot_sync(0xffffffffu, i < n && cxb_prop_transmits(model, s));
    if ((threadIdx.x & 31u) == 0 && i < n) {
        rx[i >> 5] = r;
        tx[i >> 5] = x;
    }
}

static __device__ __forceinline__ int prop_bit(const uint32_t *bits, cxb_vid v)
{
    return (__ldg(&bits[v >> 5]) >> (v & 31u)) & 1u;
}

template <int SI> static __device__ __forceinline__ int prop_tx_bit(const uint32_t *rx, const uint32_t *tx, cxb_vid v)
{
    return SI ? !prop_bit(rx, v) : prop_bit(tx, v);
}

/* one edge record of the E-Loop from the bitmaps; 1 when it is a frontier edge */
template <int SI>
static __device__ __forceinline__ int prop_edge_bits(const cxb_prop_step &s, cxb_vid a, cxb_vid b, const uint32_t *rx,
                                                     const uint32_t *tx, cxb_prop_state *st)
{
    int ra = prop_bit(rx, a), rb = prop_bit(rx, b);
    cxb_vid to;
    if (!cxb_prop_eloop_pick(SI ? !ra : prop_bit(tx, a), ra, SI ? !rb : prop_bit(tx, b), rb, a, b, &to))
        return 0;
    if (cxb_prop_fires(s.bern, s.seed, s.t, a, b))
        CXB_PROP_ST(&st[to], CXB_PROP_PENDING);
    return 1;
}

/* The one-GPU E-Loop: four edge records a thread, read as one 16-byte load from each array
 * (streamed once a step: evict first); the last ne % 4 records one by one. Grid: ceil(ne/4)
 * threads. */
template <int SI>
static __global__ void prop_edges_bits_kernel(cxb_prop_step s, uint64_t ne, const cxb_vid *es, const cxb_vid *ed,
                                              const uint32_t *rx, const uint32_t *tx, cxb_prop_state *st,
                                              prop_counters *cnt)
{
    uint64_t q = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x, k0 = 4 * q;
    int f = 0;
    if (k0 + 4 <= ne) {
        uint4 a = __ldcs((const uint4 *)es + q), b = __ldcs((const uint4 *)ed + q);
        f |= prop_edge_bits<SI>(s, a.x, b.x, rx, tx, st);
        f |= prop_edge_bits<SI>(s, a.y, b.y, rx, tx, st);
        f |= prop_edge_bits<SI>(s, a.z, b.z, rx, tx, st);
        f |= prop_edge_bits<SI>(s, a.w, b.w, rx, tx, st);
    } else
        for (uint64_t k = k0; k < ne; ++k)
            f |= prop_edge_bits<SI>(s, __ldcs(&es[k]), __ldcs(&ed[k]), rx, tx, st);
    if (__syncthreads_or(f) && threadIdx.x == 0)
        cnt->frontier = 1;
}

/* the rows u in [base, base + 32) below n, as a mask */
static __device__ __forceinline__ uint32_t prop_rows_below(uint64_t base, uint64_t n)
{
    return n - base >= 32 ? 0xffffffffu : (1u << (unsigned)(n - base)) - 1u;
}

/* The one-GPU C- and T-Loop, a warp per row (docs "CUDA mapping"): each warp takes the 32 rows
 * of one bitmap word, keeps those that take part (C-Loop: transmitting rows; T-Loop: receiving
 * rows) and walks each one's adjacency 32 neighbours at a time, so the CSR is read in whole
 * cache lines instead of one row per thread. The C-Loop draws for every receiving neighbour, as
 * cxb_prop_cloop_row does; the T-Loop stops after the first 32-neighbour chunk with a success,
 * which cannot change the outcome (an OR of keyed draws) nor the frontier flag (set by the first
 * transmitting neighbour, which lies in or before that chunk). Grid: one thread per row. */
template <int LOOP, int SI>
static __global__ void prop_rows_warp_kernel(cxb_prop_step s, uint64_t n, const uint64_t *off, const cxb_vid *adj,
                                             const uint32_t *rx, const uint32_t *tx, cxb_prop_state *st,
                                             prop_counters *cnt)
{
    uint64_t base = ((uint64_t)blockIdx.x * blockDim.x + threadIdx.x) & ~(uint64_t)31;
    unsigned lane = threadIdx.x & 31u;
    int f = 0;
    if (base < n) { /* uniform in the warp */
        uint32_t rw = __ldg(&rx[base >> 5]);
        uint32_t rows = LOOP == CXB_PROP_TLOOP ? rw : SI ? ~rw & prop_rows_below(base, n) : __ldg(&tx[base >> 5]);
        while (rows) {
            uint64_t r = base + (unsigned)(__ffs((int)rows) - 1);
            rows &= rows - 1;
            uint64_t j0 = off[r], j1 = off[r + 1];
            if (LOOP == CXB_PROP_CLOOP) {
                for (uint64_t j = j0 + lane; j < j1; j += 32) {
                    cxb_vid v = adj[j];
                    if (!prop_bit(rx, v))
                        continue;
                    f = 1;
                    if (cxb_prop_fires(s.bern, s.seed, s.t, (cxb_vid)r, v))
                        CXB_PROP_ST(&st[v], CXB_PROP_PENDING);
                }
            } else {
                for (uint64_t jb = j0; jb < j1; jb += 32) { /* trip count uniform in the warp */
                    uint64_t j = jb + lane;
                    int hit = 0;
                    if (j < j1) {
                        cxb_vid u = adj[j];
                        if (prop_tx_bit<SI>(rx, tx, u)) {
                            f = 1;
                            hit = cxb_prop_fires(s.bern, s.seed, s.t, u, (cxb_vid)r);
                        }
                    }
                    if (__any_sync(0xffffffffu, hit)) {
                        if (lane == 0)
                            CXB_PROP_ST(&st[r], CXB_PROP_PENDING);
                        break;
                    }
                }
            }
        }
    }
    if (__syncthreads_or(f) && threadIdx.x == 0)
        cnt->frontier = 1;
}

/* The one-GPU finalisation with the next step's bitmaps: each thread finalises one vertex
 * (cxb_prop_finalise) and its warp writes the bitmap word of its 32 vertices from the new
 * states; the new vertices and their degrees are summed by warp shuffles, then per block, one
 * atomicAdd per block. Saves the separate bitmap pass over the states. */
static __global__ void prop_finalise_bits_kernel(uint32_t t, uint64_t n, int model, const uint64_t *off,
                                                 cxb_prop_state *st, int32_t *act, uint32_t *rx, uint32_t *tx,
                                                 prop_counters *cnt)
{
    __shared__ unsigned long long sn[PROP_BLOCK / 32], sw[PROP_BLOCK / 32];
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    unsigned lane = threadIdx.x & 31u;
    unsigned long long a = 0, w = 0;
    unsigned s = CXB_PROP_ACTIVE;
    if (i < n) {
        if (cxb_prop_finalise(st, i)) {
            act[i] = (int32_t)t;
            a = 1;
            w = off[i + 1] - off[i];
        }
        s = CXB_PROP_LD(&st[i]);
    }
    unsigned r = __ballot_sync(0xffffffffu, i < n && cxb_prop_receives(s));
    unsigned x = __ballot_sync(0xffffffffu, i < n && cxb_prop_transmits(model, s));
    if (lane == 0 && i < n) {
        rx[i >> 5] = r;
        tx[i >> 5] = x;
    }
    for (unsigned o = 16; o > 0; o >>= 1) {
        a += __shfl_down_sync(0xffffffffu, a, o);
        w += __shfl_down_sync(0xffffffffu, w, o);
    }
    if (lane == 0) {
        sn[threadIdx.x >> 5] = a;
        sw[threadIdx.x >> 5] = w;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned long long tn = 0, tw = 0;
        for (unsigned k = 0; k < blockDim.x / 32; ++k) {
            tn += sn[k];
            tw += sw[k];
        }
        if (tn) {
            atomicAdd(&cnt->newly, tn);
            atomicAdd(&cnt->wadd, tw);
        }
    }
}

/* Finalise local copies [0, nlocal); owned: i < n_own (or own_mask[i] when given). act is
 * indexed by local id; deg by local id (NULL: from off). */
static __global__ void prop_finalise_kernel(uint32_t t, uint64_t nlocal, uint64_t n_own, const unsigned char *own_mask,
                                            const uint64_t *off, const uint32_t *deg, cxb_prop_state *st,
                                            int32_t *act, prop_counters *cnt)
{
    __shared__ unsigned long long sn[PROP_BLOCK], sw[PROP_BLOCK];
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long a = 0, w = 0;
    if (i < nlocal && cxb_prop_finalise(st, i) && (own_mask ? own_mask[i] != 0 : i < n_own)) {
        act[i] = (int32_t)t;
        a = 1;
        w = deg ? deg[i] : off[i + 1] - off[i];
    }
    sn[threadIdx.x] = a;
    sw[threadIdx.x] = w;
    __syncthreads();
    for (unsigned h = blockDim.x / 2; h > 0; h >>= 1) {
        if (threadIdx.x < h) {
            sn[threadIdx.x] += sn[threadIdx.x + h];
            sw[threadIdx.x] += sw[threadIdx.x + h];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0 && sn[0]) {
        atomicAdd(&cnt->newly, sn[0]);
        atomicAdd(&cnt->wadd, sw[0]);
    }
}

/* sources FRESH in every copy, act 0 for owned (src_flag indexed by local id) */
static __global__ void prop_init_kernel(uint64_t nlocal, uint64_t n_own, const unsigned char *own_mask,
                                        const unsigned char *src_flag, cxb_prop_state *st, int32_t *act)
{
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nlocal)
        return;
    int src = src_flag[i] != 0;
    st[i] = src ? CXB_PROP_FRESH : CXB_PROP_INACTIVE;
    if (own_mask ? own_mask[i] != 0 : i < n_own)
        act[i] = src ? 0 : -1;
}

/* phase A of a sync: max-merge received replica bytes into the boundary entries. Only
 * INACTIVE -> PENDING can differ (replicas start the step equal to their owner), so concurrent
 * entries of one vertex store the same byte. */
static __global__ void prop_merge_kernel(uint64_t nb, const cxb_vid *bnd, const unsigned char *recv, cxb_prop_state *st)
{
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < nb) {
        unsigned char r = recv[i];
        if (r > st[bnd[i]])
            st[bnd[i]] = r;
    }
}

/* gather boundary states into a contiguous send table */
static __global__ void prop_gather_kernel(uint64_t nb, const cxb_vid *bnd, const cxb_prop_state *st, unsigned char *out)
{
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < nb)
        out[i] = st[bnd[i]];
}

/* scatter merged boundary values (equal for every entry of one vertex) back into the states */
static __global__ void prop_scatter_kernel(uint64_t nb, const cxb_vid *bnd, const unsigned char *val, cxb_prop_state *st)
{
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < nb)
        st[bnd[i]] = val[i];
}

/* an allocation's size: at least one byte, so that empty tables still get a valid pointer */
static inline size_t prop_nz(uint64_t bytes)
{
    return bytes ? (size_t)bytes : 1;
}

static inline unsigned prop_grid(uint64_t items)
{
    uint64_t g = (items + PROP_BLOCK - 1) / PROP_BLOCK;
    return (unsigned)(g ? g : 1);
}

#endif
