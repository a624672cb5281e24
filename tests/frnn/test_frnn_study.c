/* frnn_study: the frnn study's rows through the registry and its inputs (docs/studies/frnn.md):
 *   - every CPU row (the Circles step rows too) sets up, runs and verifies on generated points (2D and 3D, each handler,
 *     several w), and fault=1 (one count changed after the run, or one stored id) fails
 *     verification with CXB_EFAIL;
 *   - the presets name registered rows (CUDA ones: rows this build left out);
 *   - keyed points do not depend on the order they are drawn in, stay in their box, and the
 *     points file round-trips binary32 exactly (%.9g, then strtof);
 *   - `cxbench frnn gen | cxbench frnn -` prints the counts of the in-memory row on the same
 *     seed and box.
 * Fresh seed each run (printed; CXB_TEST_SEED=S repeats). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "frnn_rows.h"
#include "cxb/core/pool.h"
#include "cxb/frnn/points.h"
#include "harness/registry.h"
#include "suites/frnn/inputs.h"
#include "suites/frnn/agents.h"
#include "suites/frnn/points_io.h"
#include "suites/frnn/rows.h"

static void rows(uint64_t seed, cxb_pool *pool)
{
    static const char *const cpu[] = {"frnn.counting.seq", "frnn.counting.pthreads", "frnn.acs.pthreads",
                                      "frnn.moore.seq",    "frnn.pbw.seq",           "frnn.strips.seq",
                                      "frnn.brute.seq",    "frnn.moore.pthreads",    "frnn.pbw.pthreads",
                                      "frnn.strips.pthreads", "frnn.brute.pthreads"};
    char params[256];
    for (size_t i = 0; i < sizeof cpu / sizeof cpu[0]; ++i) {
        int query = !strstr(cpu[i], "counting") && !strstr(cpu[i], "acs");
        static const char *const setups[] = {"dims=2;dist=circles-thesis;nbar=30;n=3000",
                                             "dims=3;dist=circles-thesis;nbar=50;n=2500;w=0.5",
                                             "dims=3;dist=circles-fgpu2;density=1;n=2000;w=0.4",
                                             "dims=2;dist=uniform;width=7;n=1500;w=0.25", "dims=3;n=0", "dims=2;n=1"};
        for (size_t s = 0; s < sizeof setups / sizeof setups[0]; ++s)
            for (int h = 0; h < (query ? 3 : 1); ++h) {
                if (strstr(cpu[i], "moore") && strstr(setups[s], ";w=")) /* moore is w = 1 by definition */
                    continue;
                snprintf(params, sizeof params, "%s;seed=%llu;handler=%s", setups[s], (unsigned long long)seed,
                         cxb_frnn_handler_names[h]);
                frnn_run_row(cpu[i], params, pool, CXB_OK, "nbins=");
                if (query && strstr(cpu[i], "pthreads")) { /* the index of acs.pthreads too */
                    snprintf(params, sizeof params, "%s;seed=%llu;handler=%s;build=acs", setups[s],
                             (unsigned long long)seed, cxb_frnn_handler_names[h]);
                    frnn_run_row(cpu[i], params, pool, CXB_OK, "nbins=");
                }
            }
        snprintf(params, sizeof params, "dims=3;n=2000;seed=%llu;fault=1", (unsigned long long)seed);
        frnn_run_row(cpu[i], params, pool, CXB_EFAIL, "nbins=");
    }
    /* the Circles step rows: one step from the keyed start equals the reference step */
    static const char *const steps[] = {"frnn.circles.seq", "frnn.circles.pthreads"};
    for (size_t i = 0; i < 2; ++i) {
        snprintf(params, sizeof params, "dims=3;dist=circles-fgpu2;n=3000;seed=%llu", (unsigned long long)seed);
        frnn_run_row(steps[i], params, pool, CXB_OK, "nbins=");
        snprintf(params, sizeof params, "dims=2;dist=circles-thesis;nbar=40;n=2000;w=0.5;query=pbw;seed=%llu",
                 (unsigned long long)seed);
        frnn_run_row(steps[i], params, pool, CXB_OK, "nbins=");
        snprintf(params, sizeof params, "dims=3;n=1000;build=acs;seed=%llu", (unsigned long long)seed);
        if (i == 1)
            frnn_run_row(steps[i], params, pool, CXB_OK, "nbins=");
        snprintf(params, sizeof params, "dims=3;n=1000;fault=1;seed=%llu", (unsigned long long)seed);
        frnn_run_row(steps[i], params, pool, CXB_EFAIL, "nbins=");
    }
    /* refusals: a build that has no row of this backend, a grid over the cap, an unknown key, a
     * team (lanes per agent) on a row other than frnn.circles.cuda or not a power of two to 32 */
    const cxb_impl *im = cxb_impl_find("frnn.strips.seq", NULL);
    cxb_params p;
    cxb_params_init(&p);
    cxb_params_parse(&p, "n=100;build=acs", ';', "test");
    cxb_env env = {pool, cxb_pool_threads(pool), NULL, NULL};
    void *ctx = NULL;
    CHECK(im->setup(&p, &env, &ctx) == CXB_EINPUT);
    cxb_params_init(&p);
    cxb_params_parse(&p, "n=1000;dist=uniform;width=1000;max_bins=1000", ';', "test");
    CHECK(im->setup(&p, &env, &ctx) == CXB_EINPUT);
    cxb_params_init(&p);
    cxb_params_parse(&p, "n=100;nosuchkey=1", ';', "test");
    CHECK(im->setup(&p, &env, &ctx) == CXB_EINPUT);
    /* the strip of the contention experiment: K = width bins in one row, in 2D and 3D */
    const cxb_impl *cnt = cxb_impl_find("frnn.counting.seq", NULL);
    for (int d = 2; cnt && d <= 3; ++d) {
        char want[64], extra[512];
        cxb_params_init(&p);
        snprintf(want, sizeof want, "dims=%d;dist=strip;n=5000;width=64", d);
        cxb_params_parse(&p, want, ';', "test");
        ctx = NULL;
        CHECK(cnt->setup(&p, &env, &ctx) == CXB_OK && ctx);
        if (!ctx)
            continue;
        cnt->extra(ctx, extra, sizeof extra);
        snprintf(want, sizeof want, "gdim=64x1x1;");
        CHECK_MSG(strstr(extra, want) && strstr(extra, "nbins=64;") && strstr(extra, "dist=strip;"), "%s", extra);
        CHECK(cnt->run(ctx, NULL) == CXB_OK && cnt->verify(ctx) == CXB_OK);
        cnt->teardown(ctx);
    }
    /* sorted input: the same points in bin order, renumbered; every build still equals the
     * reference, and a query row on it verifies */
    static const char *const sorted_rows[] = {"frnn.counting.seq", "frnn.counting.pthreads", "frnn.acs.pthreads",
                                              "frnn.strips.pthreads"};
    for (size_t r = 0; r < 4; ++r) {
        const cxb_impl *im2 = cxb_impl_find(sorted_rows[r], NULL);
        char extra[512];
        cxb_params_init(&p);
        cxb_params_parse(&p, "dims=3;dist=uniform;width=12;n=3000;order=sorted", ';', "test");
        ctx = NULL;
        CHECK(im2 && im2->setup(&p, &env, &ctx) == CXB_OK && ctx);
        if (!im2 || !ctx)
            continue;
        const cxb_frnn_ctx *fc = ctx;
        uint32_t prev = 0;
        int ordered = 1;
        for (uint32_t i = 0; i < fc->n; ++i) {
            const uint32_t b = cxb_frnn_bin(&fc->grid, fc->in[i].p);
            ordered &= b >= prev && fc->in[i].id == i;
            prev = b;
        }
        CHECK_MSG(ordered, "%s: order=sorted input not in bin order with ids 0..n-1", sorted_rows[r]);
        im2->extra(ctx, extra, sizeof extra);
        CHECK_MSG(strstr(extra, "order=sorted;") != NULL, "%s", extra);
        CHECK(im2->run(ctx, NULL) == CXB_OK && im2->verify(ctx) == CXB_OK);
        im2->teardown(ctx);
    }
    cxb_params_init(&p);
    cxb_params_parse(&p, "n=100;order=shuffled", ';', "test");
    CHECK(cnt && cnt->setup(&p, &env, &ctx) == CXB_EINPUT);
    cxb_params_init(&p);
    cxb_params_parse(&p, "dims=2;dist=strip;n=100;width=0", ';', "test");
    CHECK(cnt && cnt->setup(&p, &env, &ctx) == CXB_EINPUT);
    cxb_params_init(&p);
    cxb_params_parse(&p, "n=100;team=8", ';', "test");
    CHECK(im->setup(&p, &env, &ctx) == CXB_EINPUT);
    const cxb_impl *step = cxb_impl_find("frnn.circles.seq", NULL);
    CHECK(step && step->setup(&p, &env, &ctx) == CXB_EINPUT);
    cxb_params_init(&p);
    cxb_params_parse(&p, "n=100;team=3", ';', "test");
    CHECK(step && step->setup(&p, &env, &ctx) == CXB_EINPUT);
    /* the components of a build are timed on the CUDA Original and ACS builds only */
    static const char *const no_parts[] = {"frnn.counting.seq", "frnn.counting.pthreads", "frnn.acs.pthreads",
                                           "frnn.strips.seq", "frnn.circles.seq"};
    for (size_t r = 0; r < sizeof no_parts / sizeof no_parts[0]; ++r) {
        const cxb_impl *im2 = cxb_impl_find(no_parts[r], NULL);
        cxb_params_init(&p);
        cxb_params_parse(&p, "n=100;parts=1", ';', "test");
        CHECK_MSG(im2 && im2->setup(&p, &env, &ctx) == CXB_EINPUT, "%s: parts=1 accepted", no_parts[r]);
    }
    cxb_params_init(&p);
    cxb_params_parse(&p, "n=100;team=auto", ';', "test");
    CHECK(step && step->setup(&p, &env, &ctx) == CXB_OK);
    if (step && ctx)
        step->teardown(ctx);
    ctx = NULL;
}

