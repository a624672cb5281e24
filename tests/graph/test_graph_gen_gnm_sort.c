/* graph_gen_gnm_sort: the pieces of gnm's parallel sort and merge (impl_cpu/graph/gen_gnm.c,
 * scheduled by impl_pthreads/graph/gen_gnm.c; docs/studies/graph.md) against qsort + a dedup
 * written here, on fresh random keys (seed printed; CXB_TEST_SEED=S repeats a run):
 *  - cxb_gnm_sort_unique_small on every size class (0, 1, 2, the insertion-sort limit 32
 *    and around it, thousands, 10^5) and key shape (full 64-bit, gnm keys u << 32 | v,
 *    many repeats, all equal, only the top bit or top bits varying);
 *  - the bucket pipeline composed here in the driver's order (plan, per-chunk count, scan,
 *    scatter, per-bucket sort, kept-count scan, placement), also with keys above the
 *    plan's hi (the last bucket takes them);
 *  - the fused first rounds' pieces: cxb_gnm_draws_count against cxb_gnm_draws +
 *    cxb_gnm_bucket_count (0, 1 and thousands of draws; 1 to 1024 buckets; n from 2 to
 *    4e9), cxb_gnm_bucket_split against bucket numbers computed here;
 *  - the merge pieces: cxb_gnm_merge_unique, cxb_gnm_common, cxb_gnm_lower_bound, and the
 *    union cut into pieces at set positions as the driver cuts it;
 *  - gnm through cxb_generate_pthreads at 1, 2, 3 and 8 threads equal to seq, tuple for
 *    tuple, at sizes where the bucket sort and the piecewise merge engage (2^20 draws; a
 *    dense graph with many rounds whose merges are large; round 0 without repeats, so no
 *    round 1 to fuse; the complement; round 0 just large enough to be partitioned);
 *  - cxb_gen_buffer (small, large: 2 MiB-page advice; writable end to end) and cxb_gen_touch
 *    touching only inside its range (a pattern around an unaligned range survives; ASan
 *    would see a touch outside the block) on pools of 1, 2, 3 and 8 threads. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/graph/gen.h"
#include "cxb/core/pool.h"
#include "cxb/graph/gen_host.h"
#include "impl_pthreads/graph/gen_touch.h"

static uint64_t rng_state;

static uint64_t next(void) /* splitmix64 */
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* the reference: qsort, then keep the first of each run */
static uint64_t ref_unique(uint64_t *k, uint64_t n)
{
    qsort(k, n, sizeof *k, cmp_u64);
    uint64_t m = 0;
    for (uint64_t i = 0; i < n; ++i)
        if (m == 0 || k[i] != k[m - 1])
            k[m++] = k[i];
    return m;
}

enum { SHAPE_FULL, SHAPE_GNM_SMALL, SHAPE_GNM_BIG, SHAPE_REPEATS, SHAPE_EQUAL, SHAPE_TOP, SHAPE_BIT63, SHAPES };

static uint64_t key_of(int shape)
{
    switch (shape) {
    case SHAPE_FULL:
        return next();
    case SHAPE_GNM_SMALL:
    case SHAPE_GNM_BIG: {
        uint64_t n = shape == SHAPE_GNM_SMALL ? 40 : 1u << 20, u = next() % n, v = next() % n;
        if (u == v)
            v = (v + 1) % n;
        return u < v ? u << 32 | v : v << 32 | u;
    }
    case SHAPE_REPEATS:
        return (next() % 7) * 0x0101010101ull;
    case SHAPE_EQUAL:
        return 0x123456789abcdefull;
    case SHAPE_TOP:
        return next() << 50;
    default:
        return (next() & 1) << 63 | 5;
    }
}

static void fill(uint64_t *k, uint64_t n, int shape)
{
    for (uint64_t i = 0; i < n; ++i)
        k[i] = key_of(shape);
}

static void check_small(void)
{
    static const uint64_t sizes[] = {0, 1, 2, 3, 31, 32, 33, 100, 2047, 2048, 5000, 100000};
    uint64_t max = 100000, *k = malloc(max * 8), *b = malloc(max * 8), *r = malloc(max * 8);
    for (int shape = 0; shape < SHAPES; ++shape)
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; ++i) {
            uint64_t n = sizes[i];
            fill(k, n, shape);
            memcpy(r, k, n * 8);
            uint64_t m = ref_unique(r, n), got = cxb_gnm_sort_unique_small(k, b, n);
            CHECK_MSG(got == m && (m == 0 || !memcmp(k, r, m * 8)),
                      "sort_unique_small: shape %d, %llu keys: %llu kept, want %llu", shape,
                      (unsigned long long)n, (unsigned long long)got, (unsigned long long)m);
        }
    free(k);
    free(b);
    free(r);
}

