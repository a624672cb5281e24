/* harness/results_walk.h - the newest result set of every study on every machine under a
 * results root (harness.md 4.1): what `cxbench plot --all` draws and `cxbench report`
 * reports. Machine directories are ROOT/<machine>/ ("paper", "ci" and dot-directories
 * skipped); a result set's name starts with its UTC time YYYYMMDDTHHMMSSZ, so the newest is
 * the lexicographically last; its study is the `study` column of its samples.csv. */
#ifndef CXB_HARNESS_RESULTS_WALK_H
#define CXB_HARNESS_RESULTS_WALK_H

#include "cxb/core/status.h"
#include "harness/registry.h"

/* Called once per (machine, study) with the newest result set, machines in name order.
 * A non-OK return stops the walk and is returned; CXB_ERESOURCE does not stop it (the
 * first such message is kept and the walk returns CXB_ERESOURCE at the end). */
typedef cxb_status (*cxb_newest_fn)(const char *machine_dir, const char *run_dir, const char *run_id,
                                    const cxb_study *study, void *arg);

cxb_status cxb_results_each_newest(const char *root, cxb_newest_fn fn, void *arg);

/* The `study` cell of the first row of run_dir/samples.csv into name (registered or not). */
cxb_status cxb_results_study_name(const char *run_dir, char *name, size_t size);

/* The study named by the first row of run_dir/samples.csv. */
cxb_status cxb_results_study_of(const char *run_dir, const cxb_study **study);

/* Derives summary.csv and fit.csv when either is missing. */
cxb_status cxb_results_ensure_derived(const char *run_dir, const cxb_study *study);

#endif
