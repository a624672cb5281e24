/* prng_lf24_kat: the known answers of docs/studies/prng.md - RANMAR's published test
 * (Marsaglia-Zaman-Tsang: seeds 1802, 9373, skip 20,000, six outputs x 2^24), the seed
 * mapping, child seeds, stream 1 and the r = 1021 table - on seq and on pthreads with
 * 1, 2, 3 and 8 threads. */
#include <string.h>

#include "check.h"
#include "cxb/core/pool.h"
#include "cxb/prng/lf24.h"

static void check_ranmar(void)
{
    uint32_t u[97];
    cxb_lf24 g;
    cxb_lf24_init(&g, u, 1, 97, 33, 1802, 9373);
    static const uint32_t first[5] = {1952718, 16187443, 14813785, 7054599, 8319089};
    static const uint32_t after[6] = {6533892, 14220222, 7275067, 6172232, 8354498, 10633180};
    for (int i = 0; i < 5; ++i) {
        uint32_t x = cxb_lf24_next(&g);
        CHECK_MSG(x == first[i], "output %d: %u != %u", i, x, first[i]);
    }
    for (int i = 5; i < 20000; ++i)
        cxb_lf24_next(&g);
    for (int i = 0; i < 6; ++i) {
        uint32_t x = cxb_lf24_next(&g);
        CHECK_MSG(x == after[i], "output %d after 20000: %u != %u", i, x, after[i]);
    }
}

static void check_seeds(void)
{
    uint32_t ij, kl;
    cxb_lf24_seed_split(54217137u, &ij, &kl);
    CHECK(ij == 1802 && kl == 9373);
    cxb_lf24_seed_split(900000001u + 54217137u, &ij, &kl); /* S mod 900,000,001 */
    CHECK(ij == 1802 && kl == 9373);
    cxb_lf24_seed_split(900000000u, &ij, &kl);
    CHECK(cxb_lf24_seeds_valid(ij, kl)); /* the mapping cannot reach the degenerate ij = 31328 */

    uint64_t child[3];
    cxb_lf24_child_seeds(54217137u, child, 3);
    CHECK(child[0] == 249947903u && child[1] == 2071992703u && child[2] == 1896164479u);
    cxb_lf24_seed_split(child[1], &ij, &kl);
    CHECK(ij * 30082u + kl == 271992701u);

    uint32_t u[1021];
    cxb_lf24 g;
    cxb_lf24_seed_split(0, &ij, &kl);
    cxb_lf24_init(&g, u, 1, 97, 33, ij, kl);
    static const uint32_t s0[3] = {5790094, 1344571, 2990437};
    for (int i = 0; i < 3; ++i)
        CHECK(cxb_lf24_next(&g) == s0[i]);

    cxb_lf24_seed_split(54217137u, &ij, &kl);
    cxb_lf24_init(&g, u, 1, 1021, cxb_lf24_default_s(1021), ij, kl);
    CHECK(cxb_lf24_default_s(1021) == 341 && cxb_lf24_default_s(92153) == 30718);
    static const uint32_t r1021[3] = {9556180, 15148139, 668481};
    for (int i = 0; i < 3; ++i)
        CHECK(cxb_lf24_next(&g) == r1021[i]);
}

/* carry_at / index_at (used by CUDA 2 and by jumps) agree with stepping. */
static void check_closed_forms(void)
{
    uint32_t c = CXB_LF24_C0, ri = 96, si = 32;
    for (uint64_t n = 0; n < 100000; ++n) {
        c = cxb_lf24_carry_next(c);
        CHECK_MSG(cxb_lf24_carry_at(n) == c, "carry at %llu", (unsigned long long)n);
        ri = cxb_lf24_index_prev(ri, 97);
        si = cxb_lf24_index_prev(si, 97);
        CHECK(cxb_lf24_index_at(96, n + 1, 97) == ri && cxb_lf24_index_at(32, n + 1, 97) == si);
        if (cxb_check_failures)
            break;
    }
}

/* Stream 1 (the first child) through a job, on seq and on pthreads with P threads. */
static void check_stream1_backends(void)
{
    static const uint32_t want[3] = {65637, 13037607, 4652588};
    cxb_lf24_job job = {54217137u, 97, 33, 3, 9, CXB_LF24_SLICE, CXB_LF24_STORE};
    unsigned threads[] = {1, 2, 3, 8};
    for (int b = -1; b < 4; ++b) {
        uint32_t *tables, out[9];
        CHECK(cxb_lf24_tables_create(&job, &tables) == CXB_OK);
        if (b < 0) {
            cxb_lf24_run_seq(&job, tables, out, NULL);
        } else {
            cxb_pool *pool;
            CHECK(cxb_pool_create(&pool, threads[b], CXB_BIND_NONE) == CXB_OK);
            CHECK(cxb_lf24_run_pthreads(pool, &job, tables, out, NULL) == CXB_OK);
            cxb_pool_destroy(pool);
        }
        for (int i = 0; i < 3; ++i)
            CHECK_MSG(out[i] == want[i], "backend %d output %d: %u", b, i, out[i]);
        free(tables);
    }
}

int main(void)
{
    check_ranmar();
    check_seeds();
    check_closed_forms();
    check_stream1_backends();
    CHECK_DONE();
}
