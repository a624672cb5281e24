/* impl_cuda/prng/init.cu - curand_init(seed, tid, 0) for millions of GPU threads: ours by
 * jump tables against cuRAND's device API, and the device-API peer rows that draw k numbers
 * per thread (cxb/prng/init.h; docs/studies/prng.md Figure R4, 8.1, target 8.3 G4: 2^22 threads at
 * least 5x faster than curand_init, XORWOW <= 1.7 ms, MRG32k3a <= 5.3 ms on an H100,
 * bit-identical states).
 *
 * Sources: cuRAND's curand_kernel.h (CUDA 13.0): curand_init applies skipahead_sequence,
 * i.e. for every set bit (pair) of the subsequence a precomputed matrix power, one thread at
 * a time: XORWOW M^(2^67 4^i) windows as 160x160 GF(2) matrix-vector products read from
 * global memory (~3 KB per product, per thread), MRG32k3a A^(2^(76+i)) 3x3 products in
 * double precision. Measured 8.7 ms (XORWOW) and 26.6 ms (MRG32k3a) for 2^22 threads
 * (docs/studies/prng.md): ~2 and ~6 ns per thread in aggregate.
 *
 * Ours (CXB_INIT_TABLES), same states, three ideas:
 *  - XORWOW, warp prefix scheme. Thread tid = 32 w + l. The 32 lanes of a warp share the
 *    warp's base state M^(2^67 32 w) v_seed, which the warp computes together: one product
 *    per nonzero 8-bit digit of w (tables M^(2^67 32 j 256^k), built on the host), each
 *    lane holding 5 of the 160 columns (coalesced 128-byte loads of a column-transposed
 *    table) and a 5-step xor-shuffle butterfly summing the partial vectors. Each lane then
 *    applies its own M^(2^67 l) (l < 32; l = 0 the identity) from a lane table in shared
 *    memory, laid out word-major by lane so the 32 lanes read 32 consecutive words (no bank
 *    conflicts), and only over the set bits of the warp-uniform base (no divergence, ~80 of
 *    160 columns). Per warp: <= 3 cooperative products (~10 KB of L2 reads) and per lane
 *    ~400 shared-memory words.
 *    Prediction for 2^22 threads (131072 warps) on an H100 (132 SMs): shared memory
 *    131072 x 400 wavefronts / 132 SMs / 1.98 GHz ~ 0.2 ms; L2 reads 1.3 GB ~ 0.15 ms; the
 *    store of 100 MB of states ~ 0.04 ms: about 0.3-0.5 ms, ~20x curand_init.
 *  - MRG32k3a, per-thread tables with 8-bit digits: A^(2^76 j 256^k) for j < 256 and the
 *    levels that T needs (3 for T <= 2^24, 55 KB in global memory, L1/L2-resident): one 3x3
 *    product per component and nonzero digit, <= 3 per thread instead of popcount(tid); the
 *    products use the folded reduction of cxb/rng/jump.h (2^32 = c mod m) on 64-bit
 *    integers, no division and no double. Digits above the lowest are warp-uniform
 *    (broadcast loads). Prediction: 18 folded dot products (~25 instructions) per thread,
 *    ~2e9 instructions for 2^22 threads, ~0.1-0.2 ms: >= 50x curand_init.
 *  - Philox: nothing to jump; the state is the counter (0, 0, tid) and the key (the row
 *    shows what "no initialisation" costs: one block computation and a 48-byte store).
 * The warp part of XORWOW is the same product as cxb_xorwow_init_tab (cxb/rng/jump.h, tested
 * on the CPU against cxb_xorwow_init); the MRG32k3a kernel calls cxb_mrg32k3a_jtab_apply_u64
 * itself. The seeded state (cxb_g_seed) is computed once on the host and passed in.
 *
 * Deviations: the device-API peer rows do the initialisation and the k draws in two kernels
 * with the states in between in global memory (the cuRAND pattern of an init kernel and a
 * generate kernel), so that "init excluded" is a measured phase; the generate kernel does
 * not store the states back (both sides alike).
 */
#include <curand_kernel.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/core/cuda.h"
#include "cxb/prng/init.h"
#include "cxb/rng/jump.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/common/event_timer.h"
#include "impl_cuda/common/upload.h"

