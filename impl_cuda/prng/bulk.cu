/* impl_cuda/prng/bulk.cu - prng.<g>.cuda: bulk generation of every generator of CXB_RNG_LIST
 * on the GPU with one template kernel (docs/studies/prng.md thread scope, 6.6 Figure R3;
 * targets G2a-G2e of 8.3).
 *
 * A traits struct per tag (generated from CXB_BULK_TAGS, cxb/prng/gen_core.h) hands the
 * kernels the state type, init and element functions, so a generator added to the list gets
 * its kernels here. Thread scope (docs/studies/prng.md): a stream's state lives in registers (local
 * memory for MT19937's 2.5 KB, which is why big-state generators may plug in block-scope
 * launchers, below).
 *  - stateful store kernel: thread g takes streams g, g + grid, ... (grid-stride); it loads the
 *    stream's state from the device array uploaded at setup (never modified, so every sample
 *    restarts the streams) and writes the stream's chunks round after round; consecutive
 *    threads hold consecutive streams, so a warp's chunks of a round are contiguous
 *    (coalesced), written as 16-byte stores when C x element size is a multiple of 16;
 *  - counter-based store kernel: thread g takes chunks g, g + grid, ... of the whole job and
 *    computes each from cxb_g_init(seed, s, r C): no states. With C = 4 (compiled as a
 *    constant) Philox and Threefry compute exactly one block per 16-byte store, the block of
 *    the stream's next chunk being dead code: this is the former special Philox kernel,
 *    which is gone (one path);
 *  - sum kernel (Leist Algorithm 8): one thread per stream adds its elements in draw order.
 * Launch shape of prng.store.cuda: blocks of 256 threads, at most SMs x spm blocks, grid-stride
 * loops; spm = 16 by default (256 for the counter-based store kernel, below).
 */
#include <stdlib.h>
#include <string.h>

#include "cxb/core/cuda.h"
#include "cxb/config.h"
#include "cxb/prng/blockscope.h"
#include "cxb/prng/gen.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/common/event_timer.h"

#define BULK_BLOCK 256
#define BULK_BLOCKS_PER_SM 16
/* Counter-based store kernels default to 256 blocks per SM: the launch-shape sweep of the
 * former Philox kernel (the same kernel; results/h100-sxm/README.md, "Launch shape") measured
 * 777 G/s at 2^30 with 256 against 720 with 16 (cuRAND DYNAMIC: 782). --set spm=16 gives the
 * store ceiling's shape back. */
#define BULK_CHUNK_BLOCKS_PER_SM 256
#define BULK_STREAM_BLOCKS_PER_SM 8 /* resident blocks wanted for the stateful kernel */

/* ---- block-scope launchers (include/cxb/prng/blockscope.h) ----
 * A generator with a big state brings its own launcher for u32 store jobs (docs/studies/prng.md: MT19937
 * and MTGP32 one state per block, in shared memory); it receives the job, the uploaded states
 * (one cxb_g_state per active stream, as cxb_g_init builds them) and the output, and launches
 * on the stream. Every other case runs the generic kernels. */
typedef cxb_status (*bulk_launch_fn)(const cxb_bulk_job *job, const void *d_states, uint32_t *d_out,
                                     cudaStream_t stream);
static bulk_launch_fn blockscope_launcher(cxb_bulk_tag tag)
{
    switch (tag) {
    case CXB_BULK_TAG_mt19937:
        return cxb_bulk_cuda_mt19937;
#if CXB_HAVE_MTGP32
    case CXB_BULK_TAG_mtgp32:
        return cxb_bulk_cuda_mtgp32;
#endif
    default:
        return NULL;
    }
}

/* ---- traits ---- */

