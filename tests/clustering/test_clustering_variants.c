/* tests/clustering/test_clustering_variants.c - the clustering variants (docs/studies/clustering.md
 * "Definitions", "Verification"): every CPU variant gives the T and W of closed forms (complete
 * graphs, wheels, ring lattices, 2D lattices, stars, a complete bipartite graph) and of a
 * brute-force oracle written here (adjacency bit matrix, every vertex triple) on random graphs
 * with fresh seeds, at 1, 2, 3 and 8 threads, in both orders and with relabel 0, 1, id and auto;
 * per-vertex counts equal the oracle's; Zachary's karate club (Zachary 1977, networkx's
 * numbering) gives 45 triangles, 528 triples, the published T_v and the published float strings;
 * edge cases: no vertices, one vertex, isolated vertices, duplicated input edges, a hub with the
 * largest id, a star of 10^6 leaves (W beyond 2^32), multigraph input refused; the invariants
 * catch wrong counts. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/clustering/clustering.h"
#include "cxb/core/pool.h"
#include "cxb/graph/gen.h"

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

typedef struct elist {
    uint64_t n, m, cap;
    cxb_vid *uv;
} elist;

static void add(elist *l, uint64_t u, uint64_t v)
{
    if (l->m == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->uv = realloc(l->uv, 2 * l->cap * sizeof *l->uv);
        if (!l->uv)
            exit(1);
    }
    l->uv[2 * l->m] = (cxb_vid)u;
    l->uv[2 * l->m + 1] = (cxb_vid)v;
    ++l->m;
}

static void build(elist *l, int multigraph, cxb_csr *g)
{
    cxb_edges e;
    cxb_edges_init(&e);
    for (uint64_t i = 0; i < l->m; ++i)
        if (cxb_edges_push(&e, l->uv[2 * i], l->uv[2 * i + 1]) != CXB_OK)
            exit(1);
    e.n = l->n;
    memset(g, 0, sizeof *g);
    if (cxb_csr_from_edges(&e, multigraph, g) != CXB_OK) {
        fprintf(stderr, "cannot build: %s\n", cxb_last_error());
        exit(1);
    }
    free(l->uv);
    memset(l, 0, sizeof *l);
}

/* ---- the oracle: a bit matrix and every triple u < v < w (small graphs only) ---- */

typedef struct oracle_out {
    uint64_t T, W;
    uint64_t *tv;
} oracle_out;

static void oracle(const cxb_csr *g, oracle_out *o)
{
    uint64_t n = g->n, words = (n + 63) / 64;
    uint64_t *bits = calloc(n * words + 1, sizeof *bits);
    o->tv = calloc(n + 1, sizeof *o->tv);
    o->T = o->W = 0;
    for (uint64_t v = 0; v < n; ++v) {
        uint64_t d = g->off[v + 1] - g->off[v];
        o->W += d * (d - (d > 0)) / 2;
        for (uint64_t a = g->off[v]; a < g->off[v + 1]; ++a)
            bits[v * words + g->adj[a] / 64] |= 1ull << (g->adj[a] % 64);
    }
#define ADJ(x, y) ((bits[(x) * words + (y) / 64] >> ((y) % 64)) & 1)
    for (uint64_t u = 0; u < n; ++u)
        for (uint64_t v = u + 1; v < n; ++v)
            if (ADJ(u, v))
                for (uint64_t w = v + 1; w < n; ++w)
                    if (ADJ(u, w) && ADJ(v, w)) {
                        ++o->T;
                        ++o->tv[u], ++o->tv[v], ++o->tv[w];
                    }
#undef ADJ
    free(bits);
}

/* ---- every CPU variant on g: T and W (and T_v where computed) as expected ---- */

