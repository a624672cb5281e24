/* clustering_cuda: every CUDA variant of the clustering study (impl_cuda/clustering/, through
 * its device functions and the rows' table cxb_cl_cuda_dev) gives exactly the T, W and (modern
 * variants) every T_v of a reference written here (each edge u < v, the common neighbours
 * w > v of the sorted rows: the triangle u < v < w counted once; W = sum C(d, 2)), itself
 * checked against the study's reference row clustering.tcmerge.seq and against closed forms: K_n (T = C(n,3), W = n C(n-1,2)), wheels (T = n - 1 for a rim
 * of n - 1 >= 4 vertices), ring lattices (T = n k (k-2) / 8), stars (T = 0; one star with
 * C(d, 2) > 2^32 wedges). Graphs: gnm, bacopy, kron, wsfast (fresh seeds), the edge cases (no
 * vertex, one vertex, isolated vertices, one edge, a triangle, two triangles sharing a vertex,
 * stars of degree > 10^4 centred at the lowest and at the highest id, sizes no multiple of 32
 * or 256). The thesis's variants run in both orders (smallest, reversed), with chunked launches,
 * and k2 with both sorts; the mgpu rows with gpus = 1 and, where two GPUs exist, gpus = 2 (every
 * arc counted once: the devices' arc counts add up to 2m). Fresh seed, printed
 * (CXB_TEST_SEED=S repeats). Argument "quick" (compute-sanitizer): smaller sizes. Exits 77
 * without a GPU. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/core/cuda.h"
#include "cxb/graph/gen.h"
#include "impl_cuda/clustering/dev.h"

static int quick, ngpus;

/* the reference: T, W and T_v */
static void reference(const cxb_csr *g, uint64_t *T, uint64_t *W, uint64_t *tv)
{
    *T = 0;
    *W = 0;
    memset(tv, 0, (g->n ? g->n : 1) * sizeof *tv);
    for (uint64_t u = 0; u < g->n; ++u) {
        const uint64_t d = g->off[u + 1] - g->off[u];
        *W += d < 2 ? 0 : d * (d - 1) / 2;
        for (uint64_t a = g->off[u]; a < g->off[u + 1]; ++a) {
            const cxb_vid v = g->adj[a];
            if (v <= u)
                continue;
            uint64_t i = g->off[u], j = g->off[v];
            while (i < g->off[u + 1] && j < g->off[v + 1]) {
                const cxb_vid x = g->adj[i], y = g->adj[j];
                if (x < y) {
                    ++i;
                } else if (x > y) {
                    ++j;
                } else {
                    if (x > v) { /* u < v < x */
                        ++*T;
                        ++tv[u];
                        ++tv[v];
                        ++tv[x];
                    }
                    ++i;
                    ++j;
                }
            }
        }
    }
}

typedef struct ref_t {
    uint64_t T, W, *tv;
} ref_t;

