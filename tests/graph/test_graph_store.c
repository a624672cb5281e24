/* tests/graph/test_graph_store.c - the store of generated graphs (suites/graph/store.h): one build
 * per spec and multigraph flag, the graph it hands out equal to a fresh build (sequential or on a
 * pool), pinned graphs never freed, least recently used unpinned ones freed over the budget, and
 * concurrent gets and puts (run under TSan in CI), and threads that ask for one new key at once
 * sharing a single build. */
#define _POSIX_C_SOURCE 200809L /* pthread_barrier_t */
#include <pthread.h>
#include <string.h>

#include "check.h"
#include "suites/graph/input.h"
#include "suites/graph/store.h"

static int csr_equal(const cxb_csr *a, const cxb_csr *b)
{
    return a->n == b->n && a->m == b->m && a->nnz == b->nnz && a->flags == b->flags &&
           !memcmp(a->off, b->off, (a->n + 1) * sizeof *a->off) &&
           (!a->nnz || !memcmp(a->adj, b->adj, a->nnz * sizeof *a->adj));
}

static cxb_gen_spec spec(const char *text)
{
    cxb_gen_spec s;
    cxb_status st = cxb_gen_parse(text, &s);
    CHECK_MSG(st == CXB_OK, "%s", text);
    return s;
}

static uint64_t builds(void)
{
    return cxb_gstore_stats_now().builds;
}

typedef struct worker_arg {
    const cxb_gen_spec *specs;
    const cxb_csr *fresh;
    int bad;
} worker_arg;

static void *worker(void *p)
{
    worker_arg *a = p;
    for (int it = 0; it < 40; ++it) {
        const cxb_csr *g;
        cxb_gstore_entry *h;
        const int k = it % 3;
        if (cxb_gstore_get(&a->specs[k], NULL, 0, &g, &h) != CXB_OK || !csr_equal(g, &a->fresh[k]))
            a->bad++;
        cxb_gstore_put(h);
    }
    return NULL;
}

/* Threads that ask for the same new key at once: one builds it, the others wait for it. */
typedef struct same_arg {
    const cxb_gen_spec *spec;
    pthread_barrier_t *start;
    const cxb_csr *got;
    cxb_gstore_entry *held;
    int bad;
} same_arg;

static void *same_key(void *p)
{
    same_arg *a = p;
    pthread_barrier_wait(a->start);
    a->bad = cxb_gstore_get(a->spec, NULL, 0, &a->got, &a->held) != CXB_OK;
    return NULL;
}

static void test_same_key_once(void)
{
    const cxb_gen_spec d = spec("gnm:n=200000,m=800000,seed=4");
    const uint64_t b0 = builds();
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, 4);
    pthread_t t[4];
    same_arg args[4];
    for (int i = 0; i < 4; ++i) {
        args[i] = (same_arg){&d, &start, NULL, NULL, 0};
        CHECK(pthread_create(&t[i], NULL, same_key, &args[i]) == 0);
    }
    for (int i = 0; i < 4; ++i)
        pthread_join(t[i], NULL);
    pthread_barrier_destroy(&start);
    CHECK_MSG(builds() == b0 + 1, "4 threads asking at once for one key: %llu builds",
              (unsigned long long)(builds() - b0));
    for (int i = 0; i < 4; ++i) {
        CHECK(!args[i].bad && args[i].got == args[0].got);
        cxb_gstore_put(args[i].held);
    }
}

