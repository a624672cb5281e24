/* cxbench frnn [options] POINTS | cxbench frnn gen [options] (docs/cli.md "frnn",
 * docs/studies/frnn.md "Command line").
 *
 * frnn: reads a points file ("-" = stdin; suites/frnn/points_io.h), runs one query row of the
 * frnn study (frnn.<query>.<backend>, or --impl) over the build --build through the row's own
 * setup and run (suites/frnn/study.c), and writes N lines (count, list or avg) and a summary line
 * through the one output path (harness/atomic.h): everything is computed before the first byte
 * is written, so an error leaves no partial output. --check compares with frnn.brute.seq (exit 1
 * on a mismatch). gen: writes keyed uniform points (cxb_frnn_draw_point) as %.9g, so that
 * `gen | frnn` equals a run on the same points in memory.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/core/cuda.h"
#include "cxb/core/pool.h"
#include "harness/atomic.h"
#include "harness/cli.h"
#include "harness/params.h"
#include "suites/frnn/cli.h"
#include "suites/frnn/inputs.h"
#include "suites/frnn/points_io.h"
#include "suites/frnn/rows.h"

#define FRNN_CHECK_MAX (1u << 17) /* --check: brute force is O(N^2) */

typedef struct frnn_args {
    double radius, w;
    int dims, query, build, backend, handler, dist;
    const char *impl, *out;
    uint64_t threads, block, device, max_bins, n, seed;
    double vmin[3], vmax[3], width, nbar, density;
    int nmin, nmax;
    int check, force, counters, time, no_summary;
} frnn_args;

static cxb_status parse_real(const char *where, const char *text, void *dest)
{
    return cxb_parse_double(text, where, (double *)dest);
}

/* X,Y[,Z]: one value applies to every axis */
static cxb_status parse_vec(const char *where, const char *text, double *v, int *count)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    int k = 0;
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (k == 3)
            return cxb_fail(CXB_EINPUT, "%s: '%s': at most 3 values", where, text);
        cxb_status st = cxb_parse_double(t, where, &v[k]);
        if (st != CXB_OK)
            return st;
        ++k;
    }
    if (k == 0)
        return cxb_fail(CXB_EINPUT, "%s: '%s': expected X,Y[,Z]", where, text);
    for (int a = k; a < 3; ++a)
        v[a] = k == 1 ? v[0] : 0.0;
    *count = k;
    return CXB_OK;
}

static cxb_status parse_min(const char *where, const char *text, void *dest)
{
    frnn_args *a = (frnn_args *)((char *)dest - offsetof(frnn_args, vmin));
    return parse_vec(where, text, a->vmin, &a->nmin);
}

static cxb_status parse_max(const char *where, const char *text, void *dest)
{
    frnn_args *a = (frnn_args *)((char *)dest - offsetof(frnn_args, vmax));
    return parse_vec(where, text, a->vmax, &a->nmax);
}

static const char *const dims_names[] = {"2", "3", NULL};
static const char *const backend_names[] = {"seq", "pthreads", "cuda", NULL};

