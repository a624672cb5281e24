/* suites/frnn/study.c - the frnn study (docs/studies/frnn.md): fixed-radius near neighbours with
 * uniform spatial partitioning after Chisholm's thesis (University of Sheffield, 2020): the
 * constructions of Ch. 4 (Original, atomic counting sort) and the queries of Ch. 5-6 (Moore,
 * proportional bin width, Strips), on seq, pthreads and CUDA. Its CPU rows, the row code its CUDA
 * rows share (cxb_frnn_setup_dev, rows.h), the presets and the `cxbench frnn` command (cli.c).
 *
 * A point's input is n keyed uniform points (suites/frnn/inputs.h: dist=uniform with width,
 * circles-thesis with nbar, circles-fgpu2 with density), or the command line's points. A
 * construction row times its build; a query row builds untimed (build=..., default counting on
 * the CPU, acs on CUDA) and times its query with the handler (count, list, avg).
 *
 * Verification (docs/studies/frnn.md "Oracles"): a construction row's index passes the PBM and
 * storage invariants and has counting.seq's PBM, with the same storage for the stable builds and
 * the same ids per bin for the atomic ones; a query row's counts (and lists) equal brute.seq on
 * counting.seq's index (up to 2^14 points; strips.seq above, exact by the tight-box guarantee),
 * and its avg values equal, bit for bit, strips.seq's over the row's own index (the storage order
 * fixes the summation order). fault=1 is a test hook that changes one count after the run.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/core/pool.h"
#include "cxb/graph/graph.h"
#include "harness/params.h"
#include "suites/frnn/claims.h"
#include "suites/frnn/cli.h"
#include "suites/frnn/agents.h"
#include "suites/frnn/inputs.h"
#include "suites/frnn/network.h"
#include "suites/frnn/rows.h"
#include "suites/frnn/surplus_table.h"

static const char *const frnn_keys[] = {"dims", "n", "radius", "w", "dist", "width", "nbar", "density", "seed",
                                        "build", "handler", "threads", "block", "max_bins", "fault", "query",
                                        "force", "surplus", "team", "order", "per_bin", "steps", "graph", "parts", NULL};

/* ---- the command line's borrowed input ---- */

static const cxb_frnn_rec *input_pts;
static uint32_t input_n, input_dims;
static double input_min[3], input_max[3];

void cxb_frnn_input_set(const cxb_frnn_rec *pts, uint32_t n, uint32_t dims, const double *min, const double *max)
{
    input_pts = pts;
    input_n = n;
    input_dims = dims;
    for (int a = 0; a < 3 && min && max; ++a) {
        input_min[a] = min[a];
        input_max[a] = max[a];
    }
}

/* ---- the rows ---- */

typedef struct row_spec {
    const char *id;
    cxb_backend backend;
    int is_build, kind;
} row_spec;

static const row_spec specs[] = {
    {"frnn.counting.seq", CXB_BACKEND_SEQ, 1, CXB_FRNN_COUNTING},
    {"frnn.counting.pthreads", CXB_BACKEND_PTHREADS, 1, CXB_FRNN_COUNTING},
    {"frnn.acs.pthreads", CXB_BACKEND_PTHREADS, 1, CXB_FRNN_ACS},
    {"frnn.original.cuda", CXB_BACKEND_CUDA, 1, CXB_FRNN_ORIGINAL},
    {"frnn.acs.cuda", CXB_BACKEND_CUDA, 1, CXB_FRNN_ACS},
    {"frnn.acs_stable.cuda", CXB_BACKEND_CUDA, 1, CXB_FRNN_ACS_STABLE},
    {"frnn.moore.seq", CXB_BACKEND_SEQ, 0, CXB_FRNN_MOORE},
    {"frnn.pbw.seq", CXB_BACKEND_SEQ, 0, CXB_FRNN_PBW},
    {"frnn.strips.seq", CXB_BACKEND_SEQ, 0, CXB_FRNN_STRIPS},
    {"frnn.brute.seq", CXB_BACKEND_SEQ, 0, CXB_FRNN_BRUTE},
    {"frnn.moore.pthreads", CXB_BACKEND_PTHREADS, 0, CXB_FRNN_MOORE},
    {"frnn.pbw.pthreads", CXB_BACKEND_PTHREADS, 0, CXB_FRNN_PBW},
    {"frnn.strips.pthreads", CXB_BACKEND_PTHREADS, 0, CXB_FRNN_STRIPS},
    {"frnn.brute.pthreads", CXB_BACKEND_PTHREADS, 0, CXB_FRNN_BRUTE},
    {"frnn.moore.cuda", CXB_BACKEND_CUDA, 0, CXB_FRNN_MOORE},
    {"frnn.pbw.cuda", CXB_BACKEND_CUDA, 0, CXB_FRNN_PBW},
    {"frnn.strips.cuda", CXB_BACKEND_CUDA, 0, CXB_FRNN_STRIPS},
    {"frnn.brute.cuda", CXB_BACKEND_CUDA, 0, CXB_FRNN_BRUTE},
    {"frnn.circles.seq", CXB_BACKEND_SEQ, 2, CXB_FRNN_STRIPS},
    {"frnn.circles.pthreads", CXB_BACKEND_PTHREADS, 2, CXB_FRNN_STRIPS},
    {"frnn.circles.cuda", CXB_BACKEND_CUDA, 2, CXB_FRNN_STRIPS},
    {"frnn.fgpu2style.cuda", CXB_BACKEND_CUDA, 2, CXB_FRNN_STRIPS},
};

static const row_spec *spec_find(const char *id)
{
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; ++i)
        if (!strcmp(specs[i].id, id))
            return &specs[i];
    return NULL;
}

void cxb_frnn_teardown(void *vctx)
{
    cxb_frnn_ctx *c = vctx;
    if (!c)
        return;
    if (c->devh && c->fdev)
        c->fdev->close(c->devh);
    else if (c->devh)
        c->dev->close(c->devh);
    free(c->own);
    free(c->cur);
    free(c->next);
    free(c->ref_next);
    cxb_frnn_index_free(&c->ix);
    cxb_frnn_index_free(&c->ref_ix);
    cxb_frnn_result_free(&c->res);
    cxb_frnn_result_free(&c->ref);
    free(c);
}

/* The CPU build of kind into ix. */
static cxb_status cpu_build_from(cxb_frnn_ctx *c, int kind, const cxb_frnn_rec *in, cxb_frnn_index *ix)
{
    if (kind == CXB_FRNN_COUNTING && c->backend == CXB_BACKEND_SEQ)
        return cxb_frnn_build_counting_seq(in, ix);
    if (!c->pool)
        return kind == CXB_FRNN_COUNTING ? cxb_frnn_build_counting_seq(in, ix)
                                         : cxb_fail(CXB_EINPUT, "%s: no worker pool", c->id);
    if (kind == CXB_FRNN_COUNTING)
        return cxb_frnn_build_counting_pthreads(c->pool, in, ix, 0, &c->fallback);
    if (kind == CXB_FRNN_ACS)
        return cxb_frnn_build_acs_pthreads(c->pool, in, ix);
    return cxb_fail(CXB_EINPUT, "%s: build %s has no %s row (frnn.%s.%s)", c->id, cxb_frnn_build_names[kind],
                    cxb_backend_names[c->backend], cxb_frnn_build_names[kind], cxb_backend_names[c->backend]);
}

static cxb_status cpu_build(cxb_frnn_ctx *c, int kind, cxb_frnn_index *ix)
{
    return cpu_build_from(c, kind, c->in, ix);
}

static cxb_status step_run(cxb_frnn_ctx *c, cxb_phases *ph);

/* steps=K: the row's own step K times, untimed; the state after them (in the storage order of the
 * last step) becomes the input every sample starts from, so that a sample times a model that has moved (Table 5.1's
 * step 199) */
static cxb_status advance(cxb_frnn_ctx *c, uint32_t steps)
{
    cxb_status st = CXB_OK;
    for (uint32_t s = 0; s < steps && st == CXB_OK; ++s) {
        cxb_timing *keep = c->timing;
        c->timing = NULL;
        st = step_run(c, NULL);
        c->timing = keep;
        cxb_frnn_rec *t = c->cur;
        c->cur = c->next;
        c->next = t;
    }
    if (st == CXB_OK) /* in storage order, as the model keeps its agents from step to step */
        memcpy(c->own, c->cur, c->n * sizeof *c->cur);
    return st;
}

