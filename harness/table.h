/* harness/table.h - a result set analysed in memory, and the tables printed from it:
 *
 *   cxb_rset   samples.csv grouped by point (docs/method.md), each point summarised
 *              (docs/method.md), floors.csv joined, and - given the study - grouped into
 *              series and fitted (docs/method.md). derive.c writes summary.csv and fit.csv
 *              from it; cli_fit.c and compare.c read it.
 *   cxb_grid   a table of strings written as markdown, CSV or LaTeX.
 *   the speed-up and slope table in the style of Leist's Table 5.1 (docs/method.md).
 *
 * The metric of a result set is time_ns (wall_ns where time_ns is empty), or the
 * callgrind instruction count when every row has one (CI mode, docs/method.md): then the
 * summaries and fits are of instructions and floors are not applied.
 */
#ifndef CXB_HARNESS_TABLE_H
#define CXB_HARNESS_TABLE_H

#include <stddef.h>
#include <stdio.h>

#include "cxb/core/status.h"
#include "harness/csv.h"
#include "harness/fit.h"
#include "harness/registry.h"
#include "harness/stats.h"

/* ---------------- the analysed result set ---------------- */

typedef struct cxb_rpoint {
    const char *point, *study, *impl, *backend, *mode, *params; /* cells of samples.csv */
    const char *stop_reason;  /* "" when samples.csv has no such column */
    long discarded;
    double work;              /* the n column; NaN when empty */
    size_t count;             /* samples */
    double *t;                /* time_ns of each sample */
    double *ir;               /* instructions of each sample; NULL unless all have one */
    const double *val;        /* the set's metric: ir in instruction mode, else t */
    cxb_summary sum;          /* of val */
    double floor_ns;          /* from floors.csv; NaN when none (or instruction mode) */
    int in_fit;               /* kept by the fit of a series it belongs to */
    char rule[32];            /* exclusion rule; "no_series" when in no fitted series */
} cxb_rpoint;

typedef struct cxb_rseries {
    char *name;               /* "impl[fixed params]": the series key of fit.csv */
    const char *impl;
    char *fixed;              /* canonical params without x_param */
    const char *x_param;
    const cxb_series_spec *spec;
    size_t npts;
    size_t *pt;               /* indices into points, ascending x */
    double *x;
    cxb_fit_result fit;
} cxb_rseries;

typedef struct cxb_rset {
    char dir[4096];
    const char *study;        /* study column of the first row */
    const char *run_id;
    int metric_ir;            /* 1: the metric is instructions */
    cxb_csv csv;
    cxb_rpoint *points;       /* in order of first appearance in samples.csv */
    size_t npoints;
    cxb_rseries *series;
    size_t nseries;
    double *store;
} cxb_rset;

/* Reads dir/samples.csv (and dir/floors.csv when present), groups and summarises.
 * CXB_EINPUT naming the file (and line) for: a missing, empty or truncated file, a
 * missing column, no rows, a row with verified != 1, a time that is not a number. */
cxb_status cxb_rset_load(const char *dir, cxb_rset *rs);
/* Builds the study's series (cxb_series_spec) and fits them; range_lo/range_hi > 0
 * override the declared ranges and exclusions (`--range`). study may be NULL (no series). */
cxb_status cxb_rset_fit(cxb_rset *rs, const cxb_study *study, double range_lo, double range_hi);
void cxb_rset_free(cxb_rset *rs);

/* The points of several result sets merged, for a paper table drawn from the sets an INDEX.md
 * key names: one entry per (impl, params), the last set's where a point is in more than one. */
typedef struct cxb_mpoint {
    const char *impl, *params; /* cells of the set's samples.csv */
    double median_ns;          /* of the point's samples */
    double work;               /* the n column; NaN when empty */
} cxb_mpoint;

typedef struct cxb_msets {
    cxb_rset *rs;
    size_t nrs;
    cxb_mpoint *p;
    size_t n;
} cxb_msets;

/* Loads dirs[0 .. nd) (cxb_rset_load) and merges their points; who names the caller in an
 * out-of-memory message. On failure nothing stays allocated. */
cxb_status cxb_msets_load(const char *const *dirs, size_t nd, const char *who, cxb_msets *d);
void cxb_msets_free(cxb_msets *d);
/* The value of key in canonical params "k=v;k=v" copied into buf; 0 when absent. */
int cxb_rset_param(const char *params, const char *key, char *buf, size_t size);

/* ---------------- grids ---------------- */

typedef enum cxb_fmt { CXB_FMT_MD, CXB_FMT_CSV, CXB_FMT_TEX } cxb_fmt;

/* "md", "csv", "tex" (tex only when allow_tex); CXB_EINPUT otherwise. */
cxb_status cxb_fmt_parse(const char *s, int allow_tex, cxb_fmt *fmt);

typedef struct cxb_grid {
    size_t ncols, nrows, cap; /* nrows excludes the header */
    char **cells;             /* (nrows + 1) * ncols, row 0 is the header */
} cxb_grid;

cxb_status cxb_grid_init(cxb_grid *g, size_t ncols, const char *const *header);
/* Appends a row of ncols strings (copied; NULL is written as ""). */
cxb_status cxb_grid_add(cxb_grid *g, const char *const *row);
void cxb_grid_write(FILE *f, const cxb_grid *g, cxb_fmt fmt);
void cxb_grid_free(cxb_grid *g);

/* The slopes of a fitted result set: one row per series. */
cxb_status cxb_table_slopes(const cxb_rset *rs, cxb_grid *g);

/* The speed-up and slope table (docs/method.md): one row per series; speed-up against the
 * study's reference_impl at the largest x both have (the reference series along the
 * same x_param sharing the most fixed params), percentile-bootstrap 95% CI (B = 2000);
 * paper_style prints S < 1 as -1/S (Leist). machine labels the rows ("id @ machine"). */
cxb_status cxb_table_speedup(const cxb_rset *rs, const cxb_study *study, const char *machine,
                             int paper_style, cxb_grid *g);

/* The point estimate of series i's speed-up in that table (the median of its reference
 * series over its own, at the largest x both have) into *speedup and that x into *x: 1, or 0
 * where the series has no reference, is the reference or shares no x with it. */
int cxb_table_speedup_point(const cxb_rset *rs, const cxb_study *study, size_t i, double *speedup,
                            double *x);

#endif
