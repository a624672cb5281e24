/* harness/results_walk.h - the result sets of every machine under a results root (docs/method.md
 * 4.1): what `cxbench plot --all` draws and `cxbench report` reports. Machine directories are
 * ROOT/<machine>/ ("paper", "ci", "quality" and dot-directories skipped).
 *
 * A machine directory with an INDEX.md is read through it: its first markdown table whose
 * header has the columns key, study, sets and output (commit and protocol are read too; any
 * order, more columns allowed) names, per figure, table or headline number (the key), the
 * result sets that back it (paths relative to the machine directory, separated by spaces or
 * commas, backticks allowed) and where its figure or output lives (relative path; "-" for
 * none; words after the path are a note for the reader, "figures/anchors/ (the CPU target)"). Without INDEX.md, the newest result set of each study stands in (a result set's name
 * starts with its UTC time YYYYMMDDTHHMMSSZ, so the newest is the lexicographically last; its
 * study is the `study` column of its samples.csv), as key "newest" with output "figures/". */
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

#define CXB_INDEX_MAX_SETS 16

/* One row of a machine's INDEX.md (or the stand-in for a study's newest set). */
typedef struct cxb_index_row {
    char key[128], study[64], commit[128], protocol[64], output[512];
    char output_path[512]; /* the output's first word, the path; words after it are a note */
    char sets[CXB_INDEX_MAX_SETS][512]; /* machine_dir/<set>, as written in the cell */
    size_t nsets;
    int line; /* of INDEX.md; 0 for a stand-in */
} cxb_index_row;

typedef struct cxb_index {
    char machine_dir[4096];
    int from_file; /* 1: read from INDEX.md; 0: the newest set of each study */
    cxb_index_row *rows;
    size_t nrows;
} cxb_index;

/* Reads machine_dir/INDEX.md, or, when there is none, makes one stand-in row per study from
 * its newest set. CXB_EINPUT naming the file and line for a malformed table, a row without a
 * key, study or set, or more than CXB_INDEX_MAX_SETS sets. Sets are not checked here. */
cxb_status cxb_index_load(const char *machine_dir, cxb_index *idx);
void cxb_index_free(cxb_index *idx);

/* The first row with this key, or NULL. */
const cxb_index_row *cxb_index_find(const cxb_index *idx, const char *key);

/* Called once per machine directory under root (name order) with its index. */
typedef cxb_status (*cxb_index_fn)(const cxb_index *idx, void *arg);
cxb_status cxb_results_each_index(const char *root, cxb_index_fn fn, void *arg);

/* 1 if run_dir is a result set (a directory with samples.csv). */
int cxb_results_is_set(const char *run_dir);

/* The median time (ns) and work (the n column) of the point of impl whose params contain every
 * "k=v" of match ("" or NULL: any point), in summary.csv of the sets; the last set with such a
 * point wins, and within a set the last matching row. 1 if found, else 0. Study claims use it
 * (cxb_claim). */
int cxb_results_median(const char *const *run_dirs, size_t nsets, const char *impl, const char *match,
                       double *median_ns, double *work);

/* The `study` cell of the first row of run_dir/samples.csv into name (registered or not). */
cxb_status cxb_results_study_name(const char *run_dir, char *name, size_t size);

/* The study named by the first row of run_dir/samples.csv. */
cxb_status cxb_results_study_of(const char *run_dir, const cxb_study **study);

/* Derives summary.csv and fit.csv when either is missing. */
cxb_status cxb_results_ensure_derived(const char *run_dir, const cxb_study *study);

/* Over the points that impl_a and impl_b share (identical params, among those containing every
 * "k=v" of match) in the sets' summary.csv: how many there are (*pairs) and at how many impl_a's
 * median time is below impl_b's (*a_faster). */
void cxb_results_pairs(const char *const *run_dirs, size_t nsets, const char *impl_a, const char *impl_b,
                       const char *match, size_t *a_faster, size_t *pairs);

/* The log2-log2 least-squares slope of impl's median time against the numeric parameter x over
 * its points that contain every "k=v" of match; the number of points into *npts (a slope needs
 * 2). */
double cxb_results_slope(const char *const *run_dirs, size_t nsets, const char *impl, const char *match,
                         const char *x, size_t *npts);

#endif