/* Our states and cuRAND's share their identifying words (prng_init.h). */
static_assert(offsetof(curandStateXORWOW_t, d) == 0 && offsetof(curandStateXORWOW_t, v) == 4,
              "curandStateXORWOW starts with d, v[5] like cxb_xorwow_state");
static_assert(offsetof(curandStateMRG32k3a_t, s1) == 0 && offsetof(curandStateMRG32k3a_t, s2) == 12,
              "curandStateMRG32k3a starts with s1[3], s2[3] like cxb_mrg32k3a_state");

#define INIT_BLOCK 256
#define XW_BLOCK 1024
#define XW_MAT_WORDS (CXB_XORWOW_BITS * 5) /* 800 words per matrix */
#define XW_LANE_WORDS (XW_MAT_WORDS * 32)  /* the lane table: 100 KB of shared memory */

struct cxb_init_cuda {
    cxb_init_gen gen;
    cxb_init_method method;
    uint64_t seed, threads, k;
    size_t state_bytes;
    size_t off_a, bytes_a, off_b, bytes_b; /* where the 6 identifying words lie in a state */
    int sms;
    cudaStream_t stream;
    cudaEvent_t ev[3];
    cxb_timing *timing; /* the harness's handle (cxb/core/cuda.h), or NULL */
    void *d_states;
    uint32_t *d_out;
    void *d_tab;       /* XORWOW warp tables / MRG32k3a tables */
    uint32_t *d_lane;  /* XORWOW lane table */
    unsigned levels;
};

/* ---- our kernels ---- */

/* v <- T v for a warp-uniform v and a column-transposed table entry t (t[(r 5 + w) 32 + j]
 * = column 32 r + j, word w): lane j takes columns j, 32 + j, ..., then a butterfly. */
static __device__ __forceinline__ void xw_warp_matvec(const uint32_t *__restrict__ t, uint32_t v[5], unsigned lane)
{
    uint32_t a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0;
#pragma unroll
    for (int r = 0; r < 5; ++r) {
        uint32_t m = 0u - ((v[r] >> lane) & 1u);
        const uint32_t *c = t + r * 5 * 32 + lane;
        a0 ^= __ldg(c + 0) & m;
        a1 ^= __ldg(c + 32) & m;
        a2 ^= __ldg(c + 64) & m;
        a3 ^= __ldg(c + 96) & m;
        a4 ^= __ldg(c + 128) & m;
    }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) {
        a0 ^= __shfl_xor_sync(0xffffffffu, a0, off);
        a1 ^= __shfl_xor_sync(0xffffffffu, a1, off);
        a2 ^= __shfl_xor_sync(0xffffffffu, a2, off);
        a3 ^= __shfl_xor_sync(0xffffffffu, a3, off);
        a4 ^= __shfl_xor_sync(0xffffffffu, a4, off);
    }
    v[0] = a0;
    v[1] = a1;
    v[2] = a2;
    v[3] = a3;
    v[4] = a4;
}