static cxb_status frnn_setup(const cxb_params *p, const cxb_env *env, const char *id, const cxb_frnn_dev *dev,
                             const cxb_frnn_fgpu2_dev *fdev, void **out)
{
    const row_spec *rs = spec_find(id);
    if (!rs)
        return cxb_fail(CXB_EINPUT, "%s: no such frnn row", id);
    cxb_frnn_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return cxb_fail(CXB_ERESOURCE, "frnn: out of host memory");
    c->id = rs->id;
    c->backend = rs->backend;
    c->is_build = rs->is_build;
    c->kind = rs->kind;
    c->dev = dev;
    c->fdev = fdev;
    cxb_frnn_circles_params_init(&c->cp);
    c->pool = env ? env->pool : NULL;
    c->timing = env ? env->timing : NULL;
    c->stream = env ? env->stream : NULL;
    uint64_t dims = 3, n = 1u << 14, block = 64, max_bins = CXB_FRNN_MAX_BINS_DEFAULT, fault = 0, surplus = 0, steps = 0,
             graph = 0, parts = 0;
    uint64_t threads = env ? env->threads : 0;
    double radius = 0, w = 1, width = 10, nbar = 70, density = 1, per_bin = 0;
    int dist = CXB_FRNN_DIST_THESIS, handler = CXB_FRNN_COUNT, query = CXB_FRNN_STRIPS, force = 0;
    static const char *const force_names[] = {"mean", "sum", NULL};
    static const char *const team_names[] = {"auto", "1", "2", "4", "8", "16", "32", NULL};
    static const char *const order_names[] = {"unsorted", "sorted", NULL};
    int team = 0, order = 0;
    int build_def = rs->backend == CXB_BACKEND_CUDA ? CXB_FRNN_ACS : CXB_FRNN_COUNTING, build = build_def;
    cxb_status st = cxb_params_check_keys(p, frnn_keys);
    if (st == CXB_OK && (st = cxb_params_u64(p, "dims", 3, &dims)) == CXB_OK &&
        (st = cxb_params_u64(p, "n", n, &n)) == CXB_OK && (st = cxb_params_double(p, "w", 1.0, &w)) == CXB_OK &&
        (st = cxb_params_double(p, "width", width, &width)) == CXB_OK &&
        (st = cxb_params_double(p, "nbar", nbar, &nbar)) == CXB_OK &&
        (st = cxb_params_double(p, "density", density, &density)) == CXB_OK &&
        (st = cxb_params_double(p, "per_bin", 0, &per_bin)) == CXB_OK &&
        (st = cxb_params_u64(p, "steps", 0, &steps)) == CXB_OK &&
        (st = cxb_params_u64(p, "graph", 0, &graph)) == CXB_OK &&
        (st = cxb_params_u64(p, "parts", 0, &parts)) == CXB_OK &&
        (st = cxb_params_u64(p, "seed", 1, &c->seed)) == CXB_OK &&
        (st = cxb_params_choice(p, "dist", cxb_frnn_dist_names, CXB_FRNN_DIST_THESIS, &dist)) == CXB_OK &&
        (st = cxb_params_choice(p, "build", cxb_frnn_build_names, build_def, &build)) == CXB_OK &&
        (st = cxb_params_choice(p, "handler", cxb_frnn_handler_names, CXB_FRNN_COUNT, &handler)) == CXB_OK &&
        (st = cxb_params_u64(p, "block", 64, &block)) == CXB_OK &&
        (st = cxb_params_u64(p, "max_bins", max_bins, &max_bins)) == CXB_OK &&
        (st = cxb_params_u64(p, "fault", 0, &fault)) == CXB_OK &&
        (st = cxb_params_u64(p, "surplus", 0, &surplus)) == CXB_OK &&
        (st = cxb_params_choice(p, "query", cxb_frnn_query_names, CXB_FRNN_STRIPS, &query)) == CXB_OK &&
        (st = cxb_params_choice(p, "force", force_names, 0, &force)) == CXB_OK &&
        (st = cxb_params_choice(p, "team", team_names, 0, &team)) == CXB_OK &&
        (st = cxb_params_choice(p, "order", order_names, 0, &order)) == CXB_OK)
        st = cxb_params_u64(p, "threads", threads, &threads);
    if (st == CXB_OK && rs->is_build == 2) {
        c->kind = query;
        c->cp.force_sum = force;
        if (fdev && (query != CXB_FRNN_STRIPS || w != 1.0 || build != build_def))
            st = cxb_fail(CXB_EINPUT, "%s: FLAME GPU 2's structure: strips, w = 1 and its own build", c->id);
    }
    if (st == CXB_OK && steps && (rs->is_build != 2 || steps > 100000))
        st = cxb_fail(CXB_EINPUT, "%s: --set steps=%llu: up to 100000, on a Circles step row only", c->id,
                      (unsigned long long)steps);
    if (st == CXB_OK && team && strcmp(c->id, "frnn.circles.cuda") != 0)
        st = cxb_fail(CXB_EINPUT, "%s: --set team=%s: frnn.circles.cuda only", c->id, team_names[team]);
    c->team = team ? 1u << (team - 1) : 0;
    if (st == CXB_OK && graph && (graph != 1 || strcmp(c->id, "frnn.circles.cuda") != 0))
        st = cxb_fail(CXB_EINPUT, "%s: --set graph=%llu: 1 on frnn.circles.cuda only", c->id, (unsigned long long)graph);
    if (st == CXB_OK && graph && build == CXB_FRNN_ACS_STABLE)
        st = cxb_fail(CXB_EINPUT, "%s: --set graph=1 with build=acs_stable: its segmented sort waits for the host, so "
                                  "it cannot be captured; use build=acs or original", c->id);
    c->graph = graph != 0;
    if (st == CXB_OK && parts &&
        (parts != 1 || (strcmp(c->id, "frnn.original.cuda") != 0 && strcmp(c->id, "frnn.acs.cuda") != 0)))
        st = cxb_fail(CXB_EINPUT, "%s: --set parts=%llu: 1 on frnn.original.cuda and frnn.acs.cuda only", c->id,
                      (unsigned long long)parts);
    c->parts = parts != 0;
    if (st == CXB_OK && surplus && (rs->is_build != 0 || surplus != 1))
        st = cxb_fail(CXB_EINPUT, "%s: --set surplus=%llu: 1 on a query row only", c->id, (unsigned long long)surplus);
    if (st == CXB_OK && (n > (1u << 28)))
        st = cxb_fail(CXB_EINPUT, "--set n=%llu: at most 2^28 points", (unsigned long long)n);
    if (st == CXB_OK && (block < 32 || block > 1024 || block % 32))
        st = cxb_fail(CXB_EINPUT, "--set block=%llu: a multiple of 32 in [32, 1024]", (unsigned long long)block);
    if (st == CXB_OK && rs->backend == CXB_BACKEND_PTHREADS && (!c->pool || threads != (env ? env->threads : 0)))
        st = cxb_fail(CXB_EINPUT, "%s: --set threads=%llu: no pool of that many workers", c->id,
                      (unsigned long long)threads);
    if (st == CXB_OK && rs->is_build != 1 && rs->backend != CXB_BACKEND_CUDA && build != CXB_FRNN_COUNTING &&
        !(build == CXB_FRNN_ACS && rs->backend == CXB_BACKEND_PTHREADS))
        st = cxb_fail(CXB_EINPUT, "%s: --build %s: frnn.%s.%s does not exist", c->id, cxb_frnn_build_names[build],
                      cxb_frnn_build_names[build], cxb_backend_names[rs->backend]);
    if (st == CXB_OK && rs->is_build != 1 && rs->backend == CXB_BACKEND_CUDA && build == CXB_FRNN_COUNTING)
        st = cxb_fail(CXB_EINPUT, "%s: --build counting: frnn.counting.cuda does not exist", c->id);
    if (st != CXB_OK) {
        cxb_frnn_teardown(c);
        return st;
    }
    c->build = rs->is_build == 1 ? rs->kind : build;
    c->handler = (cxb_frnn_handler)handler;
    c->block = (uint32_t)block;
    c->fault = fault != 0;
    c->surplus = surplus != 0;
    double mn[3], mx[3];
    if (input_pts || (input_n == 0 && input_dims)) { /* the command line's points */
        c->borrowed = 1;
        c->in = input_pts;
        c->n = input_n;
        dims = input_dims;
        memcpy(mn, input_min, sizeof mn);
        memcpy(mx, input_max, sizeof mx);
        snprintf(c->dist, sizeof c->dist, "file");
    } else {
        float lo[3], hi[3];
        double rdef;
        st = cxb_frnn_box_of(dist, (uint32_t)dims, n, width, nbar, density, lo, hi, &rdef);
        if (st == CXB_OK && per_bin != 0) { /* Figs 4.9-4.10: `width` wide, rows enough for per_bin a bin */
            if (dist != CXB_FRNN_DIST_UNIFORM || dims != 2 || !(per_bin > 0) || per_bin > 1e9)
                st = cxb_fail(CXB_EINPUT, "--set per_bin=%g: a value > 0 with dist=uniform and dims=2", per_bin);
            else if ((st = cxb_params_double(p, "radius", rdef, &radius)) == CXB_OK) {
                double bw = w * radius, rows = floor((double)n / (ceil(width / bw) * per_bin) + 0.5);
                hi[1] = (float)((rows < 1 ? 1 : rows) * bw);
            }
        }
        if (st == CXB_OK) {
            c->n = (uint32_t)n;
            c->own = malloc((n ? n : 1) * sizeof *c->own);
            if (!c->own)
                st = cxb_fail(CXB_ERESOURCE, "frnn: out of host memory for %llu points", (unsigned long long)n);
            else
                cxb_frnn_points_fill(c->own, c->seed, n, (uint32_t)dims, lo, hi);
            c->in = c->own;
            radius = rdef;
            for (int a = 0; a < 3; ++a) {
                mn[a] = lo[a];
                mx[a] = hi[a];
            }
            snprintf(c->dist, sizeof c->dist, "%s", cxb_frnn_dist_names[dist]);
        }
    }
    if (st == CXB_OK)
        st = cxb_params_double(p, "radius", radius ? radius : 1.0, &radius);
    if (st == CXB_OK)
        st = cxb_frnn_grid_make((uint32_t)dims, mn, mx, radius, w, max_bins, &c->grid);
    if (st == CXB_OK)
        st = cxb_frnn_index_alloc(&c->ix, &c->grid, c->n);
    if (st == CXB_OK && order && c->borrowed)
        st = cxb_fail(CXB_EINPUT, "%s: --set order=sorted: a points file keeps its own order", c->id);
    if (st == CXB_OK && order) { /* the thesis's sorted input (docs/studies/frnn.md "Constructions") */
        if ((st = cxb_frnn_build_counting_seq(c->own, &c->ix)) == CXB_OK) {
            for (uint32_t i = 0; i < c->n; ++i) {
                c->own[i] = c->ix.storage[i];
                c->own[i].id = i;
            }
        }
        c->sorted = 1;
    }
    if (st == CXB_OK && rs->is_build == 2) {
        size_t m = (c->n ? c->n : 1) * sizeof(cxb_frnn_rec);
        c->cur = malloc(m);
        c->next = malloc(m);
        if (!c->cur || !c->next)
            st = cxb_fail(CXB_ERESOURCE, "frnn: out of host memory for %u agents", c->n);
        else
            memcpy(c->cur, c->in, c->n * sizeof(cxb_frnn_rec));
    }
    if (st == CXB_OK && fdev) {
        st = fdev->open(&c->grid, c->in, c->n, c->stream, &c->devh, &c->alloc_ms, &c->h2d_ms);
    } else if (st == CXB_OK && rs->backend == CXB_BACKEND_CUDA) {
        if (!dev)
            st = cxb_fail(CXB_EINPUT, "%s: no device table", c->id);
        else
            st = dev->open(&c->grid, c->in, c->n, c->build, c->block, c->stream, &c->devh, &c->alloc_ms, &c->h2d_ms);
        if (st == CXB_OK && rs->is_build == 0) /* the query's index, untimed */
            st = dev->build(c->devh, c->kind != CXB_FRNN_MOORE, NULL, NULL, NULL);
    } else if (st == CXB_OK && rs->is_build == 0) {
        st = cpu_build(c, c->build, &c->ix);
    }
    if (st == CXB_OK && steps && c->borrowed)
        st = cxb_fail(CXB_EINPUT, "%s: --set steps: a points file is the state to time", c->id);
    if (st == CXB_OK && steps)
        st = advance(c, (uint32_t)steps);
    if (st != CXB_OK) {
        cxb_frnn_teardown(c);
        return st;
    }
    *out = c;
    return CXB_OK;
}

