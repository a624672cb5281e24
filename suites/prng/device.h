/* suites/prng/device.h - the device halves of the prng study's rows. The rows' code (parameters,
 * verification against the CPU reference, checksums) lives in suites/prng/ and names no CUDA
 * function; the CUDA rows are declared in impl_cuda/prng/rows.c (compiled only when CUDA is
 * found), which hands that code the CUDA functions as one of these tables (docs/architecture.md
 * "How CUDA rows are registered"). */
#ifndef CXB_SUITES_PRNG_DEVICE_H
#define CXB_SUITES_PRNG_DEVICE_H

#include "cxb/prng/gen.h"
#include "cxb/prng/lf24.h"
#include "harness/registry.h"

/* ---- prng.lf24.cuda1, .cuda2, .cudashared (suites/prng/study.c) ---- */
typedef struct cxb_prng_lf24_dev {
    cxb_status (*create)(cxb_lf24_cuda **ctx, const cxb_lf24_job *job, cxb_lf24_cuda_variant variant,
                         cxb_lf24_carry_mode carry, unsigned block, const cxb_cuda_exec *ex,
                         cxb_phases *setup);
    cxb_status (*reset)(cxb_lf24_cuda *ctx);
    cxb_status (*run)(cxb_lf24_cuda *ctx, cxb_phases *ph);
    const uint32_t *(*out)(const cxb_lf24_cuda *ctx);
    const double *(*sums)(const cxb_lf24_cuda *ctx);
    void (*destroy)(cxb_lf24_cuda *ctx);
} cxb_prng_lf24_dev;

cxb_status cxb_prng_lf24_setup_dev(const cxb_params *p, const cxb_env *env, cxb_lf24_cuda_variant variant,
                                   const cxb_prng_lf24_dev *dev, void **ctx);
cxb_status cxb_prng_lf24_reset(void *ctx);
cxb_status cxb_prng_lf24_run(void *ctx, cxb_phases *ph);
cxb_status cxb_prng_lf24_verify(void *ctx);
uint64_t cxb_prng_lf24_checksum(void *ctx);
void cxb_prng_lf24_extra(void *ctx, char *buf, size_t size);
void cxb_prng_lf24_teardown(void *ctx);

/* ---- prng.store.cuda (suites/prng/study.c) ---- */
typedef struct cxb_prng_store_dev {
    cxb_status (*create)(cxb_store_cuda **ctx, uint64_t n, unsigned blocks_per_sm, const cxb_cuda_exec *ex);
    cxb_status (*run)(cxb_store_cuda *ctx, cxb_phases *ph);
    const uint32_t *(*out)(const cxb_store_cuda *ctx);
    void (*destroy)(cxb_store_cuda *ctx);
} cxb_prng_store_dev;

cxb_status cxb_prng_store_setup_dev(const cxb_params *p, const cxb_env *env, const cxb_prng_store_dev *dev,
                                    void **ctx);
cxb_status cxb_prng_store_reset(void *ctx);
cxb_status cxb_prng_store_run(void *ctx, cxb_phases *ph);
cxb_status cxb_prng_store_verify(void *ctx);
uint64_t cxb_prng_store_checksum(void *ctx);
void cxb_prng_store_teardown(void *ctx);

/* ---- prng.<g>.cuda of every generator of CXB_RNG_LIST (suites/prng/bulk.c; the other row
 * functions are cxb_prng_bulk_* of suites/prng/bulk.h) ---- */
typedef struct cxb_prng_bulk_dev {
    cxb_status (*create)(cxb_bulk_cuda **ctx, const cxb_bulk_spec *spec, const void *states, unsigned spm,
                         const cxb_cuda_exec *ex, cxb_phases *setup);
    cxb_status (*run)(cxb_bulk_cuda *ctx, cxb_phases *ph);
    const void *(*out)(const cxb_bulk_cuda *ctx);
    const double *(*sums)(const cxb_bulk_cuda *ctx);
    void (*destroy)(cxb_bulk_cuda *ctx);
} cxb_prng_bulk_dev;

cxb_status cxb_prng_bulk_setup_dev(const cxb_params *p, const cxb_env *env, cxb_rng_id gen,
                                   const cxb_prng_bulk_dev *dev, void **ctx);

#endif
