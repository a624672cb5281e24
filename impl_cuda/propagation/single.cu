/* impl_cuda/propagation/single.cu - propagation.{cloop,tloop,aloop,eloop}.cuda (docs/studies/
 * propagation.md "The four loops and the two layouts", "CUDA mapping"): the whole graph on one
 * GPU. The rows (vertex-oriented, Jin et al.'s Algorithm 1) take a warp per row over the
 * start-of-step bitmaps (the default) or, with cfg->lanes = 1, Jin et al.'s thread per row; the
 * E-Loop (edge-oriented, Algorithm 2) four edge records a thread. One launch per step and one for
 * the finalisation, driven by the shared host driver (so the switch and termination rules are
 * those of every other row) with one round trip a step: 24 bytes of counters back. The device
 * footprint is checked against the free memory (and --device-mem-cap) before any allocation.
 * open uploads the graph's layout (CSR rows, or the edge records) and the source flags once,
 * untimed, as the paper's runs start with the graph in device memory; run is the timed part:
 * the initial states, the steps (the kernel phase) and act back to the host (the d2h phase). */
#include <stdlib.h>
#include <string.h>

#include "cxb/core/timing.h"
#include "cxb/propagation/cuda.h"
#include "impl_cuda/propagation/kernels.cuh"

typedef struct one_gpu {
    cudaStream_t s;
    cxb_prop_cfg cfg; /* as given to open: its loop, sources and draws */
    uint64_t n, nnz, items;
    uint64_t w_c0, nsrc;
    uint64_t *off;
    cxb_vid *adj, *es, *ed;
    cxb_prop_state *st;
    int32_t *act;
    unsigned char *flag;
    uint32_t *rx, *tx; /* the start-of-step bitmaps (kernels.cuh) */
    uint32_t lanes;    /* the rows' threads per row: 1 or 32 */
    prop_counters *cnt, *hcnt;
} one_gpu;

/* the bitmaps from the initial states (the finalisations rebuild them) */
static cxb_status one_bits(one_gpu *d)
{
    if (!d->n)
        return CXB_OK;
    prop_bits_kernel<<<prop_grid(d->n), PROP_BLOCK, 0, d->s>>>(d->n, d->cfg.model, d->st, d->rx, d->tx);
    return CXB_CUDA_LAUNCHED("prop_bits_kernel");
}

/* one step's kernel: the E-Loop's four records a thread, the rows' warp or thread per row */
template <int SI> static cxb_status one_launch(one_gpu *d, int loop, const cxb_prop_step *s)
{
    if (loop == CXB_PROP_ELOOP) {
        prop_edges_bits_kernel<SI><<<prop_grid((d->items + 3) / 4), PROP_BLOCK, 0, d->s>>>(*s, d->items, d->es, d->ed,
                                                                                          d->rx, d->tx, d->st, d->cnt);
        PROP_LAUNCH_TRY("prop_edges_bits_kernel");
    } else if (d->lanes == 1) {
        prop_rows_kernel<<<prop_grid(d->n), PROP_BLOCK, 0, d->s>>>(loop, *s, d->n, d->off, d->adj, NULL, d->st, d->cnt);
        PROP_LAUNCH_TRY("prop_rows_kernel");
    } else if (loop == CXB_PROP_CLOOP) {
        prop_rows_warp_kernel<CXB_PROP_CLOOP, SI>
            <<<prop_grid(d->n), PROP_BLOCK, 0, d->s>>>(*s, d->n, d->off, d->adj, d->rx, d->tx, d->st, d->cnt);
        PROP_LAUNCH_TRY("prop_rows_warp_kernel");
    } else {
        prop_rows_warp_kernel<CXB_PROP_TLOOP, SI>
            <<<prop_grid(d->n), PROP_BLOCK, 0, d->s>>>(*s, d->n, d->off, d->adj, d->rx, d->tx, d->st, d->cnt);
        PROP_LAUNCH_TRY("prop_rows_warp_kernel");
    }
    return CXB_OK;
}

/* A step and its finalisation with one round trip: counters cleared, the step, the
 * finalisation (which also writes the next step's bitmaps), 24 bytes back, one synchronisation. */
