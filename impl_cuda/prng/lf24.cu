/* impl_cuda/prng/lf24.cu - Leist's lagged-Fibonacci generator on the GPU:
 * prng.lf24.cuda1, prng.lf24.cuda2 and prng.lf24.cudashared (docs/studies/prng.md).
 *
 * Source: A. Leist (2011), PhD thesis, Massey University, section 4.3, Algorithms 4-7;
 * RANMAR (Marsaglia, Zaman, Tsang 1990). The step is the one definition of
 * include/cxb/rng/lf24.h (cxb_lf24_next and its primitives); the streams, their seeds
 * and the output positions are those of include/cxb/prng/lf24.h, so every output is
 * bit-identical to prng.lf24.seq (cuda2 with the thesis's float carry excepted).
 *
 * cuda1 (Algorithms 4-5). T = job->streams threads, thread t runs stream t+1 (the
 * t-th child seed, computed on the host and uploaded; the init kernel fills the
 * table). Tables interleaved in global memory, entry e of thread t at U[T*e + t];
 * per-thread r_idx, s_idx, c in R[T], S[T], C[T] after the tables, loaded into
 * registers at kernel start and stored at the end (the thesis's C_d, R_d, S_d), so
 * a run without reset continues the streams. Output k of this run at k*T + t
 * (interleave layout); sum mode: sums[t] = the stream's uniforms added in draw order
 * in a double (the same operations as cxb_lf24_job_stream). One launch.
 *
 * cudashared (extension, docs/studies/prng.md G2f). Same streams, state and output
 * as cuda1; each thread's table is loaded into shared memory at kernel start and
 * stored back at the end. Entry e of thread x of a block is at sh[e*blockDim + x]:
 * all lanes of a warp use the same r_idx/s_idx at a step, so a warp's access covers
 * 32 consecutive words, one per bank (conflict free). The loop takes B steps at a
 * time (B = 16, or 1 when s < 16): it first reads the 2B entries, then writes the B
 * new ones. That is the sequential order as long as no step of the batch reads an
 * entry written by an earlier step of the same batch: step j reads X_{p+j-s} and
 * X_{p+j-r}, steps i < j wrote X_{p+i}, and p+i = p+j-s needs j-i = s >= B. The
 * batch gives each warp 2B independent shared loads in flight. Sum mode adds the
 * 24-bit integers in a uint64 when a stream draws at most 2^29 numbers (every
 * partial sum is then below 2^53 units of 2^-24, so the double sum of the reference
 * is exact and equal to it), else in a double as cuda1. The default block is the
 * multiple of 32 that maximises the resident threads per SM (cudaOccupancy*, with
 * the opt-in shared memory above 48 KB); r for which one thread's table exceeds the
 * shared memory of a block is refused (--set r).
 * Measured [M] (H100 80GB HBM3, n = 2^28, r = 97, T = 132 x 576 = 76032, kernel phase):
 * 600-627 G numbers/s stored for blocks 64-576 (the store-only kernel: 700-709 G/s),
 * 1.1 T/s in sum mode, 64 registers, no spills. Generation thus runs ~1.5x faster than
 * the stores can drain, so a register-resident table for r = 97 (unrolled 97-step
 * lap) would not raise the stored rate and is not implemented. More streams cost the
 * table traffic (2 x 388 B per stream per run): T = 608256 gave 418 G/s.
 *
 * cuda2 (Algorithms 6-7). One stream (streams = 1, child seed 1, slice layout), one
 * table of L = r entries (92153, s = 30718 in the thesis). A lap of L outputs is
 * three launches over the lap offsets [0, s), [s, 2s), [2s, L); thread t of the
 * launch at lap offset o makes output o+t of the lap with r_idx = L-1-t-o and
 * s_idx = s-1-t-o (+L if negative). Race freedom, for any consecutive positions
 * [a, a+w) generated in parallel: position p reads X_{p-s} and X_{p-L} and writes
 * X_p into the slot of X_{p-L}. X_{p-s} must be older than the launch: w <= s; the
 * slot read for X_{p-s} is next written by position p-s+L, which must be after the
 * launch: w <= L-s. The three-launch split has widths s, s, L-2s, so it is race-free
 * exactly when 2s <= L <= 3s (true for (92153, 30718), (97, 33) and every
 * s = floor(L/3)+1 with L >= 6); other (r, s) are refused (--set s). Runs need not
 * end on a lap: launches are cut at the run's end and the next run continues from
 * the stream position (laps stay aligned to multiples of L).
 * Carry, two modes (docs/studies/prng.md):
 *   C_EXACT  c = cxb_lf24_carry_at(global output index): bit-identical to
 *            prng.lf24.seq with the same (r, s) and the stream-1 table.
 *   C_FLOAT  the thesis: c kept in float32 on the host, one value per lap, updated
 *            after a lap as c = c - L*d normalised into [0, m); thread t at lap offset
 *            o uses c_t = c - (o+t+1)*d normalised into [0, m) with fmodf [C], all in
 *            float32; then c_t is truncated to 24-bit units (at most m - 1) and the
 *            output is (X - c_t) mod 2^24. On the first lap c = 362436*2^-24 is exact
 *            and the product (o+t+1)*d and the subtraction each round by at most
 *            2^-9 (values below 2^16), so c_t differs from the exact carry by at
 *            most 2^16 + 2 units and an output from the exact one by at most
 *            2^16 + 5 (mod 2^24; the 3 is m's distance to 1 when the two carries
 *            normalise to opposite ends of [0, m)). Later laps drift further.
 * Sum mode of cuda2: each warp adds its outputs (24-bit integers) and adds that to
 * one uint64 with atomicAdd; sums[0] = total * 2^-24, equal to the reference's
 * draw-order double sum while n <= 2^29 (above, more accurate than it).
 *
 * Setup (create): alloc = host clock around all cudaMalloc/cudaMallocHost + device
 * synchronise; h2d = events around the child-seed upload; kernel = events around the
 * init kernel (cuda2 fills its one table with one thread: the RANMAR fill is
 * sequential). A pristine copy of the filled tables stays on the device for reset.
 * Every CUDA call and launch is checked (impl_cuda/common/check.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/core/cuda.h"
#include "cxb/prng/lf24.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/common/event_timer.h"

#define CXB_LF24_CUDA1_BLOCK 256u /* thesis: B = 256 (docs/studies/prng.md) */
#define CXB_LF24_CUDA2_BLOCK 64u  /* thesis: block size 64 */
#define CXB_LF24_SHARED_BATCH 16
#define CXB_LF24_ISUM_MAX (1ull << 29) /* per-stream count with an exact integer sum */