template <int T> struct bulk_traits;
#define BULK_TRAITS(name, t, kind, streams, chunk)                                                 \
    template <> struct bulk_traits<CXB_BULK_TAG_##t> {                                             \
        typedef cxb_##t##_state state;                                                             \
        static const bool counter = kind == CXB_RNG_COUNTER;                                       \
        static __device__ __forceinline__ void init(state *s, uint64_t seed, uint64_t st, uint64_t off) \
        {                                                                                          \
            cxb_bulk_init_##t(s, seed, st, off);                                                   \
        }                                                                                          \
        static __device__ __forceinline__ uint32_t u32(state *s) { return cxb_bulk_u32_##t(s); }   \
        static __device__ __forceinline__ float f32(state *s) { return cxb_bulk_f32_##t(s); }      \
        static __device__ __forceinline__ double f64(state *s) { return cxb_bulk_f64_##t(s); }     \
    };
CXB_BULK_TAGS(BULK_TRAITS)

template <int T> struct curand_traits; /* only for the generators cuRAND has */
#define CURAND_TRAITS(t, d)                                                                         \
    template <> struct curand_traits<CXB_BULK_TAG_##t> {                                           \
        static __device__ __forceinline__ float cf32(cxb_##t##_state *s) { return cxb_bulk_cf32_##t(s); } \
        static __device__ __forceinline__ double cf64(cxb_##t##_state *s) { return cxb_bulk_cf64_##t(s); } \
        static const unsigned draws64 = d;                                                         \
    };
CXB_BULK_CURAND_TAGS(CURAND_TRAITS)

/* Direct block access (cxb/prng/gen_core.h, CXB_BULK_BLOCK4_TAGS): only some counter tags. */
template <int T> struct bulk_block4 {
    static const bool has = false;
    static __device__ __forceinline__ uint4 get(uint64_t, uint64_t, uint64_t) { return make_uint4(0, 0, 0, 0); }
};
#define BULK_BLOCK4(t)                                                                              \
    template <> struct bulk_block4<CXB_BULK_TAG_##t> {                                             \
        static const bool has = true;                                                              \
        static __device__ __forceinline__ uint4 get(uint64_t seed, uint64_t s, uint64_t b)         \
        {                                                                                          \
            uint32_t w[4];                                                                         \
            cxb_bulk_block4_##t(seed, s, b, w);                                                    \
            return make_uint4(w[0], w[1], w[2], w[3]);                                             \
        }                                                                                          \
    };
CXB_BULK_BLOCK4_TAGS(BULK_BLOCK4)
#undef BULK_BLOCK4

/* The element of kind E: its type and one draw of it. */
template <int T, int E> struct bulk_elem;
template <int T> struct bulk_elem<T, CXB_BULK_E_U32> {
    static const unsigned draws = 1;
    typedef uint32_t type;
    static __device__ __forceinline__ type next(typename bulk_traits<T>::state *s) { return bulk_traits<T>::u32(s); }
    static __device__ __forceinline__ double sumv(type x) { return cxb_bulk_sumv_u32(x); }
};
template <int T> struct bulk_elem<T, CXB_BULK_E_F32> {
    static const unsigned draws = 1;
    typedef float type;
    static __device__ __forceinline__ type next(typename bulk_traits<T>::state *s) { return bulk_traits<T>::f32(s); }
    static __device__ __forceinline__ double sumv(type x) { return cxb_bulk_sumv_f32(x); }
};
template <int T> struct bulk_elem<T, CXB_BULK_E_F64> {
    static const unsigned draws = 2;
    typedef double type;
    static __device__ __forceinline__ type next(typename bulk_traits<T>::state *s) { return bulk_traits<T>::f64(s); }
    static __device__ __forceinline__ double sumv(type x) { return cxb_bulk_sumv_f64(x); }
};
template <int T> struct bulk_elem<T, CXB_BULK_E_CF32> {
    static const unsigned draws = 1;
    typedef float type;
    static __device__ __forceinline__ type next(typename bulk_traits<T>::state *s) { return curand_traits<T>::cf32(s); }
    static __device__ __forceinline__ double sumv(type x) { return cxb_bulk_sumv_f32(x); }
};
template <int T> struct bulk_elem<T, CXB_BULK_E_CF64> {
    static const unsigned draws = curand_traits<T>::draws64;
    typedef double type;
    static __device__ __forceinline__ type next(typename bulk_traits<T>::state *s) { return curand_traits<T>::cf64(s); }
    static __device__ __forceinline__ double sumv(type x) { return cxb_bulk_sumv_f64(x); }
};

/* 32-bit words of an element, in memory order (little endian). */
static __device__ __forceinline__ void words(uint32_t x, uint32_t *w) { w[0] = x; }
static __device__ __forceinline__ void words(float x, uint32_t *w) { w[0] = __float_as_uint(x); }
static __device__ __forceinline__ void words(double x, uint32_t *w)
{
    w[0] = (uint32_t)__double2loint(x);
    w[1] = (uint32_t)__double2hiint(x);
}

/* The last, partial chunk of a stream (cnt < C): out of line, on a copy of the state, so
 * that its run-time trip count does not force the state of the whole kernel into local
 * memory (Philox's and Threefry's lane index would become dynamic); nothing is drawn from
 * the stream after it. */
template <int T, int E>
static __device__ __noinline__ void write_tail(typename bulk_traits<T>::state *st,
                                               typename bulk_elem<T, E>::type *o, uint64_t cnt)
{
    for (uint64_t k = 0; k < cnt; ++k)
        o[k] = bulk_elem<T, E>::next(st);
}

/* One chunk of cnt (<= C) elements at o: 16-byte stores when the chunk is whole and its
 * bytes a multiple of 16 (then o is 16-byte aligned: the chunk starts at a multiple of C
 * elements of a cudaMalloc'd buffer). */
template <int T, int E, int CC>
static __device__ __forceinline__ void write_chunk(typename bulk_traits<T>::state *st,
                                                   typename bulk_elem<T, E>::type *o, uint64_t cnt,
                                                   uint64_t C)
{
    typedef typename bulk_elem<T, E>::type OT;
    const unsigned per = 16 / sizeof(OT); /* elements per 16 bytes */
    if (cnt < C) {
        typename bulk_traits<T>::state copy = *st; /* the kernel's own state stays in registers */
        write_tail<T, E>(&copy, o, cnt);
    } else if ((C * sizeof(OT)) % 16 == 0) {
        uint4 *o4 = reinterpret_cast<uint4 *>(o);
#pragma unroll
        for (uint64_t k = 0; k < (CC ? CC : C) / per; ++k) {
            uint32_t w[4];
#pragma unroll
            for (unsigned j = 0; j < per; ++j)
                words(bulk_elem<T, E>::next(st), w + j * (sizeof(OT) / 4));
            o4[k] = make_uint4(w[0], w[1], w[2], w[3]);
        }
    } else {
        for (uint64_t k = 0; k < C; ++k)
            o[k] = bulk_elem<T, E>::next(st);
    }
}

/* Stateful store: a thread per stream, round after round. Every stream does the same work,
 * so the grid should fit in one wave: at most 32 registers (8 blocks of 256 per SM), and the
 * default S = 262144 is 1024 blocks, one wave on an H100's 132 x 8 = 1056 (at 6 blocks per
 * SM, 40 registers, a second wave of 232 blocks would run at 30% occupancy). ptxas then
 * spills 16-24 bytes (XORWOW, MRG32k3a, u32), to L1; not measured against 6 blocks yet. */
template <int T, int E, int CC>
static __global__ void __launch_bounds__(BULK_BLOCK, BULK_STREAM_BLOCKS_PER_SM)
    bulk_store_streams(const typename bulk_traits<T>::state *__restrict__ states,
                       typename bulk_elem<T, E>::type *__restrict__ out, cxb_bulk_job job, uint64_t active)
{
    const uint64_t C = CC ? CC : job.chunk, SC = job.streams * C, n = job.n;
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t s = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; s < active; s += stride) {
        typename bulk_traits<T>::state st = states[s];
        for (uint64_t base = s * C; base < n; base += SC)
            write_chunk<T, E, CC>(&st, out + base, n - base < C ? n - base : C, C);
    }
}

/* Counter-based store: a thread per chunk q = r S + s of the job (grid-stride); (s, r) are
 * advanced by the stride without a division per chunk. */
template <int T, int E, int CC>
static __global__ void __launch_bounds__(BULK_BLOCK)
    bulk_store_chunks(typename bulk_elem<T, E>::type *__restrict__ out, cxb_bulk_job job, uint64_t chunks)
{
    const uint64_t C = CC ? CC : job.chunk, S = job.streams, n = job.n;
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    uint64_t q = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= chunks)
        return;
    uint64_t s = q % S, r = q / S;
    const uint64_t ds = stride % S, dr = stride / S;
    for (; q < chunks; q += stride) {
        typename bulk_traits<T>::state st;
        bulk_traits<T>::init(&st, job.seed, s, r * C * bulk_elem<T, E>::draws);
        uint64_t base = q * C;
        write_chunk<T, E, CC>(&st, out + base, n - base < C ? n - base : C, C);
        s += ds;
        r += dr;
        if (s >= S) {
            s -= S;
            ++r;
        }
    }
}

