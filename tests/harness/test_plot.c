/* tests/harness/test_plot.c - harness_plot (docs/method.md): figures from a synthetic result
 * set written here (summary.csv and fit.csv with the 4.3 columns; two implementations,
 * six sizes, one point excluded from its fit; a paper file under results/paper/).
 *
 * Expectations are computed from the constructions, not from the code's output:
 * seq takes 100 n ns and cuda1 0.25 n ns (5 us at n = 1024, excluded), so the time
 * figure has seq at 0.4096 ms for n = 4096 and cuda1 runs 4 G numbers/s; the fitted
 * lines exp(a) x^b must pass through those values and span only [x_min, x_max].
 * A title's "{backends}" becomes the kinds of row drawn ("seq and CUDA 1").
 * Checked without gnuplot: a missing summary.csv / fit.csv column gives CXB_EINPUT,
 * and with gnuplot switched off (CXB_GNUPLOT=none) the data and scripts are written and
 * CXB_ERESOURCE names the directory. With gnuplot: PNG and PDF exist with their magic
 * numbers, and every template under plots/<study>/ runs under `set terminal dumb`
 * with generated data, a template whose name has "heat" as a ratio map of cuda1 / seq
 * over n and seed (skipped, 77, when gnuplot is absent).
 */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "testfs.h"
#include "cxb/config.h"
#include "harness/atomic.h"
#include "harness/csv.h"
#include "harness/plot.h"
#include "harness/registry.h"

static char root[512];

static void cleanup(void)
{
    cxb_testfs_rmtree(root);
}

/* summary.csv with every column of docs/method.md; drop names one column to leave out. */
static void write_summary(const char *dir, const char *drop)
{
    static const char *const cols[] = {"point", "impl", "params", "count", "median", "q1", "q3",
                                       "iqr", "min", "max", "mean", "sd", "rel_sd", "median_ci_lo",
                                       "median_ci_hi", "work", "rate", "stop_reason", "discarded",
                                       "floor_ns", "floor_ratio", "in_fit", "exclusion_rule", NULL};
    char path[1024];
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    FILE *f = fopen(path, "w");
    if (!f)
        exit(1);
    int first = 1;
    for (int c = 0; cols[c]; ++c)
        if (!drop || strcmp(cols[c], drop) != 0) {
            fprintf(f, "%s%s", first ? "" : ",", cols[c]);
            first = 0;
        }
    fputc('\n', f);
    typedef struct srow { const char *impl; int seed; double n, t; int in_fit; } srow;
    srow rows[16];
    int nr = 0;
    for (int i = 0; i < 6; ++i) {
        double n = 1024.0 * (1 << i);
        rows[nr++] = (srow){"test.pow.seq", 1, n, 100.0 * n, 1};
        rows[nr++] = (srow){"test.pow.cuda1", 1, n, i == 0 ? 5000.0 : 0.25 * n, i != 0};
    }
    rows[nr++] = (srow){"test.pow.seq", 2, 4096, 100.0 * 4096 * 1.1, 0}; /* no fit: drawn filled */
    rows[nr++] = (srow){"test.pow.seq", 1, -1, 1e6, 1}; /* another sweep: no n */
    for (int r = 0; r < nr; ++r) {
        double t = rows[r].t;
        char params[128];
        if (rows[r].n > 0)
            snprintf(params, sizeof params, "n=%.0f;seed=%d", rows[r].n, rows[r].seed);
        else
            snprintf(params, sizeof params, "seed=%d;threads=2", rows[r].seed);
        first = 1;
        for (int c = 0; cols[c]; ++c) {
            if (drop && strcmp(cols[c], drop) == 0)
                continue;
            const char *k = cols[c];
            fputs(first ? "" : ",", f);
            first = 0;
            if (!strcmp(k, "point"))
                fprintf(f, "%016x", r + 1);
            else if (!strcmp(k, "impl"))
                fputs(rows[r].impl, f);
            else if (!strcmp(k, "params"))
                fprintf(f, "\"%s\"", params);
            else if (!strcmp(k, "count"))
                fputs("10", f);
            else if (!strcmp(k, "median") || !strcmp(k, "mean"))
                fprintf(f, "%.17g", t);
            else if (!strcmp(k, "q1"))
                fprintf(f, "%.17g", 0.95 * t);
            else if (!strcmp(k, "q3"))
                fprintf(f, "%.17g", 1.05 * t);
            else if (!strcmp(k, "iqr"))
                fprintf(f, "%.17g", 0.1 * t);
            else if (!strcmp(k, "min") || !strcmp(k, "median_ci_lo"))
                fprintf(f, "%.17g", 0.9 * t);
            else if (!strcmp(k, "max") || !strcmp(k, "median_ci_hi"))
                fprintf(f, "%.17g", 1.1 * t);
            else if (!strcmp(k, "sd"))
                fprintf(f, "%.17g", 0.05 * t);
            else if (!strcmp(k, "rel_sd"))
                fputs("0.05", f);
            else if (!strcmp(k, "work"))
                fprintf(f, "%.0f", rows[r].n > 0 ? rows[r].n : 1e6);
            else if (!strcmp(k, "rate"))
                fprintf(f, "%.17g", (rows[r].n > 0 ? rows[r].n : 1e6) / t);
            else if (!strcmp(k, "stop_reason"))
                fputs("fixed", f);
            else if (!strcmp(k, "discarded"))
                fputs("0", f);
            else if (!strcmp(k, "floor_ns"))
                fputs("400", f);
            else if (!strcmp(k, "floor_ratio"))
                fprintf(f, "%.6g", t / 400);
            else if (!strcmp(k, "in_fit"))
                fprintf(f, "%d", rows[r].in_fit);
            else if (!strcmp(k, "exclusion_rule"))
                fputs(rows[r].in_fit ? "" : "floor", f);
        }
        fputc('\n', f);
    }
    fclose(f);
}