static __global__ void __launch_bounds__(XW_BLOCK, 2)
    xorwow_tab_kernel(cxb_xorwow_state *__restrict__ st, uint64_t T, const uint32_t *__restrict__ warp_tab,
                      unsigned levels, const uint32_t *__restrict__ lane_tab, cxb_xorwow_state seeded)
{
    extern __shared__ uint32_t lane_sm[];
    for (unsigned i = threadIdx.x; i < XW_LANE_WORDS; i += blockDim.x)
        lane_sm[i] = lane_tab[i];
    __syncthreads();
    const unsigned lane = threadIdx.x & 31u;
    const uint64_t nwarps = (T + 31u) / 32u;
    const uint64_t wstride = ((uint64_t)gridDim.x * blockDim.x) >> 5;
    for (uint64_t w = ((uint64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 5; w < nwarps; w += wstride) {
        uint32_t v[5];
#pragma unroll
        for (int i = 0; i < 5; ++i)
            v[i] = seeded.v[i];
        /* the warp's base: one cooperative product per nonzero digit of w (warp-uniform) */
        for (unsigned k = 0; k < levels; ++k) {
            unsigned j = (unsigned)(w >> (CXB_XORWOW_INIT_B * k)) & 255u;
            if (j)
                xw_warp_matvec(warp_tab + cxb_jtab_index(CXB_XORWOW_INIT_B, k, j) * XW_MAT_WORDS, v, lane);
        }
        /* the lane's own M^(2^67 l), over the set bits of the (uniform) base */
        uint32_t r0 = 0, r1 = 0, r2 = 0, r3 = 0, r4 = 0;
#pragma unroll
        for (int rw = 0; rw < 5; ++rw) {
            uint32_t word = v[rw];
            while (word) {
                unsigned b = __ffs(word) - 1u;
                word &= word - 1u;
                const uint32_t *c = lane_sm + (rw * 32 + b) * 5 * 32 + lane;
                r0 ^= c[0];
                r1 ^= c[32];
                r2 ^= c[64];
                r3 ^= c[96];
                r4 ^= c[128];
            }
        }
        uint64_t tid = w * 32u + lane;
        if (tid < T) {
            cxb_xorwow_state s;
            s.d = seeded.d;
            s.v[0] = r0;
            s.v[1] = r1;
            s.v[2] = r2;
            s.v[3] = r3;
            s.v[4] = r4;
            st[tid] = s;
        }
    }
}

static __global__ void __launch_bounds__(INIT_BLOCK)
    mrg_tab_kernel(cxb_mrg32k3a_state *__restrict__ st, uint64_t T, const cxb_mrg32k3a_jent *__restrict__ tab,
                   unsigned levels, cxb_mrg32k3a_state seeded)
{
    uint64_t tid = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= T)
        return;
    cxb_mrg32k3a_state s = seeded;
    cxb_mrg32k3a_jtab_apply_u64(tab, CXB_MRG32K3A_INIT_B, levels, &s, tid);
    st[tid] = s;
}

static __global__ void __launch_bounds__(INIT_BLOCK)
    philox_init_kernel(cxb_philox4x32_state *__restrict__ st, uint64_t T, uint64_t seed)
{
    uint64_t tid = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= T)
        return;
    cxb_philox4x32_state s;
    cxb_philox4x32_init(&s, seed, tid, 0);
    st[tid] = s;
}

/* ---- cuRAND's device API ---- */

template <class S>
static __global__ void __launch_bounds__(INIT_BLOCK)
    curand_init_kernel(S *__restrict__ st, uint64_t T, uint64_t seed, int per_seed)
{
    uint64_t tid = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= T)
        return;
    S s;
    if (per_seed)
        curand_init(seed + tid, 0, 0, &s);
    else
        curand_init(seed, tid, 0, &s);
    st[tid] = s;
}

/* ---- generation: k draws per thread, coalesced stores ---- */

static __device__ __forceinline__ uint32_t draw(cxb_xorwow_state *s) { return cxb_xorwow_next_u32(s); }
static __device__ __forceinline__ uint32_t draw(cxb_mrg32k3a_state *s) { return cxb_mrg32k3a_next_u32(s); }
static __device__ __forceinline__ uint32_t draw(cxb_philox4x32_state *s) { return cxb_philox4x32_next_u32(s); }
static __device__ __forceinline__ uint32_t draw(curandStateXORWOW_t *s) { return curand(s); }
static __device__ __forceinline__ uint32_t draw(curandStateMRG32k3a_t *s) { return curand(s); }
static __device__ __forceinline__ uint32_t draw(curandStatePhilox4_32_10_t *s) { return curand(s); }

template <class S>
static __global__ void __launch_bounds__(INIT_BLOCK)
    gen_kernel(const S *__restrict__ st, uint32_t *__restrict__ out, uint64_t T, unsigned k)
{
    uint64_t tid = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= T)
        return;
    S s = st[tid];
    for (unsigned j = 0; j < k; ++j)
        out[(uint64_t)j * T + tid] = draw(&s);
}

/* ---- host side ---- */

extern "C" void cxb_init_cuda_destroy(cxb_init_cuda *c)
{
    if (!c)
        return;
    if (c->stream)
        cudaStreamSynchronize(c->stream);
    cudaFree(c->d_states);
    cudaFree(c->d_out);
    cudaFree(c->d_tab);
    cudaFree(c->d_lane);
    for (int i = 0; i < 3; ++i)
        if (c->ev[i])
            cudaEventDestroy(c->ev[i]);
    free(c);
}

