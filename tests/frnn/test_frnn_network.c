/* frnn_network: the Network model (docs/studies/frnn.md "The Network model"):
 *   - the keyed graph: every vertex has exactly e out-edges and e in-edges, lengths in [1, 2);
 *     the actors start on edge i mod m with speeds in [0.5, 1);
 *   - a step written here from the model's rules alone (occupants counted by scanning every
 *     actor, the survey offset from the keyed draw with its own 128-bit product) against the
 *     library's oracle (cxb_frnn_network_step_direct) and against the step over a counting.seq
 *     build, over 40 chained steps on fresh seeds;
 *   - pthreads steps over counting and acs builds at 1, 2, 3 and 8 threads: the same actors, by
 *     id, as seq at every step (the storage orders differ for acs);
 *   - the edge cases: no actors, one actor, one edge per vertex, every actor on one edge, the
 *     capacity exactly ceil(a / m); the thesis's smoke configuration (v = 10, e = 3, 90 actors,
 *     3 per edge, lengths 1, speed 0.5, capacity 3) keeps 3 actors on every edge for 100 steps;
 *   - the rows through the registry: part=step and part=build verify, fault=1 fails, and bad
 *     parameters give CXB_EINPUT naming them.
 * Fresh seed each run (printed; CXB_TEST_SEED=S repeats). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "frnn_rows.h"
#include "cxb/core/pool.h"
#include "cxb/frnn/frnn.h"
#include "harness/registry.h"

typedef struct model {
    cxb_frnn_network nw;
    uint32_t *dst;
    float *len;
} model;

static void model_make(model *md, uint64_t seed, uint32_t v, uint32_t e, uint32_t c)
{
    md->nw.v = v;
    md->nw.e = e;
    md->nw.m = v * e;
    md->nw.c = c;
    md->nw.seed = seed;
    md->dst = malloc(md->nw.m * sizeof *md->dst);
    md->len = malloc(md->nw.m * sizeof *md->len);
    cxb_frnn_network_graph(seed, v, e, md->dst, md->len);
    md->nw.dst = md->dst;
    md->nw.len = md->len;
}

static void model_free(model *md)
{
    free(md->dst);
    free(md->len);
}

/* the rules of the model, written from the specification: the same draw, its own arithmetic */
static void naive_step(const cxb_frnn_network *nw, const cxb_frnn_rec *in, uint32_t a, uint32_t step,
                       cxb_frnn_rec *out)
{
    for (uint32_t i = 0; i < a; ++i) {
        uint32_t edge = (uint32_t)in[i].p[0], vertex = nw->dst[edge];
        cxb_philox4x32_ctr w = cxb_gdraw(nw->seed, 41, in[i].id, step);
        uint64_t x0 = (uint64_t)w.v[0] | (uint64_t)w.v[1] << 32;
        uint32_t off = (uint32_t)(((unsigned __int128)x0 * nw->e) >> 64);
        long best = -1, best_room = 0;
        for (uint32_t t = 0; t < nw->e; ++t) {
            uint32_t f = vertex * nw->e + (off + t) % nw->e;
            long occ = 0;
            for (uint32_t j = 0; j < a; ++j)
                occ += (uint32_t)in[j].p[0] == f;
            long room = (long)nw->c - occ;
            if (room > best_room)
                best = f, best_room = room;
        }
        out[i] = in[i];
        float progress = in[i].p[1] + in[i].p[2];
        if (progress >= nw->len[edge] && best >= 0) {
            out[i].p[0] = (float)best;
            progress = 0.0f;
        }
        out[i].p[1] = progress;
    }
}

/* in (storage order of any build) to by-id order; CHECK that ids are a permutation */
static void by_id(const cxb_frnn_rec *in, uint32_t a, cxb_frnn_rec *out)
{
    char *seen = calloc(a ? a : 1, 1);
    for (uint32_t k = 0; k < a; ++k) {
        uint32_t id = in[k].id;
        CHECK_MSG(id < a && !seen[id], "slot %u: actor id %u out of range or repeated", k, id);
        if (id < a && !seen[id]) {
            seen[id] = 1;
            out[id] = in[k];
        }
    }
    free(seen);
}

static int same(const cxb_frnn_rec *x, const cxb_frnn_rec *y, uint32_t a, const char *what, uint32_t step)
{
    for (uint32_t i = 0; i < a; ++i)
        if (memcmp(x[i].p, y[i].p, sizeof x[i].p) || x[i].id != y[i].id) {
            CHECK_MSG(0, "%s: step %u actor %u: edge %g progress %.9g, want edge %g progress %.9g", what, step, i,
                      x[i].p[0], x[i].p[1], y[i].p[0], y[i].p[1]);
            return 0;
        }
    return 1;
}