static void write_fit(const char *dir, int drop_b)
{
    char path[1024], text[2048];
    snprintf(path, sizeof path, "%s/fit.csv", dir);
    snprintf(text, sizeof text,
             "series,x_param,k,x_min,x_max,%sb_lo,b_hi,a,r2,sigma,boot_lo,boot_hi,theil_sen_b,expected,verdict\n"
             "\"test.pow.seq;seed=1\",n,6,1024,32768,%s0.99,1.01,%.17g,1,0.01,0.99,1.01,1,1,consistent\n"
             "\"test.pow.cuda1;seed=1\",n,5,2048,32768,%s0.98,1.02,%.17g,1,0.01,0.98,1.02,1,1,consistent\n",
             drop_b ? "" : "b,", drop_b ? "" : "1,", log(100.0), drop_b ? "" : "1,", log(0.25));
    cxb_testfs_write(path, text);
}

static const cxb_figure_spec figures[] = {
    {"t-time", "synthetic: time vs n", "prng/time_vs_x.gp", "n", "time", "", "test_paper.csv"},
    {"t-rate", "synthetic: rate vs n, {backends}", "prng/rate_vs_x.gp", "n", "rate", "seed=1", NULL},
};

static cxb_study make_study(const cxb_figure_spec *figs, size_t n)
{
    cxb_study s;
    memset(&s, 0, sizeof s);
    s.name = "test";
    s.summary = "synthetic study of harness_plot";
    s.reference_impl = "test.pow.seq";
    s.figures = figs;
    s.nfigures = n;
    s.time_unit_of_work = "numbers";
    return s;
}

/* The data CSV's row for (label, x): column values into v[0..4] (median,q1,q3,min,in_fit). */
static int data_row(const cxb_csv *csv, const char *label, double x, double v[5])
{
    int cl = cxb_csv_col(csv, "label"), cx = cxb_csv_col(csv, "x");
    static const char *const names[5] = {"median", "q1", "q3", "min", "in_fit"};
    for (size_t r = 0; r < csv->nrows; ++r) {
        if (strcmp(cxb_csv_cell(csv, r, cl), label) != 0 || atof(cxb_csv_cell(csv, r, cx)) != x)
            continue;
        for (int k = 0; k < 5; ++k)
            v[k] = atof(cxb_csv_cell(csv, r, cxb_csv_col(csv, names[k])));
        return 1;
    }
    return 0;
}

