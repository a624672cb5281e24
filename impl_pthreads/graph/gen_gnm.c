/* graph gen, pthreads: gnm's rounds (docs/studies/graph.md: "parallel draws; parallel radix
 * sort per round"). The draws of each round are split into fixed chunks on the pool (each
 * draw is a pure function of (seed, i, round), written to slot i). The sort and dedup is
 * a bucket sort whose pieces are in impl_cpu/graph/gen_gnm.c: per chunk, a histogram of
 * the keys' buckets (their top bits: ordered ranges of about 32 Ki keys); an offset scan in
 * (bucket, chunk) order; a per-chunk scatter into the buckets; then, one bucket per item,
 * a sort and dedup in cache (LSD over only the bits that vary in it); a scan of the kept
 * counts and a parallel copy of the buckets' kept keys to their final places. A later
 * round's merge into the set is cut into pieces at set positions (the new keys split by
 * binary search), counted, scanned and merged in parallel. The two key arrays are first
 * touched on the pool, each worker its own 2 MiB blocks (gen_touch.c).
 *
 * Rounds 0 and 1 are fused (pool_first): round 0's bucket histogram is counted
 * while drawing, and round 1's few keys are merged into round 0's placement copy, bucket by
 * bucket, instead of in a merge pass over the whole set after it: two passes over the m
 * keys fewer (a read, and a read + write). Later rounds, if any, go as above.
 *
 * Deviation from docs/studies/graph.md's wording: instead of a full LSD radix sort (six passes over
 * all keys at n = 2^20, each memory-bound, and a serial dedup after it), one partition
 * pass over memory and the rest in cache; every phase but the O(buckets) scans runs on the
 * pool. A sorted unique set has one value, so the set, and the tuples, are those of the
 * sequential generator (cxb_sort_u64, drop repeats, serial merge) whatever the thread
 * count. */
#include <stdlib.h>
#include <string.h>

#include "cxb/core/pool.h"
#include "cxb/graph/gen_host.h"
#include "impl_pthreads/graph/gen_touch.h"

#define GNM_CHUNK 65536u
#define SORT_MIN_CHUNK 65536u /* keys per sort chunk at least; below two chunks: sequential */
#define MERGE_MIN_PIECE 65536u /* set keys per merge piece at least */

typedef struct gnm_task {
    const cxb_gen_spec *s;
    uint32_t round;
    uint64_t count;
    uint64_t *dst;
} gnm_task;

static void gnm_chunk(void *arg, uint64_t c, unsigned worker)
{
    (void)worker;
    const gnm_task *t = arg;
    uint64_t i0 = c * GNM_CHUNK, i1 = t->count - i0 < GNM_CHUNK ? t->count : i0 + GNM_CHUNK;
    cxb_gnm_draws(t->s, t->round, i0, i1, t->dst + i0);
}

static cxb_status pool_draws(const cxb_gen_spec *s, uint32_t round, uint64_t count, uint64_t *dst,
                             void *arg)
{
    gnm_task t = {s, round, count, dst};
    return cxb_pool_for(arg, (count + GNM_CHUNK - 1) / GNM_CHUNK, CXB_SCHED_DYNAMIC, gnm_chunk, &t);
}

typedef struct sort_task {
    uint64_t *key, *tmp;
    uint64_t n, per; /* keys, keys per chunk */
    unsigned shift;
    uint64_t nb;     /* buckets */
    uint64_t *cnt;   /* [chunk][bucket]: counts, then scatter positions */
    uint64_t *start; /* [nb + 1]: bucket b is tmp[start[b], start[b + 1]) */
    uint64_t *kept;  /* [nb]: kept keys of bucket b, then their place in key */
    /* round 0 + 1 fused (pool_first) */
    const cxb_gen_spec *s;
    const uint64_t *f; /* round 1's sorted unique keys; bucket b's are f[fb[b], fb[b + 1]) */
    uint64_t *fb;      /* [nb + 1] */
    uint64_t *off;     /* [nb]: bucket b's merged key count, then its first slot in key */
} sort_task;

static void chunk_range(const sort_task *t, uint64_t c, uint64_t *i0, uint64_t *i1)
{
    *i0 = c * t->per;
    *i1 = *i0 + t->per < t->n ? *i0 + t->per : t->n;
}

