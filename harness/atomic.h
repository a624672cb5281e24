/* harness/atomic.h - files that appear whole or not at all (harness.md 4.5): written
 * to "<path>.tmp.<pid>", flushed, fsync'ed, closed and renamed.
 */
#ifndef CXB_HARNESS_ATOMIC_H
#define CXB_HARNESS_ATOMIC_H

#include <stdio.h>

#include "cxb/core/status.h"

typedef struct cxb_afile {
    FILE *f;
    char path[4096];
    char tmp[4160];
} cxb_afile;

/* Opens a temporary beside path (CXB_EINPUT naming path if that fails). */
cxb_status cxb_afile_open(cxb_afile *af, const char *path);
/* Flushes, syncs, closes and renames onto path; on a write error removes the
 * temporary and fails naming path. */
cxb_status cxb_afile_commit(cxb_afile *af);
/* Closes and removes the temporary. */
void cxb_afile_abort(cxb_afile *af);
/* fsync of a directory (after renames into it). */
void cxb_dir_sync(const char *dir);
/* mkdir -p. */
cxb_status cxb_mkdirs(const char *dir);

#endif
