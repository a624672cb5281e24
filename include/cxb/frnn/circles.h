/* cxb/frnn/circles.h - the Circles model of the frnn study (docs/studies/frnn.md "Circles model";
 * Chisholm, Richmond and Maddock, Euro-Par 2016 workshops; Chisholm's thesis Sec. 3.1), one
 * definition for every backend.
 *
 * One step for agent i at x_i: for every candidate j of its query box with 0 < d2(x_i, x_j) < R2
 * (the study's predicate plus the zero-separation rule): v = x_j - x_i, s = sqrt(d2), u = 1 / s,
 * a = sin(fl(s * fl(pi~ / R)) * -2) * k, F += a * (v * u) per component, c += 1; then F /= c
 * (the mean, as the thesis code and FLAME GPU 2 do; force_sum keeps the sum of the thesis's
 * Eq. 3.3) and x_i += F, unclamped. pi~ = 3.141 and k = 0.05 are the constants of the thesis
 * code and FLAME GPU 2.
 *
 * The paper's expression divides by s three times and by R once; one reciprocal of s and one
 * constant pi~ / R give the same quantities within an ulp per operation at a third of the cost on
 * the GPU, where a correctly rounded division is a sequence of a dozen instructions with a branch
 * (docs/studies/frnn.md "Circles model").
 *
 * Deterministic across backends: every operation is rounded binary32 (sqrt, division and the
 * reciprocal are correctly rounded on host and device), and the sine is cxb_sinf_det below
 * rather than the libraries' sinf, which differ between CUDA and C. With a stable build and the
 * same w the seq, pthreads and CUDA trajectories are bit-identical, for moore, pbw and strips
 * alike (they visit the candidates in the same order, cxb/frnn/query.h).
 */
#ifndef CXB_FRNN_CIRCLES_H
#define CXB_FRNN_CIRCLES_H

#include <math.h>
#include <stdint.h>

#include "cxb/frnn/query.h"
#include "cxb/hd.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__CUDA_ARCH__)
#define CXB_FRNN_DIV(a, b) __fdiv_rn((a), (b))
#define CXB_FRNN_RCP(a) __frcp_rn(a)
#define CXB_FRNN_SQRT(a) __fsqrt_rn(a)
#else
#define CXB_FRNN_DIV(a, b) ((float)((a) / (b)))
#define CXB_FRNN_RCP(a) ((float)(1.0f / (a)))
#define CXB_FRNN_SQRT(a) sqrtf(a)
#endif

#define CXB_FRNN_CIRCLES_PI 3.141f /* thesis code and FLAME GPU 2: the constant used in the force */
#define CXB_FRNN_CIRCLES_K 0.05f   /* thesis Table 3.1: repulse */

/* sin(x) for |x| <= 2*pi with a fixed sequence of rounded operations: |x| is reduced to
 * [-pi/2, pi/2] by pi - |x| or |x| - 2*pi with two-part constants (Cody and Waite): the
 * subtraction of the high part is exact (Sterbenz), so the only rounding happens at the size of
 * the result; then the odd Taylor polynomial to x^13 by Horner, and the sign restored. */
static inline CXB_HD float cxb_sinf_det(float x)
{
    const float two_pi_hi = 6.28318548202514648f, two_pi_lo = -1.74845553e-07f;
    const float pi_hi = 3.14159274101257324f, pi_lo = -8.74227766e-08f;
    const float half_pi = 1.57079637050628662f, three_half_pi = 4.71238899230957031f;
    float sgn = x < 0.0f ? -1.0f : 1.0f;
    float y = x < 0.0f ? -x : x;
    if (y > three_half_pi)
        y = CXB_FRNN_SUB(CXB_FRNN_SUB(y, two_pi_hi), two_pi_lo); /* sin(y) = sin(y - 2 pi) */
    else if (y > half_pi)
        y = CXB_FRNN_ADD(CXB_FRNN_SUB(pi_hi, y), pi_lo); /* sin(y) = sin(pi - y) */
    float x2 = CXB_FRNN_MUL(y, y);
    float p = 1.6059043836821613e-10f;                               /* 1/13! */
    p = CXB_FRNN_ADD(CXB_FRNN_MUL(p, x2), -2.5052108385441720e-08f); /* -1/11! */
    p = CXB_FRNN_ADD(CXB_FRNN_MUL(p, x2), 2.7557319223985893e-06f);  /* 1/9! */
    p = CXB_FRNN_ADD(CXB_FRNN_MUL(p, x2), -1.9841269841269841e-04f); /* -1/7! */
    p = CXB_FRNN_ADD(CXB_FRNN_MUL(p, x2), 8.3333333333333333e-03f);  /* 1/5! */
    p = CXB_FRNN_ADD(CXB_FRNN_MUL(p, x2), -1.6666666666666667e-01f); /* -1/3! */
    return CXB_FRNN_MUL(sgn, CXB_FRNN_ADD(y, CXB_FRNN_MUL(CXB_FRNN_MUL(p, x2), y)));
}

typedef struct cxb_frnn_circles_params {
    float k;        /* force constant (0.05; < 0 separates) */
    float pi;       /* 3.141, or the float nearest pi (pi=exact) */
    int force_sum;  /* 1: the sum of the thesis's Eq. 3.3 instead of the mean */
} cxb_frnn_circles_params;

