/* graph_dcsr_cuda: the device CSR (impl_cuda/graph/dcsr.cu, docs/studies/graph.md "Graphs on the
 * GPU") is byte-identical to cxb_csr_from_edges (offsets, adjacency, flags, every stat):
 *   - cxb_dcsr_generate and cxb_dcsr_from_edges for every generator model, simple and multigraph
 *     (gnm also through its complement path, ws through its host rewiring);
 *   - cxb_dcsr_from_edges on random tuples with many self-loops and duplicates, on sizes that
 *     are no multiple of a block, on no tuples, on one vertex, on loops only, and on long runs
 *     of isolated vertices;
 *   - a bad id: CXB_EINPUT with the reference's message; cxb_dcsr_upload / download round trip.
 * Fresh seed, printed (CXB_TEST_SEED=S repeats). Argument "quick" (compute-sanitizer): the
 * seeded models at smaller sizes. Exits 77 without a GPU. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/core/cuda.h"
#include "cxb/graph/dcsr.h"
#include "cxb/graph/gen.h"

static int same_csr(const cxb_csr *a, const cxb_csr *b, const char *what)
{
    int ok = a->n == b->n && a->m == b->m && a->nnz == b->nnz && a->flags == b->flags &&
             a->stats.pairs_read == b->stats.pairs_read &&
             a->stats.self_loops_removed == b->stats.self_loops_removed &&
             a->stats.duplicates_removed == b->stats.duplicates_removed &&
             a->stats.extra_columns_ignored == b->stats.extra_columns_ignored &&
             !memcmp(a->off, b->off, (a->n + 1) * sizeof *a->off) &&
             (a->nnz == 0 || !memcmp(a->adj, b->adj, a->nnz * sizeof *a->adj));
    CHECK_MSG(ok, "%s: device CSR differs: n %llu/%llu m %llu/%llu flags %x/%x loops %llu/%llu dups %llu/%llu",
              what, (unsigned long long)a->n, (unsigned long long)b->n, (unsigned long long)a->m,
              (unsigned long long)b->m, a->flags, b->flags, (unsigned long long)a->stats.self_loops_removed,
              (unsigned long long)b->stats.self_loops_removed, (unsigned long long)a->stats.duplicates_removed,
              (unsigned long long)b->stats.duplicates_removed);
    return ok;
}

static int copy_edges(const cxb_edges *e, cxb_edges *out)
{
    cxb_edges_init(out);
    out->n = e->n;
    out->key = malloc((e->count ? e->count : 1) * sizeof *out->key);
    if (!out->key)
        return 0;
    memcpy(out->key, e->key, e->count * sizeof *out->key);
    out->count = out->cap = e->count;
    return 1;
}

/* device from_edges (and, with s, device generate) against the host build of e's tuples */
static void check_tuples(const cxb_edges *e, int multi, const cxb_gen_spec *s, const char *what)
{
    cxb_edges copy;
    CHECK(copy_edges(e, &copy));
    cxb_csr ref, got;
    CHECK_MSG(cxb_csr_from_edges(&copy, multi, &ref) == CXB_OK, "%s: %s", what, cxb_last_error());
    cxb_dcsr d;
    cxb_status st = cxb_dcsr_from_edges(e, multi, NULL, &d);
    CHECK_MSG(st == CXB_OK, "%s: from_edges: %s", what, cxb_last_error());
    if (st == CXB_OK) {
        CHECK_MSG(cxb_dcsr_download(&d, NULL, &got) == CXB_OK, "%s: %s", what, cxb_last_error());
        same_csr(&got, &ref, what);
        cxb_csr_free(&got);
        cxb_dcsr_free(&d);
    }
    if (s) {
        double gen_ms = -1, build_ms = -1;
        st = cxb_dcsr_generate(s, multi, NULL, &d, &gen_ms, &build_ms);
        CHECK_MSG(st == CXB_OK, "%s: generate: %s", what, cxb_last_error());
        if (st == CXB_OK) {
            CHECK(gen_ms >= 0 && build_ms >= 0);
            CHECK_MSG(cxb_dcsr_download(&d, NULL, &got) == CXB_OK, "%s: %s", what, cxb_last_error());
            same_csr(&got, &ref, what);
            cxb_csr_free(&got);
            cxb_dcsr_free(&d);
        }
    }
    cxb_csr_free(&ref);
}