#define FRNN_SETUP(name, id)                                                                                   \
    static cxb_status name(const cxb_params *p, const cxb_env *env, void **ctx)                                \
    {                                                                                                          \
        return frnn_setup(p, env, id, NULL, NULL, ctx);                                                        \
    }
FRNN_SETUP(setup_counting_seq, "frnn.counting.seq")
FRNN_SETUP(setup_counting_pth, "frnn.counting.pthreads")
FRNN_SETUP(setup_acs_pth, "frnn.acs.pthreads")
FRNN_SETUP(setup_moore_seq, "frnn.moore.seq")
FRNN_SETUP(setup_pbw_seq, "frnn.pbw.seq")
FRNN_SETUP(setup_strips_seq, "frnn.strips.seq")
FRNN_SETUP(setup_brute_seq, "frnn.brute.seq")
FRNN_SETUP(setup_moore_pth, "frnn.moore.pthreads")
FRNN_SETUP(setup_pbw_pth, "frnn.pbw.pthreads")
FRNN_SETUP(setup_strips_pth, "frnn.strips.pthreads")
FRNN_SETUP(setup_brute_pth, "frnn.brute.pthreads")
FRNN_SETUP(setup_circles_seq, "frnn.circles.seq")
FRNN_SETUP(setup_circles_pth, "frnn.circles.pthreads")

cxb_status cxb_frnn_setup_dev(const cxb_params *p, const cxb_env *env, const char *id, const cxb_frnn_dev *dev,
                              void **ctx)
{
    if (!dev)
        return cxb_fail(CXB_EINPUT, "%s: no device table", id);
    return frnn_setup(p, env, id, dev, NULL, ctx);
}

cxb_status cxb_frnn_setup_fgpu2(const cxb_params *p, const cxb_env *env, const cxb_frnn_fgpu2_dev *fdev, void **ctx)
{
    if (!fdev)
        return cxb_fail(CXB_EINPUT, "frnn.fgpu2style.cuda: no device table");
    return frnn_setup(p, env, "frnn.fgpu2style.cuda", NULL, fdev, ctx);
}

cxb_status cxb_frnn_reset(void *vctx)
{
    cxb_frnn_ctx *c = vctx;
    if (c->is_build != 2)
        return CXB_OK;
    /* a step row starts every sample from the initial agents */
    memcpy(c->cur, c->in, c->n * sizeof *c->cur);
    if (c->fdev)
        return c->fdev->upload(c->devh, c->in);
    if (c->backend == CXB_BACKEND_CUDA)
        return c->dev->upload(c->devh, c->in);
    return CXB_OK;
}

/* one Circles step: build, query and move */
static cxb_status step_run(cxb_frnn_ctx *c, cxb_phases *ph)
{
    cxb_status st;
    if (c->fdev)
        st = c->fdev->step(c->devh, &c->cp, c->timing, ph, c->next);
    else if (c->backend == CXB_BACKEND_CUDA) {
        st = c->dev->step(c->devh, c->kind, c->team, c->graph, &c->cp, c->timing, ph, c->next);
    } else {
        if ((st = cpu_build_from(c, c->build, c->cur, &c->ix)) == CXB_OK) {
            cxb_frnn_view v = cxb_frnn_index_view(&c->ix);
            st = c->backend == CXB_BACKEND_SEQ ? cxb_frnn_circles_step_seq(&v, c->kind, &c->cp, c->next, NULL)
                                               : cxb_frnn_circles_step_pthreads(c->pool, &v, c->kind, &c->cp, c->next,
                                                                                NULL);
        }
    }
    if (st == CXB_OK && c->fault && c->n)
        c->next[0].p[0] += 1.0f;
    return st;
}

int cxb_frnn_float_order(void *vctx)
{
    const cxb_frnn_ctx *c = vctx;
    return c->is_build == 2 && (c->fdev || c->build == CXB_FRNN_ACS);
}

/* the step rows' check: the reference step (counting.seq + strips.seq), bit for bit for the
 * stable builds, within 1e-5 relative per coordinate otherwise (Euro-Par 2016's one-step parity) */