struct cxb_lf24_cuda {
    cxb_lf24_job job;
    cxb_lf24_cuda_variant variant;
    cxb_lf24_carry_mode carry;
    unsigned block, grid;
    size_t smem;     /* cudashared: dynamic shared memory per block */
    int batch;       /* cudashared: steps per batch (16 or 1) */
    int sum_kind;    /* 0 store, 1 integer sum, 2 double sum */
    cudaStream_t stream;
    cxb_event_timer tm;
    size_t state_words;
    uint32_t *d_state, *d_pristine; /* tables (+ R, S, C for cuda1/cudashared) */
    uint64_t *d_seeds, *h_seeds;
    uint32_t *d_out, *h_out;
    double *d_sums, *h_sums;
    unsigned long long *d_isum; /* cuda2 sum mode */
    uint64_t pos;               /* cuda2: outputs drawn since the reset */
    float c_lap;                /* cuda2 float carry at the start of pos's lap */
};

static const char *variant_name(cxb_lf24_cuda_variant v)
{
    return v == CXB_LF24_CUDA1 ? "prng.lf24.cuda1"
           : v == CXB_LF24_CUDA2 ? "prng.lf24.cuda2"
                                 : "prng.lf24.cudashared";
}

/* ---- init ---- */

/* Thread t seeds stream t+1: child seed -> (ij, kl) -> RANMAR fill of its strided table. */
static __global__ void lf24_init_kernel(uint32_t *tab, const uint64_t *__restrict__ seeds,
                                        uint64_t streams, uint32_t r, uint32_t s, int scalars)
{
    uint64_t t = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= streams)
        return;
    uint32_t ij, kl;
    cxb_lf24_seed_split(seeds[t], &ij, &kl);
    cxb_lf24_fill(tab + t, (uint32_t)streams, r, ij, kl);
    if (scalars) {
        uint32_t *R = tab + (size_t)streams * r, *S = R + streams, *C = S + streams;
        R[t] = r - 1u;
        S[t] = s - 1u;
        C[t] = CXB_LF24_C0;
    }
}

/* ---- cuda1: Leist Algorithm 5, the table in global memory ---- */

