/* graph_gen_models: the generators ws, wsfast, nw, disjoint, rmat, kron and bacopy
 * (docs/studies/graph.md): exact tuple counts, self-loops and duplicates after the CSR
 * build (counted and printed), seq == pthreads at 1, 2, 3 and 8 threads tuple for tuple
 * (docs/studies/graph.md) on a fresh seed (printed; CXB_TEST_SEED=S repeats a run), and per model:
 *   ws      m = nk/2, no loops/duplicates, degree >= k/2, p = 0 is ring, transitivity near
 *           Barrat-Weigt C(0)(1-p)^3 and lattice triangles surviving as (1-p)^3;
 *   wsfast  the same statistics; targets outside the lattice ball; p = 0 is ring;
 *   nw      the ring is kept; shortcut count Binomial(nk/2, p) within 5 sigma;
 *   disjoint every edge inside one set (set recomputed from the draw formula); exactly c
 *           components when dense, >= the non-empty sets always, c = 1 connected;
 *   rmat    thresholds 2448131358 / 3264175144 / 4080218931, the permutation a bijection,
 *           perm=0 vs 1 the same graph relabelled, kron == rmat defaults, degree skew,
 *           the top-bit frequencies a+b and a+c within 5 sigma, degenerate initiators;
 *   bacopy  C(n0,2) + m(n-n0) tuples, the core clique first, targets never later than the
 *           source, degree >= m except where the vertex's own tuples collided (exact),
 *           connected for m >= 2, mean degree within 1% of 2m, hubs at low ids;
 * and the parameter errors of each model. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/graph/gen.h"
#include "cxb/core/pool.h"
#include "cxb/graph/gen_host.h"

static cxb_pool *pools[4];
static const unsigned pool_threads[4] = {1, 2, 3, 8};
static uint64_t seed;

static cxb_gen_spec spec(const char *text)
{
    cxb_gen_spec s;
    cxb_status st = cxb_gen_parse(text, &s);
    CHECK_MSG(st == CXB_OK, "%s: %s", text, cxb_last_error());
    return s;
}

/* seq tuples into *tup (if not NULL); every pool must give the same tuples; returns the CSR */
static cxb_csr gen_multi(const char *text, int multigraph, cxb_edges *tup)
{
    cxb_gen_spec s = spec(text);
    cxb_edges ref;
    CHECK_MSG(cxb_generate_seq(&s, &ref) == CXB_OK, "%s: %s", text, cxb_last_error());
    CHECK_MSG(s.model == CXB_GEN_NW || ref.count == cxb_gen_tuples_hint(&s), "%s: %llu tuples, hint %llu",
              text, (unsigned long long)ref.count, (unsigned long long)cxb_gen_tuples_hint(&s));
    for (int p = 0; p < 4; ++p) {
        cxb_edges e;
        CHECK_MSG(cxb_generate_pthreads(&s, pools[p], &e) == CXB_OK, "%s", cxb_last_error());
        CHECK_MSG(e.n == ref.n && e.count == ref.count &&
                      (ref.count == 0 || !memcmp(e.key, ref.key, ref.count * 8)),
                  "%s: pthreads with %u threads differs from seq (%llu vs %llu tuples)", text,
                  pool_threads[p], (unsigned long long)e.count, (unsigned long long)ref.count);
        cxb_edges_free(&e);
    }
    if (tup) {
        *tup = ref;
        tup->key = malloc((ref.count ? ref.count : 1) * 8);
        memcpy(tup->key, ref.key, ref.count * 8);
        tup->cap = ref.count;
    }
    cxb_csr g;
    CHECK(cxb_csr_from_edges(&ref, multigraph, &g) == CXB_OK);
    CHECK_MSG(cxb_csr_check(&g) == CXB_OK, "%s: %s", text, cxb_last_error());
    printf("  %-58s tuples %9llu  loops %6llu  duplicates %7llu  edges %9llu\n", text,
           (unsigned long long)g.stats.pairs_read, (unsigned long long)g.stats.self_loops_removed,
           (unsigned long long)g.stats.duplicates_removed, (unsigned long long)g.m);
    return g;
}

