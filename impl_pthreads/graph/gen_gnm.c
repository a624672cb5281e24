/* graph gen, pthreads: gnm's rounds (graph.md 9.3, 10: "parallel draws; parallel radix
 * sort per round") with the draws of each round split into fixed chunks on the pool (each
 * draw is a pure function of (seed, i, round), written to slot i) and the sort a parallel
 * LSD radix sort: per pass, per-chunk histograms of the byte, an offset scan in (bucket,
 * chunk) order and a per-chunk scatter, so every pass is stable; passes whose byte is the
 * same in every key are skipped (keys u << 32 | v with u, v < n leave the high bytes of
 * both halves zero). A sort's result does not depend on how it is computed, so the set,
 * and the tuples, are those of the sequential generator whatever the thread count. */
#include <stdlib.h>
#include <string.h>

#include "cxb/pool.h"
#include "impl_cpu/graph/gen.h"

#define GNM_CHUNK 65536u
#define SORT_MIN_CHUNK 65536u /* keys per sort chunk at least; below two chunks: cxb_sort_u64 */

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
    const uint64_t *src;
    uint64_t *dst;
    uint64_t n, per; /* keys, keys per chunk */
    int shift;       /* -1: the any-byte-varies pass */
    uint64_t (*cnt)[256]; /* per chunk: counts, then write offsets */
    uint64_t *vary;  /* per chunk: OR of (key ^ first key) */
} sort_task;

static void sort_count(void *arg, uint64_t c, unsigned worker)
{
    (void)worker;
    const sort_task *t = arg;
    uint64_t i0 = c * t->per, i1 = i0 + t->per < t->n ? i0 + t->per : t->n;
    if (t->shift < 0) {
        uint64_t v = 0, k0 = t->src[0];
        for (uint64_t i = i0; i < i1; ++i)
            v |= t->src[i] ^ k0;
        t->vary[c] = v;
        return;
    }
    uint64_t *h = t->cnt[c];
    memset(h, 0, 256 * sizeof *h);
    for (uint64_t i = i0; i < i1; ++i)
        ++h[(t->src[i] >> t->shift) & 0xFF];
}

static void sort_scatter(void *arg, uint64_t c, unsigned worker)
{
    (void)worker;
    const sort_task *t = arg;
    uint64_t i0 = c * t->per, i1 = i0 + t->per < t->n ? i0 + t->per : t->n, *h = t->cnt[c];
    for (uint64_t i = i0; i < i1; ++i) {
        uint64_t k = t->src[i];
        t->dst[h[(k >> t->shift) & 0xFF]++] = k;
    }
}

static cxb_status pool_sort(uint64_t *key, uint64_t *tmp, uint64_t n, void *arg)
{
    cxb_pool *pool = arg;
    uint64_t chunks = 4 * (uint64_t)cxb_pool_threads(pool), per;
    if (n / SORT_MIN_CHUNK < chunks)
        chunks = n / SORT_MIN_CHUNK;
    if (chunks < 2) {
        cxb_sort_u64(key, tmp, n);
        return CXB_OK;
    }
    per = (n + chunks - 1) / chunks;
    chunks = (n + per - 1) / per;
    uint64_t(*cnt)[256] = malloc(chunks * sizeof *cnt);
    uint64_t *vary = malloc(chunks * sizeof *vary);
    if (!cnt || !vary) {
        free(cnt);
        free(vary);
        return cxb_fail(CXB_ERESOURCE, "graph gen: gnm: no memory for the sort's histograms");
    }
    sort_task t = {key, tmp, n, per, -1, cnt, vary};
    cxb_status st = cxb_pool_for(pool, chunks, CXB_SCHED_STATIC, sort_count, &t);
    uint64_t varies = 0; /* the bits in which some key differs from the first */
    for (uint64_t c = 0; c < chunks; ++c)
        varies |= vary[c];
    uint64_t *src = key, *dst = tmp;
    for (int d = 0; d < 8 && st == CXB_OK; ++d) {
        if (!((varies >> (8 * d)) & 0xFF))
            continue; /* every key has this byte: the pass would not move anything */
        t.src = src;
        t.dst = dst;
        t.shift = 8 * d;
        if ((st = cxb_pool_for(pool, chunks, CXB_SCHED_STATIC, sort_count, &t)) != CXB_OK)
            break;
        uint64_t sum = 0; /* bucket-major, chunk-minor: the pass is stable */
        for (int b = 0; b < 256; ++b)
            for (uint64_t c = 0; c < chunks; ++c) {
                uint64_t x = cnt[c][b];
                cnt[c][b] = sum;
                sum += x;
            }
        if ((st = cxb_pool_for(pool, chunks, CXB_SCHED_STATIC, sort_scatter, &t)) != CXB_OK)
            break;
        uint64_t *x = src;
        src = dst;
        dst = x;
    }
    if (st == CXB_OK && src != key)
        memcpy(key, src, n * sizeof *key);
    free(cnt);
    free(vary);
    return st;
}

cxb_status cxb_gnm_pthreads(const cxb_gen_spec *s, struct cxb_pool *pool, cxb_edges *out);

cxb_status cxb_gnm_pthreads(const cxb_gen_spec *s, struct cxb_pool *pool, cxb_edges *out)
{
    return cxb_gnm_run(s, pool_draws, pool_sort, pool, out);
}
