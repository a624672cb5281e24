/* harness/registry.h - implementations, studies, their sweeps, fits and figures.
 *
 * An implementation registers one descriptor (GAPBS's "kernel + verifier in one
 * call"): the harness owns timing, repetition and verification; the implementation
 * only sets up, runs and checks its output against the reference.
 */
#ifndef CXB_HARNESS_REGISTRY_H
#define CXB_HARNESS_REGISTRY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cxb/core/cuda.h"
#include "cxb/core/status.h"
#include "cxb/core/timing.h"
#include "harness/options.h"
#include "harness/params.h"

typedef enum cxb_backend { CXB_BACKEND_SEQ, CXB_BACKEND_PTHREADS, CXB_BACKEND_CUDA } cxb_backend;

extern const char *const cxb_backend_names[3];

/* Flags of an implementation. */
enum {
    CXB_IMPL_NEEDS_GPU = 1u << 0,   /* unavailable without a GPU */
    CXB_TIMING_SYNC = 1u << 1,      /* synchronises internally (docs/method.md) */
    /* sums floats in an order the hardware picks (atomic slots): results differ in their last
     * bits from run to run, so every sample is verified (within the row's tolerance) instead of
     * its checksum compared with the verified run's (docs/method.md "Verification") */
    CXB_IMPL_FLOAT_ORDER = 1u << 2
};

struct cxb_pool;
struct cxb_timing;

/* What an implementation gets at setup, valid until its teardown. */
typedef struct cxb_env {
    struct cxb_pool *pool; /* the worker pool of the point's threads (pthreads backends) */
    unsigned threads;      /* its worker count */
    /* the harness's timing handle of a CUDA row (cxb/core/cuda.h: the pre-sample spin its first
     * timed phase queues on its stream); NULL for other rows and for CXB_TIMING_SYNC ones */
    cxb_timing *timing;
    /* the CUDA stream (a cudaStream_t) a CUDA row queues all its work on, created by the runner
     * for the point (cxb_cuda_stream_create) and destroyed after teardown: the row creates none.
     * NULL (callers outside the runner, tests) means CUDA's default stream. */
    void *stream;
} cxb_env;

/* The CUDA half of an environment, as a CUDA context's create function takes it. */
static inline cxb_cuda_exec cxb_env_exec(const cxb_env *env)
{
    cxb_cuda_exec x = {env->stream, env->timing};
    return x;
}

/* A descriptor is written with designated initialisers; its study, algorithm and variant are
 * the three parts of its id (architecture.md "Identifiers"), never repeated beside it
 * (cxb_impl_parts). */
typedef struct cxb_impl {
    const char *id; /* study.algorithm.variant */
    cxb_backend backend;
    unsigned flags;
    const char *summary; /* one line for `cxbench list` */
    /* Validates params and prepares inputs (untimed). */
    cxb_status (*setup)(const cxb_params *p, const cxb_env *env, void **ctx);
    /* Restores inputs so that the next run starts fresh (untimed, before every run). */
    cxb_status (*reset)(void *ctx);
    /* The timed work; fills the phases it has. */
    cxb_status (*run)(void *ctx, cxb_phases *ph);
    /* Checks the last run's output against the reference or an exact invariant:
     * CXB_EFAIL with a message naming the first difference. */
    cxb_status (*verify)(void *ctx);
    /* 64-bit checksum of the last run's output (order defined by the study). */
    uint64_t (*checksum)(void *ctx);
    /* Study values for the `extra` column ("k=v;k=v", may be empty); optional. */
    void (*extra)(void *ctx, char *buf, size_t size);
    void (*teardown)(void *ctx);
    /* Optional: nonzero when this point (a parameter, not the row, decides it) sums floats in an
     * order the hardware picks, as CXB_IMPL_FLOAT_ORDER says of every point of a row; called
     * after setup. */
    int (*float_order)(void *ctx);
    /* Optional: nonzero when this point's extra column changes from sample to sample (a time
     * measured inside the run, such as the components of a build): extra is then called after
     * every sample's run, and each sample row carries its own; otherwise once per point, after
     * the warm-up. Called after setup. */
    int (*extra_per_sample)(void *ctx);
} cxb_impl;

