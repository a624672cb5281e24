/* tests/propagation/test_propagation_variants.c - the propagation variants
 * (docs/studies/propagation.md "Verification"): an oracle written here from the model's definition
 * (a synchronous step over the undirected edges with its own draw and threshold) against every
 * loop (C, T, A with auto, never and every switch step 1 .. 6, E) on seq, pthreads at 1, 2, 3 and 8
 * threads and pthreads_part at P = 1, 2, 3, 4, 8 with the block and random partitioners and both
 * orientations, with the sync invariants checked at every step; byte-identical act arrays on
 * G(n,m) and R-MAT for two seeds, p in {0, 0.05, 0.1, 0.5, 1} (0.01 on the hub) and both models; p = 1 against
 * a multi-source BFS written here; p = 0; the counts (monotone active, steps = max act); the edge
 * cases: no vertices, one vertex, isolated sources, several components, duplicated input edges,
 * a hub of high degree, repeated sources. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cxb/core/pool.h"
#include "cxb/graph/gen.h"
#include "cxb/graph/keyed.h"
#include "cxb/propagation/model.h"
#include "cxb/propagation/propagation.h"

static cxb_pool *pools[4];
static const unsigned pool_threads[4] = {1, 2, 3, 8};

static void build_spec(const char *text, cxb_csr *g)
{
    cxb_gen_spec s;
    cxb_edges e;
    memset(g, 0, sizeof *g);
    if (cxb_gen_parse(text, &s) != CXB_OK || cxb_generate_seq(&s, &e) != CXB_OK ||
        cxb_csr_from_edges(&e, 0, g) != CXB_OK) {
        fprintf(stderr, "cannot build %s: %s\n", text, cxb_last_error());
        exit(1);
    }
}

static void build_edges(uint64_t n, const cxb_vid *uv, uint64_t m, cxb_csr *g)
{
    cxb_edges e;
    cxb_edges_init(&e);
    for (uint64_t i = 0; i < m; ++i)
        if (cxb_edges_push(&e, uv[2 * i], uv[2 * i + 1]) != CXB_OK)
            exit(1);
    e.n = n;
    if (cxb_csr_from_edges(&e, 0, g) != CXB_OK) {
        fprintf(stderr, "cannot build: %s\n", cxb_last_error());
        exit(1);
    }
}

/* The oracle: the model of docs "The model" written directly: at step t every undirected edge {u, v}
 * (u < v) with one transmitting endpoint (SI: active; IC: activated at t - 1) and one inactive
 * endpoint draws x0 of Philox(seed, 32, u << 32 | v, t); success iff p = 1 or x < floor(p 2^64).
 * Stops when no such edge exists or at max_steps. */
static void oracle(const cxb_csr *g, double p, uint64_t seed, int ic, const cxb_vid *src, uint64_t k,
                   uint32_t max_steps, int32_t *act)
{
    uint64_t thr = p >= 1 ? 0 : (uint64_t)(p * 18446744073709551616.0);
    for (uint64_t v = 0; v < g->n; ++v)
        act[v] = -1;
    for (uint64_t i = 0; i < k; ++i)
        act[src[i]] = 0;
    if (p <= 0)
        return;
    unsigned char *hit = calloc(g->n ? g->n : 1, 1);
    for (uint32_t t = 1; t <= max_steps; ++t) {
        int frontier = 0;
        memset(hit, 0, g->n ? g->n : 1);
        for (uint64_t u = 0; u < g->n; ++u)
            for (uint64_t j = g->off[u]; j < g->off[u + 1]; ++j) {
                uint64_t v = g->adj[j];
                if (v <= u)
                    continue;
                int au = act[u] >= 0 && (!ic || act[u] == (int32_t)t - 1);
                int av = act[v] >= 0 && (!ic || act[v] == (int32_t)t - 1);
                uint64_t to;
                if (au && act[v] < 0)
                    to = v;
                else if (av && act[u] < 0)
                    to = u;
                else
                    continue;
                frontier = 1;
                cxb_philox4x32_ctr w = cxb_gdraw(seed, 32, u << 32 | v, t);
                uint64_t x = (uint64_t)w.v[0] | (uint64_t)w.v[1] << 32;
                if (p >= 1 || x < thr)
                    hit[to] = 1;
            }
        for (uint64_t v = 0; v < g->n; ++v)
            if (hit[v])
                act[v] = (int32_t)t;
        if (!frontier)
            break;
    }
    free(hit);
}

