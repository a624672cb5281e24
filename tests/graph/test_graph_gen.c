/* graph_gen: the keyed draw and derived values (docs/studies/graph.md), and the generators line,
 * ring, lattice, gnm and gnp (9.2, 9.3): exact edge counts and degrees, no self-loops
 * or duplicates, the edge cases (n = 0, 1, 2; p = 0, 1; m = 0, max, the complement
 * path), spec errors, gnp's edge count within 5 sigma of p C(n,2) over several seeds,
 * and seq == pthreads at 1, 2, 3 and 8 threads tuple for tuple (docs/studies/graph.md) on a fresh
 * random seed, printed; CXB_TEST_SEED=S repeats a run. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/graph/gen.h"
#include "cxb/core/pool.h"

static cxb_pool *pools[4];
static const unsigned pool_threads[4] = {1, 2, 3, 8};

static cxb_gen_spec spec(const char *text)
{
    cxb_gen_spec s;
    cxb_status st = cxb_gen_parse(text, &s);
    CHECK_MSG(st == CXB_OK, "%s: %s", text, cxb_last_error());
    return s;
}

/* Generates with seq and with every pool; the tuples must be identical; returns the CSR. */
static cxb_csr gen(const char *text)
{
    cxb_gen_spec s = spec(text);
    cxb_edges ref;
    CHECK_MSG(cxb_generate_seq(&s, &ref) == CXB_OK, "%s: %s", text, cxb_last_error());
    for (int p = 0; p < 4; ++p) {
        cxb_edges e;
        CHECK_MSG(cxb_generate_pthreads(&s, pools[p], &e) == CXB_OK, "%s", cxb_last_error());
        CHECK_MSG(e.n == ref.n && e.count == ref.count &&
                      (ref.count == 0 || !memcmp(e.key, ref.key, ref.count * 8)),
                  "%s: pthreads with %u threads differs from seq (%llu vs %llu tuples)", text,
                  pool_threads[p], (unsigned long long)e.count, (unsigned long long)ref.count);
        cxb_edges_free(&e);
    }
    cxb_csr g;
    CHECK(cxb_csr_from_edges(&ref, 0, &g) == CXB_OK);
    CHECK_MSG(cxb_csr_check(&g) == CXB_OK, "%s: %s", text, cxb_last_error());
    return g;
}

/* exact m, no self-loops or duplicates among the tuples, degrees in [dmin, dmax] */
static void exact(const char *text, uint64_t n, uint64_t m, uint64_t dmin, uint64_t dmax)
{
    cxb_csr g = gen(text);
    CHECK_MSG(g.n == n && g.m == m, "%s: n %llu m %llu, want %llu %llu", text,
              (unsigned long long)g.n, (unsigned long long)g.m, (unsigned long long)n,
              (unsigned long long)m);
    CHECK_MSG(g.stats.pairs_read == m && g.stats.self_loops_removed == 0 &&
                  g.stats.duplicates_removed == 0,
              "%s: %llu tuples, %llu loops, %llu duplicates", text,
              (unsigned long long)g.stats.pairs_read, (unsigned long long)g.stats.self_loops_removed,
              (unsigned long long)g.stats.duplicates_removed);
    for (uint64_t v = 0; v < g.n; ++v) {
        uint64_t d = g.off[v + 1] - g.off[v];
        if (d < dmin || d > dmax) {
            CHECK_MSG(0, "%s: degree of %llu is %llu", text, (unsigned long long)v,
                      (unsigned long long)d);
            break;
        }
    }
    cxb_csr_free(&g);
}