/* Whether a squared distance d2 makes a force: 0 < d2 < R2 (r2), the study's predicate plus the
 * zero-separation rule, so an agent is never its own neighbour. */
static inline CXB_HD int cxb_frnn_circles_within(float d2, float r2)
{
    return d2 < r2 && d2 > 0.0f;
}

/* Whether agent o exerts a force on agent q (positions); *d2 gets the squared distance. */
static inline CXB_HD int cxb_frnn_circles_near(const cxb_frnn_grid *g, const float *q, const float *o, float *d2)
{
    *d2 = cxb_frnn_d2(g->dims, q, o);
    return cxb_frnn_circles_within(*d2, g->r2);
}

/* The constant of the sine's argument, fl(pi~ / R): once per step or per agent, not per pair
 * (nvcc does not hoist the division out of the candidate loops by itself). */
static inline CXB_HD float cxb_frnn_circles_pi_r(const cxb_frnn_grid *g, const cxb_frnn_circles_params *cp)
{
    return CXB_FRNN_DIV(cp->pi, g->radius);
}

/* The force of agent o on agent q (positions) at their squared distance d2 (0 < d2 < R2), one
 * term a * (v * u) per axis into t (t[2] = 0 in 2D), pr = cxb_frnn_circles_pi_r: the one
 * definition of the pair rule. A backend may compute the terms of several pairs at once and add
 * them afterwards, as long as it adds them in visit order (cxb_frnn_circles_add). The axes are
 * written out (z only in 3D), not looped over dims: a loop with a run-time bound is not unrolled
 * by nvcc. */
static inline CXB_HD void cxb_frnn_circles_term(const cxb_frnn_grid *g, const float *q, const float *o, float d2,
                                               const cxb_frnn_circles_params *cp, float pr, float *t)
{
    float dist = CXB_FRNN_SQRT(d2), inv = CXB_FRNN_RCP(dist);
    float arg = CXB_FRNN_MUL(CXB_FRNN_MUL(dist, pr), -2.0f);
    float a = CXB_FRNN_MUL(cxb_sinf_det(arg), cp->k);
    t[0] = CXB_FRNN_MUL(a, CXB_FRNN_MUL(CXB_FRNN_SUB(o[0], q[0]), inv));
    t[1] = CXB_FRNN_MUL(a, CXB_FRNN_MUL(CXB_FRNN_SUB(o[1], q[1]), inv));
    t[2] = g->dims == 3 ? CXB_FRNN_MUL(a, CXB_FRNN_MUL(CXB_FRNN_SUB(o[2], q[2]), inv)) : 0.0f;
}

/* f += t, one rounded addition per axis (z only in 3D). */
static inline CXB_HD void cxb_frnn_circles_add(const cxb_frnn_grid *g, const float *t, float *f)
{
    f[0] = CXB_FRNN_ADD(f[0], t[0]);
    f[1] = CXB_FRNN_ADD(f[1], t[1]);
    if (g->dims == 3)
        f[2] = CXB_FRNN_ADD(f[2], t[2]);
}

/* The force of agent o on agent q (positions), added to f: 1 when applied (cxb_frnn_circles_near). */
static inline CXB_HD int cxb_frnn_circles_pair(const cxb_frnn_grid *g, const float *q, const float *o,
                                              const cxb_frnn_circles_params *cp, float pr, float *f)
{
    float d2, t[3];
    if (!cxb_frnn_circles_near(g, q, o, &d2))
        return 0;
    cxb_frnn_circles_term(g, q, o, d2, cp, pr, t);
    cxb_frnn_circles_add(g, t, f);
    return 1;
}

/* The move of q by the summed force f of c neighbours: the mean (or the sum), unclamped. */
static inline CXB_HD void cxb_frnn_circles_move(const cxb_frnn_grid *g, const float *q, const float *f, uint32_t c,
                                               const cxb_frnn_circles_params *cp, float *out)
{
    const int mean = c && !cp->force_sum;
    for (uint32_t d = 0; d < 3; ++d) /* a constant bound: unrolled; z kept as is in 2D */
        if (d < g->dims)
            out[d] = CXB_FRNN_ADD(q[d], mean ? CXB_FRNN_DIV(f[d], (float)c) : f[d]);
}

/* One agent's step: its new record (position moved, id kept); *count gets the neighbours that
 * exerted a force (0 < d2 < R2). */
static inline CXB_HD cxb_frnn_rec cxb_frnn_circles_one(const cxb_frnn_view *v, int kind, const cxb_frnn_rec *q,
                                                     const cxb_frnn_circles_params *cp, uint32_t *count)
{
    cxb_frnn_iter it;
    uint32_t s, e, c = 0;
    float f[3] = {0.0f, 0.0f, 0.0f};
    const float pr = cxb_frnn_circles_pi_r(&v->grid, cp);
    cxb_frnn_iter_init(&it, v, kind, q->p);
    while (cxb_frnn_iter_next(&it, v, &s, &e, NULL)) {
        for (uint32_t k = s; k < e; ++k) {
            cxb_frnn_rec o = v->storage[k];
            if (o.id != q->id)
                c += (uint32_t)cxb_frnn_circles_pair(&v->grid, q->p, o.p, cp, pr, f);
        }
    }
    cxb_frnn_rec out = *q;
    cxb_frnn_circles_move(&v->grid, q->p, f, c, cp, out.p);
    if (count)
        *count = c;
    return out;
}

#ifdef __cplusplus
}
#endif

#endif
