/* Leist's Table 4.2 from a prng result set (docs/studies/prng.md; A. Leist (2011), section 4.5,
 * Algorithm 8, Table 4.2): the Numerical Recipes generators against Marsaglia's lagged
 * Fibonacci CUDA 1, each thread summing its own instance's doubles.
 *
 * Data contract: the bulk implementations prng.<g>.{seq,pthreads,cuda} for g in {ran, ranq2,
 * ranq1, ranhash, ranlim32} with --set mode=sum (each of the S streams sums its outputs as
 * u32 * 2^-32 in draw order) and the parameters n (total draws) and streams; the Marsaglia
 * column is prng.lf24.cuda1 with mode=sum and r = 97 (the thesis's Table 4.1 CUDA 1 row at
 * r = 97 is the same 2.3 s), and lf24.seq / lf24.pthreads (r = 97) fill it for the CPU rows.
 * A cell is the median time scaled to 3x10^10 draws (the quick preset runs fewer), with its
 * quartiles; where a run has several points of one implementation (a sweep over streams or
 * n) the fastest is shown, as the thesis reports the best configuration. Deviation: rows are
 * this run's backends (its one machine), not the thesis's two GPUs, which are printed below
 * with the memory per thread (sizeof of cxbench's states: the same as the thesis's).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/config.h"
#include "cxb/core/params.h"
#include "cxb/rng/nr3.h"
#include "harness/csv.h"
#include "harness/table.h"
#include "suites/prng/tables.h"

#define TABLE42_DRAWS 3e10 /* Leist Table 4.2, as Table 4.1: 3x10^10 draws in total */

/* the thesis's columns, in its order */
static const struct {
    const char *gen, *label;
} cols[] = {{"ran", "Ran"},         {"ranq2", "Ranq2"},       {"ranq1", "Ranq1"},
            {"ranhash", "Ranhash"}, {"ranlim32", "Ranlim32"}, {"lf24", "Marsaglia CUDA 1"}};
#define NCOLS (sizeof cols / sizeof cols[0])

/* rows: the backends of this run; lf24's variant for each */
static const struct {
    const char *backend, *lf24_variant, *label;
} rows[] = {{"seq", "seq", "seq (1 core)"}, {"pthreads", "pthreads", "pthreads (all cores)"}, {"cuda", "cuda1", "cuda (GPU)"}};
#define NROWS (sizeof rows / sizeof rows[0])

/* a numeric parameter of a point's "k=v;k=v" (the harness's parser) */
static int param_u64(const char *params, const char *key, unsigned long long *v)
{
    char buf[32];
    uint64_t u = 0;
    if (!cxb_params_lookup(params, ';', key, buf, sizeof buf) || cxb_parse_u64(buf, key, &u) != CXB_OK)
        return 0;
    *v = u;
    return 1;
}

static int has_param(const char *params, const char *kv)
{
    size_t n = strlen(kv);
    for (const char *p = params; p && *p;) {
        if (!strncmp(p, kv, n) && (p[n] == ';' || p[n] == '\0'))
            return 1;
        p = strchr(p, ';');
        p = p ? p + 1 : NULL;
    }
    return 0;
}

/* the cell (row, col) an implementation id fills, or 0 */
static int cell_of(const char *impl, size_t *row, size_t *col)
{
    if (strncmp(impl, "prng.", 5))
        return 0;
    const char *g = impl + 5, *dot = strchr(g, '.');
    if (!dot)
        return 0;
    for (size_t c = 0; c < NCOLS; ++c) {
        if ((size_t)(dot - g) != strlen(cols[c].gen) || strncmp(g, cols[c].gen, (size_t)(dot - g)))
            continue;
        for (size_t r = 0; r < NROWS; ++r)
            if (!strcmp(dot + 1, strcmp(cols[c].gen, "lf24") ? rows[r].backend : rows[r].lf24_variant)) {
                *row = r;
                *col = c;
                return 1;
            }
    }
    return 0;
}

typedef struct cell {
    double sec, q1, q3; /* per 3e10 draws; 0 = not measured */
    unsigned long long streams;
} cell;

