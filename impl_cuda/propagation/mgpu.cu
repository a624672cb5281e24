/* impl_cuda/propagation/mgpu.cu - propagation.{cloop,tloop,aloop,eloop}.{cuda_host,cuda_p2p,
 * cuda_nccl,cuda_allreduce} (docs/studies/propagation.md "Several GPUs"): GPUs 0 .. P-1 as partitions with
 * replicas (the tables of impl_cpu/propagation/partition.c, as pthreads_part uses them), one host
 * thread per GPU, and the shared host driver on the calling thread. Every step: the loop kernel on
 * each GPU's rows or edge records, then the synchronisation, then the finalisation; the frontier
 * flag, new counts and W_C increments are summed on the host (one 24-byte read-back per GPU and
 * pass). Schemes:
 *   cuda_host      Jin et al. Algorithm 3: gather the boundary states on the device, copy the
 *                  boundary and replica tables to the host, merge per owner and segment on the
 *                  GPU's host thread (max of the byte states), the redundancy pass that makes all
 *                  boundary entries of one vertex agree, copy the merged tables back, scatter;
 *                  pthreads host threads instead of the paper's OpenMP;
 *   cuda_p2p       phase A: each replica segment is copied (cudaMemcpyPeerAsync) to its owner,
 *                  which max-merges it into its boundary entries; phase B: each owner gathers its
 *                  boundary segments, which are copied to the peers' replica segments (segment
 *                  symmetry: plain copies);
 *   cuda_nccl      the same two phases as grouped ncclSend / ncclRecv per peer;
 *   cuda_allreduce every GPU keeps the full n-byte state vector (global ids) and the step ends
 *                  with ncclAllReduce(ncclUint8, ncclMax) over it: max over this encoding is the
 *                  merge (NCCL has no bitwise OR).
 * The driver, the tables and the kernels are those of every other row, so the act array is
 * identical to propagation.cloop.seq's for every GPU count and scheme. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/propagation/cuda.h"
#include "impl_cuda/propagation/kernels.cuh"
#if CXB_HAVE_NCCL
#include <nccl.h>
#include "impl_cuda/propagation/nccl_check.h"
#endif

enum { CMD_SETUP, CMD_STEP, CMD_FINAL, CMD_FETCH, CMD_EXIT };

typedef struct gpu_part {
    int dev;
    cudaStream_t s;
    const cxb_prop_part *p;
    uint64_t nlocal, n_own, nb, nrep, nrows, ne;
    uint64_t *off;
    cxb_vid *adj, *es, *ed, *gid, *bnd;
    uint32_t *deg;
    unsigned char *own_mask, *flag, *recv, *send;
    cxb_prop_state *st;
    int32_t *act;
    prop_counters *cnt, *hcnt;
    unsigned char *h_bnd, *h_rep, *scratch; /* cuda_host: pinned tables, the redundancy scratch */
    int32_t *h_act;
    cxb_status status;
    char msg[512];
#if CXB_HAVE_NCCL
    ncclComm_t comm;
#endif
} gpu_part;

typedef struct team {
    uint32_t P;
    int scheme, layout;
    const cxb_csr *g;
    const cxb_prop_cfg *cfg;
    const unsigned char *is_src;
    const uint32_t *owner;
    uint64_t mem_cap;
    cxb_prop_parts ps;
    gpu_part *gp;
    pthread_barrier_t outer, inner;
    int cmd, loop;
    cxb_prop_step s;
    uint32_t t;
} team;

#define ALLOC(ptr, bytes)                                                                       \
    do {                                                                                        \
        if (st == CXB_OK)                                                                       \
            st = CXB_CUDA_ALLOC(cudaMalloc((void **)&(ptr), prop_nz(bytes)), (bytes));   \
    } while (0)
#define UPLOAD(dst, src, bytes)                                                                  \
    do {                                                                                         \
        if (st == CXB_OK && (bytes) != 0)                                                           \
            st = CXB_CUDA(cudaMemcpyAsync((dst), (src), (bytes), cudaMemcpyHostToDevice, w->s)); \
    } while (0)

/* ---- setup on the GPU's own thread: tables up, states initialised ---- */

