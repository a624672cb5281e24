/* impl_pthreads/graph/gen_touch.h - first touch of a fresh generator buffer on the pool
 * (gen_touch.c says why). */
#ifndef CXB_IMPL_PTHREADS_GRAPH_GEN_TOUCH_H
#define CXB_IMPL_PTHREADS_GRAPH_GEN_TOUCH_H

#include <stddef.h>

#include "cxb/core/pool.h"

/* Writes one byte of every 4 KiB page of p[0..bytes), worker w the w-th of P contiguous
 * blocks cut at 2 MiB boundaries; the contents are left undefined (the caller overwrites
 * them). Nothing on a pool of one thread or below a few MiB. */
cxb_status cxb_gen_touch(cxb_pool *pool, void *p, size_t bytes);

#endif