static const cxb_option frnn_options[] = {
    CXB_OPT_PARSE("--radius", "R", "search radius, finite and > 0", frnn_args, radius, parse_real, CXB_OPT_REQUIRED),
    CXB_OPT_CHOICE("--dims", "2|3", "dimension; must match the file (default: the first data line's)", frnn_args, dims,
                   dims_names, 0),
    CXB_OPT_PARSE("--min", "X,Y[,Z]", "environment box, low corner (default: the points' bounding box)", frnn_args,
                  vmin, parse_min, 0),
    CXB_OPT_PARSE("--max", "X,Y[,Z]", "environment box, high corner (default: the points' bounding box)", frnn_args,
                  vmax, parse_max, 0),
    CXB_OPT_PARSE("--w", "RATIO", "bin width ratio, 1/16 <= w <= 4; bin width = w*R (default 1)", frnn_args, w,
                  parse_real, 0),
    CXB_OPT_CHOICE("--query", "moore|pbw|strips|brute", "query variant (default strips)", frnn_args, query,
                   cxb_frnn_query_names, 0),
    CXB_OPT_CHOICE("--build", "original|acs|acs_stable|counting",
                   "construction, frnn.<build>.<backend> (default acs on cuda, counting on the CPU)", frnn_args, build,
                   cxb_frnn_build_names, 0),
    CXB_OPT_CHOICE("--backend", "seq|pthreads|cuda", "backend (default cuda with a GPU, else seq)", frnn_args, backend,
                   backend_names, 0),
    CXB_OPT_STRING("--impl", "ID", "full query id (frnn.strips.cuda); overrides --query and --backend", frnn_args,
                   impl, 0),
    CXB_OPT_COUNT("--threads", "T", "pthreads workers (default the cores)", frnn_args, threads, 1, 4096, 0),
    CXB_OPT_COUNT("--block", "B", "CUDA block size, a multiple of 32 in [32, 1024] (default 64)", frnn_args, block, 32,
                  1024, 0),
    CXB_OPT_COUNT("--device", "D", "CUDA device ordinal (only 0 in this version)", frnn_args, device, 0, 0, 0),
    CXB_OPT_CHOICE("--handler", "count|list|avg", "output: counts, neighbour ids, mean neighbour positions", frnn_args,
                   handler, cxb_frnn_handler_names, 0),
    CXB_OPT_SWITCH("--check", "also run frnn.brute.seq and compare (exit 1 on a mismatch)", frnn_args, check, 0),
    CXB_OPT_SWITCH("--force", "allow --check above 2^17 points", frnn_args, force, 0),
    CXB_OPT_SWITCH("--counters", "add bins, strips, examined and accepted to the summary", frnn_args, counters, 0),
    CXB_OPT_SWITCH("--time", "add build_ms and query_ms to the summary", frnn_args, time, 0),
    CXB_OPT_COUNT("--max-bins", "B", "bin cap (default 2^28)", frnn_args, max_bins, 1, CXB_FRNN_MAX_BINS_LIMIT, 0),
    CXB_OPT_STRING("--out", "FILE", "write here (a temporary renamed when complete; default stdout)", frnn_args, out,
                   0),
    CXB_OPT_SWITCH("--no-summary", "omit the summary line", frnn_args, no_summary, 0),
    CXB_OPT_END};

static const cxb_option gen_options[] = {
    CXB_OPT_COUNT("--n", "N", "points", frnn_args, n, 0, CXB_FRNN_POINTS_MAX, CXB_OPT_REQUIRED),
    CXB_OPT_CHOICE("--dims", "2|3", "dimension", frnn_args, dims, dims_names, CXB_OPT_REQUIRED),
    CXB_OPT_COUNT("--seed", "S", "key of the draws", frnn_args, seed, 0, 0, CXB_OPT_REQUIRED),
    CXB_OPT_PARSE("--width", "W", "box [0, W) per axis (dist uniform; strip: on x)", frnn_args, width, parse_real, 0),
    CXB_OPT_PARSE("--min", "X,Y[,Z]", "box low corner (with --max, instead of --width)", frnn_args, vmin, parse_min, 0),
    CXB_OPT_PARSE("--max", "X,Y[,Z]", "box high corner", frnn_args, vmax, parse_max, 0),
    CXB_OPT_CHOICE("--dist", "uniform|circles-thesis|circles-fgpu2|strip", "set-up of the box (default uniform)", frnn_args,
                   dist, cxb_frnn_dist_names, 0),
    CXB_OPT_PARSE("--nbar", "K", "circles-thesis: target radial neighbour count (default 70)", frnn_args, nbar,
                  parse_real, 0),
    CXB_OPT_PARSE("--density", "RHO", "circles-fgpu2: agents per unit volume (default 1)", frnn_args, density,
                  parse_real, 0),
    CXB_OPT_STRING("--out", "FILE", "write here (a temporary renamed when complete; default stdout)", frnn_args, out,
                   0),
    CXB_OPT_END};

const cxb_form cxb_frnn_forms[] = {{"POINTS", frnn_options}, {"gen", gen_options}, CXB_FORMS_END};

/* ---- gen ---- */

