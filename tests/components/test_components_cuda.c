/* components_cuda: every CUDA variant of the components study (impl_cuda/components/, through
 * the rows' device table cxb_cc_cuda_dev) writes exactly the canonical labels (label[v] = the
 * smallest id of v's component, docs/studies/components.md) of the CPU reference
 * cxb_cc_unionfind_seq (itself checked against a union-find written here), on Leist's families (disjoint multigraph, line, bacopy, ws), gnm, kron and the edge
 * cases: no vertex, one vertex, all isolated, stars of degree > 352 and > 10^4 centred at the
 * highest id (unionfind's block path), duplicate edges, two components joined at the highest
 * ids, a component whose smallest id is reached last, sizes no multiple of 32 or 256. k2 runs
 * also ordered by degree, unionfind with other thresholds, afforest with other rounds and
 * samples. Bounds: k1 and k2 launches <= diameter + 2 on a line (diameter n - 1), k3 passes =
 * components. k2 with tex_limit=1 refuses more than 2^27 arcs with the documented message.
 * Fresh seed, printed (CXB_TEST_SEED=S repeats). Argument "quick" (compute-sanitizer memcheck):
 * the edge cases and the families at a tenth of the size; "race" (racecheck, which is slow): only
 * the kernels with shared memory (k2 in both orders, afforest's sampling) on three small graphs.
 * Exits 77 without a GPU. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/components/components.h"
#include "cxb/core/cuda.h"
#include "cxb/graph/gen.h"
#include "impl_cuda/components/dev.h"

static void params_default(cxb_cc_params *p)
{
    memset(p, 0, sizeof *p);
    cxb_cc_params_init(p);
}

/* the reference: union by smaller root, path halving, then every vertex at its root */
static cxb_vid find(cxb_vid *p, cxb_vid x)
{
    while (p[x] != x) {
        p[x] = p[p[x]];
        x = p[x];
    }
    return x;
}

static cxb_vid *reference(const cxb_csr *g, uint64_t *components)
{
    cxb_vid *p = malloc((g->n ? g->n : 1) * sizeof *p);
    for (uint64_t v = 0; v < g->n; ++v)
        p[v] = (cxb_vid)v;
    for (uint64_t v = 0; v < g->n; ++v)
        for (uint64_t k = g->off[v]; k < g->off[v + 1]; ++k) {
            cxb_vid a = find(p, (cxb_vid)v), b = find(p, g->adj[k]);
            if (a < b)
                p[b] = a;
            else if (b < a)
                p[a] = b;
        }
    *components = 0;
    for (uint64_t v = 0; v < g->n; ++v) {
        p[v] = find(p, (cxb_vid)v);
        *components += p[v] == v;
    }
    cxb_vid *seq = malloc((g->n ? g->n : 1) * sizeof *seq);
    CHECK_MSG(cxb_cc_unionfind_seq(g, seq) == CXB_OK, "unionfind.seq: %s", cxb_last_error());
    CHECK_MSG(g->n == 0 || !memcmp(seq, p, g->n * sizeof *p), "unionfind.seq differs from the test's union-find");
    free(p);
    return seq;
}

static const char *vname(cxb_cc_variant v)
{
    switch (v) {
    case CXB_CC_K1:
        return "k1";
    case CXB_CC_K2:
        return "k2";
    case CXB_CC_K3:
        return "k3";
    case CXB_CC_UNIONFIND_CUDA:
        return "unionfind";
    default:
        return "afforest";
    }
}

