/* suites/components/tables.h - the components study's paper tables, findings and modern table
 * (docs/studies/components.md "Tables, findings and figures" and "Calibration anchors"):
 *
 *   Leist Table 6.3   log-log slope of the median time against the family's swept size, per
 *                     graph family and row, over the thesis's fit exclusions, with its 95%
 *                     t-interval, beside the published slopes (results/paper/leist2011_table6.3.csv);
 *   Leist Table 6.4   speed-up over components.recursive.seq (the thesis's 1-core baseline) and
 *                     over components.unionfind.seq at the thesis's speed-up points, beside the
 *                     published speed-ups (results/paper/leist2011_table6.4.csv);
 *   the modern table  rates in G edges/s and % of the H100 bandwidth bounds of
 *                     docs/studies/components.md "The bandwidth bound", and the calibration
 *                     anchors (ECL-CC, race-free ECL-CC, GAP Afforest and SV) beside our rows on
 *                     the same graphs, with the ratio;
 *   the findings      Leist Sec. 6.4's qualitative findings and the calibration targets as
 *                     cxb_claims judged on the sets of an INDEX.md key.
 */
#ifndef CXB_SUITES_COMPONENTS_TABLES_H
#define CXB_SUITES_COMPONENTS_TABLES_H

#include <stddef.h>
#include <stdio.h>

#include "cxb/core/status.h"
#include "harness/registry.h"

/* Every table the result set has points for (the study's print_tables). */
cxb_status cxb_components_tables_print(const char *run_dir, FILE *out);

/* The same over the union of several sets (a point in more than one: the last set's). */
cxb_status cxb_components_tables_print_sets(const char *const *run_dirs, size_t nsets, FILE *out);

/* Leist Sec. 6.4's findings and the calibration targets, ended by {NULL} (the study's claims). */
extern const cxb_claim cxb_components_claims[];

/* The study's figures (plots/components/): Leist Figs 6.2-6.9 with the published overlay, the
 * modern rate and the anchor comparison per calibration family. */
#define CXB_COMPONENTS_NFIGURES 16
extern const cxb_figure_spec cxb_components_figures[CXB_COMPONENTS_NFIGURES];

/* The bandwidth bounds of docs/studies/components.md on an H100 80GB HBM3 (SXM): a
 * device-to-device copy moves CXB_CC_H100_COPY_BPS bytes per second (read + written; the
 * datasheet says 3.35e12), the L2 holds CXB_CC_H100_L2_BYTES, DRAM moves 32-byte sectors.
 * streaming: 8m + 16n bytes (64-bit offsets, 32-bit ids: offsets and adjacency read once,
 * labels initialised and flattened); random: plus 32m bytes (one sector per processed edge)
 * once the label array (4n bytes) no longer fits in L2, else the streaming bound. */
#define CXB_CC_H100_COPY_BPS 3.0e12
#define CXB_CC_H100_L2_BYTES 50e6

typedef struct cxb_cc_bound {
    double stream_ms, random_ms; /* lower bounds on the time */
    int labels_in_l2;            /* 4n <= L2: the random term is left out */
} cxb_cc_bound;

cxb_cc_bound cxb_cc_bound_h100(double n, double m);

#endif