static void check_keyed(void)
{
    /* Random123's known answer for counter 0, key 0 */
    cxb_philox4x32_ctr w = cxb_gdraw(0, 0, 0, 0);
    CHECK(w.v[0] == 0x6627e8d5u && w.v[1] == 0xe169c58du && w.v[2] == 0xbc57ac4cu &&
          w.v[3] == 0x9b00dbd8u);
    CHECK(cxb_gx0(w) == 0xe169c58d6627e8d5ull && cxb_gx1(w) == 0x9b00dbd8bc57ac4cull);
    /* the counter layout: i's halves, j, domain each change the block */
    cxb_philox4x32_ctr a = cxb_gdraw(1, 2, 3, 4), b = cxb_gdraw(1, 2, 3ull << 32, 4);
    CHECK(memcmp(&a, &b, sizeof a) != 0);
    CHECK(cxb_gbounded(~0ull, 10) == 9 && cxb_gbounded(0, 10) == 0 && cxb_gbounded(~0ull, 1) == 0);
    CHECK(cxb_gbounded(1ull << 63, 7) == 3);
    CHECK(cxb_gunit(~0ull) == 1.0 - 0x1p-53 && cxb_gunit(0) == 0.0 && cxb_gunit(1ull << 63) == 0.5);
    cxb_gbern b0 = cxb_gbern_make(0.0), b1 = cxb_gbern_make(1.0), bh = cxb_gbern_make(0.5);
    CHECK(!cxb_gbern_hit(b0, 0) && cxb_gbern_hit(b1, ~0ull) && bh.t == 1ull << 63);
    for (uint64_t i = 0; i < 100000; ++i) {
        cxb_philox4x32_ctr r = cxb_gdraw(7, 99, i, 0);
        uint32_t u, v;
        uint64_t n = 2 + i % 5;
        cxb_gpair(cxb_gx0(r), cxb_gx1(r), n, &u, &v);
        if (u == v || u >= n || v >= n) {
            CHECK_MSG(0, "pair %u %u of n %llu", u, v, (unsigned long long)n);
            break;
        }
    }
    /* deterministic log: within 4 ulp of libm over (0, 1] and beyond, exact at 1 */
    CHECK(cxb_detlog(1.0) == 0.0);
    double worst = 0;
    for (uint64_t i = 0; i < 200000; ++i) {
        cxb_philox4x32_ctr r = cxb_gdraw(3, 99, i, 1);
        double x = i % 2 ? 1.0 - cxb_gunit(cxb_gx0(r)) : ldexp(1.0 + cxb_gunit(cxb_gx1(r)), (int)(i % 200) - 100);
        double ref = log(x), got = cxb_detlog(x);
        double err = fabs(got - ref) / (ref == 0 ? 1 : fabs(ref));
        worst = err > worst ? err : worst;
    }
    CHECK_MSG(worst < 4 * 0x1p-52, "detlog relative error %g", worst);
    for (double p = 1e-300; p < 0.999; p *= 3.7) {
        double ref = log1p(-p), got = cxb_detlog1m(p);
        CHECK_MSG(fabs(got - ref) <= 4 * 0x1p-52 * fabs(ref), "detlog1m(%g) = %.17g, libm %.17g", p,
                  got, ref);
    }
}

static void check_deterministic(void)
{
    exact("line:n=0", 0, 0, 0, 0);
    exact("line:n=1", 1, 0, 0, 0);
    exact("line:n=2", 2, 1, 1, 1);
    exact("line:n=100000", 100000, 99999, 1, 2);
    exact("ring:n=4,k=2", 4, 4, 2, 2);
    exact("ring:n=1000,k=10", 1000, 5000, 10, 10);
    exact("ring:n=10001,k=998", 10001, 10001ull * 499, 998, 998);
    exact("lattice:dims=30x30", 900, 1800, 4, 4);
    exact("lattice:dims=4x4x4", 64, 192, 6, 6);
    exact("lattice:dims=3", 3, 3, 2, 2);
    exact("lattice:dims=3x4x5x6,periodic=1", 360, 4 * 360, 8, 8);
    exact("lattice:dims=3x4x5,periodic=0", 60, 2 * 20 + 3 * 15 + 4 * 12, 3, 6);
    exact("lattice:dims=1,periodic=0", 1, 0, 0, 0);
    exact("lattice:dims=1x1x7,periodic=0", 7, 6, 1, 2);
    exact("lattice:dims=300x299,periodic=0", 89700, 299ull * 299 + 298ull * 300, 2, 4);
    /* line is the path: degrees 1, 2, ..., 2, 1 */
    cxb_csr g = gen("line:n=5");
    static const uint64_t off[] = {0, 1, 3, 5, 7, 8};
    CHECK(!memcmp(g.off, off, sizeof off));
    cxb_csr_free(&g);
    /* ring = the periodic 1-d lattice at k = 2 */
    cxb_csr r = gen("ring:n=77,k=2"), l = gen("lattice:dims=77");
    CHECK(cxb_edgeset_hash(&r) == cxb_edgeset_hash(&l) && r.m == l.m);
    cxb_csr_free(&r);
    cxb_csr_free(&l);
}