/* multi-source BFS distances (-1: unreached) */
static void bfs(const cxb_csr *g, const cxb_vid *src, uint64_t k, int32_t *dist)
{
    cxb_vid *q = malloc((g->n ? g->n : 1) * sizeof *q);
    uint64_t head = 0, tail = 0;
    for (uint64_t v = 0; v < g->n; ++v)
        dist[v] = -1;
    for (uint64_t i = 0; i < k; ++i)
        if (dist[src[i]] < 0)
            dist[src[i]] = 0, q[tail++] = src[i];
    while (head < tail) {
        cxb_vid u = q[head++];
        for (uint64_t j = g->off[u]; j < g->off[u + 1]; ++j)
            if (dist[g->adj[j]] < 0)
                dist[g->adj[j]] = dist[u] + 1, q[tail++] = g->adj[j];
    }
    free(q);
}

static int first_diff(const int32_t *a, const int32_t *b, uint64_t n)
{
    for (uint64_t v = 0; v < n; ++v)
        if (a[v] != b[v])
            return (int)v;
    return -1;
}

static uint64_t nruns;

/* every variant against want[] */
static void all_variants(const char *what, const cxb_csr *g, cxb_prop_cfg base, const int32_t *want, int full)
{
    int32_t *act = malloc((g->n ? g->n : 1) * sizeof *act);
    int32_t maxact = -1;
    for (uint64_t v = 0; v < g->n; ++v)
        maxact = want[v] > maxact ? want[v] : maxact;
    static const uint32_t switches[] = {CXB_PROP_SWITCH_AUTO, CXB_PROP_SWITCH_NEVER, 1, 2, 3, 4, 5, 6};
    for (int loop = 0; loop < 4; ++loop) {
        for (unsigned si = 0; si < (loop == CXB_PROP_ALOOP ? 8u : 1u); ++si) {
            for (int orient = 0; orient < (loop == CXB_PROP_ELOOP ? 2 : 1); ++orient) {
                cxb_prop_cfg c = base;
                c.loop = loop;
                c.switch_rule = switches[si];
                c.orient = orient;
                c.check_invariants = 1;
                cxb_prop_result r;
                memset(&r, 0, sizeof r);
                r.act = act;
                char tag[300];
                /* seq */
                CHECK_MSG(cxb_prop_run_seq(g, &c, &r) == CXB_OK, "%s: %s", what, cxb_last_error());
                int d = first_diff(act, want, g->n);
                CHECK_MSG(d < 0, "%s: seq loop %d switch %u orient %d: vertex %d act %d, oracle %d", what, loop,
                          switches[si], orient, d, d >= 0 ? act[d] : 0, d >= 0 ? want[d] : 0);
                CHECK_MSG((int32_t)r.steps == (maxact > 0 ? maxact : 0), "%s: steps %u, max act %d", what, r.steps,
                          maxact);
                ++nruns;
                if (si > 1)
                    continue; /* the switch steps on seq; the threaded rows share its row code */
                /* pthreads at 1, 2, 3, 8 threads; the E-Loop with the edge layout built before the
                 * run, as the rows do (seq above built its own) */
                cxb_prop_edges e = {0, NULL, NULL};
                if (loop == CXB_PROP_ELOOP) {
                    CHECK(cxb_prop_edges_build(g, c.orient, c.seed, &e) == CXB_OK);
                    c.edges = &e;
                }
                for (int pi = 0; pi < 4; ++pi) {
                    memset(act, 0x5a, (g->n ? g->n : 1) * sizeof *act);
                    CHECK(cxb_prop_run_pthreads(g, &c, pools[pi], &r) == CXB_OK);
                    d = first_diff(act, want, g->n);
                    CHECK_MSG(d < 0, "%s: pthreads(%u) loop %d switch %u: vertex %d", what, pool_threads[pi], loop,
                              switches[si], d);
                    ++nruns;
                }
                c.edges = NULL;
                cxb_prop_edges_free(&e);
                if (!full)
                    continue;
                /* pthreads_part: P partitions, both partitioners, sync invariants every step */
                static const uint32_t Ps[] = {1, 2, 3, 4, 8};
                for (unsigned k = 0; k < 5; ++k)
                    for (int part = 0; part < 2; ++part) {
                        memset(act, 0x5a, (g->n ? g->n : 1) * sizeof *act);
                        cxb_status st = cxb_prop_run_part(g, &c, Ps[k], part, NULL, pools[k % 4], &r);
                        snprintf(tag, sizeof tag, "%s: pthreads_part P=%u %s loop %d switch %u orient %d", what,
                                 Ps[k], part ? "random" : "block", loop, switches[si], orient);
                        CHECK_MSG(st == CXB_OK, "%s: %s", tag, cxb_last_error());
                        d = first_diff(act, want, g->n);
                        CHECK_MSG(d < 0, "%s: vertex %d act %d, oracle %d", tag, d, d >= 0 ? act[d] : 0,
                                  d >= 0 ? want[d] : 0);
                        ++nruns;
                        /* the tables built before the run, as the rows do */
                        cxb_prop_parts ps;
                        CHECK(cxb_prop_parts_for(g, &c, Ps[k], part, NULL, &ps) == CXB_OK);
                        cxb_prop_cfg cp = c;
                        cp.parts = &ps;
                        memset(act, 0x5a, (g->n ? g->n : 1) * sizeof *act);
                        st = cxb_prop_run_part(g, &cp, Ps[k], part, NULL, pools[(k + 1) % 4], &r);
                        CHECK_MSG(st == CXB_OK, "%s (tables given): %s", tag, cxb_last_error());
                        d = first_diff(act, want, g->n);
                        CHECK_MSG(d < 0, "%s (tables given): vertex %d", tag, d);
                        cxb_prop_parts_free(&ps);
                        ++nruns;
                    }
            }
        }
    }
    free(act);
}

