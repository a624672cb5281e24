/* suites/propagation/replication_table.h - Jin et al. Figs 16 and 18 from the rows of
 * propagation.replication.seq (docs/studies/propagation.md "Replication ratio"): the table of R
 * per network, P and layout that `cxbench run` and `cxbench report` print, and the paper's
 * replication claims (INDEX.md keys jin.fig16 and jin.fig18), and their figures. */
#ifndef CXB_SUITES_PROPAGATION_REPLICATION_TABLE_H
#define CXB_SUITES_PROPAGATION_REPLICATION_TABLE_H

#include <stdio.h>

#include "harness/registry.h"

/* The R tables of a result set (nothing when it has no replication rows). */
cxb_status cxb_prop_replication_tables(const char *run_dir, FILE *out);

/* The claims' judges, for cxb_propagation_claims */
cxb_verdict cxb_prop_judge_r_rises(const char *const *run_dirs, size_t nsets, char *ours, size_t size);
cxb_verdict cxb_prop_judge_r_vertex_edge(const char *const *run_dirs, size_t nsets, char *ours, size_t size);
cxb_verdict cxb_prop_judge_r_dense(const char *const *run_dirs, size_t nsets, char *ours, size_t size);
cxb_verdict cxb_prop_judge_r_closed_form(const char *const *run_dirs, size_t nsets, char *ours, size_t size);
cxb_verdict cxb_prop_judge_r_rmat_lower(const char *const *run_dirs, size_t nsets, char *ours, size_t size);
cxb_verdict cxb_prop_judge_r_rmat_3_2(const char *const *run_dirs, size_t nsets, char *ours, size_t size);

/* Figs 16 and 18 drawn: R (and its closed form for G(n, m)) against P, one figure per layout
 * and partitioner, a series per network (plots/propagation/replication.gp) */
#define CXB_PROP_NFIGURES 6
extern const cxb_figure_spec cxb_prop_figures[CXB_PROP_NFIGURES];

#endif