/* One variant with parameters p on g; returns its stats (or all ones after a failure). */
static cxb_cc_stats run1(const cxb_csr *g, cxb_cc_variant v, const cxb_cc_params *p, const cxb_vid *ref,
                         uint64_t components, const char *what)
{
    cxb_cc_stats st;
    memset(&st, 0xFF, sizeof st);
    void *dev = NULL;
    double alloc_ms = -1, h2d_ms = -1;
    cxb_status s = cxb_cc_cuda_dev.open(g, v, p, NULL, &dev, &alloc_ms, &h2d_ms);
    CHECK_MSG(s == CXB_OK, "%s %s: open: %s", what, vname(v), cxb_last_error());
    if (s != CXB_OK)
        return st;
    CHECK(alloc_ms >= 0 && h2d_ms >= 0);
    cxb_vid *label = malloc((g->n ? g->n : 1) * sizeof *label);
    for (int rep = 0; rep < 2; ++rep) { /* twice: a run starts from scratch */
        memset(label, 0xAB, (g->n ? g->n : 1) * sizeof *label);
        cxb_phases ph;
        for (int i = 0; i < CXB_PHASE_COUNT; ++i)
            ph.ns[i] = CXB_PHASE_NA;
        s = cxb_cc_cuda_dev.run(dev, NULL, label, &st, &ph);
        CHECK_MSG(s == CXB_OK, "%s %s: run: %s", what, vname(v), cxb_last_error());
        if (s != CXB_OK)
            break;
        CHECK(ph.ns[CXB_PHASE_KERNEL] >= 0 && ph.ns[CXB_PHASE_D2H] >= 0);
        CHECK_MSG(cxb_cc_check(g, label, vname(v)) == CXB_OK, "%s: %s", what, cxb_last_error());
        uint64_t bad = 0, first = 0;
        for (uint64_t i = 0; i < g->n; ++i)
            if (label[i] != ref[i] && bad++ == 0)
                first = i;
        CHECK_MSG(bad == 0, "%s %s (deg_warp %u deg_block %u deg_inline %u union %d rounds %u samples %u order %d): %llu "
                  "labels differ, first at %llu: %u, reference %u", what, vname(v), p->deg_warp, p->deg_block,
                  p->deg_inline, p->union_rule, p->rounds,
                  p->samples, p->order_degree, (unsigned long long)bad, (unsigned long long)first,
                  g->n ? label[first] : 0, g->n ? ref[first] : 0);
        if (v == CXB_CC_K3)
            CHECK_MSG(st.bfs_passes == components, "%s k3: %llu passes, %llu components", what,
                      (unsigned long long)st.bfs_passes, (unsigned long long)components);
    }
    free(label);
    cxb_cc_cuda_dev.close(dev);
    return st;
}

static void all_variants(const cxb_csr *g, const char *what)
{
    uint64_t components;
    cxb_vid *ref = reference(g, &components);
    cxb_cc_params p;
    params_default(&p);
    const cxb_cc_variant vs[] = {CXB_CC_K1, CXB_CC_K2, CXB_CC_K3, CXB_CC_UNIONFIND_CUDA, CXB_CC_AFFOREST_CUDA};
    for (size_t i = 0; i < sizeof vs / sizeof vs[0]; ++i) {
        if (vs[i] == CXB_CC_K3 && components > 20000)
            continue; /* one pass per component: the isolated-vertex-heavy graphs take long */
        run1(g, vs[i], &p, ref, components, what);
    }
    p.order_degree = 1;
    run1(g, CXB_CC_K2, &p, ref, components, what);
    params_default(&p);
    /* deg_warp, deg_block, deg_inline: every vertex in a warp or a block, every one inline, rows
     * inline by their count of smaller neighbours, and deg_inline below deg_warp (the rule off) */
    const uint32_t th[][3] = {{1, 4, 1}, {0, 0, 0}, {32, 33, 64}, {1000000, 1000000, 1000000}, {2, 100, 50}, {8, 9, 4}};
    for (size_t i = 0; i < sizeof th / sizeof th[0]; ++i) {
        p.deg_warp = th[i][0];
        p.deg_block = th[i][1];
        p.deg_inline = th[i][2];
        run1(g, CXB_CC_UNIONFIND_CUDA, &p, ref, components, what);
    }
    params_default(&p);
    /* compute1's union forced each way, whatever auto picks for this graph, with every vertex
     * inline and with the default thresholds */
    for (int rule = CXB_CC_UNION_REM; rule <= CXB_CC_UNION_HOOK; ++rule) {
        p.union_rule = rule;
        run1(g, CXB_CC_UNIONFIND_CUDA, &p, ref, components, what);
        p.deg_warp = p.deg_block = p.deg_inline = 1000000;
        run1(g, CXB_CC_UNIONFIND_CUDA, &p, ref, components, what);
        params_default(&p);
    }
    const uint32_t af[][2] = {{0, 1024}, {1, 1}, {5, 0}, {2, 4096}};
    for (size_t i = 0; i < sizeof af / sizeof af[0]; ++i) {
        p.rounds = af[i][0];
        p.samples = af[i][1];
        run1(g, CXB_CC_AFFOREST_CUDA, &p, ref, components, what);
    }
    printf("  %-64s n %9llu m %10llu components %8llu: same\n", what, (unsigned long long)g->n,
           (unsigned long long)g->m, (unsigned long long)components);
    free(ref);
}

static void from_tuples(cxb_edges *e, int multi, const char *what)
{
    cxb_csr g;
    cxb_status s = cxb_csr_from_edges(e, multi, &g);
    CHECK_MSG(s == CXB_OK, "%s: %s", what, cxb_last_error());
    if (s != CXB_OK)
        return;
    all_variants(&g, what);
    cxb_csr_free(&g);
}

