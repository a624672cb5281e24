/* impl_cuda/common/device.cu - include/cxb/core/cuda.h: is a GPU there, what is it
 * (provenance, docs/method.md), and the floor of an empty kernel (docs/method.md,
 * 6.2 overhead floor).
 *
 * Device properties follow docs/method.md: CUDA 13 dropped clockRate and
 * memoryClockRate from cudaDeviceProp, so clocks, bus width, L2 size, SM count and
 * ECC come from cudaDeviceGetAttribute.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cxb/core/cuda.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/common/event_timer.h"

static __global__ void cxb_empty_kernel(void) {}

extern "C" int cxb_cuda_built(void) { return 1; }

extern "C" int cxb_cuda_device_count(const char **why)
{
    static thread_local char reason[160];
    int n = 0;
    cudaError_t e = cudaGetDeviceCount(&n);
    if (e != cudaSuccess) {
        (void)cudaGetLastError();
        /* without an NVIDIA kernel driver the runtime answers "driver version is insufficient",
         * which blames a driver on a machine that has no GPU at all: say that there is none */
        if ((e == cudaErrorInsufficientDriver || e == cudaErrorNoDevice) && access("/proc/driver/nvidia/version", F_OK) != 0)
            snprintf(reason, sizeof reason, "no GPU (no NVIDIA driver is loaded)");
        else
            snprintf(reason, sizeof reason, "no usable GPU: cudaGetDeviceCount: %s", cudaGetErrorString(e));
        n = 0;
    } else if (n == 0) {
        snprintf(reason, sizeof reason, "no GPU (the CUDA runtime sees no device)");
    }
    if (why)
        *why = n > 0 ? "" : reason;
    return n;
}

static cxb_status device_check(int device)
{
    const char *why = "";
    int n = cxb_cuda_device_count(&why);
    if (n == 0)
        return cxb_fail(CXB_ERESOURCE, "cuda: %s", why);
    if (device < 0 || device >= n)
        return cxb_fail(CXB_EINPUT, "cuda: device %d does not exist (%d GPU%s)", device, n,
                        n == 1 ? "" : "s");
    return CXB_OK;
}

extern "C" cxb_status cxb_cuda_gpu_info(int device, cxb_gpu_info *info)
{
    cxb_status st = device_check(device);
    if (st != CXB_OK)
        return st;
    memset(info, 0, sizeof *info);
    cudaDeviceProp p;
    CXB_CUDA_TRY(cudaGetDeviceProperties(&p, device));
    snprintf(info->name, sizeof info->name, "%s", p.name);
    const unsigned char *u = (const unsigned char *)p.uuid.bytes;
    snprintf(info->uuid, sizeof info->uuid,
             "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", u[0], u[1],
             u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14],
             u[15]);
    CXB_CUDA_TRY(cudaDeviceGetPCIBusId(info->pci_bus_id, (int)sizeof info->pci_bus_id, device));
    info->cc_major = p.major;
    info->cc_minor = p.minor;
    info->mem_bytes = p.totalGlobalMem;
    CXB_CUDA_TRY(cudaDeviceGetAttribute(&info->sm_count, cudaDevAttrMultiProcessorCount, device));
    CXB_CUDA_TRY(cudaDeviceGetAttribute(&info->l2_bytes, cudaDevAttrL2CacheSize, device));
    CXB_CUDA_TRY(
        cudaDeviceGetAttribute(&info->bus_width_bits, cudaDevAttrGlobalMemoryBusWidth, device));
    CXB_CUDA_TRY(cudaDeviceGetAttribute(&info->sm_clock_khz, cudaDevAttrClockRate, device));
    CXB_CUDA_TRY(cudaDeviceGetAttribute(&info->mem_clock_khz, cudaDevAttrMemoryClockRate, device));
    CXB_CUDA_TRY(cudaDeviceGetAttribute(&info->ecc, cudaDevAttrEccEnabled, device));
    CXB_CUDA_TRY(cudaDriverGetVersion(&info->driver_version));
    CXB_CUDA_TRY(cudaRuntimeGetVersion(&info->runtime_version));
    return CXB_OK;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One <<<1, 1>>> empty launch between two events on a private stream, after warm-up;
 * the median of CXB_EMPTY_SAMPLES samples. */
#define CXB_EMPTY_WARMUP 10
#define CXB_EMPTY_SAMPLES 101

extern "C" cxb_status cxb_cuda_empty_kernel_ns(double *ns)
{
    cxb_status st = device_check(0);
    if (st != CXB_OK)
        return st;
    cudaStream_t s = NULL;
    cudaEvent_t a = NULL, b = NULL;
    double v[CXB_EMPTY_SAMPLES];
    if ((st = CXB_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking))) != CXB_OK ||
        (st = CXB_CUDA(cudaEventCreate(&a))) != CXB_OK ||
        (st = CXB_CUDA(cudaEventCreate(&b))) != CXB_OK)
        goto done;
    for (int i = 0; i < CXB_EMPTY_WARMUP; ++i) {
        cxb_empty_kernel<<<1, 1, 0, s>>>();
        if ((st = CXB_CUDA_LAUNCHED("cxb_empty_kernel")) != CXB_OK)
            goto done;
    }
    if ((st = CXB_CUDA(cudaStreamSynchronize(s))) != CXB_OK)
        goto done;
    for (int i = 0; i < CXB_EMPTY_SAMPLES; ++i) {
        float ms = 0.0f;
        if ((st = CXB_CUDA(cudaEventRecord(a, s))) != CXB_OK)
            goto done;
        cxb_empty_kernel<<<1, 1, 0, s>>>();
        if ((st = CXB_CUDA_LAUNCHED("cxb_empty_kernel")) != CXB_OK ||
            (st = CXB_CUDA(cudaEventRecord(b, s))) != CXB_OK ||
            (st = CXB_CUDA(cudaEventSynchronize(b))) != CXB_OK ||
            (st = CXB_CUDA(cudaEventElapsedTime(&ms, a, b))) != CXB_OK)
            goto done;
        v[i] = (double)ms * 1e6;
    }
    qsort(v, CXB_EMPTY_SAMPLES, sizeof v[0], cmp_double);
    *ns = v[CXB_EMPTY_SAMPLES / 2];
