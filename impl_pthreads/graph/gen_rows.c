/* graph gen, pthreads: the row models (line, ring, lattice, gnp, wsfast, nw, rmat, kron,
 * bacopy, disjoint) by chunks of rows - a count pass (skipped when every row has the
 * same tuple count), an exclusive scan over the chunks and a fill pass (docs/studies/graph.md).
 * The chunk size depends on the row count only, and each chunk's tuples land at the
 * scan's offset in row order, so the tuples are those of cxb_generate_seq for any
 * thread count. disjoint's sets are drawn in parallel and its member lists built by a
 * parallel stable counting sort (per-chunk histograms, a scan in (set, chunk) order,
 * per-chunk scatter); a stable sort by set has one result, that of the sequential
 * cxb_disjoint_members, which it falls back to when c is too large for per-chunk
 * histograms. The output array is first touched on the pool, each worker its own 2 MiB
 * blocks (gen_touch.c), before the fill pass. ws: coins in parallel,
 * then the sequential rewiring of impl_cpu/graph/gen_ws.c (docs/studies/graph.md). gnm is in
 * gen_gnm.c. */
#include <stdlib.h>

#include "cxb/core/pool.h"
#include "cxb/graph/gen_host.h"
#include "impl_pthreads/graph/gen_touch.h"

#define GEN_CHUNKS 4096u /* chunks per run at most: dynamic hand-out balances gnp's rows */

typedef struct rows_task {
    const cxb_gen_ctx *x;
    uint64_t rows_per_chunk;
    uint64_t *count; /* per chunk; after the scan, its first tuple */
    uint64_t *key;   /* NULL in the count pass */
} rows_task;

static void rows_chunk(void *arg, uint64_t c, unsigned worker)
{
    (void)worker;
    const rows_task *t = arg;
    uint64_t r0 = c * t->rows_per_chunk, r1 = r0 + t->rows_per_chunk;
    if (r1 > t->x->rows)
        r1 = t->x->rows;
    if (t->key)
        cxb_gen_rows(t->x, r0, r1, t->key + t->count[c]);
    else if (t->x->per_row)
        t->count[c] = (r1 - r0) * t->x->per_row;
    else
        t->count[c] = cxb_gen_rows(t->x, r0, r1, NULL);
}

/* items of a flat per-element pass (ws coins, disjoint sets) */
typedef struct flat_task {
    const cxb_gen_ctx *x;
    uint64_t count, per_chunk;
    void *dst;
} flat_task;

static void coins_chunk(void *arg, uint64_t c, unsigned worker)
{
    (void)worker;
    const flat_task *t = arg;
    uint64_t i0 = c * t->per_chunk, i1 = i0 + t->per_chunk < t->count ? i0 + t->per_chunk : t->count;
    cxb_ws_coins(t->x, i0, i1, (uint8_t *)t->dst + i0);
}

static void sets_chunk(void *arg, uint64_t c, unsigned worker)
{
    (void)worker;
    const flat_task *t = arg;
    uint64_t i0 = c * t->per_chunk, i1 = i0 + t->per_chunk < t->count ? i0 + t->per_chunk : t->count;
    uint32_t *set = t->dst;
    for (uint64_t v = i0; v < i1; ++v)
        set[v] = cxb_disjoint_set(t->x->seed, v, t->x->sets);
}

/* disjoint member lists: chunk j of vertices counts into hist[j * c + set], then after the
 * scan writes its members from those positions; chunks are ordered, so the sort is stable */
typedef struct dj_task {
    const uint32_t *set;
    uint64_t n, c, per_chunk;
    uint64_t *hist;
    uint32_t *members;
    int scatter;
} dj_task;

static void dj_chunk(void *arg, uint64_t j, unsigned worker)
{
    (void)worker;
    const dj_task *t = arg;
    uint64_t v0 = j * t->per_chunk, v1 = v0 + t->per_chunk < t->n ? v0 + t->per_chunk : t->n;
    uint64_t *h = t->hist + j * t->c;
    if (!t->scatter)
        for (uint64_t v = v0; v < v1; ++v)
            ++h[t->set[v]];
    else
        for (uint64_t v = v0; v < v1; ++v)
            t->members[h[t->set[v]]++] = (uint32_t)v;
}

#define DJ_MAX_CHUNKS 64u

