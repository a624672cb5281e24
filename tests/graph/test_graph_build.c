/* graph_build: the CSR builder and fingerprint (docs/studies/graph.md) - mix64 and edgeset_hash
 * known answers, self-loop and duplicate accounting on hand-made tuples, empty and
 * one-vertex graphs, multigraph mode, id compaction, the invariant check catching
 * broken CSRs, and random tuples with heavy duplication checked against an independent
 * reference (qsort + unique of the canonical pairs). The random seed is fresh each run
 * and printed; CXB_TEST_SEED=S repeats a run. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/graph/graph.h"

static cxb_csr build(const uint32_t (*t)[2], size_t count, uint64_t n, int multi)
{
    cxb_edges e;
    cxb_edges_init(&e);
    e.n = n;
    for (size_t i = 0; i < count; ++i)
        CHECK(cxb_edges_push(&e, t[i][0], t[i][1]) == CXB_OK);
    cxb_csr g;
    CHECK(cxb_csr_from_edges(&e, multi, &g) == CXB_OK);
    CHECK(e.key == NULL && e.count == 0); /* consumed */
    CHECK_MSG(cxb_csr_check(&g) == CXB_OK, "%s", cxb_last_error());
    return g;
}

static void check_known(void)
{
    /* SplitMix64's finaliser; values from an independent Python evaluation */
    CHECK(cxb_mix64(1) == 0x5692161d100b05e5ull);
    CHECK(cxb_mix64(0xdeadbeef) == 0x4e062702ec929eeaull);
    /* (0,1), (1,0) duplicate, (2,2) loop, (1,2), (3,1) -> edges 01 12 13 */
    static const uint32_t t[][2] = {{0, 1}, {1, 0}, {2, 2}, {1, 2}, {3, 1}};
    cxb_csr g = build(t, 5, 4, 0);
    CHECK(g.n == 4 && g.m == 3 && g.nnz == 6);
    CHECK(g.stats.pairs_read == 5 && g.stats.self_loops_removed == 1 &&
          g.stats.duplicates_removed == 1);
    CHECK(cxb_edgeset_hash(&g) == 0xb78159ca4e5e2331ull);
    static const uint64_t off[] = {0, 1, 4, 5, 6};
    static const cxb_vid adj[] = {1, 0, 2, 3, 1, 1};
    CHECK(!memcmp(g.off, off, sizeof off) && !memcmp(g.adj, adj, sizeof adj));
    CHECK(g.flags == (CXB_CSR_SYMMETRIC | CXB_CSR_SORTED | CXB_CSR_SIMPLE));
    cxb_csr_free(&g);

    /* every edge listed in both orientations, some three times, loops on every vertex */
    static const uint32_t d[][2] = {{0, 1}, {1, 0}, {0, 1}, {2, 3}, {3, 2}, {0, 0},
                                    {1, 1}, {2, 2}, {3, 3}, {3, 3}, {1, 3}, {3, 1}};
    g = build(d, 12, 6, 0); /* vertices 4 and 5 isolated */
    CHECK(g.n == 6 && g.m == 3 && g.stats.self_loops_removed == 5 &&
          g.stats.duplicates_removed == 4 && g.off[4] == g.off[6]);
    cxb_csr_free(&g);
    g = build(d, 12, 6, 1); /* multigraph: duplicates kept, loops still dropped */
    CHECK(g.m == 7 && g.nnz == 14 && g.stats.duplicates_removed == 0 &&
          g.stats.self_loops_removed == 5 && (g.flags & CXB_CSR_MULTI));
    CHECK(g.off[1] - g.off[0] == 3); /* 0-1 three times */
    cxb_csr_free(&g);
}

static void check_edge_cases(void)
{
    cxb_csr g = build(NULL, 0, 0, 0); /* the empty graph */
    CHECK(g.n == 0 && g.m == 0 && g.off[0] == 0 && cxb_edgeset_hash(&g) == 0);
    cxb_csr_free(&g);
    g = build(NULL, 0, 1, 0); /* one vertex, no edges */
    CHECK(g.n == 1 && g.m == 0 && g.off[1] == 0);
    cxb_csr_free(&g);
    static const uint32_t loop[][2] = {{0, 0}};
    g = build(loop, 1, 1, 0); /* one vertex with only a self-loop */
    CHECK(g.n == 1 && g.m == 0 && g.stats.self_loops_removed == 1);
    cxb_csr_free(&g);
    /* an id at or above n is refused */
    cxb_edges e;
    cxb_edges_init(&e);
    e.n = 2;
    CHECK(cxb_edges_push(&e, 0, 2) == CXB_OK);
    CHECK(cxb_csr_from_edges(&e, 0, &g) == CXB_EINPUT);
    CHECK(strstr(cxb_last_error(), "not below n = 2") != NULL);
    cxb_edges_free(&e);
}

static void check_compact(void)
{
    cxb_edges e;
    cxb_edges_init(&e);
    e.n = 4000000001ull;
    CHECK(cxb_edges_push(&e, 4000000000u, 7) == CXB_OK);
    CHECK(cxb_edges_push(&e, 7, 12) == CXB_OK);
    CHECK(cxb_edges_push(&e, CXB_VID_MAX, 12) == CXB_OK);
    cxb_vid *ids = NULL;
    CHECK(cxb_edges_compact(&e, &ids) == CXB_OK);
    CHECK(e.n == 4 && ids[0] == 7 && ids[1] == 12 && ids[2] == 4000000000u && ids[3] == CXB_VID_MAX);
    CHECK(e.key[0] == cxb_edge_key(2, 0) && e.key[1] == cxb_edge_key(0, 1) &&
          e.key[2] == cxb_edge_key(3, 1));
    cxb_csr g;
    CHECK(cxb_csr_from_edges(&e, 0, &g) == CXB_OK && g.m == 3);
    cxb_csr_free(&g);
    free(ids);
}