static int frnn_gen(int argc, char **argv)
{
    frnn_args a;
    memset(&a, 0, sizeof a);
    a.nbar = 70;
    a.density = 1;
    cxb_args pa;
    int rc;
    if (cxb_cli_args(argc, argv, "frnn gen", cxb_frnn_forms, gen_options, &a, 0, &pa, &rc))
        return rc;
    uint32_t dims = (uint32_t)a.dims + 2;
    float lo[3], hi[3];
    double radius;
    int has_box = cxb_args_given(&pa, "--min") || cxb_args_given(&pa, "--max");
    if (has_box && !(cxb_args_given(&pa, "--min") && cxb_args_given(&pa, "--max")))
        return cxb_cli_error(2, "frnn gen: --min and --max go together");
    if (a.dist == CXB_FRNN_DIST_UNIFORM && has_box == cxb_args_given(&pa, "--width"))
        return cxb_cli_error(2, "frnn gen: --dist uniform needs --width W or --min and --max (one of them)");
    if (a.dist == CXB_FRNN_DIST_STRIP && (has_box || !cxb_args_given(&pa, "--width")))
        return cxb_cli_error(2, "frnn gen: --dist strip needs --width W (its length) and no --min or --max");
    if (a.dist != CXB_FRNN_DIST_UNIFORM && a.dist != CXB_FRNN_DIST_STRIP && (has_box || cxb_args_given(&pa, "--width")))
        return cxb_cli_error(2, "frnn gen: --dist %s sets its own box; --width, --min and --max apply to uniform",
                             cxb_frnn_dist_names[a.dist]);
    cxb_status st = CXB_OK;
    if (has_box) {
        for (uint32_t k = 0; k < 3; ++k) {
            lo[k] = k < dims ? (float)a.vmin[k] : 0.0f;
            hi[k] = k < dims ? (float)a.vmax[k] : 0.0f;
            if (k < dims && (!isfinite(lo[k]) || !isfinite(hi[k]) || !(lo[k] < hi[k])))
                return cxb_cli_error(2, "frnn gen: --min/--max: axis %u: [%g, %g) is not a finite non-empty interval",
                                     k, a.vmin[k], a.vmax[k]);
        }
    } else {
        st = cxb_frnn_box_of(a.dist, dims, a.n, a.width, a.nbar, a.density, lo, hi, &radius);
    }
    if (st == CXB_OK && a.out)
        st = cxb_afile_check(a.out);
    cxb_frnn_rec *pts = NULL;
    if (st == CXB_OK && !(pts = malloc((a.n ? a.n : 1) * sizeof *pts)))
        st = cxb_fail(CXB_ERESOURCE, "frnn gen: out of host memory for %llu points", (unsigned long long)a.n);
    if (st != CXB_OK)
        return cxb_cli_status(st);
    cxb_frnn_points_fill(pts, a.seed, a.n, dims, lo, hi);
    cxb_afile af;
    if ((st = cxb_afile_open(&af, a.out ? a.out : "-")) == CXB_OK) {
        if (cxb_frnn_points_write(af.f, pts, a.n, dims) != 0) {
            /* the commit reports the write error */
        }
        st = cxb_afile_commit(&af);
    }
    free(pts);
    return st == CXB_OK ? 0 : cxb_cli_status(st);
}

/* ---- frnn POINTS ---- */

static cxb_status read_points(const char *path, uint32_t dims, cxb_frnn_points *pts)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f)
        return cxb_fail(CXB_EINPUT, "%s: cannot open: %s", path, strerror(errno));
    cxb_status st = cxb_frnn_points_read(f, path, dims, pts);
    if (f != stdin)
        fclose(f);
    return st;
}

static void count_summary(const cxb_frnn_result *r, uint64_t *pairs, uint32_t *mn, uint32_t *mx)
{
    *pairs = 0;
    *mn = r->n ? UINT32_MAX : 0;
    *mx = 0;
    for (uint32_t i = 0; i < r->n; ++i) {
        *pairs += r->count[i];
        if (r->count[i] < *mn)
            *mn = r->count[i];
        if (r->count[i] > *mx)
            *mx = r->count[i];
    }
}

static cxb_status write_output(const char *out, const frnn_args *a, const cxb_frnn_ctx *c, const char *impl,
                               const cxb_frnn_counters *ctr, double build_ms, double query_ms)
{
    cxb_afile af;
    cxb_status st = cxb_afile_open(&af, out ? out : "-");
    if (st != CXB_OK)
        return st;
    const cxb_frnn_result *r = &c->res;
    FILE *f = af.f;
    for (uint32_t i = 0; i < r->n; ++i) {
        if (r->handler == CXB_FRNN_COUNT) {
            fprintf(f, "%u\n", r->count[i]);
        } else if (r->handler == CXB_FRNN_LIST) {
            for (uint64_t k = r->off[i]; k < r->off[i + 1]; ++k)
                fprintf(f, k == r->off[i] ? "%u" : " %u", r->ids[k]);
            fputc('\n', f);
        } else if (!r->count[i]) {
            fputs("-\n", f);
        } else {
            const float *v = &r->avg[3 * (size_t)i];
            if (c->grid.dims == 3)
                fprintf(f, "%.9g %.9g %.9g\n", v[0], v[1], v[2]);
            else
                fprintf(f, "%.9g %.9g\n", v[0], v[1]);
        }
    }
    if (!a->no_summary) {
        uint64_t pairs;
        uint32_t mn, mx;
        count_summary(r, &pairs, &mn, &mx);
        const cxb_frnn_grid *g = &c->grid;
        fprintf(f, "# frnn n=%u dims=%u radius=%.9g w=%.9g gdim=", r->n, g->dims, g->radius, g->w);
        fprintf(f, g->dims == 3 ? "%ux%ux%u" : "%ux%u", g->gdim[0], g->gdim[1], g->gdim[2]);
        fprintf(f, " bins=%u impl=%s build=%s pairs=%llu min=%u max=%u mean=%.6f", g->nbins, impl,
                cxb_frnn_build_names[c->build], (unsigned long long)pairs, mn, mx,
                r->n ? (double)pairs / r->n : 0.0);
        if (ctr)
            fprintf(f, " bins_visited=%llu strips=%llu examined=%llu accepted=%llu", (unsigned long long)ctr->bins,
                    (unsigned long long)ctr->strips, (unsigned long long)ctr->examined,
                    (unsigned long long)ctr->accepted);
        if (a->time)
            fprintf(f, " build_ms=%.3f query_ms=%.3f", build_ms, query_ms);
        fputc('\n', f);
    }
    return cxb_afile_commit(&af);
}

