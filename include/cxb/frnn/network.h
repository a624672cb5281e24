/* cxb/frnn/network.h - the Network model of the frnn study (docs/studies/frnn.md "The Network
 * model"; Chisholm's thesis Sec. 3.2, Algorithm 4): uniform spatial partitioning used as a
 * multi-map keyed by graph edge, one definition for every backend.
 *
 * A graph of v vertices, each with e out-edges and e in-edges; the bins are its m = v * e edges,
 * edge j = vertex * e + k leaving `vertex`. a actors move along the edges. An actor is stored as a
 * cxb_frnn_rec: p[0] its edge (an integer, exact in binary32 since m <= 2^24), p[1] its progress
 * along the edge, p[2] its speed, id the actor. The grid of cxb_frnn_network_grid (2D, one row
 * of m bins of width 1) puts an actor in the bin of its edge, so that every construction of the
 * study (counting, acs, original ...) builds the model's index unchanged.
 *
 * One synchronous step of an actor over the index of the step's start:
 *   1. progress += speed (rounded binary32);
 *   2. the survey: the e out-edges of the vertex its edge enters, in the order
 *      (off + t) mod e, t = 0 .. e-1, off = bounded(x0, e) of cxb_gdraw(seed, 41, actor, step);
 *      each edge's occupants are counted by walking its bin, as the thesis does (the PBM would
 *      give the count directly; the walk is the workload the model measures);
 *   3. if progress >= the length of its edge and some surveyed edge has occupants < c (the soft
 *      capacity), the actor moves to the edge with the most spare capacity, the first in survey
 *      order on ties, with progress 0.
 * Counts come from the build at the start of the step, so simultaneous moves may overfill an
 * edge: the outcome of an actor depends only on the step's starting state, never on the order in
 * which actors are processed or stored, and is the same on every backend and build.
 */
#ifndef CXB_FRNN_NETWORK_H
#define CXB_FRNN_NETWORK_H

#include <stdint.h>

#include "cxb/frnn/grid.h"
#include "cxb/graph/keyed.h"
#include "cxb/hd.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CXB_FRNN_NETWORK_MAX_EDGES (1u << 24) /* v * e: an edge index is exact in binary32 */

/* The model's constants and graph; dst and len (m entries each) are host or device pointers,
 * whichever side runs the step. */
typedef struct cxb_frnn_network {
    uint32_t v, e, m; /* vertices, edges per vertex (out and in), m = v * e */
    uint32_t c;       /* soft capacity per edge */
    uint64_t seed;
    const uint32_t *dst; /* dst[edge]: the vertex the edge enters */
    const float *len;    /* len[edge] in [1, 2) */
} cxb_frnn_network;

static inline CXB_HD uint32_t cxb_frnn_network_edge(const cxb_frnn_rec *a)
{
    return (uint32_t)a->p[0];
}

/* The first surveyed out-edge (0 .. e-1) of actor `actor` at step `step`. */
static inline CXB_HD uint32_t cxb_frnn_network_offset(uint64_t seed, uint32_t actor, uint32_t step, uint32_t e)
{
    return (uint32_t)cxb_gbounded(cxb_gx0(cxb_gdraw(seed, CXB_GDOM_FRNN_SURVEY, actor, step)), e);
}

/* Occupants of edge f, counted by walking its bin of the compact PBM. */
static inline CXB_HD uint32_t cxb_frnn_network_occupants(const cxb_frnn_rec *storage, const uint32_t *pbm, uint32_t f)
{
    uint32_t k = 0;
    for (uint32_t s = pbm[f], end = pbm[f + 1]; s < end; ++s)
        k += cxb_frnn_network_edge(&storage[s]) == f;
    return k;
}

/* Step 3 on one surveyed edge f with occ occupants: the running best, first on ties. */
static inline CXB_HD void cxb_frnn_network_consider(uint32_t c, uint32_t f, uint32_t occ, uint32_t *best,
                                                    uint32_t *best_spare)
{
    if (occ < c && c - occ > *best_spare) {
        *best = f;
        *best_spare = c - occ;
    }
}

/* Steps 1 and 3 of actor a once the survey chose best (best_spare = 0: no edge has room). */
static inline CXB_HD cxb_frnn_rec cxb_frnn_network_finish(const cxb_frnn_network *nw, cxb_frnn_rec a, uint32_t best,
                                                          uint32_t best_spare)
{
    float progress = CXB_FRNN_ADD(a.p[1], a.p[2]);
    if (progress >= nw->len[cxb_frnn_network_edge(&a)] && best_spare > 0) {
        a.p[0] = (float)best;
        progress = 0.0f;
    }
    a.p[1] = progress;
    return a;
}

/* The whole step of actor a over the index (storage, pbm) of the step's start. */
static inline CXB_HD cxb_frnn_rec cxb_frnn_network_move(const cxb_frnn_network *nw, const cxb_frnn_rec *storage,
                                                        const uint32_t *pbm, cxb_frnn_rec a, uint32_t step)
{
    const uint32_t e = nw->e, first = nw->dst[cxb_frnn_network_edge(&a)] * e;
    uint32_t j = cxb_frnn_network_offset(nw->seed, a.id, step, e), best = 0, best_spare = 0;
    for (uint32_t t = 0; t < e; ++t, j = j + 1 == e ? 0 : j + 1)
        cxb_frnn_network_consider(nw->c, first + j, cxb_frnn_network_occupants(storage, pbm, first + j), &best,
                                  &best_spare);
    return cxb_frnn_network_finish(nw, a, best, best_spare);
}

#ifdef __cplusplus
}
#endif

#endif