int main(void)
{
    cxb_gstore_set_budget(UINT64_MAX >> 1);
    const cxb_gen_spec a = spec("gnm:n=3000,m=12000,seed=1"), b = spec("gnm:n=3000,m=12000,seed=2"),
                       multi = spec("kron:scale=8,ef=16,seed=3"), empty = spec("gnm:n=0,m=0");
    cxb_csr fa, fb;
    CHECK(cxb_ginput_build(&a, NULL, 0, &fa) == CXB_OK);
    CHECK(cxb_ginput_build(&b, NULL, 0, &fb) == CXB_OK);

    /* one build per spec; the same graph to every caller, equal to a fresh build */
    const uint64_t b0 = builds();
    const cxb_csr *g1, *g2, *g3;
    cxb_gstore_entry *h1, *h2, *h3;
    CHECK(cxb_gstore_get(&a, NULL, 0, &g1, &h1) == CXB_OK);
    CHECK(cxb_gstore_get(&a, NULL, 0, &g2, &h2) == CXB_OK);
    CHECK(g1 == g2 && h1 == h2);
    CHECK(builds() == b0 + 1);
    CHECK(csr_equal(g1, &fa));
    CHECK(cxb_gstore_get(&b, NULL, 0, &g3, &h3) == CXB_OK);
    CHECK(g3 != g1 && csr_equal(g3, &fb));
    CHECK(builds() == b0 + 2);
    cxb_gstore_put(h1);
    cxb_gstore_put(h2);
    cxb_gstore_put(h3);
    cxb_gstore_put(NULL);

    /* built on a pool: the same CSR (graph.md), so a pthreads row may reuse a seq row's graph */
    cxb_pool *pool = NULL;
    CHECK(cxb_pool_create(&pool, 3, CXB_BIND_NONE) == CXB_OK);
    cxb_csr fp;
    CHECK(cxb_ginput_build(&a, pool, 0, &fp) == CXB_OK);
    CHECK(csr_equal(&fp, &fa));
    cxb_csr_free(&fp);

    /* the multigraph flag is part of the key: duplicates kept or removed */
    const cxb_csr *gs, *gm;
    cxb_gstore_entry *hs, *hm;
    CHECK(cxb_gstore_get(&multi, pool, 0, &gs, &hs) == CXB_OK);
    CHECK(cxb_gstore_get(&multi, pool, 1, &gm, &hm) == CXB_OK);
    CHECK(gs != gm && gs->m < gm->m && (gm->flags & CXB_CSR_MULTI) && !(gs->flags & CXB_CSR_MULTI));
    cxb_gstore_put(hs);
    cxb_gstore_put(hm);
    cxb_pool_destroy(pool);

    /* the empty graph */
    const cxb_csr *ge;
    cxb_gstore_entry *he;
    CHECK(cxb_gstore_get(&empty, NULL, 0, &ge, &he) == CXB_OK);
    CHECK(ge->n == 0 && ge->nnz == 0);
    cxb_gstore_put(he);

    /* budget 0: a pinned graph stays while pinned, is freed at its put, and is built again */
    cxb_gstore_set_budget(0);
    CHECK(cxb_gstore_stats_now().graphs == 0 && cxb_gstore_stats_now().bytes == 0);
    CHECK(cxb_gstore_get(&a, NULL, 0, &g1, &h1) == CXB_OK);
    const uint64_t b1 = builds();
    CHECK(cxb_gstore_stats_now().graphs == 1);
    CHECK(cxb_gstore_get(&a, NULL, 0, &g2, &h2) == CXB_OK); /* pinned: shared, not rebuilt */
    CHECK(g2 == g1 && builds() == b1);
    cxb_gstore_put(h2);
    CHECK(cxb_gstore_stats_now().graphs == 1 && csr_equal(g1, &fa));
    cxb_gstore_put(h1);
    CHECK(cxb_gstore_stats_now().graphs == 0);
    CHECK(cxb_gstore_get(&a, NULL, 0, &g1, &h1) == CXB_OK);
    CHECK(builds() == b1 + 1 && csr_equal(g1, &fa));
    cxb_gstore_put(h1);

    /* least recently used first: room for two graphs of this size; use a, b, a, then c: b goes */
    const cxb_gen_spec c = spec("gnm:n=3000,m=12000,seed=4");
    cxb_gstore_set_budget(UINT64_MAX >> 1);
    CHECK(cxb_gstore_get(&a, NULL, 0, &g1, &h1) == CXB_OK);
    cxb_gstore_put(h1);
    const uint64_t one = cxb_gstore_stats_now().bytes;
    cxb_gstore_set_budget(2 * one + one / 2);
    CHECK(cxb_gstore_get(&b, NULL, 0, &g1, &h1) == CXB_OK);
    cxb_gstore_put(h1);
    CHECK(cxb_gstore_get(&a, NULL, 0, &g1, &h1) == CXB_OK);
    cxb_gstore_put(h1);
    CHECK(cxb_gstore_stats_now().graphs == 2);
    CHECK(cxb_gstore_get(&c, NULL, 0, &g1, &h1) == CXB_OK);
    cxb_gstore_put(h1);
    CHECK(cxb_gstore_stats_now().graphs == 2);
    uint64_t before = builds();
    CHECK(cxb_gstore_get(&a, NULL, 0, &g1, &h1) == CXB_OK); /* kept */
    cxb_gstore_put(h1);
    CHECK(builds() == before);
    CHECK(cxb_gstore_get(&b, NULL, 0, &g1, &h1) == CXB_OK); /* freed: built again */
    CHECK(builds() == before + 1 && csr_equal(g1, &fb));
    cxb_gstore_put(h1);

    /* concurrent gets and puts on three specs, under a budget that keeps evicting */
    cxb_gstore_set_budget(one);
    const cxb_gen_spec specs[3] = {a, b, c};
    cxb_csr fresh[3] = {fa, fb, {0}};
    CHECK(cxb_ginput_build(&c, NULL, 0, &fresh[2]) == CXB_OK);
    pthread_t t[4];
    worker_arg args[4];
    for (int i = 0; i < 4; ++i) {
        args[i] = (worker_arg){specs, fresh, 0};
        CHECK(pthread_create(&t[i], NULL, worker, &args[i]) == 0);
    }
    for (int i = 0; i < 4; ++i) {
        pthread_join(t[i], NULL);
        CHECK(args[i].bad == 0);
    }
    CHECK(cxb_gstore_stats_now().bytes <= one);

    cxb_gstore_set_budget(UINT64_MAX >> 1);
    test_same_key_once();

    cxb_gstore_clear();
    CHECK(cxb_gstore_stats_now().graphs == 0);
    cxb_csr_free(&fa);
    cxb_csr_free(&fb);
    cxb_csr_free(&fresh[2]);
    CHECK_DONE();
}
