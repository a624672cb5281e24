/* cxb/frnn/query.h - the one definition of a fixed-radius query over the partition boundary
 * matrix (PBM), shared by the seq, pthreads and CUDA rows (docs/studies/frnn.md "Queries").
 *
 * A query visits storage ranges; the variants differ only in how the ranges are formed:
 *   moore   the thesis's Algorithm 5: relative offsets from the origin's bin, each bin checked
 *           for validity and read as its own range; the offsets come from the tight box, not a
 *           fixed -1..+1, so that a pair just below R is never lost to rounding (Sec. 2.3 of
 *           docs/studies/frnn.md); reads the two-array PBM after an Original build;
 *   pbw     Algorithm 8: every bin of the tight box, one range per bin;
 *   strips  Algorithms 7 and 9: one range per row of x-adjacent bins, [pbm[h(lo.x)],
 *           pbm[h(hi.x) + 1]); the box is clamped once, so an edge row is never read twice
 *           (the thesis's clampToValid double counts there);
 *   brute   every stored item.
 * Loops nest z outermost, then y, then x, so per-bin and strip iteration visit the candidates
 * in the same order (storage order), and float sums agree bit for bit across variants.
 */
#ifndef CXB_FRNN_QUERY_H
#define CXB_FRNN_QUERY_H

#include <stdint.h>

#include "cxb/frnn/grid.h"
#include "cxb/hd.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cxb_frnn_query_kind {
    CXB_FRNN_MOORE,
    CXB_FRNN_PBW,
    CXB_FRNN_STRIPS,
    CXB_FRNN_BRUTE,
    CXB_FRNN_NQUERIES
} cxb_frnn_query_kind;

/* The built structure a query reads: storage in ascending bin order and the compact PBM
 * (pbm[b] .. pbm[b+1] is bin b); after an Original build without compaction, start/end
 * (CXB_FRNN_EMPTY marks an empty bin) and pbm NULL. Host or device pointers alike. */
typedef struct cxb_frnn_view {
    cxb_frnn_grid grid;
    uint32_t n;
    const cxb_frnn_rec *storage;
    const uint32_t *pbm;
    const uint32_t *start, *end;
} cxb_frnn_view;

/* What one query did (docs/studies/frnn.md "Surplus"): bins and strips (ranges) visited,
 * candidates examined (including the query itself) and accepted. */
typedef struct cxb_frnn_counters {
    uint64_t bins, strips, examined, accepted;
} cxb_frnn_counters;

/* The range iterator: state of the nested z, y, x loops over the box. */
typedef struct cxb_frnn_iter {
    int kind;
    int32_t lo[3], hi[3];   /* the loop bounds (relative offsets for moore) */
    int32_t org[3];         /* moore: the origin's bin */
    int32_t x, y, z;        /* the next position */
    int done;
} cxb_frnn_iter;

static inline CXB_HD void cxb_frnn_iter_init(cxb_frnn_iter *it, const cxb_frnn_view *v, int kind, const float *q)
{
    uint32_t lo[3], hi[3];
    it->kind = kind;
    it->done = 0;
    it->x = it->y = it->z = 0;
    for (int a = 0; a < 3; ++a)
        it->lo[a] = it->hi[a] = it->org[a] = 0;
    if (kind == CXB_FRNN_BRUTE)
        return;
    cxb_frnn_box(&v->grid, q, lo, hi);
    for (int a = 0; a < 3; ++a) {
        it->org[a] = 0;
        if (kind == CXB_FRNN_MOORE && a < (int)v->grid.dims)
            it->org[a] = (int32_t)cxb_frnn_coord(&v->grid, q[a], (unsigned)a);
        it->lo[a] = (int32_t)lo[a] - it->org[a];
        it->hi[a] = (int32_t)hi[a] - it->org[a];
    }
    it->x = it->lo[0];
    it->y = it->lo[1];
    it->z = it->lo[2];
}