/* Counter-based u32 store with C = 4, direct: chunk q = r S + s is block r of stream s, one
 * 16-byte store computed from (seed, s, r) alone (bulk_block4), over the n / 4 whole chunks;
 * the last partial chunk, if any, is bulk_store_tail's. S = 1 (the default layout) gets its
 * own loop with no (s, r) bookkeeping. This is the former dedicated Philox kernel's shape. */
template <int T>
static __global__ void __launch_bounds__(BULK_BLOCK)
    bulk_store_blocks(uint4 *__restrict__ out, cxb_bulk_job job, uint64_t chunks)
{
    const uint64_t S = job.streams, seed = job.seed;
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    uint64_t q = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= chunks)
        return;
    if (S == 1) {
        for (; q < chunks; q += stride)
            out[q] = bulk_block4<T>::get(seed, 0, q);
        return;
    }
    uint64_t s = q % S, r = q / S;
    const uint64_t ds = stride % S, dr = stride / S;
    for (; q < chunks; q += stride) {
        out[q] = bulk_block4<T>::get(seed, s, r);
        s += ds;
        r += dr;
        if (s >= S) {
            s -= S;
            ++r;
        }
    }
}

/* The last, partial chunk q of a counter-based job (one thread). */
template <int T, int E>
static __global__ void bulk_store_tail(typename bulk_elem<T, E>::type *__restrict__ out, cxb_bulk_job job, uint64_t q)
{
    const uint64_t C = job.chunk, base = q * C;
    typename bulk_traits<T>::state st;
    bulk_traits<T>::init(&st, job.seed, q % job.streams, (q / job.streams) * C * bulk_elem<T, E>::draws);
    write_tail<T, E>(&st, out + base, job.n - base);
}