static cxb_status step_verify(cxb_frnn_ctx *c)
{
    cxb_status st = CXB_OK;
    if (!c->ref_next) {
        c->ref_next = malloc((c->n ? c->n : 1) * sizeof *c->ref_next);
        if (!c->ref_next)
            return cxb_fail(CXB_ERESOURCE, "frnn: out of host memory");
        cxb_frnn_view v = cxb_frnn_index_view(&c->ref_ix);
        if ((st = cxb_frnn_circles_step_seq(&v, CXB_FRNN_STRIPS, &c->cp, c->ref_next, NULL)) != CXB_OK)
            return st;
    }
    int exact = !c->fdev && c->build != CXB_FRNN_ACS;
    const cxb_frnn_rec **byid;
    st = cxb_frnn_agents_by_id(c->id, c->next, c->n, &byid);
    for (uint32_t k = 0; k < c->n && st == CXB_OK; ++k) {
        const cxb_frnn_rec *want = &c->ref_next[k], *got = byid[want->id];
        if (exact && !memcmp(got, want, sizeof *got))
            continue;
        for (uint32_t a = 0; a < c->grid.dims && st == CXB_OK; ++a) {
            double g = got->p[a], w = want->p[a], tol = 1e-5 * (fabs(w) > 1.0 ? fabs(w) : 1.0);
            if (exact ? g != w : !(fabs(g - w) <= tol))
                st = cxb_fail(CXB_EFAIL, "%s: agent %u axis %u after one step: %.9g, frnn.circles.seq %.9g%s", c->id,
                              want->id, a, g, w, exact ? " (a stable build: bit for bit)" : "");
        }
    }
    free(byid);
    return st;
}

cxb_status cxb_frnn_run(void *vctx, cxb_phases *ph)
{
    cxb_frnn_ctx *c = vctx;
    cxb_status st;
    if (c->is_build == 2)
        return step_run(c, ph);
    if (c->is_build) {
        if (c->backend == CXB_BACKEND_CUDA) {
            if ((st = c->dev->build(c->devh, 0, c->timing, ph, c->parts ? c->part_ms : NULL)) == CXB_OK)
                st = c->dev->download(c->devh, &c->ix); /* untimed by the phases: after the kernel events */
        } else {
            st = cpu_build(c, c->kind, &c->ix);
        }
        if (st == CXB_OK && c->fault && c->n)
            c->ix.storage[0].id ^= 1u;
        return st;
    }
    cxb_frnn_result_free(&c->res);
    if (c->backend == CXB_BACKEND_CUDA)
        st = c->dev->query(c->devh, c->kind, c->handler, c->timing, ph, &c->res);
    else {
        cxb_frnn_view v = cxb_frnn_index_view(&c->ix);
        st = c->backend == CXB_BACKEND_SEQ ? cxb_frnn_query_seq(&v, c->kind, c->handler, &c->res, NULL)
                                           : cxb_frnn_query_pthreads(c->pool, &v, c->kind, c->handler, &c->res, NULL);
    }
    if (st == CXB_OK && c->fault && c->n)
        c->res.count[c->n - 1] += 1;
    return st;
}

cxb_status cxb_frnn_reference(cxb_frnn_ctx *c)
{
    if (c->ref_done)
        return CXB_OK;
    cxb_status st = CXB_OK;
    if (!c->ref_ix.pbm) {
        if ((st = cxb_frnn_index_alloc(&c->ref_ix, &c->grid, c->n)) != CXB_OK ||
            (st = cxb_frnn_build_counting_seq(c->in, &c->ref_ix)) != CXB_OK)
            return st;
    }
    cxb_frnn_view v = cxb_frnn_index_view(&c->ref_ix);
    int brute = c->ref_brute || c->n <= CXB_FRNN_BRUTE_REF_MAX;
    c->ref_name = brute ? "frnn.brute.seq" : "frnn.strips.seq";
    cxb_frnn_handler h = c->handler == CXB_FRNN_LIST ? CXB_FRNN_LIST : CXB_FRNN_COUNT;
    st = cxb_frnn_query_seq(&v, brute ? CXB_FRNN_BRUTE : CXB_FRNN_STRIPS, h, &c->ref, NULL);
    c->ref_done = st == CXB_OK;
    return st;
}

/* the input of a build row by id (the borrowed and generated inputs are in id order) */
cxb_status cxb_frnn_verify(void *vctx)
{
    cxb_frnn_ctx *c = vctx;
    cxb_status st = CXB_OK;
    if (!c->ref_ix.pbm) {
        if ((st = cxb_frnn_index_alloc(&c->ref_ix, &c->grid, c->n)) != CXB_OK ||
            (st = cxb_frnn_build_counting_seq(c->in, &c->ref_ix)) != CXB_OK)
            return st;
    }
    if (c->is_build == 2)
        return step_verify(c);
    if (c->is_build) {
        if ((st = cxb_frnn_index_check(&c->ix, c->in, c->id)) != CXB_OK)
            return st;
        if (memcmp(c->ix.pbm, c->ref_ix.pbm, ((size_t)c->grid.nbins + 1) * sizeof *c->ix.pbm))
            return cxb_fail(CXB_EFAIL, "%s: the PBM differs from frnn.counting.seq's", c->id);
        int stable = c->kind == CXB_FRNN_COUNTING || c->kind == CXB_FRNN_ORIGINAL || c->kind == CXB_FRNN_ACS_STABLE;
        if (stable && !c->fallback) {
            for (uint32_t k = 0; k < c->n; ++k)
                if (c->ix.storage[k].id != c->ref_ix.storage[k].id)
                    return cxb_fail(CXB_EFAIL, "%s: slot %u holds id %u, frnn.counting.seq id %u (a stable build)",
                                    c->id, k, c->ix.storage[k].id, c->ref_ix.storage[k].id);
        }
        return CXB_OK; /* atomic builds: the invariants fix each bin's set of ids */
    }
    if ((st = cxb_frnn_reference(c)) != CXB_OK)
        return st;
    cxb_frnn_result got = c->res;
    if (c->handler == CXB_FRNN_AVG)
        got.handler = CXB_FRNN_COUNT; /* counts against the reference; the values below */
    if ((st = cxb_frnn_result_compare(&got, &c->ref, c->id, c->ref_name)) != CXB_OK)
        return st;
    if (c->handler == CXB_FRNN_AVG) { /* bit for bit against strips.seq over the row's own storage order */
        if (c->backend == CXB_BACKEND_CUDA && (st = c->dev->download(c->devh, &c->ix)) != CXB_OK)
            return st;
        cxb_frnn_view v = cxb_frnn_index_view(&c->ix);
        cxb_frnn_result mine;
        if ((st = cxb_frnn_query_seq(&v, CXB_FRNN_STRIPS, CXB_FRNN_AVG, &mine, NULL)) != CXB_OK)
            return st;
        st = cxb_frnn_result_compare(&c->res, &mine, c->id, "frnn.strips.seq on the same build");
        cxb_frnn_result_free(&mine);
    }
    return st;
}

uint64_t cxb_frnn_checksum(void *vctx)
{
    cxb_frnn_ctx *c = vctx;
    if (c->is_build == 2) /* order-independent: the sum over agents of mix64(id, position bits) */
        return cxb_frnn_agents_checksum(c->next, c->n);
    if (!c->is_build)
        return cxb_frnn_result_checksum(&c->res);
    /* order-independent within a bin: the sum over slots of mix64(bin << 32 | id) */
    uint64_t s = 0;
    for (uint32_t b = 0; b < c->grid.nbins; ++b)
        for (uint32_t k = c->ix.pbm[b]; k < c->ix.pbm[b + 1]; ++k)
            s += cxb_mix64(((uint64_t)b << 32) | c->ix.storage[k].id);
    return s;
}

/* Thesis Table 6.1 (docs/studies/frnn.md "Surplus"): the candidates examined and accepted by the
 * row's query kind over the interior queries, those whose box [p - R - W, p + R + W] lies inside
 * the domain on every axis, so that no bin range is clipped; on the reference index (the same
 * grid and items as the row's, built by counting.seq), counted sequentially and untimed. */
static cxb_status surplus_count(cxb_frnn_ctx *c, cxb_frnn_counters *ctr, uint64_t *queries)
{
    memset(ctr, 0, sizeof *ctr);
    *queries = 0;
    cxb_status st = cxb_frnn_reference(c);
    if (st != CXB_OK)
        return st;
    const cxb_frnn_view v = cxb_frnn_index_view(&c->ref_ix);
    const float m = c->grid.radius + c->grid.width;
    for (uint32_t q = 0; q < c->n; ++q) {
        int interior = 1;
        for (uint32_t a = 0; a < c->grid.dims; ++a)
            interior &= c->in[q].p[a] - m >= c->grid.min[a] && c->in[q].p[a] + m <= c->grid.max[a];
        if (!interior)
            continue;
        ++*queries;
        cxb_frnn_query_one(&v, c->kind, &c->in[q], NULL, NULL, ctr);
    }
    return CXB_OK;
}