/* The next storage range [*s, *e) (possibly empty); 0 when the query has no more. */
static inline CXB_HD int cxb_frnn_iter_next(cxb_frnn_iter *it, const cxb_frnn_view *v, uint32_t *s, uint32_t *e,
                                            cxb_frnn_counters *ctr)
{
    const cxb_frnn_grid *g = &v->grid;
    for (;;) {
        if (it->done)
            return 0;
        if (it->kind == CXB_FRNN_BRUTE) {
            it->done = 1;
            *s = 0;
            *e = v->n;
            if (ctr)
                ++ctr->strips;
            return 1;
        }
        int32_t x = it->x, y = it->y, z = it->z;
        /* advance: x fastest (strips: one step per row), then y, then z */
        if (it->kind == CXB_FRNN_STRIPS || it->x == it->hi[0]) {
            it->x = it->lo[0];
            if (it->y == it->hi[1]) {
                it->y = it->lo[1];
                if (it->z == it->hi[2])
                    it->done = 1;
                else
                    ++it->z;
            } else {
                ++it->y;
            }
        } else {
            ++it->x;
        }
        if (it->kind == CXB_FRNN_STRIPS) {
            uint32_t h0 = cxb_frnn_hash3(g, (uint32_t)it->lo[0], (uint32_t)y, (uint32_t)z);
            uint32_t h1 = cxb_frnn_hash3(g, (uint32_t)it->hi[0], (uint32_t)y, (uint32_t)z);
            *s = v->pbm[h0];
            *e = v->pbm[h1 + 1];
            if (ctr) {
                ++ctr->strips;
                ctr->bins += (uint64_t)(it->hi[0] - it->lo[0] + 1);
            }
            return 1;
        }
        if (it->kind == CXB_FRNN_MOORE) { /* relative offsets, every bin checked (Algorithm 5) */
            int32_t bx = it->org[0] + x, by = it->org[1] + y, bz = it->org[2] + z;
            if (bx < 0 || by < 0 || bz < 0 || bx >= (int32_t)g->gdim[0] || by >= (int32_t)g->gdim[1] ||
                bz >= (int32_t)g->gdim[2])
                continue;
            uint32_t h = cxb_frnn_hash3(g, (uint32_t)bx, (uint32_t)by, (uint32_t)bz);
            if (ctr) {
                ++ctr->bins;
                ++ctr->strips;
            }
            if (v->pbm) {
                *s = v->pbm[h];
                *e = v->pbm[h + 1];
            } else {
                *s = v->start[h];
                if (*s == CXB_FRNN_EMPTY)
                    *s = *e = 0;
                else
                    *e = v->end[h];
            }
            return 1;
        }
        uint32_t h = cxb_frnn_hash3(g, (uint32_t)x, (uint32_t)y, (uint32_t)z);
        *s = v->pbm[h];
        *e = v->pbm[h + 1];
        if (ctr) {
            ++ctr->bins;
            ++ctr->strips;
        }
        return 1;
    }
}

/* One query of the count, avg and list handlers at once (the unused outputs NULL):
 * returns the number of neighbours of q; sum (3 floats) receives the sum of their positions in
 * visit order; ids (when not NULL) receives their ids in visit order. */
static inline CXB_HD uint32_t cxb_frnn_query_one(const cxb_frnn_view *v, int kind, const cxb_frnn_rec *q, float *sum,
                                                 uint32_t *ids, cxb_frnn_counters *ctr)
{
    cxb_frnn_iter it;
    uint32_t s, e, count = 0;
    cxb_frnn_iter_init(&it, v, kind, q->p);
    if (sum)
        sum[0] = sum[1] = sum[2] = 0.0f;
    while (cxb_frnn_iter_next(&it, v, &s, &e, ctr)) {
        if (ctr)
            ctr->examined += e - s;
        for (uint32_t k = s; k < e; ++k) {
            cxb_frnn_rec c = v->storage[k];
            if (!cxb_frnn_accept(&v->grid, q, &c))
                continue;
            if (sum) {
                sum[0] = CXB_FRNN_ADD(sum[0], c.p[0]);
                sum[1] = CXB_FRNN_ADD(sum[1], c.p[1]);
                sum[2] = CXB_FRNN_ADD(sum[2], c.p[2]);
            }
            if (ids)
                ids[count] = c.id;
            ++count;
        }
    }
    if (ctr)
        ctr->accepted += count;
    return count;
}

/* The avg handler's value (docs/studies/frnn.md "Handlers"): the mean neighbour position, one
 * correctly rounded division per component, or the query's own position without neighbours. */
static inline CXB_HD void cxb_frnn_avg_finish(const cxb_frnn_rec *q, uint32_t count, const float *sum, float *out)
{
    for (int a = 0; a < 3; ++a)
        out[a] = count ? sum[a] / (float)count : q->p[a];
}

#ifdef __cplusplus
}
#endif

#endif