static void all_variants(const char *what, const cxb_csr *g, uint64_t T, uint64_t W, const uint64_t *tv)
{
    uint64_t *got = malloc((g->n ? g->n : 1) * sizeof *got);
    for (int order = 0; order < 2; ++order) {
        cxb_cl_params p;
        cxb_cl_params_init(&p);
        p.order = order;
        cxb_cl_result r;
        memset(&r, 0, sizeof r);
        CHECK_MSG(cxb_cl_smallest_seq(g, &p, &r) == CXB_OK && r.T == T && r.W == W,
                  "%s: smallest.seq order %d: %llu %llu, want %llu %llu", what, order, (unsigned long long)r.T,
                  (unsigned long long)r.W, (unsigned long long)T, (unsigned long long)W);
        for (int k = 0; k < 4; ++k) {
            memset(&r, 0, sizeof r);
            CHECK_MSG(cxb_cl_smallest_pthreads(g, &p, pools[k], &r) == CXB_OK && r.T == T && r.W == W,
                      "%s: smallest.pthreads order %d threads %u: %llu %llu", what, order, pool_threads[k],
                      (unsigned long long)r.T, (unsigned long long)r.W);
            static const uint32_t blocks[] = {1, 7, 64, 100000};
            p.block = blocks[k];
            memset(&r, 0, sizeof r);
            CHECK_MSG(cxb_cl_smallest_pthreads(g, &p, pools[k], &r) == CXB_OK && r.T == T && r.W == W,
                      "%s: smallest.pthreads block %u threads %u", what, p.block, pool_threads[k]);
            p.block = 64;
            memset(&r, 0, sizeof r);
            CHECK_MSG(cxb_cl_smallest_grain(g, &p, pools[k], &r) == CXB_OK && r.T == T && r.W == W,
                      "%s: smallest.pthreadsgrain order %d threads %u: %llu %llu", what, order, pool_threads[k],
                      (unsigned long long)r.T, (unsigned long long)r.W);
            static const uint32_t grains[] = {2, 3, 10, 1000};
            p.grain = grains[k];
            memset(&r, 0, sizeof r);
            CHECK_MSG(cxb_cl_smallest_grain(g, &p, pools[k], &r) == CXB_OK && r.T == T && r.W == W,
                      "%s: smallest.pthreadsgrain grain %u threads %u", what, p.grain, pool_threads[k]);
            p.grain = 10;
        }
    }
    for (int relabel = CXB_CL_RELABEL_AUTO; relabel <= CXB_CL_ORIENT_ID; ++relabel) {
        cxb_cl_params p;
        cxb_cl_params_init(&p);
        p.relabel = relabel;
        cxb_cl_result r;
        memset(&r, 0, sizeof r);
        r.tv = got;
        CHECK_MSG(cxb_cl_tcmerge_seq(g, &p, &r) == CXB_OK && r.T == T && r.W == W && r.has_tv,
                  "%s: tcmerge.seq relabel %d: %llu %llu", what, relabel, (unsigned long long)r.T,
                  (unsigned long long)r.W);
        CHECK_MSG(cxb_cl_check(g, r.T, r.W, got, what) == CXB_OK, "%s: %s", what, cxb_last_error());
        if (tv)
            CHECK_MSG(cxb_cl_compare_tv(got, tv, g->n, "tcmerge.seq", "oracle") == CXB_OK, "%s: %s", what,
                      cxb_last_error());
        memset(&r, 0, sizeof r); /* without per-vertex counts */
        CHECK(cxb_cl_tcmerge_seq(g, &p, &r) == CXB_OK && r.T == T && r.W == W && !r.has_tv);
        for (int k = 0; k < 4; ++k) {
            memset(&r, 0, sizeof r);
            r.tv = got;
            memset(got, 0xab, (g->n ? g->n : 1) * sizeof *got);
            CHECK_MSG(cxb_cl_tcmerge_pthreads(g, &p, pools[k], &r) == CXB_OK && r.T == T && r.W == W && r.has_tv,
                      "%s: tcmerge.pthreads relabel %d threads %u: %llu %llu", what, relabel, pool_threads[k],
                      (unsigned long long)r.T, (unsigned long long)r.W);
            if (tv)
                CHECK_MSG(cxb_cl_compare_tv(got, tv, g->n, "tcmerge.pthreads", "oracle") == CXB_OK, "%s: %s", what,
                          cxb_last_error());
            memset(&r, 0, sizeof r);
            CHECK(cxb_cl_tcmerge_pthreads(g, &p, pools[k], &r) == CXB_OK && r.T == T && r.W == W);
        }
    }
    free(got);
}

