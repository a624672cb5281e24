/* harness/compare.h - the regression comparison of two result sets (docs/method.md):
 * matching on `point`, per-point verdicts from the Hodges-Lehmann ratio and its CI,
 * Mann-Whitney p-values adjusted by Benjamini-Hochberg, the attainable-p guard,
 * instruction-count verdicts, slope verdicts, and the provenance checks that make a
 * comparison refuse (schema major, machine, build type).
 *
 * BASE and NEW are result-set directories (with samples.csv), or directories of them
 * (every non-dot subdirectory with a samples.csv; a point present in several is taken
 * from the last by name, i.e. the newest run_id).
 */
#ifndef CXB_HARNESS_COMPARE_H
#define CXB_HARNESS_COMPARE_H

#include <stddef.h>

#include "cxb/core/status.h"
#include "harness/registry.h"

typedef enum cxb_cmp_verdict {
    CXB_CMP_SAME,
    CXB_CMP_IMPROVEMENT,
    CXB_CMP_REGRESSION,
    CXB_CMP_AMBIGUOUS,
    CXB_CMP_NOISY /* a timed REGRESSION/IMPROVEMENT where a side's machine was noisy */
} cxb_cmp_verdict;

/* "SAME", "IMPROVEMENT", "REGRESSION", "AMBIGUOUS", "NOISY" */
extern const char *const cxb_cmp_verdict_names[5];

/* The noise score (harness/host.h cxb_noise_score, recorded as noise_score_start/_end in
 * a set's provenance.json) above which a machine is too noisy for a timed verdict. The
 * score is bencher's 0-100 scale, on which <= 40 is quiet; two identical back-to-back runs
 * on a shared 2-core VM scoring 46 differed by x2.48 with p = 6e-12, so a difference
 * measured there says nothing about the code. Instruction counts do not depend on it. */
#define CXB_CMP_NOISE_MAX 40.0

typedef struct cxb_compare_opts {
    double threshold;    /* theta for wall/event times (0.05) */
    double threshold_ir; /* theta_ir for instruction counts (0.02) */
    double q;            /* Benjamini-Hochberg level (0.05) */
    double slope_tau;    /* slope change that matters (0.1) */
    double slope_tau_ir; /* same for instruction-count slopes (0.05) */
    int allow_cross_machine;
    double noise_max;    /* CXB_CMP_NOISE_MAX; a timed verdict is NOISY above it */
    /* Finds a study to re-derive the fits of a result set without fit.csv; NULL: slopes
     * of such sets are not compared (noted in slope_note). */
    const cxb_study *(*find_study)(const char *name);
} cxb_compare_opts;

void cxb_compare_opts_default(cxb_compare_opts *o);

typedef struct cxb_cmp_point {
    const char *study, *impl, *params, *point;
    size_t n_base, n_new;
    int instr;                 /* compared on instruction counts */
    double base_median, new_median;
    double ratio, ratio_lo, ratio_hi; /* new / base; CI NaN when not computed */
    double p, p_adj;           /* NaN when not tested */
    int underpowered;          /* fewer than 3 samples, or the attainable p >= q */
    double noise_base, noise_new; /* the larger recorded noise score of each side's set, -1 unknown */
    cxb_cmp_verdict verdict;
} cxb_cmp_point;

typedef struct cxb_cmp_slope {
    char *series, *x_param;
    int instr;
    double base_b, base_lo, base_hi, new_b, new_lo, new_hi, delta;
    const char *verdict;       /* "SLOPE-REGRESSION", "SLOPE-IMPROVEMENT", "SAME", "NOISY" */
} cxb_cmp_slope;

typedef struct cxb_compare {
    cxb_cmp_point *points;
    size_t npoints;
    cxb_cmp_slope *slopes;
    size_t nslopes;
    char **unmatched;          /* "BASE only: impl params" / "NEW only: ..." */
    size_t nunmatched;
    int provenance_checked;    /* 0 when built without cJSON */
    char slope_note[512];      /* why some slopes were not compared ("" if none) */
    size_t counts[5];          /* per verdict */
    size_t underpowered, slope_regressions, slope_improvements, slope_noisy;
    double noise_base, noise_new; /* the largest recorded noise score of each side, -1 unknown */
    double geomean_ratio;      /* informational */
    void *priv;                /* the loaded result sets (own the strings above) */
} cxb_compare;

/* Loads, checks and compares. CXB_EINPUT (the CLI's exit 2) for unreadable or malformed
 * input, a set with unverified rows, schema/machine/build mismatch, no matched point. */
cxb_status cxb_compare_run(const char *base, const char *new_dir, const cxb_compare_opts *o,
                           cxb_compare *out);
void cxb_compare_free(cxb_compare *c);

/* What compare checks of a result set's provenance.json (docs/method.md). */
typedef struct cxb_prov {
    long schema_major;
    char cpu[256], gpu[256], build[64], compiler[128], flags[512], where[4200];
} cxb_prov;

/* Reads DIR/provenance.json (where = its path). CXB_EINPUT, one line naming the file and
 * the field: unreadable, not JSON, no schema_version, or one that is not a version (not
 * "MAJOR[.MINOR...]" nor a number in [0, 2^31)). Built without cJSON: CXB_ERESOURCE. */
cxb_status cxb_prov_read(const char *dir, cxb_prov *p);

#endif