static cxb_status one_step_final(void *ctx, int loop, const cxb_prop_step *s, int *frontier, uint64_t *newly,
                                 uint64_t *w_c_add)
{
    one_gpu *d = (one_gpu *)ctx;
    CXB_CUDA_TRY(cudaMemsetAsync(d->cnt, 0, sizeof *d->cnt, d->s));
    cxb_status st = d->cfg.model == CXB_PROP_SI ? one_launch<1>(d, loop, s) : one_launch<0>(d, loop, s);
    if (st != CXB_OK)
        return st;
    if (d->n) {
        prop_finalise_bits_kernel<<<prop_grid(d->n), PROP_BLOCK, 0, d->s>>>(s->t, d->n, d->cfg.model, d->off, d->st,
                                                                            d->act, d->rx, d->tx, d->cnt);
        PROP_LAUNCH_TRY("prop_finalise_bits_kernel");
    }
    CXB_CUDA_TRY(cudaMemcpyAsync(d->hcnt, d->cnt, sizeof *d->cnt, cudaMemcpyDeviceToHost, d->s));
    CXB_CUDA_TRY(cudaStreamSynchronize(d->s));
    *frontier = d->hcnt->frontier != 0;
    *newly = d->hcnt->newly;
    *w_c_add = d->hcnt->wadd;
    return CXB_OK;
}

static void one_free(one_gpu *d)
{
    if (!d)
        return;
    cudaFree(d->off);
    cudaFree(d->adj);
    cudaFree(d->es);
    cudaFree(d->ed);
    cudaFree(d->st);
    cudaFree(d->act);
    cudaFree(d->flag);
    cudaFree(d->rx);
    cudaFree(d->tx);
    cudaFree(d->cnt);
    cudaFreeHost(d->hcnt);
    free(d);
}

#define ALLOC(ptr, bytes)                                                                       \
    do {                                                                                        \
        if (st == CXB_OK)                                                                       \
            st = CXB_CUDA_ALLOC(cudaMalloc((void **)&(ptr), prop_nz(bytes)), (bytes));          \
    } while (0)

extern "C" cxb_status cxb_prop_cuda_open(const cxb_csr *g, const cxb_prop_cfg *cfg, void *stream, uint64_t mem_cap,
                                         cxb_prop_cuda **out)
{
    *out = NULL;
    one_gpu *d = (one_gpu *)calloc(1, sizeof *d);
    unsigned char *flag = (unsigned char *)calloc(g->n ? g->n : 1, 1);
    if (!d || !flag) {
        free(d);
        free(flag);
        return cxb_fail(CXB_ERESOURCE, "propagation: out of host memory");
    }
    d->s = (cudaStream_t)stream;
    d->cfg = *cfg;
    d->n = g->n;
    d->nnz = g->nnz;
    d->lanes = cfg->lanes ? cfg->lanes : 32;
    cxb_status st = d->lanes == 1 || d->lanes == 32
                        ? cxb_prop_mark_sources(g, cfg, flag, &d->w_c0, &d->nsrc)
                        : cxb_fail(CXB_EINPUT, "propagation: lanes=%u: 1 or 32 threads per row", cfg->lanes);
    int edges = cfg->loop == CXB_PROP_ELOOP;
    cxb_prop_edges own = {0, NULL, NULL};
    const cxb_prop_edges *e = &own;
    if (st == CXB_OK && edges && cfg->edges)
        e = cfg->edges;
    else if (st == CXB_OK && edges)
        st = cxb_prop_edges_build(g, cfg->orient, cfg->seed, &own);
    /* the footprint, checked before any allocation (docs "Several GPUs") */
    uint64_t words = (g->n + 31) / 32;
    uint64_t need = (g->n + 1) * 8 + g->n * (1 + 4 + 1) + sizeof(prop_counters) +
                    2 * words * 4 + (edges ? e->m * 8 : g->nnz * 4);
    size_t fr = 0, tot = 0;
    if (st == CXB_OK)
        st = CXB_CUDA(cudaMemGetInfo(&fr, &tot));
    if (st == CXB_OK && mem_cap && need > mem_cap)
        st = cxb_fail(CXB_ERESOURCE, "--device-mem-cap: the run needs %llu device bytes, the cap is %llu",
                      (unsigned long long)need, (unsigned long long)mem_cap);
    if (st == CXB_OK && need > fr)
        st = cxb_fail(CXB_ERESOURCE, "cuda: the run needs %llu device bytes, %llu are free", (unsigned long long)need,
                      (unsigned long long)fr);
    ALLOC(d->off, (g->n + 1) * 8);
    ALLOC(d->st, g->n);
    ALLOC(d->act, g->n * 4);
    ALLOC(d->flag, g->n);
    ALLOC(d->cnt, sizeof *d->cnt);
    ALLOC(d->rx, words * 4);
    ALLOC(d->tx, words * 4);
    if (edges) {
        ALLOC(d->es, e->m * 4);
        ALLOC(d->ed, e->m * 4);
    } else
        ALLOC(d->adj, g->nnz * 4);
    if (st == CXB_OK)
        st = CXB_CUDA_HOSTALLOC(cudaMallocHost((void **)&d->hcnt, sizeof *d->hcnt), sizeof *d->hcnt);
    if (st == CXB_OK)
        st = CXB_CUDA(cudaMemcpyAsync(d->off, g->off, (g->n + 1) * 8, cudaMemcpyHostToDevice, d->s));
    if (st == CXB_OK && !edges && g->nnz)
        st = CXB_CUDA(cudaMemcpyAsync(d->adj, g->adj, g->nnz * 4, cudaMemcpyHostToDevice, d->s));
    if (st == CXB_OK && edges && e->m &&
        (st = CXB_CUDA(cudaMemcpyAsync(d->es, e->s, e->m * 4, cudaMemcpyHostToDevice, d->s))) == CXB_OK)
        st = CXB_CUDA(cudaMemcpyAsync(d->ed, e->d, e->m * 4, cudaMemcpyHostToDevice, d->s));
    if (st == CXB_OK && g->n)
        st = CXB_CUDA(cudaMemcpyAsync(d->flag, flag, g->n, cudaMemcpyHostToDevice, d->s));
    if (st == CXB_OK) /* the pageable copies above have been staged; the host arrays can go */
        st = CXB_CUDA(cudaStreamSynchronize(d->s));
    d->items = e->m;
    free(flag);
    cxb_prop_edges_free(&own);
    if (st != CXB_OK) {
        one_free(d);
        return st;
    }
    *out = (cxb_prop_cuda *)d;
    return CXB_OK;
}