static void with_oracle(const char *what, const cxb_csr *g)
{
    oracle_out o;
    oracle(g, &o);
    all_variants(what, g, o.T, o.W, o.tv);
    free(o.tv);
}

static uint64_t c2(uint64_t n) { return n < 2 ? 0 : n * (n - 1) / 2; }
static uint64_t c3(uint64_t n) { return n < 3 ? 0 : n * (n - 1) * (n - 2) / 6; }

/* ---- closed forms ---- */

static void complete_graphs(void)
{
    for (uint64_t n = 0; n <= 40; n += (n < 6 ? 1 : 17)) {
        elist l = {.n = n};
        for (uint64_t u = 0; u < n; ++u)
            for (uint64_t v = u + 1; v < n; ++v)
                add(&l, v, u);
        cxb_csr g;
        build(&l, 0, &g);
        uint64_t *tv = calloc(n + 1, sizeof *tv);
        for (uint64_t v = 0; v < n; ++v)
            tv[v] = c2(n - 1);
        char what[32];
        snprintf(what, sizeof what, "K_%llu", (unsigned long long)n);
        all_variants(what, &g, c3(n), n * c2(n - 1), tv);
        cxb_cl_summary s;
        cxb_cl_summarise(&g, c3(n), n * c2(n - 1), tv, &s);
        if (n >= 3)
            CHECK_MSG(s.transitivity == 1.0 && s.avg_local == 1.0 && s.avg_local_deg2 == 1.0, "%s: floats", what);
        free(tv);
        cxb_csr_free(&g);
    }
}

static void wheels(void)
{
    for (uint64_t rim = 4; rim <= 50; rim += 23) { /* hub 0 (or the last id), rim of `rim` vertices */
        for (int hub_last = 0; hub_last < 2; ++hub_last) {
            uint64_t n = rim + 1, hub = hub_last ? rim : 0, first = hub_last ? 0 : 1;
            elist l = {.n = n};
            uint64_t *tv = calloc(n, sizeof *tv);
            for (uint64_t i = 0; i < rim; ++i) {
                add(&l, hub, first + i);
                add(&l, first + i, first + (i + 1) % rim);
                tv[first + i] = 2;
            }
            tv[hub] = rim;
            cxb_csr g;
            build(&l, 0, &g);
            char what[48];
            snprintf(what, sizeof what, "wheel rim %llu hub %s", (unsigned long long)rim, hub_last ? "last" : "0");
            all_variants(what, &g, rim, c2(rim) + 3 * rim, tv);
            free(tv);
            cxb_csr_free(&g);
        }
    }
}

static void rings(void)
{
    static const struct {
        uint64_t n, k;
    } rr[] = {{1000, 10}, {997, 4}, {500, 20}, {300, 50}, {100, 2}};
    for (size_t i = 0; i < sizeof rr / sizeof rr[0]; ++i) {
        char spec[64];
        snprintf(spec, sizeof spec, "ring:n=%llu,k=%llu", (unsigned long long)rr[i].n, (unsigned long long)rr[i].k);
        cxb_csr g;
        build_spec(spec, &g);
        uint64_t n = rr[i].n, k = rr[i].k, T = n * k * (k - 2) / 8, W = n * k * (k - 1) / 2;
        uint64_t *tv = malloc(n * sizeof *tv);
        for (uint64_t v = 0; v < n; ++v)
            tv[v] = 3 * T / n;
        all_variants(spec, &g, T, W, tv);
        cxb_cl_summary s;
        cxb_cl_summarise(&g, T, W, tv, &s);
        double want = k == 2 ? 0.0 : 3.0 * (double)(k - 2) / (4.0 * (double)(k - 1));
        CHECK_MSG(fabs(s.transitivity - want) <= 1e-15 && fabs(s.avg_local - want) <= 1e-12, "%s: %.17g %.17g", spec,
                  s.transitivity, s.avg_local);
        free(tv);
        cxb_csr_free(&g);
    }
    /* the published strings: k = 10 -> 2/3, k = 20 -> 27/38, k = 50 -> 36/49 */
    char buf[40];
    cxb_cl_format_double(cxb_cl_transitivity(10000, 45000), buf, sizeof buf);
    CHECK_MSG(!strcmp(buf, "0.6666666666666666"), "%s", buf);
    cxb_cl_format_double(cxb_cl_transitivity(1000 * 20 * 18 / 8, 1000 * 20 * 19 / 2), buf, sizeof buf);
    CHECK_MSG(!strcmp(buf, "0.7105263157894737"), "%s", buf);
    cxb_cl_format_double(cxb_cl_transitivity(1000 * 50 * 48 / 8, 1000 * 50 * 49 / 2), buf, sizeof buf);
    CHECK_MSG(!strcmp(buf, "0.7346938775510204"), "%s", buf);
}

