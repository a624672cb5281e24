/* suites/frnn/inputs.h - the frnn study's input set-ups (docs/studies/frnn.md "Circles model"):
 * the box of a keyed uniform point set, from the set-up's own parameters, shared by the rows
 * and `cxbench frnn gen`. */
#ifndef CXB_SUITES_FRNN_INPUTS_H
#define CXB_SUITES_FRNN_INPUTS_H

#include <stdint.h>

#include "cxb/core/status.h"
#include "cxb/frnn/grid.h"

typedef enum cxb_frnn_dist {
    CXB_FRNN_DIST_UNIFORM,
    CXB_FRNN_DIST_THESIS,
    CXB_FRNN_DIST_FGPU2,
    CXB_FRNN_DIST_STRIP
} cxb_frnn_dist;
extern const char *const cxb_frnn_dist_names[5]; /* "uniform", "circles-thesis", "circles-fgpu2", "strip", NULL */

/* The box [lo, hi) of a set-up:
 *   uniform          [0, width) per axis (width > 0 given);
 *   circles-thesis   [0, W) with R = 1 and W = floor(sqrt(n / (nbar * 2.86 / 9))) in 2D,
 *                    floor(cbrt(n / (nbar * 6.45 / 27))) in 3D (the thesis's Ch. 5-6 set-up, its
 *                    integer W included), at least 1;
 *   circles-fgpu2    [-W/2, W/2) with W = round(cbrt(n / density)) (FLAME GPU 2's circles
 *                    benchmark: R = 2, density 1, 3D; sqrt in 2D), at least 1;
 *   strip            [0, width) on x and [0, 1) on the other axes: with R = 1 and w = 1 a row of
 *                    `width` bins, so that n points fall uniformly on K = width keys (the
 *                    contention set-up of the thesis's Fig. 4.2).
 * *radius gets the set-up's radius (1, 1, 2). CXB_EINPUT naming the parameter. */
cxb_status cxb_frnn_box_of(int dist, uint32_t dims, uint64_t n, double width, double nbar, double density, float *lo,
                           float *hi, double *radius);

/* n keyed points of seed in [lo, hi) (cxb_frnn_draw_point), ids 0..n-1. */
void cxb_frnn_points_fill(cxb_frnn_rec *out, uint64_t seed, uint64_t n, uint32_t dims, const float *lo,
                          const float *hi);

#endif