static cxb_status gpu_setup(team *t, uint32_t q)
{
    gpu_part *w = &t->gp[q];
    const cxb_prop_part *p = &t->ps.part[q];
    const cxb_csr *g = t->g;
    int full = t->scheme == CXB_PROP_SYNC_ALLREDUCE; /* global ids, n states */
    w->p = p;
    w->n_own = p->n_own;
    w->nrep = full ? 0 : p->n_rep;
    w->nlocal = full ? g->n : p->n_own + p->n_rep;
    w->nb = full ? 0 : p->bnd_off[t->P];
    w->nrows = full ? g->n : p->n_own;
    w->ne = t->layout == CXB_PROP_LAYOUT_EDGE ? p->ne : 0;
    cxb_status st = CXB_CUDA(cudaSetDevice(w->dev));
    if (st == CXB_OK)
        st = CXB_CUDA(cudaStreamCreateWithFlags(&w->s, cudaStreamNonBlocking));
    uint64_t arcs = t->layout == CXB_PROP_LAYOUT_VERTEX ? p->off[p->n_own] : 0;
    uint64_t need = (w->nrows + 1) * 8 + arcs * 4 + w->ne * 8 + w->nlocal * (1 + 1 + 4 + 4 + 4 + (full ? 1 : 0)) +
                    w->nb * (4 + 2) + sizeof(prop_counters);
    size_t fr = 0, tot = 0;
    if (st == CXB_OK)
        st = CXB_CUDA(cudaMemGetInfo(&fr, &tot));
    if (st == CXB_OK && t->mem_cap && need > t->mem_cap)
        st = cxb_fail(CXB_ERESOURCE, "--device-mem-cap: GPU %u needs %llu device bytes, the cap is %llu", q,
                      (unsigned long long)need, (unsigned long long)t->mem_cap);
    if (st == CXB_OK && need > fr)
        st = cxb_fail(CXB_ERESOURCE, "cuda: GPU %u needs %llu device bytes, %llu are free", q,
                      (unsigned long long)need, (unsigned long long)fr);
    /* host images of the device tables */
    uint64_t *off = NULL;
    cxb_vid *adj = NULL, *es = NULL, *ed = NULL;
    uint32_t *deg = NULL;
    unsigned char *mask = NULL, *flag = (unsigned char *)calloc(w->nlocal ? w->nlocal : 1, 1);
    if (st == CXB_OK && !flag)
        st = cxb_fail(CXB_ERESOURCE, "propagation: out of host memory");
    if (st == CXB_OK && full) { /* rows of every vertex (empty when owned elsewhere), global ids */
        off = (uint64_t *)malloc((g->n + 1) * 8);
        adj = (cxb_vid *)malloc((arcs ? arcs : 1) * 4);
        deg = (uint32_t *)malloc((g->n ? g->n : 1) * 4);
        mask = (unsigned char *)calloc(g->n ? g->n : 1, 1);
        es = (cxb_vid *)malloc((w->ne ? w->ne : 1) * 4);
        ed = (cxb_vid *)malloc((w->ne ? w->ne : 1) * 4);
        if (!off || !adj || !deg || !mask || !es || !ed)
            st = cxb_fail(CXB_ERESOURCE, "propagation: out of host memory");
        for (uint64_t v = 0; st == CXB_OK && v < g->n; ++v) {
            mask[v] = t->owner[v] == q;
            deg[v] = (uint32_t)(g->off[v + 1] - g->off[v]);
            flag[v] = t->is_src[v];
        }
        if (st == CXB_OK) {
            uint64_t o = 0, i = 0;
            off[0] = 0;
            for (uint64_t v = 0; v < g->n; ++v) {
                if (t->layout == CXB_PROP_LAYOUT_VERTEX && mask[v]) { /* owned row i of p */
                    for (uint64_t j = p->off[i]; j < p->off[i + 1]; ++j)
                        adj[o++] = p->gid[p->adj[j]];
                }
                i += mask[v];
                off[v + 1] = o;
            }
            for (uint64_t k = 0; k < w->ne; ++k)
                es[k] = p->gid[p->es[k]], ed[k] = p->gid[p->ed[k]];
        }
    } else if (st == CXB_OK) {
        for (uint64_t i = 0; i < w->nlocal; ++i)
            flag[i] = t->is_src[p->gid[i]];
    }
    ALLOC(w->off, (w->nrows + 1) * 8);
    ALLOC(w->adj, arcs * 4);
    ALLOC(w->es, w->ne * 4);
    ALLOC(w->ed, w->ne * 4);
    ALLOC(w->gid, full ? 0 : w->nlocal * 4);
    ALLOC(w->deg, w->nlocal * 4);
    ALLOC(w->flag, w->nlocal);
    ALLOC(w->st, w->nlocal);
    ALLOC(w->act, w->nlocal * 4);
    ALLOC(w->bnd, w->nb * 4);
    ALLOC(w->recv, w->nb);
    ALLOC(w->send, w->nb);
    ALLOC(w->cnt, sizeof(prop_counters));
    if (full)
        ALLOC(w->own_mask, g->n);
    if (st == CXB_OK)
        st = CXB_CUDA_HOSTALLOC(cudaMallocHost((void **)&w->hcnt, sizeof *w->hcnt), sizeof *w->hcnt);
    if (st == CXB_OK && t->scheme == CXB_PROP_SYNC_HOST) {
        st = CXB_CUDA_HOSTALLOC(cudaMallocHost((void **)&w->h_bnd, w->nb ? w->nb : 1), w->nb);
        if (st == CXB_OK)
            st = CXB_CUDA_HOSTALLOC(cudaMallocHost((void **)&w->h_rep, w->nrep ? w->nrep : 1), w->nrep);
        if (st == CXB_OK && !(w->scratch = (unsigned char *)calloc(w->n_own ? w->n_own : 1, 1)))
            st = cxb_fail(CXB_ERESOURCE, "propagation: out of host memory");
    }
    if (st == CXB_OK && !(w->h_act = (int32_t *)malloc((w->nlocal ? w->nlocal : 1) * 4)))
        st = cxb_fail(CXB_ERESOURCE, "propagation: out of host memory");
    if (full) {
        UPLOAD(w->off, off, (g->n + 1) * 8);
        UPLOAD(w->adj, adj, arcs * 4);
        UPLOAD(w->es, es, w->ne * 4);
        UPLOAD(w->ed, ed, w->ne * 4);
        UPLOAD(w->deg, deg, g->n * 4);
        UPLOAD(w->own_mask, mask, g->n);
    } else {
        if (t->layout == CXB_PROP_LAYOUT_VERTEX)
            UPLOAD(w->off, p->off, (p->n_own + 1) * 8);
        UPLOAD(w->adj, p->adj, arcs * 4);
        UPLOAD(w->es, p->es, w->ne * 4);
        UPLOAD(w->ed, p->ed, w->ne * 4);
        UPLOAD(w->gid, p->gid, w->nlocal * 4);
        UPLOAD(w->deg, p->deg, w->n_own * 4);
        UPLOAD(w->bnd, p->bnd, w->nb * 4);
    }
    UPLOAD(w->flag, flag, w->nlocal);
    if (st == CXB_OK && w->nlocal) {
        prop_init_kernel<<<prop_grid(w->nlocal), PROP_BLOCK, 0, w->s>>>(w->nlocal, w->n_own, w->own_mask, w->flag,
                                                                        w->st, w->act);
        st = CXB_CUDA_LAUNCHED("prop_init_kernel");
    }
    if (st == CXB_OK)
        st = CXB_CUDA(cudaStreamSynchronize(w->s));
    /* peer access for the peer copies, where the topology allows it (else the driver stages) */
    for (uint32_t r = 0; st == CXB_OK && t->scheme == CXB_PROP_SYNC_P2P && r < t->P; ++r) {
        int can = 0;
        if (r == q || (st = CXB_CUDA(cudaDeviceCanAccessPeer(&can, w->dev, t->gp[r].dev))) != CXB_OK || !can)
            continue;
        cudaError_t e = cudaDeviceEnablePeerAccess(t->gp[r].dev, 0);
        if (e == cudaErrorPeerAccessAlreadyEnabled)
            (void)cudaGetLastError();
        else
            st = CXB_CUDA(e);
    }
    free(off);
    free(adj);
    free(es);
    free(ed);
    free(deg);
    free(mask);
    free(flag);
    return st;
}