template <bool SUM>
static __global__ void __launch_bounds__(1024)
    lf24_cuda1_kernel(uint32_t *tab, const cxb_lf24_job job, uint32_t *__restrict__ out,
                      double *__restrict__ sums)
{
    const uint64_t T = job.streams;
    uint64_t t = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= T)
        return;
    uint32_t *R = tab + (size_t)T * job.r, *S = R + T, *C = S + T;
    cxb_lf24 g;
    g.u = tab + t;
    g.stride = (uint32_t)T;
    g.r = job.r;
    g.ri = R[t];
    g.si = S[t];
    g.c = C[t];
    const uint64_t count = cxb_lf24_job_count(&job, t);
    if (SUM) {
        double sum = 0.0;
        for (uint64_t k = 0; k < count; ++k)
            sum += (double)cxb_lf24_next(&g) * (1.0 / 16777216.0);
        sums[t] = sum;
    } else {
        uint32_t *o = out + t;
        for (uint64_t k = 0; k < count; ++k, o += T)
            *o = cxb_lf24_next(&g);
    }
    R[t] = g.ri;
    S[t] = g.si;
    C[t] = g.c;
}

/* ---- cudashared: the table in shared memory ---- */

/* SUMK: 0 store, 1 uint64 sum, 2 double sum. B: steps per batch (B <= s). */
template <int B, int SUMK>
static __global__ void __launch_bounds__(1024)
    lf24_shared_kernel(uint32_t *tab, const cxb_lf24_job job, uint32_t *__restrict__ out,
                       double *__restrict__ sums)
{
    extern __shared__ uint32_t lf24_sh[];
    const uint64_t T = job.streams;
    const uint32_t r = job.r, bs = blockDim.x;
    uint64_t t = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= T)
        return; /* no barrier below: every thread only touches its own column */
    uint32_t *u = lf24_sh + threadIdx.x; /* entry e at u[e * bs] */
    const uint32_t *gt = tab + t;
#pragma unroll 8
    for (uint32_t e = 0; e < r; ++e)
        u[e * bs] = gt[(size_t)e * T];
    uint32_t *R = tab + (size_t)T * r, *S = R + T, *C = S + T;
    uint32_t ri = R[t], si = S[t], c = C[t];
    const uint64_t count = cxb_lf24_job_count(&job, t);
    uint32_t *o = out + t;
    unsigned long long isum = 0;
    double dsum = 0.0;
    uint64_t k = 0;
    for (; k + B <= count; k += B) {
        uint32_t ia[B], ib[B], a[B], b[B];
#pragma unroll
        for (int j = 0; j < B; ++j) { /* the indices after j steps, independent of each other */
            ia[j] = ri >= (uint32_t)j ? ri - j : ri + r - j;
            ib[j] = si >= (uint32_t)j ? si - j : si + r - j;
        }
#pragma unroll
        for (int j = 0; j < B; ++j) {
            a[j] = u[ia[j] * bs];
            b[j] = u[ib[j] * bs];
        }
#pragma unroll
        for (int j = 0; j < B; ++j) {
            uint32_t x = cxb_lf24_sub(a[j], b[j]);
            u[ia[j] * bs] = x;
            c = cxb_lf24_carry_next(c);
            uint32_t v = cxb_lf24_sub(x, c);
            if (SUMK == 0) {
                *o = v;
                o += T;
            } else if (SUMK == 1) {
                isum += v;
            } else {
                dsum += (double)v * (1.0 / 16777216.0);
            }
        }
        ri = cxb_lf24_index_prev(ia[B - 1], r);
        si = cxb_lf24_index_prev(ib[B - 1], r);
    }
    if (k < count) { /* the last count mod B steps, one at a time */
        cxb_lf24 g;
        g.u = u;
        g.stride = bs;
        g.r = r;
        g.ri = ri;
        g.si = si;
        g.c = c;
        for (; k < count; ++k) {
            uint32_t v = cxb_lf24_next(&g);
            if (SUMK == 0) {
                *o = v;
                o += T;
            } else if (SUMK == 1) {
                isum += v;
            } else {
                dsum += (double)v * (1.0 / 16777216.0);
            }
        }
        ri = g.ri;
        si = g.si;
        c = g.c;
    }
    if (SUMK == 1)
        sums[t] = (double)isum * (1.0 / 16777216.0);
    else if (SUMK == 2)
        sums[t] = dsum;
    uint32_t *wt = tab + t;
#pragma unroll 8
    for (uint32_t e = 0; e < r; ++e)
        wt[(size_t)e * T] = u[e * bs];
    R[t] = ri;
    S[t] = si;
    C[t] = c;
}

typedef void (*lf24_kernel_fn)(uint32_t *, const cxb_lf24_job, uint32_t *, double *);