static void from_spec(const char *text, int multi)
{
    cxb_gen_spec s;
    cxb_edges e;
    CHECK_MSG(cxb_gen_parse(text, &s) == CXB_OK, "%s: %s", text, cxb_last_error());
    CHECK_MSG(cxb_generate_seq(&s, &e) == CXB_OK, "%s: %s", text, cxb_last_error());
    char what[256];
    snprintf(what, sizeof what, "%s%s", text, multi ? " (multigraph)" : "");
    from_tuples(&e, multi, what);
}

static void push(cxb_edges *e, uint64_t u, uint64_t v)
{
    CHECK(cxb_edges_push(e, (cxb_vid)u, (cxb_vid)v) == CXB_OK);
}

int main(int argc, char **argv)
{
    const int quick = argc > 1 && !strcmp(argv[1], "quick");
    const int race = argc > 1 && !strcmp(argv[1], "race");
    const char *why = NULL;
    if (cxb_cuda_device_count(&why) == 0)
        SKIP("%s", why);
    uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)clock() << 32);
    const char *env = getenv("CXB_TEST_SEED");
    if (env)
        seed = strtoull(env, NULL, 0);
    seed &= 0xffffffffffffull;
    printf("components_cuda: seed %llu (CXB_TEST_SEED=%llu repeats)\n", (unsigned long long)seed,
           (unsigned long long)seed);

    cxb_edges e;
    if (race) {
        const char *g3[] = {"kron:scale=10,seed=5", "bacopy:n=3001,m=3,seed=6", "line:n=1000"};
        for (size_t i = 0; i < 3; ++i) {
            cxb_gen_spec s;
            cxb_csr g;
            CHECK(cxb_gen_parse(g3[i], &s) == CXB_OK && cxb_generate_seq(&s, &e) == CXB_OK);
            CHECK(cxb_csr_from_edges(&e, 0, &g) == CXB_OK);
            uint64_t components;
            cxb_vid *ref = reference(&g, &components);
            cxb_cc_params p;
            params_default(&p);
            run1(&g, CXB_CC_K2, &p, ref, components, g3[i]);
            run1(&g, CXB_CC_AFFOREST_CUDA, &p, ref, components, g3[i]);
            p.order_degree = 1;
            run1(&g, CXB_CC_K2, &p, ref, components, g3[i]);
            printf("  %s: k2, k2 by degree, afforest: same\n", g3[i]);
            free(ref);
            cxb_csr_free(&g);
        }
        CHECK_DONE();
    }
    /* edge cases */
    for (uint64_t n = 0; n < 2; ++n) { /* no vertex, one vertex */
        cxb_edges_init(&e);
        e.n = n;
        from_tuples(&e, 0, n ? "one vertex" : "no vertex");
    }
    cxb_edges_init(&e);
    e.n = 1003;
    from_tuples(&e, 0, "1003 isolated vertices");
    const uint64_t stars[] = {353, 400, 10001, 20003};
    for (size_t i = 0; i < (quick ? 3u : sizeof stars / sizeof stars[0]); ++i) { /* centre = highest id, plus a tail */
        uint64_t n = stars[i] + 7;
        cxb_edges_init(&e);
        e.n = n;
        for (uint64_t v = 0; v < stars[i]; ++v)
            push(&e, n - 1, v);
        push(&e, n - 2, n - 3); /* a second component at the top */
        char what[64];
        snprintf(what, sizeof what, "star of degree %llu at the highest id", (unsigned long long)stars[i]);
        from_tuples(&e, 0, what);
    }
    cxb_edges_init(&e); /* a star centred at 0 */
    e.n = 5000;
    for (uint64_t v = 1; v < 5000; ++v)
        push(&e, 0, v);
    from_tuples(&e, 0, "star of degree 4999 at id 0");
    for (int multi = 0; multi < 2; ++multi) { /* duplicates in both orientations */
        cxb_edges_init(&e);
        e.n = 777;
        for (uint64_t v = 0; v + 1 < 777; v += 2)
            for (int r = 0; r < 3; ++r)
                push(&e, r & 1 ? v : v + 1, r & 1 ? v + 1 : v);
        from_tuples(&e, multi, multi ? "pairs repeated (multigraph)" : "pairs repeated");
    }
    cxb_edges_init(&e); /* two paths joined by one edge at the highest ids */
    e.n = 1000;
    for (uint64_t v = 0; v + 2 < 998; v += 2)
        push(&e, v, v + 2); /* evens */
    for (uint64_t v = 1; v + 2 < 999; v += 2)
        push(&e, v, v + 2); /* odds */
    push(&e, 998, 999);
    push(&e, 996, 998);
    push(&e, 997, 999);
    from_tuples(&e, 0, "two components joined at the highest ids");
    cxb_edges_init(&e); /* the smallest id reached last: a path n-1, n-2, ..., 1, 0 hung off high ids */
    e.n = quick ? 1025 : 4099;
    for (uint64_t v = 0; v + 1 < e.n; ++v)
        push(&e, e.n - 1 - v, e.n - 2 - v);
    from_tuples(&e, 0, "path whose smallest id is its far end");

    /* the line: exact bound on the launches */
    {
        const uint64_t n = quick ? 1001 : 3001; /* k3 scans all n vertices per level: n^2 work */
        char line[64];
        snprintf(line, sizeof line, "line:n=%llu", (unsigned long long)n);
        cxb_gen_spec s;
        CHECK(cxb_gen_parse(line, &s) == CXB_OK);
        CHECK(cxb_generate_seq(&s, &e) == CXB_OK);
        cxb_csr g;
        CHECK(cxb_csr_from_edges(&e, 0, &g) == CXB_OK);
        uint64_t components;
        cxb_vid *ref = reference(&g, &components);
        cxb_cc_params p;
        params_default(&p);
        cxb_cc_stats st = run1(&g, CXB_CC_K1, &p, ref, components, line);
        CHECK_MSG(st.iterations >= 1 && st.iterations <= (n - 1) + 2, "k1 on the line: %llu launches",
                  (unsigned long long)st.iterations);
        st = run1(&g, CXB_CC_K2, &p, ref, components, line);
        CHECK_MSG(st.iterations >= 1 && st.iterations <= (n - 1) + 2, "k2 on the line: %llu launches",
                  (unsigned long long)st.iterations);
        st = run1(&g, CXB_CC_K3, &p, ref, components, line);
        CHECK_MSG(st.bfs_passes == 1 && st.bfs_levels == n, "k3 on the line: %llu passes, %llu levels",
                  (unsigned long long)st.bfs_passes, (unsigned long long)st.bfs_levels);
        printf("  %s: k1, k2 launches within n + 1, k3 n levels\n", line);
        free(ref);
        cxb_csr_free(&g);
    }
    if (!quick)
        from_spec("line:n=100003", 0);

    /* Leist's families, gnm, kron (fresh seeds) */
    const char *seeded[][2] = {{"disjoint:n=100000,e=500000,c=100", "1"},
                               {"disjoint:n=20000,e=30000,c=2000", "1"},
                               {"bacopy:n=100003,m=5", "0"},
                               {"ws:n=50000,k=10,p=0.1", "0"},
                               {"ws:n=30011,k=4,p=0.5", "0"},
                               {"wsfast:n=100000,k=10,p=0.1", "0"},
                               {"gnm:n=100000,m=80000", "0"},
                               {"gnm:n=65536,m=1048576", "0"},
                               {"kron:scale=16", "0"},
                               {"kron:scale=12,ef=2", "0"},
                               {"rmat:scale=14,ef=4", "1"}};
    const char *small[][2] = {{"disjoint:n=10000,e=50000,c=100", "1"}, {"bacopy:n=10003,m=5", "0"},
                              {"ws:n=5000,k=10,p=0.1", "0"},           {"gnm:n=10000,m=8000", "0"},
                              {"kron:scale=12", "0"}};
    const size_t nfam = quick ? sizeof small / sizeof small[0] : sizeof seeded / sizeof seeded[0];
    for (size_t i = 0; i < nfam; ++i) {
        char t[200];
        snprintf(t, sizeof t, "%s,seed=%llu", quick ? small[i][0] : seeded[i][0], (unsigned long long)(seed + i));
        from_spec(t, (quick ? small[i][1] : seeded[i][1])[0] == '1');
    }

    { /* the Fermi texture limit: refused before anything is touched */
        cxb_csr big;
        memset(&big, 0, sizeof big);
        big.n = 14000000;
        big.m = 70000000;
        big.nnz = 140000000;
        cxb_cc_params p;
        params_default(&p);
        p.tex_limit = 1;
        void *dev = NULL;
        CHECK(cxb_cc_cuda_dev.open(&big, CXB_CC_K2, &p, NULL, &dev, NULL, NULL) == CXB_EINPUT);
        CHECK_MSG(!strcmp(cxb_last_error(), "components.k2.cuda: 140000000 arcs exceed the Fermi texture limit "
                                            "of 134217728 (tex_limit=1)"),
                  "%s", cxb_last_error());
        CHECK(dev == NULL);
    }
    CHECK_DONE();
}