static unsigned bits_of(uint64_t x)
{
    unsigned b = 0;
    while (x) {
        ++b;
        x >>= 1;
    }
    return b;
}

/* Builds our tables on the host (timed into setup->ns[RNG]) and uploads them. */
static cxb_status upload_tables(cxb_init_cuda *c, cxb_phases *setup)
{
    cxb_status st = CXB_OK;
    int64_t t0 = cxb_clock_ns();
    void *host = NULL;
    size_t bytes = 0;
    uint32_t *lane = NULL;
    if (c->gen == CXB_INIT_MRG32K3A) {
        unsigned bits = bits_of(c->threads - 1);
        c->levels = cxb_jtab_levels(CXB_MRG32K3A_INIT_B, bits ? bits : 1);
        bytes = cxb_jtab_entries(CXB_MRG32K3A_INIT_B, c->levels) * sizeof(cxb_mrg32k3a_jent);
        host = malloc(bytes);
        if (!host)
            return cxb_fail(CXB_ERESOURCE, "prng init: out of host memory for the tables");
        cxb_mrg32k3a_jtab_build((cxb_mrg32k3a_jent *)host, CXB_MRG32K3A_SUBSEQ_LOG2, CXB_MRG32K3A_INIT_B, c->levels);
    } else {
        unsigned bits = bits_of((c->threads - 1) >> 5);
        c->levels = cxb_jtab_levels(CXB_XORWOW_INIT_B, bits ? bits : 1);
        size_t nmat = (size_t)cxb_jtab_entries(CXB_XORWOW_INIT_B, c->levels);
        size_t nlane = (size_t)cxb_jtab_entries(CXB_XORWOW_INIT_LANE_B, 1);
        cxb_xorwow_mat *m = (cxb_xorwow_mat *)malloc((nmat + nlane + 2) * sizeof *m);
        bytes = nmat * XW_MAT_WORDS * sizeof(uint32_t);
        host = malloc(bytes);
        lane = (uint32_t *)malloc(XW_LANE_WORDS * sizeof(uint32_t));
        if (!m || !host || !lane) {
            free(m);
            free(host);
            free(lane);
            return cxb_fail(CXB_ERESOURCE, "prng init: out of host memory for the tables");
        }
        cxb_xorwow_mat *tmp = m + nmat + nlane;
        cxb_xorwow_jtab_build(m, CXB_XORWOW_INIT_WARP_E0, CXB_XORWOW_INIT_B, c->levels, tmp);
        cxb_xorwow_jtab_build(m + nmat, CXB_XORWOW_SUBSEQ_LOG2, CXB_XORWOW_INIT_LANE_B, 1, tmp);
        /* warp tables column-transposed: [(r 5 + w) 32 + j] = column 32 r + j, word w */
        uint32_t *h = (uint32_t *)host;
        for (size_t t = 0; t < nmat; ++t)
            for (int r = 0; r < 5; ++r)
                for (int w = 0; w < 5; ++w)
                    for (int j = 0; j < 32; ++j)
                        h[t * XW_MAT_WORDS + (r * 5 + w) * 32 + j] = m[t].c[32 * r + j][w];
        /* lane table word-major by lane: [(i 5 + w) 32 + l] = column i, word w of M^(2^67 l) */
        for (int i = 0; i < CXB_XORWOW_BITS; ++i)
            for (int w = 0; w < 5; ++w)
                for (int l = 0; l < 32; ++l)
                    lane[(i * 5 + w) * 32 + l] = l == 0 ? (w == i / 32 ? 1u << (i % 32) : 0u)
                                                        : m[nmat + (size_t)l - 1].c[i][w];
        free(m);
    }
    if (setup)
        setup->ns[CXB_PHASE_RNG] = cxb_clock_ns() - t0;
    int64_t t1 = cxb_clock_ns();
    /* On the kernels' own stream (upload.h): a legacy-stream cudaMemcpy was not ordered before
     * them, and the first kernel could read a partly uploaded table (seen on the H100:
     * prng_init_cuda, MRG32k3a threads >= 216 of T = 1000, whose digits index the table's
     * last entries, differed now and then). */
    if ((st = CXB_CUDA_ALLOC(cudaMalloc(&c->d_tab, bytes), bytes)) == CXB_OK)
        st = cxb_cuda_upload(c->d_tab, host, bytes, c->stream);
    if (st == CXB_OK && lane &&
        (st = CXB_CUDA_ALLOC(cudaMalloc((void **)&c->d_lane, XW_LANE_WORDS * sizeof(uint32_t)),
                             XW_LANE_WORDS * sizeof(uint32_t))) == CXB_OK)
        st = cxb_cuda_upload(c->d_lane, lane, XW_LANE_WORDS * sizeof(uint32_t), c->stream);
    /* the h2d phase is a host-clock interval: it ends when the tables have landed */
    if (st == CXB_OK && setup)
        st = CXB_CUDA(cudaStreamSynchronize(c->stream));
    if (st == CXB_OK && lane)
        st = CXB_CUDA(cudaFuncSetAttribute(xorwow_tab_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                           (int)(XW_LANE_WORDS * sizeof(uint32_t))));
    if (setup)
        setup->ns[CXB_PHASE_H2D] = cxb_clock_ns() - t1;
    free(host);
    free(lane);
    return st;
}

