/* prng_rng_random123: Philox4x32 (R = 7, 10) and Threefry4x32 (R = 13, 20) equal Random123's
 * own headers (Debian librandom123-dev) on 10^6 random (counter, key) pairs each (docs/studies/prng.md
 * 3.4-3.5). Random123 is used here only, as the oracle; the library never includes it. The
 * test skips (77) where the headers are absent. */
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "check.h"
#include "cxb/rng/philox.h"
#include "cxb/rng/threefry.h"

#if defined(CXB_HAVE_RANDOM123)
#include <Random123/philox.h>
#include <Random123/threefry.h>

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int main(void)
{
    uint64_t rng = (uint64_t)time(NULL) * 0x2545F4914F6CDD1Dull;
    printf("seed %llu\n", (unsigned long long)rng);
    long bad_p7 = 0, bad_p10 = 0, bad_t13 = 0, bad_t20 = 0;
    for (long i = 0; i < 1000000; ++i) {
        uint64_t a = splitmix64(&rng), b = splitmix64(&rng), c = splitmix64(&rng);
        philox4x32_ctr_t rc = {{(uint32_t)a, (uint32_t)(a >> 32), (uint32_t)b, (uint32_t)(b >> 32)}};
        philox4x32_key_t rk = {{(uint32_t)c, (uint32_t)(c >> 32)}};
        cxb_philox4x32_ctr pc = {{rc.v[0], rc.v[1], rc.v[2], rc.v[3]}};
        cxb_philox4x32_key pk = {{rk.v[0], rk.v[1]}};
        philox4x32_ctr_t r10 = philox4x32_R(10, rc, rk), r7 = philox4x32_R(7, rc, rk);
        cxb_philox4x32_ctr o10 = cxb_philox4x32_block(pc, pk, 10), o7 = cxb_philox4x32_block(pc, pk, 7);
        uint64_t d = splitmix64(&rng);
        threefry4x32_ctr_t tc = rc;
        threefry4x32_key_t tk = {{rk.v[0], rk.v[1], (uint32_t)d, (uint32_t)(d >> 32)}};
        cxb_threefry4x32_ctr qc = {{tc.v[0], tc.v[1], tc.v[2], tc.v[3]}};
        cxb_threefry4x32_key qk = {{tk.v[0], tk.v[1], tk.v[2], tk.v[3]}};
        threefry4x32_ctr_t t20 = threefry4x32_R(20, tc, tk), t13 = threefry4x32_R(13, tc, tk);
        cxb_threefry4x32_ctr q20 = cxb_threefry4x32_block(qc, qk, 20), q13 = cxb_threefry4x32_block(qc, qk, 13);
        for (int w = 0; w < 4; ++w) {
            bad_p10 += r10.v[w] != o10.v[w];
            bad_p7 += r7.v[w] != o7.v[w];
            bad_t20 += t20.v[w] != q20.v[w];
            bad_t13 += t13.v[w] != q13.v[w];
        }
    }
    CHECK_MSG(bad_p10 == 0, "philox4x32-10: %ld words differ", bad_p10);
    CHECK_MSG(bad_p7 == 0, "philox4x32-7: %ld words differ", bad_p7);
    CHECK_MSG(bad_t20 == 0, "threefry4x32-20: %ld words differ", bad_t20);
    CHECK_MSG(bad_t13 == 0, "threefry4x32-13: %ld words differ", bad_t13);
    CHECK_DONE();
}
#else
int main(void)
{
    (void)cxb_check_failures;
    SKIP("Random123 headers not found (apt-get install librandom123-dev)");
}
#endif