static void gpu_free(gpu_part *w)
{
    if (cudaSetDevice(w->dev) != cudaSuccess)
        return;
    cudaFree(w->off);
    cudaFree(w->adj);
    cudaFree(w->es);
    cudaFree(w->ed);
    cudaFree(w->gid);
    cudaFree(w->deg);
    cudaFree(w->own_mask);
    cudaFree(w->flag);
    cudaFree(w->st);
    cudaFree(w->act);
    cudaFree(w->bnd);
    cudaFree(w->recv);
    cudaFree(w->send);
    cudaFree(w->cnt);
    cudaFreeHost(w->hcnt);
    cudaFreeHost(w->h_bnd);
    cudaFreeHost(w->h_rep);
    free(w->scratch);
    free(w->h_act);
    if (w->s)
        cudaStreamDestroy(w->s);
}

/* ---- one step on one GPU: compute, then its part of the scheme's synchronisation ---- */

/* every thread reaches every inner barrier, whatever its status, so that none waits forever */
#define INNER() pthread_barrier_wait(&t->inner)

static cxb_status gpu_compute(team *t, gpu_part *w)
{
    CXB_CUDA_TRY(cudaMemsetAsync(w->cnt, 0, sizeof(prop_counters), w->s));
    const cxb_vid *gid = t->scheme == CXB_PROP_SYNC_ALLREDUCE ? NULL : w->gid;
    if (t->loop == CXB_PROP_ELOOP) {
        if (w->ne) {
            prop_edges_kernel<<<prop_grid(w->ne), PROP_BLOCK, 0, w->s>>>(t->s, w->ne, w->es, w->ed, gid, w->st, w->cnt);
            PROP_LAUNCH_TRY("prop_edges_kernel");
        }
    } else if (w->nrows) {
        prop_rows_kernel<<<prop_grid(w->nrows), PROP_BLOCK, 0, w->s>>>(t->loop, t->s, w->nrows, w->off, w->adj, gid,
                                                                       w->st, w->cnt);
        PROP_LAUNCH_TRY("prop_rows_kernel");
    }
    return CXB_OK;
}