void cxb_frnn_extra(void *vctx, char *buf, size_t size)
{
    cxb_frnn_ctx *c = vctx;
    size_t len = 0;
#define PUT(...) (len += (size_t)snprintf(buf + len, len < size ? size - len : 0, __VA_ARGS__))
    if (size)
        buf[0] = '\0';
    /* sorted by key (docs/method.md) */
    if (c->backend == CXB_BACKEND_CUDA)
        PUT("alloc_ns=%lld;", (long long)(c->alloc_ms * 1e6));
    PUT("build=%s;", cxb_frnn_build_names[c->build]);
    if (c->fallback)
        PUT("build_fallback=1;");
    PUT("dist=%s;gdim=%ux%ux%u;", c->dist, c->grid.gdim[0], c->grid.gdim[1], c->grid.gdim[2]);
    if (c->graph)
        PUT("graph=1;");
    if (c->backend == CXB_BACKEND_CUDA)
        PUT("h2d_ns=%lld;", (long long)(c->h2d_ms * 1e6));
    if (c->is_build == 0) {
        uint64_t pairs = 0;
        for (uint32_t i = 0; c->res.count && i < c->n; ++i)
            pairs += c->res.count[i];
        PUT("handler=%s;pairs=%llu;", cxb_frnn_handler_names[c->handler], (unsigned long long)pairs);
    }
    PUT("nbins=%u;", c->grid.nbins);
    if (c->sorted)
        PUT("order=sorted;");
    if (c->parts) { /* the components in key order (docs/method.md), in µs */
        static const char *const names[2][CXB_FRNN_BUILD_PARTS] = {{"hash", "sort", "memset", "reorder"},
                                                                   {"memset", "histogram", "scan", "scatter"}};
        static const int order[2][CXB_FRNN_BUILD_PARTS] = {{0, 2, 3, 1}, {1, 0, 2, 3}};
        const int b = c->build == CXB_FRNN_ORIGINAL ? 0 : 1;
        for (int k = 0; k < CXB_FRNN_BUILD_PARTS; ++k)
            PUT("part_%s_us=%.3f;", names[b][order[b][k]], c->part_ms[order[b][k]] * 1e3);
    }
    cxb_frnn_counters ctr;
    uint64_t queries;
    if (c->surplus && surplus_count(c, &ctr, &queries) == CXB_OK)
        PUT("surplus_accepted=%llu;surplus_examined=%llu;surplus_queries=%llu;", (unsigned long long)ctr.accepted,
            (unsigned long long)ctr.examined, (unsigned long long)queries);
    if (c->is_build == 2 && c->dev && c->devh)
        PUT("team=%u;", c->dev->team(c->devh, c->team));
    PUT("w=%g", (double)c->grid.w);
#undef PUT
}

int cxb_frnn_extra_per_sample(void *vctx)
{
    const cxb_frnn_ctx *c = vctx;
    return c->parts; /* the components' times are the sample's own */
}

uint64_t cxb_frnn_work(const cxb_impl *impl, const cxb_params *params)
{
    (void)impl;
    uint64_t n = 1u << 14;
    cxb_params_u64(params, "n", n, &n);
    return n;
}

#define FRNN_IMPL(id_, be, setup_, summary_)                                                                   \
    {.id = id_, .backend = be, .flags = 0, .summary = summary_, .setup = setup_, .reset = cxb_frnn_reset,     \
     .run = cxb_frnn_run, .verify = cxb_frnn_verify, .checksum = cxb_frnn_checksum, .extra = cxb_frnn_extra,   \
     .teardown = cxb_frnn_teardown, .float_order = cxb_frnn_float_order}

static const cxb_impl frnn_impls[] = {
    FRNN_IMPL("frnn.counting.seq", CXB_BACKEND_SEQ, setup_counting_seq,
              "counting sort: count, exclusive scan, scatter in input order; stable; the reference build"),
    FRNN_IMPL("frnn.counting.pthreads", CXB_BACKEND_PTHREADS, setup_counting_pth,
              "per-chunk histograms, bin-major chunk-minor scan, per-chunk scatter; identical to seq"),
    FRNN_IMPL("frnn.acs.pthreads", CXB_BACKEND_PTHREADS, setup_acs_pth,
              "thesis Sec. 4.3 atomic counting sort on the CPU: atomic_fetch_add sub-index, scan, scatter"),
    FRNN_IMPL("frnn.moore.seq", CXB_BACKEND_SEQ, setup_moore_seq,
              "thesis Alg. 5: Moore neighbourhood by relative offsets, one PBM range per bin"),
    FRNN_IMPL("frnn.pbw.seq", CXB_BACKEND_SEQ, setup_pbw_seq,
              "thesis Alg. 8: every bin of the tight box at bin width w*R, one range per bin"),
    FRNN_IMPL("frnn.strips.seq", CXB_BACKEND_SEQ, setup_strips_seq,
              "thesis Algs. 7/9: one storage range per row of x-adjacent bins of the tight box"),
    FRNN_IMPL("frnn.brute.seq", CXB_BACKEND_SEQ, setup_brute_seq, "every stored item: the O(N^2) oracle"),
    FRNN_IMPL("frnn.moore.pthreads", CXB_BACKEND_PTHREADS, setup_moore_pth,
              "moore.seq's loop over contiguous chunks of storage slots"),
    FRNN_IMPL("frnn.pbw.pthreads", CXB_BACKEND_PTHREADS, setup_pbw_pth,
              "pbw.seq's loop over contiguous chunks of storage slots"),
    FRNN_IMPL("frnn.strips.pthreads", CXB_BACKEND_PTHREADS, setup_strips_pth,
              "strips.seq's loop over contiguous chunks of storage slots"),
    FRNN_IMPL("frnn.brute.pthreads", CXB_BACKEND_PTHREADS, setup_brute_pth,
              "brute.seq's loop over contiguous chunks of storage slots"),
    FRNN_IMPL("frnn.circles.seq", CXB_BACKEND_SEQ, setup_circles_seq,
              "one Circles step (Euro-Par 2016): counting build, strips query, mean force, move"),
    FRNN_IMPL("frnn.circles.pthreads", CXB_BACKEND_PTHREADS, setup_circles_pth,
              "one Circles step: the pthreads build and query; identical to seq with a stable build"),
    CXB_FRNN_NETWORK_IMPL("frnn.network.seq", CXB_BACKEND_SEQ, 0, cxb_frnn_network_setup_seq,
                          "one Network-model step (thesis Sec. 3.2): actors built by edge, surveys and moves"),
    CXB_FRNN_NETWORK_IMPL("frnn.network.pthreads", CXB_BACKEND_PTHREADS, 0, cxb_frnn_network_setup_pthreads,
                          "one Network-model step: the pthreads build (counting or acs) and moves; identical to seq"),
};

/* ---- presets (docs/studies/frnn.md "Presets") ---- */

#define FRNN_BUILDS_CPU "frnn.counting.seq,frnn.counting.pthreads,frnn.acs.pthreads"
#define FRNN_QUERIES_CPU                                                                                       \
    "frnn.moore.seq,frnn.pbw.seq,frnn.strips.seq,frnn.moore.pthreads,frnn.pbw.pthreads,frnn.strips.pthreads"
#define FRNN_CUDA_BUILDS "frnn.original.cuda,frnn.acs.cuda,frnn.acs_stable.cuda"
#define FRNN_CUDA_QUERIES "frnn.moore.cuda,frnn.pbw.cuda,frnn.strips.cuda"
#define FRNN_NETWORK_ROWS "frnn.network.seq,frnn.network.pthreads"

/* make bench: every row at small n, 2D and 3D, the thesis set-up */
static const cxb_sweep sweeps_quick[] = {
    {"frnn.build", FRNN_BUILDS_CPU "," FRNN_CUDA_BUILDS, "dims=2;dist=circles-thesis;nbar=70", "n",
     "2^14,2^16,2^18"},
    {"frnn.query2d", FRNN_QUERIES_CPU "," FRNN_CUDA_QUERIES, "dims=2;dist=circles-thesis;nbar=70", "n",
     "2^12,2^14,2^16"},
    {"frnn.query3d", FRNN_QUERIES_CPU "," FRNN_CUDA_QUERIES, "dims=3;dist=circles-thesis;nbar=100", "n",
     "2^12,2^14,2^16"},
    {"frnn.w", "frnn.strips.seq,frnn.pbw.seq,frnn.strips.cuda", "dims=3;dist=circles-thesis;nbar=100;n=2^14", "w",
     "1,0.7,0.5,0.4,0.25"},
    {"frnn.step", "frnn.circles.seq,frnn.circles.pthreads,frnn.circles.cuda,frnn.fgpu2style.cuda",
     "dims=3;dist=circles-fgpu2;density=1", "n", "2^12,2^14,2^16"},
    {"frnn.network", FRNN_NETWORK_ROWS ",frnn.network.cuda", "vertices=1024;edges=4;steps=10", "n", "2^12,2^14,2^16"},
    CXB_SWEEPS_END,
};