static void lattices_stars_bipartite(void)
{
    for (uint64_t rows = 1; rows <= 30; rows += 29) { /* 2D grids, open: no triangles */
        uint64_t cols = 37, n = rows * cols;
        elist l = {.n = n};
        uint64_t W = 0;
        for (uint64_t r = 0; r < rows; ++r)
            for (uint64_t c = 0; c < cols; ++c) {
                if (c + 1 < cols)
                    add(&l, r * cols + c, r * cols + c + 1);
                if (r + 1 < rows)
                    add(&l, r * cols + c, (r + 1) * cols + c);
                uint64_t d = (c > 0) + (c + 1 < cols) + (r > 0) + (r + 1 < rows);
                W += c2(d);
            }
        cxb_csr g;
        build(&l, 0, &g);
        all_variants("2D lattice", &g, 0, W, NULL);
        cxb_csr_free(&g);
    }
    cxb_csr g;
    build_spec("lattice:dims=8x9,periodic=1", &g); /* periodic, sides >= 4: 4-regular, no triangles */
    all_variants("periodic lattice", &g, 0, g.n * c2(4), NULL);
    cxb_csr_free(&g);
    for (int last = 0; last < 2; ++last) { /* stars, the centre first or last */
        uint64_t leaves = 1000, n = leaves + 1, c = last ? leaves : 0;
        elist l = {.n = n};
        for (uint64_t i = 0; i < n; ++i)
            if (i != c)
                add(&l, i, c);
        build(&l, 0, &g);
        all_variants("star", &g, 0, c2(leaves), NULL);
        cxb_csr_free(&g);
    }
    elist l = {.n = 7}; /* K_{3,4} */
    for (uint64_t a = 0; a < 3; ++a)
        for (uint64_t b = 3; b < 7; ++b)
            add(&l, a, b);
    build(&l, 0, &g);
    all_variants("K_3,4", &g, 0, 3 * c2(4) + 4 * c2(3), NULL);
    cxb_csr_free(&g);
}

/* ---- Zachary's karate club (Zachary 1977; networkx's karate_club_graph numbering) ---- */

static const cxb_vid karate[78][2] = {
    {0, 1},   {0, 2},   {0, 3},   {0, 4},   {0, 5},   {0, 6},   {0, 7},   {0, 8},   {0, 10},  {0, 11},
    {0, 12},  {0, 13},  {0, 17},  {0, 19},  {0, 21},  {0, 31},  {1, 2},   {1, 3},   {1, 7},   {1, 13},
    {1, 17},  {1, 19},  {1, 21},  {1, 30},  {2, 3},   {2, 7},   {2, 8},   {2, 9},   {2, 13},  {2, 27},
    {2, 28},  {2, 32},  {3, 7},   {3, 12},  {3, 13},  {4, 6},   {4, 10},  {5, 6},   {5, 10},  {5, 16},
    {6, 16},  {8, 30},  {8, 32},  {8, 33},  {9, 33},  {13, 33}, {14, 32}, {14, 33}, {15, 32}, {15, 33},
    {18, 32}, {18, 33}, {19, 33}, {20, 32}, {20, 33}, {22, 32}, {22, 33}, {23, 25}, {23, 27}, {23, 29},
    {23, 32}, {23, 33}, {24, 25}, {24, 27}, {24, 31}, {25, 31}, {26, 29}, {26, 33}, {27, 33}, {28, 31},
    {28, 33}, {29, 32}, {29, 33}, {30, 32}, {30, 33}, {31, 32}, {31, 33}, {32, 33}};