static void sort_count(void *arg, uint64_t c, unsigned worker)
{
    (void)worker;
    const sort_task *t = arg;
    uint64_t i0, i1, *h = t->cnt + c * t->nb;
    chunk_range(t, c, &i0, &i1);
    memset(h, 0, t->nb * sizeof *h);
    cxb_gnm_bucket_count(t->key + i0, i1 - i0, t->shift, t->nb, h);
}

static void first_draw(void *arg, uint64_t c, unsigned worker)
{
    (void)worker;
    const sort_task *t = arg;
    uint64_t i0, i1, *h = t->cnt + c * t->nb;
    chunk_range(t, c, &i0, &i1);
    memset(h, 0, t->nb * sizeof *h);
    cxb_gnm_draws_count(t->s, 0, i0, i1, t->key + i0, t->shift, t->nb, h);
}

/* bucket-major, chunk-minor: chunk c's keys of bucket b follow chunk c-1's */
static void scan_counts(sort_task *t, uint64_t chunks)
{
    uint64_t sum = 0;
    for (uint64_t b = 0; b < t->nb; ++b) {
        t->start[b] = sum;
        for (uint64_t c = 0; c < chunks; ++c) {
            uint64_t x = t->cnt[c * t->nb + b];
            t->cnt[c * t->nb + b] = sum;
            sum += x;
        }
    }
    t->start[t->nb] = sum;
}

static void sort_scatter(void *arg, uint64_t c, unsigned worker)
{
    (void)worker;
    const sort_task *t = arg;
    uint64_t i0, i1;
    chunk_range(t, c, &i0, &i1);
    cxb_gnm_bucket_scatter(t->key + i0, i1 - i0, t->shift, t->nb, t->cnt + c * t->nb, t->tmp);
}

static void sort_bucket(void *arg, uint64_t b, unsigned worker)
{
    (void)worker;
    const sort_task *t = arg;
    uint64_t o = t->start[b];
    t->kept[b] = cxb_gnm_sort_unique_small(t->tmp + o, t->key + o, t->start[b + 1] - o);
}

static void sort_place(void *arg, uint64_t b, unsigned worker)
{
    (void)worker;
    const sort_task *t = arg;
    uint64_t k = (b + 1 < t->nb ? t->kept[b + 1] : t->n) - t->kept[b];
    if (k) /* the kept keys of bucket b, from tmp to their place (kept[b]: after the scan) */
        memcpy(t->key + t->kept[b], t->tmp + t->start[b], k * sizeof *t->key);
}

static cxb_status pool_unique(uint64_t *key, uint64_t *tmp, uint64_t n, uint64_t hi, uint64_t *kept, void *arg)
{
    cxb_pool *pool = arg;
    uint64_t chunks = 4 * (uint64_t)cxb_pool_threads(pool), per, nb;
    if (n / SORT_MIN_CHUNK < chunks)
        chunks = n / SORT_MIN_CHUNK;
    unsigned shift = cxb_gnm_bucket_plan(n, hi, &nb);
    if (chunks < 2 || nb < 2) {
        *kept = cxb_gnm_sort_unique_small(key, tmp, n);
        return CXB_OK;
    }
    per = (n + chunks - 1) / chunks;
    chunks = (n + per - 1) / per;
    sort_task t = {key, tmp, n, per, shift, nb, malloc(chunks * nb * sizeof(uint64_t)),
                   malloc((nb + 1) * sizeof(uint64_t)), malloc(nb * sizeof(uint64_t)),
                   NULL, NULL, NULL, NULL};
    cxb_status st = CXB_OK;
    if (!t.cnt || !t.start || !t.kept)
        st = cxb_fail(CXB_ERESOURCE, "graph gen: gnm: no memory for the sort's histograms");
    if (st == CXB_OK && (st = cxb_pool_for(pool, chunks, CXB_SCHED_STATIC, sort_count, &t)) == CXB_OK) {
        scan_counts(&t, chunks);
        st = cxb_pool_for(pool, chunks, CXB_SCHED_STATIC, sort_scatter, &t);
    }
    /* bucket sizes follow the key density (gnm: u's, which falls linearly): dynamic */
    if (st == CXB_OK && (st = cxb_pool_for(pool, nb, CXB_SCHED_DYNAMIC, sort_bucket, &t)) == CXB_OK) {
        uint64_t sum = 0;
        for (uint64_t b = 0; b < nb; ++b) {
            uint64_t x = t.kept[b];
            t.kept[b] = sum;
            sum += x;
        }
        t.n = sum; /* sort_place reads the end of the last bucket's kept keys from n */
        st = cxb_pool_for(pool, nb, CXB_SCHED_DYNAMIC, sort_place, &t);
        *kept = sum;
    }
    free(t.cnt);
    free(t.start);
    free(t.kept);
    return st;
}

