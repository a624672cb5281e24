/* tests/clustering/test_clustering_study.c - the clustering study's rows through the registry
 * (docs/studies/clustering.md "Verification", docs/architecture.md "The registry"): every CPU row
 * sets up from parameters, runs, verifies, and its T and W are those of a brute-force count done
 * here; wrong counts (fault=1, and counts corrupted through the context) fail verification; the
 * per-vertex hash catches a moved triangle that the invariants cannot; instances cycle through
 * seed + r with a constant checksum; order=reversed gives the same counts; ref=tcmerge.pthreads
 * verifies every row as the sequential reference does; bad parameters are
 * CXB_EINPUT; every id a preset names is a registered row or a row this build left out (CUDA, multi-
 * GPU); the command is declared as "graph clustering". */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cxb/core/pool.h"
#include "cxb/graph/gen.h"
#include "harness/registry.h"
#include "suites/clustering/device.h"
#include "suites/clustering/rows.h"

static const char *const cpu_rows[] = {"clustering.smallest.seq", "clustering.tcmerge.seq",
                                       "clustering.smallest.pthreads", "clustering.smallest.pthreadsgrain",
                                       "clustering.tcmerge.pthreads"};

/* T and W of SPEC by sorted adjacency and every pair of neighbours (the test's own count) */
static void brute(const char *spec, uint64_t *T, uint64_t *W)
{
    cxb_gen_spec s;
    cxb_edges e;
    cxb_csr g;
    *T = *W = 0;
    if (cxb_gen_parse(spec, &s) != CXB_OK || cxb_generate_seq(&s, &e) != CXB_OK || cxb_csr_from_edges(&e, 0, &g) != CXB_OK)
        return;
    for (uint64_t v = 0; v < g.n; ++v) {
        uint64_t d = g.off[v + 1] - g.off[v];
        *W += d * (d ? d - 1 : 0) / 2;
        for (uint64_t a = g.off[v]; a < g.off[v + 1]; ++a)
            for (uint64_t b = a + 1; b < g.off[v + 1]; ++b) { /* neighbours u < w of v, v < u: is {u, w} an edge? */
                cxb_vid u = g.adj[a], w = g.adj[b];
                if (u <= v)
                    continue;
                for (uint64_t c = g.off[u]; c < g.off[u + 1]; ++c)
                    *T += g.adj[c] == w;
            }
    }
    cxb_csr_free(&g);
}

static cxb_status setup_row(const char *id, const char *params, cxb_env *env, const cxb_impl **im, void **ctx)
{
    cxb_params p;
    cxb_params_init(&p);
    if (cxb_params_parse(&p, params, ';', "test") != CXB_OK)
        return CXB_EINPUT;
    *im = cxb_impl_find(id, NULL);
    if (!*im)
        return CXB_EFAIL;
    return (*im)->setup(&p, env, ctx);
}

/* Sets up row id with params, resets and runs it once; NULL (and a failed check) when it cannot. */
static cxb_cl_ctx *run_row(const char *id, const char *params, cxb_env *env, const cxb_impl **im)
{
    void *ctx = NULL;
    cxb_phases ph;
    cxb_status st = setup_row(id, params, env, im, &ctx);
    CHECK_MSG(st == CXB_OK, "%s: %s", id, cxb_last_error());
    if (st != CXB_OK)
        return NULL;
    CHECK((*im)->reset(ctx) == CXB_OK && (*im)->run(ctx, &ph) == CXB_OK);
    return ctx;
}

/* Moves one triangle of c's per-vertex counts from one vertex to another: the sum and the bounds
 * still hold, so only the per-vertex comparison can catch it; 0 when no such pair exists. */
static int move_one_triangle(cxb_cl_ctx *c)
{
    uint64_t a = 0, b = 0;
    for (uint64_t v = 0; v < c->g->n && !a; ++v)
        if (c->res.tv[v] > 0)
            a = v + 1;
    for (uint64_t v = c->g->n; v-- > 0 && !b;)
        if (v + 1 != a && c->res.tv[v] < c->g->off[v + 1] - c->g->off[v] - 1)
            b = v + 1;
    if (!a || !b)
        return 0;
    c->res.tv[a - 1] -= 1, c->res.tv[b - 1] += 1;
    return 1;
}