/* the driver's pipeline, sequentially: returns the kept count, the keys in key[0..) */
static uint64_t bucket_pipeline(uint64_t *key, uint64_t *tmp, uint64_t n, uint64_t hi, uint64_t chunks)
{
    uint64_t nb, per = (n + chunks - 1) / chunks;
    unsigned shift = cxb_gnm_bucket_plan(n, hi, &nb);
    CHECK(nb >= 1 && nb <= (1u << CXB_GNM_BUCKET_BITS_MAX) && (nb == 1 || (hi >> shift) == nb - 1));
    uint64_t *cnt = calloc(chunks * nb, 8), *start = malloc((nb + 1) * 8), *kept = malloc(nb * 8);
    for (uint64_t c = 0; c < chunks; ++c) {
        uint64_t i0 = c * per < n ? c * per : n, i1 = i0 + per < n ? i0 + per : n;
        cxb_gnm_bucket_count(key + i0, i1 - i0, shift, nb, cnt + c * nb);
    }
    uint64_t sum = 0;
    for (uint64_t b = 0; b < nb; ++b) {
        start[b] = sum;
        for (uint64_t c = 0; c < chunks; ++c) {
            uint64_t x = cnt[c * nb + b];
            cnt[c * nb + b] = sum;
            sum += x;
        }
    }
    start[nb] = sum;
    CHECK(sum == n);
    for (uint64_t c = 0; c < chunks; ++c) {
        uint64_t i0 = c * per < n ? c * per : n, i1 = i0 + per < n ? i0 + per : n;
        cxb_gnm_bucket_scatter(key + i0, i1 - i0, shift, nb, cnt + c * nb, tmp);
    }
    for (uint64_t b = 0; b < nb; ++b)
        kept[b] = cxb_gnm_sort_unique_small(tmp + start[b], key + start[b], start[b + 1] - start[b]);
    uint64_t out = 0;
    for (uint64_t b = 0; b < nb; ++b) {
        memmove(key + out, tmp + start[b], kept[b] * 8);
        out += kept[b];
    }
    free(cnt);
    free(start);
    free(kept);
    return out;
}

static void check_buckets(void)
{
    uint64_t max = 1u << 18, *k = malloc(max * 8), *t = malloc(max * 8), *r = malloc(max * 8);
    static const uint64_t sizes[] = {1, 2, 1000, 1u << 18};
    for (int shape = 0; shape < SHAPES; ++shape)
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; ++i)
            for (int h = 0; h < 3; ++h) {
                uint64_t n = sizes[i];
                fill(k, n, shape);
                memcpy(r, k, n * 8);
                uint64_t m = ref_unique(r, n);
                /* hi: the true maximum, a larger bound, or one below most keys (clamped) */
                uint64_t hi = h == 0 ? r[m - 1] : h == 1 ? UINT64_MAX : r[m / 2] / 2;
                uint64_t got = bucket_pipeline(k, t, n, hi, n > 64 ? 7 : 1);
                CHECK_MSG(got == m && !memcmp(k, r, m * 8),
                          "bucket pipeline: shape %d, %llu keys, hi case %d: %llu kept, want %llu", shape,
                          (unsigned long long)n, h, (unsigned long long)got, (unsigned long long)m);
            }
    /* the plan itself: buckets of about CXB_GNM_BUCKET_KEYS, capped, and none for hi = 0 */
    uint64_t nb;
    CHECK(cxb_gnm_bucket_plan(1u << 24, cxb_edge_key((1u << 20) - 2, (1u << 20) - 1), &nb) == 52 - 9 && nb == 512);
    CHECK(cxb_gnm_bucket_plan(1u << 30, UINT64_MAX, &nb) == 64 - CXB_GNM_BUCKET_BITS_MAX &&
          nb == 1u << CXB_GNM_BUCKET_BITS_MAX);
    CHECK(cxb_gnm_bucket_plan(100, 1000, &nb) == 0 && nb == 1);
    CHECK(cxb_gnm_bucket_plan(1u << 20, 0, &nb) == 0 && nb == 1);
    free(k);
    free(t);
    free(r);
}

/* the fused first rounds' pieces (pool_first): cxb_gnm_draws_count writes what
 * cxb_gnm_draws writes and adds what cxb_gnm_bucket_count adds; cxb_gnm_bucket_split
 * finds each bucket's slice of sorted keys (checked against bucket numbers computed here:
 * the key's bits from shift up, the last bucket taking every key above) */
