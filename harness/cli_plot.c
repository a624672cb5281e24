/* harness/cli_plot.c - `cxbench plot` (docs/method.md; docs/architecture.md "Command line").
 *
 *   cxbench plot RESULTS [--out DIR]
 *       the figures of one result set (a directory with samples.csv; the study is its
 *       `study` column) into DIR, default RESULTS/../figures (results/<machine>/figures);
 *   cxbench plot --all [ROOT]
 *       for every machine directory ROOT/<machine>/ (ROOT default "results"; "paper",
 *       "ci", "quality" and dot-directories skipped), the figures its INDEX.md names
 *       (results_walk.h): a row whose output is "figures/DIR/" draws every figure of its
 *       study that its sets measure into ROOT/<machine>/figures/DIR/; a row whose output is
 *       "figures/[DIR/]ID.png" draws figure ID alone (an ID that is not one of the study's
 *       figures, or that its sets do not measure, is an error); other rows (tables,
 *       headline numbers, figures drawn by other commands) are skipped; the path is the
 *       output's first word (results_walk.h). Nothing is ever
 *       removed. A machine without INDEX.md: the newest result set of each study into
 *       ROOT/<machine>/figures/, as before INDEX.md existed (figures of the study that set
 *       does not measure are removed there). This is `make figures`: a pure function of
 *       committed results; no benchmark runs.
 *   cxbench plot SET SET ... --out DIR
 *       the figures of the union of the points of several result sets of one study and
 *       one machine (a study measured in several runs, each under the GPU machine's
 *       10-minute limit), into DIR (required: there is no one set to write
 *       beside). A point in more than one set is drawn from the set given last, with a
 *       "note:" line; each figure's .gp names every set. Sets of different studies or
 *       machines, a set given twice or no --out: one line, exit 2, nothing written.
 *
 * summary.csv and fit.csv are derived first (cxb_derive_write) when either is missing.
 * Prints "wrote DIR/<figure>.png" per figure. Exit 0; 2 bad input (one line); 3 when
 * gnuplot is missing (data and scripts are still written; one line).
 */
#define _XOPEN_SOURCE 700
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "cxb/core/status.h"
#include "harness/cli.h"
#include "harness/csv.h"
#include "harness/derive.h"
#include "harness/plot.h"
#include "harness/plot_sets.h"
#include "harness/registry.h"
#include "harness/results_walk.h"

#define CLI_PATH 4096

static int usage_error(const char *what)
{
    return cxb_cli_error(CXB_EINPUT, "plot: %s (cxbench plot --help shows the usage)", what);
}

static int fail_line(cxb_status st) { return cxb_cli_status(st); }

/* Plots one result set; prints a line per figure. ERESOURCE (no gnuplot) is returned
 * without printing so that --all can go on writing data and scripts. */
static cxb_status plot_one(const char *run_dir, const cxb_study *study, const char *out)
{
    cxb_status st = cxb_results_ensure_derived(run_dir, study);
    if (st != CXB_OK)
        return st;
    st = cxb_plot_run_dir(run_dir, study, out);
    if (st != CXB_OK)
        return st;
    for (size_t i = 0; i < study->nfigures; ++i) { /* figures with nothing measured are not drawn */
        char png[CLI_PATH];
        snprintf(png, sizeof png, "%s/%s.png", out, study->figures[i].id);
        if (access(png, F_OK) == 0)
            printf("wrote %s\n", png);
    }
    fflush(stdout);
    return CXB_OK;
}

/* DIR/.. as text where possible: "results/m/run" -> "results/m". */
static void parent_of(const char *path, char *out, size_t n)
{
    char buf[CLI_PATH];
    snprintf(buf, sizeof buf, "%s", path);
    size_t len = strlen(buf);
    while (len > 1 && buf[len - 1] == '/')
        buf[--len] = '\0';
    char *slash = strrchr(buf, '/');
    const char *last = slash ? slash + 1 : buf;
    if (strcmp(last, ".") == 0 || strcmp(last, "..") == 0) {
        char real[CLI_PATH];
        if (realpath(buf, real)) {
            snprintf(buf, sizeof buf, "%s", real);
            slash = strrchr(buf, '/');
        }
    }
    if (!slash)
        snprintf(out, n, ".");
    else if (slash == buf)
        snprintf(out, n, "/");
    else {
        *slash = '\0';
        snprintf(out, n, "%s", buf);
    }
}

