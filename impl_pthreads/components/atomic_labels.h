/* impl_pthreads/components/atomic_labels.h - the label (parent) array of the threaded
 * components variants viewed as C11 atomics (docs/studies/components.md "cas.pthreads"): every
 * access to a label another thread may write is an atomic operation, relaxed where the algorithm
 * needs no ordering (the pool's join barrier orders the phases). The caller's cxb_vid array is
 * used in place: _Atomic uint32_t has the size and alignment of uint32_t on every platform
 * cxbench builds on (checked below), and no non-atomic access overlaps a parallel phase. */
#ifndef CXB_IMPL_PTHREADS_COMPONENTS_ATOMIC_LABELS_H
#define CXB_IMPL_PTHREADS_COMPONENTS_ATOMIC_LABELS_H

#include <stdatomic.h>

#include "cxb/components/components.h"

typedef _Atomic cxb_vid cxb_alabel;
_Static_assert(sizeof(cxb_alabel) == sizeof(cxb_vid), "atomic labels must overlay cxb_vid");
_Static_assert(_Alignof(cxb_alabel) == _Alignof(cxb_vid), "atomic labels must overlay cxb_vid");

#define CC_CHUNK 4096u /* vertices per pool item (docs/studies/components.md "cas.pthreads") */

static inline cxb_vid cc_ld(cxb_alabel *a, uint64_t i)
{
    return atomic_load_explicit(&a[i], memory_order_relaxed);
}
static inline void cc_st(cxb_alabel *a, uint64_t i, cxb_vid v)
{
    atomic_store_explicit(&a[i], v, memory_order_relaxed);
}
/* CAS a[i]: *expected -> desired; on failure *expected is the current value. */
static inline int cc_cas(cxb_alabel *a, uint64_t i, cxb_vid *expected, cxb_vid desired)
{
    return atomic_compare_exchange_strong_explicit(&a[i], expected, desired, memory_order_relaxed,
                                                   memory_order_relaxed);
}
static inline uint64_t cc_chunks(uint64_t n)
{
    return (n + CC_CHUNK - 1) / CC_CHUNK;
}

#endif
