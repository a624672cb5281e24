/* graphgen_fast: the fast generators of the graphgen study (docs/studies/graphgen.md,
 * suites/graphgen/fast.c).
 *  1. cxb_generate_seq against independent re-implementations written from the text of
 *     docs/studies/graph.md (wsfast: the "mod n" as a remainder), 9.6 (rmat: the branchy level
 *     loop with the spec's Graph500 thresholds 2448131358, 3264175144, 4080218931) and
 *     9.7 (bacopy: the core in lexicographic order, 64-bit divisions), on fresh seeds
 *     and edge cases - this guards the per-tuple rewrites in graph_gen_rows.h.
 *  2. Every new implementation id through its harness descriptor on tiny sizes: seq,
 *     then pthreads at 1, 2, 3 and 8 threads, each verified (tuple count, endpoints,
 *     tuple hash against seq) and with the seq checksum.
 *  3. The study's work callback counts tuples (docs/studies/graph.md's formulas), the presets
 *     fast and fast-threads exist and name graphgen implementations.
 * Fresh seed, printed (CXB_TEST_SEED=S repeats). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/graph/gen.h"
#include "cxb/core/pool.h"
#include "harness/registry.h"
#include "suites/graphgen/fast.h"

static uint64_t mulhi(uint64_t x, uint64_t r)
{
    __extension__ typedef unsigned __int128 u128;
    return (uint64_t)(((u128)x * r) >> 64);
}

static void expect_same(const char *text, const uint64_t *want, uint64_t count)
{
    cxb_gen_spec s;
    CHECK_MSG(cxb_gen_parse(text, &s) == CXB_OK, "%s: %s", text, cxb_last_error());
    cxb_edges e;
    CHECK_MSG(cxb_generate_seq(&s, &e) == CXB_OK, "%s: %s", text, cxb_last_error());
    uint64_t i = 0;
    while (i < count && i < e.count && e.key[i] == want[i])
        ++i;
    CHECK_MSG(e.count == count && i == count, "%s: %llu tuples (want %llu), first difference at %llu", text,
              (unsigned long long)e.count, (unsigned long long)count, (unsigned long long)i);
    cxb_edges_free(&e);
}

/* docs/studies/graph.md with perm = 0 and the Graph500 initiator */
static void spec_rmat(unsigned scale, uint64_t ef, uint64_t seed)
{
    const uint64_t ta = 2448131358u, tab = 3264175144u, tabc = 4080218931u;
    uint64_t count = ef << scale, *want = malloc((count ? count : 1) * 8);
    CHECK(want != NULL);
    for (uint64_t e = 0; want && e < count; ++e) {
        uint32_t u = 0, v = 0;
        for (unsigned l = 0; l < scale; ++l) {
            uint32_t w = cxb_gdraw(seed, 7, e, l / 4).v[l % 4], bit = 1u << (scale - 1 - l);
            if (w < ta) {
            } else if (w < tab)
                v |= bit;
            else if (w < tabc)
                u |= bit;
            else {
                u |= bit;
                v |= bit;
            }
        }
        want[e] = (uint64_t)u << 32 | v;
    }
    char text[128];
    snprintf(text, sizeof text, "rmat:scale=%u,ef=%llu,perm=0,seed=%llu", scale, (unsigned long long)ef,
             (unsigned long long)seed);
    if (want)
        expect_same(text, want, count);
    free(want);
}

/* docs/studies/graph.md: lattice edge {v, v+s} kept, or with probability p rewired to
 * (v + k/2 + 1 + bounded(x1, n-k-1)) mod n; p = 0.5 is the threshold 2^63, 1 always */
static void spec_wsfast(uint64_t n, uint64_t k, int p_half, uint64_t seed)
{
    uint64_t h = k / 2, count = n * h, *want = malloc(count * 8), c = 0;
    CHECK(want != NULL);
    for (uint64_t v = 0; want && v < n; ++v)
        for (uint64_t s = 1; s <= h; ++s) {
            cxb_philox4x32_ctr w = cxb_gdraw(seed, 4, v, (uint32_t)(s << 16));
            uint64_t j = (v + s) % n;
            if (!p_half || cxb_gx0(w) < (1ull << 63))
                j = (v + h + 1 + mulhi(cxb_gx1(w), n - k - 1)) % n;
            want[c++] = v << 32 | j;
        }
    char text[128];
    snprintf(text, sizeof text, "wsfast:n=%llu,k=%llu,p=%s,seed=%llu", (unsigned long long)n,
             (unsigned long long)k, p_half ? "0.5" : "1", (unsigned long long)seed);
    if (want)
        expect_same(text, want, count);
    free(want);
}