int cxb_cli_frnn(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "gen"))
        return frnn_gen(argc - 1, argv + 1);
    frnn_args a;
    memset(&a, 0, sizeof a);
    a.w = 1;
    a.query = CXB_FRNN_STRIPS;
    a.handler = CXB_FRNN_COUNT;
    a.block = 64;
    a.max_bins = CXB_FRNN_MAX_BINS_DEFAULT;
    cxb_args pa;
    int rc;
    if (cxb_cli_args(argc, argv, "frnn", cxb_frnn_forms, frnn_options, &a, 1, &pa, &rc))
        return rc;
    if (pa.npos != 1)
        return cxb_cli_error(2, "frnn: expected one points file (\"-\" for stdin)");
    if (a.device != 0)
        return cxb_cli_error(2, "frnn: --device %llu: only device 0 in this version", (unsigned long long)a.device);
    const char *path = pa.pos[0];

    /* the row: --impl, else frnn.<query>.<backend> */
    char id[96];
    int backend = cxb_args_given(&pa, "--backend") ? a.backend : cxb_cuda_device_count(NULL) > 0 ? 2 : 0;
    if (a.impl)
        snprintf(id, sizeof id, "%s", a.impl);
    else
        snprintf(id, sizeof id, "frnn.%s.%s", cxb_frnn_query_names[a.query], backend_names[backend]);
    const cxb_impl *im = NULL;
    if ((rc = cxb_cli_study_row("frnn", "frnn", id, &im)) != 0)
        return rc;
    cxb_impl_name parts = cxb_impl_parts(im);
    int is_query = 0;
    for (int k = 0; k < CXB_FRNN_NQUERIES; ++k)
        is_query |= !strcmp(parts.algorithm, cxb_frnn_query_names[k]);
    if (!is_query)
        return cxb_cli_error(2, "frnn: --impl %s: not a query row (frnn.moore|pbw|strips|brute.BACKEND)", im->id);
    if (a.out && cxb_afile_check(a.out) != CXB_OK) /* a directory, before any work */
        return cxb_cli_status(CXB_EINPUT);

    cxb_frnn_points pts;
    cxb_status st = read_points(path, cxb_args_given(&pa, "--dims") ? (uint32_t)a.dims + 2 : 0, &pts);
    if (st != CXB_OK)
        return cxb_cli_status(st);
    if (pts.dims == 0)
        pts.dims = cxb_args_given(&pa, "--dims") ? (uint32_t)a.dims + 2 : 2;
    if (a.check && pts.n > FRNN_CHECK_MAX && !a.force) {
        uint32_t n = pts.n; /* the free clears it */
        cxb_frnn_points_free(&pts);
        return cxb_cli_error(2, "frnn: --check: %u points: brute force above 2^17 needs --force", n);
    }
    /* the environment: --min/--max, else the points' bounding box */
    double mn[3] = {0, 0, 0}, mx[3] = {0, 0, 0};
    for (uint32_t k = 0; k < pts.dims; ++k) {
        for (uint32_t i = 0; i < pts.n; ++i) {
            double v = pts.pts[i].p[k];
            if (i == 0 || v < mn[k])
                mn[k] = v;
            if (i == 0 || v > mx[k])
                mx[k] = v;
        }
        if (a.nmin)
            mn[k] = a.vmin[k];
        if (a.nmax)
            mx[k] = a.vmax[k];
    }
    if ((a.nmin && a.nmin != 1 && (uint32_t)a.nmin != pts.dims) || (a.nmax && a.nmax != 1 && (uint32_t)a.nmax != pts.dims)) {
        uint32_t dims = pts.dims; /* read before the free */
        cxb_frnn_points_free(&pts);
        return cxb_cli_error(2, "frnn: --min/--max: give 1 or %u values for %uD points", dims, dims);
    }

    /* the pool, the row's parameters */
    uint64_t threads = a.threads ? a.threads : cxb_default_threads();
    cxb_pool *pool = NULL;
    if ((st = cxb_pool_create(&pool, (unsigned)threads, CXB_BIND_NONE)) != CXB_OK) {
        cxb_frnn_points_free(&pts);
        return cxb_cli_status(st);
    }
    cxb_params set;
    cxb_params_init(&set);
    char buf[64];
    snprintf(buf, sizeof buf, "%.17g", a.radius);
    cxb_params_set(&set, "radius", buf);
    snprintf(buf, sizeof buf, "%.17g", a.w);
    cxb_params_set(&set, "w", buf);
    cxb_params_set(&set, "handler", cxb_frnn_handler_names[a.handler]);
    if (cxb_args_given(&pa, "--build"))
        cxb_params_set(&set, "build", cxb_frnn_build_names[a.build]);
    cxb_params_set_u64(&set, "threads", cxb_pool_threads(pool));
    cxb_params_set_u64(&set, "block", a.block);
    cxb_params_set_u64(&set, "max_bins", a.max_bins);
    cxb_env env = {pool, cxb_pool_threads(pool), NULL, NULL};
    void *vctx = NULL;
    cxb_frnn_input_set(pts.pts, pts.n, pts.dims, mn, mx);
    int64_t t0 = cxb_clock_ns();
    st = im->setup(&set, &env, &vctx);
    int64_t t1 = cxb_clock_ns();
    cxb_frnn_input_set(NULL, 0, 0, NULL, NULL);
    cxb_phases ph;
    cxb_phases_clear(&ph);
    if (st == CXB_OK && (st = im->reset(vctx)) == CXB_OK)
        st = im->run(vctx, &ph);
    int64_t t2 = cxb_clock_ns();
    cxb_frnn_ctx *c = vctx;
    int vrc = 0;
    if (st == CXB_OK && a.check) {
        cxb_frnn_result mine = c->res;
        mine.handler = c->res.handler == CXB_FRNN_LIST ? CXB_FRNN_LIST : CXB_FRNN_COUNT;
        c->ref_brute = 1;
        if ((st = cxb_frnn_reference(c)) == CXB_OK) {
            cxb_status cs = cxb_frnn_result_compare(&mine, &c->ref, path, "brute force");
            if (cs == CXB_EFAIL) {
                char msg[600];
                const char *e = cxb_last_error();
                size_t pl = strlen(path);
                /* "PATH: check failed: point ..." */
                snprintf(msg, sizeof msg, "%s: check failed:%s", path, !strncmp(e, path, pl) ? e + pl + 1 : e);
                vrc = cxb_cli_error(1, "%s", msg);
            } else if (cs != CXB_OK) {
                st = cs;
            }
        }
    }
    cxb_frnn_counters ctr, *pctr = NULL;
    if (st == CXB_OK && !vrc && a.counters) { /* the counting build of the same loop, on the row's index */
        if (c->backend == CXB_BACKEND_CUDA && (st = c->dev->download(c->devh, &c->ix)) != CXB_OK)
            pctr = NULL;
        cxb_frnn_view v = cxb_frnn_index_view(&c->ix);
        cxb_frnn_result tmp;
        if (st == CXB_OK && (st = cxb_frnn_query_seq(&v, c->kind, CXB_FRNN_COUNT, &tmp, &ctr)) == CXB_OK) {
            cxb_frnn_result_free(&tmp);
            pctr = &ctr;
        }
    }
    if (st == CXB_OK && !vrc) {
        double qms = ph.ns[CXB_PHASE_KERNEL] > 0 ? (double)ph.ns[CXB_PHASE_KERNEL] / 1e6 : (double)(t2 - t1) / 1e6;
        st = write_output(a.out, &a, c, im->id, pctr, (double)(t1 - t0) / 1e6, qms);
    }
    if (vctx)
        im->teardown(vctx);
    cxb_pool_destroy(pool);
    cxb_frnn_points_free(&pts);
    if (vrc)
        return vrc;
    return st == CXB_OK ? 0 : cxb_cli_status(st);
}
