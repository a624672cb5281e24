/* cxb/rng/any.h - any generator of cxb/rng/all.h behind one handle, chosen by name at run
 * time: for the command line (`cxbench prng GEN`), the quality battery and other host code
 * that streams numbers from a generator it does not know at compile time. Kernels and
 * bulk loops use the typed cores directly (no indirect call per number there).
 */
#ifndef CXB_RNG_ANY_H
#define CXB_RNG_ANY_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/rng/all.h"
#include "cxb/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The generators of CXB_RNG_LIST, in list order; *count gets their number. */
const cxb_rng_desc *cxb_rng_descs(size_t *count);
/* The descriptor named `name`, or NULL. */
const cxb_rng_desc *cxb_rng_find(const char *name);
/* "philox4x32, threefry4x32, ..." (static storage). */
const char *cxb_rng_names(void);

typedef struct cxb_rng_any cxb_rng_any;
/* Stream `stream` of `seed`, positioned at output `offset` (cxb_g_init of all.h). */
cxb_status cxb_rng_any_create(cxb_rng_any **h, const cxb_rng_desc *d, uint64_t seed, uint64_t stream,
                              uint64_t offset);
uint32_t cxb_rng_any_next(cxb_rng_any *h);
/* A uint32 source in the (next, arg) shape other code takes: cxb_rng_any_next_fn(h). */
uint32_t cxb_rng_any_next_fn(void *h);
void cxb_rng_any_destroy(cxb_rng_any *h);

#ifdef __cplusplus
}
#endif

#endif