static void test_rows(cxb_pool *pool)
{
    cxb_env env = {pool, cxb_pool_threads(pool), NULL, NULL};
    uint64_t T, W;
    brute("bacopy:n=3000,m=6,n0=12,seed=7", &T, &W);
    CHECK(T > 0 && W > 0);
    uint64_t checksum[2] = {0, 0};
    for (size_t i = 0; i < sizeof cpu_rows / sizeof cpu_rows[0]; ++i) {
        for (int order = 0; order < 2; ++order) {
            int smallest = strstr(cpu_rows[i], "smallest") != NULL;
            if (order && !smallest)
                continue;
            char params[256];
            snprintf(params, sizeof params, "model=bacopy;n=3000;m=6;n0=12;seed=7;threads=%u%s", env.threads,
                     order ? ";order=reversed" : "");
            const cxb_impl *im;
            cxb_cl_ctx *c = run_row(cpu_rows[i], params, &env, &im);
            if (!c)
                continue;
            void *ctx = c;
            CHECK_MSG(c->res.T == T && c->res.W == W, "%s: %llu %llu, want %llu %llu", cpu_rows[i],
                      (unsigned long long)c->res.T, (unsigned long long)c->res.W, (unsigned long long)T,
                      (unsigned long long)W);
            CHECK_MSG(im->verify(ctx) == CXB_OK, "%s: %s", cpu_rows[i], cxb_last_error());
            /* rows without per-vertex counts share one checksum, as do those with them */
            uint64_t cs = im->checksum(ctx);
            int k = c->res.has_tv && strcmp(cpu_rows[i], "clustering.tcmerge.seq") ? 1 : 0;
            if (!checksum[k])
                checksum[k] = cs;
            CHECK_MSG(cs == checksum[k], "%s: checksum", cpu_rows[i]);
            char extra[768] = "";
            im->extra(ctx, extra, sizeof extra);
            char want[64];
            snprintf(want, sizeof want, "T=%llu;W=%llu;", (unsigned long long)T, (unsigned long long)W);
            CHECK_MSG(!strncmp(extra, want, strlen(want)) && strstr(extra, "spec=bacopy:n=3000") &&
                          strstr(extra, "vertices=3000") && strstr(extra, "transitivity="),
                      "%s", extra);
            CHECK(!strncmp(cxb_impl_parts(im).variant, i < 2 ? "seq" : "pthreads", i < 2 ? 4 : 8));
            /* wrong T, wrong W: caught */
            c->res.T += 1;
            CHECK(im->verify(ctx) == CXB_EFAIL && strstr(cxb_last_error(), "triangles"));
            c->res.T -= 1;
            c->res.W -= 1;
            CHECK(im->verify(ctx) == CXB_EFAIL && strstr(cxb_last_error(), "triples"));
            c->res.W += 1;
            if (c->res.has_tv && strcmp(cpu_rows[i], "clustering.tcmerge.seq")) {
                /* one triangle moved: the per-vertex comparison names the vertex */
                const int moved = move_one_triangle(c);
                CHECK(moved);
                if (moved)
                    CHECK(im->verify(ctx) == CXB_EFAIL && strstr(cxb_last_error(), "vertex"));
            }
            im->teardown(ctx);
        }
    }
    /* fault=1: verification fails after a normal run */
    for (size_t i = 0; i < sizeof cpu_rows / sizeof cpu_rows[0]; ++i) {
        const cxb_impl *im;
        void *ctx = NULL;
        cxb_phases ph;
        char params[128];
        snprintf(params, sizeof params, "model=gnm;n=3000;m=9000;fault=1;threads=%u", env.threads);
        if (setup_row(cpu_rows[i], params, &env, &im, &ctx) == CXB_OK) {
            CHECK(im->reset(ctx) == CXB_OK && im->run(ctx, &ph) == CXB_OK);
            CHECK_MSG(im->verify(ctx) == CXB_EFAIL, "%s: fault not caught", cpu_rows[i]);
            im->teardown(ctx);
        } else
            CHECK(0);
    }
}

/* instances: reset moves on to seed + r; every correct sample has instance 0's checksum */
static void test_instances(cxb_pool *pool)
{
    cxb_env env = {pool, cxb_pool_threads(pool), NULL, NULL};
    uint64_t T[3], W[3];
    for (int r = 0; r < 3; ++r) {
        char spec[128];
        snprintf(spec, sizeof spec, "gnm:n=2000,m=12000,seed=%d", 11 + r);
        brute(spec, &T[r], &W[r]);
    }
    CHECK(T[0] != T[1] || T[1] != T[2]);
    for (int k = 0; k < 2; ++k) {
        const char *row = k ? "clustering.tcmerge.pthreads" : "clustering.smallest.pthreads";
        char params[256];
        snprintf(params, sizeof params, "model=gnm;n=2000;m=12000;seed=11;instances=3;threads=%u", env.threads);
        const cxb_impl *im;
        void *ctx = NULL;
        if (setup_row(row, params, &env, &im, &ctx) != CXB_OK) {
            CHECK_MSG(0, "%s", cxb_last_error());
            return;
        }
        cxb_cl_ctx *c = ctx;
        cxb_phases ph;
        CHECK(im->reset(ctx) == CXB_OK && im->run(ctx, &ph) == CXB_OK && im->verify(ctx) == CXB_OK);
        uint64_t h0 = im->checksum(ctx);
        for (int s = 1; s < 7; ++s) {
            CHECK(im->reset(ctx) == CXB_OK);
            CHECK(c->instance == (uint64_t)s % 3);
            CHECK(im->run(ctx, &ph) == CXB_OK);
            CHECK(c->res.T == T[s % 3] && c->res.W == W[s % 3]);
            CHECK(im->checksum(ctx) == h0);
            CHECK(im->verify(ctx) == CXB_OK);
        }
        im->teardown(ctx);
    }
}