static lf24_kernel_fn shared_kernel(int batch, int sum_kind)
{
    if (batch == CXB_LF24_SHARED_BATCH)
        return sum_kind == 0   ? lf24_shared_kernel<CXB_LF24_SHARED_BATCH, 0>
               : sum_kind == 1 ? lf24_shared_kernel<CXB_LF24_SHARED_BATCH, 1>
                               : lf24_shared_kernel<CXB_LF24_SHARED_BATCH, 2>;
    return sum_kind == 0   ? lf24_shared_kernel<1, 0>
           : sum_kind == 1 ? lf24_shared_kernel<1, 1>
                           : lf24_shared_kernel<1, 2>;
}

/* ---- cuda2: Leist Algorithms 6-7, one table, three launches per lap ---- */

/* The thesis's float carry: c - k*d normalised into [0, m), float32 throughout
 * (--fmad=false keeps the product and the difference separately rounded). */
static __host__ __device__ float lf24_float_carry_sub(float c, uint32_t k)
{
    const float d = (float)CXB_LF24_CD / 16777216.0f, m = (float)CXB_LF24_CM / 16777216.0f;
    float x = fmodf(c - (float)k * d, m);
    return x < 0.0f ? x + m : x;
}

/* One launch: w consecutive positions p0 .. p0+w-1 of the stream (race-free for
 * w <= min(s, r-s), see the header), lap offset o0 of p0, indices of p0. */
template <bool SUM, bool FLOATC>
static __global__ void __launch_bounds__(1024)
    lf24_cuda2_kernel(uint32_t *U, uint32_t r, uint32_t w, uint64_t p0, uint32_t o0,
                      uint32_t ri0, uint32_t si0, float c_lap, uint32_t *__restrict__ out,
                      unsigned long long *isum)
{
    uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
    uint32_t v = 0;
    if (t < w) {
        uint32_t ri = ri0 >= t ? ri0 - t : ri0 + r - t;
        uint32_t si = si0 >= t ? si0 - t : si0 + r - t;
        uint32_t x = cxb_lf24_sub(U[ri], U[si]);
        U[ri] = x;
        uint32_t c;
        if (FLOATC) {
            float ct = lf24_float_carry_sub(c_lap, o0 + t + 1u);
            c = (uint32_t)(ct * 16777216.0f);
            c = c < CXB_LF24_CM ? c : CXB_LF24_CM - 1u;
        } else {
            c = cxb_lf24_carry_at(p0 + t);
        }
        v = cxb_lf24_sub(x, c);
        if (!SUM)
            out[t] = v;
    }
    if (SUM) { /* 32 outputs < 2^24 sum below 2^29: no overflow in 32 bits */
        const unsigned lanes = blockDim.x - (threadIdx.x & ~31u); /* the block may end mid-warp */
        const unsigned mask = lanes >= 32u ? 0xffffffffu : (1u << lanes) - 1u;
        unsigned ws = __reduce_add_sync(mask, v);
        if ((threadIdx.x & 31u) == 0 && ws)
            atomicAdd(isum, (unsigned long long)ws);
    }
}

static __global__ void lf24_cuda2_sum_final(const unsigned long long *isum, double *sums)
{
    sums[0] = (double)*isum * (1.0 / 16777216.0);
}

/* ---- host side ---- */

static cxb_status check_job(const cxb_lf24_job *job, cxb_lf24_cuda_variant variant,
                            cxb_lf24_carry_mode carry, unsigned block)
{
    const char *name;
    cxb_status st = cxb_lf24_job_check(job);
    if (st != CXB_OK)
        return st;
    if (variant != CXB_LF24_CUDA1 && variant != CXB_LF24_CUDA2 && variant != CXB_LF24_CUDASHARED)
        return cxb_fail(CXB_EINPUT, "prng.lf24: unknown CUDA variant %d", (int)variant);
    name = variant_name(variant);
    if (carry != CXB_LF24_C_EXACT && carry != CXB_LF24_C_FLOAT)
        return cxb_fail(CXB_EINPUT, "%s: unknown carry mode %d", name, (int)carry);
    if (job->mode != CXB_LF24_STORE && job->mode != CXB_LF24_SUM)
        return cxb_fail(CXB_EINPUT, "%s: unknown mode %d", name, (int)job->mode);
    if (block > 1024u)
        return cxb_fail(CXB_EINPUT, "--set block=%u: at most 1024 threads per block (%s)", block,
                        name);
    if (variant == CXB_LF24_CUDA2) {
        if (job->streams != 1)
            return cxb_fail(CXB_EINPUT,
                            "--set streams=%llu: %s generates one stream (streams=1)",
                            (unsigned long long)job->streams, name);
        if (job->layout != CXB_LF24_SLICE)
            return cxb_fail(CXB_EINPUT, "--set layout=interleave: %s needs the slice layout",
                            name);
        if (2ull * job->s > job->r || job->r > 3ull * job->s)
            return cxb_fail(CXB_EINPUT,
                            "--set s=%u: %s's three launches per lap (widths s, s, r-2s) are "
                            "race-free only for 2s <= r <= 3s (r=%u)",
                            job->s, name, job->r);
        return CXB_OK;
    }
    if (carry != CXB_LF24_C_EXACT)
        return cxb_fail(CXB_EINPUT, "--set c=float: only prng.lf24.cuda2 has a float carry (%s)",
                        name);
    if (job->layout != CXB_LF24_INTERLEAVE)
        return cxb_fail(CXB_EINPUT, "--set layout=slice: %s writes the interleave layout", name);
    if (job->streams > UINT32_MAX)
        return cxb_fail(CXB_EINPUT, "--set streams=%llu: %s runs at most %u streams",
                        (unsigned long long)job->streams, name, UINT32_MAX);
    return CXB_OK;
}

