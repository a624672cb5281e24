/* clustering: the results every variant shares (docs/studies/clustering.md "Definitions",
 * "Verification"): default parameters, W from the degrees, the per-vertex hash, the floating
 * outputs (transitivity, Leist Eq. 2.10; local coefficient, Eq. 2.8; the two averages of Eq. 2.9
 * under the two degree < 2 conventions cxbench prints), the invariants and the exact per-vertex
 * comparison. Defined once here and used by every backend's rows, the command line and the
 * tests.
 *
 * The floats are computed in one defined way: (double)(3T) / (double)W, and C_v =
 * (double)(2 T_v) / (double)(d (d - 1)) added in vertex order, left to right, in double, then
 * divided by the count (the computation networkx's average_clustering does).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/clustering/clustering.h"

void cxb_cl_params_init(cxb_cl_params *p)
{
    p->order = CXB_CL_ORDER_SMALLEST;
    p->block = 64;  /* docs/studies/clustering.md "Parameters": the thesis gives no block size */
    p->grain = 10;  /* Leist Alg. 33-35: blocked_range grain 10 */
    p->chunk = 0;
    p->sort_gpu = 0;
    p->prefetch = 0;
    p->relabel = -1;
    p->gpus = 0;
    p->deg_warp = 32;    /* docs/studies/clustering.md "Intersection strategies" */
    p->deg_block = 1024;
}

uint64_t cxb_cl_wedge_count(const cxb_csr *g)
{
    uint64_t w = 0;
    for (uint64_t v = 0; v < g->n; ++v)
        w += cxb_cl_wedges(g->off[v + 1] - g->off[v]);
    return w;
}

uint64_t cxb_cl_tv_hash(const uint64_t *tv, uint64_t n)
{
    uint64_t h = 0;
    for (uint64_t v = 0; v < n; ++v)
        h += cxb_cl_tv_term((cxb_vid)v, tv[v]);
    return h;
}

double cxb_cl_transitivity(uint64_t T, uint64_t W)
{
    if (W == 0)
        return NAN;
    return (double)(3 * T) / (double)W;
}

double cxb_cl_local(uint64_t tv, uint64_t d)
{
    if (d < 2)
        return NAN;
    return (double)(2 * tv) / (double)(d * (d - 1));
}

void cxb_cl_summarise(const cxb_csr *g, uint64_t T, uint64_t W, const uint64_t *tv, cxb_cl_summary *out)
{
    out->T = T;
    out->W = W;
    out->transitivity = cxb_cl_transitivity(T, W);
    out->avg_local = out->avg_local_deg2 = NAN;
    out->deg2 = 0;
    out->tv_hash = 0;
    for (uint64_t v = 0; v < g->n; ++v)
        out->deg2 += g->off[v + 1] - g->off[v] >= 2;
    if (!tv)
        return;
    out->tv_hash = cxb_cl_tv_hash(tv, g->n);
    double sum = 0.0; /* left to right in vertex order; vertices with d < 2 add 0 */
    for (uint64_t v = 0; v < g->n; ++v) {
        uint64_t d = g->off[v + 1] - g->off[v];
        if (d >= 2)
            sum += cxb_cl_local(tv[v], d);
    }
    if (g->n)
        out->avg_local = sum / (double)g->n;
    if (out->deg2)
        out->avg_local_deg2 = sum / (double)out->deg2;
}

cxb_status cxb_cl_check(const cxb_csr *g, uint64_t T, uint64_t W, const uint64_t *tv, const char *what)
{
    uint64_t w = cxb_cl_wedge_count(g);
    if (W != w)
        return cxb_fail(CXB_EFAIL, "%s: triples %llu != %llu = sum of C(d, 2) over the degrees", what,
                        (unsigned long long)W, (unsigned long long)w);
    if (!tv)
        return CXB_OK;
    uint64_t s = 0;
    for (uint64_t v = 0; v < g->n; ++v) {
        uint64_t d = g->off[v + 1] - g->off[v];
        if (tv[v] > cxb_cl_wedges(d))
            return cxb_fail(CXB_EFAIL, "%s: vertex %llu: %llu triangles > C(%llu, 2)", what, (unsigned long long)v,
                            (unsigned long long)tv[v], (unsigned long long)d);
        s += tv[v];
    }
    if (s != 3 * T)
        return cxb_fail(CXB_EFAIL, "%s: sum of per-vertex triangles %llu != 3 * %llu", what, (unsigned long long)s,
                        (unsigned long long)T);
    return CXB_OK;
}

cxb_status cxb_cl_compare_tv(const uint64_t *tv, const uint64_t *ref, uint64_t n, const char *what,
                             const char *ref_name)
{
    for (uint64_t v = 0; v < n; ++v)
        if (tv[v] != ref[v])
            return cxb_fail(CXB_EFAIL, "%s: vertex %llu: triangles %llu != %llu of %s", what, (unsigned long long)v,
                            (unsigned long long)tv[v], (unsigned long long)ref[v], ref_name);
    return CXB_OK;
}

void cxb_cl_format_double(double x, char *buf, size_t size)
{
    if (isnan(x)) {
        snprintf(buf, size, "nan");
        return;
    }
    if (isinf(x)) {
        snprintf(buf, size, x > 0 ? "inf" : "-inf");
        return;
    }
    for (int prec = 1; prec <= 17; ++prec) { /* the shortest that round-trips */
        snprintf(buf, size, "%.*g", prec, x);
        if (strtod(buf, NULL) == x)
            break;
    }
    if (!strpbrk(buf, ".en")) { /* Python's repr keeps a ".0" on integral values */
        size_t len = strlen(buf);
        if (len + 2 < size)
            memcpy(buf + len, ".0", 3);
    }
}
