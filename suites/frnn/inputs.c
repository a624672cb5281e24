/* The frnn study's input set-ups (suites/frnn/inputs.h; docs/studies/frnn.md "Circles model"):
 * the thesis's set-up (Chisholm's thesis Sec. 5.3 / 6.3: R = 1, W from the population and the
 * target radial neighbour count, truncated to an integer as the thesis code does) and FLAME
 * GPU 2's circles-benchmark fixed-density set-up (R = 2, W = round(cbrt(V)), box centred on 0),
 * the strip of the contention experiment (one row of bins), and keyed uniform points in a box. */
#include <math.h>

#include "cxb/frnn/points.h"
#include "suites/frnn/inputs.h"

const char *const cxb_frnn_dist_names[5] = {"uniform", "circles-thesis", "circles-fgpu2", "strip", NULL};

cxb_status cxb_frnn_box_of(int dist, uint32_t dims, uint64_t n, double width, double nbar, double density, float *lo,
                           float *hi, double *radius)
{
    double w = width;
    *radius = 1.0;
    if (dims != 2 && dims != 3)
        return cxb_fail(CXB_EINPUT, "--dims: %u: expected 2 or 3", dims);
    if (dist == CXB_FRNN_DIST_THESIS) {
        if (!(nbar > 0) || !isfinite(nbar))
            return cxb_fail(CXB_EINPUT, "--nbar: %g: expected a finite value > 0", nbar);
        /* thesis Eq. 6.x: 2.86/9 and 6.45/27 are the radial share of the Moore neighbourhood */
        w = dims == 2 ? floor(sqrt((double)n / (nbar * 2.86 / 9.0))) : floor(cbrt((double)n / (nbar * 6.45 / 27.0)));
    } else if (dist == CXB_FRNN_DIST_FGPU2) {
        if (!(density > 0) || !isfinite(density))
            return cxb_fail(CXB_EINPUT, "--density: %g: expected a finite value > 0", density);
        w = round(dims == 3 ? cbrt((double)n / density) : sqrt((double)n / density));
        *radius = 2.0;
    } else if (!(width > 0) || !isfinite(width) || width > 1e30) {
        return cxb_fail(CXB_EINPUT, "--width: %g: expected a finite value > 0", width);
    }
    if (w < 1.0)
        w = 1.0;
    for (uint32_t a = 0; a < 3; ++a) {
        lo[a] = hi[a] = 0.0f;
        if (a >= dims)
            continue;
        lo[a] = dist == CXB_FRNN_DIST_FGPU2 ? (float)(-w / 2) : 0.0f;
        hi[a] = dist == CXB_FRNN_DIST_FGPU2 ? (float)(w / 2) : dist == CXB_FRNN_DIST_STRIP && a > 0 ? 1.0f : (float)w;
    }
    return CXB_OK;
}

void cxb_frnn_points_fill(cxb_frnn_rec *out, uint64_t seed, uint64_t n, uint32_t dims, const float *lo,
                          const float *hi)
{
    for (uint64_t i = 0; i < n; ++i)
        out[i] = cxb_frnn_draw_point(seed, i, dims, lo, hi);
}