static void presets(void)
{
    const cxb_study *st = cxb_study_find("frnn");
    CHECK(st != NULL);
    if (!st)
        return;
    for (size_t i = 0; i < st->npresets; ++i) {
        size_t ns;
        const cxb_sweep *sw = cxb_study_sweeps(st, st->presets[i].name, &ns);
        CHECK(sw != NULL);
        for (size_t k = 0; sw && k < ns; ++k) {
            char list[1024];
            snprintf(list, sizeof list, "%s", sw[k].impls);
            for (char *save = NULL, *t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save))
                CHECK_MSG(cxb_impl_find(t, NULL) || cxb_impl_not_built(t), "preset %s names unknown row %s",
                          st->presets[i].name, t);
        }
    }
    static const char *const names[] = {"quick", "ci", "paper", "fgpu2"};
    for (size_t i = 0; i < 4; ++i) {
        size_t ns;
        CHECK_MSG(cxb_study_sweeps(st, names[i], &ns) != NULL, "no preset %s", names[i]);
    }
}

static void points(uint64_t seed)
{
    /* keyed: point i is the same whatever else is drawn, and lies in [lo, hi) */
    float lo[3] = {-3.5f, 0.f, 1e-3f}, hi[3] = {2.25f, 1e6f, 1e-3f + 1e-6f};
    cxb_frnn_rec a[500], b;
    cxb_frnn_points_fill(a, seed, 500, 3, lo, hi);
    for (uint32_t i = 0; i < 500; i += 37) {
        b = cxb_frnn_draw_point(seed, i, 3, lo, hi);
        CHECK(!memcmp(&a[i], &b, sizeof b));
        for (int k = 0; k < 3; ++k)
            CHECK_MSG(a[i].p[k] >= lo[k] && a[i].p[k] < hi[k], "point %u axis %d: %.9g outside [%g, %g)", i, k,
                      a[i].p[k], lo[k], hi[k]);
    }
    /* a coordinate that rounds up to hi is replaced by hi's predecessor */
    float x = cxb_frnn_draw_coord(seed, 0, 0, 1.0f, 1.0000001f);
    CHECK(x >= 1.0f && x < 1.0000001f);
    /* the file round trip: %.9g then strtof gives the same bits, ids 0..n-1 */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    CHECK(cxb_frnn_points_write(f, a, 500, 3) == 0);
    fclose(f);
    f = fmemopen(buf, len, "rb");
    cxb_frnn_points pts;
    CHECK_MSG(cxb_frnn_points_read(f, "mem", 0, &pts) == CXB_OK, "%s", cxb_last_error());
    fclose(f);
    free(buf);
    CHECK(pts.n == 500 && pts.dims == 3);
    for (uint32_t i = 0; i < pts.n && i < 500; ++i)
        CHECK_MSG(!memcmp(pts.pts[i].p, a[i].p, sizeof a[i].p) && pts.pts[i].id == i, "point %u does not round-trip",
                  i);
    cxb_frnn_points_free(&pts);
}

