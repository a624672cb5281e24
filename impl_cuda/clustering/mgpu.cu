/* impl_cuda/clustering/mgpu.cu - clustering.k1.mgpu and clustering.k2.mgpu (Leist Sec. 6.2,
 * multi-GPU; docs/studies/clustering-cuda.md "Multi-GPU"): one host thread per GPU; the whole CSR
 * (and S, or k2's sorted arcs) replicated on every device (dev.cu); blocks of `chunk` arcs
 * handed out dynamically from a shared atomic cursor on the host (default: threads per block x
 * blocks per SM x SMs of the first device, the thesis's formula); each thread launches its
 * device's kernel over the block it took and waits for it before taking the next (as the
 * thesis's threads did), so faster devices take more blocks. Each device accumulates its own
 * 64-bit t and p, which its thread copies back at the end (16 bytes, inside the kernel phase);
 * the host adds them. The counts are those of one GPU: every arc is counted exactly once,
 * whichever device takes it, and t and p are sums.
 *
 * Timing: the kernel phase is timed with events on the first device's stream (the row's
 * stream, dev.cu): after the start event a `go` event is recorded there, every other device's
 * stream waits for it before its first launch, and the first device's stream waits for every
 * other device's `done` event before the stop event, so the phase spans all devices' work
 * (cudaStreamWaitEvent accepts an event of another device). Streams: the first device uses the
 * row's stream; every other device uses a stream the row created on it at open and destroys at
 * close (docs/method.md "CUDA timing"). */
#include <atomic>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "impl_cuda/clustering/cl.cuh"

typedef struct cl_worker {
    cl_dev *c;
    int idx;
    std::atomic<uint64_t> *cursor;
    uint64_t chunk;
    cxb_status st;
    char msg[512];
} cl_worker;

static cxb_status worker_body(cl_worker *w)
{
    cl_dev *c = w->c;
    cl_gpu *g = &c->gpu[w->idx];
    g->arcs_done = 0;
    CXB_CUDA_TRY(cudaSetDevice(g->device));
    if (w->idx > 0)
        CXB_CUDA_TRY(cudaStreamWaitEvent(g->stream, c->go, 0));
    CXB_CUDA_TRY(cudaMemsetAsync(g->cnt, 0, 2 * sizeof *g->cnt, g->stream));
    const uint64_t nnz = c->nnz;
    for (;;) {
        const uint64_t a0 = w->cursor->fetch_add(w->chunk, std::memory_order_relaxed);
        if (a0 >= nnz)
            break;
        const uint64_t a1 = nnz - a0 < w->chunk ? nnz : a0 + w->chunk;
        const unsigned grid = cl_grid_cap(g->grid, a1 - a0, CL_BLOCK);
        cxb_status st = c->v == CXB_CLD_K1_MGPU ? cl_k1_launch(c, g, a0, a1, grid) : cl_k2_launch(c, g, a0, a1, grid);
        if (st != CXB_OK)
            return st;
        CXB_CUDA_TRY(cudaStreamSynchronize(g->stream));
        g->arcs_done += a1 - a0;
    }
    CXB_CUDA_TRY(cudaMemcpyAsync(g->host_cnt, g->cnt, 2 * sizeof *g->cnt, cudaMemcpyDeviceToHost, g->stream));
    CXB_CUDA_TRY(cudaEventRecord(g->done, g->stream));
    CXB_CUDA_TRY(cudaStreamSynchronize(g->stream));
    return CXB_OK;
}

static void *worker(void *arg)
{
    cl_worker *w = (cl_worker *)arg;
    w->st = worker_body(w);
    if (w->st != CXB_OK) /* the message is the worker thread's; the caller re-raises it */
        snprintf(w->msg, sizeof w->msg, "%s", cxb_last_error());
    return NULL;
}

cxb_status cl_mgpu_count(cl_dev *c, uint64_t chunk)
{
    std::atomic<uint64_t> cursor(0);
    cl_worker w[CL_MAX_GPUS];
    pthread_t th[CL_MAX_GPUS];
    int started[CL_MAX_GPUS] = {0};
    if (chunk == 0)
        chunk = 1;
    CXB_CUDA_TRY(cudaEventRecord(c->go, c->gpu[0].stream));
    for (int d = 0; d < c->ngpu; ++d) {
        memset(&w[d], 0, sizeof w[d]);
        w[d].c = c;
        w[d].idx = d;
        w[d].cursor = &cursor;
        w[d].chunk = chunk;
    }
    cxb_status st = CXB_OK;
    for (int d = 0; d < c->ngpu; ++d) {
        int rc = pthread_create(&th[d], NULL, worker, &w[d]);
        if (rc != 0) {
            st = cxb_fail(CXB_ERESOURCE, "%s: cannot start the host thread of GPU %d (%s)", cxb_cl_dev_id(c->v), d,
                          strerror(rc));
            cursor.store(c->nnz + 1); /* the started threads stop at their next block */
            break;
        }
        started[d] = 1;
    }
    for (int d = 0; d < c->ngpu; ++d)
        if (started[d])
            pthread_join(th[d], NULL);
    if (st != CXB_OK) /* thread start failed: the devices' work is incomplete */
        return st;
    for (int d = 0; d < c->ngpu; ++d)
        if (w[d].st != CXB_OK)
            return cxb_fail(w[d].st, "%s", w[d].msg);
    CXB_CUDA_TRY(cudaSetDevice(c->gpu[0].device));
    for (int d = 1; d < c->ngpu; ++d)
        CXB_CUDA_TRY(cudaStreamWaitEvent(c->gpu[0].stream, c->gpu[d].done, 0));
    return CXB_OK;
}
