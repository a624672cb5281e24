/* impl_cuda/prng/jump.cu - Figure R2's GPU column (docs/studies/prng.md): T threads each jump their
 * own state by the same distance d, time per jump = kernel time / T (cxb/prng/init.h).
 *
 * The jumps are the CPU rows' functions of cxb/rng/jump.h, run per thread:
 *  - MRG32k3a by squaring (cxb_mrg32k3a_jump_sq): log2 d 3x3 squarings per component with
 *    64-bit %, all in registers/local memory;
 *  - MRG32k3a and XORWOW by tables of 4-bit digits (A^(j 16^k), M^(j 16^k)), in global
 *    memory: d is the same for every thread, so every warp reads the same table entries
 *    (broadcast loads); XORWOW's 160x160 products read 3.2 KB per nonzero digit per warp;
 *  - Philox: a counter add and one block (cxb_philox4x32_jump).
 * XORWOW by squaring is not offered on the GPU: two 160x160 matrices (6.4 KB) per thread.
 * Each thread first seeds its start state (cxb_g_seed(seed + t), a few ns) and stores the
 * result (24-48 bytes): both inside the timed kernel, negligible against a jump except for
 * Philox, whose row is therefore "seed + counter add + one block + store".
 */
#include <stdlib.h>
#include <string.h>

#include "cxb/core/cuda.h"
#include "cxb/prng/init.h"
#include "cxb/rng/jump.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/common/event_timer.h"
#include "impl_cuda/common/upload.h"

#define JUMP_BLOCK 256
#define JUMP_B 4

struct cxb_jump_cuda {
    cxb_jump_method method;
    uint64_t seed, threads;
    cxb_jump_dist d;
    unsigned digits;
    size_t state_bytes;
    cudaStream_t stream;
    cudaEvent_t ev[2];
    cxb_timing *timing; /* the harness's handle (cxb/core/cuda.h), or NULL */
    void *d_states;
    void *d_tab;
};

static __global__ void __launch_bounds__(JUMP_BLOCK)
    jump_kernel(cxb_jump_method method, void *__restrict__ states, uint64_t T, uint64_t seed, cxb_jump_dist d,
                const void *__restrict__ tab, unsigned digits)
{
    uint64_t t = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= T)
        return;
    switch (method) {
    case CXB_JUMP_MRG_SQ:
    case CXB_JUMP_MRG_TAB: {
        cxb_mrg32k3a_state s;
        cxb_mrg32k3a_seed(&s, seed + t);
        if (method == CXB_JUMP_MRG_SQ)
            cxb_mrg32k3a_jump_sq(&s, &d);
        else
            cxb_mrg32k3a_jtab_apply((const cxb_mrg32k3a_jent *)tab, JUMP_B, digits, &s, &d);
        ((cxb_mrg32k3a_state *)states)[t] = s;
        break;
    }
    case CXB_JUMP_XORWOW_TAB: {
        cxb_xorwow_state s;
        cxb_xorwow_seed(&s, seed + t);
        cxb_xorwow_jump_tab((const cxb_xorwow_mat *)tab, JUMP_B, digits, &s, &d);
        ((cxb_xorwow_state *)states)[t] = s;
        break;
    }
    default: {
        cxb_philox4x32_state s;
        cxb_philox4x32_init(&s, seed, t, 0);
        cxb_philox4x32_jump(&s, &d);
        ((cxb_philox4x32_state *)states)[t] = s;
        break;
    }
    }
}

extern "C" void cxb_jump_cuda_destroy(cxb_jump_cuda *c)
{
    if (!c)
        return;
    if (c->stream)
        cudaStreamSynchronize(c->stream);
    cudaFree(c->d_states);
    cudaFree(c->d_tab);
    for (int i = 0; i < 2; ++i)
        if (c->ev[i])
            cudaEventDestroy(c->ev[i]);
    free(c);
}