static void check_gnm(uint64_t seed)
{
    char t[128];
    exact("gnm:n=0,m=0", 0, 0, 0, 0);
    exact("gnm:n=1,m=0", 1, 0, 0, 0);
    exact("gnm:n=2,m=0", 2, 0, 0, 0);
    exact("gnm:n=2,m=1", 2, 1, 1, 1);
    exact("gnm:n=10,m=45", 10, 45, 9, 9);       /* complete, by the complement */
    exact("gnm:n=10,m=44", 10, 44, 8, 9);
    exact("gnm:n=50,m=613", 50, 613, 0, 49);     /* just above C(n,2)/2 = 612.5 */
    exact("gnm:n=50,m=612", 50, 612, 0, 49);     /* rounds only, many repeats */
    snprintf(t, sizeof t, "gnm:n=100000,m=300000,seed=%llu", (unsigned long long)seed);
    exact(t, 100000, 300000, 0, 100000);
    snprintf(t, sizeof t, "gnm:n=300,m=40000,seed=%llu", (unsigned long long)seed);
    exact(t, 300, 40000, 0, 299);
    /* different seeds, different graphs; same seed, same graph */
    cxb_csr a = gen("gnm:n=1000,m=5000,seed=1"), b = gen("gnm:n=1000,m=5000,seed=2"),
            c = gen("gnm:n=1000,m=5000");
    CHECK(cxb_edgeset_hash(&a) != cxb_edgeset_hash(&b) && cxb_edgeset_hash(&a) == cxb_edgeset_hash(&c));
    cxb_csr_free(&a);
    cxb_csr_free(&b);
    cxb_csr_free(&c);
}

static void check_gnp(uint64_t seed)
{
    exact("gnp:n=0,p=0.5", 0, 0, 0, 0);
    exact("gnp:n=1,p=1", 1, 0, 0, 0);
    exact("gnp:n=2,p=1", 2, 1, 1, 1);
    exact("gnp:n=2,p=0", 2, 0, 0, 0);
    exact("gnp:n=1000,p=0", 1000, 0, 0, 0);
    exact("gnp:n=1000,p=1", 1000, 499500, 999, 999);
    exact("gnp:n=100000,p=1e-300", 100000, 0, 0, 0); /* expected 5e-291 edges */
    /* edge count Binomial(C(n,2), p): within 5 sigma of the mean for 8 seeds, and the sum
     * of the 8 within 5 sigma of its mean (a bias of 1/sqrt(8) sigma per run would show) */
    static const struct {
        uint64_t n;
        double p;
    } cases[] = {{2000, 0.003}, {300, 0.5}, {100000, 2e-5}, {50, 0.97}, {1000, 0.999}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        double pairs = (double)cases[c].n * (double)(cases[c].n - 1) / 2;
        double mean = pairs * cases[c].p, sd = sqrt(pairs * cases[c].p * (1 - cases[c].p));
        double sum = 0;
        for (uint64_t r = 0; r < 8; ++r) {
            char t[128];
            snprintf(t, sizeof t, "gnp:n=%llu,p=%.17g,seed=%llu", (unsigned long long)cases[c].n,
                     cases[c].p, (unsigned long long)(seed + r));
            cxb_csr g = gen(t);
            CHECK(g.stats.self_loops_removed == 0 && g.stats.duplicates_removed == 0);
            CHECK_MSG(fabs((double)g.m - mean) <= 5 * sd, "%s: %llu edges, mean %.1f sd %.1f", t,
                      (unsigned long long)g.m, mean, sd);
            sum += (double)g.m;
            cxb_csr_free(&g);
        }
        CHECK_MSG(fabs(sum - 8 * mean) <= 5 * sd * sqrt(8.0), "n %llu p %g: %.0f edges in 8 runs, mean %.1f",
                  (unsigned long long)cases[c].n, cases[c].p, sum, 8 * mean);
    }
    /* the tuples are canonical and sorted already (row order) */
    cxb_gen_spec s = spec("gnp:n=3000,p=0.01,seed=5");
    cxb_edges e;
    CHECK(cxb_generate_seq(&s, &e) == CXB_OK);
    for (uint64_t i = 0; i < e.count; ++i)
        if ((e.key[i] >> 32) >= (e.key[i] & 0xffffffffu) || (i && e.key[i] <= e.key[i - 1])) {
            CHECK_MSG(0, "tuple %llu not canonical/sorted", (unsigned long long)i);
            break;
        }
    cxb_edges_free(&e);
}

