/* cxb/graph/gen.h - the supporting generators of docs/studies/graph.md (line, ring, lattice, gnm,
 * gnp, ws, wsfast, nw, disjoint, rmat, kron, bacopy): spec strings "MODEL:key=value,...",
 * and a sequential, a pthreads and a CUDA generator producing raw tuples (cxb_edges).
 * For the same spec all give the same tuples in the same order (docs/studies/graph.md), whatever
 * the thread count or launch shape; build the CSR with cxb_csr_from_edges.
 *
 * Every function returns a cxb_status; on failure cxb_last_error() holds one line.
 */
#ifndef CXB_GRAPH_GEN_H
#define CXB_GRAPH_GEN_H

#include <stdint.h>

#include "cxb/graph/graph.h"
#include "cxb/graph/keyed.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cxb_pool;

typedef enum cxb_gen_model {
    CXB_GEN_LINE,
    CXB_GEN_RING,
    CXB_GEN_LATTICE,
    CXB_GEN_GNM,
    CXB_GEN_GNP,
    CXB_GEN_WS,       /* Leist's beta-model, exact sequential rewiring (9.4) */
    CXB_GEN_WSFAST,   /* independent rewiring, communication-free (9.4) */
    CXB_GEN_NW,       /* Newman-Watts as Leist describes it (9.4) */
    CXB_GEN_DISJOINT, /* Leist's Disjoint graphs (9.5) */
    CXB_GEN_RMAT,     /* R-MAT (9.6) */
    CXB_GEN_KRON,     /* rmat with Graph500's initiator fixed (9.6) */
    CXB_GEN_BACOPY    /* Sanders-Schulz hashed copy model with a clique core (9.7) */
} cxb_gen_model;

#define CXB_LATTICE_MAX_DIMS 16

typedef struct cxb_gen_spec {
    cxb_gen_model model;
    uint64_t n;    /* vertices (lattice: product of the sides) */
    uint64_t k;    /* ring, ws, wsfast, nw: lattice neighbours, even */
    uint64_t m;    /* gnm: edges; bacopy: edges per new vertex */
    double p;      /* gnp: edge probability; ws, wsfast, nw: rewiring/shortcut probability */
    uint64_t seed; /* random models (default 1) */
    uint64_t e;    /* disjoint: edge tuples */
    uint64_t c;    /* disjoint: sets */
    unsigned scale; /* rmat, kron: 2^scale vertices */
    uint64_t ef;   /* rmat, kron: edge factor (default 16) */
    double a, b, cc; /* rmat initiator (defaults 0.57, 0.19, 0.19; d = 1 - a - b - cc) */
    int perm;      /* rmat, kron: relabel by the keyed bijection (default 1) */
    uint64_t n0;   /* bacopy: clique core (default 2m) */
    unsigned dims; /* lattice: number of sides */
    uint64_t side[CXB_LATTICE_MAX_DIMS];
    int periodic;  /* lattice (default 1) */
    char text[512]; /* canonical spec: every key, defaults filled in, fixed order */
} cxb_gen_spec;

/* "line", "ring", "lattice", "gnm", "gnp", "ws", "wsfast", "nw", "disjoint", "rmat",
 * "kron", "bacopy". */
const char *cxb_gen_model_name(cxb_gen_model m);

/* Parses and validates SPEC (docs/studies/graph.md): unknown model or key, a missing key, a
 * malformed number or a value out of range is CXB_EINPUT naming it. Integers accept
 * 123, 1e6, 2^24; p is a decimal in [0, 1]. */
cxb_status cxb_gen_parse(const char *text, cxb_gen_spec *s);

/* Exact number of tuples the generator will produce, or for gnp and nw the expected
 * number rounded down; for a validated spec. */
uint64_t cxb_gen_tuples_hint(const cxb_gen_spec *s);

/* Peak host bytes of generating the spec's tuples and building their CSR
 * (cxb_csr_build_bytes of the tuple count, in double so that no spec overflows it), for
 * every model: `graph gen` compares it with the memory available before any work. */
double cxb_gen_mem_need(const cxb_gen_spec *s);

/* Sequential reference: out receives the raw tuples (e->n = the vertex count). out is
 * initialised here; free it with cxb_edges_free (cxb_csr_from_edges consumes it). */
cxb_status cxb_generate_seq(const cxb_gen_spec *s, cxb_edges *out);

/* Same tuples, same order, on the pool's workers. */
cxb_status cxb_generate_pthreads(const cxb_gen_spec *s, struct cxb_pool *pool, cxb_edges *out);

/* Same tuples, same order, generated on the GPU (impl_cuda/graph/gen.cu) and copied to
 * out on the host. block (threads per block, a multiple of 32 up to 1024; 0: 256) and
 * grid (blocks; 0: one row per thread, capped at 65535) never change the result. On
 * return gen_ms is the device time of the generation (events; for gnm round 0's draws of
 * all m tuples, docs/studies/graphgen.md, the deduplication rounds being part of the CSR build; 0
 * for ws, whose rewiring runs on the host) and d2h_ms the copy back. Without a GPU, or in a
 * build without CUDA (harness/backends.c): CXB_ERESOURCE. All work is queued on stream (a
 * cudaStream_t; NULL: the default stream). */
typedef struct cxb_gen_cuda_opts {
    unsigned block, grid;
    double gen_ms, d2h_ms;
    void *stream;
} cxb_gen_cuda_opts;
cxb_status cxb_generate_cuda(const cxb_gen_spec *s, cxb_gen_cuda_opts *o, cxb_edges *out);

#ifdef __cplusplus
}
#endif

#endif