/* make bench-ci: the CPU rows at N = 2^12 .. 2^16, 2D and 3D (docs/studies/frnn.md "Targets" T9) */
static const cxb_sweep sweeps_ci[] = {
    {"frnn.build", FRNN_BUILDS_CPU, "dims=2;dist=circles-thesis;nbar=70", "n", "2^12,2^13,2^14,2^15,2^16"},
    {"frnn.query2d", FRNN_QUERIES_CPU, "dims=2;dist=circles-thesis;nbar=70", "n", "2^12,2^13,2^14,2^15,2^16"},
    {"frnn.query3d", FRNN_QUERIES_CPU, "dims=3;dist=circles-thesis;nbar=100", "n", "2^12,2^13,2^14,2^15,2^16"},
    {"frnn.network", FRNN_NETWORK_ROWS, "vertices=1024;edges=4;steps=10", "n", "2^12,2^14,2^16"},
    CXB_SWEEPS_END,
};

/* The thesis's experiments at its sizes (docs/studies/frnn.md "Experiments"): P1/P2 density sweeps at
 * N = 1 M (P1 with Original's build at each point: P8, the construction share), P3 the surplus of
 * Table 6.1 (a CPU row with the counters; uniform points, n̄ 78.5 in 2D and 33.5 in 3D), P6
 * population, P4 construction against bin count (w sets the bins at fixed N). */
#define P1_NBAR "10,20,40,60,80,100,120,140,160,180,200"
#define P3_W "1,0.7,0.6666667,0.5,0.4,0.3333333,0.25"
#define P4_W "1.4142,1,0.7071,0.5,0.3536,0.25,0.1768,0.125,0.1"
#define P5_BUILDS "frnn.original.cuda,frnn.acs.cuda"
#define P11_FIXED "steps=2"
#define P11_EDGES "1,2,4,8,12,16,20"
#define P5_PER_BIN "5,15,35,55,75,95,115,135,155,175"
static const cxb_sweep sweeps_paper[] = {
    {"p1.2d", "frnn.moore.cuda,frnn.strips.cuda,frnn.original.cuda", "dims=2;dist=circles-thesis;n=1000000;w=1", "nbar",
     P1_NBAR},
    {"p1.2d", "frnn.pbw.cuda,frnn.strips.cuda,frnn.original.cuda", "dims=2;dist=circles-thesis;n=1000000;w=0.5", "nbar",
     P1_NBAR},
    {"p1.3d", "frnn.moore.cuda,frnn.strips.cuda,frnn.original.cuda", "dims=3;dist=circles-thesis;n=1000000;w=1", "nbar",
     P1_NBAR},
    {"p1.3d", "frnn.pbw.cuda,frnn.strips.cuda,frnn.original.cuda", "dims=3;dist=circles-thesis;n=1000000;w=0.5", "nbar",
     P1_NBAR},
    {"p2.2d", "frnn.strips.cuda", "dims=2;dist=circles-thesis;n=1000000;nbar=100", "w",
     "1,0.7,0.6666667,0.5,0.4,0.3333333,0.25"},
    {"p2.3d", "frnn.strips.cuda", "dims=3;dist=circles-thesis;n=1000000;nbar=100", "w",
     "1,0.7,0.6666667,0.5,0.4,0.3333333,0.25"},
    {"p3.2d", "frnn.strips.seq", "dims=2;dist=uniform;n=1000000;width=200;radius=1;surplus=1", "w", P3_W},
    {"p3.3d", "frnn.strips.seq", "dims=3;dist=uniform;n=1000000;width=50;radius=1;surplus=1", "w", P3_W},
    {"p4", "frnn.original.cuda,frnn.acs.cuda", "dims=2;dist=uniform;n=1000000;width=100;radius=1", "w", P4_W},
    {"p4", "frnn.original.cuda,frnn.acs.cuda", "dims=2;dist=uniform;n=1000000;width=100;radius=1;order=sorted", "w",
     P4_W},
    /* Figs 4.6-4.8: the same builds with their components timed apart (parts=1) */
    {"p4", "frnn.original.cuda,frnn.acs.cuda", "dims=2;dist=uniform;n=1000000;width=100;radius=1;parts=1", "w", P4_W},
    {"p4", "frnn.acs.cuda", "dims=2;dist=uniform;n=1000000;width=100;radius=1;order=sorted;parts=1", "w", P4_W},
    /* Fig. 4.2: 2^20 items on K = width keys (one row of bins), K = 2^1 .. 2^20 */
    {"p7", "frnn.original.cuda,frnn.acs.cuda", "dims=2;dist=strip;n=1048576", "width",
     "2^1,2^2,2^3,2^4,2^5,2^6,2^7,2^8,2^9,2^10,2^11,2^12,2^13,2^14,2^15,2^16,2^17,2^18,2^19,2^20"},
    /* Figs 4.9-4.10: ACS against Original over populations x actors per bin, a grid 100 bins wide */
    {"p5", P5_BUILDS, "dims=2;dist=uniform;width=100;radius=1;n=100000", "per_bin", P5_PER_BIN},
    {"p5", P5_BUILDS, "dims=2;dist=uniform;width=100;radius=1;n=300000", "per_bin", P5_PER_BIN},
    {"p5", P5_BUILDS, "dims=2;dist=uniform;width=100;radius=1;n=500000", "per_bin", P5_PER_BIN},
    {"p5", P5_BUILDS, "dims=2;dist=uniform;width=100;radius=1;n=700000", "per_bin", P5_PER_BIN},
    {"p5", P5_BUILDS, "dims=2;dist=uniform;width=100;radius=1;n=900000", "per_bin", P5_PER_BIN},
    {"p5", P5_BUILDS, "dims=2;dist=uniform;width=100;radius=1;n=1100000", "per_bin", P5_PER_BIN},
    {"p5", P5_BUILDS, "dims=2;dist=uniform;width=100;radius=1;n=1300000", "per_bin", P5_PER_BIN},
    {"p5", P5_BUILDS, "dims=2;dist=uniform;width=100;radius=1;n=1500000", "per_bin", P5_PER_BIN},
    {"p5", P5_BUILDS, "dims=2;dist=uniform;width=100;radius=1;n=100000;order=sorted", "per_bin", P5_PER_BIN},
    {"p5", P5_BUILDS, "dims=2;dist=uniform;width=100;radius=1;n=300000;order=sorted", "per_bin", P5_PER_BIN},
    {"p5", P5_BUILDS, "dims=2;dist=uniform;width=100;radius=1;n=500000;order=sorted", "per_bin", P5_PER_BIN},
    {"p5", P5_BUILDS, "dims=2;dist=uniform;width=100;radius=1;n=700000;order=sorted", "per_bin", P5_PER_BIN},
    {"p5", P5_BUILDS, "dims=2;dist=uniform;width=100;radius=1;n=900000;order=sorted", "per_bin", P5_PER_BIN},
    {"p5", P5_BUILDS, "dims=2;dist=uniform;width=100;radius=1;n=1100000;order=sorted", "per_bin", P5_PER_BIN},
    {"p5", P5_BUILDS, "dims=2;dist=uniform;width=100;radius=1;n=1300000;order=sorted", "per_bin", P5_PER_BIN},
    {"p5", P5_BUILDS, "dims=2;dist=uniform;width=100;radius=1;n=1500000;order=sorted", "per_bin", P5_PER_BIN},
    {"p6.2d", "frnn.moore.cuda,frnn.strips.cuda", "dims=2;dist=circles-thesis;nbar=60", "n",
     "2^14,2^16,2^18,2^20,2^22,2^24"},
    {"p6.3d", "frnn.moore.cuda,frnn.strips.cuda", "dims=3;dist=circles-thesis;nbar=100", "n",
     "2^14,2^16,2^18,2^20,2^22,2^24"},
    /* Figs 4.12-4.14: the Network model's step, ACS against Original and the construction share,
     * over actors x edges per vertex at 1,024 and 16,384 vertices, after 2 untimed steps */
    {"p11", "frnn.network.cuda", P11_FIXED ";vertices=1024;n=100000;build=acs;part=step", "edges", P11_EDGES},
    {"p11", "frnn.network.cuda", P11_FIXED ";vertices=1024;n=100000;build=original;part=step", "edges", P11_EDGES},
    {"p11", "frnn.network.cuda", P11_FIXED ";vertices=1024;n=100000;build=acs;part=build", "edges", P11_EDGES},
    {"p11", "frnn.network.cuda", P11_FIXED ";vertices=1024;n=1000000;build=acs;part=step", "edges", P11_EDGES},
    {"p11", "frnn.network.cuda", P11_FIXED ";vertices=1024;n=1000000;build=original;part=step", "edges", P11_EDGES},
    {"p11", "frnn.network.cuda", P11_FIXED ";vertices=1024;n=1000000;build=acs;part=build", "edges", P11_EDGES},
    {"p11", "frnn.network.cuda", P11_FIXED ";vertices=1024;n=1500000;build=acs;part=step", "edges", P11_EDGES},
    {"p11", "frnn.network.cuda", P11_FIXED ";vertices=1024;n=1500000;build=original;part=step", "edges", P11_EDGES},
    {"p11", "frnn.network.cuda", P11_FIXED ";vertices=1024;n=1500000;build=acs;part=build", "edges", P11_EDGES},
    {"p11", "frnn.network.cuda", P11_FIXED ";vertices=16384;n=100000;build=acs;part=step", "edges", P11_EDGES},
    {"p11", "frnn.network.cuda", P11_FIXED ";vertices=16384;n=100000;build=original;part=step", "edges", P11_EDGES},
    {"p11", "frnn.network.cuda", P11_FIXED ";vertices=16384;n=100000;build=acs;part=build", "edges", P11_EDGES},
    {"p11", "frnn.network.cuda", P11_FIXED ";vertices=16384;n=1000000;build=acs;part=step", "edges", P11_EDGES},
    {"p11", "frnn.network.cuda", P11_FIXED ";vertices=16384;n=1000000;build=original;part=step", "edges", P11_EDGES},
    {"p11", "frnn.network.cuda", P11_FIXED ";vertices=16384;n=1000000;build=acs;part=build", "edges", P11_EDGES},
    {"p11", "frnn.network.cuda", P11_FIXED ";vertices=16384;n=1500000;build=acs;part=step", "edges", P11_EDGES},
    {"p11", "frnn.network.cuda", P11_FIXED ";vertices=16384;n=1500000;build=original;part=step", "edges", P11_EDGES},
    {"p11", "frnn.network.cuda", P11_FIXED ";vertices=16384;n=1500000;build=acs;part=build", "edges", P11_EDGES},
    CXB_SWEEPS_END,
};