static cxb_status launch_merge(gpu_part *w)
{
    if (!w->nb)
        return CXB_OK;
    prop_merge_kernel<<<prop_grid(w->nb), PROP_BLOCK, 0, w->s>>>(w->nb, w->bnd, w->recv, w->st);
    PROP_LAUNCH_TRY("prop_merge_kernel");
    return CXB_OK;
}

static cxb_status launch_gather(gpu_part *w)
{
    if (!w->nb)
        return CXB_OK;
    prop_gather_kernel<<<prop_grid(w->nb), PROP_BLOCK, 0, w->s>>>(w->nb, w->bnd, w->st, w->send);
    PROP_LAUNCH_TRY("prop_gather_kernel");
    return CXB_OK;
}

static uint64_t rep_len(const cxb_prop_part *p, uint32_t r) { return p->rep_off[r + 1] - p->rep_off[r]; }
static uint64_t bnd_len(const cxb_prop_part *p, uint32_t r) { return p->bnd_off[r + 1] - p->bnd_off[r]; }

/* cuda_p2p: phase A to the owners' receive tables, merge, gather, phase B to the replicas */
static void step_p2p(team *t, uint32_t q)
{
    gpu_part *w = &t->gp[q];
    const cxb_prop_part *p = w->p;
    cxb_status st = w->status;
    for (uint32_t r = 0; st == CXB_OK && r < t->P; ++r)
        if (r != q && rep_len(p, r))
            st = CXB_CUDA(cudaMemcpyPeerAsync(t->gp[r].recv + t->gp[r].p->bnd_off[q], t->gp[r].dev,
                                              w->st + p->n_own + p->rep_off[r], w->dev, rep_len(p, r), w->s));
    if (st == CXB_OK)
        st = CXB_CUDA(cudaStreamSynchronize(w->s));
    INNER(); /* every replica segment is in its owner's receive table */
    if (st == CXB_OK && (st = launch_merge(w)) == CXB_OK && (st = launch_gather(w)) == CXB_OK)
        st = CXB_CUDA(cudaStreamSynchronize(w->s));
    INNER(); /* every owner's boundary segments are merged and gathered */
    for (uint32_t r = 0; st == CXB_OK && r < t->P; ++r)
        if (r != q && rep_len(p, r))
            st = CXB_CUDA(cudaMemcpyPeerAsync(w->st + p->n_own + p->rep_off[r], w->dev,
                                              t->gp[r].send + t->gp[r].p->bnd_off[q], t->gp[r].dev, rep_len(p, r),
                                              w->s));
    w->status = st;
}