static cxb_status dj_members_pthreads(cxb_pool *pool, cxb_gen_ctx *x, uint32_t *set)
{
    uint64_t n = x->n, c = x->sets, chunks = n / (4 * c); /* histograms at most n/4 entries */
    if (chunks > DJ_MAX_CHUNKS)
        chunks = DJ_MAX_CHUNKS;
    if (chunks < 2)
        return cxb_disjoint_members(x, set);
    dj_task t = {set, n, c, (n + chunks - 1) / chunks, calloc(chunks * c, sizeof(uint64_t)),
                 malloc(n * sizeof(uint32_t)), 0};
    uint64_t *moff = malloc((c + 1) * sizeof *moff);
    cxb_status st = CXB_OK;
    if (!t.hist || !t.members || !moff)
        st = cxb_fail(CXB_ERESOURCE, "graph gen: disjoint: no memory for the member lists of "
                      "%llu vertices", (unsigned long long)n);
    if (st == CXB_OK)
        st = cxb_pool_for(pool, chunks, CXB_SCHED_DYNAMIC, dj_chunk, &t);
    if (st == CXB_OK) {
        uint64_t pos = 0;
        for (uint64_t s = 0; s < c; ++s) {
            moff[s] = pos;
            for (uint64_t j = 0; j < chunks; ++j) {
                uint64_t k = t.hist[j * c + s];
                t.hist[j * c + s] = pos;
                pos += k;
            }
        }
        moff[c] = pos;
        t.scatter = 1;
        st = cxb_pool_for(pool, chunks, CXB_SCHED_DYNAMIC, dj_chunk, &t);
    }
    free(t.hist);
    if (st != CXB_OK) {
        free(t.members);
        free(moff);
        free(set);
        return st;
    }
    x->set = set;
    x->moff = moff;
    x->members = t.members;
    return CXB_OK;
}

static cxb_status flat_for(cxb_pool *pool, const cxb_gen_ctx *x, uint64_t count, void *dst,
                           cxb_pool_fn fn)
{
    flat_task t = {x, count, count / GEN_CHUNKS + 1, dst};
    return cxb_pool_for(pool, (count + t.per_chunk - 1) / t.per_chunk, CXB_SCHED_DYNAMIC, fn, &t);
}

static cxb_status ws_pthreads(const cxb_gen_spec *s, cxb_pool *pool, cxb_edges *out)
{
    cxb_gen_ctx x;
    cxb_gen_ctx_init(&x, s);
    uint64_t lat = s->n * (s->k / 2);
    uint8_t *coin = malloc(lat ? lat : 1);
    if (!coin)
        return cxb_fail(CXB_ERESOURCE, "graph gen: ws: no memory for %llu coins",
                        (unsigned long long)lat);
    cxb_status st = flat_for(pool, &x, lat, coin, coins_chunk);
    if (st == CXB_OK)
        st = cxb_ws_rewire(s, coin, out);
    free(coin);
    return st;
}

cxb_status cxb_gnm_pthreads(const cxb_gen_spec *s, struct cxb_pool *pool, cxb_edges *out);

cxb_status cxb_generate_pthreads(const cxb_gen_spec *s, struct cxb_pool *pool, cxb_edges *out)
{
    cxb_edges_init(out); /* freed on every error path below */
    if (s->model == CXB_GEN_GNM)
        return cxb_gnm_pthreads(s, pool, out);
    if (s->model == CXB_GEN_WS)
        return ws_pthreads(s, pool, out);
    cxb_gen_ctx x;
    cxb_gen_ctx_init(&x, s);
    cxb_status st;
    if (s->model == CXB_GEN_DISJOINT) {
        uint32_t *set = malloc((s->n ? s->n : 1) * sizeof *set);
        if (!set)
            return cxb_fail(CXB_ERESOURCE, "graph gen: disjoint: no memory for %llu vertices",
                            (unsigned long long)s->n);
        if ((st = flat_for(pool, &x, s->n, set, sets_chunk)) != CXB_OK) {
            free(set);
            return st;
        }
        if ((st = dj_members_pthreads(pool, &x, set)) != CXB_OK)
            return st;
    }
    rows_task t = {&x, x.rows / GEN_CHUNKS + 1, NULL, NULL};
    uint64_t chunks = (x.rows + t.rows_per_chunk - 1) / t.rows_per_chunk;
    if (!(t.count = malloc((chunks + 1) * sizeof *t.count))) {
        cxb_disjoint_free(&x);
        return cxb_fail(CXB_ERESOURCE, "graph gen: no memory for %llu chunks",
                        (unsigned long long)chunks);
    }
    st = cxb_pool_for(pool, chunks, CXB_SCHED_DYNAMIC, rows_chunk, &t);
    uint64_t total = 0;
    for (uint64_t c = 0; c < chunks; ++c) {
        uint64_t k = t.count[c];
        t.count[c] = total;
        total += k;
    }
    if (st == CXB_OK)
        st = cxb_gen_alloc(out, s->n, total);
    if (st == CXB_OK) /* fresh pages faulted in by all workers at once (gen_touch.c) */
        st = cxb_gen_touch(pool, out->key, total * sizeof *out->key);
    if (st == CXB_OK) {
        t.key = out->key;
        st = cxb_pool_for(pool, chunks, CXB_SCHED_DYNAMIC, rows_chunk, &t);
        out->count = total;
    }
    if (st != CXB_OK)
        cxb_edges_free(out);
    cxb_disjoint_free(&x);
    free(t.count);
    return st;
}
