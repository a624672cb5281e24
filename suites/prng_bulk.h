/* suites/prng_bulk.h - the prng study's bulk implementations of every generator of
 * CXB_RNG_LIST: prng.<g>.seq, prng.<g>.pthreads, prng.<g>.cuda (prng.md 2, 6.6), declared
 * and registered by the X-macro: a generator added to the list gets its three rows here.
 * suites/prng.c puts CXB_PRNG_BULK_IMPLS in its implementation table. */
#ifndef CXB_SUITES_PRNG_BULK_H
#define CXB_SUITES_PRNG_BULK_H

#include "cxb/rng/all.h"
#include "harness/registry.h"

#define CXB_PRNG_BULK_DECL(name, g, kind, streams, chunk)                                          \
    cxb_status cxb_prng_bulk_setup_##g##_seq(const cxb_params *p, const cxb_env *env, void **ctx); \
    cxb_status cxb_prng_bulk_setup_##g##_pthreads(const cxb_params *p, const cxb_env *env, void **ctx); \
    cxb_status cxb_prng_bulk_setup_##g##_cuda(const cxb_params *p, const cxb_env *env, void **ctx);
CXB_RNG_LIST(CXB_PRNG_BULK_DECL)
#undef CXB_PRNG_BULK_DECL

cxb_status cxb_prng_bulk_reset(void *ctx);
cxb_status cxb_prng_bulk_run(void *ctx, cxb_phases *ph);
cxb_status cxb_prng_bulk_verify(void *ctx);
uint64_t cxb_prng_bulk_checksum(void *ctx);
void cxb_prng_bulk_extra(void *ctx, char *buf, size_t size);
void cxb_prng_bulk_teardown(void *ctx);

#define CXB_PRNG_BULK_ROW(name, g, v, bk, flags, summary)                                          \
    {"prng." name "." #v, "prng", name, #v, bk, flags, summary, cxb_prng_bulk_setup_##g##_##v,      \
     cxb_prng_bulk_reset, cxb_prng_bulk_run, cxb_prng_bulk_verify, cxb_prng_bulk_checksum,          \
     cxb_prng_bulk_extra, cxb_prng_bulk_teardown},
#define CXB_PRNG_BULK_IMPL(name, g, kind, streams, chunk)                                          \
    CXB_PRNG_BULK_ROW(name, g, seq, CXB_BACKEND_SEQ, 0,                                          \
                      "bulk " name ": S streams in chunks of C, tiles of streams x rounds; the reference") \
    CXB_PRNG_BULK_ROW(name, g, pthreads, CXB_BACKEND_PTHREADS, 0,                                \
                      "bulk " name ": the same tiles taken by the pool (output independent of threads)") \
    CXB_PRNG_BULK_ROW(name, g, cuda, CXB_BACKEND_CUDA, CXB_IMPL_NEEDS_GPU,                       \
                      "bulk " name ": one template kernel, thread-scope states, coalesced stores")
/* the rows of every generator, in list order: seq, pthreads, cuda */
#define CXB_PRNG_BULK_IMPLS CXB_RNG_LIST(CXB_PRNG_BULK_IMPL)

#endif
