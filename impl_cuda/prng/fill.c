/* impl_cuda/prng/fill.c - cxb_bulk_fill_cuda (cxb/prng/gen.h): the CUDA path of
 * cxb_prng_fill_u32, for `cxbench prng GEN --backend cuda`. Compiled only when CUDA is found
 * (without it, harness/backends.c answers "built without CUDA"). */
#include <string.h>

#include "cxb/prng/gen.h"

cxb_status cxb_bulk_fill_cuda(const cxb_bulk_spec *spec, const void *states, uint64_t offset, uint64_t count,
                              uint32_t *out)
{
    cxb_bulk_cuda *cuda = NULL;
    cxb_status st = cxb_bulk_cuda_create(&cuda, spec, states, 0, NULL, NULL);
    if (st == CXB_OK && (st = cxb_bulk_cuda_run(cuda, NULL)) == CXB_OK)
        memcpy(out, (const uint32_t *)cxb_bulk_cuda_out(cuda) + offset, (size_t)count * sizeof *out);
    cxb_bulk_cuda_destroy(cuda);
    return st;
}
