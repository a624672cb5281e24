/* suites/prng_tables.h - the prng study's paper tables printed from a result set. */
#ifndef CXB_SUITES_PRNG_TABLES_H
#define CXB_SUITES_PRNG_TABLES_H

#include <stdio.h>

#include "cxb/status.h"

/* Leist Table 4.1 (prng.md 6.1) in the thesis's layout, with the published rows. */
cxb_status cxb_prng_table41_print(const char *run_dir, FILE *out);

#endif
