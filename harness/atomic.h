/* harness/atomic.h - the one output path of cxbench (docs/method.md): every file a command
 * writes (graph convert OUT, graph gen --out, report --out, the files of a result set, ...)
 * is opened with cxb_afile_open and finished with cxb_afile_commit, which never destroys
 * what the path names:
 *
 *   a regular file, or nothing:  written to "<target>.tmp.<pid>" beside it, flushed,
 *                                fsync'ed, closed and renamed over it only when complete;
 *                                the temporary is registered for removal on SIGINT,
 *                                SIGTERM and SIGPIPE (harness/cleanup.h);
 *   a symbolic link:             followed: its final target gets the content (by the rule
 *                                for what that target is), the link stays a link;
 *   a device, FIFO or socket:    written in place (streamed), never replaced;
 *   "-":                         standard output;
 *   a directory:                 an error naming it (CXB_EINPUT).
 *
 * Every write error (cannot create, ENOSPC, EFBIG, EIO, a failed fsync or rename) is
 * CXB_ERESOURCE naming the path, and leaves no temporary and no partial file behind
 * (streamed output cannot be taken back); a path whose directory does not exist is
 * CXB_EINPUT (a wrong name, like a directory).
 */
#ifndef CXB_HARNESS_ATOMIC_H
#define CXB_HARNESS_ATOMIC_H

#include <stdio.h>

#include "cxb/core/status.h"

typedef struct cxb_afile {
    FILE *f;
    int streamed; /* 1: written in place (device, FIFO), 2: standard output */
    int slot;     /* cleanup registry slot of the temporary, -1 if none */
    char path[4096];   /* as given: named in messages */
    char target[4096]; /* the file renamed over: path, or a symlink's final target */
    char tmp[4160];
} cxb_afile;

/* What cxb_afile_open would refuse, checked before expensive work: a directory
 * (CXB_EINPUT), a path too long. CXB_OK for anything writable in principle. */
cxb_status cxb_afile_check(const char *path);
/* Opens path for writing by the rules above. Also removes, beside the target, temporaries
 * left by processes that are gone (cxb_cleanup_stale). */
cxb_status cxb_afile_open(cxb_afile *af, const char *path);
/* Flushes, syncs, closes and renames onto the target (or flushes a streamed output); on
 * any write error removes the temporary and fails (CXB_ERESOURCE) naming path. */
cxb_status cxb_afile_commit(cxb_afile *af);
/* Closes and removes the temporary (a streamed output is closed, standard output only
 * flushed). */
void cxb_afile_abort(cxb_afile *af);
/* Flushes and checks standard output: CXB_ERESOURCE "stdout: write failed: ..." after any
 * failed write to it (a full device, a closed descriptor). For the end of a command. */
cxb_status cxb_stdout_check(void);
/* Declares that standard output's reader went away and that this is a normal end (a
 * stream "until the reader stops", SIGPIPE ignored): cxb_stdout_check then passes. */
void cxb_stdout_reader_gone(void);
/* fsync of a directory (after renames into it). */
void cxb_dir_sync(const char *dir);
/* mkdir -p. */
cxb_status cxb_mkdirs(const char *dir);

#endif