/* one variant with options o on g, twice (a run starts from scratch) */
static void run1(const cxb_csr *g, cxb_cl_dev_variant v, const cxb_cl_dev_opts *o, const ref_t *r, const char *what)
{
    void *dev = NULL;
    double am = -1, hm = -1;
    cxb_status s = cxb_cl_dev_open(g, v, o, NULL, &dev, &am, &hm);
    CHECK_MSG(s == CXB_OK, "%s %s: open: %s", what, cxb_cl_dev_id(v), cxb_last_error());
    if (s != CXB_OK)
        return;
    CHECK(am >= 0 && hm >= 0);
    uint64_t *tv = malloc((g->n ? g->n : 1) * sizeof *tv);
    for (int rep = 0; rep < 2; ++rep) {
        memset(tv, 0xAB, (g->n ? g->n : 1) * sizeof *tv);
        cxb_cl_dev_out out;
        cxb_phases ph;
        for (int i = 0; i < CXB_PHASE_COUNT; ++i)
            ph.ns[i] = CXB_PHASE_NA;
        s = cxb_cl_dev_run(dev, NULL, tv, &out, &ph);
        CHECK_MSG(s == CXB_OK, "%s %s: run: %s", what, cxb_cl_dev_id(v), cxb_last_error());
        if (s != CXB_OK)
            break;
        CHECK(ph.ns[CXB_PHASE_KERNEL] >= 0 && ph.ns[CXB_PHASE_D2H] >= 0);
        CHECK_MSG(out.T == r->T && out.W == r->W,
                  "%s %s (reversed %d chunk %llu gpus %u sort_gpu %d): T %llu W %llu, reference T %llu W %llu", what,
                  cxb_cl_dev_id(v), o->reversed, (unsigned long long)o->chunk, o->gpus, o->sort_gpu,
                  (unsigned long long)out.T, (unsigned long long)out.W, (unsigned long long)r->T,
                  (unsigned long long)r->W);
        if (cxb_cl_dev_has_local(v)) {
            uint64_t bad = 0, first = 0;
            for (uint64_t i = 0; i < g->n; ++i)
                if (tv[i] != r->tv[i] && bad++ == 0)
                    first = i;
            CHECK_MSG(bad == 0, "%s %s: %llu T_v differ, first at %llu: %llu, reference %llu", what, cxb_cl_dev_id(v),
                      (unsigned long long)bad, (unsigned long long)first,
                      (unsigned long long)(g->n ? tv[first] : 0), (unsigned long long)(g->n ? r->tv[first] : 0));
        }
        if (v == CXB_CLD_K1_MGPU || v == CXB_CLD_K2_MGPU) {
            uint64_t sum = 0;
            for (unsigned d = 0; d < out.gpus && d < 16; ++d)
                sum += out.arcs_per_gpu[d];
            CHECK_MSG(out.gpus == (o->gpus ? o->gpus : (unsigned)ngpus) && sum == g->nnz,
                      "%s %s: %u devices counted %llu arcs of %llu", what, cxb_cl_dev_id(v), out.gpus,
                      (unsigned long long)sum, (unsigned long long)g->nnz);
        }
    }
    free(tv);
    cxb_cl_dev_close(dev);
}

/* the same through the rows' table (suites/clustering/device.h) */
static void run_table(const cxb_csr *g, cxb_cl_variant v, const ref_t *r, const char *what)
{
    cxb_cl_params p;
    memset(&p, 0, sizeof p);
    p.relabel = -1;
    p.deg_warp = 32;
    p.deg_block = 1024;
    void *dev = NULL;
    cxb_status s = cxb_cl_cuda_dev.open(g, v, &p, NULL, NULL, &dev, NULL, NULL);
    CHECK_MSG(s == CXB_OK, "%s table variant %d: open: %s", what, (int)v, cxb_last_error());
    if (s != CXB_OK)
        return;
    cxb_cl_result res;
    memset(&res, 0, sizeof res);
    res.tv = malloc((g->n ? g->n : 1) * sizeof *res.tv);
    s = cxb_cl_cuda_dev.run(dev, NULL, &res, NULL);
    CHECK_MSG(s == CXB_OK, "%s table variant %d: run: %s", what, (int)v, cxb_last_error());
    if (s == CXB_OK) {
        CHECK_MSG(res.T == r->T && res.W == r->W, "%s table variant %d: T %llu W %llu", what, (int)v,
                  (unsigned long long)res.T, (unsigned long long)res.W);
        if (res.has_tv)
            CHECK_MSG(g->n == 0 || !memcmp(res.tv, r->tv, g->n * sizeof *res.tv), "%s table variant %d: T_v differ",
                      what, (int)v);
    }
    free(res.tv);
    cxb_cl_cuda_dev.close(dev);
}

/* every variant on g; heavy = 0 skips the thesis's variants' reversed order (a hub of low id
 * scanned in the inner loops) */