extern "C" cxb_status cxb_init_cuda_create(cxb_init_cuda **out, cxb_init_gen gen, cxb_init_method method,
                                           uint64_t seed, uint64_t threads, uint64_t k, const cxb_cuda_exec *ex,
                                           cxb_phases *setup)
{
    *out = NULL;
    if (setup)
        cxb_phases_clear(setup);
    if (threads < 1 || threads > CXB_INIT_MAX_THREADS)
        return cxb_fail(CXB_EINPUT, "--set threads=%llu: 1 .. 2^32", (unsigned long long)threads);
    if (k > CXB_INIT_MAX_K)
        return cxb_fail(CXB_EINPUT, "--set k=%llu: at most 2^20 outputs per thread", (unsigned long long)k);
    const char *why = "";
    if (cxb_cuda_device_count(&why) == 0)
        return cxb_fail(CXB_ERESOURCE, "prng init: %s", why);
    cxb_init_cuda *c = (cxb_init_cuda *)calloc(1, sizeof *c);
    if (!c)
        return cxb_fail(CXB_ERESOURCE, "prng init: out of host memory");
    c->gen = gen;
    c->method = method;
    c->seed = seed;
    c->threads = threads;
    c->k = k;
    c->stream = ex ? (cudaStream_t)ex->stream : 0; /* the harness's, not owned */
    c->timing = ex ? ex->timing : NULL;
    int ours = method == CXB_INIT_TABLES;
    switch (gen) {
    case CXB_INIT_XORWOW:
        c->state_bytes = ours ? sizeof(cxb_xorwow_state) : sizeof(curandStateXORWOW_t);
        c->bytes_a = 24;
        break;
    case CXB_INIT_MRG32K3A:
        c->state_bytes = ours ? sizeof(cxb_mrg32k3a_state) : sizeof(curandStateMRG32k3a_t);
        c->bytes_a = 24;
        break;
    default:
        c->state_bytes = ours ? sizeof(cxb_philox4x32_state) : sizeof(curandStatePhilox4_32_10_t);
        c->off_a = ours ? offsetof(cxb_philox4x32_state, ctr) : offsetof(curandStatePhilox4_32_10_t, ctr);
        c->bytes_a = 16;
        c->off_b = ours ? offsetof(cxb_philox4x32_state, key) : offsetof(curandStatePhilox4_32_10_t, key);
        c->bytes_b = 8;
        break;
    }
    cxb_status st;
    int dev = 0;
    int64_t t0 = cxb_clock_ns();
    size_t sbytes = (size_t)threads * c->state_bytes, obytes = (size_t)threads * k * sizeof(uint32_t);
    if ((st = CXB_CUDA(cudaGetDevice(&dev))) != CXB_OK ||
        (st = CXB_CUDA(cudaDeviceGetAttribute(&c->sms, cudaDevAttrMultiProcessorCount, dev))) != CXB_OK)
        goto fail;
    for (int i = 0; i < 3; ++i)
        if ((st = CXB_CUDA(cudaEventCreate(&c->ev[i]))) != CXB_OK)
            goto fail;
    if ((st = CXB_CUDA_ALLOC(cudaMalloc(&c->d_states, sbytes), sbytes)) != CXB_OK)
        goto fail;
    if (k && (st = CXB_CUDA_ALLOC(cudaMalloc((void **)&c->d_out, obytes), obytes)) != CXB_OK)
        goto fail;
    if (setup)
        setup->ns[CXB_PHASE_ALLOC] = cxb_clock_ns() - t0;
    if (ours && gen != CXB_INIT_PHILOX && (st = upload_tables(c, setup)) != CXB_OK)
        goto fail;
    *out = c;
    return CXB_OK;
fail:
    cxb_init_cuda_destroy(c);
    return st;
}