/* cudashared: the block size, its shared memory and the kernel's attributes. */
static cxb_status shared_config(cxb_lf24_cuda *ctx, unsigned block, int dev)
{
    int optin = 0;
    CXB_CUDA_TRY(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
    const size_t per_thread = (size_t)ctx->job.r * sizeof(uint32_t);
    if (per_thread > (size_t)optin)
        return cxb_fail(CXB_EINPUT,
                        "--set r=%u: a table of %zu B per thread does not fit in the %d B of "
                        "shared memory of a block (prng.lf24.cudashared)",
                        ctx->job.r, per_thread, optin);
    lf24_kernel_fn k = shared_kernel(ctx->batch, ctx->sum_kind);
    CXB_CUDA_TRY(cudaFuncSetAttribute((const void *)k, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                      optin));
    CXB_CUDA_TRY(cudaFuncSetAttribute(
        (const void *)k, cudaFuncAttributePreferredSharedMemoryCarveout, cudaSharedmemCarveoutMaxShared));
    if (block) {
        if ((size_t)block * per_thread > (size_t)optin)
            return cxb_fail(CXB_EINPUT,
                            "--set block=%u: %u tables of %zu B exceed the %d B of shared memory "
                            "of a block (prng.lf24.cudashared; at most %zu threads)",
                            block, block, per_thread, optin, (size_t)optin / per_thread);
    } else {
        unsigned best = 0;
        size_t best_resident = 0;
        for (unsigned b = 32; b <= 1024u && b * per_thread <= (size_t)optin; b += 32) {
            int blocks = 0;
            CXB_CUDA_TRY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, k, (int)b,
                                                                       b * per_thread));
            if ((size_t)blocks * b > best_resident) {
                best_resident = (size_t)blocks * b;
                best = b;
            }
        }
        block = best ? best : (unsigned)((size_t)optin / per_thread); /* r too large for 32 */
    }
    ctx->block = block;
    ctx->smem = (size_t)block * per_thread;
    return CXB_OK;
}

extern "C" void cxb_lf24_cuda_destroy(cxb_lf24_cuda *ctx)
{
    if (!ctx)
        return;
    if (ctx->stream)
        cudaStreamSynchronize(ctx->stream);
    cudaFree(ctx->d_state);
    cudaFree(ctx->d_pristine);
    cudaFree(ctx->d_seeds);
    cudaFree(ctx->d_out);
    cudaFree(ctx->d_sums);
    cudaFree(ctx->d_isum);
    cudaFreeHost(ctx->h_seeds);
    cudaFreeHost(ctx->h_out);
    cudaFreeHost(ctx->h_sums);
    cxb_event_timer_destroy(&ctx->tm);
    free(ctx);
}

/* Bytes of count elements of size sz, or 0 with an error when they cannot exist. */
static cxb_status bytes_of(uint64_t count, size_t sz, const char *what, size_t *bytes)
{
    if (count > SIZE_MAX / sz)
        return cxb_fail(CXB_ERESOURCE, "cuda: out of device memory (%s: %llu x %zu B)", what,
                        (unsigned long long)count, sz);
    *bytes = (size_t)(count * sz);
    return CXB_OK;
}