typedef struct merge_task {
    const uint64_t *a, *b;
    uint64_t *out;
    uint64_t *ia, *ib; /* [pieces + 1]: piece j merges a[ia[j], ia[j+1]) and b[ib[j], ib[j+1]) */
    uint64_t *off;     /* [pieces + 1]: piece j's key count, then its first output slot */
} merge_task;

static void merge_count(void *arg, uint64_t j, unsigned worker)
{
    (void)worker;
    const merge_task *t = arg;
    uint64_t na = t->ia[j + 1] - t->ia[j], nb = t->ib[j + 1] - t->ib[j];
    t->off[j] = na + nb - cxb_gnm_common(t->a + t->ia[j], na, t->b + t->ib[j], nb);
}

static void merge_piece(void *arg, uint64_t j, unsigned worker)
{
    (void)worker;
    const merge_task *t = arg;
    cxb_gnm_merge_unique(t->a + t->ia[j], t->ia[j + 1] - t->ia[j], t->b + t->ib[j], t->ib[j + 1] - t->ib[j],
                         t->out + t->off[j]);
}

static cxb_status pool_merge(const uint64_t *a, uint64_t na, const uint64_t *b, uint64_t nb, uint64_t *out,
                             uint64_t *k, void *arg)
{
    cxb_pool *pool = arg;
    uint64_t pieces = 4 * (uint64_t)cxb_pool_threads(pool);
    if (na / MERGE_MIN_PIECE < pieces)
        pieces = na / MERGE_MIN_PIECE;
    if (pieces < 2) {
        *k = cxb_gnm_merge_unique(a, na, b, nb, out);
        return CXB_OK;
    }
    merge_task t = {a, b, out, malloc(3 * (pieces + 1) * sizeof(uint64_t)), NULL, NULL};
    if (!t.ia)
        return cxb_fail(CXB_ERESOURCE, "graph gen: gnm: no memory for the merge's pieces");
    t.ib = t.ia + pieces + 1;
    t.off = t.ib + pieces + 1;
    /* piece j starts at a's key ia[j] and at the first key of b not below it: a key of b
     * equal to one of a falls in that key's piece, where the merge keeps it once */
    for (uint64_t j = 0; j <= pieces; ++j) {
        t.ia[j] = na / pieces * j + na % pieces * j / pieces;
        t.ib[j] = j == 0 ? 0 : j == pieces ? nb : cxb_gnm_lower_bound(b, nb, a[t.ia[j]]);
    }
    cxb_status st = cxb_pool_for(pool, pieces, CXB_SCHED_DYNAMIC, merge_count, &t);
    if (st == CXB_OK) {
        uint64_t sum = 0;
        for (uint64_t j = 0; j < pieces; ++j) {
            uint64_t x = t.off[j];
            t.off[j] = sum;
            sum += x;
        }
        st = cxb_pool_for(pool, pieces, CXB_SCHED_DYNAMIC, merge_piece, &t);
        *k = sum;
    }
    free(t.ia);
    return st;
}

/* ---- rounds 0 and 1 fused ---- */

static void first_count(void *arg, uint64_t b, unsigned worker)
{
    (void)worker;
    const sort_task *t = arg;
    uint64_t nf = t->fb[b + 1] - t->fb[b];
    t->off[b] = t->kept[b] + nf - cxb_gnm_common(t->tmp + t->start[b], t->kept[b], t->f + t->fb[b], nf);
}

static void first_place(void *arg, uint64_t b, unsigned worker)
{
    (void)worker;
    const sort_task *t = arg;
    uint64_t nf = t->fb[b + 1] - t->fb[b];
    if (nf) /* bucket b's kept keys and round 1's keys in its range, merged to their place */
        cxb_gnm_merge_unique(t->tmp + t->start[b], t->kept[b], t->f + t->fb[b], nf, t->key + t->off[b]);
    else if (t->kept[b])
        memcpy(t->key + t->off[b], t->tmp + t->start[b], t->kept[b] * sizeof *t->key);
}

/* Rounds 0 and 1 with two memory passes fewer than draws + pool_unique + pool_merge:
 * the bucket histogram is counted while drawing (no read pass of its own), and round 1,
 * drawn once round 0's buckets are sorted (its count d_1 = m - kept is known then), is
 * merged bucket by bucket into round 0's placement copy instead of in a pass over the
 * whole set after it. Its keys are split by bucket range (sorted buckets are ordered
 * ranges), so each bucket's slice merges with that bucket alone. */
