/* suites/prng/curand.h - cuRAND's host API as the peer rows of the prng study:
 * prng.xorwow.curand, prng.mrg32k3a.curand, prng.philox4x32.curand (prng.md 2, 8.1). */
#ifndef CXB_SUITES_PRNG_CURAND_H
#define CXB_SUITES_PRNG_CURAND_H

#include "harness/registry.h"

cxb_status cxb_curand_setup_xorwow(const cxb_params *p, const cxb_env *env, void **ctx);
cxb_status cxb_curand_setup_mrg32k3a(const cxb_params *p, const cxb_env *env, void **ctx);
cxb_status cxb_curand_setup_philox(const cxb_params *p, const cxb_env *env, void **ctx);
cxb_status cxb_curand_setup_mtgp32(const cxb_params *p, const cxb_env *env, void **ctx);
cxb_status cxb_curand_setup_mt19937(const cxb_params *p, const cxb_env *env, void **ctx);
cxb_status cxb_curand_reset(void *ctx);
cxb_status cxb_curand_run(void *ctx, cxb_phases *ph);
cxb_status cxb_curand_verify(void *ctx);
uint64_t cxb_curand_checksum(void *ctx);
void cxb_curand_teardown(void *ctx);

#endif
