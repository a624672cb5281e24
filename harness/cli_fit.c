/* harness/cli_fit.c - `cxbench fit RESULTS [--range a:b] [--table] [--style paper]
 * [--format md|csv|tex]` (docs/cli.md "fit"; docs/method.md): re-derives the summary and the fits from
 * samples.csv with the study's series specs and writes them BESIDE the set, as
 * RESULTS.summary.csv and RESULTS.fit.csv: the set's own summary.csv and fit.csv stay as
 * its run wrote them (a place that cannot be written to, e.g. a read-only checkout, gets
 * a warning and the slopes all the same). Prints the slopes and, with --table, the
 * speed-up/slope table (Leist Table 5.1 style). Warnings (fewer than 6 points, less than
 * 2 decades) go to stderr. `run` prints the same tables through cxb_cli_fit_table, which
 * writes nothing (the run has just derived the set's own files).
 */
#define _XOPEN_SOURCE 700
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/derive.h"
#include "harness/fit.h"
#include "harness/cli.h"
#include "harness/table.h"

/* "1000", "1e6", "2^20"; an empty side is 0 (open). */
static int parse_bound(const char *s, size_t len, double *v)
{
    char buf[64];
    if (len == 0) {
        *v = 0;
        return 1;
    }
    if (len >= sizeof buf)
        return 0;
    memcpy(buf, s, len);
    buf[len] = '\0';
    char *end;
    char *caret = strchr(buf, '^');
    if (caret) {
        *caret = '\0';
        double base = strtod(buf, &end);
        if (end == buf || *end)
            return 0;
        double e = strtod(caret + 1, &end);
        if (end == caret + 1 || *end)
            return 0;
        *v = pow(base, e);
    } else {
        *v = strtod(buf, &end);
        if (end == buf || *end)
            return 0;
    }
    return isfinite(*v) && *v >= 0;
}

/* The machine of a result set: the name of its parent directory (results/<machine>/<run>). */
static void machine_of(const char *dir, char *out, size_t size)
{
    char real[PATH_MAX];
    snprintf(out, size, "local");
    if (!realpath(dir, real))
        return;
    char *slash = strrchr(real, '/');
    if (!slash || slash == real)
        return;
    *slash = '\0';
    slash = strrchr(real, '/');
    const char *name = slash ? slash + 1 : real;
    size_t len = strlen(name);
    if (len == 0 || size == 0)
        return;
    if (len >= size)
        len = size - 1;
    memcpy(out, name, len);
    out[len] = '\0';
}

typedef struct fit_args {
    double range[2];
    int table, style, format;
} fit_args;

/* --range a:b: 0 <= a <= b, either side may be empty (open), not both. */
static cxb_status parse_range(const char *where, const char *r, void *dest)
{
    double *lohi = dest;
    const char *colon = strchr(r, ':');
    if (!colon || !parse_bound(r, (size_t)(colon - r), &lohi[0]) ||
        !parse_bound(colon + 1, strlen(colon + 1), &lohi[1]) || (lohi[0] == 0 && lohi[1] == 0) ||
        (lohi[1] > 0 && lohi[1] < lohi[0]))
        return cxb_fail(CXB_EINPUT, "%s '%s': expected a:b with 0 <= a <= b (either may be empty)", where, r);
    return CXB_OK;
}

static const char *const fit_styles[] = {"default", "paper", NULL};
static const char *const fit_formats[] = {"md", "csv", "tex", NULL}; /* in cxb_fmt's order */

static const cxb_option fit_options[] = {
    CXB_OPT_PARSE("--range", "a:b", "fit only a <= x <= b (either bound may be empty)", fit_args, range,
                  parse_range, 0),
    CXB_OPT_SWITCH("--table", "also print the speed-up/slope table", fit_args, table, 0),
    CXB_OPT_CHOICE("--style", "default|paper", "the table's layout: paper is the source thesis's", fit_args,
                   style, fit_styles, 0),
    CXB_OPT_CHOICE("--format", "md|csv|tex", "table format (default md)", fit_args, format, fit_formats, 0),
    CXB_OPT_END};