static void check_fused(void)
{
    static const uint64_t ns[] = {2, 3, 40, 1500, 1u << 20, 4000000000ull};
    uint64_t max = 70000, *out = malloc(max * 8), *ref = malloc(max * 8);
    uint64_t *h = malloc(1025 * 8), *hr = malloc(1025 * 8), *first = malloc(1025 * 8);
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; ++i)
        for (int rep = 0; rep < 4; ++rep) {
            cxb_gen_spec s;
            char text[96];
            snprintf(text, sizeof text, "gnm:n=%llu,m=1,seed=%llu", (unsigned long long)ns[i],
                     (unsigned long long)(next() % 1000000));
            CHECK_MSG(cxb_gen_parse(text, &s) == CXB_OK, "%s", cxb_last_error());
            uint64_t hi = cxb_edge_key((cxb_vid)(s.n - 2), (cxb_vid)(s.n - 1)), nb;
            /* draw counts 0, 1, and plans with one bucket, a few, and the most */
            uint64_t count = rep == 0 ? 0 : rep == 1 ? 1 : 1 + next() % max;
            unsigned shift = cxb_gnm_bucket_plan(rep == 3 ? (uint64_t)1 << 40 : count, hi, &nb);
            uint32_t round = (uint32_t)(next() % 3);
            uint64_t i0 = next() % 1000000;
            memset(h, 0, nb * 8);
            memset(hr, 0, nb * 8);
            cxb_gnm_draws_count(&s, round, i0, i0 + count, out, shift, nb, h);
            cxb_gnm_draws(&s, round, i0, i0 + count, ref);
            cxb_gnm_bucket_count(ref, count, shift, nb, hr);
            CHECK_MSG(!memcmp(out, ref, count * 8) && !memcmp(h, hr, nb * 8),
                      "draws_count: %s, %llu draws, %llu buckets", text, (unsigned long long)count,
                      (unsigned long long)nb);
            /* the split of the sorted unique draws, also with keys above hi (last bucket) */
            if (count && rep == 2)
                ref[0] = UINT64_MAX;
            uint64_t m = ref_unique(ref, count);
            cxb_gnm_bucket_split(ref, m, shift, nb, first);
            CHECK(first[0] == 0 && first[nb] == m);
            for (uint64_t b = 0; b < nb; ++b) {
                CHECK(first[b] <= first[b + 1]);
                for (uint64_t j = first[b]; j < first[b + 1]; ++j) {
                    uint64_t want = nb == 1 ? 0 : ref[j] >> shift < nb ? ref[j] >> shift : nb - 1;
                    CHECK_MSG(want == b, "bucket_split: %s, key %llu in bucket %llu, want %llu", text,
                              (unsigned long long)ref[j], (unsigned long long)b, (unsigned long long)want);
                }
            }
        }
    free(out);
    free(ref);
    free(h);
    free(hr);
    free(first);
}

/* sorted unique random keys below lim */
static uint64_t make_set(uint64_t *k, uint64_t n, uint64_t lim)
{
    for (uint64_t i = 0; i < n; ++i)
        k[i] = next() % lim;
    return ref_unique(k, n);
}

static void check_merge(void)
{
    uint64_t max = 50000, *a = malloc(max * 8), *b = malloc(max * 8), *out = malloc(2 * max * 8),
             *ref = malloc(2 * max * 8), *piece = malloc(2 * max * 8);
    static const uint64_t na_s[] = {0, 1, 5, 50000}, nb_s[] = {0, 1, 3, 700, 50000};
    for (size_t i = 0; i < 4; ++i)
        for (size_t j = 0; j < 5; ++j)
            for (uint64_t lim = 10; lim <= 1000000; lim *= 100) {
                uint64_t na = make_set(a, na_s[i], lim), nb = make_set(b, nb_s[j], lim);
                memcpy(ref, a, na * 8);
                memcpy(ref + na, b, nb * 8);
                uint64_t m = ref_unique(ref, na + nb);
                uint64_t k = cxb_gnm_merge_unique(a, na, b, nb, out);
                CHECK_MSG(k == m && !memcmp(out, ref, m * 8), "merge_unique: %llu + %llu keys below %llu",
                          (unsigned long long)na, (unsigned long long)nb, (unsigned long long)lim);
                CHECK(cxb_gnm_common(a, na, b, nb) == na + nb - m);
                for (uint64_t q = 0; q < 20; ++q) {
                    uint64_t key = next() % (lim + 2), lb = cxb_gnm_lower_bound(a, na, key);
                    CHECK(lb <= na && (lb == na || a[lb] >= key) && (lb == 0 || a[lb - 1] < key));
                }
                /* pieces cut at a's positions, b split by lower bound, as the driver does */
                for (uint64_t pieces = 1; pieces <= 5 && na >= pieces; ++pieces) {
                    uint64_t pos = 0;
                    for (uint64_t p = 0; p < pieces; ++p) {
                        uint64_t a0 = na * p / pieces, a1 = na * (p + 1) / pieces;
                        uint64_t b0 = p == 0 ? 0 : cxb_gnm_lower_bound(b, nb, a[a0]);
                        uint64_t b1 = p + 1 == pieces ? nb : cxb_gnm_lower_bound(b, nb, a[a1]);
                        uint64_t cnt = (a1 - a0) + (b1 - b0) - cxb_gnm_common(a + a0, a1 - a0, b + b0, b1 - b0);
                        CHECK(cxb_gnm_merge_unique(a + a0, a1 - a0, b + b0, b1 - b0, piece + pos) == cnt);
                        pos += cnt;
                    }
                    CHECK_MSG(pos == m && !memcmp(piece, ref, m * 8), "merge in %llu pieces: %llu + %llu keys",
                              (unsigned long long)pieces, (unsigned long long)na, (unsigned long long)nb);
                }
            }
    free(a);
    free(b);
    free(out);
    free(ref);
    free(piece);
}