static void graph(uint64_t seed)
{
    static const uint32_t ve[][2] = {{1, 1}, {10, 3}, {64, 7}, {1000, 16}};
    for (size_t t = 0; t < sizeof ve / sizeof ve[0]; ++t) {
        model md;
        model_make(&md, seed + t, ve[t][0], ve[t][1], 1);
        uint32_t *in = calloc(md.nw.v, sizeof *in);
        for (uint32_t j = 0; j < md.nw.m; ++j) {
            CHECK(md.dst[j] < md.nw.v);
            if (md.dst[j] < md.nw.v)
                ++in[md.dst[j]];
            CHECK_MSG(md.len[j] >= 1.0f && md.len[j] < 2.0f, "edge %u length %g", j, md.len[j]);
        }
        for (uint32_t x = 0; x < md.nw.v; ++x)
            CHECK_MSG(in[x] == md.nw.e, "v=%u e=%u: vertex %u has %u in-edges", md.nw.v, md.nw.e, x, in[x]);
        free(in);
        cxb_frnn_rec act[50];
        cxb_frnn_network_actors(seed, 50, md.nw.m, act);
        for (uint32_t i = 0; i < 50; ++i)
            CHECK(act[i].id == i && act[i].p[0] == (float)(i % md.nw.m) && act[i].p[1] == 0.0f &&
                  act[i].p[2] >= 0.5f && act[i].p[2] < 1.0f);
        model_free(&md);
    }
}

/* 40 chained steps: naive, oracle, seq over counting.seq, pthreads over counting and acs */
static void chained(uint64_t seed, cxb_pool **pools, uint32_t v, uint32_t e, uint32_t a, uint32_t c, int all_on_one)
{
    model md;
    model_make(&md, seed, v, e, c);
    size_t rb = (a ? a : 1) * sizeof(cxb_frnn_rec);
    cxb_frnn_rec *st = malloc(rb), *want = malloc(rb), *got = malloc(rb), *tmp = malloc(rb);
    cxb_frnn_network_actors(seed, a, md.nw.m, st);
    for (uint32_t i = 0; all_on_one && i < a; ++i)
        st[i].p[0] = 0.0f;
    cxb_frnn_grid g;
    CHECK(cxb_frnn_network_grid(md.nw.m, &g) == CXB_OK);
    cxb_frnn_index ix;
    CHECK(cxb_frnn_index_alloc(&ix, &g, a) == CXB_OK);
    char what[160];
    uint32_t moved = 0;
    for (uint32_t s = 0; s < 40; ++s) {
        snprintf(what, sizeof what, "v=%u e=%u a=%u c=%u%s", v, e, a, c, all_on_one ? " all on edge 0" : "");
        naive_step(&md.nw, st, a, s, want);
        CHECK(cxb_frnn_network_step_direct(&md.nw, st, a, s, got) == CXB_OK);
        if (!same(got, want, a, "oracle", s))
            break;
        /* the state is kept in id order; the builds reorder it */
        CHECK(cxb_frnn_build_counting_seq(st, &ix) == CXB_OK);
        cxb_frnn_view view = cxb_frnn_index_view(&ix);
        CHECK(cxb_frnn_network_step_seq(&view, &md.nw, s, tmp) == CXB_OK);
        by_id(tmp, a, got);
        if (!same(got, want, a, "frnn.network.seq", s))
            break;
        for (int p = 0; pools[p]; ++p)
            for (int kind = 0; kind < 2; ++kind) {
                CHECK(kind ? cxb_frnn_build_acs_pthreads(pools[p], st, &ix) == CXB_OK
                           : cxb_frnn_build_counting_pthreads(pools[p], st, &ix, 0, NULL) == CXB_OK);
                view = cxb_frnn_index_view(&ix);
                CHECK(cxb_frnn_network_step_pthreads(pools[p], &view, &md.nw, s, tmp) == CXB_OK);
                by_id(tmp, a, got);
                snprintf(what, sizeof what, "frnn.network.pthreads (%s, %u threads)", kind ? "acs" : "counting",
                         cxb_pool_threads(pools[p]));
                same(got, want, a, what, s);
            }
        for (uint32_t i = 0; i < a; ++i)
            moved += want[i].p[0] != st[i].p[0];
        memcpy(st, want, rb);
    }
    /* a model that never moves would make the comparison weak: the rules must have moved actors */
    if (a && c > (a + md.nw.m - 1) / md.nw.m)
        CHECK_MSG(moved > 0, "v=%u e=%u a=%u c=%u: no actor moved in 40 steps", v, e, a, c);
    cxb_frnn_index_free(&ix);
    free(st);
    free(want);
    free(got);
    free(tmp);
    model_free(&md);
}