/* ref=tcmerge.pthreads: every CPU row verifies against the threaded reference (the tcmerge.pthreads
 * row itself against tcmerge.seq), with the checksum of the default reference where both have
 * T_v; a wrong T and a moved triangle are still caught */
static void test_threaded_ref(cxb_pool *pool)
{
    cxb_env env = {pool, cxb_pool_threads(pool), NULL, NULL};
    for (size_t i = 0; i < sizeof cpu_rows / sizeof cpu_rows[0]; ++i) {
        uint64_t cs[2] = {0, 0};
        for (int r = 0; r < 2; ++r) {
            char params[256];
            snprintf(params, sizeof params, "model=gnm;n=2500;m=20000;seed=11;threads=%u%s", env.threads,
                     r ? ";ref=tcmerge.pthreads" : "");
            const cxb_impl *im;
            cxb_cl_ctx *c = run_row(cpu_rows[i], params, &env, &im);
            if (!c)
                continue;
            void *ctx = c;
            CHECK_MSG(im->verify(ctx) == CXB_OK, "%s %s: %s", cpu_rows[i], params, cxb_last_error());
            if (r) {
                const char *want = strcmp(cpu_rows[i], "clustering.tcmerge.pthreads") ? "clustering.tcmerge.pthreads"
                                                                                       : "clustering.tcmerge.seq";
                CHECK_MSG(!strcmp(cxb_cl_ref_id(c), want), "%s: reference %s, want %s", cpu_rows[i],
                          cxb_cl_ref_id(c), want);
            }
            cs[r] = im->checksum(ctx);
            c->res.T += 1;
            CHECK(im->verify(ctx) == CXB_EFAIL && strstr(cxb_last_error(), "triangles"));
            c->res.T -= 1;
            if (r && c->res.has_tv && c->res.tv) {
                const int moved = move_one_triangle(c);
                CHECK(moved);
                if (moved)
                    CHECK_MSG(im->verify(ctx) == CXB_EFAIL && strstr(cxb_last_error(), "vertex"), "%s: %s",
                              cpu_rows[i], cxb_last_error());
            }
            im->teardown(ctx);
        }
        /* tcmerge.seq's default reference at this size is smallest.seq, which has no T_v, so only its
         * threaded-reference checksum carries the T_v hash */
        if (strcmp(cpu_rows[i], "clustering.tcmerge.seq"))
            CHECK_MSG(cs[0] == cs[1], "%s: checksum differs between the references", cpu_rows[i]);
    }
    /* no pool to run the reference on: refused at setup, before any work */
    cxb_env bare = {NULL, 0, NULL, NULL};
    const cxb_impl *im;
    void *ctx = NULL;
    cxb_status st = setup_row("clustering.smallest.seq", "model=gnm;n=100;m=300;ref=tcmerge.pthreads", &bare, &im, &ctx);
    CHECK_MSG(st == CXB_EINPUT && strstr(cxb_last_error(), "no thread pool"), "%d: %s", (int)st, cxb_last_error());
    if (st == CXB_OK)
        im->teardown(ctx);
}