/* A fitted series: the points of impls with this prefix along x_param (docs/method.md). */
typedef struct cxb_series_spec {
    const char *impl_prefix;  /* "" matches every implementation */
    const char *x_param;      /* e.g. "n" */
    double expected, tolerance;
    double range_lo, range_hi; /* declared x range (0, 0: automatic rules) */
    const char *exclude;       /* "first:K", "last:K" or NULL (Leist's per-figure exclusions) */
} cxb_series_spec;

/* A figure (docs/method.md): which points, which template, which axes. */
typedef struct cxb_figure_spec {
    const char *id;          /* file name, e.g. "fig4.1-streams" */
    const char *title;       /* "{backends}" in it: the kinds of row drawn ("seq and pthreads") */
    const char *template_gp; /* path under plots/, e.g. "prng/time_vs_n.gp" */
    const char *x_param;
    const char *y;           /* "time" (median ms), "rate" (work per second), "phases:LIST",
                              * "extra:LIST", "heat:YPARAM:KEY=NUM/DEN" (a map of
                              * 100 x NUM / DEN over x and YPARAM) or "ratio:KEY=NUM/DEN"
                              * (lines of 100 x NUM / DEN over x; harness/plot.c) */
    const char *select;      /* params that must match, "k=v;k=v" ("" for all) */
    const char *paper;       /* results/paper/ file overlaid, or NULL */
} cxb_figure_spec;

/* One sweep of a study: implementations x one swept parameter, over fixed params. */
typedef struct cxb_sweep {
    const char *name;
    const char *impls;  /* comma-separated ids */
    const char *fixed;  /* "k=v;k=v" */
    const char *x_param;
    /* comma-separated values of x_param; an element "A..cores" stands for A, A+1, ...
     * up to the machine's core count (a thread sweep that fits every host) */
    const char *values;
} cxb_sweep;

/* The end of a sweep list (a preset's sweeps may live in another file of the study, so
 * their count is found by this terminator rather than by sizeof). */
#define CXB_SWEEPS_END {NULL, NULL, NULL, NULL, NULL}

/* Flags of a preset. */
enum {
    /* each sweep name of this preset also runs alone as a preset of that name (the
     * graphgen paper grid: --set preset=leist.fig5.5 runs that figure's sweeps) */
    CXB_PRESET_BY_SWEEP = 1u << 0
};

/* A named set of sweeps: `cxbench run STUDY --preset NAME` (or --set preset=NAME). Every
 * study has "quick" (make bench), "ci" (make bench-ci) and "paper"; others are its own. */
typedef struct cxb_preset {
    const char *name;
    const char *summary; /* one line for `cxbench list --presets` and the docs */
    const cxb_sweep *sweeps; /* ends with CXB_SWEEPS_END */
    unsigned flags;
} cxb_preset;

/* A command of the cxbench program that a study brings: `path` is the words after
 * "cxbench" ("prng", "graph gen"); fn gets argv[0] = the path's last word. The harness
 * builds the command table, the usage text and --help from these; the usage comes from
 * the option tables that fn parses with (harness/options.h), so it cannot miss a flag. */
typedef struct cxb_command {
    const char *path;
    int (*fn)(int argc, char **argv);
    const cxb_form *forms; /* the synopses and options, ending with CXB_FORMS_END */
    const char *summary;   /* one line */
    void (*help)(FILE *out); /* more help after the usage (e.g. a list of generators); optional */
} cxb_command;
/* A published claim of a study's paper and how the committed results bear on it (`cxbench
 * report`: the paper-against-ours table). judge() gets the result sets that a machine's
 * INDEX.md names for `key` (results_walk.h) and writes what they measured into ours. */
typedef enum cxb_verdict { CXB_NOT_MEASURED, CXB_HOLDS, CXB_DOES_NOT_HOLD } cxb_verdict;

