/* harness/backends.h - the optional backends this build has: their row tables, which the
 * registry adds to the studies' CPU rows, and why a row of a left-out backend is absent.
 * Implemented by harness/backends.c, the one file that knows (docs/architecture.md "How CUDA
 * rows are registered"). */
#ifndef CXB_HARNESS_BACKENDS_H
#define CXB_HARNESS_BACKENDS_H

#include <stddef.h>

#include "harness/registry.h"

/* A table of rows of one study from a backend folder (impl_cuda/<study>/). */
typedef struct cxb_backend_rows {
    const char *study;
    const cxb_impl *impls;
    const size_t *nimpls;
} cxb_backend_rows;

/* The row tables built in (*count of them; none without CUDA). */
const cxb_backend_rows *cxb_backend_rows_list(size_t *count);

/* Why a row of this id is not in this build ("built without CUDA", "built without cuRAND"), by
 * the naming rule of docs/architecture.md "Identifiers" (a variant that names cuda is a CUDA
 * row, one that names curand a cuRAND row); NULL when its backends are built. */
const char *cxb_backend_not_built(const char *id);

#endif
