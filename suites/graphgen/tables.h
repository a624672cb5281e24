/* suites/graphgen/tables.h - the graphgen study's paper table printed from a result set. */
#ifndef CXB_SUITES_GRAPHGEN_TABLES_H
#define CXB_SUITES_GRAPHGEN_TABLES_H

#include <stdio.h>

#include "cxb/core/status.h"

/* Leist Table 5.1 (docs/studies/graphgen.md): speed-ups over seq at the largest point of each
 * size/degree sweep and log-log slopes, per implementation, beside the published numbers
 * of results/paper/leist2011_table5.1.csv. Prints nothing when the run has no fits of
 * graphgen.{alpha,ba}.* along n, k or m. */
cxb_status cxb_graphgen_table51_print(const char *run_dir, FILE *out);

/* The published claims judged on INDEX.md's sets (the study's cxb_study.claims). */
#include "harness/registry.h"
extern const cxb_claim cxb_graphgen_claims[];

#endif
