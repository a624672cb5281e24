/* prng_curand_cuda: the cuRAND peer rows on the GPU. With the default ordering cuRAND's host
 * API output k is the first curand() of device subsequence k for XORWOW and MRG32k3a (k < 64
 * here) and Philox's first four are curand4 of subsequence 0 (docs/studies/prng.md) - computed by our
 * cores, so this also checks the cores against cuRAND on the device; reset returns to the
 * same numbers; an ordering a generator does not offer is refused as bad input. Without a
 * GPU it checks the "no GPU" answer and exits 77. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "cxb/core/cuda.h"
#include "cxb/prng/lf24.h"
#include "cxb/rng/mrg32k3a.h"
#include "cxb/rng/xorwow.h"

static uint32_t first_of(cxb_curand_gen gen, uint64_t seed, uint64_t k)
{
    if (gen == CXB_CURAND_XORWOW) {
        cxb_xorwow_state s;
        cxb_xorwow_init(&s, seed, k, 0);
        return cxb_xorwow_next_u32(&s);
    }
    cxb_mrg32k3a_state s;
    cxb_mrg32k3a_init(&s, seed, k, 0);
    return cxb_mrg32k3a_next_u32(&s);
}

static void check_gen(cxb_curand_gen gen, const char *name, uint64_t seed, uint64_t n)
{
    cxb_curand_cuda *ctx = NULL;
    cxb_status st = cxb_curand_cuda_create(&ctx, gen, CXB_CURAND_DEFAULT, seed, n, CXB_CURAND_U32, NULL);
    CHECK_MSG(st == CXB_OK, "%s create: %s", name, cxb_last_error());
    if (st != CXB_OK)
        return;
    static uint32_t first[1 << 16];
    for (int rep = 0; rep < 2; ++rep) {
        cxb_phases ph;
        CHECK_MSG(cxb_curand_cuda_reset(ctx) == CXB_OK, "%s reset: %s", name, cxb_last_error());
        CHECK_MSG(cxb_curand_cuda_run(ctx, &ph) == CXB_OK, "%s run: %s", name, cxb_last_error());
        const uint32_t *got = cxb_curand_cuda_out(ctx);
        if (rep == 0)
            memcpy(first, got, n * 4);
        else
            CHECK_MSG(memcmp(first, got, n * 4) == 0, "%s: a reset run writes other numbers", name);
    }
    if (gen == CXB_CURAND_PHILOX) {
        uint32_t want[4];
        cxb_philox4x32_bulk_seq(seed, 10, 4, want);
        CHECK_MSG(memcmp(first, want, sizeof want) == 0, "philox: %u %u %u %u, curand4 says %u %u %u %u", first[0],
                  first[1], first[2], first[3], want[0], want[1], want[2], want[3]);
    } else {
        int bad = 0;
        for (uint64_t k = 0; k < 64 && !bad; ++k)
            if (first[k] != first_of(gen, seed, k)) {
                CHECK_MSG(0, "%s seed %llu: host output %llu is %u, our subsequence %llu starts %u", name,
                          (unsigned long long)seed, (unsigned long long)k, first[k], (unsigned long long)k,
                          first_of(gen, seed, k));
                bad = 1;
            }
    }
    cxb_curand_cuda_destroy(ctx);
}

int main(void)
{
    const char *why = NULL;
    cxb_curand_cuda *ctx = (cxb_curand_cuda *)(void *)&why;
    if (cxb_cuda_device_count(&why) == 0) {
        CHECK(cxb_curand_cuda_create(&ctx, CXB_CURAND_PHILOX, CXB_CURAND_DEFAULT, 1, 16, CXB_CURAND_U32, NULL) == CXB_ERESOURCE &&
              ctx == NULL);
        if (cxb_check_failures)
            CHECK_DONE();
        SKIP("%s", why);
    }
    CHECK(cxb_curand_cuda_create(&ctx, CXB_CURAND_PHILOX, CXB_CURAND_SEEDED, 1, 16, CXB_CURAND_U32, NULL) == CXB_EINPUT && ctx == NULL);
    CHECK(cxb_curand_cuda_create(&ctx, CXB_CURAND_MRG32K3A, CXB_CURAND_SEEDED, 1, 16, CXB_CURAND_U32, NULL) == CXB_EINPUT && ctx == NULL);
    const uint64_t seeds[] = {1234, 0, 987654321987ull};
    for (int i = 0; i < 3; ++i) {
        check_gen(CXB_CURAND_XORWOW, "xorwow", seeds[i], 1 << 16);
        check_gen(CXB_CURAND_MRG32K3A, "mrg32k3a", seeds[i], 1 << 16);
        check_gen(CXB_CURAND_PHILOX, "philox", seeds[i], 1 << 16);
    }
    CHECK_DONE();
}