/* cuda_host (Jin et al. Algorithm 3): gather, D2H, host merge + redundancy, H2D, scatter */
static void step_host(team *t, uint32_t q)
{
    gpu_part *w = &t->gp[q];
    const cxb_prop_part *p = w->p;
    cxb_status st = w->status;
    /* (1) device gather of the boundary states; (2) D2H of the boundary and replica tables */
    if (st == CXB_OK)
        st = launch_gather(w);
    if (st == CXB_OK && w->nb)
        st = CXB_CUDA(cudaMemcpyAsync(w->h_bnd, w->send, w->nb, cudaMemcpyDeviceToHost, w->s));
    if (st == CXB_OK && w->nrep)
        st = CXB_CUDA(cudaMemcpyAsync(w->h_rep, w->st + p->n_own, w->nrep, cudaMemcpyDeviceToHost, w->s));
    if (st == CXB_OK)
        st = CXB_CUDA(cudaStreamSynchronize(w->s));
    INNER();
    if (st == CXB_OK) {
        /* (3) merge per segment: the peers' replicas of this GPU's vertices, max of the bytes */
        for (uint32_t r = 0; r < t->P; ++r) {
            if (r == q)
                continue;
            const unsigned char *rep = t->gp[r].h_rep + t->gp[r].p->rep_off[q];
            unsigned char *b = w->h_bnd + p->bnd_off[r];
            for (uint64_t k = 0; k < bnd_len(p, r); ++k)
                b[k] = rep[k] > b[k] ? rep[k] : b[k];
        }
        /* (4) redundancy: every boundary entry of one vertex gets the vertex's maximum */
        for (uint64_t i = 0; i < w->nb; ++i)
            w->scratch[p->bnd[i]] = w->h_bnd[i] > w->scratch[p->bnd[i]] ? w->h_bnd[i] : w->scratch[p->bnd[i]];
        for (uint64_t i = 0; i < w->nb; ++i)
            w->h_bnd[i] = w->scratch[p->bnd[i]];
        for (uint64_t i = 0; i < w->nb; ++i)
            w->scratch[p->bnd[i]] = 0;
    }
    /* (5) H2D of the merged boundary table; (6) device scatter */
    if (st == CXB_OK && w->nb)
        st = CXB_CUDA(cudaMemcpyAsync(w->send, w->h_bnd, w->nb, cudaMemcpyHostToDevice, w->s));
    if (st == CXB_OK && w->nb) {
        prop_scatter_kernel<<<prop_grid(w->nb), PROP_BLOCK, 0, w->s>>>(w->nb, w->bnd, w->send, w->st);
        st = CXB_CUDA_LAUNCHED("prop_scatter_kernel");
    }
    INNER(); /* every owner's merged table is on the host */
    if (st == CXB_OK) { /* the replica table from the owners' merged segments (segment symmetry) */
        for (uint32_t r = 0; r < t->P; ++r)
            if (r != q && rep_len(p, r))
                memcpy(w->h_rep + p->rep_off[r], t->gp[r].h_bnd + t->gp[r].p->bnd_off[q], rep_len(p, r));
        if (w->nrep)
            st = CXB_CUDA(cudaMemcpyAsync(w->st + p->n_own, w->h_rep, w->nrep, cudaMemcpyHostToDevice, w->s));
    }
    if (st == CXB_OK)
        st = CXB_CUDA(cudaStreamSynchronize(w->s));
    INNER(); /* nobody overwrites h_bnd before every peer has read it */
    w->status = st;
}

