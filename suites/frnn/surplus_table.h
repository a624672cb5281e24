/* suites/frnn/surplus_table.h - Chisholm's Table 6.1 (the surplus against the bin width) from the
 * rows run with surplus=1: the report's table and its claim (docs/studies/frnn.md "Surplus"). */
#ifndef CXB_SUITES_FRNN_SURPLUS_TABLE_H
#define CXB_SUITES_FRNN_SURPLUS_TABLE_H

#include <stddef.h>
#include <stdio.h>

#include "harness/registry.h"

/* Holds when every (dims, w) with counters is within 1% of (2 + w)^d / V_d (at least 5 of them). */
cxb_verdict cxb_frnn_surplus_judge(const char *const *run_dirs, size_t nsets, char *ours, size_t size);

/* The study's print_tables: Table 6.1 of one set (nothing when it has no counters). */
cxb_status cxb_frnn_tables_print(const char *run_dir, FILE *out);

#endif