typedef struct cxb_claim {
    const char *key;   /* the INDEX.md key whose sets judge it, e.g. "table4.1" */
    const char *paper; /* the claim as published, one line with its number */
    cxb_verdict (*judge)(const char *const *run_dirs, size_t nsets, char *ours, size_t size);
} cxb_claim;

typedef struct cxb_study {
    const char *name;
    const char *summary;
    const char *reference_impl; /* the study's reference (speed-ups use each algorithm's own seq) */
    /* Its rows: a descriptor lists its CPU rows; the study that cxb_studies and cxb_study_find
     * return also holds the rows of the backends this build has (impl_cuda/<study>/, added by
     * the registry: docs/architecture.md "How CUDA rows are registered"). */
    const cxb_impl *impls;
    size_t nimpls;
    /* Presets as data: "quick" (make bench), "ci" (make bench-ci), "paper", and the
     * study's own (prng: "launch", "gens"); found by cxb_study_sweeps. */
    const cxb_preset *presets;
    size_t npresets;
    const cxb_series_spec *series;
    size_t nseries;
    const cxb_figure_spec *figures;
    size_t nfigures;
    const char *time_unit_of_work; /* e.g. "numbers" for rates */
    /* The study's own paper tables from a result set (e.g. Leist Table 4.1); optional. */
    cxb_status (*print_tables)(const char *run_dir, FILE *out);
    /* The same tables over several result sets read as one (a figure or table split into one
     * set per run, e.g. one per kernel line): `cxbench report` prints them once per INDEX key
     * whose sets are not all within another key's, and then leaves them out of those sets'
     * own sections; optional. */
    cxb_status (*print_tables_sets)(const char *const *run_dirs, size_t nsets, FILE *out);
    /* The study's own console line per completed point (docs/studies/graphgen.md), printed and
     * logged after the generic one; median[] holds each phase's median over the point's
     * samples (CXB_PHASE_NA where it has none), extra the impl's extra column; optional. */
    void (*point_line)(const cxb_impl *impl, const char *params, const int64_t *median,
                       const char *extra, char *buf, size_t size);
    /* The work of a point, for the rate (work / median) of the console line and of
     * summary.csv (the samples' n column); optional: NULL counts the point's n. The
     * graphgen study counts tuples for its fast generators (docs/studies/graphgen.md). */
    uint64_t (*work)(const cxb_impl *impl, const cxb_params *params);
    /* The study's own commands (cxbench prng, cxbench graph gen ...); optional. */
    const cxb_command *commands;
    size_t ncommands;
    /* The paper's claims, ended by an entry with key NULL; optional (report: none declared). */
    const cxb_claim *claims;
} cxb_study;

const cxb_study *const *cxb_studies(size_t *count);
/* The sweeps of a preset of a study (*count of them), or NULL for an unknown preset: a
 * preset's own name, else (CXB_PRESET_BY_SWEEP) the sweeps of that name in such a preset. */
const cxb_sweep *cxb_study_sweeps(const cxb_study *study, const char *preset, size_t *count);
/* The preset names of a study, ", "-separated into buf (for messages). */
void cxb_study_preset_names(const cxb_study *study, char *buf, size_t size);
const cxb_study *cxb_study_find(const char *name);
const cxb_impl *cxb_impl_find(const char *id, const cxb_study **study);

/* The parts of an implementation's id "study.algorithm.variant". */
typedef struct cxb_impl_name {
    char study[32], algorithm[64], variant[64];
} cxb_impl_name;
cxb_impl_name cxb_impl_parts(const cxb_impl *impl);
/* Why an id that cxb_impl_find does not know names a row of a backend this build left out
 * ("built without CUDA", "built without cuRAND"), or NULL: the id is unknown. */
const char *cxb_impl_not_built(const char *id);
/* 1 if the implementation can run here (a GPU for CUDA ones); else 0 and *why. */
int cxb_impl_available(const cxb_impl *impl, const char **why);

#endif
