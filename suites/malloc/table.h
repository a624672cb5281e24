/* suites/malloc/table.h - Leist Fig. 5.10 as a table from a malloc result set
 * (suites/malloc/table.c). */
#ifndef CXB_SUITES_MALLOC_TABLE_H
#define CXB_SUITES_MALLOC_TABLE_H

#include <stdio.h>

#include "cxb/core/status.h"

/* Per series (implementation and its params but size): median alloc and free ms at each
 * chunk size, log2-log2 slope, sign changes, most failures, the thesis's statement.
 * CXB_EINPUT when run_dir/samples.csv is missing or lacks the malloc columns. */
cxb_status cxb_malloc_fig510_print(const char *run_dir, FILE *out);

/* The published claims judged on INDEX.md's sets (the study's cxb_study.claims). */
#include "harness/registry.h"
extern const cxb_claim cxb_malloc_claims[];

#endif
