/* impl_cuda/components/dev.cu - the device half of the components study's CUDA rows
 * (suites/components/device.h, docs/studies/components-cuda.md): open allocates what variant v needs
 * and uploads the graph once (untimed setup: the CSR through cxb_dcsr_upload, k1's canonical
 * edge list built on the host from the CSR's rows), run times the labelling with events on the
 * row's stream (the kernel phase, whose begin queues the harness's pre-sample spin) and copies
 * the labels back (d2h), close frees. The device memory a variant needs is summed and compared
 * with cudaMemGetInfo before the first allocation (CXB_ERESOURCE). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cub/cub.cuh>

#include "cxb/core/cuda.h"
#include "cxb/core/timing.h"
#include "impl_cuda/components/cc.cuh"
#include "impl_cuda/components/dev.h"
#include "impl_cuda/common/resident.h"

static const char *variant_id(cxb_cc_variant v)
{
    switch (v) {
    case CXB_CC_K1:
        return "components.k1.cuda";
    case CXB_CC_K2:
        return "components.k2.cuda";
    case CXB_CC_K3:
        return "components.k3.cuda";
    case CXB_CC_UNIONFIND_CUDA:
        return "components.unionfind.cuda";
    case CXB_CC_AFFOREST_CUDA:
        return "components.afforest.cuda";
    default:
        return NULL;
    }
}

static void cc_close(void *vdev)
{
    cc_dev *c = (cc_dev *)vdev;
    if (!c)
        return;
    cxb_dcsr_free(&c->g);
    cudaFree(c->edges);
    cudaFree(c->label);
    cudaFree(c->f1);
    cudaFree(c->f2);
    cudaFree(c->wl);
    cudaFree(c->order);
    cudaFree(c->order_tmp);
    cudaFree(c->cub_tmp);
    cudaFree(c->word);
    if (c->host_word)
        cudaFreeHost(c->host_word);
    cxb_event_timer_destroy(&c->tm);
    cxb_event_timer_destroy(&c->tm_d2h);
    free(c);
}

static cxb_status dev_alloc(void **p, size_t bytes)
{
    return CXB_CUDA_ALLOC(cudaMalloc(p, bytes ? bytes : 1), bytes);
}

static cxb_status cc_open(const cxb_csr *g, cxb_cc_variant v, const cxb_cc_params *p, void *stream, void **out,
                          double *alloc_ms, double *h2d_ms)
{
    *out = NULL;
    if (alloc_ms)
        *alloc_ms = 0;
    if (h2d_ms)
        *h2d_ms = 0;
    const char *id = variant_id(v);
    if (!id)
        return cxb_fail(CXB_EINPUT, "components: variant %d has no CUDA implementation", (int)v);
    const char *why = NULL;
    if (cxb_cuda_device_count(&why) == 0)
        return cxb_fail(CXB_ERESOURCE, "%s: no CUDA device found (%s)", id, why);
    if (v == CXB_CC_K2 && p->tex_limit && g->nnz > CXB_CC_TEX_LIMIT_ARCS)
        return cxb_fail(CXB_EINPUT, "%s: %llu arcs exceed the Fermi texture limit of %llu (tex_limit=1)", id,
                        (unsigned long long)g->nnz, (unsigned long long)CXB_CC_TEX_LIMIT_ARCS);
    if (v == CXB_CC_AFFOREST_CUDA && p->samples > CXB_CC_AFFOREST_SAMPLES_MAX)
        return cxb_fail(CXB_EINPUT, "%s: --set samples=%u: at most %u on the GPU (one block's shared memory)", id,
                        p->samples, CXB_CC_AFFOREST_SAMPLES_MAX);
    cc_dev *c = (cc_dev *)calloc(1, sizeof *c);
    if (!c)
        return cxb_fail(CXB_ERESOURCE, "%s: out of host memory", id);
    c->v = v;
    c->p = *p;
    c->stream = (cudaStream_t)stream;
    c->n = g->n;
    c->m = g->m;
    c->nnz = g->nnz;
    const uint64_t n = g->n;
    if (v == CXB_CC_UNIONFIND_CUDA)
        c->uf_hook = cxb_cc_union_hook(g, p->union_rule);
    int dev = 0;
    unsigned resident = 0;
    cxb_status st = CXB_CUDA(cudaGetDevice(&dev));
    if (st == CXB_OK)
        st = cxb_cuda_resident_threads(dev, &resident);
    c->grid = resident / CC_BLOCK;
    if (c->grid == 0)
        c->grid = 1;
    if (st == CXB_OK)
        st = cxb_event_timer_create(&c->tm);
    if (st == CXB_OK)
        st = cxb_event_timer_create(&c->tm_d2h);
    if (st == CXB_OK && v == CXB_CC_K2 && p->order_degree)
        st = cc_k2_order_bytes(n, &c->cub_bytes);
    /* the bytes, before anything is allocated */
    uint64_t need = 4 * n + 64;
    if (v == CXB_CC_K1)
        need += 8 * g->m;
    else
        need += 8 * (n + 1) + 4 * g->nnz;
    if (v == CXB_CC_K2 || v == CXB_CC_K3)
        need += 2 * n;
    if (v == CXB_CC_UNIONFIND_CUDA || v == CXB_CC_AFFOREST_CUDA)
        need += 4 * n;
    if (v == CXB_CC_K2 && p->order_degree)
        need += 4 * n + 12 * n + c->cub_bytes;
    size_t free_b = 0, total_b = 0;
    if (st == CXB_OK && (st = CXB_CUDA(cudaMemGetInfo(&free_b, &total_b))) == CXB_OK && need > free_b)
        st = cxb_fail(CXB_ERESOURCE, "%s: needs %.2f GiB of device memory for %llu vertices and %llu arcs, "
                      "%.2f GiB free of %.2f GiB", id, need / 1073741824.0, (unsigned long long)n,
                      (unsigned long long)g->nnz, free_b / 1073741824.0, total_b / 1073741824.0);
    /* k1's canonical edge list, on the host (untimed setup) */
    uint2 *host_edges = NULL;
    if (st == CXB_OK && v == CXB_CC_K1) {
        host_edges = (uint2 *)malloc((g->m ? g->m : 1) * sizeof *host_edges);
        if (!host_edges)
            st = cxb_fail(CXB_ERESOURCE, "%s: no host memory for %llu edges", id, (unsigned long long)g->m);
        uint64_t j = 0;
        for (uint64_t u = 0; st == CXB_OK && u < n; ++u)
            for (uint64_t k = g->off[u]; k < g->off[u + 1]; ++k)
                if (g->adj[k] > u && j < g->m)
                    host_edges[j++] = make_uint2((uint32_t)u, g->adj[k]);
        if (st == CXB_OK && j != g->m)
            st = cxb_fail(CXB_EINPUT, "%s: the CSR has %llu arcs u < v, not m = %llu (not symmetric?)", id,
                          (unsigned long long)j, (unsigned long long)g->m);
    }
    int64_t t0 = cxb_clock_ns();
    if (st == CXB_OK)
        st = dev_alloc((void **)&c->label, 4 * n);
    if (st == CXB_OK)
        st = dev_alloc((void **)&c->word, 8 * sizeof(uint32_t));
    if (st == CXB_OK)
        st = CXB_CUDA_HOSTALLOC(cudaMallocHost((void **)&c->host_word, 8 * sizeof(uint32_t)), 8 * sizeof(uint32_t));
    if (st == CXB_OK && v == CXB_CC_K1)
        st = dev_alloc((void **)&c->edges, 8 * g->m);
    if (st == CXB_OK && (v == CXB_CC_K2 || v == CXB_CC_K3) && (st = dev_alloc((void **)&c->f1, n)) == CXB_OK)
        st = dev_alloc((void **)&c->f2, n);
    if (st == CXB_OK && (v == CXB_CC_UNIONFIND_CUDA || v == CXB_CC_AFFOREST_CUDA))
        st = dev_alloc((void **)&c->wl, 4 * n);
    if (st == CXB_OK && v == CXB_CC_K2 && p->order_degree && (st = dev_alloc((void **)&c->order, 4 * n)) == CXB_OK &&
        (st = dev_alloc((void **)&c->order_tmp, 12 * n)) == CXB_OK)
        st = dev_alloc(&c->cub_tmp, c->cub_bytes);
    int64_t t1 = cxb_clock_ns();
    if (st == CXB_OK && v != CXB_CC_K1)
        st = cxb_dcsr_upload(g, stream, &c->g); /* allocates and copies */
    if (st == CXB_OK && v == CXB_CC_K1 && g->m)
        st = CXB_CUDA(cudaMemcpyAsync(c->edges, host_edges, 8 * g->m, cudaMemcpyHostToDevice, c->stream));
    if (st == CXB_OK)
        st = CXB_CUDA(cudaStreamSynchronize(c->stream));
    int64_t t2 = cxb_clock_ns();
    free(host_edges);
    if (st != CXB_OK) {
        cc_close(c);
        return st;
    }
    if (alloc_ms)
        *alloc_ms = (t1 - t0) / 1e6;
    if (h2d_ms)
        *h2d_ms = (t2 - t1) / 1e6;
    *out = c;
    return CXB_OK;
}