static void all_variants(const cxb_csr *g, const char *what, int reversed_ok, const uint64_t *expect_T)
{
    ref_t r;
    r.tv = malloc((g->n ? g->n : 1) * sizeof *r.tv);
    reference(g, &r.T, &r.W, r.tv);
    if (expect_T)
        CHECK_MSG(r.T == *expect_T, "%s: the reference counts %llu triangles, the closed form %llu", what,
                  (unsigned long long)r.T, (unsigned long long)*expect_T);
    uint64_t s3 = 0;
    for (uint64_t v = 0; v < g->n; ++v)
        s3 += r.tv[v];
    CHECK(s3 == 3 * r.T);
    { /* the study's reference row agrees with the test's */
        cxb_cl_params p;
        cxb_cl_params_init(&p);
        cxb_cl_result res;
        memset(&res, 0, sizeof res);
        res.tv = malloc((g->n ? g->n : 1) * sizeof *res.tv);
        CHECK_MSG(cxb_cl_tcmerge_seq(g, &p, &res) == CXB_OK, "%s: tcmerge.seq: %s", what, cxb_last_error());
        CHECK_MSG(res.T == r.T && res.W == r.W && res.has_tv && (g->n == 0 || !memcmp(res.tv, r.tv, g->n * 8)),
                  "%s: tcmerge.seq T %llu W %llu differ from the test's reference", what, (unsigned long long)res.T,
                  (unsigned long long)res.W);
        free(res.tv);
    }
    cxb_cl_dev_opts o;
    memset(&o, 0, sizeof o);
    for (int v = 0; v < CXB_CLD_COUNT; ++v)
        run1(g, (cxb_cl_dev_variant)v, &o, &r, what);
    o.sort_gpu = 1;
    run1(g, CXB_CLD_K2, &o, &r, what);
    run1(g, CXB_CLD_K2_MGPU, &o, &r, what);
    o.sort_gpu = 0;
    o.chunk = 1000; /* chunked launches, small mgpu blocks */
    run1(g, CXB_CLD_K1, &o, &r, what);
    run1(g, CXB_CLD_K2, &o, &r, what);
    o.gpus = 1;
    run1(g, CXB_CLD_K1_MGPU, &o, &r, what);
    run1(g, CXB_CLD_K2_MGPU, &o, &r, what);
    if (ngpus >= 2) {
        o.gpus = 2;
        run1(g, CXB_CLD_K1_MGPU, &o, &r, what);
        o.chunk = 777;
        run1(g, CXB_CLD_K2_MGPU, &o, &r, what);
    }
    if (reversed_ok) {
        memset(&o, 0, sizeof o);
        o.reversed = 1;
        run1(g, CXB_CLD_K1, &o, &r, what);
        run1(g, CXB_CLD_K2, &o, &r, what);
        o.sort_gpu = 1;
        o.gpus = ngpus >= 2 ? 2 : 1;
        o.chunk = 4096;
        run1(g, CXB_CLD_K1_MGPU, &o, &r, what);
        run1(g, CXB_CLD_K2_MGPU, &o, &r, what);
    }
    run_table(g, CXB_CL_K1_CUDA, &r, what);
    run_table(g, CXB_CL_K2_CUDA, &r, what);
    run_table(g, CXB_CL_TCHASH_CUDA, &r, what);
    printf("  %-52s n %8llu m %9llu T %12llu W %14llu: same\n", what, (unsigned long long)g->n,
           (unsigned long long)g->m, (unsigned long long)r.T, (unsigned long long)r.W);
    free(r.tv);
}

static void from_edges(cxb_edges *e, const char *what, int reversed_ok, const uint64_t *expect_T)
{
    cxb_csr g;
    cxb_status s = cxb_csr_from_edges(e, 0, &g);
    CHECK_MSG(s == CXB_OK, "%s: %s", what, cxb_last_error());
    cxb_edges_free(e);
    if (s != CXB_OK)
        return;
    all_variants(&g, what, reversed_ok, expect_T);
    cxb_csr_free(&g);
}

