/* tests/fuzz/fuzz_points.c - libFuzzer entry point: the points file reader of `cxbench frnn`
 * (suites/frnn/points_io.c) on arbitrary bytes. A file it accepts must hold 2 or 3 finite
 * coordinates per point with ids 0..n-1, survive the %.9g round trip bit for bit, and, when
 * small, give the same neighbour counts through the grid (counting.seq + strips.seq) as a brute
 * force over the points: the tight-box guarantee on whatever coordinates the fuzzer finds. */
#define _XOPEN_SOURCE 700
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/frnn/frnn.h"
#include "fuzz_util.h"
#include "suites/frnn/points_io.h"

static void check_counts(const cxb_frnn_points *p)
{
    double mn[3] = {0, 0, 0}, mx[3] = {0, 0, 0};
    for (uint32_t a = 0; a < p->dims; ++a)
        for (uint32_t i = 0; i < p->n; ++i) {
            double v = p->pts[i].p[a];
            mn[a] = i == 0 || v < mn[a] ? v : mn[a];
            mx[a] = i == 0 || v > mx[a] ? v : mx[a];
        }
    cxb_frnn_grid g;
    double r = p->n ? fabs((double)p->pts[0].p[0]) + 0.5 : 1.0; /* a radius the input chooses */
    if (cxb_frnn_grid_make(p->dims, mn, mx, r, 0.5, 1u << 16, &g) != CXB_OK)
        return; /* too many bins or a radius out of range: refused, not a finding */
    cxb_frnn_index ix;
    if (cxb_frnn_index_alloc(&ix, &g, p->n) != CXB_OK)
        return;
    FUZZ_ASSERT(cxb_frnn_build_counting_seq(p->pts, &ix) == CXB_OK, "counting.seq failed");
    FUZZ_ASSERT(cxb_frnn_index_check(&ix, p->pts, "fuzz") == CXB_OK, "%s", cxb_last_error());
    cxb_frnn_view v = cxb_frnn_index_view(&ix);
    cxb_frnn_result res;
    FUZZ_ASSERT(cxb_frnn_query_seq(&v, CXB_FRNN_STRIPS, CXB_FRNN_COUNT, &res, NULL) == CXB_OK, "strips.seq failed");
    for (uint32_t i = 0; i < p->n; ++i) {
        uint32_t c = 0;
        for (uint32_t j = 0; j < p->n; ++j)
            c += j != i && cxb_frnn_d2(p->dims, p->pts[i].p, p->pts[j].p) < g.r2;
        FUZZ_ASSERT(c == res.count[i], "point %u: strips %u, brute force %u", i, res.count[i], c);
    }
    cxb_frnn_result_free(&res);
    cxb_frnn_index_free(&ix);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fmemopen(size ? (void *)data : (void *)"", size, "rb");
    if (!f)
        return 0;
    cxb_frnn_points p;
    cxb_status st = cxb_frnn_points_read(f, "fuzz.pts", 0, &p);
    fclose(f);
    if (st != CXB_OK)
        return 0;
    FUZZ_ASSERT(p.n == 0 || p.dims == 2 || p.dims == 3, "dims %u", p.dims);
    for (uint32_t i = 0; i < p.n; ++i) {
        FUZZ_ASSERT(p.pts[i].id == i, "point %u has id %u", i, p.pts[i].id);
        for (uint32_t a = 0; a < 3; ++a)
            FUZZ_ASSERT(isfinite(p.pts[i].p[a]) && (a < p.dims || p.pts[i].p[a] == 0.0f), "point %u axis %u", i, a);
    }
    /* the %.9g round trip */
    char *buf = NULL;
    size_t len = 0;
    FILE *w = open_memstream(&buf, &len);
    FUZZ_ASSERT(w && cxb_frnn_points_write(w, p.pts, p.n, p.dims) == 0, "write failed");
    fclose(w);
    FILE *r = fmemopen(len ? buf : (char *)"", len, "rb");
    cxb_frnn_points q;
    FUZZ_ASSERT(r && cxb_frnn_points_read(r, "round trip", p.n ? p.dims : 0, &q) == CXB_OK, "re-read: %s",
                cxb_last_error());
    fclose(r);
    free(buf);
    FUZZ_ASSERT(q.n == p.n, "round trip: %u points, then %u", p.n, q.n);
    for (uint32_t i = 0; i < p.n; ++i)
        FUZZ_ASSERT(!memcmp(p.pts[i].p, q.pts[i].p, sizeof p.pts[i].p), "point %u does not round-trip", i);
    cxb_frnn_points_free(&q);
    if (p.n <= 64)
        check_counts(&p);
    cxb_frnn_points_free(&p);
    return 0;
}