/* gen | frnn against the in-memory row on the same seed and box */
static void gen_pipe(uint64_t seed, cxb_pool *pool)
{
    const char *cx = getenv("CXBENCH");
    if (!cx)
        return;
    const cxb_impl *im = cxb_impl_find("frnn.strips.seq", NULL);
    cxb_params p;
    cxb_params_init(&p);
    char params[200];
    snprintf(params, sizeof params, "dims=3;dist=uniform;width=9;n=2500;seed=%llu;radius=0.8;w=0.5",
             (unsigned long long)seed);
    CHECK(cxb_params_parse(&p, params, ';', "test") == CXB_OK);
    cxb_env env = {pool, cxb_pool_threads(pool), NULL, NULL};
    void *ctx = NULL;
    cxb_phases ph;
    cxb_phases_clear(&ph);
    CHECK(im->setup(&p, &env, &ctx) == CXB_OK && im->run(ctx, &ph) == CXB_OK);
    cxb_frnn_ctx *c = ctx;
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "'%s' frnn gen --n 2500 --dims 3 --seed %llu --width 9 | '%s' frnn - --radius 0.8 --w 0.5 --min 0 "
             "--max 9 --backend seq --no-summary",
             cx, (unsigned long long)seed, cx);
    FILE *f = popen(cmd, "r");
    CHECK(f != NULL);
    uint32_t i = 0, v, bad = 0;
    while (f && fscanf(f, "%u", &v) == 1) {
        if (i < c->n && v != c->res.count[i])
            ++bad;
        ++i;
    }
    CHECK(f && pclose(f) == 0);
    CHECK_MSG(i == c->n && bad == 0, "gen | frnn: %u lines, %u differ from the in-memory row (%u points)", i, bad, c->n);
    im->teardown(ctx);
}