/* FLAME GPU 2's circles benchmark, fixed density (docs/studies/frnn.md "FLAME GPU 2 set-up"):
 * R = 2, density 1, N = W^3 for the benchmark's widths, strips query and ACS build; each sweep
 * is also a preset of its own name (--preset p10.step) */
#define FRNN_TEAMS "1,2,4,8,16,32"
static const cxb_sweep sweeps_fgpu2[] = {
    {"p10.step", "frnn.circles.cuda,frnn.fgpu2style.cuda", "dims=3;dist=circles-fgpu2;density=1", "n",
     "10648,50653,97336,195112,493039,1000000,2000376,4019679,8000000,16003008"},
    {"p10.query", "frnn.strips.cuda,frnn.pbw.cuda", "dims=3;dist=circles-fgpu2;density=1;build=acs", "n",
     "10648,50653,97336,195112,493039,1000000,2000376,4019679,8000000,16003008"},
    {"p10.build", "frnn.acs.cuda,frnn.original.cuda", "dims=3;dist=circles-fgpu2;density=1", "n",
     "10648,50653,97336,195112,493039,1000000,2000376,4019679,8000000,16003008"},
    /* the whole step as one CUDA graph (docs/studies/frnn.md "The Circles model") */
    {"p10.graph", "frnn.circles.cuda", "dims=3;dist=circles-fgpu2;density=1;graph=1", "n",
     "10648,50653,97336,195112,493039,1000000"},
    {"p10.graph", "frnn.circles.cuda", "dims=3;dist=circles-fgpu2;density=1", "n", "10648,50653,97336,195112,493039,1000000"},
    /* the step's lanes per agent (docs/studies/frnn.md "The Circles model") at six populations */
    {"p10.team", "frnn.circles.cuda", "dims=3;dist=circles-fgpu2;density=1;n=10648", "team", FRNN_TEAMS},
    {"p10.team", "frnn.circles.cuda", "dims=3;dist=circles-fgpu2;density=1;n=27000", "team", FRNN_TEAMS},
    {"p10.team", "frnn.circles.cuda", "dims=3;dist=circles-fgpu2;density=1;n=50653", "team", FRNN_TEAMS},
    {"p10.team", "frnn.circles.cuda", "dims=3;dist=circles-fgpu2;density=1;n=97336", "team", FRNN_TEAMS},
    {"p10.team", "frnn.circles.cuda", "dims=3;dist=circles-fgpu2;density=1;n=195112", "team", FRNN_TEAMS},
    {"p10.team", "frnn.circles.cuda", "dims=3;dist=circles-fgpu2;density=1;n=1000000", "team", FRNN_TEAMS},
    CXB_SWEEPS_END,
};

/* docs/studies/frnn.md "Presets": the pthreads builds and queries on 1 and 2 threads (the 2-core
 * machine) and on 1 and 16 (the GPU host), FLAME GPU 2's fixed-density set-up at N = 10^6 */
#define FRNN_SCALING_BUILDS "frnn.counting.pthreads,frnn.acs.pthreads"
#define FRNN_SCALING_QUERIES "frnn.pbw.pthreads,frnn.strips.pthreads"
#define FRNN_SCALING_FIXED "dims=3;dist=circles-fgpu2;density=1;n=1000000"
static const cxb_sweep sweeps_scaling[] = {
    {"frnn.scaling", FRNN_SCALING_BUILDS, FRNN_SCALING_FIXED, "threads", "1,2"},
    {"frnn.scaling", FRNN_SCALING_QUERIES, FRNN_SCALING_FIXED, "threads", "1,2"},
    CXB_SWEEPS_END,
};
static const cxb_sweep sweeps_scaling_host[] = {
    {"frnn.scaling.host", FRNN_SCALING_BUILDS, FRNN_SCALING_FIXED, "threads", "1,16"},
    {"frnn.scaling.host", FRNN_SCALING_QUERIES, FRNN_SCALING_FIXED, "threads", "1,16"},
    CXB_SWEEPS_END,
};

static const cxb_preset frnn_presets[] = {
    {"quick", "every row at 2^12 - 2^18 points, 2D and 3D, and a w sweep (seconds on 2 cores)", sweeps_quick, 0},
    {"ci", "the CPU rows at 2^12 - 2^16 points, 2D and 3D (make bench-ci)", sweeps_ci, 0},
    {"paper", "thesis P1-P7 and P11 at the thesis's sizes (CUDA rows; P3, the surplus, on frnn.strips.seq)", sweeps_paper, CXB_PRESET_BY_SWEEP},
    {"fgpu2", "FLAME GPU 2 circles-benchmark fixed density, N = 10,648 .. 16 M (CUDA rows)", sweeps_fgpu2, CXB_PRESET_BY_SWEEP},
    {"scaling", "pthreads builds and queries on 1 and 2 threads, fixed density 1, N = 10^6 (frnn.scaling)",
     sweeps_scaling, 0},
    {"scaling-host", "pthreads builds and queries on 1 and 16 threads, fixed density 1, N = 10^6 (frnn.scaling.host)",
     sweeps_scaling_host, 0},
};

/* construction and query are linear in N at fixed density */
static const cxb_series_spec frnn_series[] = {
    {"frnn.strips.seq", "n", 1.0, 0.2, 0, 0, NULL},
    {"frnn.counting.seq", "n", 1.0, 0.3, 0, 0, NULL},
};

/* The thesis's figures and the FLAME GPU 2 comparison (docs/studies/frnn.md "Figures"); each
 * selects its own experiment's points, so that a set of another experiment adds at most a point. */
