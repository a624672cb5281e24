/* impl_cuda/prng/rows.c - the CUDA rows of the prng study: prng.lf24.cuda1, .cuda2 and
 * .cudashared (Leist 4.3), prng.<g>.cuda of every generator of CXB_RNG_LIST, and the store
 * ceiling prng.store.cuda. Compiled only when CUDA is found; the registry adds
 * cxb_prng_cuda_impls (with the initialisation and jump rows of impl_cuda/prng/init_rows.c) to
 * the prng study (docs/architecture.md "How CUDA rows are registered"). The rows' code is the
 * study's own (suites/prng/study.c, bulk.c): it gets the CUDA functions from the tables below. */
#include "cxb/prng/gen.h"
#include "cxb/prng/lf24.h"
#include "harness/registry.h"
#include "suites/prng/bulk.h"
#include "suites/prng/device.h"

static const cxb_prng_lf24_dev lf24_dev = {
    .create = cxb_lf24_cuda_create, .reset = cxb_lf24_cuda_reset, .run = cxb_lf24_cuda_run,
    .out = cxb_lf24_cuda_out, .sums = cxb_lf24_cuda_sums, .destroy = cxb_lf24_cuda_destroy,
};
static const cxb_prng_store_dev store_dev = {
    .create = cxb_store_cuda_create, .run = cxb_store_cuda_run, .out = cxb_store_cuda_out,
    .destroy = cxb_store_cuda_destroy};
static const cxb_prng_bulk_dev bulk_dev = {
    .create = cxb_bulk_cuda_create, .run = cxb_bulk_cuda_run, .out = cxb_bulk_cuda_out,
    .sums = cxb_bulk_cuda_sums, .destroy = cxb_bulk_cuda_destroy};

#define LF24_SETUP(name, variant)                                                                  \
    static cxb_status name(const cxb_params *p, const cxb_env *env, void **ctx)                   \
    {                                                                                              \
        return cxb_prng_lf24_setup_dev(p, env, variant, &lf24_dev, ctx);                           \
    }
LF24_SETUP(setup_cuda1, CXB_LF24_CUDA1)
LF24_SETUP(setup_cuda2, CXB_LF24_CUDA2)
LF24_SETUP(setup_cudashared, CXB_LF24_CUDASHARED)

static cxb_status store_setup(const cxb_params *p, const cxb_env *env, void **ctx)
{
    return cxb_prng_store_setup_dev(p, env, &store_dev, ctx);
}

#define BULK_SETUP(name, g, kind, streams, chunk)                                                  \
    static cxb_status cxb_prng_bulk_setup_##g##_cuda(const cxb_params *p, const cxb_env *env, void **ctx) \
    {                                                                                              \
        return cxb_prng_bulk_setup_dev(p, env, CXB_RNG_ID_##g, &bulk_dev, ctx);                    \
    }
CXB_RNG_LIST(BULK_SETUP)

#define LF24_IMPL(id_, setup_, summary_)                                                           \
    {.id = id_, .backend = CXB_BACKEND_CUDA, .flags = CXB_IMPL_NEEDS_GPU, .summary = summary_,     \
     .setup = setup_, .reset = cxb_prng_lf24_reset, .run = cxb_prng_lf24_run,                      \
     .verify = cxb_prng_lf24_verify, .checksum = cxb_prng_lf24_checksum, .extra = cxb_prng_lf24_extra, \
     .teardown = cxb_prng_lf24_teardown}
#define BULK_IMPL(name, g, kind, streams, chunk)                                                   \
    CXB_PRNG_BULK_ROW(name, g, cuda, CXB_BACKEND_CUDA, CXB_IMPL_NEEDS_GPU,                         \
                      "bulk " name ": one template kernel, thread-scope states, coalesced stores")

const cxb_impl cxb_prng_cuda_impls[] = {
    LF24_IMPL("prng.lf24.cuda1", setup_cuda1,
              "Leist 4.3 CUDA 1: one stream per thread, interleaved lag tables in global memory"),
    LF24_IMPL("prng.lf24.cuda2", setup_cuda2,
              "Leist 4.3 CUDA 2: one stream, one table of 92153, three launches per lap"),
    LF24_IMPL("prng.lf24.cudashared", setup_cudashared,
              "CUDA 1 streams with each lag table on chip (shared memory)"),
    /* prng.<g>.cuda of every generator of CXB_RNG_LIST (suites/prng/bulk.c) */
    CXB_RNG_LIST(BULK_IMPL)
    {.id = "prng.store.cuda", .backend = CXB_BACKEND_CUDA, .flags = CXB_IMPL_NEEDS_GPU,
     .summary = "store-only kernel writing n uint32: the bandwidth ceiling", .setup = store_setup,
     .reset = cxb_prng_store_reset, .run = cxb_prng_store_run, .verify = cxb_prng_store_verify,
     .checksum = cxb_prng_store_checksum, .teardown = cxb_prng_store_teardown},
};
const size_t cxb_prng_cuda_nimpls = sizeof cxb_prng_cuda_impls / sizeof cxb_prng_cuda_impls[0];