static cxb_status pool_first(const cxb_gen_spec *s, uint64_t *set, uint64_t *tmp, uint64_t target, uint64_t hi,
                             uint64_t *k, uint32_t *r, void *arg)
{
    cxb_pool *pool = arg;
    /* pool_unique's chunks, the draws handed out dynamically. (Chunks of 2^18 draws, 64 at
     * 2^24 instead of 8, so that a slow worker holds the other up less, measured no faster
     * at 2 threads on the 2-core VM: 247-260 ms against 242-250.) */
    uint64_t chunks = 4 * (uint64_t)cxb_pool_threads(pool), per, nb;
    if (target / SORT_MIN_CHUNK < chunks)
        chunks = target / SORT_MIN_CHUNK;
    unsigned shift = cxb_gnm_bucket_plan(target, hi, &nb);
    cxb_status st;
    *r = 1;
    if (chunks < 2 || nb < 2) { /* too small to partition: round 0 as the other rounds */
        if ((st = pool_draws(s, 0, target, set, pool)) != CXB_OK)
            return st;
        return pool_unique(set, tmp, target, hi, k, pool);
    }
    per = (target + chunks - 1) / chunks;
    chunks = (target + per - 1) / per;
    uint64_t *mem = malloc((chunks * nb + 4 * nb + 2) * sizeof(uint64_t)), *f = NULL;
    if (!mem)
        return cxb_fail(CXB_ERESOURCE, "graph gen: gnm: no memory for the sort's histograms");
    sort_task t = {set, tmp, target, per, shift, nb, mem, mem + chunks * nb, mem + chunks * nb + nb + 1,
                   s, NULL, mem + chunks * nb + 2 * nb + 1, mem + chunks * nb + 3 * nb + 2};
    if ((st = cxb_pool_for(pool, chunks, CXB_SCHED_DYNAMIC, first_draw, &t)) != CXB_OK)
        goto done;
    scan_counts(&t, chunks);
    if ((st = cxb_pool_for(pool, chunks, CXB_SCHED_STATIC, sort_scatter, &t)) != CXB_OK ||
        (st = cxb_pool_for(pool, nb, CXB_SCHED_DYNAMIC, sort_bucket, &t)) != CXB_OK)
        goto done;
    uint64_t kept = 0, nf = 0;
    for (uint64_t b = 0; b < nb; ++b)
        kept += t.kept[b];
    if (kept < target) { /* round 1: d_1 = m - kept draws, sorted and deduplicated alone */
        uint64_t d = target - kept;
        if (!(f = cxb_gen_buffer(2 * d * sizeof *f))) {
            st = cxb_fail(CXB_ERESOURCE, "graph gen: no memory for %llu edges", (unsigned long long)d);
            goto done;
        }
        if ((st = pool_draws(s, 1, d, f, pool)) != CXB_OK || (st = pool_unique(f, f + d, d, hi, &nf, pool)) != CXB_OK)
            goto done;
        *r = 2;
    }
    t.f = f;
    cxb_gnm_bucket_split(f, nf, shift, nb, t.fb);
    if (nf && (st = cxb_pool_for(pool, nb, CXB_SCHED_DYNAMIC, first_count, &t)) != CXB_OK)
        goto done;
    uint64_t sum = 0;
    for (uint64_t b = 0; b < nb; ++b) {
        uint64_t x = nf ? t.off[b] : t.kept[b];
        t.off[b] = sum;
        sum += x;
    }
    st = cxb_pool_for(pool, nb, CXB_SCHED_DYNAMIC, first_place, &t);
    *k = sum;
done:
    free(mem);
    free(f);
    return st;
}

static cxb_status pool_touch(void *p, size_t bytes, void *arg)
{
    return cxb_gen_touch(arg, p, bytes);
}

cxb_status cxb_gnm_pthreads(const cxb_gen_spec *s, struct cxb_pool *pool, cxb_edges *out);

cxb_status cxb_gnm_pthreads(const cxb_gen_spec *s, struct cxb_pool *pool, cxb_edges *out)
{
    cxb_gnm_ops ops = {pool_draws, pool_unique, pool_merge, pool_touch, pool, pool_first};
    return cxb_gnm_run(s, &ops, out);
}
