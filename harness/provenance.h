/* harness/provenance.h - the run's provenance.json (docs/method.md). */
#ifndef CXB_HARNESS_PROVENANCE_H
#define CXB_HARNESS_PROVENANCE_H

#include <stddef.h>

#include "cxb/core/status.h"

/* A pool a point ran on: its thread count, --bind policy and pinning as the pool reports it. */
typedef struct cxb_prov_pool {
    unsigned threads;
    const char *policy;
    const char *description;
} cxb_prov_pool;

typedef struct cxb_prov_run {
    const char *run_id, *machine, *study, *preset;
    char start_utc[32], end_utc[32];
    int argc;
    char **argv;
    unsigned min_reps, max_reps;
    double min_time_s, budget_s;
    double stop_after_s;          /* --stop-after, 0 = none */
    size_t points_planned, points_done; /* fewer done than planned: stopped by --stop-after */
    unsigned threads;
    const char *bind_policy;
    const char *binding;     /* the run's pool's description */
    const cxb_prov_pool *pools; /* every pool a pthreads point ran on (method.md "Threads") */
    size_t npools;
    const char *topology;    /* "topology.xml" or "" */
    double load_start, load_end, noise_start, noise_end;
    const char *warnings[16];
    size_t nwarnings;
} cxb_prov_run;

/* Reads what git says of the source tree (commit, branch, describe, dirty) for the provenance
 * of this process's runs; the first call counts, so a run calls it when it starts. */
void cxb_provenance_capture_git(void);

/* Writes path atomically: run, git, build, host, topology, binding, gpu, studies. */
cxb_status cxb_provenance_write(const char *path, const cxb_prov_run *run);

/* "YYYY-MM-DDTHH:MM:SSZ" now. */
void cxb_utc_now(char *buf, size_t size);

#endif