static void check_check(void)
{
    static const uint32_t t[][2] = {{0, 1}, {1, 2}, {2, 3}};
    cxb_csr g = build(t, 3, 4, 0);
    g.adj[0] = 2; /* 0 -> 2 without 2 -> 0 */
    CHECK(cxb_csr_check(&g) == CXB_EFAIL && strstr(cxb_last_error(), "symmetric"));
    g.adj[0] = 0; /* self-loop */
    CHECK(cxb_csr_check(&g) == CXB_EFAIL && strstr(cxb_last_error(), "self-loop"));
    g.adj[0] = 9; /* out of range */
    CHECK(cxb_csr_check(&g) == CXB_EFAIL && strstr(cxb_last_error(), "not below"));
    g.adj[0] = 1;
    g.adj[1] = 2; /* row 1 = {2, 2}: unsorted/duplicate in a simple graph */
    CHECK(cxb_csr_check(&g) == CXB_EFAIL);
    g.adj[1] = 0;
    CHECK(cxb_csr_check(&g) == CXB_OK);
    g.off[1] = 4; /* off = 0 4 3 5 6: decreasing */
    CHECK(cxb_csr_check(&g) == CXB_EFAIL && strstr(cxb_last_error(), "decrease"));
    cxb_csr_free(&g);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static uint64_t rng_state;
static uint64_t rnd(void) { return cxb_mix64(rng_state += 0x9e3779b97f4a7c15ull); }

/* Independent reference: canonical pairs u < v, qsort, unique; compare edge for edge. */
static void check_random(int round)
{
    uint64_t n = 1 + rnd() % (round < 20 ? 12 : 3000);
    uint64_t count = rnd() % (round < 20 ? 40 : 60000);
    int multi = round % 3 == 2;
    cxb_edges e;
    cxb_edges_init(&e);
    e.n = n;
    uint64_t *ref = malloc((count + 1) * sizeof *ref), r = 0, loops = 0;
    for (uint64_t i = 0; i < count; ++i) {
        cxb_vid u = (cxb_vid)(rnd() % n), v = (cxb_vid)(rnd() % n);
        CHECK(cxb_edges_push(&e, u, v) == CXB_OK);
        if (u == v)
            ++loops;
        else
            ref[r++] = u < v ? cxb_edge_key(u, v) : cxb_edge_key(v, u);
    }
    qsort(ref, r, sizeof *ref, cmp_u64);
    uint64_t uniq = r;
    if (!multi) {
        uniq = 0;
        for (uint64_t i = 0; i < r; ++i)
            if (uniq == 0 || ref[i] != ref[uniq - 1])
                ref[uniq++] = ref[i];
    }
    cxb_csr g;
    CHECK(cxb_csr_from_edges(&e, multi, &g) == CXB_OK);
    CHECK_MSG(cxb_csr_check(&g) == CXB_OK, "round %d: %s", round, cxb_last_error());
    CHECK_MSG(g.m == uniq && g.stats.self_loops_removed == loops &&
                  g.stats.duplicates_removed == r - uniq && g.stats.pairs_read == count,
              "round %d: m %llu want %llu", round, (unsigned long long)g.m,
              (unsigned long long)uniq);
    /* the canonical edges of the CSR, in row order, are exactly the reference */
    uint64_t k = 0, h = 0;
    int same = 1;
    for (uint64_t v = 0; v < g.n; ++v)
        for (uint64_t a = g.off[v]; a < g.off[v + 1]; ++a)
            if (g.adj[a] > v) {
                same &= k < uniq && ref[k] == cxb_edge_key((cxb_vid)v, g.adj[a]);
                ++k;
            }
    for (uint64_t i = 0; i < uniq; ++i)
        h += cxb_mix64(ref[i]);
    CHECK_MSG(same && k == uniq, "round %d: edge sets differ", round);
    CHECK_MSG(cxb_edgeset_hash(&g) == h, "round %d: hash", round);
    cxb_csr_free(&g);
    free(ref);
}

int main(void)
{
    const char *s = getenv("CXB_TEST_SEED");
    uint64_t seed = s ? strtoull(s, NULL, 0) : (uint64_t)time(NULL) ^ (uint64_t)clock();
    printf("graph_build: seed %llu (CXB_TEST_SEED=%llu repeats this run)\n",
           (unsigned long long)seed, (unsigned long long)seed);
    rng_state = seed;
    check_known();
    check_edge_cases();
    check_compact();
    check_check();
    for (int round = 0; round < 60; ++round)
        check_random(round);
    /* the radix sort on keys with every byte varying */
    uint64_t k[1000], tmp[1000];
    for (int i = 0; i < 1000; ++i)
        k[i] = rnd();
    cxb_sort_u64(k, tmp, 1000);
    for (int i = 1; i < 1000; ++i)
        CHECK(k[i - 1] <= k[i]);
    CHECK_DONE();
}
