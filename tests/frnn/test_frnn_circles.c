/* frnn_circles: the Circles model on the CPU rows (docs/studies/frnn.md "Circles model",
 * "Model oracles"):
 *   - cxb_sinf_det against the double-precision sine on a dense grid of [-2 pi, 2 pi] (at most
 *     4 ulp, or 2^-24 absolute near the zeros) and at the arguments the force uses;
 *   - one step against a force computed here over the input by brute force (its own loop, the
 *     same rounded operations): bit-identical;
 *   - 200-step trajectories from the thesis and FLAME GPU 2 set-ups: bit-identical for
 *     counting.seq + strips.seq, counting.pthreads at 1, 2, 3 and 8 threads, and moore, pbw and
 *     strips at equal w; the mean number of neighbours rises over the run (k = 0.05: the agents
 *     cluster into rings or shells);
 *   - coincident agents are neighbours but exert no force (no NaN).
 * Fresh seed each run (printed; CXB_TEST_SEED=S repeats). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/config.h"
#include "cxb/core/pool.h"
#include "cxb/frnn/frnn.h"
#include "cxb/frnn/points.h"
#include "suites/frnn/inputs.h"

static uint32_t ulp_diff(float a, float b)
{
    int32_t x, y;
    memcpy(&x, &a, 4);
    memcpy(&y, &b, 4);
    if (x < 0)
        x = (int32_t)0x80000000 - x;
    if (y < 0)
        y = (int32_t)0x80000000 - y;
    return x > y ? (uint32_t)(x - y) : (uint32_t)(y - x);
}

static void sine(void)
{
    uint32_t worst = 0;
    float at = 0;
    for (int i = -2000000; i <= 2000000; ++i) {
        float x = (float)(i * (6.283185307179586 / 2000000.0));
        if (fabsf(x) > 6.2831850f)
            continue;
        float got = cxb_sinf_det(x), want = (float)sin((double)x);
        if (fabs((double)got - sin((double)x)) <= 0x1p-24)
            continue; /* near a zero: absolute error */
        uint32_t u = ulp_diff(got, want);
        if (u > worst)
            worst = u, at = x;
    }
    fprintf(stderr, "frnn_circles: cxb_sinf_det: worst %u ulp at %.9g\n", worst, at);
    CHECK_MSG(worst <= 4, "cxb_sinf_det: %u ulp at %.9g", worst, at);
}

/* the step written here: brute force over the agents in storage order */
static void brute_step(const cxb_frnn_rec *st, uint32_t n, uint32_t dims, float r, const cxb_frnn_circles_params *cp,
                       cxb_frnn_rec *out)
{
    float r2 = r * r;
    for (uint32_t k = 0; k < n; ++k) {
        const cxb_frnn_rec *q = &st[k];
        float f[3] = {0, 0, 0};
        uint32_t c = 0;
        for (uint32_t j = 0; j < n; ++j) {
            const cxb_frnn_rec *o = &st[j];
            if (o->id == q->id)
                continue;
            float v[3] = {o->p[0] - q->p[0], o->p[1] - q->p[1], o->p[2] - q->p[2]};
            float d2 = v[0] * v[0];
            d2 = d2 + v[1] * v[1];
            if (dims == 3)
                d2 = d2 + v[2] * v[2];
            if (!(d2 > 0.0f && d2 < r2))
                continue;
            float s = sqrtf(d2), u = 1.0f / s;
            float a = cxb_sinf_det((s * (cp->pi / r)) * -2.0f) * cp->k;
            for (uint32_t d = 0; d < dims; ++d)
                f[d] = f[d] + a * (v[d] * u);
            ++c;
        }
        out[k] = *q;
        for (uint32_t d = 0; d < dims; ++d)
            out[k].p[d] = q->p[d] + (c ? f[d] / (float)c : f[d]);
    }
}

typedef struct traj {
    cxb_frnn_rec *cur, *next;
} traj;

/* steps of one configuration: build (counting, seq or on pool) then step; returns the final
 * agents (storage order) and the mean neighbour counts of the first and last step */
static cxb_frnn_rec *run(const cxb_frnn_rec *init, uint32_t n, const cxb_frnn_grid *g, int kind, cxb_pool *pool,
                         const cxb_frnn_circles_params *cp, int steps, double *first, double *last)
{
    cxb_frnn_rec *cur = malloc((n + 1) * sizeof *cur), *next = malloc((n + 1) * sizeof *next);
    memcpy(cur, init, n * sizeof *cur);
    cxb_frnn_index ix;
    CHECK(cxb_frnn_index_alloc(&ix, g, n) == CXB_OK);
    for (int s = 0; s < steps; ++s) {
        int fb = 0;
        CHECK(pool ? cxb_frnn_build_counting_pthreads(pool, cur, &ix, 0, &fb) == CXB_OK
                   : cxb_frnn_build_counting_seq(cur, &ix) == CXB_OK);
        cxb_frnn_view v = cxb_frnn_index_view(&ix);
        uint64_t pairs = 0;
        CHECK(pool ? cxb_frnn_circles_step_pthreads(pool, &v, kind, cp, next, &pairs) == CXB_OK
                   : cxb_frnn_circles_step_seq(&v, kind, cp, next, &pairs) == CXB_OK);
        if (s == 0 && first)
            *first = (double)pairs / n;
        if (s == steps - 1 && last)
            *last = (double)pairs / n;
        cxb_frnn_rec *t = cur;
        cur = next;
        next = t;
    }
    cxb_frnn_index_free(&ix);
    free(next);
    return cur;
}

