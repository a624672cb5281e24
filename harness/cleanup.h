/* harness/cleanup.h - the one registry of paths to remove when the process is stopped by
 * SIGINT, SIGTERM or SIGPIPE: the temporaries of the output path (harness/atomic.h) and
 * the runner's hidden partial directories. The handler removes what is registered, prints
 * one line on stderr and exits 130 (SIGINT, SIGTERM) or 141 (SIGPIPE).
 *
 * Leftovers of a process that could not clean up (SIGKILL, a power cut) carry its pid in
 * their name ("NAME.tmp.<pid>", ".<run_id>.<pid>.partial"); cxb_cleanup_stale removes those
 * whose process is gone. A pid is only meaningful on the host that wrote it, so stale
 * entries are looked for only where this host writes (a machine's own results directory,
 * the directory of an output file).
 */
#ifndef CXB_HARNESS_CLEANUP_H
#define CXB_HARNESS_CLEANUP_H

/* Registers path (a file, or with is_dir a directory removed with its contents). Returns a
 * slot for cxb_cleanup_drop, or -1 when the registry is full (the path is then not
 * removed on a signal; nothing else changes). Thread-safe. */
int cxb_cleanup_add(const char *path, int is_dir);
/* Forgets a slot (the path was renamed into place or removed). -1 is ignored. */
void cxb_cleanup_drop(int slot);
/* Removes a slot's path now (a failed write) and forgets the slot. -1 is ignored. */
void cxb_cleanup_remove(int slot);
/* Installs the handler for SIGINT, SIGTERM and SIGPIPE, and ignores SIGXFSZ (idempotent). */
void cxb_cleanup_install(void);
/* Removes every registered path now (async-signal-safe; the handler's work). */
void cxb_cleanup_run(void);

/* The pid in a leftover's name: "X.tmp.<pid>" (kind 'f') or ".X.<pid>.partial" (kind 'd');
 * 0 when name is not such a leftover. */
long cxb_cleanup_pid_of(const char *name, char kind);
/* 1 if pid names a live process (or one of another user), 0 if it is gone. */
int cxb_pid_alive(long pid);
/* Removes, in dir, leftovers of processes that are gone: "*.tmp.<pid>" regular files and
 * ".*.<pid>.partial" directories owned by this user. Returns the number removed. */
int cxb_cleanup_stale(const char *dir);

#endif