#if CXB_HAVE_NCCL
/* cuda_nccl: the two phases as grouped point-to-point operations */
static cxb_status step_nccl(team *t, uint32_t q)
{
    gpu_part *w = &t->gp[q];
    const cxb_prop_part *p = w->p;
    CXB_NCCL_TRY(ncclGroupStart());
    for (uint32_t r = 0; r < t->P; ++r) {
        if (r == q)
            continue;
        if (rep_len(p, r))
            CXB_NCCL_TRY(ncclSend(w->st + p->n_own + p->rep_off[r], rep_len(p, r), ncclUint8, (int)r, w->comm, w->s));
        if (bnd_len(p, r))
            CXB_NCCL_TRY(ncclRecv(w->recv + p->bnd_off[r], bnd_len(p, r), ncclUint8, (int)r, w->comm, w->s));
    }
    CXB_NCCL_TRY(ncclGroupEnd());
    cxb_status st = launch_merge(w);
    if (st == CXB_OK)
        st = launch_gather(w);
    if (st != CXB_OK)
        return st;
    CXB_NCCL_TRY(ncclGroupStart());
    for (uint32_t r = 0; r < t->P; ++r) {
        if (r == q)
            continue;
        if (bnd_len(p, r))
            CXB_NCCL_TRY(ncclSend(w->send + p->bnd_off[r], bnd_len(p, r), ncclUint8, (int)r, w->comm, w->s));
        if (rep_len(p, r))
            CXB_NCCL_TRY(ncclRecv(w->st + p->n_own + p->rep_off[r], rep_len(p, r), ncclUint8, (int)r, w->comm, w->s));
    }
    CXB_NCCL_TRY(ncclGroupEnd());
    return CXB_OK;
}

static cxb_status step_allreduce(team *t, uint32_t q)
{
    gpu_part *w = &t->gp[q];
    (void)t;
    if (w->nlocal)
        CXB_NCCL_TRY(ncclAllReduce(w->st, w->st, w->nlocal, ncclUint8, ncclMax, w->comm, w->s));
    return CXB_OK;
}
#endif

static cxb_status read_counters(gpu_part *w)
{
    CXB_CUDA_TRY(cudaMemcpyAsync(w->hcnt, w->cnt, sizeof(prop_counters), cudaMemcpyDeviceToHost, w->s));
    CXB_CUDA_TRY(cudaStreamSynchronize(w->s));
    return CXB_OK;
}

static void gpu_step(team *t, uint32_t q)
{
    gpu_part *w = &t->gp[q];
    if (w->status == CXB_OK)
        w->status = gpu_compute(t, w);
    switch (t->scheme) {
    case CXB_PROP_SYNC_P2P:
        step_p2p(t, q);
        break;
    case CXB_PROP_SYNC_HOST:
        step_host(t, q);
        break;
#if CXB_HAVE_NCCL
    case CXB_PROP_SYNC_NCCL:
        if (w->status == CXB_OK)
            w->status = step_nccl(t, q);
        break;
    case CXB_PROP_SYNC_ALLREDUCE:
        if (w->status == CXB_OK)
            w->status = step_allreduce(t, q);
        break;
#endif
    default:
        break;
    }
    if (w->status == CXB_OK)
        w->status = read_counters(w);
}

static void gpu_final(team *t, uint32_t q)
{
    gpu_part *w = &t->gp[q];
    cxb_status st = w->status;
    if (st == CXB_OK)
        st = CXB_CUDA(cudaMemsetAsync(w->cnt, 0, sizeof(prop_counters), w->s));
    if (st == CXB_OK && w->nlocal) {
        prop_finalise_kernel<<<prop_grid(w->nlocal), PROP_BLOCK, 0, w->s>>>(t->t, w->nlocal, w->n_own, w->own_mask,
                                                                            NULL, w->deg, w->st, w->act, w->cnt);
        st = CXB_CUDA_LAUNCHED("prop_finalise_kernel");
    }
    if (st == CXB_OK)
        st = read_counters(w);
    w->status = st;
}

static void gpu_fetch(team *t, uint32_t q)
{
    gpu_part *w = &t->gp[q];
    cxb_status st = w->status;
    if (st == CXB_OK && w->nlocal)
        st = CXB_CUDA(cudaMemcpyAsync(w->h_act, w->act, w->nlocal * 4, cudaMemcpyDeviceToHost, w->s));
    if (st == CXB_OK)
        st = CXB_CUDA(cudaStreamSynchronize(w->s));
    w->status = st;
}

typedef struct worker_arg {
    team *t;
    uint32_t q;
} worker_arg;