static const uint64_t karate_tv[34] = {18, 12, 11, 10, 2, 3, 3, 6, 5, 0, 2, 0, 1, 6, 1, 1, 1,
                                       1,  1,  1,  1,  1, 1, 4, 1, 1, 1, 1, 1, 4, 3, 3, 13, 15};

static void karate_club(void)
{
    elist l = {.n = 34};
    for (int i = 0; i < 78; ++i)
        add(&l, karate[i][0], karate[i][1]);
    cxb_csr g;
    build(&l, 0, &g);
    CHECK(g.n == 34 && g.m == 78);
    all_variants("karate", &g, 45, 528, karate_tv);
    cxb_cl_summary s;
    cxb_cl_summarise(&g, 45, 528, karate_tv, &s);
    char buf[40];
    cxb_cl_format_double(s.transitivity, buf, sizeof buf);
    CHECK_MSG(!strcmp(buf, "0.2556818181818182"), "karate transitivity %s", buf);
    cxb_cl_format_double(s.avg_local, buf, sizeof buf);
    CHECK_MSG(!strcmp(buf, "0.5706384782076823"), "karate avg_local %s", buf);
    CHECK(fabs(s.avg_local - 1306123.0 / 2288880.0) <= 1e-12);
    cxb_cl_format_double(s.avg_local_deg2, buf, sizeof buf);
    CHECK_MSG(!strcmp(buf, "0.5879305533048848"), "karate avg_local_deg2 %s", buf);
    CHECK(s.deg2 == 33);
    CHECK(cxb_cl_local(karate_tv[0], 16) == 3.0 / 20.0 && cxb_cl_local(karate_tv[33], 17) == 15.0 / 136.0);
    CHECK(isnan(cxb_cl_local(0, 1)) && isnan(cxb_cl_local(0, 0)));
    cxb_csr_free(&g);
}

/* ---- random graphs, fresh seeds ---- */

static void random_graphs(uint64_t seed)
{
    const char *fmt[] = {"gnm:n=300,m=4000,seed=%llu", "gnm:n=700,m=1500,seed=%llu", "ws:n=400,k=10,p=0.1,seed=%llu",
                         "bacopy:n=500,m=8,n0=12,seed=%llu", "kron:scale=9,ef=8,seed=%llu",
                         "gnp:n=200,p=0.2,seed=%llu", "kron:scale=10,ef=16,seed=%llu"};
    for (size_t i = 0; i < sizeof fmt / sizeof fmt[0]; ++i) {
        char spec[96];
        snprintf(spec, sizeof spec, fmt[i], (unsigned long long)(seed + i));
        cxb_csr g;
        build_spec(spec, &g);
        with_oracle(spec, &g);
        cxb_csr_free(&g);
    }
}

/* ---- edge cases ---- */

