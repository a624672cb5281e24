/* prng_philox_cuda: prng.philox4x32.cuda equals prng.philox4x32.seq bit for bit (rounds 10
 * and 7; n = 0, 1, 3, 4, 5, a partial last block after many full ones, and 2^24 + 3 so that
 * the grid-stride loop wraps; under several launch shapes), repeated runs give the same
 * output, and bad parameters are
 * refused. Without a GPU it checks the "no GPU" answer and exits 77. `quick` keeps sizes
 * small (for compute-sanitizer). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/cuda.h"
#include "cxb/prng.h"

static void check_n(uint64_t seed, unsigned rounds, uint64_t n, unsigned spm)
{
    cxb_philox_cuda *ctx = NULL;
    cxb_status st = cxb_philox_cuda_create(&ctx, seed, rounds, n, spm);
    CHECK_MSG(st == CXB_OK, "create n %llu: %s", (unsigned long long)n, cxb_last_error());
    if (st != CXB_OK)
        return;
    uint32_t *ref = malloc(n ? n * 4 : 4);
    cxb_philox4x32_bulk_seq(seed, rounds, n, ref);
    for (int rep = 0; rep < 2; ++rep) {
        cxb_phases ph;
        CHECK_MSG(cxb_philox_cuda_run(ctx, &ph) == CXB_OK, "run: %s", cxb_last_error());
        const uint32_t *got = cxb_philox_cuda_out(ctx);
        CHECK_MSG(n == 0 || memcmp(ref, got, n * 4) == 0, "cuda != seq: n %llu, R %u, run %d",
                  (unsigned long long)n, rounds, rep);
    }
    free(ref);
    cxb_philox_cuda_destroy(ctx);
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "quick") == 0;
    const char *why = NULL;
    cxb_philox_cuda *ctx = (cxb_philox_cuda *)(void *)&why;
    if (cxb_cuda_device_count(&why) == 0) {
        CHECK(cxb_philox_cuda_create(&ctx, 1, 10, 16, 0) == CXB_ERESOURCE && ctx == NULL);
        if (cxb_check_failures)
            CHECK_DONE();
        SKIP("%s", why);
    }
    CHECK(cxb_philox_cuda_create(&ctx, 1, 8, 16, 0) == CXB_EINPUT && ctx == NULL);
    CHECK(cxb_philox_cuda_create(&ctx, 1, 10, (uint64_t)1 << 62, 0) == CXB_ERESOURCE && ctx == NULL);
    uint64_t seed = ((uint64_t)time(NULL) << 16) ^ 0x5DEECE66Dull;
    printf("seed %llu\n", (unsigned long long)seed);
    const uint64_t ns[] = {0, 1, 3, 4, 5, 4 * 1000 + 3, quick ? 65536 + 7 : (1u << 24) + 3};
    for (unsigned rounds = 7; rounds <= 10; rounds += 3)
        for (size_t i = 0; i < sizeof ns / sizeof ns[0]; ++i)
            check_n(seed + i, rounds, ns[i], i % 2 ? 0 : 1 + (unsigned)i * 20); /* launch shapes too */
    CHECK_DONE();
}
