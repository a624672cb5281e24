/* frnn.{moore,pbw,strips,brute}.pthreads (docs/studies/frnn.md "Queries"): the storage slots in
 * contiguous chunks, one per worker (a static schedule keeps each chunk spatially coherent),
 * and counters are summed per chunk in chunk order, so the output is that of the seq row for
 * every thread count. */
#include <stdlib.h>
#include <string.h>

#include "cxb/core/pool.h"
#include "cxb/frnn/frnn.h"

typedef struct query_job {
    const cxb_frnn_view *v;
    int kind, fill;
    uint32_t chunks;
    cxb_frnn_result *r;
    cxb_frnn_counters *ctr; /* per chunk, or NULL */
} query_job;

static void query_part(void *arg, uint64_t item, unsigned worker)
{
    (void)worker;
    query_job *j = arg;
    uint32_t k0 = (uint32_t)((uint64_t)j->v->n * item / j->chunks);
    uint32_t k1 = (uint32_t)((uint64_t)j->v->n * (item + 1) / j->chunks);
    cxb_frnn_query_chunk(j->v, j->kind, j->r, j->fill, k0, k1, j->ctr && !j->fill ? &j->ctr[item] : NULL);
}

cxb_status cxb_frnn_query_pthreads(cxb_pool *pool, const cxb_frnn_view *v, int kind, cxb_frnn_handler h,
                                   cxb_frnn_result *out, cxb_frnn_counters *ctr)
{
    cxb_status st = cxb_frnn_result_init(out, h, v->n);
    if (st != CXB_OK)
        return st;
    query_job j = {v, kind, 0, cxb_pool_threads(pool), out, NULL};
    if (ctr) {
        memset(ctr, 0, sizeof *ctr);
        j.ctr = calloc(j.chunks, sizeof *j.ctr);
        if (!j.ctr) {
            cxb_frnn_result_free(out);
            return cxb_fail(CXB_ERESOURCE, "frnn: out of host memory");
        }
    }
    st = cxb_pool_for(pool, j.chunks, CXB_SCHED_STATIC, query_part, &j);
    for (uint32_t c = 0; ctr && c < j.chunks; ++c) {
        ctr->bins += j.ctr[c].bins;
        ctr->strips += j.ctr[c].strips;
        ctr->examined += j.ctr[c].examined;
        ctr->accepted += j.ctr[c].accepted;
    }
    free(j.ctr);
    if (st == CXB_OK && h == CXB_FRNN_LIST && (st = cxb_frnn_result_list_offsets(out)) == CXB_OK) {
        j.fill = 1;
        st = cxb_pool_for(pool, j.chunks, CXB_SCHED_STATIC, query_part, &j);
        if (st == CXB_OK)
            cxb_frnn_result_canonical(out);
    }
    if (st != CXB_OK)
        cxb_frnn_result_free(out);
    return st;
}