/* docs/studies/graph.md */
static void spec_bacopy(uint64_t n, uint64_t m, uint64_t n0, uint64_t seed)
{
    uint64_t c0 = n0 * (n0 - (n0 > 0)) / 2, count = c0 + m * (n - n0), c = 0;
    uint64_t *want = malloc((count ? count : 1) * 8), *core = malloc((2 * c0 + 1) * 8);
    CHECK(want && core);
    for (uint64_t a = 0; want && core && a < n0; ++a)
        for (uint64_t b = a + 1; b < n0; ++b) {
            core[2 * c] = a;
            core[2 * c + 1] = b;
            want[c++] = a << 32 | b;
        }
    for (uint64_t v = n0; want && core && v < n; ++v)
        for (uint64_t i = 0; i < m; ++i) {
            uint64_t E = c0 + (v - n0) * m + i, x = 2 * E + 1, t;
            for (;;) {
                uint64_t r = mulhi(cxb_gx0(cxb_gdraw(seed, 9, x, 0)), x);
                if (r < 2 * c0) {
                    t = core[r];
                    break;
                }
                if (r % 2 == 0) {
                    t = n0 + (r / 2 - c0) / m;
                    break;
                }
                x = r;
            }
            want[c++] = v << 32 | t;
        }
    char text[128];
    snprintf(text, sizeof text, "bacopy:n=%llu,m=%llu,n0=%llu,seed=%llu", (unsigned long long)n,
             (unsigned long long)m, (unsigned long long)n0, (unsigned long long)seed);
    if (want && core)
        expect_same(text, want, count);
    free(want);
    free(core);
}

/* one descriptor: setup, run, verify; returns the checksum (0 on failure) */
static uint64_t run_impl(const char *id, const char *params)
{
    const cxb_impl *im = cxb_impl_find(id, NULL);
    CHECK_MSG(im != NULL, "%s is not registered", id);
    if (!im)
        return 0;
    cxb_params p;
    cxb_params_init(&p);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", params);
    for (char *save = NULL, *kv = strtok_r(buf, ";", &save); kv; kv = strtok_r(NULL, ";", &save))
        CHECK(cxb_params_set_kv(&p, kv) == CXB_OK);
    /* as the runner does: a pthreads row gets the pool of its threads parameter */
    uint64_t threads = 2;
    CHECK(cxb_params_u64(&p, "threads", 2, &threads) == CXB_OK);
    cxb_pool *pool = NULL;
    if (im->backend == CXB_BACKEND_PTHREADS)
        CHECK(cxb_pool_create(&pool, (unsigned)threads, CXB_BIND_NONE) == CXB_OK);
    cxb_env env = {.pool = pool, .threads = (unsigned)threads};
    void *ctx = NULL;
    cxb_status st = im->setup(&p, &env, &ctx);
    CHECK_MSG(st == CXB_OK, "%s %s: setup: %s", id, params, cxb_last_error());
    if (st != CXB_OK) {
        cxb_pool_destroy(pool);
        return 0;
    }
    cxb_phases ph;
    cxb_phases_clear(&ph);
    uint64_t sum = 0;
    if ((st = im->reset(ctx)) == CXB_OK && (st = im->run(ctx, &ph)) == CXB_OK && (st = im->verify(ctx)) == CXB_OK)
        sum = im->checksum(ctx);
    CHECK_MSG(st == CXB_OK, "%s %s: %s", id, params, cxb_last_error());
    char extra[512] = "";
    im->extra(ctx, extra, sizeof extra);
    CHECK_MSG(strstr(extra, "tuples="), "%s: extra %s", id, extra);
    im->teardown(ctx);
    cxb_pool_destroy(pool);
    return sum;
}

static uint64_t work_of(const char *id, const char *params)
{
    const cxb_study *st = NULL;
    const cxb_impl *im = cxb_impl_find(id, &st);
    cxb_params p;
    cxb_params_init(&p);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", params);
    for (char *save = NULL, *kv = strtok_r(buf, ";", &save); kv; kv = strtok_r(NULL, ";", &save))
        cxb_params_set_kv(&p, kv);
    return im && st && st->work ? st->work(im, &p) : 0;
}