static cxb_status cc_run(void *vdev, cxb_timing *timing, cxb_vid *label, cxb_cc_stats *stats, cxb_phases *ph)
{
    cc_dev *c = (cc_dev *)vdev;
    cxb_cc_stats local;
    cxb_cc_stats *st_out = stats ? stats : &local;
    memset(st_out, 0, sizeof *st_out);
    c->tm.timing = timing;
    cxb_status st = cxb_event_timer_begin(&c->tm, c->stream);
    if (st == CXB_OK) {
        switch (c->v) {
        case CXB_CC_K1:
            st = cc_k1_run(c, st_out);
            break;
        case CXB_CC_K2:
            st = cc_k2_run(c, st_out);
            break;
        case CXB_CC_K3:
            st = cc_k3_run(c, st_out);
            break;
        case CXB_CC_UNIONFIND_CUDA:
            st = cc_unionfind_run(c, st_out);
            break;
        default:
            st = cc_afforest_run(c, st_out);
            break;
        }
    }
    if (st == CXB_OK)
        st = cxb_event_timer_end(&c->tm, ph, CXB_PHASE_KERNEL);
    if (st == CXB_OK)
        st = cxb_event_timer_begin(&c->tm_d2h, c->stream);
    if (st == CXB_OK && c->n)
        st = CXB_CUDA(cudaMemcpyAsync(label, c->label, 4 * c->n, cudaMemcpyDeviceToHost, c->stream));
    if (st == CXB_OK)
        st = cxb_event_timer_end(&c->tm_d2h, ph, CXB_PHASE_D2H);
    return st;
}

const cxb_cc_dev cxb_cc_cuda_dev = {cc_open, cc_run, cc_close};