static void edge_cases(void)
{
    cxb_csr g;
    elist l = {.n = 0};
    build(&l, 0, &g); /* no vertices */
    all_variants("empty", &g, 0, 0, NULL);
    cxb_cl_summary s;
    cxb_cl_summarise(&g, 0, 0, NULL, &s);
    CHECK(isnan(s.transitivity) && isnan(s.avg_local) && isnan(s.avg_local_deg2));
    uint64_t none = 0;
    cxb_cl_summarise(&g, 0, 0, &none, &s);
    CHECK(isnan(s.avg_local) && isnan(s.avg_local_deg2));
    cxb_csr_free(&g);

    l = (elist){.n = 1};
    build(&l, 0, &g); /* one vertex */
    all_variants("one vertex", &g, 0, 0, NULL);
    uint64_t z = 0;
    cxb_cl_summarise(&g, 0, 0, &z, &s);
    CHECK(isnan(s.transitivity) && s.avg_local == 0.0 && isnan(s.avg_local_deg2));
    cxb_csr_free(&g);

    l = (elist){.n = 1000}; /* a triangle and a single edge among isolated vertices */
    add(&l, 500, 10);
    add(&l, 10, 999);
    add(&l, 999, 500);
    add(&l, 3, 4);
    build(&l, 0, &g);
    with_oracle("isolated", &g);
    uint64_t *tv = calloc(1000, sizeof *tv);
    tv[500] = tv[10] = tv[999] = 1;
    cxb_cl_summarise(&g, 1, 3, tv, &s);
    CHECK(s.transitivity == 1.0 && s.avg_local == 3.0 / 1000.0 && s.avg_local_deg2 == 1.0);
    free(tv);
    cxb_csr_free(&g);

    l = (elist){.n = 5}; /* two triangles sharing vertex 2, every edge given three times, both ways */
    static const cxb_vid bow[6][2] = {{0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 4}, {4, 2}};
    for (int rep = 0; rep < 3; ++rep)
        for (int i = 0; i < 6; ++i)
            add(&l, bow[i][rep & 1], bow[i][!(rep & 1)]);
    build(&l, 0, &g);
    CHECK(g.m == 6);
    static const uint64_t bow_tv[5] = {1, 1, 2, 1, 1};
    all_variants("bowtie, duplicated edges", &g, 2, 4 * c2(2) + c2(4), bow_tv);
    cxb_csr_free(&g);

    l = (elist){.n = 5}; /* multigraph input: refused by every variant */
    for (int rep = 0; rep < 2; ++rep)
        for (int i = 0; i < 6; ++i)
            add(&l, bow[i][0], bow[i][1]);
    build(&l, 1, &g);
    CHECK(g.flags & CXB_CSR_MULTI);
    cxb_cl_params p;
    cxb_cl_params_init(&p);
    cxb_cl_result r;
    memset(&r, 0, sizeof r);
    CHECK(cxb_cl_smallest_seq(&g, &p, &r) == CXB_EINPUT);
    CHECK(cxb_cl_smallest_pthreads(&g, &p, pools[1], &r) == CXB_EINPUT);
    CHECK(cxb_cl_smallest_grain(&g, &p, pools[1], &r) == CXB_EINPUT);
    CHECK(cxb_cl_tcmerge_seq(&g, &p, &r) == CXB_EINPUT);
    CHECK(cxb_cl_tcmerge_pthreads(&g, &p, pools[1], &r) == CXB_EINPUT);
    cxb_cl_ocsr o;
    CHECK(cxb_cl_orient(&g, 0, NULL, &o) == CXB_EINPUT);
    cxb_csr_free(&g);

    /* a star of 10^6 leaves with a triangle on two leaves: W = C(10^6, 2) + 1 > 2^32, T = 1 */
    uint64_t leaves = 1000000;
    l = (elist){.n = leaves + 1};
    for (uint64_t i = 1; i <= leaves; ++i)
        add(&l, 0, i);
    add(&l, 1, 2);
    build(&l, 0, &g);
    uint64_t W = c2(leaves) + 2; /* the centre, and leaves 1 and 2 of degree 2 */
    CHECK(W > (1ull << 32));
    for (int order = 0; order < 1; ++order) { /* reversed: each leaf would scan the hub's row (10^12 steps) */
        cxb_cl_params_init(&p);
        p.order = order;
        memset(&r, 0, sizeof r);
        CHECK(cxb_cl_smallest_seq(&g, &p, &r) == CXB_OK && r.T == 1 && r.W == W);
        memset(&r, 0, sizeof r);
        CHECK(cxb_cl_smallest_pthreads(&g, &p, pools[2], &r) == CXB_OK && r.T == 1 && r.W == W);
        memset(&r, 0, sizeof r);
        CHECK(cxb_cl_smallest_grain(&g, &p, pools[3], &r) == CXB_OK && r.T == 1 && r.W == W);
    }
    tv = malloc((leaves + 1) * sizeof *tv);
    cxb_cl_params_init(&p);
    memset(&r, 0, sizeof r);
    r.tv = tv;
    CHECK(cxb_cl_tcmerge_seq(&g, &p, &r) == CXB_OK && r.T == 1 && r.W == W && tv[0] == 1 && tv[1] == 1 &&
          tv[2] == 1 && tv[3] == 0);
    memset(&r, 0, sizeof r);
    r.tv = tv;
    CHECK(cxb_cl_tcmerge_pthreads(&g, &p, pools[3], &r) == CXB_OK && r.T == 1 && r.W == W && tv[0] == 1 &&
          tv[leaves] == 0);
    cxb_cl_ocsr_free(&o);
    CHECK(cxb_cl_orient(&g, 0, NULL, &o) == CXB_OK && o.m == g.m && o.max_out <= 2); /* the hub points at no one */
    cxb_cl_ocsr_free(&o);
    free(tv);
    cxb_csr_free(&g);
}

