/* cxb/core/pool.h - the one worker pool of impl_pthreads (docs/method.md).
 *
 * Workers are created, pinned (hwloc, when built with it) and parked before any
 * timing; cxb_pool_for hands out the items [0, n) and returns when all are done, so a
 * timed region runs from dispatch to the join barrier in the calling thread.
 * Output must never depend on the worker count: work functions receive item
 * indices, never worker identities, for anything that reaches the result.
 */
#ifndef CXB_POOL_H
#define CXB_POOL_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/core/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cxb_bind_policy { CXB_BIND_NONE, CXB_BIND_COMPACT, CXB_BIND_SPREAD } cxb_bind_policy;

typedef enum cxb_schedule {
    CXB_SCHED_DYNAMIC, /* items taken one at a time from a shared counter */
    CXB_SCHED_STATIC   /* worker w takes the contiguous block [w*n/P, (w+1)*n/P) */
} cxb_schedule;

typedef struct cxb_pool cxb_pool;

/* item: the item index; worker: for scratch space only, never for results. */
typedef void (*cxb_pool_fn)(void *arg, uint64_t item, unsigned worker);

/* threads = 0 means the number of cores (hwloc) or online CPUs. */
cxb_status cxb_pool_create(cxb_pool **pool, unsigned threads, cxb_bind_policy policy);
void cxb_pool_destroy(cxb_pool *pool);
unsigned cxb_pool_threads(const cxb_pool *pool);
cxb_status cxb_pool_for(cxb_pool *pool, uint64_t n, cxb_schedule sched, cxb_pool_fn fn, void *arg);

/* Describes the binding for provenance, e.g. "spread: 0:PU#0 1:PU#1 verified" or
 * "none (hwloc absent)". */
const char *cxb_pool_binding(const cxb_pool *pool);

/* Default thread count: physical cores (hwloc) or online CPUs. */
unsigned cxb_default_threads(void);

#ifdef __cplusplus
}
#endif

#endif
