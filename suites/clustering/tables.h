/* suites/clustering/tables.h - the clustering study's paper tables, findings and modern table
 * (docs/studies/clustering.md "Tables, findings and figures"):
 *
 *   Leist Table 6.5   speed-up over clustering.smallest.seq at the largest |V| and the log-log
 *                     slope of time against |V| (first two points excluded), small-world
 *                     (leist.fig6.12) and scale-free (leist.fig6.13), beside the published values
 *                     (results/paper/leist2011_table6.5.csv), the Cell BE rows published only;
 *   reversed order    the slow-down of order=reversed against order=smallest per row on BA
 *                     (leist.reversed) beside the published 6x, 13x and 2x (Leist Sec. 6.2.4);
 *   the modern table  kernel-only rates in G edges/s of the tc rows and GAP's tc (anchor rows)
 *                     per graph and size (tc.modern.rate);
 *   the findings      Leist Sec. 6.2.4's findings and the targets of docs/studies/clustering.md
 *                     as cxb_claims judged on the sets of an INDEX.md key.
 */
#ifndef CXB_SUITES_CLUSTERING_TABLES_H
#define CXB_SUITES_CLUSTERING_TABLES_H

#include <stddef.h>
#include <stdio.h>

#include "cxb/core/status.h"
#include "harness/registry.h"

/* Every table the result set has points for (the study's print_tables). */
cxb_status cxb_clustering_tables_print(const char *run_dir, FILE *out);

/* The same over the union of several sets (a point in more than one: the last set's). */
cxb_status cxb_clustering_tables_print_sets(const char *const *run_dirs, size_t nsets, FILE *out);

/* Leist Sec. 6.2.4's findings and the targets, ended by {NULL} (the study's claims). */
extern const cxb_claim cxb_clustering_claims[];

/* The study's figures (plots/clustering/): Leist Figs 6.12-6.13 with the published overlay and
 * the modern rate per graph family. */
#define CXB_CLUSTERING_NFIGURES 6
extern const cxb_figure_spec cxb_clustering_figures[CXB_CLUSTERING_NFIGURES];

#endif
