/* cxb/frnn/points.h - the frnn study's keyed inputs (docs/studies/frnn.md "Keyed inputs"):
 * coordinate `axis` of point `i` is one Philox4x32-10 block of the project's keyed draw
 * (cxb_gdraw, docs/studies/graph.md Sec. 8) in domain CXB_GDOM_FRNN_POINTS, so a point set
 * depends only on (seed, n, box), never on the backend, the thread count or the order in which
 * points are drawn.
 *
 * A coordinate on [lo, hi): u = (w0 >> 8) * 2^-24 (exact in binary32), x = fl(lo + fl((hi - lo) * u)),
 * replaced by the predecessor of hi if rounding reaches hi.
 */
#ifndef CXB_FRNN_POINTS_H
#define CXB_FRNN_POINTS_H

#include <stdint.h>

#include "cxb/frnn/grid.h"
#include "cxb/graph/keyed.h"
#include "cxb/hd.h"

/* The float on [lo, hi) of one draw word w0 (the rule above); the Network model's edge lengths
 * and speeds use it too (cxb/frnn/network.h). */
static inline CXB_HD float cxb_frnn_unit_to(uint32_t w0, float lo, float hi)
{
    float u = (float)(w0 >> 8) * 0x1p-24f;
    float x = CXB_FRNN_ADD(lo, CXB_FRNN_MUL(CXB_FRNN_SUB(hi, lo), u));
    if (x >= hi && hi > lo) { /* the predecessor of hi (hi finite, so its bits step down by one) */
        union {
            float f;
            uint32_t u;
        } b;
        b.f = hi;
        b.u = hi > 0.0f ? b.u - 1u : (hi == 0.0f ? 0x80000001u : b.u + 1u);
        x = b.f;
    }
    return x;
}

static inline CXB_HD float cxb_frnn_draw_coord(uint64_t seed, uint64_t i, uint32_t axis, float lo, float hi)
{
    return cxb_frnn_unit_to(cxb_gdraw(seed, CXB_GDOM_FRNN_POINTS, i, axis).v[0], lo, hi);
}

/* Point i of a uniform set on the box [lo, hi) per axis (2D: z = 0); id = i. */
static inline CXB_HD cxb_frnn_rec cxb_frnn_draw_point(uint64_t seed, uint64_t i, uint32_t dims, const float *lo,
                                                    const float *hi)
{
    cxb_frnn_rec r;
    for (uint32_t a = 0; a < 3; ++a)
        r.p[a] = a < dims ? cxb_frnn_draw_coord(seed, i, a, lo[a], hi[a]) : 0.0f;
    r.id = (uint32_t)i;
    return r;
}

#endif
