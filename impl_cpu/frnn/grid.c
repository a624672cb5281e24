/* The grid of a configuration and the host index (docs/studies/frnn.md "Grid and hash",
 * "Storage array and PBM"). gdim is computed in double on the host, once, as the study
 * defines it; W, 1/W and R2 are rounded to binary32 here and nowhere else. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/frnn/frnn.h"

const char *const cxb_frnn_query_names[CXB_FRNN_NQUERIES + 1] = {"moore", "pbw", "strips", "brute", NULL};
const char *const cxb_frnn_build_names[CXB_FRNN_NBUILDS + 1] = {"original", "acs", "acs_stable", "counting", NULL};
const char *const cxb_frnn_handler_names[CXB_FRNN_NHANDLERS + 1] = {"count", "list", "avg", NULL};

cxb_status cxb_frnn_grid_make(uint32_t dims, const double *min, const double *max, double radius, double w,
                              uint64_t max_bins, cxb_frnn_grid *g)
{
    memset(g, 0, sizeof *g);
    if (dims != 2 && dims != 3)
        return cxb_fail(CXB_EINPUT, "--dims: %u: expected 2 or 3", dims);
    if (!(radius > 0.0) || !isfinite(radius) || !((float)radius > 0.0f) || !isfinite((float)radius))
        return cxb_fail(CXB_EINPUT, "--radius: %g: expected a finite value > 0", radius);
    if (!(w >= CXB_FRNN_W_MIN && w <= CXB_FRNN_W_MAX))
        return cxb_fail(CXB_EINPUT, "--w: %g: expected 1/16 <= w <= 4", w);
    if (max_bins == 0 || max_bins > CXB_FRNN_MAX_BINS_LIMIT)
        return cxb_fail(CXB_EINPUT, "--max-bins: %llu: expected 1 to %llu", (unsigned long long)max_bins,
                        (unsigned long long)CXB_FRNN_MAX_BINS_LIMIT);
    g->dims = dims;
    g->radius = (float)radius;
    g->w = (float)w;
    g->width = g->w * g->radius;
    if (!(g->width > 0.0f) || !isfinite(g->width) || !isfinite(1.0f / g->width))
        return cxb_fail(CXB_EINPUT, "--radius: %g with --w %g: the bin width is not a normal binary32 value", radius, w);
    g->inv_width = 1.0f / g->width;
    g->r2 = g->radius * g->radius;
    if (!isfinite(g->r2) || !(g->r2 > 0.0f))
        return cxb_fail(CXB_EINPUT, "--radius: %g: R*R is not a finite binary32 value > 0", radius);
    double bins = 1.0;
    for (unsigned a = 0; a < 3; ++a) {
        g->gdim[a] = 1;
        if (a >= dims)
            continue;
        float lo = (float)min[a], hi = (float)max[a];
        if (!isfinite(lo) || !isfinite(hi) || !(lo <= hi))
            return cxb_fail(CXB_EINPUT, "--min/--max: axis %u: [%g, %g] is not a finite interval", a, min[a], max[a]);
        g->min[a] = lo;
        g->max[a] = hi;
        double d = ceil(((double)hi - (double)lo) / (double)g->width);
        if (d < 1.0)
            d = 1.0;
        bins *= d;
        g->gdim[a] = d > (double)CXB_FRNN_MAX_BINS_LIMIT ? 0 : (uint32_t)d;
    }
    if (bins > (double)max_bins)
        return cxb_fail(CXB_EINPUT, "--max-bins: grid needs %.0f bins (limit %llu); raise --max-bins or increase --w",
                        bins, (unsigned long long)max_bins);
    g->nbins = (uint32_t)bins;
    return CXB_OK;
}

cxb_status cxb_frnn_index_alloc(cxb_frnn_index *ix, const cxb_frnn_grid *g, uint32_t n)
{
    memset(ix, 0, sizeof *ix);
    ix->grid = *g;
    ix->n = n;
    size_t sb = (size_t)(n ? n : 1) * sizeof *ix->storage, pb = ((size_t)g->nbins + 1) * sizeof *ix->pbm;
    ix->storage = aligned_alloc(16, (sb + 15) & ~(size_t)15);
    ix->pbm = malloc(pb);
    if (!ix->storage || !ix->pbm) {
        cxb_frnn_index_free(ix);
        return cxb_fail(CXB_ERESOURCE, "frnn: out of host memory (%zu bytes for the storage array and PBM)", sb + pb);
    }
    return CXB_OK;
}

void cxb_frnn_index_free(cxb_frnn_index *ix)
{
    free(ix->storage);
    free(ix->pbm);
    free(ix->scratch);
    ix->storage = NULL;
    ix->pbm = NULL;
    ix->scratch = NULL;
    ix->scratch_bytes = 0;
}

void *cxb_frnn_index_scratch(cxb_frnn_index *ix, size_t bytes)
{
    if (bytes <= ix->scratch_bytes && ix->scratch)
        return ix->scratch;
    free(ix->scratch);
    ix->scratch_bytes = 0;
    ix->scratch = aligned_alloc(16, (bytes + 15) & ~(size_t)15);
    if (ix->scratch)
        ix->scratch_bytes = bytes;
    return ix->scratch;
}

cxb_frnn_view cxb_frnn_index_view(const cxb_frnn_index *ix)
{
    cxb_frnn_view v;
    memset(&v, 0, sizeof v);
    v.grid = ix->grid;
    v.n = ix->n;
    v.storage = ix->storage;
    v.pbm = ix->pbm;
    return v;
}