/* one graph, one configuration: the oracle, then every variant */
static void case_run(const char *what, const cxb_csr *g, double p, uint64_t seed, int ic, const cxb_vid *src,
                     uint64_t k, int full)
{
    int32_t *want = malloc((g->n ? g->n : 1) * sizeof *want);
    cxb_prop_cfg c;
    cxb_prop_cfg_init(&c);
    c.p = p;
    c.seed = seed;
    c.model = ic ? CXB_PROP_IC : CXB_PROP_SI;
    c.sources = src;
    c.nsources = k;
    c.max_steps = 100000;
    oracle(g, p, seed, ic, src, k, c.max_steps, want);
    char tag[200];
    snprintf(tag, sizeof tag, "%s p=%g seed=%llu %s", what, p, (unsigned long long)seed, ic ? "ic" : "si");
    all_variants(tag, g, c, want, full);
    /* p = 1 is BFS (docs "The model"), in both models */
    if (p >= 1) {
        int32_t *dist = malloc((g->n ? g->n : 1) * sizeof *dist);
        bfs(g, src, k, dist);
        int d = first_diff(want, dist, g->n);
        CHECK_MSG(d < 0, "%s: p = 1 differs from BFS at vertex %d", tag, d);
        free(dist);
    }
    /* monotone counts: active(t) non-decreasing with the curve's new(t) = its increase */
    cxb_prop_result r;
    memset(&r, 0, sizeof r);
    int32_t *act = malloc((g->n ? g->n : 1) * sizeof *act);
    r.act = act;
    c.want_curve = 1;
    c.loop = CXB_PROP_ALOOP;
    CHECK(cxb_prop_run_seq(g, &c, &r) == CXB_OK);
    uint64_t prev = r.curve && r.ncurve ? r.curve[0].active - r.curve[0].newly : 0;
    for (uint32_t i = 0; i < r.ncurve; ++i) {
        uint64_t cnt = 0;
        for (uint64_t v = 0; v < g->n; ++v)
            cnt += act[v] >= 0 && act[v] <= (int32_t)r.curve[i].step;
        CHECK_MSG(r.curve[i].active == cnt && r.curve[i].active == prev + r.curve[i].newly,
                  "%s: curve step %u active %llu, counted %llu", tag, r.curve[i].step,
                  (unsigned long long)r.curve[i].active, (unsigned long long)cnt);
        prev = r.curve[i].active;
    }
    cxb_prop_result_free_curve(&r);
    free(act);
    free(want);
}