static cxb_csr gen(const char *text) { return gen_multi(text, 0, NULL); }

static uint64_t deg(const cxb_csr *g, uint64_t v) { return g->off[v + 1] - g->off[v]; }

static int has_edge(const cxb_csr *g, uint64_t u, uint64_t v)
{
    uint64_t lo = g->off[u], hi = g->off[u + 1];
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (g->adj[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < g->off[u + 1] && g->adj[lo] == v;
}

/* triangles and connected triples (sum of C(d, 2)) of a simple CSR */
static void triangles(const cxb_csr *g, double *tri, double *triples)
{
    uint64_t t = 0;
    double w = 0;
    for (uint64_t u = 0; u < g->n; ++u) {
        double d = (double)deg(g, u);
        w += d * (d - 1) / 2;
        for (uint64_t i = g->off[u]; i < g->off[u + 1]; ++i) {
            uint64_t v = g->adj[i];
            if (v <= u)
                continue;
            uint64_t a = g->off[u], b = g->off[v]; /* common neighbours w > v */
            while (a < g->off[u + 1] && b < g->off[v + 1]) {
                if (g->adj[a] < g->adj[b])
                    ++a;
                else if (g->adj[a] > g->adj[b])
                    ++b;
                else {
                    t += g->adj[a] > v;
                    ++a;
                    ++b;
                }
            }
        }
    }
    *tri = (double)t;
    *triples = w;
}

static uint64_t uf_find(uint64_t *p, uint64_t x)
{
    while (p[x] != x)
        x = p[x] = p[p[x]];
    return x;
}

static uint64_t components(const cxb_csr *g)
{
    uint64_t *p = malloc((g->n ? g->n : 1) * sizeof *p), c = g->n;
    for (uint64_t v = 0; v < g->n; ++v)
        p[v] = v;
    for (uint64_t u = 0; u < g->n; ++u)
        for (uint64_t i = g->off[u]; i < g->off[u + 1]; ++i) {
            uint64_t a = uf_find(p, u), b = uf_find(p, g->adj[i]);
            if (a != b) {
                p[a] = b;
                --c;
            }
        }
    free(p);
    return c;
}

static int same_as_ring(const char *text, const char *ring)
{
    cxb_edges a, b;
    cxb_csr g = gen_multi(text, 0, &a), r = gen_multi(ring, 0, &b);
    int same = a.count == b.count && !memcmp(a.key, b.key, a.count * 8) &&
               cxb_edgeset_hash(&g) == cxb_edgeset_hash(&r);
    cxb_edges_free(&a);
    cxb_edges_free(&b);
    cxb_csr_free(&g);
    cxb_csr_free(&r);
    return same;
}

/* Lattice triangles survive iff their three edges are not rewired: E[T] = T0 (1-p)^3,
 * T0 = n k (k-2) / 8 (docs/studies/graph.md), plus new triangles closed by random edges (about
 * (pkn/2) k^2/n = p k^3 / 2, allowed in full). Var(T) <= T0 (1 + 3(k-2)) q: a triangle
 * shares an edge with at most 3(k-2) others and each covariance is at most q = (1-p)^3.
 * Transitivity: Barrat-Weigt C(0)(1-p)^3 assumes the triples of the ring; rewiring adds
 * degree variance Var(d) <= p k, which lowers it by the factor k(k-1)/(k(k-1) + Var(d)),
 * at most p/(k-1) relative; 1% more covers sampling (5 sigma of T is below 0.6% here). */
static void small_world_stats(const char *model, uint64_t n, uint64_t k, double p)
{
    char t[160];
    snprintf(t, sizeof t, "%s:n=%llu,k=%llu,p=%.17g,seed=%llu", model, (unsigned long long)n,
             (unsigned long long)k, p, (unsigned long long)seed);
    cxb_csr g = gen(t);
    double tri, triples, q = (1 - p) * (1 - p) * (1 - p), kk = (double)k;
    triangles(&g, &tri, &triples);
    double T0 = (double)n * kk * (kk - 2) / 8, want = T0 * q;
    double sd = sqrt(T0 * (1 + 3 * (kk - 2)) * q), extra = p * kk * kk * kk / 2;
    CHECK_MSG(tri >= want - 5 * sd && tri <= want + 5 * sd + 2 * extra + 10,
              "%s: %.0f triangles, expected %.0f (sd <= %.0f)", t, tri, want, sd);
    double C = 3 * tri / triples, bw = 3 * (kk - 2) / (4 * (kk - 1)) * q;
    printf("    transitivity %.5f, Barrat-Weigt %.5f, triangles %.0f expected %.0f\n", C, bw, tri,
           want);
    CHECK_MSG(C >= bw * (1 - p / (kk - 1) - 0.01) && C <= bw * 1.01,
              "%s: transitivity %.5f, Barrat-Weigt %.5f", t, C, bw);
    cxb_csr_free(&g);
}

static void check_ws(void)
{
    char t[160];
    CHECK(same_as_ring("ws:n=1000,k=10,p=0", "ring:n=1000,k=10"));
    CHECK(same_as_ring("wsfast:n=1000,k=10,p=0", "ring:n=1000,k=10"));
    static const struct {
        uint64_t n, k;
        double p;
    } cases[] = {{12, 2, 0.5}, {10, 2, 1}, {1000, 10, 0.1}, {500, 40, 0.5}, {3000, 4, 1},
                 {20000, 20, 0.01}, {101, 98, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i)
        for (int fast = 0; fast < 2; ++fast) {
            uint64_t n = cases[i].n, k = cases[i].k;
            snprintf(t, sizeof t, "%s:n=%llu,k=%llu,p=%.17g,seed=%llu", fast ? "wsfast" : "ws",
                     (unsigned long long)n, (unsigned long long)k, cases[i].p,
                     (unsigned long long)seed);
            cxb_edges e;
            cxb_csr g = gen_multi(t, 0, &e);
            CHECK_MSG(e.count == n * k / 2 && g.stats.self_loops_removed == 0, "%s", t);
            /* ws: exact, nothing to remove; wsfast: duplicates only (about p^2 k^2 / 4) */
            CHECK_MSG(fast || (g.m == n * k / 2 && g.stats.duplicates_removed == 0), "%s", t);
            CHECK_MSG(!fast || (double)g.stats.duplicates_removed <= 10 + 3 * cases[i].p * cases[i].p * k * k,
                      "%s: %llu duplicates", t, (unsigned long long)g.stats.duplicates_removed);
            uint64_t low = 0;
            for (uint64_t v = 0; v < n; ++v)
                low += deg(&g, v) < k / 2;
            CHECK_MSG(fast || low == 0, "%s: %llu vertices below degree k/2", t, (unsigned long long)low);
            /* every tuple starts at its row v; a rewired end lies outside v's lattice ball
             * (wsfast) or is any non-neighbour (ws) */
            for (uint64_t x = 0; x < e.count; ++x) {
                uint64_t v = e.key[x] >> 32, j = e.key[x] & 0xffffffffu, d = (j + n - v) % n;
                int lattice = d == x % (k / 2) + 1;
                int ok = v == x / (k / 2) && j < n && j != v &&
                         (lattice || !fast || (d > k / 2 && d < n - k / 2));
                if (!ok) {
                    CHECK_MSG(0, "%s: tuple %llu is (%llu, %llu)", t, (unsigned long long)x,
                              (unsigned long long)v, (unsigned long long)j);
                    break;
                }
            }
            cxb_edges_free(&e);
            cxb_csr_free(&g);
        }
    small_world_stats("ws", 100000, 10, 0.01);
    small_world_stats("ws", 100000, 10, 0.1);
    small_world_stats("wsfast", 100000, 10, 0.01);
    small_world_stats("wsfast", 100000, 10, 0.1);
    small_world_stats("ws", 20000, 50, 0.1); /* Leist Fig. 6.12: C ~ 0.53 (BW 0.5356) */
    /* tiny, nearly complete graphs: either a valid graph or the one error of docs/studies/graph.md
     * (a vertex adjacent to all others cannot be rewired) */
    for (uint64_t n = 4; n <= 9; ++n)
        for (uint64_t k = 2; k <= n - 2; k += 2)
            for (int half = 0; half < 2; ++half) {
                snprintf(t, sizeof t, "ws:n=%llu,k=%llu,p=%s,seed=%llu", (unsigned long long)n,
                         (unsigned long long)k, half ? "0.5" : "1", (unsigned long long)seed);
                cxb_gen_spec s = spec(t);
                cxb_edges e;
                cxb_status st = cxb_generate_seq(&s, &e);
                if (st == CXB_OK) {
                    cxb_csr g;
                    CHECK(cxb_csr_from_edges(&e, 0, &g) == CXB_OK && g.m == n * k / 2);
                    cxb_csr_free(&g);
                } else
                    CHECK_MSG(st == CXB_EINPUT && strstr(cxb_last_error(), "no admissible target"),
                              "%s: %s", t, cxb_last_error());
                cxb_edges e2;
                cxb_status st2 = cxb_generate_pthreads(&s, pools[3], &e2);
                CHECK_MSG(st2 == st, "%s: pthreads status %d, seq %d", t, (int)st2, (int)st);
                if (st2 == CXB_OK)
                    cxb_edges_free(&e2);
            }
}

static void check_nw(void)
{
    CHECK(same_as_ring("nw:n=1000,k=10,p=0", "ring:n=1000,k=10"));
    static const struct {
        uint64_t n, k;
        double p;
    } cases[] = {{100000, 10, 0.1}, {20000, 4, 0.5}, {1000, 2, 1}, {50000, 20, 0.001}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        char t[160];
        uint64_t n = cases[i].n, k = cases[i].k, lat = n * k / 2;
        snprintf(t, sizeof t, "nw:n=%llu,k=%llu,p=%.17g,seed=%llu", (unsigned long long)n,
                 (unsigned long long)k, cases[i].p, (unsigned long long)seed);
        cxb_csr g = gen(t);
        double sc = (double)(g.stats.pairs_read - lat), mean = (double)lat * cases[i].p,
               sd = sqrt((double)lat * cases[i].p * (1 - cases[i].p));
        CHECK_MSG(g.stats.pairs_read >= lat && fabs(sc - mean) <= 5 * sd,
                  "%s: %.0f shortcuts, mean %.1f sd %.1f", t, sc, mean, sd);
        uint64_t missing = 0;
        for (uint64_t v = 0; v < n; ++v)
            for (uint64_t s = 1; s <= k / 2; ++s)
                missing += !has_edge(&g, v, (v + s) % n);
        CHECK_MSG(missing == 0, "%s: %llu lattice edges missing", t, (unsigned long long)missing);
        cxb_csr_free(&g);
    }
}

static void check_disjoint(void)
{
    char t[160];
    static const struct {
        uint64_t n, e, c;
        int dense; /* exactly c components expected: mean degree 2e/n >= 20, so the expected
                    * number of isolated vertices n e^(-2e/n) is below 1e-4 */
    } cases[] = {{10000, 600000, 100, 1}, {20000, 50000, 1000, 0}, {1000, 20000, 1, 1},
                 {1, 0, 1, 0}, {1, 5, 1, 0}, {50, 10, 50, 0}, {100000, 300000, 10, 0}, {100000, 1500000, 10, 1}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        uint64_t n = cases[i].n, c = cases[i].c;
        snprintf(t, sizeof t, "disjoint:n=%llu,e=%llu,c=%llu,seed=%llu", (unsigned long long)n,
                 (unsigned long long)cases[i].e, (unsigned long long)c, (unsigned long long)seed);
        cxb_csr g = gen_multi(t, 1, NULL); /* multigraph mode, as the components study */
        CHECK_MSG(g.stats.pairs_read == cases[i].e &&
                      g.m == cases[i].e - g.stats.self_loops_removed && g.stats.duplicates_removed == 0,
                  "%s: multigraph counts", t);
        /* the set of v from the formula of docs/studies/graph.md, written out here */
        uint32_t *set = malloc(n * sizeof *set);
        uint8_t *nonempty = calloc(c, 1);
        uint64_t sets = 0, cross = 0;
        for (uint64_t v = 0; v < n; ++v) {
            cxb_philox4x32_ctr w = cxb_gdraw(seed, 6, v, 0);
            uint64_t x0 = (uint64_t)w.v[0] | (uint64_t)w.v[1] << 32;
            set[v] = (uint32_t)(((unsigned __int128)x0 * c) >> 64);
            sets += !nonempty[set[v]];
            nonempty[set[v]] = 1;
        }
        for (uint64_t u = 0; u < n; ++u)
            for (uint64_t i2 = g.off[u]; i2 < g.off[u + 1]; ++i2)
                cross += set[u] != set[g.adj[i2]];
        uint64_t comp = components(&g);
        CHECK_MSG(cross == 0, "%s: %llu arcs across sets", t, (unsigned long long)cross);
        CHECK_MSG(comp >= sets && (!cases[i].dense || comp == c),
                  "%s: %llu components, %llu non-empty sets", t, (unsigned long long)comp,
                  (unsigned long long)sets);
        free(set);
        free(nonempty);
        cxb_csr_free(&g);
    }
}

static void check_rmat(void)
{
    char t[200];
    cxb_gen_spec s = spec("rmat:scale=20");
    cxb_gen_ctx x;
    cxb_gen_ctx_init(&x, &s);
    CHECK_MSG(x.ta == 2448131358u && x.tab == 3264175144u && x.tabc == 4080218931u,
              "thresholds %llu %llu %llu", (unsigned long long)x.ta, (unsigned long long)x.tab,
              (unsigned long long)x.tabc);
    /* the keyed relabelling is a bijection of [0, 2^scale) */
    for (unsigned sc = 0; sc <= 16; sc += (sc < 3 ? 1 : 13)) {
        snprintf(t, sizeof t, "rmat:scale=%u,seed=%llu", sc, (unsigned long long)seed);
        s = spec(t);
        cxb_gen_ctx_init(&x, &s);
        uint64_t N = 1ull << sc, hit = 0;
        uint8_t *seen = calloc(N, 1);
        for (uint64_t v = 0; v < N; ++v) {
            uint32_t y = cxb_rmat_perm(&x, (uint32_t)v);
            hit += y < N && !seen[y];
            if (y < N)
                seen[y] = 1;
        }
        CHECK_MSG(hit == N, "scale %u: permutation hits %llu of %llu", sc, (unsigned long long)hit,
                  (unsigned long long)N);
        free(seen);
    }
    /* perm=0 vs perm=1: the same tuples relabelled by cxb_rmat_perm, same degree sequence */
    snprintf(t, sizeof t, "rmat:scale=14,perm=0,seed=%llu", (unsigned long long)seed);
    cxb_edges e0, e1;
    cxb_csr g0 = gen_multi(t, 0, &e0);
    snprintf(t, sizeof t, "rmat:scale=14,seed=%llu", (unsigned long long)seed);
    cxb_csr g1 = gen_multi(t, 0, &e1);
    s = spec(t);
    cxb_gen_ctx_init(&x, &s);
    uint64_t bad = 0, hi_u = 0, hi_v = 0, N = 1ull << 14;
    for (uint64_t i = 0; i < e0.count; ++i) {
        uint32_t u = (uint32_t)(e0.key[i] >> 32), v = (uint32_t)e0.key[i];
        hi_u += u >> 13;
        hi_v += v >> 13;
        bad += e1.key[i] != cxb_edge_key(cxb_rmat_perm(&x, u), cxb_rmat_perm(&x, v));
    }
    CHECK_MSG(e0.count == 16 * N && bad == 0, "rmat perm: %llu tuples differ", (unsigned long long)bad);
    CHECK(g0.m == g1.m && g0.stats.self_loops_removed == g1.stats.self_loops_removed);
    uint64_t *d0 = malloc(N * 8), *d1 = malloc(N * 8), dmax = 0;
    for (uint64_t v = 0; v < N; ++v) {
        d0[v] = deg(&g0, v);
        d1[v] = deg(&g1, v);
        dmax = d1[v] > dmax ? d1[v] : dmax;
    }
    uint64_t *scratch = malloc(N * 8);
    cxb_sort_u64(d0, scratch, N);
    cxb_sort_u64(d1, scratch, N);
    CHECK(!memcmp(d0, d1, N * 8));
    free(d0);
    free(d1);
    free(scratch);
    /* top bit of u is 1 in quadrants C, D: probability c + d = 0.24; of v: b + d = 0.24 */
    double M = (double)e0.count, sd = sqrt(M * 0.24 * 0.76);
    CHECK_MSG(fabs((double)hi_u - 0.24 * M) <= 5 * sd && fabs((double)hi_v - 0.24 * M) <= 5 * sd,
              "top bits %llu %llu of %.0f", (unsigned long long)hi_u, (unsigned long long)hi_v, M);
    /* heavy tail: the maximum degree far above the mean (about 1100 vs 2m/n ~ 20 here) */
    double mean = 2.0 * (double)g1.m / (double)N;
    CHECK_MSG((double)dmax > 20 * mean, "rmat max degree %llu, mean %.1f", (unsigned long long)dmax, mean);
    cxb_edges_free(&e0);
    cxb_edges_free(&e1);
    cxb_csr_free(&g0);
    cxb_csr_free(&g1);
    /* kron is rmat with Graph500's parameters */
    snprintf(t, sizeof t, "kron:scale=12,ef=8,seed=%llu", (unsigned long long)seed);
    cxb_edges k1, k2;
    cxb_csr a = gen_multi(t, 0, &k1);
    snprintf(t, sizeof t, "rmat:scale=12,ef=8,a=0.57,b=0.19,c=0.19,perm=1,seed=%llu",
             (unsigned long long)seed);
    cxb_csr b = gen_multi(t, 0, &k2);
    CHECK(k1.count == k2.count && !memcmp(k1.key, k2.key, k1.count * 8));
    cxb_edges_free(&k1);
    cxb_edges_free(&k2);
    cxb_csr_free(&a);
    cxb_csr_free(&b);
    /* degenerate initiators: all A -> every tuple (0,0); all D -> (N-1, N-1) */
    cxb_csr g = gen("rmat:scale=10,ef=4,a=1,b=0,c=0,perm=0");
    CHECK(g.m == 0 && g.stats.self_loops_removed == 4096);
    cxb_csr_free(&g);
    cxb_edges d;
    g = gen_multi("rmat:scale=5,ef=2,a=0,b=0,c=0,perm=0", 0, &d);
    CHECK(g.m == 0 && d.count == 64 && d.key[0] == cxb_edge_key(31, 31) && d.key[63] == d.key[0]);
    cxb_edges_free(&d);
    cxb_csr_free(&g);
    g = gen("rmat:scale=8,ef=4,a=0,b=1,c=0,perm=0"); /* all B: u = 0, v = N-1 */
    CHECK(g.m == 1 && has_edge(&g, 0, 255) && g.stats.duplicates_removed == 1023);
    cxb_csr_free(&g);
    g = gen("kron:scale=0"); /* one vertex, 16 self-loops */
    CHECK(g.n == 1 && g.m == 0 && g.stats.self_loops_removed == 16);
    cxb_csr_free(&g);
    g = gen("kron:scale=5,ef=0");
    CHECK(g.n == 32 && g.m == 0 && g.stats.pairs_read == 0);
    cxb_csr_free(&g);
}

static void check_bacopy(void)
{
    char t[200];
    static const struct {
        uint64_t n, m, n0;
    } cases[] = {{100000, 3, 6}, {100000, 5, 10}, {200000, 1, 2}, {30000, 2, 0},
                 {1000, 7, 2}, {10, 4, 10}, {5, 1, 5}, {50000, 2, 30}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        uint64_t n = cases[i].n, m = cases[i].m, n0 = cases[i].n0, c0 = n0 * (n0 ? n0 - 1 : 0) / 2;
        snprintf(t, sizeof t, "bacopy:n=%llu,m=%llu,n0=%llu,seed=%llu", (unsigned long long)n,
                 (unsigned long long)m, (unsigned long long)n0, (unsigned long long)seed);
        cxb_edges e;
        cxb_csr g = gen_multi(t, 0, &e);
        CHECK_MSG(e.count == c0 + m * (n - n0), "%s: %llu tuples", t, (unsigned long long)e.count);
        /* the core clique in canonical order first */
        uint64_t x = 0, bad = 0;
        for (uint64_t a = 0; a < n0; ++a)
            for (uint64_t b = a + 1; b < n0; ++b)
                bad += e.key[x++] != cxb_edge_key((cxb_vid)a, (cxb_vid)b);
        /* then vertex v's m tuples (v, target <= v); collided: v's own tuples have a loop
         * or a repeated target; only those may end below degree m */
        uint8_t *collided = calloc(n, 1);
        for (uint64_t v = n0; v < n; ++v)
            for (uint64_t i2 = 0; i2 < m; ++i2, ++x) {
                uint64_t src = e.key[x] >> 32, tg = e.key[x] & 0xffffffffu;
                bad += src != v || tg > v;
                collided[v] |= tg == v;
                for (uint64_t j = x - i2; j < x; ++j)
                    collided[v] |= (e.key[j] & 0xffffffffu) == tg;
            }
        CHECK_MSG(bad == 0, "%s: %llu tuples out of layout", t, (unsigned long long)bad);
        uint64_t low = 0, low_ok = 0, core_isolated = 0, ncoll = 0;
        for (uint64_t v = 0; v < n; ++v) {
            ncoll += collided[v];
            if (v < n0)
                core_isolated += deg(&g, v) < n0 - 1;
            else if (deg(&g, v) < m) {
                ++low;
                low_ok += collided[v];
            }
        }
        CHECK_MSG(low == low_ok && core_isolated == 0,
                  "%s: %llu vertices below degree m without a collision, core short %llu", t,
                  (unsigned long long)(low - low_ok), (unsigned long long)core_isolated);
        CHECK(ncoll <= g.stats.self_loops_removed + g.stats.duplicates_removed);
        printf("    %llu vertices below degree m (all with own loops/duplicates), %llu components\n",
               (unsigned long long)low, (unsigned long long)components(&g));
        /* m >= 2 with a core: disconnected only if some vertex's m tuples all loop and no
         * later vertex attaches to it, probability far below 1e-4 (docs/studies/graph.md) */
        if (m >= 2 && n0 >= 2)
            CHECK_MSG(components(&g) == 1, "%s: %llu components", t,
                      (unsigned long long)components(&g));
        if (n >= 100000) {
            double mean = 2.0 * (double)g.m / (double)n;
            CHECK_MSG(fabs(mean - 2.0 * (double)m) <= 0.01 * 2.0 * (double)m,
                      "%s: mean degree %.4f", t, mean);
            /* low ids are the hubs: max degree among the first 100 ids >> among the last half */
            uint64_t dlo = 0, dhi = 0;
            for (uint64_t v = 0; v < n; ++v) {
                uint64_t d = deg(&g, v);
                if (v < 100 && d > dlo)
                    dlo = d;
                if (v >= n / 2 && d > dhi)
                    dhi = d;
            }
            CHECK_MSG(dlo > 5 * dhi, "%s: hub degree %llu vs late %llu", t,
                      (unsigned long long)dlo, (unsigned long long)dhi);
        }
        if (n0 == 0) /* vertex 0's edges point at position 0, itself */
            CHECK(e.key[0] == cxb_edge_key(0, 0));
        free(collided);
        cxb_edges_free(&e);
        cxb_csr_free(&g);
    }
}

static void check_errors(void)
{
    static const char *const bad[] = {
        "ws:n=10,k=4", "ws:n=10,p=0.1", "ws:n=10,k=3,p=0.1", "ws:n=10,k=0,p=0.1",
        "ws:n=10,k=10,p=0.1", "ws:n=3,k=2,p=0.1", "ws:n=10,k=4,p=1.1", "ws:n=10,k=4,p=-1",
        "ws:n=1000000,k=131072,p=0.1", "wsfast:n=1000000,k=131072,p=0.1", "wsfast:n=10,k=9,p=0.1",
        "nw:n=10,k=4", "nw:n=10,k=4,p=0.1,m=3", "disjoint:n=10,e=5", "disjoint:n=10,e=5,c=0",
        "disjoint:n=10,e=5,c=11", "disjoint:n=0,e=5,c=1", "disjoint:n=0,e=0,c=0",
        "rmat:ef=4", "rmat:scale=32", "rmat:scale=10,a=0.5,b=0.3,c=0.3",
        "rmat:scale=10,a=1.5", "rmat:scale=10,perm=2", "rmat:scale=31,ef=4294967296",
        "rmat:scale=10,d=0.1", "kron:scale=10,a=0.5", "kron:scale=33", "rmat:scale=10,c=x",
        "bacopy:n=100", "bacopy:n=100,m=0", "bacopy:n=100,m=2,n0=1", "bacopy:n=100,m=2,n0=101",
        "bacopy:n=5,m=3", "bacopy:n=4294967295,m=2147483648,n0=0", "bacopy:m=2",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        cxb_gen_spec s;
        cxb_status st = cxb_gen_parse(bad[i], &s);
        CHECK_MSG(st == CXB_EINPUT, "'%s' accepted", bad[i]);
        if (st == CXB_EINPUT)
            CHECK_MSG(!strchr(cxb_last_error(), '\n'), "'%s': multi-line message", bad[i]);
    }
    CHECK(!strcmp(spec("ws:k=4,n=10,p=0.25").text, "ws:n=10,k=4,p=0.25,seed=1"));
    CHECK(!strcmp(spec("rmat:scale=2^4").text, "rmat:scale=16,ef=16,a=0.57,b=0.19,c=0.19,perm=1,seed=1"));
    CHECK(!strcmp(spec("rmat:scale=3,a=0.45,b=0.15,c=0.15,perm=0").text,
                  "rmat:scale=3,ef=16,a=0.45,b=0.15,c=0.15,perm=0,seed=1"));
    CHECK(!strcmp(spec("kron:scale=20,seed=4").text, "kron:scale=20,ef=16,seed=4"));
    CHECK(!strcmp(spec("bacopy:n=1e6,m=5").text, "bacopy:n=1000000,m=5,n0=10,seed=1"));
    CHECK(!strcmp(spec("disjoint:c=100,e=5e7,n=2^21").text,
                  "disjoint:n=2097152,e=50000000,c=100,seed=1"));
    CHECK(spec("rmat:scale=10,a=0.5,b=0.25,c=0.25").n == 1024); /* d = 0 is fine */
}

int main(void)
{
    seed = (uint64_t)time(NULL) ^ ((uint64_t)clock() << 32);
    const char *env = getenv("CXB_TEST_SEED");
    if (env)
        seed = strtoull(env, NULL, 0);
    seed &= 0xffffffffffffull;
    printf("graph_gen_models: seed %llu (CXB_TEST_SEED=%llu repeats)\n", (unsigned long long)seed,
           (unsigned long long)seed);
    for (int p = 0; p < 4; ++p)
        CHECK(cxb_pool_create(&pools[p], pool_threads[p], CXB_BIND_NONE) == CXB_OK);
    check_errors();
    check_ws();
    check_nw();
    check_disjoint();
    check_rmat();
    check_bacopy();
    for (int p = 0; p < 4; ++p)
        cxb_pool_destroy(pools[p]);
    CHECK_DONE();
}
