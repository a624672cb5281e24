/* harness/bench.h - `cxbench bench` (make bench): which studies a preset runs, which of their
 * rows this machine skips and why, and one line per study for the summary table across
 * studies (docs/cli.md, bench). The library computes; the command prints. */
#ifndef CXB_HARNESS_BENCH_H
#define CXB_HARNESS_BENCH_H

#include <stddef.h>

#include "cxb/core/status.h"
#include "harness/registry.h"
#include "harness/table.h"

/* The rows of a study's preset that this machine cannot run: *count of them, and the
 * reason of the first (a missing GPU) copied into why ("" when none is skipped). */
void cxb_bench_skipped(const cxb_study *study, const char *preset, size_t *count, char *why, size_t size);

/* Speed-ups over each algorithm's own seq row, per kind of row (the implementation id's last
 * component: pthreads, cuda, cuda1, curand ...), one value per series (cxb_table_speedup_point). */
typedef struct cxb_bench_speedup {
    char variant[32];
    size_t n;                 /* series */
    double median, min, max;  /* of the series' speed-ups */
} cxb_bench_speedup;

#define CXB_BENCH_MAX_VARIANTS 8

/* One study's line of the summary. */
typedef struct cxb_bench_line {
    size_t rows;              /* implementations with points in the result set */
    size_t points;            /* points (every one verified before it was timed) */
    size_t series;            /* fitted series */
    size_t consistent, steeper, shallower, too_few;
    cxb_bench_speedup sp[CXB_BENCH_MAX_VARIANTS];
    size_t nsp;
    /* the slope of each reference series (the algorithms' seq rows), median and range */
    size_t nref;
    double ref_slope_median, ref_slope_min, ref_slope_max;
} cxb_bench_line;

/* Reads run_dir (samples.csv), fits the study's series and fills *line. */
cxb_status cxb_bench_summarise(const char *run_dir, const cxb_study *study, cxb_bench_line *line);

#endif
