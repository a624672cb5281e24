/* cxb/frnn/grid.h - the one definition of the uniform spatial partitioning grid of the frnn
 * study (docs/studies/frnn.md "Grid and hash"; Chisholm's thesis, Sec. 2.5.2 and Ch. 6 for
 * the proportional bin width): the bin coordinate, the bin index, the query box and the
 * distance predicate, for 2D and 3D, in binary32.
 *
 * Every backend (seq, pthreads, CUDA) computes a bin, a box and a distance only through these
 * static inline CXB_HD functions. Arithmetic is rounded per operation with no contraction:
 * C translation units are built with -ffp-contract=off and CUDA ones with --fmad=false, and the
 * device pass uses the explicitly rounded intrinsics, so every backend computes the same bits.
 *
 * Tight-box guarantee (docs/studies/frnn.md "Exactness"): if d2(q, p) < R2 then p lies in a bin
 * of cxb_frnn_box(q), for every bin width ratio w. d2 < R2 implies fl(dx*dx) < fl(R*R), hence
 * |fl(p.x - q.x)| < R, hence p.x <= fl(q.x + R) (rounding is monotone), and coord is monotone;
 * the same on the lower side and on every axis. So every query variant returns exactly the
 * brute-force set.
 */
#ifndef CXB_FRNN_GRID_H
#define CXB_FRNN_GRID_H

#include <stdint.h>

#include "cxb/hd.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Rounded binary32 operations: one definition, the same bits on host and device. */
#if defined(__CUDA_ARCH__)
#define CXB_FRNN_ADD(a, b) __fadd_rn((a), (b))
#define CXB_FRNN_SUB(a, b) __fsub_rn((a), (b))
#define CXB_FRNN_MUL(a, b) __fmul_rn((a), (b))
#else
#define CXB_FRNN_ADD(a, b) ((float)((a) + (b)))
#define CXB_FRNN_SUB(a, b) ((float)((a) - (b)))
#define CXB_FRNN_MUL(a, b) ((float)((a) * (b)))
#endif

#define CXB_FRNN_W_MIN 0.0625 /* docs/studies/frnn.md: 1/16 <= w <= 4 */
#define CXB_FRNN_W_MAX 4.0
#define CXB_FRNN_MAX_BINS_DEFAULT (1ull << 28) /* 1 GiB of PBM */
#define CXB_FRNN_MAX_BINS_LIMIT 0xfffffffeull  /* nbins + 1 entries must fit uint32 indices */
#define CXB_FRNN_EMPTY 0xffffffffu              /* an empty bin of the two-array PBM (Original) */

/* The grid of one configuration, computed once on the host (cxb_frnn_grid_make) and passed by
 * value to every kernel. Unused axes (z in 2D) have gdim 1 and min = max = 0. */
typedef struct cxb_frnn_grid {
    uint32_t dims;     /* 2 or 3 */
    float min[3], max[3];
    float radius;      /* R */
    float w;           /* bin-width ratio */
    float width;       /* W = fl(w * R) */
    float inv_width;   /* fl(1 / W) */
    float r2;          /* fl(R * R) */
    uint32_t gdim[3];  /* max(1, ceil((max - min) / W)) per axis */
    uint32_t nbins;    /* product of gdim */
} cxb_frnn_grid;

/* One stored item, 16 bytes so that one aligned load fetches a candidate (docs/studies/frnn.md
 * "Storage"). 2D items keep z = 0. id is the input index. */
typedef struct cxb_frnn_rec {
    CXB_ALIGN(16) float p[3];
    uint32_t id;
} cxb_frnn_rec;

/* Bin coordinate on axis a: t = fl(fl(x - min) * invW), clamped as a float before the
 * conversion, so that a far-away point cannot overflow an integer; NaN goes to bin 0. */
static inline CXB_HD uint32_t cxb_frnn_coord(const cxb_frnn_grid *g, float x, unsigned a)
{
    float t = CXB_FRNN_MUL(CXB_FRNN_SUB(x, g->min[a]), g->inv_width);
    if (!(t >= 0.0f))
        return 0;
    if (t >= (float)g->gdim[a])
        return g->gdim[a] - 1;
    uint32_t c = (uint32_t)t;
    return c < g->gdim[a] ? c : g->gdim[a] - 1;
}

/* Bin index, row-major with x fastest: x-adjacent bins are adjacent in the PBM (Strips). */
static inline CXB_HD uint32_t cxb_frnn_hash3(const cxb_frnn_grid *g, uint32_t cx, uint32_t cy, uint32_t cz)
{
    return (cz * g->gdim[1] + cy) * g->gdim[0] + cx;
}

static inline CXB_HD uint32_t cxb_frnn_bin(const cxb_frnn_grid *g, const float *p)
{
    uint32_t cz = g->dims == 3 ? cxb_frnn_coord(g, p[2], 2) : 0;
    return cxb_frnn_hash3(g, cxb_frnn_coord(g, p[0], 0), cxb_frnn_coord(g, p[1], 1), cz);
}

/* The query box of q: lo = coord(q - R), hi = coord(q + R) per axis, clamped once. */
static inline CXB_HD void cxb_frnn_box(const cxb_frnn_grid *g, const float *q, uint32_t *lo, uint32_t *hi)
{
    for (unsigned a = 0; a < 3; ++a) {
        if (a < g->dims) {
            lo[a] = cxb_frnn_coord(g, CXB_FRNN_SUB(q[a], g->radius), a);
            hi[a] = cxb_frnn_coord(g, CXB_FRNN_ADD(q[a], g->radius), a);
        } else {
            lo[a] = hi[a] = 0;
        }
    }
}

/* Squared distance from q to p: ((dx*dx) + (dy*dy)) + (dz*dz), dx = fl(p.x - q.x). */
static inline CXB_HD float cxb_frnn_d2(uint32_t dims, const float *q, const float *p)
{
    float dx = CXB_FRNN_SUB(p[0], q[0]), dy = CXB_FRNN_SUB(p[1], q[1]);
    float s = CXB_FRNN_ADD(CXB_FRNN_MUL(dx, dx), CXB_FRNN_MUL(dy, dy));
    if (dims == 3) {
        float dz = CXB_FRNN_SUB(p[2], q[2]);
        s = CXB_FRNN_ADD(s, CXB_FRNN_MUL(dz, dz));
    }
    return s;
}

/* The neighbour predicate: j != i by id and d2 < R2, strictly. */
static inline CXB_HD int cxb_frnn_accept(const cxb_frnn_grid *g, const cxb_frnn_rec *q, const cxb_frnn_rec *c)
{
    return c->id != q->id && cxb_frnn_d2(g->dims, q->p, c->p) < g->r2;
}

#ifdef __cplusplus
}
#endif

#endif
