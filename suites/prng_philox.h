/* suites/prng_philox.h - the prng study's Philox4x32 implementations (prng.md 3.4). */
#ifndef CXB_SUITES_PRNG_PHILOX_H
#define CXB_SUITES_PRNG_PHILOX_H

#include "harness/registry.h"

cxb_status cxb_philox_setup_seq(const cxb_params *p, const cxb_env *env, void **ctx);
cxb_status cxb_philox_setup_pthreads(const cxb_params *p, const cxb_env *env, void **ctx);
cxb_status cxb_philox_setup_cuda(const cxb_params *p, const cxb_env *env, void **ctx);
cxb_status cxb_philox_reset(void *ctx);
cxb_status cxb_philox_run(void *ctx, cxb_phases *ph);
cxb_status cxb_philox_verify(void *ctx);
uint64_t cxb_philox_checksum(void *ctx);
void cxb_philox_teardown(void *ctx);

#endif