static void from_spec(const char *text)
{
    cxb_gen_spec s;
    cxb_edges e;
    CHECK_MSG(cxb_gen_parse(text, &s) == CXB_OK, "%s: %s", text, cxb_last_error());
    CHECK_MSG(cxb_generate_seq(&s, &e) == CXB_OK, "%s: %s", text, cxb_last_error());
    from_edges(&e, text, 1, NULL);
}

static void push(cxb_edges *e, uint64_t u, uint64_t v)
{
    CHECK(cxb_edges_push(e, (cxb_vid)u, (cxb_vid)v) == CXB_OK);
}

int main(int argc, char **argv)
{
    quick = argc > 1 && !strcmp(argv[1], "quick");
    const char *why = NULL;
    ngpus = cxb_cuda_device_count(&why);
    if (ngpus == 0)
        SKIP("%s", why);
    uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)clock() << 32);
    const char *env = getenv("CXB_TEST_SEED");
    if (env)
        seed = strtoull(env, NULL, 0);
    seed &= 0xffffffffffffull;
    printf("clustering_cuda: %d GPU(s), seed %llu (CXB_TEST_SEED=%llu repeats)\n", ngpus, (unsigned long long)seed,
           (unsigned long long)seed);
    char what[200];
    cxb_edges e;

    /* edge cases */
    for (uint64_t n = 0; n < 2; ++n) {
        cxb_edges_init(&e);
        e.n = n;
        snprintf(what, sizeof what, "no edge, n = %llu", (unsigned long long)n);
        from_edges(&e, what, 1, NULL);
    }
    cxb_edges_init(&e);
    e.n = 1001; /* isolated vertices only */
    from_edges(&e, "1001 isolated vertices", 1, NULL);
    cxb_edges_init(&e);
    e.n = 37;
    push(&e, 5, 36);
    from_edges(&e, "one edge among isolated vertices", 1, NULL);
    cxb_edges_init(&e);
    e.n = 3;
    push(&e, 0, 1);
    push(&e, 1, 2);
    push(&e, 2, 0);
    const uint64_t one = 1, two = 2, zero = 0;
    from_edges(&e, "a triangle", 1, &one);
    cxb_edges_init(&e);
    e.n = 5; /* two triangles sharing vertex 2 */
    push(&e, 0, 1);
    push(&e, 1, 2);
    push(&e, 0, 2);
    push(&e, 2, 3);
    push(&e, 3, 4);
    push(&e, 2, 4);
    from_edges(&e, "two triangles sharing a vertex", 1, &two);

    /* complete graphs, wheels, ring lattices (closed forms); sizes no multiple of 32 or 256 */
    const uint64_t kn[] = {4, 5, 33, 100, 257};
    for (size_t i = 0; i < sizeof kn / sizeof kn[0]; ++i) {
        const uint64_t n = kn[i];
        if (quick && n > 100)
            continue;
        cxb_edges_init(&e);
        e.n = n;
        for (uint64_t u = 0; u < n; ++u)
            for (uint64_t v = u + 1; v < n; ++v)
                push(&e, u, v);
        const uint64_t T = n * (n - 1) * (n - 2) / 6;
        snprintf(what, sizeof what, "K_%llu", (unsigned long long)n);
        from_edges(&e, what, 1, &T);
    }
    const uint64_t wheels[] = {5, 6, 100, 1025, 4099};
    for (size_t i = 0; i < (quick ? 4u : sizeof wheels / sizeof wheels[0]); ++i) {
        const uint64_t n = wheels[i]; /* hub n - 1 (the highest id), rim 0 .. n - 2 */
        cxb_edges_init(&e);
        e.n = n;
        for (uint64_t v = 0; v + 1 < n; ++v) {
            push(&e, v, (v + 1) % (n - 1));
            push(&e, v, n - 1);
        }
        const uint64_t T = n - 1;
        snprintf(what, sizeof what, "wheel of %llu vertices, hub highest", (unsigned long long)n);
        from_edges(&e, what, 1, &T);
    }
    const uint64_t rings[][2] = {{1000, 10}, {1001, 4}, {2049, 20}, {333, 50}};
    for (size_t i = 0; i < sizeof rings / sizeof rings[0]; ++i) {
        const uint64_t n = rings[i][0], k = rings[i][1];
        cxb_edges_init(&e);
        e.n = n;
        for (uint64_t v = 0; v < n; ++v)
            for (uint64_t j = 1; j <= k / 2; ++j)
                push(&e, v, (v + j) % n);
        const uint64_t T = n * k * (k - 2) / 8;
        snprintf(what, sizeof what, "ring lattice n %llu k %llu", (unsigned long long)n, (unsigned long long)k);
        from_edges(&e, what, 1, &T);
    }
    /* stars: degree > 10^4 centred at the lowest and the highest id, plus a tail; and one with
     * C(d, 2) > 2^32 wedges (64-bit counters), hub at id 0 (smallest order only) */
    const uint64_t leaves[] = {10007, 12345, 100000};
    for (size_t i = 0; i < (quick ? 1u : sizeof leaves / sizeof leaves[0]); ++i)
        for (int high = 0; high < 2; ++high) {
            const uint64_t d = leaves[i], n = d + 3, hub = high ? n - 1 : 0;
            if (i == 2 && high)
                continue;
            cxb_edges_init(&e);
            e.n = n;
            for (uint64_t v = 0; v < n; ++v)
                if (v != hub && !(v == n - 2 || v == (high ? n - 3 : 1)))
                    push(&e, hub, v);
            push(&e, n - 2, high ? n - 3 : 1); /* a tail edge between two non-leaves */
            snprintf(what, sizeof what, "star of %llu leaves, hub %s", (unsigned long long)(d),
                     high ? "highest" : "lowest");
            /* reversed order with the hub lowest scans the hub's row once per leaf: skipped */
            from_edges(&e, what, high || d < 20000, &zero);
        }

    /* random families (fresh seeds) */
    const char *fam[] = {"gnm:n=20011,m=160000", "bacopy:n=20003,m=8", "kron:scale=13", "wsfast:n=10007,k=16,p=0.1",
                         "gnm:n=65536,m=1048576", "kron:scale=14", "bacopy:n=100003,m=8"};
    const char *small[] = {"gnm:n=2011,m=16000", "bacopy:n=2003,m=8", "kron:scale=10", "wsfast:n=1007,k=16,p=0.1"};
    const size_t nfam = quick ? sizeof small / sizeof small[0] : sizeof fam / sizeof fam[0];
    for (size_t i = 0; i < nfam; ++i) {
        char t[200];
        snprintf(t, sizeof t, "%s,seed=%llu", quick ? small[i] : fam[i], (unsigned long long)(seed + i));
        from_spec(t);
    }

    { /* mgpu asked for more GPUs than exist: CXB_ERESOURCE (exit 3) before anything is touched */
        cxb_edges_init(&e);
        e.n = 3;
        push(&e, 0, 1);
        cxb_csr g;
        CHECK(cxb_csr_from_edges(&e, 0, &g) == CXB_OK);
        cxb_edges_free(&e);
        cxb_cl_dev_opts o;
        memset(&o, 0, sizeof o);
        o.gpus = (unsigned)ngpus + 1;
        void *dev = NULL;
        CHECK(cxb_cl_dev_open(&g, CXB_CLD_K1_MGPU, &o, NULL, &dev, NULL, NULL) == CXB_ERESOURCE && dev == NULL);
        printf("  k1.mgpu --gpus %u on %d GPU(s): %s\n", o.gpus, ngpus, cxb_last_error());
        cxb_csr_free(&g);
    }
    CHECK_DONE();
}