/* ---- the invariants and the comparison catch wrong counts ---- */

static void invariants(void)
{
    elist l = {.n = 34};
    for (int i = 0; i < 78; ++i)
        add(&l, karate[i][0], karate[i][1]);
    cxb_csr g;
    build(&l, 0, &g);
    uint64_t tv[34];
    memcpy(tv, karate_tv, sizeof tv);
    CHECK(cxb_cl_check(&g, 45, 528, tv, "ok") == CXB_OK);
    CHECK(cxb_cl_check(&g, 45, 527, tv, "W") == CXB_EFAIL);
    CHECK(cxb_cl_check(&g, 44, 528, tv, "sum") == CXB_EFAIL);
    tv[9] = 1; /* vertex 9 has degree 2: C(2, 2) = 1 is allowed, the sum is not */
    CHECK(cxb_cl_check(&g, 45, 528, tv, "sum") == CXB_EFAIL);
    tv[9] = 0;
    tv[11] = 1; /* vertex 11 has degree 1: no triangle possible */
    tv[0] -= 1;
    CHECK(cxb_cl_check(&g, 45, 528, tv, "bound") == CXB_EFAIL);
    CHECK(strstr(cxb_last_error(), "vertex 11") != NULL);
    CHECK(cxb_cl_compare_tv(tv, karate_tv, 34, "x", "y") == CXB_EFAIL && strstr(cxb_last_error(), "vertex 0"));
    /* the per-vertex hash by its definition (mix64 of (v << 32) xor T_v, summed) */
    uint64_t h = 0;
    for (uint64_t v = 0; v < 34; ++v) {
        uint64_t z = (v << 32) ^ karate_tv[v];
        z ^= z >> 30, z *= 0xbf58476d1ce4e5b9ull, z ^= z >> 27, z *= 0x94d049bb133111ebull, z ^= z >> 31;
        h += z;
    }
    CHECK(cxb_cl_tv_hash(karate_tv, 34) == h);
    cxb_csr_free(&g);
    char buf[40];
    cxb_cl_format_double(1.0, buf, sizeof buf);
    CHECK(!strcmp(buf, "1.0"));
    cxb_cl_format_double(0.0, buf, sizeof buf);
    CHECK(!strcmp(buf, "0.0"));
    cxb_cl_format_double(0.16, buf, sizeof buf);
    CHECK(!strcmp(buf, "0.16"));
    cxb_cl_format_double(NAN, buf, sizeof buf);
    CHECK(!strcmp(buf, "nan"));
    cxb_cl_format_double(9.0 / 47.0, buf, sizeof buf);
    CHECK_MSG(!strcmp(buf, "0.19148936170212766"), "%s", buf);
}

int main(void)
{
    for (int k = 0; k < 4; ++k)
        if (cxb_pool_create(&pools[k], pool_threads[k], CXB_BIND_NONE) != CXB_OK)
            SKIP("no pool of %u threads", pool_threads[k]);
    const char *env = getenv("CXB_CL_SEED");
    uint64_t seed = env ? strtoull(env, NULL, 10) : (uint64_t)time(NULL) % 100000;
    printf("fresh seed %llu (CXB_CL_SEED=%llu replays it)\n", (unsigned long long)seed, (unsigned long long)seed);
    complete_graphs();
    wheels();
    rings();
    lattices_stars_bipartite();
    karate_club();
    random_graphs(seed);
    edge_cases();
    invariants();
    for (int k = 0; k < 4; ++k)
        cxb_pool_destroy(pools[k]);
    CHECK_DONE();
}