static int close_rel(double a, double b) { return fabs(a - b) <= 1e-9 * fabs(b); }

/* The fitted line of series index i in a script: exp(a_i) x^b_i. */
static int line_of(const char *script, int i, double *a, double *b)
{
    char pat[32];
    snprintf(pat, sizeof pat, "\na%d = ", i);
    const char *p = strstr(script, pat);
    int ai, bi;
    return p && sscanf(p + 1, "a%d = %lf; b%d = %lf", &ai, a, &bi, b) == 4 && ai == i && bi == i;
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(root, sizeof root, "%s/cxb_plot_XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(root)) {
        perror("mkdtemp");
        return 1;
    }
    atexit(cleanup);
    unsetenv("CXB_GNUPLOT");
    char run[1024], figs[1024], path[2200], paper[1024];
    snprintf(run, sizeof run, "%s/results/m1/20250101T000000Z0badc0de", root);
    snprintf(figs, sizeof figs, "%s/results/m1/figures", root);
    snprintf(paper, sizeof paper, "%s/results/paper", root);
    snprintf(path, sizeof path, "mkdir -p '%s' '%s'", run, paper);
    if (system(path) != 0)
        return 1;
    write_summary(run, NULL);
    write_fit(run, 0);
    snprintf(path, sizeof path, "%s/test_paper.csv", paper);
    cxb_testfs_write(path, "source,item,series,x,value,unit,kind,page,note\n"
                     "test2011,fig1,cuda1,4096,0.002,s,published,1,\n"
                     "test2011,fig1,seq,8192,500,us,digitised,1,\"read off, roughly\"\n"
                     "test2011,fig1,seq,8192,0.2,G numbers/s,derived,1,not a time\n");
    cxb_study study = make_study(figures, 2);

    /* ---- without gnuplot: data and scripts, CXB_ERESOURCE naming the directory */
    setenv("CXB_GNUPLOT", "none", 1);
    cxb_status st = cxb_plot_run_dir(run, &study, NULL); /* default: beside the result set */
    unsetenv("CXB_GNUPLOT");
    CHECK_MSG(st == CXB_ERESOURCE, "status %d: %s", st, cxb_last_error());
    char want[5000], real[4096];
    if (!realpath(figs, real))
        snprintf(real, sizeof real, "%s", figs);
    snprintf(want, sizeof want, "gnuplot: not found - wrote data and scripts to %s", real);
    CHECK_MSG(strcmp(cxb_last_error(), want) == 0, "message '%s'", cxb_last_error());
    snprintf(path, sizeof path, "%s/t-time.csv", figs);
    CHECK(cxb_testfs_exists(path));
    snprintf(path, sizeof path, "%s/t-rate.gp", figs);
    CHECK(cxb_testfs_exists(path));
    snprintf(path, sizeof path, "%s/t-time.png", figs);
    CHECK(!cxb_testfs_exists(path));

    /* ---- the data: selection, grouping, units, exclusion */
    cxb_csv d;
    snprintf(path, sizeof path, "%s/t-time.csv", figs);
    CHECK(cxb_csv_read(path, &d) == CXB_OK);
    const char *hdr[] = {"series", "label", "x", "median", "q1", "q3", "min", "in_fit"};
    CHECK(d.ncols == 8);
    for (size_t c = 0; c < 8 && c < d.ncols; ++c)
        CHECK_MSG(strcmp(d.header[c], hdr[c]) == 0, "column %zu is %s", c, d.header[c]);
    CHECK_MSG(d.nrows == 13, "%zu rows (6 + 6 + 1 of the n sweep)", d.nrows);
    double v[5];
    /* seed varies between the series, so it is in the labels */
    CHECK(data_row(&d, "test.pow.seq seed=1", 4096, v));
    CHECK(close_rel(v[0], 0.4096) && close_rel(v[1], 0.38912) && close_rel(v[2], 0.43008) &&
          close_rel(v[3], 0.36864) && v[4] == 1);
    CHECK(data_row(&d, "test.pow.seq seed=2", 4096, v) && close_rel(v[0], 0.45056));
    CHECK(data_row(&d, "test.pow.cuda1 seed=1", 1024, v) && close_rel(v[0], 0.005) && v[4] == 0);
    CHECK(data_row(&d, "test.pow.cuda1 seed=1", 2048, v) && close_rel(v[0], 0.000512) && v[4] == 1);
    cxb_csv_free(&d);

    snprintf(path, sizeof path, "%s/t-rate.csv", figs);
    CHECK(cxb_csv_read(path, &d) == CXB_OK);
    CHECK_MSG(d.nrows == 12, "%zu rows (select seed=1)", d.nrows);
    /* cuda1: 4096 numbers in 1024 ns = 4 G numbers/s; bars from q3 (low) and q1 (high) */
    CHECK(data_row(&d, "test.pow.cuda1", 4096, v) && close_rel(v[0], 4.0) && close_rel(v[1], 4.0 / 1.05) &&
          close_rel(v[2], 4.0 / 0.95) && close_rel(v[3], 4.0 / 0.9));
    CHECK(data_row(&d, "test.pow.seq", 32768, v) && close_rel(v[0], 0.01));
    cxb_csv_free(&d);

    /* ---- the paper overlay, converted to ms, the rate row left out */
    snprintf(path, sizeof path, "%s/t-time.paper.csv", figs);
    CHECK(cxb_csv_read(path, &d) == CXB_OK);
    CHECK_MSG(d.nrows == 2, "%zu paper rows", d.nrows);
    if (d.nrows == 2) {
        int cv = cxb_csv_col(&d, "value");
        CHECK(close_rel(atof(cxb_csv_cell(&d, 0, cv)), 2.0));
        CHECK(close_rel(atof(cxb_csv_cell(&d, 1, cv)), 0.5));
    }
    cxb_csv_free(&d);
    snprintf(path, sizeof path, "%s/t-rate.paper.csv", figs);
    CHECK(!cxb_testfs_exists(path));

    /* ---- the scripts: fitted lines through the constructed times, over the fitted range */
    snprintf(path, sizeof path, "%s/t-time.gp", figs);
    char *gp = cxb_testfs_slurp(path);
    CHECK(gp != NULL);
    if (gp) {
        double a, b;
        /* series are sorted: 0 = cuda1, 1 = seq seed=1, 2 = seq seed=2 (no fit) */
        CHECK(line_of(gp, 0, &a, &b) && close_rel(exp(a) * pow(4096, b), 0.25 * 4096 * 1e-6));
        CHECK(line_of(gp, 1, &a, &b) && close_rel(exp(a) * pow(8192, b), 100.0 * 8192 * 1e-6));
        CHECK(!line_of(gp, 2, &a, &b));
        CHECK(strstr(gp, "[x=2048:32768] exp(a0)") != NULL);
        CHECK(strstr(gp, "[x=1024:32768] exp(a1)") != NULL);
        CHECK(strstr(gp, "\"test.pow.cuda1 seed=1: b = 1.00 [0.98, 1.02]\"") != NULL);
        CHECK(strstr(gp, "\"test.pow.seq seed=1: b = 1.00 [0.99, 1.01]\"") != NULL);
        CHECK(strstr(gp, "title \"paper\"") != NULL);
        /* backend styles (docs/method.md): seq black squares, CUDA vermillion triangles,
         * the excluded point hollow in its series' colour */
        CHECK(strstr(gp, "set linetype 1 lc rgb \"#000000\"") && strstr(gp, "set linetype 3 lc rgb \"#D55E00\""));
        CHECK(strstr(gp, "$8!=0) ? $4 : NaN):5:6 with yerrorbars lt 3 pt 9 title \"test.pow.cuda1") != NULL);
        CHECK(strstr(gp, "$8==0) ? $4 : NaN):5:6 with yerrorbars lt 3 pt 8 notitle") != NULL);
        CHECK(strstr(gp, "with yerrorbars lt 1 pt 5 title \"test.pow.seq seed=1") != NULL);
        /* seed=2 has no fitted line: its in_fit = 0 point is not drawn hollow */
        CHECK(strstr(gp, "using 3:($1==2 ? $4 : NaN):5:6 with yerrorbars") != NULL);
        CHECK(strstr(gp, "$1==2 && $8==0") == NULL);
        free(gp);
    }
    snprintf(path, sizeof path, "%s/t-rate.gp", figs);
    gp = cxb_testfs_slurp(path);
    CHECK(gp != NULL);
    if (gp) {
        double a, b;
        /* the title names the kinds of row drawn, seq first: no backend that is not there */
        CHECK_MSG(strstr(gp, "\ncxb_title = \"synthetic: rate vs n, seq and CUDA 1\"") != NULL, "%.400s", gp);
        CHECK(strstr(gp, "# figure: synthetic: rate vs n, seq and CUDA 1\n") != NULL);
        /* rate lines: work / t = n / (0.25 n ns) = 4 G/s and n / (100 n ns) = 0.01 G/s */
        CHECK(line_of(gp, 0, &a, &b) && close_rel(exp(a) * pow(3000, b), 4.0));
        CHECK(line_of(gp, 1, &a, &b) && close_rel(exp(a) * pow(3000, b), 0.01));
        CHECK(strstr(gp, "cxb_ylabel = \"rate (G numbers/s)\"") != NULL);
        CHECK(strstr(gp, "\"test.pow.cuda1: b = 1.00 [0.98, 1.02]\"") != NULL);
        free(gp);
    }

    /* ---- bad input: a missing summary.csv or fit.csv column */
    char bad[1024];
    snprintf(bad, sizeof bad, "%s/results/m1/20250102T000000Zdeadbeef", root);
    snprintf(path, sizeof path, "mkdir -p '%s'", bad);
    CHECK(system(path) == 0);
    write_summary(bad, "q3");
    write_fit(bad, 0);
    snprintf(path, sizeof path, "%s/badfigs", root);
    st = cxb_plot_run_dir(bad, &study, path);
    CHECK_MSG(st == CXB_EINPUT && strstr(cxb_last_error(), "'q3'"), "status %d: %s", st, cxb_last_error());
    write_summary(bad, NULL);
    write_fit(bad, 1);
    st = cxb_plot_run_dir(bad, &study, path);
    CHECK_MSG(st == CXB_EINPUT && strstr(cxb_last_error(), "fit.csv: missing column 'b'"), "status %d: %s", st,
              cxb_last_error());
    snprintf(path, sizeof path, "%s/badfigs/t-time.png", root);
    CHECK(!cxb_testfs_exists(path));

    /* ---- with gnuplot */
    char gnuplot[1024];
    if (!cxb_testfs_gnuplot(CXB_GNUPLOT_PATH, gnuplot, sizeof gnuplot)) {
        int failed = cxb_check_failures;
        if (failed)
            CHECK_DONE();
        SKIP("gnuplot not found");
    }
    st = cxb_plot_run_dir(run, &study, figs);
    CHECK_MSG(st == CXB_OK, "status %d: %s", st, cxb_last_error());
    for (size_t i = 0; i < 2; ++i) {
        snprintf(path, sizeof path, "%s/%s.png", figs, figures[i].id);
        CHECK_MSG(cxb_testfs_starts_with(path, "\x89PNG\r\n\x1a\n", 8), "%s", path);
        snprintf(path, sizeof path, "%s/%s.pdf", figs, figures[i].id);
        CHECK_MSG(cxb_testfs_starts_with(path, "%PDF", 4), "%s", path);
        /* the PDF's date is the result set's, not the drawing's: redrawn figures do not change */
        size_t len = 0;
        char *pdf = cxb_read_file(path, &len);
        static const char want[] = "/CreationDate (D:20250101000000";
        int found = 0;
        for (size_t k = 0; pdf && k + sizeof want - 1 <= len && !found; ++k)
            found = memcmp(pdf + k, want, sizeof want - 1) == 0;
        CHECK_MSG(found, "%s: CreationDate is not the run's", path);
        free(pdf);
    }
    fprintf(stderr, "harness_plot: figures in %s (kept with CXB_KEEP=1)\n", figs);

    /* ---- every template under plots/<study>/ runs under `set terminal dumb` */
    const char *src = getenv("CXB_SOURCE_DIR");
    char pattern[1024];
    snprintf(pattern, sizeof pattern, "%s/plots/*/*.gp", src && *src ? src : CXB_SOURCE_DIR);
    glob_t g;
    memset(&g, 0, sizeof g);
    CHECK(glob(pattern, 0, NULL, &g) == 0 && g.gl_pathc >= 2);
    size_t nt = g.gl_pathc;
    cxb_figure_spec *tf = calloc(nt + 1, sizeof *tf);
    char (*ids)[32] = calloc(nt + 1, sizeof *ids);
    char (*rel)[256] = calloc(nt + 1, sizeof *rel);
    for (size_t i = 0; i < nt; ++i) {
        const char *p = strstr(g.gl_pathv[i], "/plots/") + strlen("/plots/");
        snprintf(rel[i], sizeof rel[i], "%s", p);
        snprintf(ids[i], sizeof ids[i], "tmpl-%zu", i);
        tf[i] = (cxb_figure_spec){ids[i], rel[i], rel[i], "n", strstr(p, "rate") ? "rate" : "time", "",
                                  "test_paper.csv"};
        if (strstr(p, "heat")) /* a ratio map (y = "heat:..."): cells of n x seed, no paper overlay */
            tf[i] = (cxb_figure_spec){ids[i], rel[i], rel[i], "n", "heat:seed:impl=test.pow.cuda1/test.pow.seq", "",
                                      NULL};
    }
    /* and one figure that no point matches: not an error, and not drawn (no files; a stale
     * one from an earlier plot is removed) */
    snprintf(ids[nt], sizeof ids[nt], "tmpl-empty");
    tf[nt] = (cxb_figure_spec){ids[nt], "nothing", "prng/time_vs_x.gp", "n", "time", "seed=999", NULL};
    cxb_study ts = make_study(tf, nt + 1);
    char tdir[1024];
    snprintf(tdir, sizeof tdir, "%s/results/m1/templates", root);
    char stale[1200];
    snprintf(stale, sizeof stale, "%s/tmpl-empty.png", tdir);
    CHECK(cxb_mkdirs(tdir) == CXB_OK);
    FILE *sf = fopen(stale, "w");
    CHECK(sf && fputs("stale", sf) >= 0 && fclose(sf) == 0);
    st = cxb_plot_run_dir(run, &ts, tdir);
    CHECK_MSG(st == CXB_OK, "status %d: %s", st, cxb_last_error());
    static const char *const exts[] = {"csv", "gp", "png", "pdf"};
    for (size_t e = 0; e < 4; ++e) {
        snprintf(stale, sizeof stale, "%s/tmpl-empty.%s", tdir, exts[e]);
        CHECK_MSG(access(stale, F_OK) != 0, "%s: a figure with no data was written", stale);
    }
    for (size_t i = 0; i < nt; ++i) {
        char cmd[4096], out[1200];
        snprintf(cmd, sizeof cmd,
                 "cd '%s' && '%s' -e \"cxb_term='dumb'; cxb_output='%s.txt'\" %s.gp > %s.log 2>&1", tdir,
                 gnuplot, ids[i], ids[i], ids[i]);
        int rc = system(cmd);
        CHECK_MSG(rc == 0, "template %s: gnuplot failed (see %s/%s.log)", tf[i].template_gp, tdir, ids[i]);
        snprintf(out, sizeof out, "%s/%s.txt", tdir, ids[i]);
        char *txt = cxb_testfs_slurp(out);
        /* the series key, or a heat figure's colour box label ("test.pow.cuda1 / test.pow.seq, %") */
        CHECK_MSG(txt && strstr(txt, "test.pow.cuda1"),
                  "template %s: no dumb output with the series key", tf[i].template_gp);
        free(txt);
        snprintf(out, sizeof out, "%s/%s.png", tdir, ids[i]);
        CHECK_MSG(cxb_testfs_starts_with(out, "\x89PNG", 4), "%s", out);
    }
    globfree(&g);
    free(tf);
    free(ids);
    free(rel);
    if (getenv("CXB_KEEP"))
        root[0] = '\0';
    CHECK_DONE();
}