cxb_status cxb_prng_table42_print(const char *run_dir, FILE *out)
{
    static const char *const need[] = {"impl", "params", "median", "q1", "q3", NULL};
    int col[5];
    char path[4200];
    cxb_csv csv;
    cxb_status st = cxb_csv_read_cols(run_dir, "summary.csv", need, &csv, col);
    if (st != CXB_OK)
        return st;
    const int ci = col[0], cp = col[1], cm = col[2], c1 = col[3], c3 = col[4];
    cell t[NROWS][NCOLS];
    memset(t, 0, sizeof t);
    int any = 0;
    for (size_t i = 0; i < csv.nrows; ++i) {
        const char *impl = cxb_csv_cell(&csv, i, ci), *params = cxb_csv_cell(&csv, i, cp);
        size_t r, c;
        unsigned long long n = 0, lag = 97, streams = 0;
        if (!cell_of(impl, &r, &c) || !has_param(params, "mode=sum") || !param_u64(params, "n", &n) || !n)
            continue;
        if (!strcmp(cols[c].gen, "lf24") && param_u64(params, "r", &lag) && lag != 97)
            continue; /* Table 4.1's other table sizes */
        double med = atof(cxb_csv_cell(&csv, i, cm));
        if (!(med > 0))
            continue;
        double scale = TABLE42_DRAWS / (double)n * 1e-9; /* ns for n draws -> s for 3e10 */
        if (t[r][c].sec == 0 || med * scale < t[r][c].sec) {
            (void)param_u64(params, "streams", &streams);
            t[r][c].sec = med * scale;
            t[r][c].q1 = atof(cxb_csv_cell(&csv, i, c1)) * scale;
            t[r][c].q3 = atof(cxb_csv_cell(&csv, i, c3)) * scale;
            t[r][c].streams = streams;
        }
    }
    cxb_csv_free(&csv);
    /* a row is printed where this run measured a Numerical Recipes generator on that backend:
     * the Marsaglia column alone (Table 4.1's summed lf24 points) is not Table 4.2 */
    int measured[NROWS] = {0};
    for (size_t r = 0; r < NROWS; ++r) {
        for (size_t c = 0; c < NCOLS; ++c)
            measured[r] |= strcmp(cols[c].gen, "lf24") != 0 && t[r][c].sec > 0;
        any |= measured[r];
    }
    if (!any)
        return CXB_OK; /* this run has no Table 4.2 points */

    fprintf(out, "\n### Leist Table 4.2: Numerical Recipes generators vs Marsaglia, 3x10^10 summed draws"
                 " (seconds, median [q1, q3], scaled from the measured count; best over streams)\n\n");
    fprintf(out, "| implementation ");
    for (size_t c = 0; c < NCOLS; ++c)
        fprintf(out, "| %s ", cols[c].label);
    fprintf(out, "|\n|---");
    for (size_t c = 0; c < NCOLS; ++c)
        fprintf(out, "|---");
    fprintf(out, "|\n");
    for (size_t r = 0; r < NROWS; ++r) {
        if (!measured[r])
            continue;
        fprintf(out, "| %s ", rows[r].label);
        for (size_t c = 0; c < NCOLS; ++c) {
            if (t[r][c].sec > 0) {
                fprintf(out, "| %.3g [%.3g, %.3g]", t[r][c].sec, t[r][c].q1, t[r][c].q3);
                if (t[r][c].streams)
                    fprintf(out, " (T = %llu)", t[r][c].streams);
                fprintf(out, " ");
            } else {
                fprintf(out, "| - ");
            }
        }
        fprintf(out, "|\n");
    }
    /* memory per thread: the generators' state sizes (docs/studies/prng.md) */
    fprintf(out, "| memory per thread | %zu B | %zu B | %zu B | 0 B + %zu B counter | %zu B | ~400 B (r = 97) |\n",
            sizeof(cxb_ran_state), sizeof(cxb_ranq2_state), sizeof(cxb_ranq1_state), sizeof(uint64_t),
            sizeof(cxb_ranlim32_state));

    /* the published rows */
    snprintf(path, sizeof path, "%s/results/paper/leist2011_table4.2.csv", CXB_SOURCE_DIR);
    if (cxb_csv_read(path, &csv) == CXB_OK) {
        int cs = cxb_csv_col(&csv, "series"), cx = cxb_csv_col(&csv, "x"), cv = cxb_csv_col(&csv, "value");
        fprintf(out, "\nPublished (Leist 2011, Table 4.2; GTX580, GTX260; seconds for 3x10^10 draws):\n\n");
        fprintf(out, "| device ");
        for (size_t c = 0; c < NCOLS; ++c)
            fprintf(out, "| %s ", cols[c].label);
        fprintf(out, "|\n|---");
        for (size_t c = 0; c < NCOLS; ++c)
            fprintf(out, "|---");
        fprintf(out, "|\n");
        for (size_t i = 0; i < csv.nrows;) {
            const char *series = cxb_csv_cell(&csv, i, cs);
            double v[NCOLS] = {0};
            size_t e = i;
            for (; e < csv.nrows && !strcmp(cxb_csv_cell(&csv, e, cs), series); ++e)
                for (size_t c = 0; c < NCOLS; ++c)
                    if (!strcmp(cxb_csv_cell(&csv, e, cx), cols[c].gen))
                        v[c] = atof(cxb_csv_cell(&csv, e, cv));
            fprintf(out, "| %s ", series);
            for (size_t c = 0; c < NCOLS; ++c)
                fprintf(out, v[c] > 0 ? "| %.1f " : "| - ", v[c]);
            fprintf(out, "|\n");
            i = e;
        }
        cxb_csv_free(&csv);
    }
    return CXB_OK;
}