static int plot_results(const char *run_dir, const char *out)
{
    struct stat sb;
    if (stat(run_dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        cxb_fail(CXB_EINPUT, "%s: not a result-set directory", run_dir);
        return fail_line(CXB_EINPUT);
    }
    const cxb_study *study;
    cxb_status st = cxb_results_study_of(run_dir, &study);
    if (st != CXB_OK)
        return fail_line(st);
    char outbuf[CLI_PATH + 16];
    if (!out) {
        char parent[CLI_PATH];
        parent_of(run_dir, parent, sizeof parent);
        snprintf(outbuf, sizeof outbuf, "%s/figures", parent);
        out = outbuf;
    }
    st = plot_one(run_dir, study, out);
    return st == CXB_OK ? 0 : fail_line(st);
}

static void print_note(void *arg, const char *line)
{
    (void)arg;
    printf("note: %s\n", line);
}

/* One INDEX.md row of plot --all (see the header). */
static cxb_status plot_index_row(const cxb_index *idx, const cxb_index_row *row)
{
    const char *o = row->output_path;
    if (strncmp(o, "figures/", 8) != 0)
        return CXB_OK; /* a table, a headline number or a figure drawn elsewhere */
    const cxb_study *study = cxb_study_find(row->study);
    if (!study)
        return cxb_fail(CXB_EINPUT, "%s/INDEX.md:%d: unknown study '%s'", idx->machine_dir, row->line, row->study);
    char paths[CXB_INDEX_MAX_SETS][CLI_PATH];
    const char *sets[CXB_INDEX_MAX_SETS];
    cxb_status st = CXB_OK;
    for (size_t k = 0; k < row->nsets && st == CXB_OK; ++k) {
        snprintf(paths[k], sizeof paths[k], "%s/%s", idx->machine_dir, row->sets[k]);
        sets[k] = paths[k];
        if (!cxb_results_is_set(paths[k]))
            st = cxb_fail(CXB_EINPUT, "%s/INDEX.md:%d: %s: not a result set", idx->machine_dir, row->line, paths[k]);
        else
            st = cxb_results_ensure_derived(paths[k], study);
    }
    if (st != CXB_OK)
        return st;
    char out[CLI_PATH * 2];
    snprintf(out, sizeof out, "%s/%s", idx->machine_dir, o);
    size_t len = strlen(out);
    cxb_study one = *study;
    const char *id = NULL;
    if (len > 4 && !strcmp(out + len - 4, ".png")) { /* one figure: figures/[DIR/]ID.png */
        char *slash = strrchr(out, '/');
        *slash = '\0';
        id = slash + 1;
        out[len - 4] = '\0';
        one.figures = NULL;
        for (size_t i = 0; i < study->nfigures; ++i)
            if (!strcmp(study->figures[i].id, id))
                one.figures = &study->figures[i];
        if (!one.figures)
            return cxb_fail(CXB_EINPUT, "%s/INDEX.md:%d: '%s' is not a figure of study %s", idx->machine_dir,
                            row->line, id, study->name);
        one.nfigures = 1;
    } else
        while (len > 1 && out[len - 1] == '/')
            out[--len] = '\0';
    st = cxb_plot_run_dirs_keep(sets, row->nsets, &one, out, print_note, NULL);
    if (st != CXB_OK && st != CXB_ERESOURCE)
        return st;
    size_t drawn = 0;
    for (size_t i = 0; i < one.nfigures; ++i) {
        char png[CLI_PATH * 3];
        snprintf(png, sizeof png, "%s/%s.png", out, one.figures[i].id);
        char csvp[CLI_PATH * 3];
        snprintf(csvp, sizeof csvp, "%s/%s.csv", out, one.figures[i].id);
        if (access(png, F_OK) == 0 || (st == CXB_ERESOURCE && access(csvp, F_OK) == 0)) {
            ++drawn;
            if (st == CXB_OK)
                printf("wrote %s\n", png);
        }
    }
    fflush(stdout);
    if (drawn == 0 && st == CXB_OK)
        return cxb_fail(CXB_EINPUT, "%s/INDEX.md:%d: %s: %s measure%s nothing of it", idx->machine_dir, row->line,
                        row->key, row->nsets > 1 ? "its sets" : "its set", row->nsets > 1 ? "" : "s");
    return st;
}

typedef struct plot_all_ctx {
    char missing[1024]; /* the first "not drawn" note (e.g. no gnuplot) */
    size_t rows;        /* index rows seen: none means ROOT holds no result set */
} plot_all_ctx;

static cxb_status plot_index(const cxb_index *idx, void *arg)
{
    plot_all_ctx *ctx = arg;
    char *missing = ctx->missing;
    ctx->rows += idx->nrows;
    cxb_status st = CXB_OK;
    for (size_t i = 0; i < idx->nrows && st == CXB_OK; ++i) {
        if (!idx->from_file) { /* the newest set of a study, as before INDEX.md */
            const cxb_study *study = cxb_study_find(idx->rows[i].study);
            char run_dir[CLI_PATH * 2], out[CLI_PATH + 16];
            snprintf(run_dir, sizeof run_dir, "%s/%s", idx->machine_dir, idx->rows[i].sets[0]);
            snprintf(out, sizeof out, "%s/figures", idx->machine_dir);
            st = study ? plot_one(run_dir, study, out)
                       : cxb_fail(CXB_EINPUT, "%s: unknown study '%s'", run_dir, idx->rows[i].study);
        } else
            st = plot_index_row(idx, &idx->rows[i]);
        if (st == CXB_ERESOURCE) { /* e.g. no gnuplot: note it, go on */
            if (!missing[0])
                snprintf(missing, 1024, "%s", cxb_last_error());
            st = CXB_OK;
        }
    }
    return st;
}


/* Several sets of one study drawn together: checked before anything is derived or written. */
static int plot_sets(const char *const *sets, size_t n, const char *out)
{
    if (!out)
        return usage_error("several result sets need --out DIR (there is no one set to write beside)");
    const cxb_study *study;
    cxb_status st = cxb_plot_sets_check(sets, n, NULL);
    if (st == CXB_OK)
        st = cxb_results_study_of(sets[0], &study);
    for (size_t i = 0; i < n && st == CXB_OK; ++i)
        st = cxb_results_ensure_derived(sets[i], study);
    if (st == CXB_OK)
        st = cxb_plot_run_dirs(sets, n, study, out, print_note, NULL);
    if (st != CXB_OK) {
        fflush(stdout);
        return fail_line(st);
    }
    for (size_t i = 0; i < study->nfigures; ++i) {
        char png[CLI_PATH];
        snprintf(png, sizeof png, "%s/%s.png", out, study->figures[i].id);
        if (access(png, F_OK) == 0)
            printf("wrote %s\n", png);
    }
    fflush(stdout);
    return 0;
}

static int plot_all(const char *root)
{
    plot_all_ctx ctx = {"", 0};
    cxb_status st = cxb_results_each_index(root, plot_index, &ctx);
    if (st == CXB_OK && ctx.rows == 0) /* as `report` on the same ROOT */
        st = cxb_fail(CXB_EINPUT, "plot: %s: no result sets", root);
    if (st == CXB_OK && ctx.missing[0])
        st = cxb_fail(CXB_ERESOURCE, "%s", ctx.missing);
    return st == CXB_OK ? 0 : fail_line(st);
}

typedef struct plot_args {
    const char *out;
    int all;
} plot_args;

/* Both options belong to the forms' args: each form takes them differently. */
static const cxb_option plot_options[] = {
    CXB_OPT_STRING("--out", "DIR", "where the figures go (default: results/<machine>/figures beside RESULTS)",
                   plot_args, out, CXB_OPT_IN_ARGS),
    CXB_OPT_SWITCH("--all", "the figures each ROOT/<machine>/INDEX.md names (default ROOT results); removes nothing", plot_args,
                   all, CXB_OPT_IN_ARGS),
    CXB_OPT_END};

const cxb_form cxb_cli_plot_forms[] = {{"RESULTS [--out DIR]", plot_options},
                                       {"SET SET... --out DIR", plot_options},
                                       {"--all [ROOT]", plot_options},
                                       CXB_FORMS_END};

int cxb_cli_plot(int argc, char **argv)
{
    plot_args pa = {NULL, 0};
    cxb_args a;
    int rc;
    if (cxb_cli_args(argc, argv, "plot", cxb_cli_plot_forms, plot_options, &pa, CXB_ARGS_MAX_POS, &a, &rc))
        return rc;
    const char *results = NULL, *out = pa.out, *root = NULL;
    const char *const *sets = a.pos; /* positionals */
    size_t nsets = (size_t)a.npos;
    int all = pa.all;
    results = nsets ? sets[0] : NULL;
    if (all) {
        if (out)
            rc = usage_error("--all writes into ROOT/<machine>/figures; --out does not apply");
        else if (nsets > 1)
            rc = usage_error("--all takes one ROOT");
        else {
            root = results ? results : "results";
            rc = plot_all(root);
        }
    } else if (!results)
        rc = usage_error("no result set given");
    else if (out && !*out)
        rc = usage_error("--out needs a directory");
    else if (nsets == 1)
        rc = plot_results(results, out);
    else
        rc = plot_sets(sets, nsets, out);
    return rc;
}