static unsigned grid_of(uint64_t T, unsigned block) { return (unsigned)((T + block - 1) / block); }

/* The initialisation kernel of the job. */
static void launch_init(cxb_init_cuda *c)
{
    uint64_t T = c->threads;
    int per_seed = c->method == CXB_INIT_CURAND_SEED;
    unsigned g = grid_of(T, INIT_BLOCK);
    if (c->method == CXB_INIT_TABLES) {
        if (c->gen == CXB_INIT_XORWOW) {
            cxb_xorwow_state s;
            cxb_xorwow_seed(&s, c->seed);
            unsigned blocks = grid_of(T, XW_BLOCK), cap = 2u * (unsigned)c->sms;
            xorwow_tab_kernel<<<blocks < cap ? blocks : cap, XW_BLOCK, XW_LANE_WORDS * sizeof(uint32_t), c->stream>>>(
                (cxb_xorwow_state *)c->d_states, T, (const uint32_t *)c->d_tab, c->levels, c->d_lane, s);
        } else if (c->gen == CXB_INIT_MRG32K3A) {
            cxb_mrg32k3a_state s;
            cxb_mrg32k3a_seed(&s, c->seed);
            mrg_tab_kernel<<<g, INIT_BLOCK, 0, c->stream>>>((cxb_mrg32k3a_state *)c->d_states, T,
                                                           (const cxb_mrg32k3a_jent *)c->d_tab, c->levels, s);
        } else {
            philox_init_kernel<<<g, INIT_BLOCK, 0, c->stream>>>((cxb_philox4x32_state *)c->d_states, T, c->seed);
        }
    } else if (c->gen == CXB_INIT_XORWOW) {
        curand_init_kernel<<<g, INIT_BLOCK, 0, c->stream>>>((curandStateXORWOW_t *)c->d_states, T, c->seed, per_seed);
    } else if (c->gen == CXB_INIT_MRG32K3A) {
        curand_init_kernel<<<g, INIT_BLOCK, 0, c->stream>>>((curandStateMRG32k3a_t *)c->d_states, T, c->seed, per_seed);
    } else {
        curand_init_kernel<<<g, INIT_BLOCK, 0, c->stream>>>((curandStatePhilox4_32_10_t *)c->d_states, T, c->seed,
                                                           per_seed);
    }
}

static void launch_gen(cxb_init_cuda *c)
{
    uint64_t T = c->threads;
    unsigned g = grid_of(T, INIT_BLOCK), k = (unsigned)c->k;
    int ours = c->method == CXB_INIT_TABLES;
    if (c->gen == CXB_INIT_XORWOW) {
        if (ours)
            gen_kernel<<<g, INIT_BLOCK, 0, c->stream>>>((const cxb_xorwow_state *)c->d_states, c->d_out, T, k);
        else
            gen_kernel<<<g, INIT_BLOCK, 0, c->stream>>>((const curandStateXORWOW_t *)c->d_states, c->d_out, T, k);
    } else if (c->gen == CXB_INIT_MRG32K3A) {
        if (ours)
            gen_kernel<<<g, INIT_BLOCK, 0, c->stream>>>((const cxb_mrg32k3a_state *)c->d_states, c->d_out, T, k);
        else
            gen_kernel<<<g, INIT_BLOCK, 0, c->stream>>>((const curandStateMRG32k3a_t *)c->d_states, c->d_out, T, k);
    } else {
        if (ours)
            gen_kernel<<<g, INIT_BLOCK, 0, c->stream>>>((const cxb_philox4x32_state *)c->d_states, c->d_out, T, k);
        else
            gen_kernel<<<g, INIT_BLOCK, 0, c->stream>>>((const curandStatePhilox4_32_10_t *)c->d_states, c->d_out,
                                                        T, k);
    }
}

