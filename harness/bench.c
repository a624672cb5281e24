/* harness/bench.c - the summary of `cxbench bench` (make bench): see bench.h. */
#include "harness/bench.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/core/params.h"

void cxb_bench_skipped(const cxb_study *study, const char *preset, size_t *count, char *why, size_t size)
{
    *count = 0;
    if (size)
        why[0] = '\0';
    size_t nsw = 0;
    const cxb_sweep *sw = cxb_study_sweeps(study, preset, &nsw);
    for (size_t j = 0; sw && j < study->nimpls; ++j) {
        const cxb_impl *impl = &study->impls[j];
        int in_any = 0;
        for (size_t s = 0; s < nsw && !in_any; ++s)
            in_any = cxb_list_has(sw[s].impls, impl->id);
        const char *w = NULL;
        if (!in_any || cxb_impl_available(impl, &w))
            continue;
        if (*count == 0 && size)
            snprintf(why, size, "%s", w ? w : "unavailable");
        ++*count;
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_sorted(const double *v, size_t n)
{
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static const char *variant_of(const char *impl)
{
    const char *dot = strrchr(impl, '.');
    return dot ? dot + 1 : impl;
}

cxb_status cxb_bench_summarise(const char *run_dir, const cxb_study *study, cxb_bench_line *line)
{
    memset(line, 0, sizeof *line);
    cxb_rset rs;
    cxb_status st = cxb_rset_load(run_dir, &rs);
    if (st != CXB_OK)
        return st;
    if ((st = cxb_rset_fit(&rs, study, 0, 0)) != CXB_OK) {
        cxb_rset_free(&rs);
        return st;
    }
    line->points = rs.npoints;
    for (size_t i = 0; i < rs.npoints; ++i) {
        size_t j = 0;
        while (j < i && strcmp(rs.points[j].impl, rs.points[i].impl) != 0)
            ++j;
        line->rows += j == i;
    }
    double *v = malloc((2 * rs.nseries + 1) * sizeof *v), *ref = v + rs.nseries;
    if (!v) {
        cxb_rset_free(&rs);
        return cxb_fail(CXB_ERESOURCE, "bench: out of memory");
    }
    for (size_t i = 0; i < rs.nseries; ++i) {
        const cxb_fit_result *f = &rs.series[i].fit;
        ++line->series;
        if (!strcmp(f->verdict, "consistent"))
            ++line->consistent;
        else if (!strcmp(f->verdict, "steeper"))
            ++line->steeper;
        else if (!strcmp(f->verdict, "shallower"))
            ++line->shallower;
        else
            ++line->too_few;
        if (strcmp(f->verdict, "too_few_points") != 0 && !strcmp(variant_of(rs.series[i].impl), "seq"))
            ref[line->nref++] = f->b;
    }
    if (line->nref) {
        qsort(ref, line->nref, sizeof *ref, cmp_double);
        line->ref_slope_median = median_sorted(ref, line->nref);
        line->ref_slope_min = ref[0];
        line->ref_slope_max = ref[line->nref - 1];
    }
    /* speed-ups per kind of row, in the order the kinds first appear */
    for (size_t i = 0; i < rs.nseries; ++i) {
        const char *var = variant_of(rs.series[i].impl);
        size_t k = 0;
        while (k < line->nsp && strcmp(line->sp[k].variant, var) != 0)
            ++k;
        if (k < line->nsp || line->nsp == CXB_BENCH_MAX_VARIANTS)
            continue;
        size_t n = 0;
        for (size_t j = i; j < rs.nseries; ++j) {
            double s, x;
            if (!strcmp(variant_of(rs.series[j].impl), var) && cxb_table_speedup_point(&rs, study, j, &s, &x))
                v[n++] = s;
        }
        if (n == 0)
            continue;
        qsort(v, n, sizeof *v, cmp_double);
        cxb_bench_speedup *sp = &line->sp[line->nsp++];
        snprintf(sp->variant, sizeof sp->variant, "%s", var);
        sp->n = n;
        sp->median = median_sorted(v, n);
        sp->min = v[0];
        sp->max = v[n - 1];
    }
    free(v);
    cxb_rset_free(&rs);
    return CXB_OK;
}
