/* impl_cuda/clustering/cl.cuh - what the CUDA variants of the clustering study share
 * (docs/studies/clustering-cuda.md "CUDA variants"): the device state a row opens once (dev.cu), the
 * per-GPU state of the faithful kernels (one entry per device; the multi-GPU rows use several),
 * the launch helpers and one entry per variant (k1.cu, k2.cu, mgpu.cu, orient.cu, tcmerge.cu,
 * tcbsearch.cu, tchash.cu, tcbitmap.cu). Counters on the device are 64-bit (unsigned long long);
 * the faithful kernels add t and p of Leist Alg. 30 modulo 2^64 (a thread's p may be negative;
 * the total is not). Included by .cu files only. */
#ifndef CXB_IMPL_CUDA_CLUSTERING_CL_CUH
#define CXB_IMPL_CUDA_CLUSTERING_CL_CUH

#include <cuda_runtime.h>
#include <stdint.h>

#include "cxb/graph/dcsr.h"
#include "impl_cuda/clustering/dev.h"
#include "impl_cuda/common/check.h"
#include "impl_cuda/common/event_timer.h"

#define CL_BLOCK 256
#define CL_WARPS (CL_BLOCK / 32)
#define CL_MAX_GPUS 16
/* tchash: slots of one warp's shared-memory hash table (a power of two); rows with
 * 2 d+(u) > CL_HASH_SLOTS fall back to binary search */
#define CL_HASH_SLOTS 1024u
#define CL_HASH_EMPTY 0xFFFFFFFFu

/* one device of the faithful variants (k1, k2 and their multi-GPU rows) */
typedef struct cl_gpu {
    int device;
    cudaStream_t stream;   /* device 0: the row's stream; others created and destroyed by the row */
    int own_stream;
    cxb_dcsr g;            /* the whole CSR, replicated */
    uint32_t *src;         /* k1: S[a], the source of arc a (nnz) */
    uint64_t *pairs;       /* k2: (i << 32) | j of every arc, sorted by deg(j) after the sort (nnz) */
    uint64_t *pairs_tmp;   /* k2: the sort's other buffer (nnz) */
    uint32_t *key, *key_tmp; /* k2: deg(j) per arc and the sort's other buffer (nnz each) */
    void *cub_tmp;
    size_t cub_bytes;
    unsigned long long *cnt;      /* device: [0] t, [1] p */
    unsigned long long *host_cnt; /* pinned host copy */
    cudaEvent_t done;             /* mgpu: recorded after this device's work */
    unsigned grid;                /* resident grid: SMs x threads per SM / CL_BLOCK */
    uint64_t arcs_done;           /* mgpu: arcs this device counted in the last run */
} cl_gpu;

typedef struct cl_dev {
    cxb_cl_dev_variant v;
    cxb_cl_dev_opts o;
    uint64_t n, m, nnz, max_deg;
    int ngpu;
    cl_gpu gpu[CL_MAX_GPUS];
    cudaEvent_t go; /* mgpu: recorded on device 0's stream once the timed phase starts */
    /* modern variants (on gpu[0]) */
    uint32_t *deg;            /* n: undirected degrees */
    uint64_t *ooff;           /* n + 1: oriented offsets */
    uint32_t *oadj;           /* m: oriented rows, ascending ids */
    uint32_t *osrc;           /* tcmerge: m sources of the oriented arcs */
    unsigned long long *tv;   /* n: T_v */
    uint32_t *bitmap;         /* tcbitmap: nbitmaps x words_per_bitmap */
    uint64_t words_per_bitmap;
    unsigned nbitmaps;        /* tcbitmap: one per resident warp of its launch */
    void *cub_tmp;
    size_t cub_bytes;
    uint64_t *h_pairs;        /* k2 with the host sort: (i << 32) | j in arc order (nnz) */
    uint32_t *h_key;          /* ... deg(j) per arc (nnz) */
    uint64_t *h_sorted;       /* ... the sorted arcs (nnz) */
    uint64_t *h_count;        /* ... max_deg + 2 counters */
    unsigned long long *cnt;      /* device: [0] T, [1] W */
    unsigned long long *host_cnt; /* pinned */
    cxb_event_timer tm_prep, tm_sort, tm_kernel, tm_d2h;
} cl_dev;

static inline unsigned cl_grid_cap(unsigned resident, uint64_t items, unsigned per_block)
{
    uint64_t g = (items + per_block - 1) / per_block;
    return g == 0 ? 1u : g > resident ? resident : (unsigned)g;
}

/* k1.cu: Kernel 1 over arcs [a0, a1) of gpu (queued on its stream; adds to gpu->cnt) */
cxb_status cl_k1_launch(const cl_dev *c, cl_gpu *gpu, uint64_t a0, uint64_t a1, unsigned grid);
/* k1.cu: builds S[a] from the CSR (setup) */
cxb_status cl_k1_sources(cl_gpu *gpu, uint64_t n);
/* k2.cu: the CUB storage of the sort of nnz arcs */
cxb_status cl_k2_sort_bytes(uint64_t nnz, size_t *bytes);
/* k2.cu: keys deg(j) and pairs (i, j) built and sorted by key (queued on gpu's stream) */
cxb_status cl_k2_sort(const cl_dev *c, cl_gpu *gpu);
/* k2.cu: Kernel 2 over sorted arcs [a0, a1) */
cxb_status cl_k2_launch(const cl_dev *c, cl_gpu *gpu, uint64_t a0, uint64_t a1, unsigned grid);
/* mgpu.cu: the counting phase of k1.mgpu / k2.mgpu, one host thread per device */
cxb_status cl_mgpu_count(cl_dev *c, uint64_t chunk);

/* orient.cu: the prep phase (degrees, orientation, oriented CSR) on gpu[0]'s stream */
cxb_status cl_orient_bytes(uint64_t n, size_t *cub_bytes);
cxb_status cl_orient(cl_dev *c);
/* the counting kernels: T into cnt[0], W into cnt[1], T_v into tv (zeroed by the caller) */
cxb_status cl_tcmerge(cl_dev *c);
cxb_status cl_tcbsearch(cl_dev *c);
cxb_status cl_tchash(cl_dev *c);
cxb_status cl_tcbitmap(cl_dev *c);
/* tcbitmap.cu: how many per-warp bitmaps fit (setup) */
unsigned cl_tcbitmap_count(const cl_dev *c, uint64_t free_bytes);

#endif