int main(void)
{
    uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)clock() << 32);
    const char *env = getenv("CXB_TEST_SEED");
    if (env)
        seed = strtoull(env, NULL, 0);
    seed &= 0xffffffffffffull;
    printf("graphgen_fast: seed %llu (CXB_TEST_SEED=%llu repeats)\n", (unsigned long long)seed,
           (unsigned long long)seed);

    /* 1. the spec's definitions */
    spec_rmat(0, 5, seed);
    spec_rmat(1, 3, seed + 1);
    spec_rmat(5, 37, seed + 2);  /* scale not a multiple of 4 */
    spec_rmat(8, 16, seed + 3);  /* exactly two blocks per tuple */
    spec_rmat(13, 4, seed + 4);
    spec_wsfast(4, 2, 0, seed + 5); /* p = 1, n - k - 1 = 1: the one admissible target */
    spec_wsfast(1001, 10, 1, seed + 6);
    spec_wsfast(20000, 32, 1, seed + 7);
    spec_bacopy(1, 1, 0, seed + 8);
    spec_bacopy(2, 1, 2, seed + 9); /* the core only */
    spec_bacopy(3000, 5, 10, seed + 10);
    spec_bacopy(5000, 3, 0, seed + 11);
    spec_bacopy(20000, 16, 32, seed + 12);

    /* 2. the descriptors: pthreads = seq at several thread counts */
    static const char *const models[] = {"bacopy", "gnm", "wsfast", "rmat"};
    static const char *const sizes[] = {"tuples=600;d=2", "tuples=1000;d=3", "n=50;d=16" /* gnm: complement */,
                                        "tuples=70001;d=5", "tuples=300000;d=16;p=0.3"};
    for (size_t m = 0; m < 4; ++m)
        for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; ++z) {
            char id[64], params[160];
            snprintf(id, sizeof id, "graphgen.%s.seq", models[m]);
            snprintf(params, sizeof params, "%s;seed=%llu", sizes[z], (unsigned long long)(seed + 20 + z));
            uint64_t ref = run_impl(id, params);
            static const unsigned threads[] = {1, 2, 3, 8};
            for (size_t t = 0; t < 4; ++t) {
                char pt[200];
                snprintf(id, sizeof id, "graphgen.%s.pthreads", models[m]);
                snprintf(pt, sizeof pt, "%s;threads=%u", params, threads[t]);
                uint64_t sum = run_impl(id, pt);
                CHECK_MSG(sum == ref, "%s %s: checksum %016llx != seq's %016llx", id, pt, (unsigned long long)sum,
                          (unsigned long long)ref);
            }
            printf("  graphgen.%s.{seq,pthreads x 1,2,3,8} %-32s same\n", models[m], sizes[z]);
        }

    /* 3. work = tuples (docs/studies/graph.md): bacopy C(n0,2) + m (n - n0), gnm m, wsfast n k / 2,
     * rmat ef 2^scale; the faithful rows count n */
    CHECK(work_of(cxb_impl_not_built("graphgen.wsfast.cuda") ? "graphgen.wsfast.seq" : "graphgen.wsfast.cuda",
                  "tuples=1048576;d=16") == 1048576);
    CHECK(work_of("graphgen.gnm.seq", "tuples=1048576;d=16") == 1048576);
    CHECK(work_of("graphgen.rmat.pthreads", "tuples=1048576;d=16") == 1048576);
    CHECK(work_of("graphgen.rmat.seq", "tuples=1000;d=16") == 16 * 32); /* scale floor(log2 62) = 5 */
    CHECK(work_of("graphgen.bacopy.seq", "tuples=1048576;d=16") == 496 + 16ull * (65536 - 32));
    CHECK(work_of("graphgen.wsfast.seq", "n=1000;d=4") == 4000);
    CHECK(work_of("graphgen.alpha.seq", "n=1234;k=10") == 1234);
    const cxb_study *st = cxb_study_find("graphgen");
    static const char *const presets[] = {"ci", "quick", "fast", "fast-threads", "modern"};
    for (size_t i = 0; st && i < 5; ++i) {
        size_t n = 0;
        const cxb_sweep *sw = cxb_study_sweeps(st, presets[i], &n);
        int fast = 0;
        for (size_t j = 0; sw && j < n; ++j) {
            fast |= !strncmp(sw[j].name, "fast.", 5);
            char ids[512];
            snprintf(ids, sizeof ids, "%s", sw[j].impls);
            for (char *save = NULL, *id = strtok_r(ids, ",", &save); id; id = strtok_r(NULL, ",", &save)) {
                const cxb_study *owner = NULL;
                /* a CUDA row is absent from a build without CUDA, and says so */
                CHECK_MSG((cxb_impl_find(id, &owner) && owner == st) || (!owner && cxb_impl_not_built(id)), "%s: %s",
                          presets[i], id);
            }
        }
        CHECK_MSG(sw && fast, "preset %s has no fast sweep", presets[i]);
    }
    /* bad parameters are refused with a message */
    const cxb_impl *im = cxb_impl_find("graphgen.gnm.seq", NULL);
    cxb_params p;
    cxb_params_init(&p);
    cxb_params_set(&p, "d", "0");
    cxb_env e0 = {.pool = NULL, .threads = 1};
    void *ctx = NULL;
    CHECK(im && im->setup(&p, &e0, &ctx) == CXB_EINPUT && strstr(cxb_last_error(), "d=0"));
    cxb_params_init(&p);
    cxb_params_set(&p, "tuples", "1000");
    cxb_params_set(&p, "d", "400"); /* n = 2 vertices cannot hold 1000 edges */
    CHECK(im && im->setup(&p, &e0, &ctx) == CXB_EINPUT);
    cxb_params_init(&p);
    cxb_params_set(&p, "colour", "blue");
    CHECK(im && im->setup(&p, &e0, &ctx) == CXB_EINPUT);
    CHECK_DONE();
}