static void *worker(void *arg)
{
    worker_arg *a = (worker_arg *)arg;
    team *t = a->t;
    gpu_part *w = &t->gp[a->q];
    for (;;) {
        pthread_barrier_wait(&t->outer);
        int cmd = t->cmd;
        if (cmd == CMD_EXIT)
            break;
        cxb_status before = w->status;
        if (w->status == CXB_OK || cmd != CMD_SETUP) {
            if (cmd == CMD_SETUP)
                w->status = gpu_setup(t, a->q);
            else if (cmd == CMD_STEP)
                gpu_step(t, a->q);
            else if (cmd == CMD_FINAL)
                gpu_final(t, a->q);
            else
                gpu_fetch(t, a->q);
        }
        if (before == CXB_OK && w->status != CXB_OK) /* the library's message is per thread */
            snprintf(w->msg, sizeof w->msg, "%s", cxb_last_error());
        pthread_barrier_wait(&t->outer);
    }
    return NULL;
}

/* run one command on every GPU's thread; the first failure as the caller's status */
static cxb_status team_run(team *t, int cmd)
{
    t->cmd = cmd;
    pthread_barrier_wait(&t->outer);
    pthread_barrier_wait(&t->outer);
    for (uint32_t q = 0; q < t->P; ++q)
        if (t->gp[q].status != CXB_OK)
            return cxb_fail(t->gp[q].status, "GPU %u: %s", q, t->gp[q].msg);
    return CXB_OK;
}

static cxb_status team_step(void *ctx, int loop, const cxb_prop_step *s, int *frontier)
{
    team *t = (team *)ctx;
    t->loop = loop;
    t->s = *s;
    cxb_status st = team_run(t, CMD_STEP);
    int f = 0;
    for (uint32_t q = 0; st == CXB_OK && q < t->P; ++q)
        f |= t->gp[q].hcnt->frontier != 0;
    *frontier = f;
    return st;
}

static cxb_status team_finalise(void *ctx, uint32_t tt, uint64_t *newly, uint64_t *w_c_add)
{
    team *t = (team *)ctx;
    t->t = tt;
    cxb_status st = team_run(t, CMD_FINAL);
    uint64_t a = 0, b = 0;
    for (uint32_t q = 0; st == CXB_OK && q < t->P; ++q)
        a += t->gp[q].hcnt->newly, b += t->gp[q].hcnt->wadd;
    *newly = a;
    *w_c_add = b;
    return st;
}