done:
    if (a)
        cudaEventDestroy(a);
    if (b)
        cudaEventDestroy(b);
    if (s)
        cudaStreamDestroy(s);
    return st;
}

/* ---- the pre-sample spin (cxb_cuda_spin) ----
 * Seen on the H100 (2026-11-24): the harness's Philox row ran at 739 G/s at 2^28 while the same
 * kernel, launched back to back in a stand-alone program, ran at 803 (scripts/experiments/
 * philox_store.cu): between samples the host verifies and checksums for a second, the GPU idles
 * at a low clock, and a 0.35 ms kernel starts before the clock is back. cuRAND's rows were
 * spared part of that by their reset (curandGenerateSeeds launches work right before the timed
 * call), so the comparison was uneven. Spinning every SM for a few ms before each timed
 * sample puts every CUDA row in the same, steady state. */
static __global__ void cxb_spin_kernel(uint64_t ns)
{
    uint64_t t0, t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
    do {
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    } while (t - t0 < ns);
}

/* The spin on every SM (4 blocks of 128 threads per SM), on `stream`. */
static cxb_status launch_spin(cudaStream_t stream, int64_t ns)
{
    int sms = 1;
    CXB_CUDA_TRY(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    cxb_spin_kernel<<<(unsigned)(sms > 0 ? sms : 1) * 4u, 128, 0, stream>>>((uint64_t)(ns > 0 ? ns : 0));
    return CXB_CUDA_LAUNCHED("cxb_spin_kernel");
}

/* The timing handle (cxb/core/cuda.h): the runner and the row use it from one host thread. */
extern "C" void cxb_timing_init(cxb_timing *t)
{
    t->spin_ns = -1;
    t->queued = 0;
    t->ev[0] = t->ev[1] = NULL;
}

extern "C" void cxb_timing_arm(cxb_timing *t, int64_t ns)
{
    t->spin_ns = ns > 0 ? ns : 0;
    t->queued = 0;
}

extern "C" int cxb_timing_disarm(cxb_timing *t, int64_t *spin_ns)
{
    int queued = t->queued;
    float ms = 0.0f;
    if (spin_ns) {
        *spin_ns = 0;
        if (queued && cudaEventElapsedTime(&ms, (cudaEvent_t)t->ev[0], (cudaEvent_t)t->ev[1]) == cudaSuccess)
            *spin_ns = (int64_t)((double)ms * 1e6 + 0.5);
        else if (queued)
            (void)cudaGetLastError(); /* a run that failed before its events: not a later call's error */
    }
    t->spin_ns = -1;
    t->queued = 0;
    return queued;
}

extern "C" void cxb_timing_destroy(cxb_timing *t)
{
    for (int i = 0; i < 2; ++i)
        if (t->ev[i])
            cudaEventDestroy((cudaEvent_t)t->ev[i]);
    t->ev[0] = t->ev[1] = NULL;
}

cxb_status cxb_timing_enqueue(cxb_timing *t, cudaStream_t stream)
{
    if (!t || t->spin_ns < 0 || t->queued)
        return CXB_OK;
    for (int i = 0; i < 2; ++i)
        if (!t->ev[i]) {
            cudaEvent_t e;
            CXB_CUDA_TRY(cudaEventCreate(&e));
            t->ev[i] = e;
        }
    CXB_CUDA_TRY(cudaEventRecord((cudaEvent_t)t->ev[0], stream));
    cxb_status st = launch_spin(stream, t->spin_ns);
    if (st != CXB_OK)
        return st;
    CXB_CUDA_TRY(cudaEventRecord((cudaEvent_t)t->ev[1], stream));
    t->queued = 1;
    return CXB_OK;
}

extern "C" cxb_status cxb_cuda_spin(int64_t ns)
{
    cxb_status st = device_check(0);
    if (st != CXB_OK)
        return st;
    if ((st = launch_spin(0, ns)) != CXB_OK)
        return st;
    return CXB_CUDA(cudaDeviceSynchronize());
}


/* ---- the stream the runner hands a CUDA row (cxb_env.stream) ---- */

extern "C" cxb_status cxb_cuda_stream_create(void **stream)
{
    *stream = NULL;
    cxb_status st = device_check(0);
    if (st != CXB_OK)
        return st;
    cudaStream_t s;
    CXB_CUDA_TRY(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    *stream = s;
    return CXB_OK;
}

extern "C" void cxb_cuda_stream_destroy(void *stream)
{
    if (!stream)
        return;
    cudaStreamSynchronize((cudaStream_t)stream); /* a failed row may have left work queued */
    cudaStreamDestroy((cudaStream_t)stream);
}
