/* harness/mseries.h - what the paper tables of the graph studies read from merged result sets
 * (cxb_msets, harness/table.h): one measured series (a figure's line: ascending x, the median
 * time at each), its log-log slope with the 95% t-interval (docs/method.md "Fit"), numeric
 * params, and the published values of results/paper/<source>_<item>.csv. */
#ifndef CXB_HARNESS_MSERIES_H
#define CXB_HARNESS_MSERIES_H

#include <stddef.h>

#include "harness/csv.h"

/* The value of key in canonical params as a number (the whole value must parse); 0 when absent
 * or not a number. */
int cxb_mparam_num(const char *params, const char *key, double *v);
/* 1 when key is present with exactly the value val. */
int cxb_mparam_is(const char *params, const char *key, const char *val);

#define CXB_MSERIES_MAX 64
typedef struct cxb_mseries {
    size_t n;
    double x[CXB_MSERIES_MAX], t[CXB_MSERIES_MAX]; /* ascending x; t: median ns */
} cxb_mseries;

/* Inserts (x, t) keeping x ascending; a full series ignores it. */
void cxb_mseries_add(cxb_mseries *s, double x, double t);
/* The time at x; 0 when the series has no such point. */
int cxb_mseries_at(const cxb_mseries *s, double x, double *t);

typedef struct cxb_mslope {
    int ok;   /* 0: fewer than 3 points left, or a degenerate fit */
    size_t k; /* points fitted */
    double b, lo, hi;
} cxb_mslope;

/* OLS of log10 t on log10 x without the first `first` and the last `last` points. */
cxb_mslope cxb_mseries_slope(const cxb_mseries *s, size_t first, size_t last);

/* Thread scaling of one row over merged sets (harness/table.h): the smallest ratio
 * t(threads = a) / t(threads = b) over the points of impl measured at both counts with params
 * otherwise equal; *pairs counts those points, *worst (when not NULL) is the threads = a point
 * of the smallest ratio. 0 when there is no pair. */
struct cxb_msets;
int cxb_msets_thread_ratio(const struct cxb_msets *d, const char *impl, int a, int b, double *smallest,
                           size_t *pairs, const char **worst);
/* The claim "each of impls is at least want times faster at b threads than at a": ours names
 * each row's smallest ratio, its pair count and where (model and n of the worst point); 0 (not
 * measured) when no row has a pair, 1 when every measured row reaches want, 2 when one does
 * not (the values of cxb_verdict, harness/registry.h). */
int cxb_msets_thread_claim(const struct cxb_msets *d, const char *const *impls, size_t nimpls, int a, int b,
                           double want, char *ours, size_t size);

/* Loads the sets a claim is judged on (cxb_msets_load); when they do not load, ours says so and
 * the result is 0, the caller's "not measured". 1 when d holds the sets (free it). */
int cxb_msets_claim_load(const char *const *dirs, size_t nd, const char *who, struct cxb_msets *d, char *ours,
                         size_t size);

/* cxb_msets_thread_claim on the sets dirs[0 .. nd), loaded and freed here: a thread-scaling
 * target's verdict (0 not measured, also when the sets do not load; 1 holds; 2 does not). */
int cxb_msets_thread_judge(const char *const *dirs, size_t nd, const char *who, const char *const *impls,
                           size_t nimpls, int a, int b, double want, char *ours, size_t size);

/* A published table: results/paper/<file> (under the source tree, else the working directory)
 * with the columns series, x, value and one more the caller names (e.g. unit, note). */
typedef struct cxb_pubtab {
    cxb_csv csv;
    int ok, cs, cx, cv, ce;
} cxb_pubtab;

void cxb_pubtab_load(cxb_pubtab *t, const char *file, const char *extra_col);
void cxb_pubtab_free(cxb_pubtab *t);
/* The row of (series, x) whose extra column equals extra (any when extra is NULL); -1 when
 * there is none or the table did not load. */
long cxb_pubtab_row(const cxb_pubtab *t, const char *series, const char *x, const char *extra);

#endif