extern "C" cxb_status cxb_lf24_cuda_create(cxb_lf24_cuda **out, const cxb_lf24_job *job,
                                           cxb_lf24_cuda_variant variant,
                                           cxb_lf24_carry_mode carry, unsigned block,
                                           const cxb_cuda_exec *ex, cxb_phases *setup)
{
    *out = NULL;
    if (setup)
        cxb_phases_clear(setup);
    cxb_status st = check_job(job, variant, carry, block);
    if (st != CXB_OK)
        return st;
    const char *why = "";
    if (cxb_cuda_device_count(&why) == 0)
        return cxb_fail(CXB_ERESOURCE, "%s: %s", variant_name(variant), why);
    cxb_lf24_cuda *ctx = (cxb_lf24_cuda *)calloc(1, sizeof *ctx);
    if (!ctx)
        return cxb_fail(CXB_ERESOURCE, "%s: out of host memory", variant_name(variant));
    ctx->job = *job;
    ctx->variant = variant;
    ctx->carry = carry;
    ctx->c_lap = (float)CXB_LF24_C0 / 16777216.0f;
    const uint64_t T = job->streams;
    const int cuda2 = variant == CXB_LF24_CUDA2;
    size_t state_bytes = 0, out_bytes = 0, seed_bytes = (size_t)T * sizeof(uint64_t);
    int dev = 0;
    int64_t t0;
    if (job->mode == CXB_LF24_SUM)
        ctx->sum_kind = (variant == CXB_LF24_CUDASHARED &&
                         (job->n / T + (job->n % T != 0)) <= CXB_LF24_ISUM_MAX)
                            ? 1
                            : 2;
    ctx->batch = job->s >= CXB_LF24_SHARED_BATCH ? CXB_LF24_SHARED_BATCH : 1;
    ctx->state_words = cuda2 ? job->r : (size_t)T * (job->r + 3u);

    if ((st = CXB_CUDA(cudaFree(0))) != CXB_OK || /* the context, outside the timed alloc */
        (st = CXB_CUDA(cudaGetDevice(&dev))) != CXB_OK)
        goto fail;
    if (variant == CXB_LF24_CUDASHARED) {
        if ((st = shared_config(ctx, block, dev)) != CXB_OK)
            goto fail;
    } else {
        ctx->block = block ? block : cuda2 ? CXB_LF24_CUDA2_BLOCK : CXB_LF24_CUDA1_BLOCK;
    }
    if ((T + ctx->block - 1u) / ctx->block > (uint64_t)INT32_MAX) {
        st = cxb_fail(CXB_EINPUT, "--set block=%u: %llu streams need more than 2^31-1 blocks (%s)",
                      ctx->block, (unsigned long long)T, variant_name(variant));
        goto fail;
    }
    ctx->grid = (unsigned)((T + ctx->block - 1u) / ctx->block);
    ctx->stream = ex ? (cudaStream_t)ex->stream : 0; /* the harness's, not owned */
    if ((st = cxb_event_timer_create(&ctx->tm)) != CXB_OK ||
        (st = bytes_of(ctx->state_words, sizeof(uint32_t), "tables", &state_bytes)) != CXB_OK)
        goto fail;
    ctx->tm.timing = ex ? ex->timing : NULL;
    if (job->mode == CXB_LF24_STORE)
        st = bytes_of(job->n, sizeof(uint32_t), "outputs", &out_bytes);
    else
        st = bytes_of(T, sizeof(double), "sums", &out_bytes);
    if (st != CXB_OK)
        goto fail;

    /* alloc: host clock around the allocations and a device synchronisation */
    t0 = cxb_clock_ns();
    if ((st = CXB_CUDA_ALLOC(cudaMalloc((void **)&ctx->d_state, state_bytes), state_bytes)) !=
            CXB_OK ||
        (st = CXB_CUDA_ALLOC(cudaMalloc((void **)&ctx->d_pristine, state_bytes), state_bytes)) !=
            CXB_OK ||
        (st = CXB_CUDA_ALLOC(cudaMalloc((void **)&ctx->d_seeds, seed_bytes), seed_bytes)) != CXB_OK)
        goto fail;
    if (out_bytes > 0) {
        if (job->mode == CXB_LF24_STORE)
            st = CXB_CUDA_ALLOC(cudaMalloc((void **)&ctx->d_out, out_bytes), out_bytes);
        else
            st = CXB_CUDA_ALLOC(cudaMalloc((void **)&ctx->d_sums, out_bytes), out_bytes);
        if (st != CXB_OK)
            goto fail;
    }
    if (cuda2 && job->mode == CXB_LF24_SUM &&
        (st = CXB_CUDA_ALLOC(cudaMalloc((void **)&ctx->d_isum, sizeof(unsigned long long)),
                             sizeof(unsigned long long))) != CXB_OK)
        goto fail;
    if ((st = CXB_CUDA_HOSTALLOC(cudaMallocHost((void **)&ctx->h_seeds, seed_bytes), seed_bytes)) !=
        CXB_OK)
        goto fail;
    if (out_bytes > 0) {
        if (job->mode == CXB_LF24_STORE)
            st = CXB_CUDA_HOSTALLOC(cudaMallocHost((void **)&ctx->h_out, out_bytes), out_bytes);
        else
            st = CXB_CUDA_HOSTALLOC(cudaMallocHost((void **)&ctx->h_sums, out_bytes), out_bytes);
        if (st != CXB_OK)
            goto fail;
    }
    if ((st = CXB_CUDA(cudaDeviceSynchronize())) != CXB_OK)
        goto fail;
    if (setup)
        setup->ns[CXB_PHASE_ALLOC] = cxb_clock_ns() - t0;

    /* h2d: the child seeds of streams 1..T (docs/studies/prng.md) */
    cxb_lf24_child_seeds(job->seed, ctx->h_seeds, T);
    if ((st = cxb_event_timer_begin(&ctx->tm, ctx->stream)) != CXB_OK ||
        (st = CXB_CUDA(cudaMemcpyAsync(ctx->d_seeds, ctx->h_seeds, seed_bytes,
                                       cudaMemcpyHostToDevice, ctx->stream))) != CXB_OK ||
        (st = cxb_event_timer_end(&ctx->tm, setup, CXB_PHASE_H2D)) != CXB_OK)
        goto fail;

    /* kernel: INIT_KERNEL fills the tables (and the per-thread scalars) */
    if ((st = cxb_event_timer_begin(&ctx->tm, ctx->stream)) != CXB_OK)
        goto fail;
    if (cuda2)
        lf24_init_kernel<<<1, 1, 0, ctx->stream>>>(ctx->d_state, ctx->d_seeds, 1, job->r, job->s, 0);
    else
        lf24_init_kernel<<<(unsigned)((T + 127u) / 128u), 128, 0, ctx->stream>>>(
            ctx->d_state, ctx->d_seeds, T, job->r, job->s, 1);
    if ((st = CXB_CUDA_LAUNCHED("lf24_init_kernel")) != CXB_OK ||
        (st = cxb_event_timer_end(&ctx->tm, setup, CXB_PHASE_KERNEL)) != CXB_OK)
        goto fail;

    /* the pristine copy for reset (untimed) */
    if ((st = CXB_CUDA(cudaMemcpyAsync(ctx->d_pristine, ctx->d_state, state_bytes,
                                       cudaMemcpyDeviceToDevice, ctx->stream))) != CXB_OK ||
        (st = CXB_CUDA(cudaStreamSynchronize(ctx->stream))) != CXB_OK)
        goto fail;
    *out = ctx;
    return CXB_OK;
fail:
    cxb_lf24_cuda_destroy(ctx);
    return st;
}

