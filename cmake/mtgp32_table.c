/* cmake/mtgp32_table.c - run at configure time by cmake/CxbMtgp32.cmake: prints cuRAND's 200
 * MTGP32-11213 DC parameter sets (curand_mtgp32dc_p_11213.h of the CUDA toolkit, the same sets
 * as MersenneTwister-Lab/MTGP cuda-sample/mtgp32dc-param-11213.c; docs/studies/prng.md "Parameter
 * tables", 3.9) as the C initialiser of cxb_mtgp32_params[200] (include/cxb/rng/mtgp32.h:
 * pos, sh1, sh2, mask, tbl, tmp_tbl, flt_tmp_tbl). The table is generated, not committed:
 * it comes from the toolkit the build finds. */
#include <stdio.h>

#include "curand_mtgp32dc_p_11213.h"

static void row(const unsigned int *v)
{
    printf("{");
    for (int j = 0; j < 16; ++j)
        printf("0x%08xu%s", v[j], j < 15 ? "," : "");
    printf("}");
}

int main(void)
{
    int n = (int)(sizeof mtgp32dc_params_fast_11213 / sizeof mtgp32dc_params_fast_11213[0]);
    if (n != 200)
        return 1;
    printf("#define CXB_MTGP32_DC_11213_SETS %d\n#define CXB_MTGP32_DC_11213_TABLE { \\\n", n);
    for (int i = 0; i < n; ++i) {
        const mtgp32_params_fast_t *p = &mtgp32dc_params_fast_11213[i];
        if (p->mexp != 11213)
            return 1;
        printf("  {%du, %du, %du, 0x%08xu, ", p->pos, p->sh1, p->sh2, p->mask);
        row(p->tbl);
        printf(", ");
        row(p->tmp_tbl);
        printf(", ");
        row(p->flt_tmp_tbl);
        printf("}%s \\\n", i < n - 1 ? "," : "");
    }
    printf("}\n");
    return 0;
}
