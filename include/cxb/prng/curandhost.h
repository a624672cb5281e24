/* cxb/prng/curandhost.h - cuRAND's CPU host generators (curandCreateGeneratorHost) as the
 * peer rows prng.<g>.curandhost of the prng study (docs/studies/prng.md "oracle in CI; weak CPU
 * baseline", 4, 6.6 series (CPU), 8.3 G5: sequential C >= 3x cuRAND's host generators per
 * core). They need no GPU and no driver: only libcurand of the CUDA toolkit, so they run in
 * CI. Implemented in impl_cuda/prng/curand/host.c, built only with libcurand; without it these
 * functions do not exist and the rows are absent.
 *
 * Orderings the CPU host generators accept (cuRAND 10.4, CUDA 13.0, seen on the CPU):
 *   xorwow    default, seeded, legacy, best       mrg32k3a  default, legacy, best
 *   philox    default, legacy, best               mtgp32    default, legacy, best
 *   mt19937   default, legacy
 * DYNAMIC (the GPU's fastest) is refused by all of them (CURAND_STATUS_OUT_OF_RANGE). */
#ifndef CXB_PRNG_CURANDHOST_H
#define CXB_PRNG_CURANDHOST_H

#include <stdint.h>

#include "cxb/prng/lf24.h"
#include "cxb/core/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* cuRAND's pseudo-random orderings by name; the host generators' refusals are CXB_EINPUT */
typedef enum cxb_curandhost_ordering {
    CXB_CURANDHOST_DEFAULT, CXB_CURANDHOST_SEEDED, CXB_CURANDHOST_LEGACY, CXB_CURANDHOST_BEST,
    CXB_CURANDHOST_DYNAMIC
} cxb_curandhost_ordering;
/* "default", "seeded", "legacy", "best", "dynamic", NULL: in enum order */
extern const char *const cxb_curandhost_ordering_names[];

typedef struct cxb_curandhost cxb_curandhost;

/* A host generator of gen with seed and ordering, its states set up (curandGenerateSeeds:
 * MT19937 spends ~5 s there, MRG32k3a's default ordering ~1 s), positioned at output 0. */
cxb_status cxb_curandhost_create(cxb_curandhost **h, cxb_curand_gen gen, cxb_curandhost_ordering ordering,
                                 uint64_t seed);
/* Back to output 0 with the states set up, so that the next generate call costs only the
 * generation: curandSetGeneratorOffset(0) + curandGenerateSeeds; MTGP32 and MT19937 refuse
 * an offset (CURAND_STATUS_TYPE_ERROR), so they are destroyed and made anew. */
cxb_status cxb_curandhost_reset(cxb_curandhost *h);
/* n numbers into host memory: curandGenerate (u32), curandGenerateUniform (f32) or
 * curandGenerateUniformDouble (f64). The timed phase of the rows. */
cxb_status cxb_curandhost_generate(cxb_curandhost *h, cxb_curand_type type, void *out, uint64_t n);
void cxb_curandhost_destroy(cxb_curandhost *h);

#ifdef __cplusplus
}
#endif

#endif