extern "C" cxb_status cxb_lf24_cuda_reset(cxb_lf24_cuda *ctx)
{
    CXB_CUDA_TRY(cudaMemcpyAsync(ctx->d_state, ctx->d_pristine,
                                 ctx->state_words * sizeof(uint32_t), cudaMemcpyDeviceToDevice,
                                 ctx->stream));
    CXB_CUDA_TRY(cudaStreamSynchronize(ctx->stream));
    ctx->pos = 0;
    ctx->c_lap = (float)CXB_LF24_C0 / 16777216.0f;
    return CXB_OK;
}

/* cuda2: the launches of one run, positions pos .. pos+n-1 of the stream. */
static cxb_status cuda2_launches(cxb_lf24_cuda *ctx)
{
    const uint32_t r = ctx->job.r, s = ctx->job.s;
    const int sum = ctx->job.mode == CXB_LF24_SUM, fc = ctx->carry == CXB_LF24_C_FLOAT;
    const uint64_t start = ctx->pos, end = start + ctx->job.n;
    uint64_t p = start;
    if (sum)
        CXB_CUDA_TRY(cudaMemsetAsync(ctx->d_isum, 0, sizeof(unsigned long long), ctx->stream));
    while (p < end) {
        uint32_t o = (uint32_t)(p % r);
        uint32_t ce = o < s ? s : o < 2u * s ? 2u * s : r; /* lap offsets 0, s, 2s, r */
        uint64_t stop = p - o + ce < end ? p - o + ce : end;
        uint32_t w = (uint32_t)(stop - p);
        uint32_t ri = cxb_lf24_index_at(r - 1u, p, r), si = cxb_lf24_index_at(s - 1u, p, r);
        unsigned grid = (w + ctx->block - 1u) / ctx->block;
        uint32_t *dst = sum ? NULL : ctx->d_out + (p - start);
        if (sum && fc)
            lf24_cuda2_kernel<true, true><<<grid, ctx->block, 0, ctx->stream>>>(
                ctx->d_state, r, w, p, o, ri, si, ctx->c_lap, dst, ctx->d_isum);
        else if (sum)
            lf24_cuda2_kernel<true, false><<<grid, ctx->block, 0, ctx->stream>>>(
                ctx->d_state, r, w, p, o, ri, si, ctx->c_lap, dst, ctx->d_isum);
        else if (fc)
            lf24_cuda2_kernel<false, true><<<grid, ctx->block, 0, ctx->stream>>>(
                ctx->d_state, r, w, p, o, ri, si, ctx->c_lap, dst, ctx->d_isum);
        else
            lf24_cuda2_kernel<false, false><<<grid, ctx->block, 0, ctx->stream>>>(
                ctx->d_state, r, w, p, o, ri, si, ctx->c_lap, dst, ctx->d_isum);
        cxb_status st = CXB_CUDA_LAUNCHED("lf24_cuda2_kernel");
        if (st != CXB_OK)
            return st;
        p = stop;
        if (p % r == 0) /* the host's carry after a lap: c - L*d, normalised */
            ctx->c_lap = lf24_float_carry_sub(ctx->c_lap, r);
    }
    ctx->pos = end;
    if (sum) {
        lf24_cuda2_sum_final<<<1, 1, 0, ctx->stream>>>(ctx->d_isum, ctx->d_sums);
        return CXB_CUDA_LAUNCHED("lf24_cuda2_sum_final");
    }
    return CXB_OK;
}

