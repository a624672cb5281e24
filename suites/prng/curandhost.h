/* suites/prng/curandhost.h - prng.<g>.curandhost: cuRAND's CPU host generators as peer rows of
 * the prng study (suites/prng/curandhost.c), and their rows in the preset `gens`. Without
 * libcurand (CXB_HAVE_CURAND 0) the macros are empty: the rows are absent. */
#ifndef CXB_SUITES_PRNG_CURANDHOST_H
#define CXB_SUITES_PRNG_CURANDHOST_H

#include "cxb/config.h"
#include "harness/registry.h"

#if CXB_HAVE_CURAND
cxb_status cxb_curandhost_setup_xorwow(const cxb_params *p, const cxb_env *env, void **ctx);
cxb_status cxb_curandhost_setup_mrg32k3a(const cxb_params *p, const cxb_env *env, void **ctx);
cxb_status cxb_curandhost_setup_philox4x32(const cxb_params *p, const cxb_env *env, void **ctx);
cxb_status cxb_curandhost_setup_mtgp32(const cxb_params *p, const cxb_env *env, void **ctx);
cxb_status cxb_curandhost_setup_mt19937(const cxb_params *p, const cxb_env *env, void **ctx);
cxb_status cxb_curandhost_row_reset(void *ctx);
cxb_status cxb_curandhost_row_run(void *ctx, cxb_phases *ph);
cxb_status cxb_curandhost_row_verify(void *ctx);
uint64_t cxb_curandhost_row_checksum(void *ctx);
void cxb_curandhost_row_extra(void *ctx, char *buf, size_t size);
void cxb_curandhost_row_teardown(void *ctx);

#define CXB_PRNG_CURANDHOST_ROW(name, g, summary_)                                                 \
    {.id = "prng." name ".curandhost", .backend = CXB_BACKEND_SEQ, .summary = summary_,              \
     .setup = cxb_curandhost_setup_##g, .reset = cxb_curandhost_row_reset,                          \
     .run = cxb_curandhost_row_run, .verify = cxb_curandhost_row_verify,                            \
     .checksum = cxb_curandhost_row_checksum, .extra = cxb_curandhost_row_extra,                    \
     .teardown = cxb_curandhost_row_teardown},
/* the registry rows (suites/prng/study.c puts them in its implementation table) */
#define CXB_PRNG_CURANDHOST_IMPLS                                                                  \
    CXB_PRNG_CURANDHOST_ROW("philox4x32", philox4x32,                                              \
        "cuRAND CPU host generator, Philox4_32_10 (peer row; default ordering = bulk S=65536, C=4 bits)") \
    CXB_PRNG_CURANDHOST_ROW("xorwow", xorwow,                                                      \
        "cuRAND CPU host generator, XORWOW (peer row; default ordering = bulk S=4096, C=1 bits)")   \
    CXB_PRNG_CURANDHOST_ROW("mrg32k3a", mrg32k3a,                                                  \
        "cuRAND CPU host generator, MRG32k3a (peer row; default ordering = bulk S=81920, C=1 bits)") \
    CXB_PRNG_CURANDHOST_ROW("mt19937", mt19937,                                                    \
        "cuRAND CPU host generator, MT19937 (peer row; ~5 s setup per sample; first 8 outputs checked)")   \
    CXB_PRNG_CURANDHOST_ROW("mtgp32", mtgp32,                                                      \
        "cuRAND CPU host generator, MTGP32 (peer row; default ordering = bulk S=192, C=256 bits)")

/* The preset `gens`: beside the seq/pthreads rows on the CPU grid ns, default ordering, u32.
 * MT19937 only from 2^22: every sample makes its generator anew (~5 s of setup on the CPU,
 * untimed but paid), and the small sizes would run 50 samples each. */
#define CXB_PRNG_CURANDHOST_GENS(fixed, ns)                                                        \
    {"gens", "prng.philox4x32.curandhost,prng.xorwow.curandhost,prng.mrg32k3a.curandhost,"         \
             "prng.mtgp32.curandhost", fixed ";ordering=default", "n", ns},                         \
    {"gens", "prng.mt19937.curandhost", fixed ";ordering=default", "n",                             \
     "4194304,8388608,16777216,25165824,33554432,50331648,67108864"},
#else
#define CXB_PRNG_CURANDHOST_IMPLS
#define CXB_PRNG_CURANDHOST_GENS(fixed, ns)
#endif

#endif