const cxb_form cxb_cli_fit_forms[] = {{"RESULTS", fit_options}, CXB_FORMS_END};

static int fit_main(int argc, char **argv, int write_beside);

int cxb_cli_fit(int argc, char **argv) { return fit_main(argc, argv, 1); }

int cxb_cli_fit_table(const char *dir)
{
    char *argv[] = {"fit", (char *)dir, "--table", NULL};
    return fit_main(3, argv, 0);
}

static int fit_main(int argc, char **argv, int write_beside)
{
    fit_args fa = {{0, 0}, 0, 0, 0};
    cxb_args a;
    int rc;
    if (cxb_cli_args(argc, argv, "fit", cxb_cli_fit_forms, fit_options, &fa, 1, &a, &rc))
        return rc;
    if (a.npos < 1)
        return cxb_cli_error(2, "fit: expected RESULTS (a result-set directory with samples.csv)");
    const char *dir = a.pos[0];
    double lo = fa.range[0], hi = fa.range[1];
    int table = fa.table, paper = fa.style == 1;
    cxb_fmt fmt = (cxb_fmt)fa.format;

    cxb_rset rs;
    cxb_status st = cxb_rset_load(dir, &rs);
    if (st) {
        fprintf(stderr, "cxbench: error: %s\n", cxb_last_error());
        return st;
    }
    const cxb_study *study = cxb_study_find(rs.study);
    if (!study) {
        fprintf(stderr, "cxbench: error: %s/samples.csv: unknown study '%s'\n", dir, rs.study);
        cxb_rset_free(&rs);
        return 2;
    }
    if ((st = cxb_rset_fit(&rs, study, lo, hi)) != CXB_OK) {
        fprintf(stderr, "cxbench: error: %s\n", cxb_last_error());
        cxb_rset_free(&rs);
        return st;
    }
    /* samples.csv has been read: a failure here is the write (a read-only result set);
     * the slopes are still printed */
    char prefix[4200];
    size_t dl = strlen(dir);
    while (dl > 1 && dir[dl - 1] == '/')
        --dl;
    snprintf(prefix, sizeof prefix, "%.*s.", (int)dl, dir);
    if (write_beside && cxb_derive_write_fitted_to(&rs, prefix) != CXB_OK)
        fprintf(stderr, "cxbench: warning: fit: derived files not written: %s\n", cxb_last_error());
    for (size_t i = 0; i < rs.nseries; ++i) {
        const cxb_rseries *s = &rs.series[i];
        if (s->fit.warn_few)
            fprintf(stderr, "cxbench: warning: fit: %s: only %zu points (6 or more recommended)\n",
                    s->name, s->fit.k);
        if (s->fit.warn_narrow)
            fprintf(stderr, "cxbench: warning: fit: %s: %s range %.6g-%.6g is less than 2 decades\n",
                    s->name, s->x_param, s->fit.x_min, s->fit.x_max);
    }
    cxb_grid g;
    st = cxb_table_slopes(&rs, &g);
    if (st == CXB_OK) {
        if (fmt == CXB_FMT_MD)
            printf("## slopes: %s (%s)%s\n\n", rs.study, dir, rs.metric_ir ? ", instruction counts" : "");
        cxb_grid_write(stdout, &g, fmt);
    }
    cxb_grid_free(&g);
    if (st == CXB_OK && table) {
        char machine[256];
        machine_of(dir, machine, sizeof machine);
        st = cxb_table_speedup(&rs, study, machine, paper, &g);
        if (st == CXB_OK) {
            if (fmt == CXB_FMT_MD)
                printf("\n## speed-up against each algorithm's seq implementation, and slopes\n\n");
            else
                fputc('\n', stdout);
            cxb_grid_write(stdout, &g, fmt);
        }
        cxb_grid_free(&g);
    }
    cxb_rset_free(&rs);
    if (st) {
        fprintf(stderr, "cxbench: error: %s\n", cxb_last_error());
        return st;
    }
    return 0;
}