extern "C" cxb_status cxb_prop_run_mgpu(const cxb_csr *g, const cxb_prop_cfg *cfg, uint32_t gpus, int partitioner,
                                        const uint32_t *given, int scheme, uint64_t mem_cap, cxb_prop_result *r)
{
    int have = 0;
    cudaError_t e = cudaGetDeviceCount(&have);
    if (e != cudaSuccess) {
        (void)cudaGetLastError();
        have = 0;
    }
    if (gpus < 1 || (uint32_t)have < gpus)
        return cxb_fail(CXB_ERESOURCE, "--gpus: %u GPUs requested, %d CUDA devices found", gpus, have);
#if !CXB_HAVE_NCCL
    if (scheme == CXB_PROP_SYNC_NCCL || scheme == CXB_PROP_SYNC_ALLREDUCE)
        return cxb_fail(CXB_ERESOURCE, "propagation: --sync %s: built without NCCL",
                        scheme == CXB_PROP_SYNC_NCCL ? "nccl" : "allreduce");
#endif
    team *tp = (team *)calloc(1, sizeof *tp);
    if (!tp)
        return cxb_fail(CXB_ERESOURCE, "propagation: out of host memory");
    team &t = *tp;
    t.P = gpus;
    t.scheme = scheme;
    t.layout = cfg->loop == CXB_PROP_ELOOP ? CXB_PROP_LAYOUT_EDGE : CXB_PROP_LAYOUT_VERTEX;
    t.g = g;
    t.cfg = cfg;
    t.mem_cap = mem_cap;
    uint32_t *owner = (uint32_t *)malloc((g->n ? g->n : 1) * sizeof *owner);
    unsigned char *is_src = (unsigned char *)calloc(g->n ? g->n : 1, 1);
    t.gp = (gpu_part *)calloc(gpus, sizeof *t.gp);
    worker_arg *args = (worker_arg *)calloc(gpus, sizeof *args);
    pthread_t *th = (pthread_t *)calloc(gpus, sizeof *th);
    cxb_status st = owner && is_src && t.gp && args && th ? CXB_OK : cxb_fail(CXB_ERESOURCE, "propagation: out of host memory");
    uint64_t w_c0 = 0, nsrc = 0;
    if (st == CXB_OK)
        st = cxb_prop_mark_sources(g, cfg, is_src, &w_c0, &nsrc);
    if (st == CXB_OK && given)
        memcpy(owner, given, g->n * sizeof *owner);
    else if (st == CXB_OK)
        st = cxb_prop_owners(g->n, gpus, partitioner, cfg->seed, owner);
    if (st == CXB_OK)
        st = cxb_prop_parts_build(g, t.layout, cfg->orient, cfg->seed, owner, gpus, &t.ps);
    t.owner = owner;
    t.is_src = is_src;
#if CXB_HAVE_NCCL
    ncclComm_t *comms = NULL;
    if (st == CXB_OK && (scheme == CXB_PROP_SYNC_NCCL || scheme == CXB_PROP_SYNC_ALLREDUCE)) {
        comms = (ncclComm_t *)calloc(gpus, sizeof *comms);
        int *devs = (int *)calloc(gpus, sizeof *devs);
        if (!comms || !devs)
            st = cxb_fail(CXB_ERESOURCE, "propagation: out of host memory");
        for (uint32_t q = 0; st == CXB_OK && q < gpus; ++q)
            devs[q] = (int)q;
        if (st == CXB_OK)
            st = CXB_NCCL(ncclCommInitAll(comms, (int)gpus, devs));
        for (uint32_t q = 0; st == CXB_OK && q < gpus; ++q)
            t.gp[q].comm = comms[q];
        free(devs);
        if (st != CXB_OK) {
            free(comms);
            comms = NULL;
        }
    }
#endif
    uint32_t started = 0;
    if (st == CXB_OK) {
        pthread_barrier_init(&t.outer, NULL, gpus + 1);
        pthread_barrier_init(&t.inner, NULL, gpus);
        for (uint32_t q = 0; q < gpus; ++q) {
            t.gp[q].dev = (int)q;
            args[q].t = &t;
            args[q].q = q;
        }
        for (; started < gpus; ++started)
            if (pthread_create(&th[started], NULL, worker, &args[started]) != 0)
                break;
        if (started < gpus)
            st = cxb_fail(CXB_ERESOURCE, "propagation: cannot start %u host threads", gpus);
    }
    if (st == CXB_OK)
        st = team_run(&t, CMD_SETUP);
    if (st == CXB_OK) {
        cxb_prop_ops ops = {&t, team_step, team_finalise, NULL};
        cxb_prop_cfg c = *cfg;
        c.nsources = nsrc;
        st = cxb_prop_drive(&ops, &c, g->nnz, w_c0, r);
    }
    if (st == CXB_OK)
        st = team_run(&t, CMD_FETCH);
    for (uint32_t q = 0; st == CXB_OK && q < gpus; ++q) { /* owned act values to global ids */
        const cxb_prop_part *p = &t.ps.part[q];
        if (scheme == CXB_PROP_SYNC_ALLREDUCE) {
            for (uint64_t v = 0; v < g->n; ++v)
                if (owner[v] == q)
                    r->act[v] = t.gp[q].h_act[v];
        } else
            for (uint64_t i = 0; i < p->n_own; ++i)
                r->act[p->gid[i]] = t.gp[q].h_act[i];
    }
    if (started && started < gpus) {
        /* the threads that did start wait on a barrier that can never fill: they and the team
         * they read are left alive, and the run fails (a process about to exit with code 3) */
        for (uint32_t q = 0; q < started; ++q)
            pthread_detach(th[q]);
        return st;
    }
    if (started == gpus) {
        t.cmd = CMD_EXIT;
        pthread_barrier_wait(&t.outer);
        for (uint32_t q = 0; q < gpus; ++q)
            pthread_join(th[q], NULL);
        pthread_barrier_destroy(&t.outer);
        pthread_barrier_destroy(&t.inner);
    }
    for (uint32_t q = 0; t.gp && q < gpus; ++q)
        gpu_free(&t.gp[q]);
#if CXB_HAVE_NCCL
    for (uint32_t q = 0; comms && q < gpus; ++q)
        ncclCommDestroy(comms[q]);
    free(comms);
#endif
    cxb_prop_parts_free(&t.ps);
    free(owner);
    free(is_src);
    free(t.gp);
    free(args);
    free(th);
    free(tp);
    return st;
}