/* Sum: a thread per stream adds its elements in draw order (streams without outputs: 0). */
template <int T, int E>
static __global__ void __launch_bounds__(BULK_BLOCK)
    bulk_sum(const typename bulk_traits<T>::state *__restrict__ states, double *__restrict__ sums,
             cxb_bulk_job job, uint64_t active)
{
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t s = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; s < job.streams; s += stride) {
        double acc = 0.0;
        if (s < active) {
            typename bulk_traits<T>::state st;
            if constexpr (bulk_traits<T>::counter)
                bulk_traits<T>::init(&st, job.seed, s, 0);
            else
                st = states[s];
            uint64_t count = cxb_bulk_stream_count(&job, s);
            for (uint64_t k = 0; k < count; ++k)
                acc += bulk_elem<T, E>::sumv(bulk_elem<T, E>::next(&st));
        }
        sums[s] = acc;
    }
}

/* ---- the context ---- */

struct cxb_bulk_cuda {
    cxb_bulk_spec spec;
    uint64_t active, items;
    unsigned grid;
    size_t result_bytes;
    cudaStream_t stream; /* the harness's (cxb_cuda_exec), not owned */
    cxb_event_timer tm;
    void *d_states, *d_out, *h_out;
};

extern "C" void cxb_bulk_cuda_destroy(cxb_bulk_cuda *c)
{
    if (!c)
        return;
    if (c->stream)
        cudaStreamSynchronize(c->stream);
    if (c->d_states)
        cudaFree(c->d_states);
    if (c->d_out)
        cudaFree(c->d_out);
    if (c->h_out)
        cudaFreeHost(c->h_out);
    cxb_event_timer_destroy(&c->tm);
    free(c);
}

