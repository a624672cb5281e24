/* suites/prng/tables.h - the prng study's paper tables printed from a result set. */
#ifndef CXB_SUITES_PRNG_TABLES_H
#define CXB_SUITES_PRNG_TABLES_H

#include <stdio.h>

#include "cxb/core/status.h"

/* Leist Table 4.1 (docs/studies/prng.md) in the thesis's layout, with the published rows. */
cxb_status cxb_prng_table41_print(const char *run_dir, FILE *out);

/* Leist Table 4.2 (docs/studies/prng.md): NR3 generators vs Marsaglia CUDA 1, per backend of the run,
 * with memory per thread and the published rows: a row per backend that has a mode=sum point
 * of prng.{ran,ranq2,ranq1,ranhash,ranlim32}.* (lf24 at r = 97 alone fills no row); nothing
 * when no backend has one. */
cxb_status cxb_prng_table42_print(const char *run_dir, FILE *out);

/* The CPU throughput table: seq / cuRAND host generator and pthreads T / 1 thread per
 * generator (docs/studies/prng.md G5, G3b; suites/prng/tablegens.c). Prints nothing without those points. */
cxb_status cxb_prng_tablegens_print(const char *run_dir, FILE *out);

/* All three, in that order: the study's print_tables hook. */
cxb_status cxb_prng_tables_print(const char *run_dir, FILE *out);

/* The published claims of Tables 4.1 and 4.2 judged on the sets of INDEX.md keys table4.1 and
 * table4.2 (the study's cxb_study.claims). */
#include "harness/registry.h"
extern const cxb_claim cxb_prng_claims[];

#endif