static void one_step(uint64_t seed)
{
    for (uint32_t dims = 2; dims <= 3; ++dims) {
        uint32_t n = 1500;
        float lo[3], hi[3];
        double r;
        CHECK(cxb_frnn_box_of(CXB_FRNN_DIST_THESIS, dims, n, 0, 20, 1, lo, hi, &r) == CXB_OK);
        cxb_frnn_rec *in = malloc(n * sizeof *in), *want = malloc(n * sizeof *want);
        cxb_frnn_points_fill(in, seed, n, dims, lo, hi);
        in[5] = in[4], in[5].id = 5; /* coincident agents */
        double mn[3] = {lo[0], lo[1], lo[2]}, mx[3] = {hi[0], hi[1], hi[2]};
        cxb_frnn_grid g;
        CHECK(cxb_frnn_grid_make(dims, mn, mx, r, 0.5, 1u << 24, &g) == CXB_OK);
        cxb_frnn_circles_params cp;
        cxb_frnn_circles_params_init(&cp);
        cxb_frnn_rec *got = run(in, n, &g, CXB_FRNN_STRIPS, NULL, &cp, 1, NULL, NULL);
        /* the step's input is the storage order of the build */
        cxb_frnn_index ix;
        CHECK(cxb_frnn_index_alloc(&ix, &g, n) == CXB_OK && cxb_frnn_build_counting_seq(in, &ix) == CXB_OK);
        brute_step(ix.storage, n, dims, (float)r, &cp, want);
        CHECK_MSG(!memcmp(got, want, n * sizeof *got), "%uD: one step differs from the brute-force step", dims);
        for (uint32_t k = 0; k < n; ++k)
            CHECK(isfinite(got[k].p[0]) && isfinite(got[k].p[1]) && isfinite(got[k].p[2]));
        cxb_frnn_index_free(&ix);
        free(got);
        free(in);
        free(want);
    }
}

static void trajectories(uint64_t seed, cxb_pool **pools)
{
    static const int dists[] = {CXB_FRNN_DIST_THESIS, CXB_FRNN_DIST_FGPU2};
    for (int di = 0; di < 2; ++di)
        for (uint32_t dims = 2; dims <= 3; ++dims) {
            if (dists[di] == CXB_FRNN_DIST_FGPU2 && dims == 2)
                continue; /* FLAME GPU 2's benchmark is 3D */
            /* a quarter of the agents in a sanitizer build (10-50x slower; the same density) */
            uint32_t n = (dims == 2 ? 1200 : 1000) / (sizeof CXB_SANITIZER > 1 ? 4 : 1);
            float lo[3], hi[3];
            double r;
            CHECK(cxb_frnn_box_of(dists[di], dims, n, 0, 30, 1, lo, hi, &r) == CXB_OK);
            cxb_frnn_rec *in = malloc(n * sizeof *in);
            cxb_frnn_points_fill(in, seed + di, n, dims, lo, hi);
            /* the environment: wide enough for the agents' drift (positions are not clamped) */
            double mn[3], mx[3];
            for (int a = 0; a < 3; ++a)
                mn[a] = a < (int)dims ? lo[a] - 2 : 0, mx[a] = a < (int)dims ? hi[a] + 2 : 0;
            cxb_frnn_circles_params cp;
            cxb_frnn_circles_params_init(&cp);
            static const double ws[] = {1.0, 0.5};
            for (int wi = 0; wi < 2; ++wi) {
                cxb_frnn_grid g;
                CHECK(cxb_frnn_grid_make(dims, mn, mx, r, ws[wi], 1u << 24, &g) == CXB_OK);
                double m0 = 0, m1 = 0;
                cxb_frnn_rec *ref = run(in, n, &g, CXB_FRNN_STRIPS, NULL, &cp, 200, &m0, &m1);
                for (int kind = 0; kind < 3; ++kind) {
                    if (kind == CXB_FRNN_MOORE && ws[wi] != 1.0)
                        continue;
                    for (int t = -1; t < 4; ++t) {
                        if (kind != CXB_FRNN_STRIPS && t >= 0 && t != 2)
                            continue;
                        cxb_frnn_rec *got = run(in, n, &g, kind, t < 0 ? NULL : pools[t], &cp, 200, NULL, NULL);
                        CHECK_MSG(!memcmp(got, ref, n * sizeof *got),
                                  "%s %uD w=%g: %s on %s (pool %d): 200 steps not bit-identical to strips.seq",
                                  cxb_frnn_dist_names[dists[di]], dims, ws[wi], cxb_frnn_query_names[kind],
                                  t < 0 ? "seq" : "pthreads", t);
                        free(got);
                    }
                }
                if (wi == 0 && dists[di] == CXB_FRNN_DIST_THESIS) {
                    CHECK_MSG(m1 > m0, "%uD: mean neighbours %.2f at step 0, %.2f at step 199 (should rise)", dims, m0,
                              m1);
                }
                free(ref);
            }
            free(in);
        }
}

int main(void)
{
    uint64_t seed = (uint64_t)time(NULL) * 2654435761u;
    const char *env = getenv("CXB_TEST_SEED");
    if (env)
        seed = strtoull(env, NULL, 0);
    fprintf(stderr, "frnn_circles: seed %llu (CXB_TEST_SEED=%llu repeats)\n", (unsigned long long)seed,
            (unsigned long long)seed);
    static const unsigned tc[] = {1, 2, 3, 8};
    cxb_pool *pools[4];
    for (int t = 0; t < 4; ++t)
        if (cxb_pool_create(&pools[t], tc[t], CXB_BIND_NONE) != CXB_OK)
            return 1;
    sine();
    one_step(seed);
    trajectories(seed, pools);
    for (int t = 0; t < 4; ++t)
        cxb_pool_destroy(pools[t]);
    CHECK_DONE();
}
