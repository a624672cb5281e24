/* graph gen, pthreads: the row models (line, ring, lattice, gnp) by chunks of rows -
 * a count pass, an exclusive scan over the chunks and a fill pass (graph.md 10). The
 * chunk size depends on the row count only, and each chunk's tuples land at the scan's
 * offset in row order, so the tuples are those of cxb_generate_seq for any thread count.
 * gnm is in gen_gnm.c. */
#include <stdlib.h>

#include "cxb/pool.h"
#include "impl_cpu/graph/gen.h"

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
    else
        t->count[c] = cxb_gen_rows(t->x, r0, r1, NULL);
}

cxb_status cxb_gnm_pthreads(const cxb_gen_spec *s, struct cxb_pool *pool, cxb_edges *out);

cxb_status cxb_generate_pthreads(const cxb_gen_spec *s, struct cxb_pool *pool, cxb_edges *out)
{
    if (s->model == CXB_GEN_GNM)
        return cxb_gnm_pthreads(s, pool, out);
    cxb_gen_ctx x;
    cxb_gen_ctx_init(&x, s);
    rows_task t = {&x, x.rows / GEN_CHUNKS + 1, NULL, NULL};
    uint64_t chunks = (x.rows + t.rows_per_chunk - 1) / t.rows_per_chunk;
    if (!(t.count = malloc((chunks + 1) * sizeof *t.count)))
        return cxb_fail(CXB_ERESOURCE, "graph gen: no memory for %llu chunks",
                        (unsigned long long)chunks);
    cxb_status st = cxb_pool_for(pool, chunks, CXB_SCHED_DYNAMIC, rows_chunk, &t);
    uint64_t total = 0;
    for (uint64_t c = 0; c < chunks; ++c) {
        uint64_t k = t.count[c];
        t.count[c] = total;
        total += k;
    }
    if (st == CXB_OK)
        st = cxb_gen_alloc(out, s->n, total);
    if (st == CXB_OK) {
        t.key = out->key;
        st = cxb_pool_for(pool, chunks, CXB_SCHED_DYNAMIC, rows_chunk, &t);
        out->count = total;
    }
    if (st != CXB_OK)
        cxb_edges_free(out);
    free(t.count);
    return st;
}