static void check_errors(void)
{
    static const char *const bad[] = {
        "", "nope:n=3", "line", "line:", "line:n", "line:n=", "line:=3", "line:n=3,", "line:n=3,,",
        "line:n=-1", "line:n=abc", "line:n=4294967296", "line:n=3,n=4", "line:n=3,k=2",
        "ring:n=10", "ring:n=10,k=3", "ring:n=10,k=0", "ring:n=10,k=9", "ring:n=3,k=2",
        "lattice:n=4", "lattice:dims=", "lattice:dims=2x2", "lattice:dims=4x", "lattice:dims=x4",
        "lattice:dims=0,periodic=0", "lattice:dims=3,periodic=2", "lattice:dims=65536x65536x2",
        "gnm:n=10", "gnm:m=3", "gnm:n=10,m=46", "gnm:n=1,m=1", "gnm:n=0,m=1",
        "gnm:n=100000,m=4000000000", "gnm:n=10,m=5,seed=x", "gnp:n=10", "gnp:n=10,p=1.5",
        "gnp:n=10,p=-0.1", "gnp:n=10,p=nan", "gnp:n=10,p=0.5x", "gnp:n=10,p=", "gnp:p=0.5",
        "gnp:n=4294967296,p=0.1", "line:n=3:4"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        cxb_gen_spec s;
        cxb_status st = cxb_gen_parse(bad[i], &s);
        CHECK_MSG(st == CXB_EINPUT, "'%s' accepted", bad[i]);
        if (st == CXB_EINPUT)
            CHECK_MSG(!strchr(cxb_last_error(), '\n'), "'%s': multi-line message", bad[i]);
    }
    /* canonical texts with defaults */
    CHECK(!strcmp(spec("gnp:p=0.25,n=2^10").text, "gnp:n=1024,p=0.25,seed=1"));
    CHECK(!strcmp(spec("gnm:n=1e3,m=10,seed=9").text, "gnm:n=1000,m=10,seed=9"));
    CHECK(!strcmp(spec("lattice:dims=4x4x4").text, "lattice:dims=4x4x4,periodic=1"));
    CHECK(!strcmp(spec("gnp:n=10,p=0.1").text, "gnp:n=10,p=0.1,seed=1"));
}

int main(void)
{
    uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)clock() << 32);
    const char *env = getenv("CXB_TEST_SEED");
    if (env)
        seed = strtoull(env, NULL, 0);
    seed &= 0xffffffffffffull;
    printf("graph_gen: seed %llu (CXB_TEST_SEED=%llu repeats)\n", (unsigned long long)seed,
           (unsigned long long)seed);
    for (int p = 0; p < 4; ++p)
        CHECK(cxb_pool_create(&pools[p], pool_threads[p], CXB_BIND_NONE) == CXB_OK);
    check_keyed();
    check_deterministic();
    check_gnm(seed);
    check_gnp(seed);
    check_errors();
    for (int p = 0; p < 4; ++p)
        cxb_pool_destroy(pools[p]);
    CHECK_DONE();
}