static void test_bad_params(cxb_pool *pool)
{
    cxb_env env = {pool, cxb_pool_threads(pool), NULL, NULL};
    const char *bad[][2] = {{"clustering.smallest.pthreads", "model=gnm;n=100;m=10;colour=3"},
                            {"clustering.smallest.pthreads", "model=gnm;n=100;m=10;instances=0"},
                            {"clustering.smallest.pthreads", "model=nosuch;n=100"},
                            {"clustering.smallest.pthreads", "model=gnm;n=100;m=10;ref=magic"},
                            {"clustering.smallest.pthreads", "model=gnm;n=100;m=10;block=0"},
                            {"clustering.smallest.pthreadsgrain", "model=gnm;n=100;m=10;grain=1"},
                            {"clustering.smallest.pthreads", "model=gnm;n=100;m=10;order=sideways"},
                            {"clustering.tcmerge.pthreads", "model=gnm;n=100;m=10;order=reversed"},
                            {"clustering.tcmerge.seq", "model=gnm;n=100;m=10;relabel=2"},
                            {"clustering.smallest.pthreads", "model=gnm;n=100;m=10;threads=999"},
                            {"clustering.smallest.seq", "model=gnm;n=100;m=10;prefetch=3"},
                            {"clustering.smallest.seq", "model=gnm;n=100;m=10;deg_warp=0"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        const cxb_impl *im;
        void *ctx = NULL;
        cxb_status st = setup_row(bad[i][0], bad[i][1], &env, &im, &ctx);
        CHECK_MSG(st == CXB_EINPUT, "%s %s: %d", bad[i][0], bad[i][1], (int)st);
        if (st == CXB_OK)
            im->teardown(ctx);
    }
    /* the CUDA counters orient by degree rank only: relabel=1 and id refused at setup, before any
     * device work (a zeroed device table that the refusal never reads stands in, so this runs
     * without a GPU) */
    static const char *const dev_bad[] = {"model=gnm;n=100;m=10;relabel=1", "model=gnm;n=100;m=10;relabel=id"};
    cxb_cl_dev unused;
    memset(&unused, 0, sizeof unused);
    for (int i = 0; i < 2; ++i) {
        cxb_params p;
        cxb_params_init(&p);
        CHECK(cxb_params_parse(&p, dev_bad[i], ';', "test") == CXB_OK);
        void *ctx = NULL;
        cxb_status st = cxb_cl_setup_dev(&p, &env, CXB_CL_TCHASH_CUDA, &unused, &ctx);
        CHECK_MSG(st == CXB_EINPUT && strstr(cxb_last_error(), "orient by (degree, id)"), "%s: %d %s", dev_bad[i],
                  (int)st, cxb_last_error());
    }
}

static void test_presets(void)
{
    const cxb_study *s = cxb_study_find("clustering");
    CHECK(s != NULL);
    if (!s)
        return;
    CHECK(!strcmp(s->reference_impl, "clustering.tcmerge.seq"));
    const char *names[] = {"quick", "ci", "paper", "modern", "leist.fig6.12", "leist.fig6.13", "leist.reversed"};
    int mgpu = 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i) {
        size_t n;
        const cxb_sweep *sw = cxb_study_sweeps(s, names[i], &n);
        CHECK_MSG(sw && n > 0, "preset %s", names[i]);
        for (size_t k = 0; sw && k < n; ++k) {
            char ids[1024];
            snprintf(ids, sizeof ids, "%s", sw[k].impls);
            for (char *save, *id = strtok_r(ids, ",", &save); id; id = strtok_r(NULL, ",", &save)) {
                CHECK_MSG(cxb_impl_find(id, NULL) || cxb_impl_not_built(id), "%s names %s", names[i], id);
                mgpu += strstr(id, ".mgpu") != NULL;
            }
            cxb_params p;
            cxb_params_init(&p);
            CHECK(cxb_params_parse(&p, sw[k].fixed, ';', "preset") == CXB_OK);
            if (!strcmp(sw[k].x_param, "n"))
                CHECK(cxb_params_set(&p, "n", "1000") == CXB_OK);
            CHECK_MSG(cxb_cl_work(NULL, &p) > 0, "%s: %s", names[i], sw[k].fixed);
        }
    }
    CHECK(mgpu > 0); /* the multi-GPU rows are named (quick and paper) */
    size_t n;
    CHECK(cxb_study_sweeps(s, "nosuch", &n) == NULL);
    int found = 0;
    for (size_t i = 0; i < s->ncommands; ++i)
        found += !strcmp(s->commands[i].path, "graph clustering");
    CHECK(found == 1);
    /* every variant id round-trips, and the tc rows are those with per-vertex counts */
    for (int v = 0; v < CXB_CL_NVARIANTS; ++v) {
        CHECK(cxb_cl_variant_of(cxb_cl_variant_id((cxb_cl_variant)v)) == v);
        CHECK(cxb_cl_variant_has_tv((cxb_cl_variant)v) == (strstr(cxb_cl_variant_id((cxb_cl_variant)v), ".tc") != NULL));
    }
}

int main(void)
{
    cxb_pool *pool;
    if (cxb_pool_create(&pool, 3, CXB_BIND_NONE) != CXB_OK)
        return 1;
    test_rows(pool);
    test_instances(pool);
    test_threaded_ref(pool);
    test_bad_params(pool);
    test_presets();
    cxb_pool_destroy(pool);
    CHECK_DONE();
}