/* steps=K on a Circles step row: a sample times step K, from the state after K steps; the row's
 * output equals K + 1 steps of counting.seq + strips.seq from the start, computed here */
static void advanced(uint64_t seed)
{
    const uint32_t n = 2000, dims = 2, k = 3;
    float lo[3], hi[3];
    double r;
    CHECK(cxb_frnn_box_of(CXB_FRNN_DIST_THESIS, dims, n, 0, 40, 1, lo, hi, &r) == CXB_OK);
    cxb_frnn_rec *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    cxb_frnn_points_fill(a, seed, n, dims, lo, hi);
    double mn[3] = {lo[0], lo[1], lo[2]}, mx[3] = {hi[0], hi[1], hi[2]};
    cxb_frnn_grid g;
    CHECK(cxb_frnn_grid_make(dims, mn, mx, r, 1.0, CXB_FRNN_MAX_BINS_DEFAULT, &g) == CXB_OK);
    cxb_frnn_index ix;
    CHECK(cxb_frnn_index_alloc(&ix, &g, n) == CXB_OK);
    cxb_frnn_circles_params cp;
    cxb_frnn_circles_params_init(&cp);
    for (uint32_t s = 0; s <= k; ++s) {
        CHECK(cxb_frnn_build_counting_seq(a, &ix) == CXB_OK);
        cxb_frnn_view v = cxb_frnn_index_view(&ix);
        CHECK(cxb_frnn_circles_step_seq(&v, CXB_FRNN_STRIPS, &cp, b, NULL) == CXB_OK);
        cxb_frnn_rec *t = a;
        a = b;
        b = t;
    }
    const uint64_t want = cxb_frnn_agents_checksum(a, n);
    const cxb_impl *im = cxb_impl_find("frnn.circles.seq", NULL);
    cxb_params p;
    cxb_params_init(&p);
    char buf[160];
    snprintf(buf, sizeof buf, "dims=2;dist=circles-thesis;nbar=40;n=%u;steps=%u;seed=%llu", n, k,
             (unsigned long long)seed);
    CHECK(cxb_params_parse(&p, buf, ';', "test") == CXB_OK);
    cxb_env env = {NULL, 1, NULL, NULL};
    void *ctx = NULL;
    CHECK(im && im->setup(&p, &env, &ctx) == CXB_OK);
    for (int rep = 0; rep < 2 && ctx; ++rep) { /* every sample starts from the advanced state */
        CHECK(im->reset(ctx) == CXB_OK && im->run(ctx, NULL) == CXB_OK && im->verify(ctx) == CXB_OK);
        CHECK_MSG(im->checksum(ctx) == want, "steps=%u: sample %d is not step %u of the model", k, rep, k);
    }
    if (ctx)
        im->teardown(ctx);
    cxb_frnn_index_free(&ix);
    free(a);
    free(b);
}

int main(void)
{
    uint64_t seed = (uint64_t)time(NULL) * 2654435761u;
    const char *env = getenv("CXB_TEST_SEED");
    if (env)
        seed = strtoull(env, NULL, 0);
    fprintf(stderr, "frnn_study: seed %llu (CXB_TEST_SEED=%llu repeats)\n", (unsigned long long)seed,
            (unsigned long long)seed);
    cxb_pool *pool;
    if (cxb_pool_create(&pool, 3, CXB_BIND_NONE) != CXB_OK)
        return 1;
    presets();
    points(seed);
    rows(seed, pool);
    gen_pipe(seed, pool);
    advanced(seed);
    cxb_pool_destroy(pool);
    CHECK_DONE();
}