static void model(const char *text)
{
    cxb_gen_spec s;
    CHECK_MSG(cxb_gen_parse(text, &s) == CXB_OK, "%s: %s", text, cxb_last_error());
    cxb_edges e;
    CHECK_MSG(cxb_generate_seq(&s, &e) == CXB_OK, "%s: %s", text, cxb_last_error());
    for (int multi = 0; multi < 2; ++multi) {
        char what[300];
        snprintf(what, sizeof what, "%s%s", text, multi ? " (multigraph)" : "");
        check_tuples(&e, multi, &s, what);
    }
    printf("  %-60s %10llu tuples: same\n", text, (unsigned long long)e.count);
    cxb_edges_free(&e);
}

static uint64_t next(uint64_t *x)
{
    *x += 0x9e3779b97f4a7c15ull;
    uint64_t z = *x;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* count tuples on n vertices: ids from a small pool (duplicates), some loops */
static void random_tuples(uint64_t *rng, uint64_t n, uint64_t count, unsigned loop_pct)
{
    cxb_edges e;
    cxb_edges_init(&e);
    e.n = n;
    for (uint64_t i = 0; i < count; ++i) {
        cxb_vid u = (cxb_vid)(next(rng) % n), v = (cxb_vid)(next(rng) % n);
        if (next(rng) % 100 < loop_pct)
            v = u;
        CHECK(cxb_edges_push(&e, u, v) == CXB_OK);
        if (next(rng) % 4 == 0) /* a repeat, either orientation */
            CHECK(cxb_edges_push(&e, next(rng) & 1 ? u : v, next(rng) & 1 ? v : u) == CXB_OK);
    }
    char what[128];
    snprintf(what, sizeof what, "random n=%llu tuples=%llu loops=%u%%", (unsigned long long)n,
             (unsigned long long)e.count, loop_pct);
    for (int multi = 0; multi < 2; ++multi)
        check_tuples(&e, multi, NULL, what);
    printf("  %-60s: same\n", what);
    cxb_edges_free(&e);
}

int main(int argc, char **argv)
{
    const int quick = argc > 1 && !strcmp(argv[1], "quick");
    const char *why = NULL;
    if (cxb_cuda_device_count(&why) == 0)
        SKIP("%s", why);
    uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)clock() << 32);
    const char *env = getenv("CXB_TEST_SEED");
    if (env)
        seed = strtoull(env, NULL, 0);
    seed &= 0xffffffffffffull;
    printf("graph_dcsr_cuda: seed %llu (CXB_TEST_SEED=%llu repeats)\n", (unsigned long long)seed,
           (unsigned long long)seed);

    const char *fixed[] = {"line:n=0", "line:n=1", "line:n=2", "line:n=100001", "ring:n=1000,k=10",
                           "lattice:dims=30x30", "lattice:dims=3x4x5,periodic=0", "gnm:n=10,m=45",
                           "gnm:n=50,m=613", "gnp:n=1000,p=0", "gnp:n=300,p=1", "kron:scale=0",
                           "rmat:scale=5,ef=2,a=0,b=0,c=0,perm=0"};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; ++i)
        model(fixed[i]);
    const char *seeded[] = {"gnm:n=100000,m=300000", "gnm:n=300,m=40000", "gnp:n=20000,p=0.001",
                            "ws:n=20000,k=10,p=0.1", "wsfast:n=200003,k=10,p=0.1", "nw:n=200000,k=6,p=0.3",
                            "disjoint:n=100000,e=1000000,c=100", "disjoint:n=5000,e=20000,c=5000",
                            "rmat:scale=16", "kron:scale=15,ef=8", "bacopy:n=200000,m=5",
                            "bacopy:n=30000,m=2,n0=0"};
    const char *small[] = {"gnm:n=1000,m=3000", "gnm:n=100,m=4000", "gnp:n=2000,p=0.001", "ws:n=2000,k=10,p=0.1",
                           "wsfast:n=2003,k=10,p=0.1", "nw:n=2000,k=6,p=0.3", "disjoint:n=1000,e=10000,c=10",
                           "disjoint:n=500,e=2000,c=500", "rmat:scale=10", "kron:scale=10,ef=8",
                           "bacopy:n=2000,m=5", "bacopy:n=3000,m=2,n0=0"};
    for (size_t i = 0; i < sizeof seeded / sizeof seeded[0]; ++i) {
        char t[200];
        snprintf(t, sizeof t, "%s,seed=%llu", quick ? small[i] : seeded[i], (unsigned long long)(seed + i));
        model(t);
    }

    uint64_t rng = seed;
    random_tuples(&rng, 1, 10, 100); /* one vertex, loops only */
    random_tuples(&rng, 7, 1000, 20);
    random_tuples(&rng, 1000, 50001, 5);
    if (!quick)
        random_tuples(&rng, 70001, 300007, 1);
    {
        cxb_edges e; /* no tuples at all, on 0 and on 5 vertices */
        cxb_edges_init(&e);
        check_tuples(&e, 0, NULL, "empty n=0");
        e.n = 5;
        check_tuples(&e, 1, NULL, "empty n=5");
    }
    { /* long runs of isolated vertices: the offsets past a thread's run (dcsr_gaps) */
        cxb_edges e;
        cxb_edges_init(&e);
        e.n = 100000;
        CHECK(cxb_edges_push(&e, 0, 1) == CXB_OK);
        CHECK(cxb_edges_push(&e, 3, 2) == CXB_OK);
        CHECK(cxb_edges_push(&e, 50000, 50001) == CXB_OK);
        CHECK(cxb_edges_push(&e, 99999, 99998) == CXB_OK);
        check_tuples(&e, 0, NULL, "isolated runs between edges");
        e.count = 2;
        check_tuples(&e, 1, NULL, "edges at the lowest ids only");
        cxb_edges_free(&e);
    }
    { /* a bad id: the reference's message */
        cxb_edges e, copy;
        cxb_edges_init(&e);
        e.n = 10;
        CHECK(cxb_edges_push(&e, 1, 2) == CXB_OK);
        CHECK(cxb_edges_push(&e, 3, 12) == CXB_OK);
        CHECK(cxb_edges_push(&e, 11, 2) == CXB_OK);
        CHECK(copy_edges(&e, &copy));
        cxb_csr ref;
        CHECK(cxb_csr_from_edges(&copy, 0, &ref) == CXB_EINPUT);
        char msg[256];
        snprintf(msg, sizeof msg, "%s", cxb_last_error());
        cxb_dcsr d;
        CHECK(cxb_dcsr_from_edges(&e, 0, NULL, &d) == CXB_EINPUT);
        CHECK_MSG(!strcmp(msg, cxb_last_error()), "'%s' vs '%s'", cxb_last_error(), msg);
        CHECK(d.off == NULL && d.adj == NULL);
        cxb_edges_free(&e);
    }
    { /* upload, download */
        cxb_gen_spec s;
        cxb_edges e;
        cxb_csr g, back;
        cxb_dcsr d;
        CHECK(cxb_gen_parse("bacopy:n=5000,m=3,seed=9", &s) == CXB_OK);
        CHECK(cxb_generate_seq(&s, &e) == CXB_OK);
        CHECK(cxb_csr_from_edges(&e, 0, &g) == CXB_OK);
        CHECK_MSG(cxb_dcsr_upload(&g, NULL, &d) == CXB_OK, "%s", cxb_last_error());
        CHECK(cxb_dcsr_download(&d, NULL, &back) == CXB_OK);
        same_csr(&back, &g, "upload/download");
        cxb_csr_free(&back);
        cxb_csr_free(&g);
        cxb_dcsr_free(&d);
    }
    CHECK_DONE();
}