static int64_t elapsed_ns(float ms) { return (int64_t)((double)ms * 1e6 + 0.5); }

extern "C" cxb_status cxb_init_cuda_run(cxb_init_cuda *c, cxb_phases *ph)
{
    cxb_status st;
    if (ph) {
        ph->ns[CXB_PHASE_KERNEL] = CXB_PHASE_NA;
        ph->ns[CXB_PHASE_RNG] = CXB_PHASE_NA;
    }
    { /* the harness's pre-sample spin, right before the start event (cxb/core/cuda.h) */
        cxb_status sp = cxb_timing_enqueue(c->timing, c->stream);
        if (sp != CXB_OK)
            return sp;
    }
    CXB_CUDA_TRY(cudaEventRecord(c->ev[0], c->stream));
    launch_init(c);
    if ((st = CXB_CUDA_LAUNCHED("prng init kernel")) != CXB_OK)
        return st;
    CXB_CUDA_TRY(cudaEventRecord(c->ev[1], c->stream));
    if (c->k) {
        launch_gen(c);
        if ((st = CXB_CUDA_LAUNCHED("prng init gen_kernel")) != CXB_OK)
            return st;
    }
    CXB_CUDA_TRY(cudaEventRecord(c->ev[2], c->stream));
    CXB_CUDA_TRY(cudaEventSynchronize(c->ev[2]));
    float all = 0, gen = 0;
    CXB_CUDA_TRY(cudaEventElapsedTime(&all, c->ev[0], c->ev[2]));
    CXB_CUDA_TRY(cudaEventElapsedTime(&gen, c->ev[1], c->ev[2]));
    if (ph) {
        ph->ns[CXB_PHASE_KERNEL] = elapsed_ns(all);
        if (c->k)
            ph->ns[CXB_PHASE_RNG] = elapsed_ns(gen);
    }
    return CXB_OK;
}

extern "C" cxb_status cxb_init_cuda_states(const cxb_init_cuda *c, uint64_t first, uint64_t count, uint64_t step,
                                           uint32_t *words)
{
    if (count == 0)
        return CXB_OK;
    if (step == 0)
        step = 1;
    if (first >= c->threads || (count - 1) > (c->threads - 1 - first) / step)
        return cxb_fail(CXB_EINPUT, "prng init: states %llu + %llu x %llu beyond %llu threads",
                        (unsigned long long)first, (unsigned long long)count, (unsigned long long)step,
                        (unsigned long long)c->threads);
    const char *base = (const char *)c->d_states + first * c->state_bytes;
    size_t pitch = CXB_INIT_STATE_WORDS * sizeof(uint32_t);
    CXB_CUDA_TRY(cudaMemcpy2D(words, pitch, base + c->off_a, step * c->state_bytes, c->bytes_a, count,
                              cudaMemcpyDeviceToHost));
    if (c->bytes_b)
        CXB_CUDA_TRY(cudaMemcpy2D((char *)words + c->bytes_a, pitch, base + c->off_b, step * c->state_bytes,
                                  c->bytes_b, count, cudaMemcpyDeviceToHost));
    return CXB_OK;
}

extern "C" cxb_status cxb_init_cuda_outputs(const cxb_init_cuda *c, uint64_t tid, uint32_t *out)
{
    if (tid >= c->threads || c->k == 0)
        return cxb_fail(CXB_EINPUT, "prng init: no outputs of thread %llu", (unsigned long long)tid);
    size_t pitch = (size_t)c->threads * sizeof(uint32_t);
    if (pitch < (1u << 30)) { /* within every device's maximum copy pitch */
        CXB_CUDA_TRY(cudaMemcpy2D(out, sizeof(uint32_t), c->d_out + tid, pitch, sizeof(uint32_t), c->k,
                                  cudaMemcpyDeviceToHost));
        return CXB_OK;
    }
    for (uint64_t j = 0; j < c->k; ++j)
        CXB_CUDA_TRY(cudaMemcpy(out + j, c->d_out + j * c->threads + tid, sizeof(uint32_t), cudaMemcpyDeviceToHost));
    return CXB_OK;
}
