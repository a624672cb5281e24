/* suites/prng/tables.c - the prng study's paper tables, in the thesis's order: Leist
 * Table 4.1 (lagged Fibonacci per platform and table size), then Table 4.2 (Numerical
 * Recipes generators against Marsaglia on the GPU), then the CPU throughput table of the
 * preset gens (suites/prng/tablegens.c). Each prints nothing when the result set
 * holds none of its points. */
#include "suites/prng/tables.h"

cxb_status cxb_prng_tables_print(const char *run_dir, FILE *out)
{
    cxb_status st = cxb_prng_table41_print(run_dir, out);
    if (st == CXB_OK)
        st = cxb_prng_table42_print(run_dir, out);
    return st != CXB_OK ? st : cxb_prng_tablegens_print(run_dir, out);
}
