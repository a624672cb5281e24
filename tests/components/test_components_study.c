/* tests/components/test_components_study.c - the components study's rows through the registry
 * (docs/studies/components.md "Verification", docs/architecture.md "The registry"): every CPU row
 * sets up from parameters, runs, verifies, and its checksum is the labels_hash of the reference
 * labels (computed here by a BFS oracle); a wrong labelling (fault=1, and labels corrupted through
 * the context) fails verification naming a vertex; instances cycle through seed + r with a
 * constant checksum; bad parameters are CXB_EINPUT; every id a preset names is a registered row
 * or a row this build left out (CUDA); the command is declared as "graph components". */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cxb/core/pool.h"
#include "cxb/graph/gen.h"
#include "harness/registry.h"
#include "suites/components/rows.h"

static const char *const cpu_rows[] = {"components.recursive.seq", "components.unionfind.seq",
                                       "components.cas.pthreads", "components.unionfind.pthreads",
                                       "components.afforest.pthreads"};

/* labels_hash of the min-id labelling of SPEC (multigraph as given), by BFS */
static uint64_t oracle_hash(const char *spec, int multigraph)
{
    cxb_gen_spec s;
    cxb_edges e;
    cxb_csr g;
    if (cxb_gen_parse(spec, &s) != CXB_OK || cxb_generate_seq(&s, &e) != CXB_OK ||
        cxb_csr_from_edges(&e, multigraph, &g) != CXB_OK)
        return 0;
    cxb_vid *lab = malloc(g.n * sizeof *lab), *q = malloc(g.n * sizeof *q);
    for (uint64_t v = 0; v < g.n; ++v)
        lab[v] = CXB_VID_NONE;
    for (uint64_t r = 0; r < g.n; ++r) {
        if (lab[r] != CXB_VID_NONE)
            continue;
        uint64_t h = 0, t = 0;
        lab[r] = (cxb_vid)r;
        q[t++] = (cxb_vid)r;
        while (h < t)
            for (uint64_t a = g.off[q[h]], b = g.off[q[h] + 1], x = (h++, a); x < b; ++x)
                if (lab[g.adj[x]] == CXB_VID_NONE)
                    lab[g.adj[x]] = (cxb_vid)r, q[t++] = g.adj[x];
    }
    uint64_t hash = cxb_cc_labels_hash(lab, g.n);
    free(lab);
    free(q);
    cxb_csr_free(&g);
    return hash;
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

static void test_rows(cxb_pool *pool)
{
    cxb_env env = {pool, cxb_pool_threads(pool), NULL, NULL};
    char params[256];
    snprintf(params, sizeof params, "model=disjoint;n=20000;e=30000;c=20;seed=7;threads=%u", env.threads);
    uint64_t want = oracle_hash("disjoint:n=20000,e=30000,c=20,seed=7", 1);
    uint64_t want_simple = oracle_hash("disjoint:n=20000,e=30000,c=20,seed=7", 0);
    CHECK(want != 0);
    for (size_t i = 0; i < sizeof cpu_rows / sizeof cpu_rows[0]; ++i) {
        const cxb_impl *im;
        void *ctx = NULL;
        cxb_phases ph;
        cxb_status st = setup_row(cpu_rows[i], params, &env, &im, &ctx);
        CHECK_MSG(st == CXB_OK, "%s: %s", cpu_rows[i], cxb_last_error());
        if (st != CXB_OK)
            continue;
        cxb_cc_ctx *c = ctx;
        CHECK(c->multigraph == 1); /* Disjoint graphs keep their multi-edges */
        CHECK(im->reset(ctx) == CXB_OK && im->run(ctx, &ph) == CXB_OK);
        CHECK_MSG(im->verify(ctx) == CXB_OK, "%s: %s", cpu_rows[i], cxb_last_error());
        CHECK(im->checksum(ctx) == want);
        char extra[512] = "";
        im->extra(ctx, extra, sizeof extra);
        CHECK_MSG(strstr(extra, "spec=disjoint:n=20000,e=30000,c=20,seed=7") && strstr(extra, "vertices=20000"),
                  "%s", extra);
        CHECK(!strcmp(cxb_impl_parts(im).variant, i < 2 ? "seq" : "pthreads"));
        /* a corrupted labelling: the last vertex's component merged into vertex 0's */
        cxb_vid l = c->label[c->g->n - 1];
        for (uint64_t v = 0; v < c->g->n; ++v)
            if (c->label[v] == l && l)
                c->label[v] = 0;
        if (l) {
            CHECK(im->verify(ctx) == CXB_EFAIL);
            CHECK(strstr(cxb_last_error(), "labels_hash") != NULL);
        }
        c->label[c->g->n - 1] = (cxb_vid)(c->g->n - 1) + 0; /* a non-root label or a split */
        c->label[0] = 1;
        CHECK(im->verify(ctx) == CXB_EFAIL);
        im->teardown(ctx);
    }
    /* simple=1 builds the Disjoint graph without its multi-edges: same components */
    for (size_t i = 0; i < 2; ++i) {
        const cxb_impl *im;
        void *ctx = NULL;
        cxb_phases ph;
        char p2[300];
        snprintf(p2, sizeof p2, "%s;simple=1", params);
        if (setup_row(cpu_rows[i], p2, &env, &im, &ctx) != CXB_OK) {
            CHECK(0);
            continue;
        }
        CHECK(((cxb_cc_ctx *)ctx)->multigraph == 0);
        CHECK(im->reset(ctx) == CXB_OK && im->run(ctx, &ph) == CXB_OK && im->verify(ctx) == CXB_OK);
        CHECK(im->checksum(ctx) == want_simple);
        im->teardown(ctx);
    }
    /* fault=1: verification fails after a normal run */
    {
        const cxb_impl *im;
        void *ctx = NULL;
        cxb_phases ph;
        if (setup_row("components.unionfind.seq", "model=gnm;n=3000;m=1000;fault=1", &env, &im, &ctx) == CXB_OK) {
            CHECK(im->reset(ctx) == CXB_OK && im->run(ctx, &ph) == CXB_OK);
            CHECK(im->verify(ctx) == CXB_EFAIL);
            im->teardown(ctx);
        } else
            CHECK(0);
    }
}

/* instances: reset moves on to seed + r; every correct sample has instance 0's checksum, and the
 * graphs differ */
static void test_instances(cxb_pool *pool)
{
    cxb_env env = {pool, cxb_pool_threads(pool), NULL, NULL};
    char params[256];
    snprintf(params, sizeof params, "model=gnm;n=4000;m=2500;seed=11;instances=3;threads=%u", env.threads);
    uint64_t h[3];
    for (int r = 0; r < 3; ++r) {
        char spec[128];
        snprintf(spec, sizeof spec, "gnm:n=4000,m=2500,seed=%d", 11 + r);
        h[r] = oracle_hash(spec, 0);
    }
    CHECK(h[0] != h[1] && h[1] != h[2]);
    const cxb_impl *im;
    void *ctx = NULL;
    if (setup_row("components.cas.pthreads", params, &env, &im, &ctx) != CXB_OK) {
        CHECK_MSG(0, "%s", cxb_last_error());
        return;
    }
    cxb_cc_ctx *c = ctx;
    cxb_phases ph;
    CHECK(im->reset(ctx) == CXB_OK && im->run(ctx, &ph) == CXB_OK && im->verify(ctx) == CXB_OK);
    CHECK(im->checksum(ctx) == h[0]);
    for (int s = 1; s < 7; ++s) {
        CHECK(im->reset(ctx) == CXB_OK);
        CHECK(c->instance == (uint64_t)s % 3);
        CHECK(im->run(ctx, &ph) == CXB_OK);
        CHECK(cxb_cc_labels_hash(c->label, c->g->n) == h[s % 3]);
        CHECK(im->checksum(ctx) == h[0]);
        CHECK(im->verify(ctx) == CXB_OK);
    }
    im->teardown(ctx);
}

static void test_bad_params(cxb_pool *pool)
{
    cxb_env env = {pool, cxb_pool_threads(pool), NULL, NULL};
    const char *bad[] = {"model=gnm;n=100;m=10;colour=3", "model=gnm;n=100;m=10;instances=0",
                         "model=nosuch;n=100",           "model=gnm;n=100;m=10;ref=magic",
                         "model=disjoint;n=100;e=10;c=0", "model=gnm;n=100;m=10;deg_warp=0",
                         "model=gnm;n=100;m=10;threads=999",
                         "model=gnm;n=100;m=10;deg_inline=15", "model=gnm;n=100;m=10;deg_inline=353", "model=gnm;n=100;m=10;tex_limit=2",
                         "model=gnm;n=100;m=10;union=magic"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        const cxb_impl *im;
        void *ctx = NULL;
        cxb_status st = setup_row("components.cas.pthreads", bad[i], &env, &im, &ctx);
        CHECK_MSG(st == CXB_EINPUT, "%s: %d", bad[i], (int)st);
        if (st == CXB_OK)
            im->teardown(ctx);
    }
}

static void test_presets(void)
{
    const cxb_study *s = cxb_study_find("components");
    CHECK(s != NULL);
    if (!s)
        return;
    CHECK(!strcmp(s->reference_impl, "components.recursive.seq"));
    const char *names[] = {"quick", "ci", "paper", "modern", "leist.fig6.2", "leist.fig6.5", "leist.fig6.9"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i) {
        size_t n;
        const cxb_sweep *sw = cxb_study_sweeps(s, names[i], &n);
        CHECK_MSG(sw && n > 0, "preset %s", names[i]);
        for (size_t k = 0; sw && k < n; ++k) {
            char ids[1024];
            snprintf(ids, sizeof ids, "%s", sw[k].impls);
            for (char *save, *id = strtok_r(ids, ",", &save); id; id = strtok_r(NULL, ",", &save))
                CHECK_MSG(cxb_impl_find(id, NULL) || cxb_impl_not_built(id), "%s names %s", names[i], id);
            /* the preset's fixed parameters and each value set up a valid point (the spec parses) */
            cxb_params p;
            cxb_params_init(&p);
            CHECK(cxb_params_parse(&p, sw[k].fixed, ';', "preset") == CXB_OK);
            CHECK(cxb_params_set(&p, sw[k].x_param, "1000") == CXB_OK);
            CHECK_MSG(cxb_cc_work(NULL, &p) > 0 || !strcmp(sw[k].x_param, "e"), "%s: %s", names[i], sw[k].fixed);
        }
    }
    size_t n;
    CHECK(cxb_study_sweeps(s, "nosuch", &n) == NULL);
    int found = 0;
    for (size_t i = 0; i < s->ncommands; ++i)
        found += !strcmp(s->commands[i].path, "graph components");
    CHECK(found == 1);
}

int main(void)
{
    cxb_pool *pool;
    if (cxb_pool_create(&pool, 3, CXB_BIND_NONE) != CXB_OK)
        return 1;
    test_rows(pool);
    test_instances(pool);
    test_bad_params(pool);
    test_presets();
    cxb_pool_destroy(pool);
    CHECK_DONE();
}