static void smoke(void)
{
    model md;
    model_make(&md, 7, 10, 3, 3);
    for (uint32_t j = 0; j < md.nw.m; ++j)
        md.len[j] = 1.0f;
    cxb_frnn_rec st[90], out[90];
    for (uint32_t i = 0; i < 90; ++i) {
        st[i].p[0] = (float)(i / 3);
        st[i].p[1] = 0.0f;
        st[i].p[2] = 0.5f;
        st[i].id = i;
    }
    cxb_frnn_grid g;
    CHECK(cxb_frnn_network_grid(md.nw.m, &g) == CXB_OK);
    cxb_frnn_index ix;
    CHECK(cxb_frnn_index_alloc(&ix, &g, 90) == CXB_OK);
    for (uint32_t s = 0; s < 100; ++s) {
        CHECK(cxb_frnn_build_counting_seq(st, &ix) == CXB_OK);
        cxb_frnn_view view = cxb_frnn_index_view(&ix);
        CHECK(cxb_frnn_network_step_seq(&view, &md.nw, s, out) == CXB_OK);
        uint32_t hist[30] = {0};
        for (uint32_t k = 0; k < 90; ++k)
            ++hist[(uint32_t)out[k].p[0] % 30];
        for (uint32_t j = 0; j < 30; ++j)
            CHECK_MSG(hist[j] == 3, "smoke: step %u edge %u holds %u actors", s, j, hist[j]);
        by_id(out, 90, st);
    }
    cxb_frnn_index_free(&ix);
    model_free(&md);
}

static void rows(cxb_pool *pool)
{
    static const char *const ok[] = {"vertices=64;edges=4;n=3000;steps=5", "vertices=64;edges=4;n=3000;steps=5;part=build",
                                      "vertices=16;edges=1;n=1;steps=3", "vertices=16;edges=2;n=0",
                                      "vertices=8;edges=3;n=500;capacity=21;steps=9"};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; ++i) {
        frnn_run_row("frnn.network.seq", ok[i], NULL, CXB_OK, "moved=");
        frnn_run_row("frnn.network.pthreads", ok[i], pool, CXB_OK, "moved=");
    }
    frnn_run_row("frnn.network.pthreads", "vertices=64;edges=4;n=3000;steps=5;build=acs", pool, CXB_OK, "moved=");
    frnn_run_row("frnn.network.seq", "vertices=64;edges=4;n=3000;steps=5;fault=1", NULL, CXB_EFAIL, "moved=");
    frnn_run_row("frnn.network.pthreads", "vertices=64;edges=4;n=3000;part=build;fault=1", pool, CXB_EFAIL, "moved=");
    static const char *const bad[] = {"vertices=0", "edges=0", "vertices=65536;edges=257", "n=500;vertices=8;edges=3;capacity=20",
                                      "build=acs", "part=all", "dims=2", "block=48"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i)
        frnn_run_row("frnn.network.seq", bad[i], NULL, CXB_EINPUT, "moved=");
    frnn_run_row("frnn.network.pthreads", "build=original", pool, CXB_EINPUT, "moved=");
}

int main(void)
{
    uint64_t seed = (uint64_t)time(NULL) * 2654435761u;
    const char *env = getenv("CXB_TEST_SEED");
    if (env)
        seed = strtoull(env, NULL, 0);
    fprintf(stderr, "frnn_network: seed %llu (CXB_TEST_SEED=%llu repeats)\n", (unsigned long long)seed,
            (unsigned long long)seed);
    cxb_pool *pools[5] = {NULL};
    static const unsigned threads[] = {1, 2, 3, 8};
    for (int i = 0; i < 4; ++i)
        CHECK(cxb_pool_create(&pools[i], threads[i], CXB_BIND_NONE) == CXB_OK);
    graph(seed);
    smoke();
    chained(seed, pools, 20, 3, 400, 14, 0);
    chained(seed + 1, pools, 7, 5, 300, 9, 0);
    chained(seed + 2, pools, 50, 1, 120, 4, 0);    /* one out-edge per vertex */
    chained(seed + 3, pools, 9, 4, 200, 200, 1);   /* every actor on edge 0 at the start */
    chained(seed + 4, pools, 12, 3, 360, 10, 0);   /* capacity exactly ceil(a / m) */
    chained(seed + 5, pools, 30, 2, 1, 1, 0);      /* one actor */
    chained(seed + 6, pools, 5, 2, 0, 1, 0);       /* no actors */
    rows(pools[2]);
    for (int i = 0; i < 4; ++i)
        cxb_pool_destroy(pools[i]);
    CHECK_DONE();
}