static cxb_status streams_launch(cxb_lf24_cuda *ctx)
{
    const int sum = ctx->job.mode == CXB_LF24_SUM;
    if (ctx->variant == CXB_LF24_CUDA1) {
        if (sum)
            lf24_cuda1_kernel<true><<<ctx->grid, ctx->block, 0, ctx->stream>>>(
                ctx->d_state, ctx->job, ctx->d_out, ctx->d_sums);
        else
            lf24_cuda1_kernel<false><<<ctx->grid, ctx->block, 0, ctx->stream>>>(
                ctx->d_state, ctx->job, ctx->d_out, ctx->d_sums);
        return CXB_CUDA_LAUNCHED("lf24_cuda1_kernel");
    }
    lf24_kernel_fn k = shared_kernel(ctx->batch, ctx->sum_kind);
    k<<<ctx->grid, ctx->block, ctx->smem, ctx->stream>>>(ctx->d_state, ctx->job, ctx->d_out,
                                                          ctx->d_sums);
    return CXB_CUDA_LAUNCHED("lf24_shared_kernel");
}

extern "C" cxb_status cxb_lf24_cuda_run(cxb_lf24_cuda *ctx, cxb_phases *ph)
{
    cxb_status st;
    if (ph)
        ph->ns[CXB_PHASE_KERNEL] = ph->ns[CXB_PHASE_D2H] = CXB_PHASE_NA;
    if ((st = cxb_event_timer_begin(&ctx->tm, ctx->stream)) != CXB_OK)
        return st;
    st = ctx->variant == CXB_LF24_CUDA2 ? cuda2_launches(ctx) : streams_launch(ctx);
    if (st != CXB_OK) {
        cudaStreamSynchronize(ctx->stream);
        return st;
    }
    if ((st = cxb_event_timer_end(&ctx->tm, ph, CXB_PHASE_KERNEL)) != CXB_OK ||
        (st = cxb_event_timer_begin(&ctx->tm, ctx->stream)) != CXB_OK)
        return st;
    if (ctx->job.mode == CXB_LF24_STORE) {
        if (ctx->job.n > 0)
            CXB_CUDA_TRY(cudaMemcpyAsync(ctx->h_out, ctx->d_out,
                                         (size_t)ctx->job.n * sizeof(uint32_t),
                                         cudaMemcpyDeviceToHost, ctx->stream));
    } else {
        CXB_CUDA_TRY(cudaMemcpyAsync(ctx->h_sums, ctx->d_sums,
                                     (size_t)ctx->job.streams * sizeof(double),
                                     cudaMemcpyDeviceToHost, ctx->stream));
    }
    return cxb_event_timer_end(&ctx->tm, ph, CXB_PHASE_D2H);
}

extern "C" const uint32_t *cxb_lf24_cuda_out(const cxb_lf24_cuda *ctx) { return ctx->h_out; }

extern "C" const double *cxb_lf24_cuda_sums(const cxb_lf24_cuda *ctx) { return ctx->h_sums; }
