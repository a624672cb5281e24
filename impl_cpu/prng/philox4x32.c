/* cxb_philox4x32_bulk_seq - the Philox4x32 stream of curand_init(seed, 0, 0) + curand() as
 * one S = 1, C = 4 job of the generic bulk path (impl_cpu/prng/bulk.c), kept for its callers
 * (the cuRAND row's check, tests): one path, not two. */
#include "cxb/prng/lf24.h"
#include "cxb/prng/gen.h"

static cxb_bulk_spec philox_spec(uint64_t seed, unsigned rounds, uint64_t n)
{
    cxb_bulk_spec spec = {CXB_RNG_ID_philox4x32, {seed, n, 1, 4}, CXB_BULK_U32, CXB_BULK_CONV_CXB,
                          CXB_BULK_STORE, rounds};
    return spec;
}

void cxb_philox4x32_bulk_seq(uint64_t seed, unsigned rounds, uint64_t n, uint32_t *out)
{
    cxb_bulk_spec spec = philox_spec(seed, rounds, n);
    (void)cxb_bulk_run_seq(&spec, NULL, NULL, out, NULL); /* counter-based: no states */
}

cxb_status cxb_philox4x32_bulk_pthreads(struct cxb_pool *pool, uint64_t seed, unsigned rounds,
                                        uint64_t n, uint32_t *out)
{
    cxb_bulk_spec spec = philox_spec(seed, rounds, n);
    cxb_status st = cxb_bulk_spec_check(&spec);
    return st != CXB_OK ? st : cxb_bulk_run_pthreads(pool, &spec, NULL, NULL, out, NULL);
}
