/* harness/runner.h - runs a study: points from its sweeps, verification before timing,
 * warm-up, samples to a count/time rule, records written atomically (docs/method.md). */
#ifndef CXB_HARNESS_RUNNER_H
#define CXB_HARNESS_RUNNER_H

#include <stddef.h>

#include "cxb/core/pool.h"
#include "cxb/core/status.h"
#include "harness/params.h"
#include "harness/registry.h"

typedef struct cxb_run_opts {
    const cxb_study *study;
    const char *impls;      /* comma-separated ids to keep, NULL = all of the sweeps */
    cxb_params overrides;   /* --set k=v */
    const char *preset;     /* quick, ci, paper */
    unsigned min_reps;      /* samples at least (default 5) */
    unsigned max_reps;      /* samples at most (default 50) */
    double min_time_s;      /* keep sampling a point until this much time (default 0.2) */
    double budget_s;        /* stop sampling a point after this much time (default 10) */
    double stop_after_s;    /* start no point after this many seconds of the run, 0 = no limit:
                             * the set then holds the points done (docs/method.md "Stopping early") */
    unsigned threads;       /* pthreads workers, 0 = cores */
    cxb_bind_policy bind;
    const char *bind_name;
    double noise_s;         /* seconds of noise-score calibration at start and end, 0 = off */
    const char *out_root;   /* "results" */
    const char *machine;    /* NULL: host name + GPU name */
    int progress;           /* progress line on stderr */
    int instructions;       /* count instructions under callgrind instead of timing (CI gate) */
    int argc;
    char **argv;
} cxb_run_opts;

void cxb_run_opts_init(cxb_run_opts *o);

/* Runs the study; on success run_dir holds the path of the complete result set.
 * On failure or interrupt no result set is left behind. */
cxb_status cxb_run_study(const cxb_run_opts *o, char *run_dir, size_t size);

/* The machine folder of a result set (results/<machine>/): opt (--machine) or, when NULL,
 * the host name plus the first GPU's name; lower case, runs of anything but letters and
 * digits made one '-'. CXB_EINPUT when opt has no letter or digit. Every command that
 * writes under results/ names machines this way, so one machine has one folder. */
cxb_status cxb_run_machine_name(const char *opt, char *buf, size_t size);

/* Installs the SIGINT/SIGTERM/SIGPIPE handler that removes the run's partial directory
 * and exits 130/141 (harness/cleanup.h). */
void cxb_run_install_signals(void);

/* Removes ".<run_id>[.<pid>].partial" directories under out_root/<machine>/ but those of
 * runs still under way (a run removes the leftovers of killed runs by itself). */
cxb_status cxb_run_clean_partial(const char *out_root);

#endif
