/* harness/derive.c - summary.csv and fit.csv of a result set, regenerated from
 * samples.csv (and floors.csv) at any time (docs/method.md), written atomically (4.5).
 *
 * summary.csv: one row per point, in order of first appearance in samples.csv; the
 * statistics are of time_ns (or of instructions when every row has them, table.h);
 * work = the n column; rate = work / median seconds (empty in instruction mode);
 * floor_ratio = median / floor_ns; stop_reason and discarded are copied from samples.csv
 * when it has those columns (else empty and 0); in_fit and exclusion_rule come from the
 * fit of the first series the point belongs to ("no_series" when it is in none).
 * fit.csv: one row per series of at least two sizes (harness/fit.h for the rules).
 */
#include "harness/derive.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "harness/atomic.h"
#include "harness/table.h"

static void put_num(FILE *f, double v)
{
    if (!isnan(v) && isfinite(v))
        fprintf(f, "%.12g", v);
}

static void put_sep_num(FILE *f, double v)
{
    fputc(',', f);
    put_num(f, v);
}

static cxb_status write_summary(const cxb_rset *rs, const char *prefix)
{
    char path[4200];
    snprintf(path, sizeof path, "%ssummary.csv", prefix);
    cxb_afile af;
    cxb_status st = cxb_afile_open(&af, path);
    if (st)
        return st;
    FILE *f = af.f;
    fputs("point,impl,params,count,median,q1,q3,iqr,min,max,mean,sd,rel_sd,median_ci_lo,"
          "median_ci_hi,work,rate,stop_reason,discarded,floor_ns,floor_ratio,in_fit,"
          "exclusion_rule\n", f);
    for (size_t i = 0; i < rs->npoints; ++i) {
        const cxb_rpoint *p = &rs->points[i];
        const cxb_summary *s = &p->sum;
        cxb_csv_put(f, p->point);
        fputc(',', f);
        cxb_csv_put(f, p->impl);
        fputc(',', f);
        cxb_csv_put(f, p->params);
        fprintf(f, ",%zu", s->count);
        put_sep_num(f, s->median);
        put_sep_num(f, s->q1);
        put_sep_num(f, s->q3);
        put_sep_num(f, s->iqr);
        put_sep_num(f, s->min);
        put_sep_num(f, s->max);
        put_sep_num(f, s->mean);
        put_sep_num(f, s->sd);
        put_sep_num(f, s->rel_sd);
        put_sep_num(f, s->median_ci_lo);
        put_sep_num(f, s->median_ci_hi);
        put_sep_num(f, p->work);
        put_sep_num(f, !rs->metric_ir && s->median > 0 ? p->work / (s->median * 1e-9) : NAN);
        fputc(',', f);
        cxb_csv_put(f, p->stop_reason);
        fprintf(f, ",%ld", p->discarded);
        put_sep_num(f, p->floor_ns);
        put_sep_num(f, p->floor_ns > 0 ? s->median / p->floor_ns : NAN);
        fprintf(f, ",%d,", p->in_fit);
        cxb_csv_put(f, p->rule);
        fputc('\n', f);
    }
    return cxb_afile_commit(&af);
}

static cxb_status write_fit(const cxb_rset *rs, const char *prefix)
{
    char path[4200];
    snprintf(path, sizeof path, "%sfit.csv", prefix);
    cxb_afile af;
    cxb_status st = cxb_afile_open(&af, path);
    if (st)
        return st;
    FILE *f = af.f;
    fputs("series,x_param,k,x_min,x_max,b,b_lo,b_hi,a,r2,sigma,boot_lo,boot_hi,theil_sen_b,"
          "expected,verdict\n", f);
    for (size_t i = 0; i < rs->nseries; ++i) {
        const cxb_rseries *s = &rs->series[i];
        const cxb_fit_result *r = &s->fit;
        cxb_csv_put(f, s->name);
        fputc(',', f);
        cxb_csv_put(f, s->x_param);
        fprintf(f, ",%zu", r->k);
        put_sep_num(f, r->x_min);
        put_sep_num(f, r->x_max);
        put_sep_num(f, r->b);
        put_sep_num(f, r->b_lo);
        put_sep_num(f, r->b_hi);
        put_sep_num(f, r->a);
        put_sep_num(f, r->r2);
        put_sep_num(f, r->sigma);
        put_sep_num(f, r->boot_lo);
        put_sep_num(f, r->boot_hi);
        put_sep_num(f, r->theil_sen_b);
        put_sep_num(f, r->expected);
        fputc(',', f);
        cxb_csv_put(f, r->verdict);
        fputc('\n', f);
    }
    return cxb_afile_commit(&af);
}

cxb_status cxb_derive_write(const char *run_dir, const cxb_study *study, double range_lo,
                            double range_hi)
{
    cxb_rset rs;
    cxb_status st = cxb_rset_load(run_dir, &rs);
    if (st)
        return st;
    st = cxb_rset_fit(&rs, study, range_lo, range_hi);
    if (st == CXB_OK)
        st = cxb_derive_write_fitted(&rs);
    cxb_rset_free(&rs);
    return st;
}

cxb_status cxb_derive_write_fitted_to(const cxb_rset *rs, const char *prefix)
{
    cxb_status st = write_summary(rs, prefix);
    return st == CXB_OK ? write_fit(rs, prefix) : st;
}

cxb_status cxb_derive_write_fitted(const cxb_rset *rs)
{
    char prefix[4200];
    snprintf(prefix, sizeof prefix, "%s/", rs->dir);
    return cxb_derive_write_fitted_to(rs, prefix);
}