#define P4_PARTS_ORIGINAL "part_hash_us,part_sort_us,part_memset_us,part_reorder_us"
#define P4_PARTS_ACS "part_memset_us,part_histogram_us,part_scan_us,part_scatter_us"
#define FRNN_P8_IMPLS "impl=frnn.original.cuda|frnn.moore.cuda|frnn.strips.cuda;dist=circles-thesis;n=1000000;w=1|0.5"
#define FRNN_P1_IMPLS "impl=frnn.moore.cuda|frnn.pbw.cuda|frnn.strips.cuda;dist=circles-thesis;n=1000000;w=1|0.5"
static const cxb_figure_spec frnn_figures[] = {
    {"frnn.p1.2d", "Chisholm Fig. 6.5 (2D): query time against the neighbourhood size, N = 10^6",
     "frnn/density.gp", "nbar", "time", FRNN_P1_IMPLS ";dims=2", NULL},
    {"frnn.p1.3d", "Chisholm Fig. 6.5 (3D): query time against the neighbourhood size, N = 10^6",
     "frnn/density.gp", "nbar", "time", FRNN_P1_IMPLS ";dims=3", NULL},
    {"frnn.p8.2d", "Chisholm Fig. 6.6 (2D): Original's build over the query, N = 10^6", "frnn/share.gp", "nbar",
     "ratio:impl=frnn.original.cuda/frnn.moore.cuda|frnn.strips.cuda", FRNN_P8_IMPLS ";dims=2", NULL},
    {"frnn.p8.3d", "Chisholm Fig. 6.6 (3D): Original's build over the query, N = 10^6", "frnn/share.gp", "nbar",
     "ratio:impl=frnn.original.cuda/frnn.moore.cuda|frnn.strips.cuda", FRNN_P8_IMPLS ";dims=3", NULL},
    {"frnn.p2.2d", "Chisholm Fig. 6.4 (2D): Strips against the bin width w, N = 10^6, n̄ = 100", "frnn/width.gp", "w",
     "time", "impl=frnn.strips.cuda;dist=circles-thesis;n=1000000;nbar=100;dims=2", NULL},
    {"frnn.p2.3d", "Chisholm Fig. 6.4 (3D): Strips against the bin width w, N = 10^6, n̄ = 100", "frnn/width.gp", "w",
     "time", "impl=frnn.strips.cuda;dist=circles-thesis;n=1000000;nbar=100;dims=3", NULL},
    {"frnn.p6.2d", "Chisholm Fig. 6.7 (2D): query time against the population, n̄ = 60", "frnn/population.gp", "n",
     "time", "impl=frnn.moore.cuda|frnn.strips.cuda;dist=circles-thesis;nbar=60;dims=2", NULL},
    {"frnn.p6.3d", "Chisholm Fig. 6.7 (3D): query time against the population, n̄ = 100", "frnn/population.gp", "n",
     "time", "impl=frnn.moore.cuda|frnn.strips.cuda;dist=circles-thesis;nbar=100;dims=3", NULL},
    {"frnn.p4", "Chisholm Fig. 4.5: the builds against the bin width w at N = 10^6, 2D, 100 x 100 (5,000 to 10^6 bins)",
     "frnn/bins.gp", "w", "time",
     "impl=frnn.original.cuda|frnn.acs.cuda;dist=uniform;n=1000000;width=100;dims=2;order=-;parts=-", NULL},
    {"frnn.p4.sorted", "Chisholm Sec. 4 (sorted input): the builds against the bin width w at N = 10^6, 2D, 100 x 100",
     "frnn/bins.gp", "w", "time",
     "impl=frnn.original.cuda|frnn.acs.cuda;dist=uniform;n=1000000;width=100;dims=2;order=sorted;parts=-", NULL},
    {"frnn.p4.parts.original", "Chisholm Fig. 4.6: the Original build's components against the bin width w, N = 10^6, 2D",
     "frnn/build_parts.gp", "w", "extra:" P4_PARTS_ORIGINAL,
     "impl=frnn.original.cuda;dist=uniform;n=1000000;width=100;dims=2;order=-;parts=1", NULL},
    {"frnn.p4.parts.acs", "Chisholm Fig. 4.7: the ACS build's components against the bin width w, N = 10^6, 2D",
     "frnn/build_parts.gp", "w", "extra:" P4_PARTS_ACS,
     "impl=frnn.acs.cuda;dist=uniform;n=1000000;width=100;dims=2;order=-;parts=1", NULL},
    {"frnn.p4.parts.acs.sorted", "Chisholm Fig. 4.8: the ACS build's components on sorted input, N = 10^6, 2D",
     "frnn/build_parts.gp", "w", "extra:" P4_PARTS_ACS,
     "impl=frnn.acs.cuda;dist=uniform;n=1000000;width=100;dims=2;order=sorted;parts=1", NULL},
    {"frnn.p5", "Chisholm Fig. 4.9: ACS / Original build time over population and actors per bin, 2D, 100 bins wide",
     "frnn/ratio_heat.gp", "n", "heat:per_bin:impl=frnn.acs.cuda/frnn.original.cuda",
     "impl=frnn.original.cuda|frnn.acs.cuda;dist=uniform;width=100;dims=2;order=-", NULL},
    {"frnn.p5.sorted", "Chisholm Fig. 4.10: ACS / Original build time over population and actors per bin, sorted input",
     "frnn/ratio_heat.gp", "n", "heat:per_bin:impl=frnn.acs.cuda/frnn.original.cuda",
     "impl=frnn.original.cuda|frnn.acs.cuda;dist=uniform;width=100;dims=2;order=sorted", NULL},
    {"frnn.p11.speedup.1024", "Chisholm Fig. 4.13: the Network model's step, ACS / Original, 1,024 vertices",
     "frnn/ratio_heat.gp", "n", "heat:edges:build=acs/original", "impl=frnn.network.cuda;vertices=1024;part=step", NULL},
    {"frnn.p11.speedup.16384", "Chisholm Fig. 4.14: the Network model's step, ACS / Original, 16,384 vertices",
     "frnn/ratio_heat.gp", "n", "heat:edges:build=acs/original", "impl=frnn.network.cuda;vertices=16384;part=step", NULL},
    {"frnn.p11.share.1024", "Chisholm Fig. 4.12: the Network model's construction share (ACS build / step), 1,024 vertices",
     "frnn/ratio_heat.gp", "n", "heat:edges:part=build/step", "impl=frnn.network.cuda;vertices=1024;build=acs", NULL},
    {"frnn.p11.share.16384", "Chisholm Fig. 4.12: the Network model's construction share (ACS build / step), 16,384 vertices",
     "frnn/ratio_heat.gp", "n", "heat:edges:part=build/step", "impl=frnn.network.cuda;vertices=16384;build=acs", NULL},
    {"frnn.p7", "Chisholm Fig. 4.2: the builds of 2^20 items against the number of distinct keys (bins) K, 2D strip",
     "frnn/keys.gp", "width", "time", "impl=frnn.original.cuda|frnn.acs.cuda;dist=strip;n=1048576;dims=2", NULL},
    {"frnn.p10", "FLAME GPU 2's fixed-density Circles: a whole step against N, ours and the published H100 PCIe",
     "frnn/step.gp", "n", "time", "impl=frnn.circles.cuda|frnn.fgpu2style.cuda;dist=circles-fgpu2;density=1",
     "fgpu2_circles-fixed-density.csv"},
    {"frnn.p10.build", "FLAME GPU 2's fixed-density set-up: the builds against N (1 M 16-byte messages at 10^6)",
     "frnn/population.gp", "n", "time", "impl=frnn.acs.cuda|frnn.original.cuda;dist=circles-fgpu2;density=1", NULL},
};

static const cxb_command frnn_commands[] = {
    {"frnn", cxb_cli_frnn, cxb_frnn_forms,
     "neighbour counts, lists or averages for a points file; gen writes one", NULL},
};

const cxb_study cxb_study_frnn = {
    .name = "frnn",
    .summary = "fixed-radius near neighbours: USP builds (Original, ACS) and queries (Moore, PBW, Strips) (Chisholm 2020)",
    .reference_impl = "frnn.counting.seq",
    .impls = frnn_impls,
    .nimpls = sizeof frnn_impls / sizeof frnn_impls[0],
    .presets = frnn_presets,
    .npresets = sizeof frnn_presets / sizeof frnn_presets[0],
    .series = frnn_series,
    .nseries = sizeof frnn_series / sizeof frnn_series[0],
    .figures = frnn_figures,
    .nfigures = sizeof frnn_figures / sizeof frnn_figures[0],
    .time_unit_of_work = "points",
    .work = cxb_frnn_work,
    .commands = frnn_commands,
    .claims = cxb_frnn_claims,
    .print_tables = cxb_frnn_tables_print,
    .ncommands = sizeof frnn_commands / sizeof frnn_commands[0],
};
