/* A program outside the tree using the installed libcxb through pkg-config (the
 * "as a library" use of cxbench): the header-only generator gives RANMAR's published
 * test, and the library's sequential backend gives the same stream as the header's
 * generator seeded with the library's child seed. Exit 0 when both hold. */
#include <stdio.h>
#include <stdlib.h>

#include <cxb/prng/lf24.h>
#include <cxb/rng/lf24.h>

int main(void)
{
    uint32_t u[97], ij, kl;
    cxb_lf24 g;
    cxb_lf24_init(&g, u, 1, 97, 33, 1802, 9373);
    for (int i = 0; i < 20000; ++i)
        cxb_lf24_next(&g);
    static const uint32_t after[6] = {6533892, 14220222, 7275067, 6172232, 8354498, 10633180};
    for (int i = 0; i < 6; ++i)
        if (cxb_lf24_next(&g) != after[i]) {
            fprintf(stderr, "consumer: RANMAR output %d differs\n", i);
            return 1;
        }

    cxb_lf24_job job = {54217137u, 97, 33, 1, 1000, CXB_LF24_SLICE, CXB_LF24_STORE};
    uint32_t *tables, out[1000];
    if (cxb_lf24_tables_create(&job, &tables) != CXB_OK ||
        cxb_lf24_run_seq(&job, tables, out, NULL) != CXB_OK) {
        fprintf(stderr, "consumer: %s\n", cxb_last_error());
        return 1;
    }
    free(tables);
    uint64_t child;
    cxb_lf24_child_seeds(job.seed, &child, 1);
    cxb_lf24_seed_split(child, &ij, &kl);
    cxb_lf24_init(&g, u, 1, 97, 33, ij, kl);
    for (int i = 0; i < 1000; ++i)
        if (cxb_lf24_next(&g) != out[i]) {
            fprintf(stderr, "consumer: library stream differs from the header's at %d\n", i);
            return 1;
        }
    puts("consumer: ok");
    return 0;
}
