/* cxb/core/cuda.h - what the host side needs to know about CUDA: is a GPU there, what is
 * it (for provenance), and the measured floor of an empty kernel. Implemented in
 * impl_cuda/common/; when cxbench is built without CUDA, harness/backends.c provides the same
 * functions answering "built without CUDA", so callers need no #if (docs/architecture.md "How
 * CUDA rows are registered").
 */
#ifndef CXB_CUDA_H
#define CXB_CUDA_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/core/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* 1 when built with CUDA, 0 otherwise. */
int cxb_cuda_built(void);

/* Number of usable GPUs (0 without CUDA, without a driver or without a device). When
 * 0, *why (if not NULL) is a one-line reason. */
int cxb_cuda_device_count(const char **why);

typedef struct cxb_gpu_info {
    char name[256];
    char uuid[64];
    char pci_bus_id[32];
    int cc_major, cc_minor;
    int sm_count;
    int l2_bytes;
    size_t mem_bytes;
    int bus_width_bits;
    int sm_clock_khz;  /* default (max) SM clock */
    int mem_clock_khz;
    int ecc;
    int driver_version;  /* cudaDriverGetVersion */
    int runtime_version; /* cudaRuntimeGetVersion */
} cxb_gpu_info;

cxb_status cxb_cuda_gpu_info(int device, cxb_gpu_info *info);

/* Median time of an empty kernel measured with events (kernel-only floor), ns. */
cxb_status cxb_cuda_empty_kernel_ns(double *ns);

/* Keeps every SM of device 0 busy for about ns nanoseconds (a spin kernel on %globaltimer),
 * then synchronises: run before each timed sample of a CUDA row so that the GPU's clocks are
 * up when the timed kernel starts, whatever the host did in between (docs/method.md "hot"). */
cxb_status cxb_cuda_spin(int64_t ns);

/* The timing state the harness hands a CUDA row (cxb_env.timing, harness/registry.h; NVBench's
 * `state`): the pre-sample spin to queue on the row's own stream (method.md "CUDA timing").
 * cxb_cuda_spin leaves the GPU idle from its synchronize until the timed kernel reaches it: the
 * start event is recorded as soon as the host queues it, and the launch that follows lands
 * microseconds later. On the H100 that gap was 8-10 us a sample, 2.5% of a 2^28 Philox sample
 * and a third of a 2^24 one (scripts/experiments/timing_protocol.cu). The runner arms the handle
 * before a CUDA row's run (cxb_timing_arm); the row's first timed phase queues the spin right
 * before its start event (cxb_event_timer_begin of a timer given the handle, or
 * cxb_timing_enqueue for a row that records its own events): the host queues the start event,
 * the kernel and the stop event while the GPU spins, and the kernel starts the moment the start
 * event is recorded, as in a back-to-back launch. Only for rows whose timed phases are GPU work
 * queued on the stream: host work between the events would overlap the spin and go unmeasured
 * (the runner hands no handle to CXB_TIMING_SYNC rows). A row keeps the handle from setup to
 * teardown; nothing is armed process-wide. */
typedef struct cxb_timing {
    int64_t spin_ns; /* the spin to queue in the armed run; < 0: not armed */
    int queued;      /* the row queued it since cxb_timing_arm */
    void *ev[2];     /* cudaEvent_t around the queued spin, created on first use */
} cxb_timing;

void cxb_timing_init(cxb_timing *t);
/* Arms the spin of ns nanoseconds for the next run. */
void cxb_timing_arm(cxb_timing *t, int64_t ns);
/* Disarms. Returns 1 when the armed spin was queued since cxb_timing_arm, 0 when not (the row
 * times otherwise: the runner falls back to cxb_cuda_spin); *spin_ns (may be NULL) gets the GPU
 * time the spin took, to take off the sample's wall time (0 when not queued; call after the
 * run, which waited for its work). */
int cxb_timing_disarm(cxb_timing *t, int64_t *spin_ns);
/* Frees the events. */
void cxb_timing_destroy(cxb_timing *t);

/* What a CUDA context runs with, handed in at its creation (NVBench's `state`): the stream the
 * runner created for the point (cxb_env.stream) and the timing handle (cxb_env.timing). A
 * context queues all its work on that stream, creates no stream of its own and destroys none.
 * A NULL exec, or NULL members, mean CUDA's default stream and no queued spin (tests and
 * callers outside the runner). cxb_env_exec (harness/registry.h) builds one from a row's env. */
typedef struct cxb_cuda_exec {
    void *stream;       /* cudaStream_t */
    cxb_timing *timing; /* may be NULL */
} cxb_cuda_exec;

/* The stream the runner hands a CUDA row (cxb_env.stream, harness/registry.h): a non-blocking
 * stream of device 0, so that no other stream's work serialises with the row's. *stream is a
 * cudaStream_t. Without CUDA: CXB_ERESOURCE. Destroy waits for the stream's work first. */
cxb_status cxb_cuda_stream_create(void **stream);
void cxb_cuda_stream_destroy(void *stream);

#ifdef __cplusplus
}
#endif

#endif