extern "C" cxb_status cxb_bulk_cuda_create(cxb_bulk_cuda **out, const cxb_bulk_spec *spec, const void *states,
                                           unsigned spm, const cxb_cuda_exec *ex, cxb_phases *setup)
{
    *out = NULL;
    if (setup)
        cxb_phases_clear(setup);
    cxb_status st = cxb_bulk_spec_check(spec);
    if (st != CXB_OK)
        return st;
    const char *name = cxb_rng_get(spec->gen)->name, *why = "";
    if (cxb_cuda_device_count(&why) == 0)
        return cxb_fail(CXB_ERESOURCE, "prng.%s.cuda: %s", name, why);
    cxb_bulk_cuda *c = (cxb_bulk_cuda *)calloc(1, sizeof *c);
    if (!c)
        return cxb_fail(CXB_ERESOURCE, "prng.%s.cuda: out of host memory", name);
    c->spec = *spec;
    const cxb_bulk_job *job = &spec->job;
    c->active = cxb_bulk_active_streams(job);
    size_t sb = cxb_bulk_state_bytes(spec), state_bytes = (size_t)c->active * sb;
    c->result_bytes = spec->mode == CXB_BULK_SUM ? (size_t)job->streams * sizeof(double)
                                                 : (size_t)job->n * cxb_bulk_elem_bytes(spec);
    if (spec->mode == CXB_BULK_SUM)
        c->items = job->streams;
    else if (sb == 0)
        c->items = job->n / job->chunk + (job->n % job->chunk != 0); /* chunks */
    else
        c->items = c->active;
    int dev = 0, sms = 1;
    int64_t t0 = cxb_clock_ns();
    if ((st = CXB_CUDA(cudaGetDevice(&dev))) != CXB_OK ||
        (st = CXB_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev))) != CXB_OK ||
        (st = cxb_event_timer_create(&c->tm)) != CXB_OK)
        goto fail;
    c->stream = ex ? (cudaStream_t)ex->stream : 0;
    c->tm.timing = ex ? ex->timing : NULL;
    if (state_bytes && (st = CXB_CUDA_ALLOC(cudaMalloc(&c->d_states, state_bytes), state_bytes)) != CXB_OK)
        goto fail;
    if (c->result_bytes &&
        ((st = CXB_CUDA_ALLOC(cudaMalloc(&c->d_out, c->result_bytes), c->result_bytes)) != CXB_OK ||
         (st = CXB_CUDA_HOSTALLOC(cudaMallocHost(&c->h_out, c->result_bytes), c->result_bytes)) != CXB_OK))
        goto fail;
    if (setup)
        setup->ns[CXB_PHASE_ALLOC] = cxb_clock_ns() - t0;
    if (state_bytes) {
        if ((st = cxb_event_timer_begin(&c->tm, c->stream)) != CXB_OK ||
            (st = CXB_CUDA(cudaMemcpyAsync(c->d_states, states, state_bytes, cudaMemcpyHostToDevice, c->stream))) != CXB_OK ||
            (st = cxb_event_timer_end(&c->tm, setup, CXB_PHASE_H2D)) != CXB_OK)
            goto fail;
    }
    {
        unsigned per_sm = spm ? spm
                          : sb == 0 && spec->mode == CXB_BULK_STORE ? BULK_CHUNK_BLOCKS_PER_SM
                                                                      : BULK_BLOCKS_PER_SM;
        uint64_t blocks = (c->items + BULK_BLOCK - 1) / BULK_BLOCK, cap = (uint64_t)sms * per_sm;
        c->grid = (unsigned)(blocks < cap ? (blocks ? blocks : 1) : cap);
    }
    *out = c;
    return CXB_OK;
fail:
    cxb_bulk_cuda_destroy(c);
    return st;
}

/* ---- dispatch: (tag, element, mode, chunk) -> a kernel launch ---- */

template <int T, int E>
static void launch_store(cxb_bulk_cuda *c)
{
    typedef typename bulk_elem<T, E>::type OT;
    const cxb_bulk_job job = c->spec.job;
    OT *o = (OT *)c->d_out;
    if constexpr (bulk_traits<T>::counter) {
        if constexpr (bulk_block4<T>::has && E == CXB_BULK_E_U32) {
            if (job.chunk == 4) {
                const uint64_t whole = job.n / 4;
                if (whole)
                    bulk_store_blocks<T><<<c->grid, BULK_BLOCK, 0, c->stream>>>((uint4 *)o, job, whole);
                if (job.n % 4)
                    bulk_store_tail<T, E><<<1, 1, 0, c->stream>>>(o, job, whole);
                return;
            }
        }
        if (job.chunk == 4)
            bulk_store_chunks<T, E, 4><<<c->grid, BULK_BLOCK, 0, c->stream>>>(o, job, c->items);
        else
            bulk_store_chunks<T, E, 0><<<c->grid, BULK_BLOCK, 0, c->stream>>>(o, job, c->items);
    } else {
        const typename bulk_traits<T>::state *st = (const typename bulk_traits<T>::state *)c->d_states;
        if (job.chunk == 4)
            bulk_store_streams<T, E, 4><<<c->grid, BULK_BLOCK, 0, c->stream>>>(st, o, job, c->active);
        else
            bulk_store_streams<T, E, 0><<<c->grid, BULK_BLOCK, 0, c->stream>>>(st, o, job, c->active);
    }
}

