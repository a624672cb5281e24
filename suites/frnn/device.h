/* suites/frnn/device.h - the device half of the frnn study's CUDA rows. The rows' code
 * (parameters, inputs, verification, the command line) lives in suites/frnn/ and names no CUDA
 * function; impl_cuda/frnn/rows.c (compiled only with CUDA) hands it the CUDA functions as this
 * table (docs/architecture.md "How CUDA rows are registered"). */
#ifndef CXB_SUITES_FRNN_DEVICE_H
#define CXB_SUITES_FRNN_DEVICE_H

#include "cxb/core/cuda.h"
#include "cxb/core/timing.h"
#include "cxb/frnn/frnn.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The components of a build whose times build() reports on request. */
#define CXB_FRNN_BUILD_PARTS 4

typedef struct cxb_frnn_dev {
    /* Allocates every device array of a build of kind `build` (ORIGINAL, ACS, ACS_STABLE) for
     * grid g and n items, CUB's temporary storage included, after checking the total against
     * cudaMemGetInfo (CXB_ERESOURCE naming the bytes, before any allocation); uploads in[0..n)
     * (the build's input, in input order) on stream. alloc_ms and h2d_ms receive the phases. */
    cxb_status (*open)(const cxb_frnn_grid *g, const cxb_frnn_rec *in, uint32_t n, int build, uint32_t block,
                       void *stream, void **dev, double *alloc_ms, double *h2d_ms);
    /* Replaces the input (same n) on the device. */
    cxb_status (*upload)(void *dev, const cxb_frnn_rec *in);
    /* One build, its kernels and CUB calls in the kernel phase (timing's spin queued first when
     * timing is not NULL); compact = 1 also makes the compact PBM after an Original build.
     * parts (NULL, or CXB_FRNN_BUILD_PARTS entries) receives the ms of each component of the
     * build, timed by events between them (thesis Figs 4.6-4.8), in this order:
     * Original hash, sort, memset, reorder; ACS memset, histogram, scan, scatter. The
     * deterministic ACS has no parts (CXB_EINPUT). */
    cxb_status (*build)(void *dev, int compact, cxb_timing *timing, cxb_phases *ph, double *parts);
    /* The storage array and compact PBM of the last build, to the host (ix allocated for g, n). */
    cxb_status (*download)(void *dev, cxb_frnn_index *ix);
    /* One query of kind over the last build with handler h: the kernels in the kernel phase, the
     * results copied to out (allocated here, indexed by id; list rows canonical) in the d2h phase. */
    cxb_status (*query)(void *dev, int kind, cxb_frnn_handler h, cxb_timing *timing, cxb_phases *ph,
                        cxb_frnn_result *out);
    /* One Circles step over the last build (cxb/frnn/circles.h): the moved agents, in storage
     * order, become the device input of the next build; out (may be NULL) receives them on the
     * host. The kernel in the kernel phase. team: lanes per agent (1, 2, 4, 8, 16 or 32; 0: the
     * table's choice for this population, see team below); the result is the same for every team. */
    cxb_status (*circles)(void *dev, int kind, uint32_t team, const cxb_frnn_circles_params *cp, cxb_timing *timing,
                          cxb_phases *ph, cxb_frnn_rec *out);
    /* A whole step: build (compact PBM) and circles in one timed interval of the kernel phase.
     * graph = 1 launches both as one CUDA graph, captured before the interval on the first call
     * (and again when kind, team or cp change); it needs a stream of the row's own (not NULL). */
    cxb_status (*step)(void *dev, int kind, uint32_t team, int graph, const cxb_frnn_circles_params *cp,
                       cxb_timing *timing, cxb_phases *ph, cxb_frnn_rec *out);
    /* The team a step with this team argument uses (0: chosen from n and the GPU's size). */
    uint32_t (*team)(void *dev, uint32_t team);
    /* The Network model (cxb/frnn/network.h): network_graph uploads the graph's dst and len
     * (m entries each), checking the device memory first; network runs one step, step `step`,
     * over the actors of the device input: whole = 1 builds them by edge (compact PBM) and moves
     * them in one timed interval of the kernel phase; whole = 0 moves them over the last build.
     * The moved actors, in storage order, become the device input; out (may be NULL) receives
     * them on the host. nw's dst and len are ignored (the uploaded graph is used). */
    cxb_status (*network_graph)(void *dev, const uint32_t *dst, const float *len, uint32_t m);
    cxb_status (*network)(void *dev, const cxb_frnn_network *nw, uint32_t step, int whole, cxb_timing *timing,
                          cxb_phases *ph, cxb_frnn_rec *out);
    void (*close)(void *dev);
} cxb_frnn_dev;

/* frnn.fgpu2style.cuda (impl_cuda/frnn/fgpu2style.cu): FLAME GPU 2's cost structure for one
 * Circles step over structure-of-arrays agents. open allocates and uploads in (3D, bin width R
 * in g), checking the device memory first; upload replaces the agents; step runs the message
 * build, the agent sort and the query + move in the kernel phase and copies the agents (sorted
 * by bin) to out when out is not NULL. */
typedef struct cxb_frnn_fgpu2_dev {
    cxb_status (*open)(const cxb_frnn_grid *g, const cxb_frnn_rec *in, uint32_t n, void *stream, void **dev,
                       double *alloc_ms, double *h2d_ms);
    cxb_status (*upload)(void *dev, const cxb_frnn_rec *in);
    cxb_status (*step)(void *dev, const cxb_frnn_circles_params *cp, cxb_timing *timing, cxb_phases *ph,
                       cxb_frnn_rec *out);
    void (*close)(void *dev);
} cxb_frnn_fgpu2_dev;

#ifdef __cplusplus
}
#endif

#endif