extern "C" cxb_status cxb_jump_cuda_create(cxb_jump_cuda **out, cxb_jump_method method, uint64_t seed,
                                           uint64_t threads, const uint64_t distance[4],
                                           const cxb_cuda_exec *ex)
{
    *out = NULL;
    cxb_jump_dist d;
    memcpy(d.w, distance, sizeof d.w);
    unsigned bits = cxb_jump_dist_bits(&d), limit = method == CXB_JUMP_XORWOW_TAB || method == CXB_JUMP_PHILOX ? 128 : 192;
    if (bits > limit)
        return cxb_fail(CXB_EINPUT, "--set distance: at most 2^%u - 1 for this generator", limit);
    if (threads < 1 || threads > (1ull << 32))
        return cxb_fail(CXB_EINPUT, "--set n=%llu: 1 .. 2^32 threads", (unsigned long long)threads);
    const char *why = "";
    if (cxb_cuda_device_count(&why) == 0)
        return cxb_fail(CXB_ERESOURCE, "prng jump: %s", why);
    cxb_jump_cuda *c = (cxb_jump_cuda *)calloc(1, sizeof *c);
    if (!c)
        return cxb_fail(CXB_ERESOURCE, "prng jump: out of host memory");
    c->method = method;
    c->seed = seed;
    c->threads = threads;
    c->d = d;
    c->stream = ex ? (cudaStream_t)ex->stream : 0; /* the harness's, not owned */
    c->timing = ex ? ex->timing : NULL;
    c->digits = cxb_jtab_levels(JUMP_B, bits);
    c->state_bytes = method == CXB_JUMP_XORWOW_TAB ? sizeof(cxb_xorwow_state)
                     : method == CXB_JUMP_PHILOX   ? sizeof(cxb_philox4x32_state)
                                                   : sizeof(cxb_mrg32k3a_state);
    cxb_status st;
    size_t sbytes = (size_t)threads * c->state_bytes, tbytes = 0;
    void *host = NULL;
    if ((st = CXB_CUDA(cudaEventCreate(&c->ev[0]))) != CXB_OK || (st = CXB_CUDA(cudaEventCreate(&c->ev[1]))) != CXB_OK ||
        (st = CXB_CUDA_ALLOC(cudaMalloc(&c->d_states, sbytes), sbytes)) != CXB_OK)
        goto fail;
    if (method == CXB_JUMP_MRG_TAB) {
        tbytes = cxb_jtab_entries(JUMP_B, 48) * sizeof(cxb_mrg32k3a_jent);
        if ((host = malloc(tbytes)) != NULL)
            cxb_mrg32k3a_jtab_build((cxb_mrg32k3a_jent *)host, 0, JUMP_B, 48);
    } else if (method == CXB_JUMP_XORWOW_TAB) {
        tbytes = cxb_jtab_entries(JUMP_B, 32) * sizeof(cxb_xorwow_mat);
        cxb_xorwow_mat *tmp = (cxb_xorwow_mat *)malloc(2 * sizeof *tmp);
        if ((host = malloc(tbytes)) != NULL && tmp)
            cxb_xorwow_jtab_build((cxb_xorwow_mat *)host, 0, JUMP_B, 32, tmp);
        if (!tmp) {
            free(host);
            host = NULL;
        }
        free(tmp);
    }
    if (tbytes && !host) {
        st = cxb_fail(CXB_ERESOURCE, "prng jump: out of host memory for the tables");
        goto fail;
    }
    if (tbytes && ((st = CXB_CUDA_ALLOC(cudaMalloc(&c->d_tab, tbytes), tbytes)) != CXB_OK ||
                   /* on the kernel's stream, so ordered before it (upload.h) */
                   (st = cxb_cuda_upload(c->d_tab, host, tbytes, c->stream)) != CXB_OK))
        goto fail;
    free(host);
    *out = c;
    return CXB_OK;
fail:
    free(host);
    cxb_jump_cuda_destroy(c);
    return st;
}

extern "C" cxb_status cxb_jump_cuda_run(cxb_jump_cuda *c, cxb_phases *ph)
{
    if (ph)
        ph->ns[CXB_PHASE_KERNEL] = CXB_PHASE_NA;
    { /* the harness's pre-sample spin, right before the start event (cxb/core/cuda.h) */
        cxb_status sp = cxb_timing_enqueue(c->timing, c->stream);
        if (sp != CXB_OK)
            return sp;
    }
    CXB_CUDA_TRY(cudaEventRecord(c->ev[0], c->stream));
    unsigned grid = (unsigned)((c->threads + JUMP_BLOCK - 1) / JUMP_BLOCK);
    jump_kernel<<<grid, JUMP_BLOCK, 0, c->stream>>>(c->method, c->d_states, c->threads, c->seed, c->d, c->d_tab,
                                                    c->digits);
    cxb_status st = CXB_CUDA_LAUNCHED("jump_kernel");
    if (st != CXB_OK)
        return st;
    CXB_CUDA_TRY(cudaEventRecord(c->ev[1], c->stream));
    CXB_CUDA_TRY(cudaEventSynchronize(c->ev[1]));
    float ms = 0;
    CXB_CUDA_TRY(cudaEventElapsedTime(&ms, c->ev[0], c->ev[1]));
    if (ph)
        ph->ns[CXB_PHASE_KERNEL] = (int64_t)((double)ms * 1e6 + 0.5);
    return CXB_OK;
}

extern "C" cxb_status cxb_jump_cuda_states(const cxb_jump_cuda *c, uint64_t first, uint64_t count, uint64_t step,
                                           uint32_t *words)
{
    if (count == 0)
        return CXB_OK;
    if (step == 0)
        step = 1;
    if (first >= c->threads || (count - 1) > (c->threads - 1 - first) / step)
        return cxb_fail(CXB_EINPUT, "prng jump: states beyond %llu threads", (unsigned long long)c->threads);
    const char *base = (const char *)c->d_states + first * c->state_bytes;
    size_t pitch = CXB_INIT_STATE_WORDS * sizeof(uint32_t);
    if (c->method != CXB_JUMP_PHILOX) {
        CXB_CUDA_TRY(cudaMemcpy2D(words, pitch, base, step * c->state_bytes, 24, count, cudaMemcpyDeviceToHost));
        return CXB_OK;
    }
    CXB_CUDA_TRY(cudaMemcpy2D(words, pitch, base + offsetof(cxb_philox4x32_state, ctr), step * c->state_bytes, 16, count,
                              cudaMemcpyDeviceToHost));
    CXB_CUDA_TRY(cudaMemcpy2D((char *)words + 16, pitch, base + offsetof(cxb_philox4x32_state, key),
                              step * c->state_bytes, 8, count, cudaMemcpyDeviceToHost));
    return CXB_OK;
}