template <int T, int E>
static void launch(cxb_bulk_cuda *c)
{
    if (c->spec.mode == CXB_BULK_SUM)
        bulk_sum<T, E><<<c->grid, BULK_BLOCK, 0, c->stream>>>(
            (const typename bulk_traits<T>::state *)c->d_states, (double *)c->d_out, c->spec.job, c->active);
    else
        launch_store<T, E>(c);
}

template <int T>
static bool launch_cxb(cxb_bulk_cuda *c, cxb_bulk_elem e)
{
    switch (e) {
    case CXB_BULK_E_U32: launch<T, CXB_BULK_E_U32>(c); return true;
    case CXB_BULK_E_F32: launch<T, CXB_BULK_E_F32>(c); return true;
    case CXB_BULK_E_F64: launch<T, CXB_BULK_E_F64>(c); return true;
    default: return false;
    }
}

template <int T>
static bool launch_curand(cxb_bulk_cuda *c, cxb_bulk_elem e)
{
    switch (e) {
    case CXB_BULK_E_CF32: launch<T, CXB_BULK_E_CF32>(c); return true;
    case CXB_BULK_E_CF64: launch<T, CXB_BULK_E_CF64>(c); return true;
    default: return launch_cxb<T>(c, e);
    }
}

static bool launch_any(cxb_bulk_cuda *c)
{
    cxb_bulk_elem e = cxb_bulk_spec_elem(&c->spec);
    switch (cxb_bulk_spec_tag(&c->spec)) {
#define CURAND_CASE(t, d)                                                                          \
    case CXB_BULK_TAG_##t:                                                                         \
        return launch_curand<CXB_BULK_TAG_##t>(c, e);
        CXB_BULK_CURAND_TAGS(CURAND_CASE)
#undef CURAND_CASE
    default:
        break;
    }
    switch (cxb_bulk_spec_tag(&c->spec)) {
#define CXB_CASE(name, t, kind, streams, chunk)                                                    \
    case CXB_BULK_TAG_##t:                                                                         \
        return launch_cxb<CXB_BULK_TAG_##t>(c, e);
        CXB_BULK_TAGS(CXB_CASE)
#undef CXB_CASE
    default:
        return false;
    }
}

extern "C" cxb_status cxb_bulk_cuda_run(cxb_bulk_cuda *c, cxb_phases *ph)
{
    if (ph)
        ph->ns[CXB_PHASE_KERNEL] = ph->ns[CXB_PHASE_D2H] = CXB_PHASE_NA;
    cxb_status st = cxb_event_timer_begin(&c->tm, c->stream);
    if (st != CXB_OK)
        return st;
    if (c->items > 0) {
        bulk_launch_fn own = c->spec.type == CXB_BULK_U32 && c->spec.mode == CXB_BULK_STORE
                                 ? blockscope_launcher(cxb_bulk_spec_tag(&c->spec))
                                 : NULL;
        if (own) {
            if ((st = own(&c->spec.job, c->d_states, (uint32_t *)c->d_out, c->stream)) != CXB_OK)
                return st;
        } else if (!launch_any(c)) {
            return cxb_fail(CXB_EINPUT, "prng.%s.cuda: no kernel for this type and conversion",
                            cxb_rng_get(c->spec.gen)->name);
        }
        if ((st = CXB_CUDA_LAUNCHED("bulk kernel")) != CXB_OK)
            return st;
    }
    if ((st = cxb_event_timer_end(&c->tm, ph, CXB_PHASE_KERNEL)) != CXB_OK ||
        (st = cxb_event_timer_begin(&c->tm, c->stream)) != CXB_OK)
        return st;
    if (c->result_bytes)
        CXB_CUDA_TRY(cudaMemcpyAsync(c->h_out, c->d_out, c->result_bytes, cudaMemcpyDeviceToHost, c->stream));
    return cxb_event_timer_end(&c->tm, ph, CXB_PHASE_D2H);
}

extern "C" const void *cxb_bulk_cuda_out(const cxb_bulk_cuda *c)
{
    return c->spec.mode == CXB_BULK_STORE ? c->h_out : NULL;
}

extern "C" const double *cxb_bulk_cuda_sums(const cxb_bulk_cuda *c)
{
    return c->spec.mode == CXB_BULK_SUM ? (const double *)c->h_out : NULL;
}