static void check_buffers(void)
{
    static const unsigned threads[] = {1, 2, 3, 8};
    void *z = cxb_gen_buffer(0);
    CHECK(z != NULL);
    free(z);
    size_t bytes = ((size_t)13 << 20) + 12345; /* above the 2 MiB-page threshold, no multiple of a page */
    unsigned char *p = cxb_gen_buffer(bytes);
    CHECK(p != NULL);
    if (!p)
        return;
    for (int t = 0; t < 4; ++t) {
        cxb_pool *pool;
        CHECK(cxb_pool_create(&pool, threads[t], CXB_BIND_NONE) == CXB_OK);
        memset(p, 0xA5, bytes);
        size_t lo = 777 + (size_t)t * 4096, len = bytes - lo - 999; /* unaligned both ends */
        CHECK(cxb_gen_touch(pool, p + lo, len) == CXB_OK);
        size_t bad = 0;
        for (size_t i = 0; i < lo; ++i)
            bad += p[i] != 0xA5;
        for (size_t i = lo + len; i < bytes; ++i)
            bad += p[i] != 0xA5;
        CHECK_MSG(bad == 0, "cxb_gen_touch with %u threads wrote %zu bytes outside its range", threads[t], bad);
        CHECK(cxb_gen_touch(pool, p, 100) == CXB_OK && cxb_gen_touch(pool, p, 0) == CXB_OK);
        cxb_pool_destroy(pool);
    }
    free(p);
}

static void check_generator(void)
{
    static const unsigned threads[] = {1, 2, 3, 8};
    char text[128];
    const char *const forms[] = {"gnm:n=65536,m=1048576,seed=%llu", /* bucket sort, two rounds */
                                 "gnm:n=1500,m=562000,seed=%llu",   /* dense: many rounds, large merges */
                                 "gnm:n=300000,m=300000,seed=%llu",
                                 /* no repeats in round 0 (no round 1 to fuse), almost surely */
                                 "gnm:n=268435456,m=262144,seed=%llu",
                                 /* the complement drawn, partitioned and fused */
                                 "gnm:n=2000,m=1800000,seed=%llu",
                                 /* round 0 just above the partition's size (2 chunks) */
                                 "gnm:n=4096,m=131072,seed=%llu"};
    cxb_pool *pool[4];
    for (int p = 0; p < 4; ++p)
        CHECK(cxb_pool_create(&pool[p], threads[p], CXB_BIND_NONE) == CXB_OK);
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; ++f) {
        snprintf(text, sizeof text, forms[f], (unsigned long long)(next() % 1000000));
        cxb_gen_spec s;
        cxb_edges ref, e;
        CHECK_MSG(cxb_gen_parse(text, &s) == CXB_OK, "%s", cxb_last_error());
        CHECK_MSG(cxb_generate_seq(&s, &ref) == CXB_OK && ref.count == s.m, "%s", text);
        for (int p = 0; p < 4; ++p) {
            CHECK_MSG(cxb_generate_pthreads(&s, pool[p], &e) == CXB_OK, "%s", cxb_last_error());
            CHECK_MSG(e.count == ref.count && !memcmp(e.key, ref.key, ref.count * 8),
                      "%s: pthreads with %u threads differs from seq", text, threads[p]);
            cxb_edges_free(&e);
        }
        cxb_edges_free(&ref);
    }
    for (int p = 0; p < 4; ++p)
        cxb_pool_destroy(pool[p]);
}

int main(void)
{
    const char *env = getenv("CXB_TEST_SEED");
    uint64_t seed = env ? strtoull(env, NULL, 10) : (uint64_t)time(NULL);
    printf("CXB_TEST_SEED=%llu\n", (unsigned long long)seed);
    rng_state = seed;
    check_small();
    check_buckets();
    check_fused();
    check_merge();
    check_buffers();
    check_generator();
    CHECK_DONE();
}
