/* frnn.{moore,pbw,strips,brute}.seq and the handlers' outputs (docs/studies/frnn.md "Queries",
 * "Handlers"). One query per stored item, slot k in storage order (queries in bin order, as the
 * GPU threads), the result written at the item's id. The list handler takes two passes as
 * cuNSearch does: counts, a 64-bit exclusive scan, then the fill; rows are then sorted. */
#include <stdlib.h>
#include <string.h>

#include "cxb/frnn/frnn.h"

void cxb_frnn_result_free(cxb_frnn_result *r)
{
    free(r->count);
    free(r->avg);
    free(r->off);
    free(r->ids);
    memset(r, 0, sizeof *r);
}

cxb_status cxb_frnn_result_init(cxb_frnn_result *r, cxb_frnn_handler h, uint32_t n)
{
    memset(r, 0, sizeof *r);
    r->handler = h;
    r->n = n;
    size_t m = n ? n : 1;
    r->count = calloc(m, sizeof *r->count);
    if (h == CXB_FRNN_AVG)
        r->avg = calloc(3 * m, sizeof *r->avg);
    if (h == CXB_FRNN_LIST)
        r->off = calloc(m + 1, sizeof *r->off);
    if (!r->count || (h == CXB_FRNN_AVG && !r->avg) || (h == CXB_FRNN_LIST && !r->off)) {
        cxb_frnn_result_free(r);
        return cxb_fail(CXB_ERESOURCE, "frnn: out of host memory for the results of %u points", n);
    }
    return CXB_OK;
}

cxb_status cxb_frnn_result_list_offsets(cxb_frnn_result *r)
{
    uint64_t s = 0;
    for (uint32_t i = 0; i < r->n; ++i) {
        r->off[i] = s;
        s += r->count[i];
    }
    r->off[r->n] = s;
    free(r->ids);
    r->ids = malloc((s ? s : 1) * sizeof *r->ids);
    if (!r->ids)
        return cxb_fail(CXB_ERESOURCE, "frnn: out of host memory for %llu neighbour ids", (unsigned long long)s);
    return CXB_OK;
}

void cxb_frnn_query_chunk(const cxb_frnn_view *v, int kind, cxb_frnn_result *r, int fill, uint32_t k0, uint32_t k1,
                          cxb_frnn_counters *ctr)
{
    float sum[3];
    for (uint32_t k = k0; k < k1; ++k) {
        const cxb_frnn_rec *q = &v->storage[k];
        uint32_t id = q->id;
        if (fill) {
            cxb_frnn_query_one(v, kind, q, NULL, r->ids + r->off[id], NULL);
            continue;
        }
        uint32_t c = cxb_frnn_query_one(v, kind, q, r->handler == CXB_FRNN_AVG ? sum : NULL, NULL, ctr);
        r->count[id] = c;
        if (r->handler == CXB_FRNN_AVG)
            cxb_frnn_avg_finish(q, c, sum, r->avg + 3 * (size_t)id);
    }
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

void cxb_frnn_result_canonical(cxb_frnn_result *r)
{
    if (r->handler != CXB_FRNN_LIST)
        return;
    for (uint32_t i = 0; i < r->n; ++i)
        qsort(r->ids + r->off[i], (size_t)(r->off[i + 1] - r->off[i]), sizeof *r->ids, cmp_u32);
}

cxb_status cxb_frnn_query_seq(const cxb_frnn_view *v, int kind, cxb_frnn_handler h, cxb_frnn_result *out,
                              cxb_frnn_counters *ctr)
{
    cxb_status st = cxb_frnn_result_init(out, h, v->n);
    if (st != CXB_OK)
        return st;
    if (ctr)
        memset(ctr, 0, sizeof *ctr);
    cxb_frnn_query_chunk(v, kind, out, 0, 0, v->n, ctr);
    if (h == CXB_FRNN_LIST) {
        if ((st = cxb_frnn_result_list_offsets(out)) != CXB_OK) {
            cxb_frnn_result_free(out);
            return st;
        }
        cxb_frnn_query_chunk(v, kind, out, 1, 0, v->n, NULL);
        cxb_frnn_result_canonical(out);
    }
    return CXB_OK;
}
