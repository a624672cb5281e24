/* Leist's Table 4.1 from a prng result set (docs/studies/prng.md): the summed-draw points (mode=sum)
 * per implementation and table size r, as seconds per 3x10^10 draws (scaled from the
 * measured n, since the quick preset runs fewer draws), the speed-up over one core at
 * r = 97 and G numbers/s; the thesis's published rows printed below for comparison. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/config.h"
#include "cxb/core/params.h"
#include "harness/csv.h"
#include "harness/table.h"
#include "suites/prng/tables.h"

#define TABLE41_DRAWS 3e10 /* Leist Table 4.1: 3x10^10 uniform draws in total */

static const unsigned table_sizes[] = {97, 1021, 4093, 92153};
#define NSIZES (sizeof table_sizes / sizeof table_sizes[0])

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

typedef struct row {
    char impl[64];
    double sec[NSIZES], q1[NSIZES], q3[NSIZES]; /* per 3e10 draws; 0 = not measured */
    double rate97;
} row;

cxb_status cxb_prng_table41_print(const char *run_dir, FILE *out)
{
    static const char *const need[] = {"impl", "params", "median", "q1", "q3", NULL};
    int col[5];
    cxb_csv csv;
    cxb_status st = cxb_csv_read_cols(run_dir, "summary.csv", need, &csv, col);
    if (st != CXB_OK)
        return st;
    const int ci = col[0], cp = col[1], cm = col[2], c1 = col[3], c3 = col[4];
    row rows[16];
    size_t nrows = 0;
    for (size_t i = 0; i < csv.nrows; ++i) {
        const char *params = cxb_csv_cell(&csv, i, cp);
        unsigned long long r = 0, n = 0;
        if (!strstr(params, "mode=sum") || !param_u64(params, "r", &r) || !param_u64(params, "n", &n) || !n)
            continue;
        unsigned long long streams = 0;
        if (param_u64(params, "streams", &streams) && strstr(cxb_csv_cell(&csv, i, ci), "pthreads") &&
            streams != 300)
            continue; /* Fig. 4.1's task sweep, not the table */
        size_t k = 0;
        while (k < NSIZES && table_sizes[k] != r)
            ++k;
        if (k == NSIZES)
            continue;
        const char *impl = cxb_csv_cell(&csv, i, ci);
        size_t j = 0;
        while (j < nrows && strcmp(rows[j].impl, impl))
            ++j;
        if (j == nrows) {
            if (nrows == 16)
                continue;
            memset(&rows[nrows], 0, sizeof rows[0]);
            snprintf(rows[nrows].impl, sizeof rows[0].impl, "%s", impl);
            ++nrows;
        }
        double scale = TABLE41_DRAWS / (double)n * 1e-9; /* ns for n draws -> s for 3e10 */
        rows[j].sec[k] = atof(cxb_csv_cell(&csv, i, cm)) * scale;
        rows[j].q1[k] = atof(cxb_csv_cell(&csv, i, c1)) * scale;
        rows[j].q3[k] = atof(cxb_csv_cell(&csv, i, c3)) * scale;
        if (r == 97)
            rows[j].rate97 = (double)n / atof(cxb_csv_cell(&csv, i, cm));
    }
    cxb_csv_free(&csv);
    if (nrows == 0)
        return CXB_OK; /* this run has no Table 4.1 points */
    double base = 0;
    for (size_t j = 0; j < nrows; ++j)
        if (!strcmp(rows[j].impl, "prng.lf24.seq"))
            base = rows[j].sec[0];
    fprintf(out, "\n### Leist Table 4.1: lagged Fibonacci, 3x10^10 summed draws (seconds, median [q1, q3],"
                 " scaled from the measured count)\n\n");
    fprintf(out, "| implementation | r = 97 | r = 1021 | r = 4093 | r = 92153 | speed-up (r = 97) | G numbers/s (r = 97) |\n");
    fprintf(out, "|---|---|---|---|---|---|---|\n");
    for (size_t j = 0; j < nrows; ++j) {
        fprintf(out, "| %s ", rows[j].impl);
        for (size_t k = 0; k < NSIZES; ++k) {
            if (rows[j].sec[k] > 0)
                fprintf(out, "| %.3g [%.3g, %.3g] ", rows[j].sec[k], rows[j].q1[k], rows[j].q3[k]);
            else
                fprintf(out, "| - ");
        }
        if (base > 0 && rows[j].sec[0] > 0)
            fprintf(out, "| %.1fx ", base / rows[j].sec[0]);
        else
            fprintf(out, "| - ");
        fprintf(out, rows[j].rate97 > 0 ? "| %.3g |\n" : "| - |\n", rows[j].rate97);
    }
    /* the published rows */
    char path[4200];
    snprintf(path, sizeof path, "%s/results/paper/leist2011_table4.1.csv", CXB_SOURCE_DIR);
    if (cxb_csv_read(path, &csv) == CXB_OK) {
        int cs = cxb_csv_col(&csv, "series"), cx = cxb_csv_col(&csv, "x"), cv = cxb_csv_col(&csv, "value");
        fprintf(out, "\nPublished (Leist 2011, Table 4.1; i7 970, GTX580, GTX260; seconds for 3x10^10 draws):\n\n");
        fprintf(out, "| device | r = 97 | r = 1021 | r = 4093 | r = 92153 |\n|---|---|---|---|---|\n");
        for (size_t i = 0; i < csv.nrows;) {
            const char *series = cxb_csv_cell(&csv, i, cs);
            double v[NSIZES] = {0};
            size_t e = i;
            for (; e < csv.nrows && !strcmp(cxb_csv_cell(&csv, e, cs), series); ++e)
                for (size_t k = 0; k < NSIZES; ++k)
                    if ((unsigned)atoi(cxb_csv_cell(&csv, e, cx)) == table_sizes[k])
                        v[k] = atof(cxb_csv_cell(&csv, e, cv));
            fprintf(out, "| %s ", series);
            for (size_t k = 0; k < NSIZES; ++k)
                fprintf(out, v[k] > 0 ? "| %.1f " : "| - ", v[k]);
            fprintf(out, "|\n");
            i = e;
        }
        cxb_csv_free(&csv);
    }
    return CXB_OK;
}
