/* suites/malloc/device.h - the device half of the malloc study's rows. The rows' code (parameters,
 * the pointer checks, checksums) lives in suites/malloc/study.c and names no CUDA function; the
 * CUDA rows are declared in impl_cuda/malloc/rows.c (compiled only when CUDA is found), which
 * hands that code the CUDA functions as this table (docs/architecture.md "How CUDA rows are
 * registered"). */
#ifndef CXB_SUITES_MALLOC_DEVICE_H
#define CXB_SUITES_MALLOC_DEVICE_H

#include "cxb/malloc/malloc.h"
#include "harness/registry.h"

typedef struct cxb_malloc_dev {
    cxb_status (*create)(cxb_malloc_cuda **out, cxb_malloc_kind kind, const cxb_malloc_job *job, uint64_t heap_mb,
                         int warm, const cxb_cuda_exec *ex);
    cxb_status (*reset)(cxb_malloc_cuda *m);
    cxb_status (*pass)(cxb_malloc_cuda *m, cxb_phases *ph, uint64_t *failures);
    cxb_status (*pointers)(cxb_malloc_cuda *m, uint64_t **ptrs);
    void (*destroy)(cxb_malloc_cuda *m);
} cxb_malloc_dev;

cxb_status cxb_malloc_setup_dev(const cxb_params *p, const cxb_env *env, cxb_malloc_kind kind,
                                const cxb_malloc_dev *dev, void **ctx);
cxb_status cxb_malloc_row_reset(void *ctx);
cxb_status cxb_malloc_row_run(void *ctx, cxb_phases *ph);
cxb_status cxb_malloc_row_verify(void *ctx);
uint64_t cxb_malloc_row_checksum(void *ctx);
void cxb_malloc_row_extra(void *ctx, char *buf, size_t size);
void cxb_malloc_row_teardown(void *ctx);

#endif
