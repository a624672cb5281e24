/* prng.philox4x32.seq - the counter-based Philox4x32 stream (Salmon et al. 2011), one
 * block of four outputs after another: the reference of the pthreads and CUDA backends. */
#include "cxb/prng.h"
#include "cxb/rng/philox.h"

void cxb_philox4x32_bulk_seq(uint64_t seed, unsigned rounds, uint64_t n, uint32_t *out)
{
    cxb_philox4x32_bulk_range(seed, rounds, 0, n, out);
}