int main(void)
{
    for (int i = 0; i < 4; ++i)
        if (cxb_pool_create(&pools[i], pool_threads[i], CXB_BIND_NONE) != CXB_OK)
            return 1;
    static const double ps[] = {0.0, 0.05, 0.1, 0.5, 1.0};
    const char *specs[] = {"gnm:n=300,m=900,seed=3", "rmat:scale=8,ef=4,seed=5", "gnm:n=200,m=120,seed=9"};
    for (unsigned s = 0; s < 3; ++s) {
        cxb_csr g;
        build_spec(specs[s], &g);
        for (uint64_t seed = 1; seed <= 2; ++seed)
            for (unsigned pi = 0; pi < 5; ++pi)
                for (int ic = 0; ic < 2; ++ic) {
                    cxb_vid src[3];
                    uint64_t k = 1 + (seed % 3);
                    if (cxb_prop_pick_sources(&g, seed, k, src) != CXB_OK) {
                        CHECK_MSG(0, "%s: sources: %s", specs[s], cxb_last_error());
                        continue;
                    }
                    case_run(specs[s], &g, ps[pi], seed, ic, src, k, seed == 1 && !ic && pi > 1);
                }
        cxb_csr_free(&g);
    }

    /* edge cases */
    {
        cxb_csr g;
        build_edges(0, NULL, 0, &g); /* no vertices, no sources */
        case_run("empty", &g, 0.5, 1, 0, NULL, 0, 1);
        cxb_vid none;
        CHECK(cxb_prop_pick_sources(&g, 1, 1, &none) == CXB_EINPUT);
        cxb_csr_free(&g);
    }
    {
        cxb_csr g;
        build_edges(1, NULL, 0, &g); /* one vertex as an isolated source */
        cxb_vid s0 = 0;
        case_run("one vertex", &g, 1.0, 1, 0, &s0, 1, 1);
        cxb_csr_free(&g);
    }
    {
        /* two components, isolated vertices 7 and 8; sources 8 (isolated) and 0 */
        static const cxb_vid uv[] = {0, 1, 1, 2, 2, 3, 4, 5, 5, 6, 6, 4};
        cxb_csr g;
        build_edges(9, uv, 6, &g);
        cxb_vid src[] = {8, 0};
        for (unsigned pi = 0; pi < 5; ++pi)
            case_run("disconnected", &g, ps[pi], 7, 0, src, 2, 1);
        cxb_vid only_isolated[] = {7};
        case_run("isolated source", &g, 1.0, 7, 0, only_isolated, 1, 1);
        cxb_vid repeated[] = {1, 1, 1};
        case_run("repeated source", &g, 0.5, 7, 0, repeated, 3, 1);
        cxb_csr_free(&g);
    }
    {
        /* duplicated input edges are removed at load: the same act as the simple graph */
        static const cxb_vid dup[] = {0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 0, 3};
        static const cxb_vid simple[] = {0, 1, 1, 2, 2, 3, 0, 3};
        cxb_csr a, b;
        build_edges(4, dup, 7, &a);
        build_edges(4, simple, 4, &b);
        CHECK(a.m == b.m && a.stats.duplicates_removed > 0);
        cxb_vid s0 = 0;
        for (unsigned pi = 1; pi < 5; ++pi)
            case_run("duplicates", &a, ps[pi], 11, 0, &s0, 1, 1);
        cxb_csr_free(&a);
        cxb_csr_free(&b);
    }
    {
        /* a hub: vertex 0 joined to 2000 leaves, plus a path among some leaves */
        uint64_t L = 2000;
        cxb_vid *uv = malloc(2 * (L + 100) * sizeof *uv);
        uint64_t m = 0;
        for (uint64_t i = 1; i <= L; ++i)
            uv[2 * m] = 0, uv[2 * m + 1] = (cxb_vid)i, ++m;
        for (uint64_t i = 1; i < 100; ++i)
            uv[2 * m] = (cxb_vid)i, uv[2 * m + 1] = (cxb_vid)(i + 1), ++m;
        cxb_csr g;
        build_edges(L + 1, uv, m, &g);
        free(uv);
        cxb_vid hub = 0, leaf = 50;
        case_run("hub source", &g, 0.01, 5, 0, &hub, 1, 1);
        case_run("leaf source", &g, 0.3, 5, 0, &leaf, 1, 0);
        case_run("hub ic", &g, 0.3, 5, 1, &hub, 1, 0);
        cxb_csr_free(&g);
    }
    /* max_steps caps the run: the oracle and every variant stop after the same step */
    {
        cxb_csr g;
        build_spec("gnm:n=400,m=800,seed=4", &g);
        cxb_vid s0;
        CHECK(cxb_prop_pick_sources(&g, 2, 1, &s0) == CXB_OK);
        int32_t *want = malloc(g.n * sizeof *want);
        oracle(&g, 0.05, 2, 0, &s0, 1, 5, want);
        cxb_prop_cfg c;
        cxb_prop_cfg_init(&c);
        c.p = 0.05;
        c.seed = 2;
        c.sources = &s0;
        c.nsources = 1;
        c.max_steps = 5;
        all_variants("max_steps=5", &g, c, want, 0);
        free(want);
        cxb_csr_free(&g);
    }
    for (int i = 0; i < 4; ++i)
        cxb_pool_destroy(pools[i]);
    fprintf(stderr, "%llu runs compared\n", (unsigned long long)nruns);
    CHECK_DONE();
}