extern "C" cxb_status cxb_prop_cuda_run(cxb_prop_cuda *h, cxb_prop_result *r, cxb_phases *ph)
{
    one_gpu *d = (one_gpu *)h;
    cxb_status st = CXB_OK;
    int64_t t0 = cxb_clock_ns();
    if (d->n) {
        prop_init_kernel<<<prop_grid(d->n), PROP_BLOCK, 0, d->s>>>(d->n, d->n, NULL, d->flag, d->st, d->act);
        st = CXB_CUDA_LAUNCHED("prop_init_kernel");
    }
    if (st == CXB_OK)
        st = one_bits(d);
    if (st == CXB_OK) {
        cxb_prop_ops ops = {d, NULL, NULL, one_step_final};
        cxb_prop_cfg c = d->cfg;
        c.nsources = d->nsrc;
        st = cxb_prop_drive(&ops, &c, d->nnz, d->w_c0, r); /* every step ends synchronised */
    }
    int64_t t1 = cxb_clock_ns();
    if (st == CXB_OK && d->n)
        st = CXB_CUDA(cudaMemcpyAsync(r->act, d->act, d->n * 4, cudaMemcpyDeviceToHost, d->s));
    if (st == CXB_OK)
        st = CXB_CUDA(cudaStreamSynchronize(d->s));
    if (ph && st == CXB_OK) {
        ph->ns[CXB_PHASE_KERNEL] = t1 - t0;
        ph->ns[CXB_PHASE_D2H] = cxb_clock_ns() - t1;
    }
    return st;
}

extern "C" void cxb_prop_cuda_close(cxb_prop_cuda *h)
{
    one_free((one_gpu *)h);
}

extern "C" cxb_status cxb_prop_run_cuda(const cxb_csr *g, const cxb_prop_cfg *cfg, void *stream, uint64_t mem_cap,
                                        cxb_prop_result *r)
{
    cxb_prop_cuda *d = NULL;
    cxb_status st = cxb_prop_cuda_open(g, cfg, stream, mem_cap, &d);
    if (st == CXB_OK)
        st = cxb_prop_cuda_run(d, r, NULL);
    cxb_prop_cuda_close(d);
    return st;
}
