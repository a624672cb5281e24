/* tests/harness/test_plot_heat.c - harness_plot_heat (docs/method.md "Ratio heat figures"):
 * y = "heat:YPARAM:KEY=NUM/DEN" and its line form y = "ratio:KEY=NUM/DEN" on synthetic result
 * sets written here.
 *
 * The construction: over n in {1000, 2000, 4000} x density in {1, 2, 4, 8}, the DEN row
 * (test.grid.seq) takes 1000 n d ns and the NUM row (test.grid.cuda1) 500 n d ns, so every
 * cell is 50 %, but at (2000, 4), where NUM takes 2000 n d ns (200 %), and at (4000, 8),
 * where NUM is missing (nan). The minima are 0.8 of NUM's median and 0.9 of DEN's, so
 * value_min is 100 x 0.8 r / 0.9 for a median ratio r. Rows the figure must leave out: an
 * order=unsorted twin (select order=sorted), a third implementation, a point without density,
 * and the build rows (select build=-). A second figure keys by a parameter (build=acs/original
 * of test.grid.cuda2: acs takes a quarter of original's time, 25 %). A later result set that
 * has the missing NUM cell and measures DEN at (1000, 1) again at twice the time fills the
 * blank cell (50 %) and turns (1000, 1) into 25 %, the set given last winning.
 * The same rows as ratio lines over n: a line per density of 100 x NUM / DEN (50 %, 200 % at
 * (2000, 4), the point without NUM left out), bars from the quartiles (q1 / q3 = 0.95 / 1.05 of
 * the median), NUM itself not drawn; by a parameter, build=acs/original, 25 %.
 * Errors (CXB_EINPUT naming the figure): rows whose other params differ, rows of two
 * implementations where KEY is a parameter, a malformed y, a heat or ratio figure with a paper
 * file.
 * Expectations come from the construction above, never from the program's output.
 */
#define _XOPEN_SOURCE 700
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "testfs.h"
#include "cxb/config.h"
#include "harness/plot.h"
#include "harness/registry.h"

static char root[512];

static void cleanup(void)
{
    cxb_testfs_rmtree(root);
}

#define NUM_IMPL "test.grid.cuda1"
#define DEN_IMPL "test.grid.seq"

static const double xs[3] = {1000, 2000, 4000};
static const double ds[4] = {1, 2, 4, 8};

typedef struct hrow {
    char impl[64];
    char params[160];
    double t, minf; /* median ns, min = minf * t */
} hrow;

static void add(hrow *rows, size_t *n, const char *impl, const char *params, double t, double minf)
{
    snprintf(rows[*n].impl, sizeof rows[*n].impl, "%s", impl);
    snprintf(rows[*n].params, sizeof rows[*n].params, "%s", params);
    rows[*n].t = t;
    rows[*n].minf = minf;
    ++*n;
}

static void mkdir_p(const char *dir)
{
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", dir);
    if (system(cmd) != 0)
        exit(1);
}

/* provenance.json (machine m1), samples.csv (study) and summary.csv of the rows. */
static void write_set(const char *dir, const hrow *r, size_t n)
{
    mkdir_p(dir);
    char path[1200];
    snprintf(path, sizeof path, "%s/provenance.json", dir);
    cxb_testfs_write(path, "{\n  \"schema_version\": \"1.0.0\",\n  \"run\": {\n    \"run_id\": \"x\",\n"
                           "    \"machine\": \"m1\",\n    \"study\": \"test\"\n  }\n}\n");
    snprintf(path, sizeof path, "%s/samples.csv", dir);
    FILE *f = fopen(path, "w");
    if (!f)
        exit(1);
    fputs("study,impl,point,params,rep,time_ns\n", f);
    for (size_t i = 0; i < n; ++i)
        fprintf(f, "test,%s,%016zx,\"%s\",0,%.0f\n", r[i].impl, i + 1, r[i].params, r[i].t);
    fclose(f);
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    f = fopen(path, "w");
    if (!f)
        exit(1);
    fputs("point,impl,params,count,median,q1,q3,min,work,in_fit\n", f);
    for (size_t i = 0; i < n; ++i)
        fprintf(f, "%016zx,%s,\"%s\",3,%.17g,%.17g,%.17g,%.17g,1000,1\n", i + 1, r[i].impl, r[i].params, r[i].t,
                0.95 * r[i].t, 1.05 * r[i].t, r[i].minf * r[i].t);
    fclose(f);
}

/* The first result set: the grid, its twins and the build rows. */
static size_t first_set(hrow *rows)
{
    size_t n = 0;
    char p[160];
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 4; ++j) {
            double xy = xs[i] * ds[j];
            snprintf(p, sizeof p, "n=%.0f;density=%.0f;order=sorted;seed=1", xs[i], ds[j]);
            add(rows, &n, DEN_IMPL, p, 1000 * xy, 0.9);
            if (!(i == 2 && j == 3))
                add(rows, &n, NUM_IMPL, p, (i == 1 && j == 2 ? 2000 : 500) * xy, 0.8);
            snprintf(p, sizeof p, "n=%.0f;density=%.0f;order=unsorted;seed=1", xs[i], ds[j]);
            add(rows, &n, NUM_IMPL, p, 7 * xy, 0.8); /* another order: not selected */
        }
    add(rows, &n, "test.grid.pthreads", "n=1000;density=1;order=sorted;seed=1", 1, 1); /* neither side */
    add(rows, &n, NUM_IMPL, "n=1000;order=sorted;seed=1", 1, 1);                       /* no density */
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j) {
            double xy = xs[i] * ds[j];
            snprintf(p, sizeof p, "n=%.0f;density=%.0f;order=sorted;seed=1;build=original", xs[i], ds[j]);
            add(rows, &n, "test.grid.cuda2", p, 4000 * xy, 0.9);
            snprintf(p, sizeof p, "n=%.0f;density=%.0f;order=sorted;seed=1;build=acs", xs[i], ds[j]);
            add(rows, &n, "test.grid.cuda2", p, 1000 * xy, 0.9);
        }
    return n;
}

static cxb_study make_study(const cxb_figure_spec *figs, size_t n)
{
    cxb_study s;
    memset(&s, 0, sizeof s);
    s.name = "test";
    s.summary = "synthetic study of harness_plot_heat";
    s.reference_impl = DEN_IMPL;
    s.figures = figs;
    s.nfigures = n;
    return s;
}

/* One line of a heat CSV. */
typedef struct hline {
    double x, y, value, value_min, num_ms, den_ms;
} hline;

/* Reads a heat CSV: its rows into out (at most cap), blank lines counted and where they are
 * (blank_after[k]: the row count before the k-th blank line); -1 on a wrong header or line. */
static int read_heat(const char *path, hline *out, size_t cap, size_t *blank_after, size_t *nblank)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[512];
    int n = 0, ok = fgets(line, sizeof line, f) && strcmp(line, "x,y,value,value_min,num_ms,den_ms\n") == 0;
    *nblank = 0;
    while (ok && fgets(line, sizeof line, f)) {
        if (strcmp(line, "\n") == 0) {
            blank_after[(*nblank)++] = (size_t)n;
            continue;
        }
        hline h;
        char tail;
        ok = (size_t)n < cap && sscanf(line, "%lf,%lf,%lf,%lf,%lf,%lf%c", &h.x, &h.y, &h.value, &h.value_min,
                                       &h.num_ms, &h.den_ms, &tail) == 7 && tail == '\n';
        if (ok)
            out[n++] = h;
    }
    fclose(f);
    return ok ? n : -1;
}

static int close_rel(double a, double b) { return fabs(a - b) <= 1e-9 * fabs(b); }

static const cxb_figure_spec figures[] = {
    {"t-heat", "synthetic ratio map, {backends}", "frnn/ratio_heat.gp", "n",
     "heat:density:impl=" NUM_IMPL "/" DEN_IMPL, "order=sorted;build=-", NULL},
    {"t-build", "synthetic build map", "frnn/ratio_heat.gp", "n", "heat:density:build=acs/original",
     "impl=test.grid.cuda2", NULL},
    {"t-ratio", "synthetic ratio lines", "frnn/share.gp", "n", "ratio:impl=" NUM_IMPL "/test.grid.none|" DEN_IMPL,
     "order=sorted;build=-", NULL},
    {"t-ratio-build", "synthetic ratio lines by a parameter", "frnn/share.gp", "n", "ratio:build=acs/original",
     "impl=test.grid.cuda2", NULL},
};

/* The rows of series `label` in a line figure's CSV (series,label,x,median,q1,q3,min,in_fit):
 * x, median, q1, q3 and min into v[k][0..4]; how many. */
static int ratio_rows(const char *path, const char *label, double v[][5], int cap)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[512];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        char *c1 = strchr(line, ','), *c2 = c1 ? strchr(c1 + 1, ',') : NULL;
        if (!c2 || (size_t)(c2 - c1 - 1) != strlen(label) || strncmp(c1 + 1, label, strlen(label)) != 0)
            continue;
        if (n < cap && sscanf(c2 + 1, "%lf,%lf,%lf,%lf,%lf", &v[n][0], &v[n][1], &v[n][2], &v[n][3], &v[n][4]) == 5)
            ++n;
    }
    fclose(f);
    return n;
}

/* The figure's status and message with a study of that one figure. */
static cxb_status one_figure(const char *run, const cxb_figure_spec *spec, const char *out)
{
    cxb_study s = make_study(spec, 1);
    return cxb_plot_run_dir(run, &s, out);
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(root, sizeof root, "%s/cxb_plot_heat_XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(root)) {
        perror("mkdtemp");
        return 1;
    }
    atexit(cleanup);
    char run[1024], run2[1024], figs[1024], figs2[1024], path[2200];
    snprintf(run, sizeof run, "%s/results/m1/20250101T000000Z0badc0de", root);
    snprintf(run2, sizeof run2, "%s/results/m1/20250102T000000Z0badc0df", root);
    snprintf(figs, sizeof figs, "%s/figs", root);
    snprintf(figs2, sizeof figs2, "%s/figs2", root);
    hrow rows[128];
    size_t nr = first_set(rows);
    write_set(run, rows, nr);
    cxb_study study = make_study(figures, 4);

    /* ---- data and script, gnuplot switched off */
    setenv("CXB_GNUPLOT", "none", 1);
    cxb_status st = cxb_plot_run_dir(run, &study, figs);
    CHECK_MSG(st == CXB_ERESOURCE, "status %d: %s", st, cxb_last_error());

    hline h[64];
    size_t blank[16], nblank = 0;
    snprintf(path, sizeof path, "%s/t-heat.csv", figs);
    int n = read_heat(path, h, 64, blank, &nblank);
    CHECK_MSG(n == 12, "%d rows (3 x 4 cells)", n);
    /* one block per x, a single blank line between two, none at the end */
    CHECK_MSG(nblank == 2 && blank[0] == 4 && blank[1] == 8, "%zu blank lines", nblank);
    for (int k = 0; k < n && n == 12; ++k) {
        int i = k / 4, j = k % 4;
        CHECK_MSG(h[k].x == xs[i] && h[k].y == ds[j], "row %d is (%g, %g)", k, h[k].x, h[k].y);
        double xy = xs[i] * ds[j], r = 0.5, den_ms = 1000 * xy * 1e-6;
        if (i == 1 && j == 2)
            r = 2.0;
        if (i == 2 && j == 3) { /* NUM missing: blank */
            CHECK(isnan(h[k].value) && isnan(h[k].value_min) && isnan(h[k].num_ms));
            CHECK(close_rel(h[k].den_ms, den_ms));
            continue;
        }
        CHECK_MSG(h[k].value == 100 * r, "(%g, %g): %.17g, not %g", h[k].x, h[k].y, h[k].value, 100 * r);
        CHECK_MSG(close_rel(h[k].value_min, 100 * 0.8 * r / 0.9), "(%g, %g): min %.17g", h[k].x, h[k].y,
                  h[k].value_min);
        CHECK(close_rel(h[k].num_ms, r * den_ms) && close_rel(h[k].den_ms, den_ms));
    }

    snprintf(path, sizeof path, "%s/t-heat.gp", figs);
    char *gp = cxb_testfs_slurp(path);
    CHECK(gp != NULL);
    if (gp) {
        CHECK_MSG(strstr(gp, "with boxxyerror lc palette notitle") != NULL, "no map command");
        CHECK(strstr(gp, "with labels notitle") != NULL);
        CHECK(strstr(gp, "cxb_xlabel = \"n\"\n") && strstr(gp, "cxb_ylabel = \"density\"\n"));
        CHECK(strstr(gp, "cxb_heat_key = \"impl\"\ncxb_heat_num = \"" NUM_IMPL "\"\ncxb_heat_den = \"" DEN_IMPL "\"\n"));
        CHECK(strstr(gp, "cxb_zlabel = \"" NUM_IMPL " / " DEN_IMPL ", %\"\n") != NULL);
        CHECK(strstr(gp, "cxb_heat_labels = 1\n") && strstr(gp, "cxb_heat_col = 3\n"));
        char want[200];
        snprintf(want, sizeof want, "cxb_zlo = %.10g\ncxb_zhi = 200\n", 100 * 0.8 * 0.5 / 0.9);
        CHECK_MSG(strstr(gp, want) != NULL, "no '%s'", want);
        CHECK(strstr(gp, "# cells: 12 of the 3 x 4 grid of n and density; 1 with one side only and 0 with") != NULL);
        CHECK(strstr(gp, "set xtics (\"1000\" 0, \"2000\" 1, \"4000\" 2) scale 0\n") != NULL);
        CHECK(strstr(gp, "set ytics (\"1\" 0, \"2\" 1, \"4\" 2, \"8\" 3) scale 0\n") != NULL);
        CHECK(strstr(gp, "set xrange [-0.5:2.5]\nset yrange [-0.5:3.5]\n") != NULL);
        CHECK(strstr(gp, "\ncxb_title = \"synthetic ratio map, seq and CUDA 1\"") != NULL);
        CHECK(strstr(gp, "set palette defined") != NULL); /* the template, inlined */
        CHECK(strstr(gp, "exp(a") == NULL && strstr(gp, ".paper.csv") == NULL); /* no fits, no overlay */
        free(gp);
    }

    /* KEY a parameter: acs / original = 25 % everywhere */
    snprintf(path, sizeof path, "%s/t-build.csv", figs);
    n = read_heat(path, h, 64, blank, &nblank);
    CHECK_MSG(n == 4 && nblank == 1 && blank[0] == 2, "%d rows, %zu blank lines", n, nblank);
    for (int k = 0; k < n && n == 4; ++k)
        CHECK_MSG(h[k].x == xs[k / 2] && h[k].y == ds[k % 2] && h[k].value == 25 && h[k].value_min == 25,
                  "row %d: (%g, %g) %g %g", k, h[k].x, h[k].y, h[k].value, h[k].value_min);

    /* ratio lines: a line per density, NUM / DEN over n (NUM not drawn) */
    snprintf(path, sizeof path, "%s/t-ratio.csv", figs);
    for (int j = 0; j < 4; ++j) {
        char label[128];
        double v[8][5];
        snprintf(label, sizeof label, NUM_IMPL " / " DEN_IMPL " density=%.0f", ds[j]);
        int m = ratio_rows(path, label, v, 8);
        CHECK_MSG(m == (j == 3 ? 2 : 3), "ratio %s: %d points", label, m);
        for (int k = 0; k < m; ++k) {
            double r = xs[k] == 2000 && ds[j] == 4 ? 200 : 50;
            CHECK_MSG(v[k][0] == xs[k] && close_rel(v[k][1], r), "ratio %s at %g: %.17g, not %g", label, v[k][0],
                      v[k][1], r);
            CHECK_MSG(close_rel(v[k][2], r * 0.95 / 1.05) && close_rel(v[k][3], r * 1.05 / 0.95) &&
                          close_rel(v[k][4], r * 0.8 / 0.9),
                      "ratio %s at %g: bars %g %g, min %g", label, v[k][0], v[k][2], v[k][3], v[k][4]);
        }
    }
    gp = cxb_testfs_slurp(path);
    CHECK_MSG(gp && !strstr(gp, "," NUM_IMPL " density") && !strstr(gp, "," DEN_IMPL " density"),
              "a ratio figure draws a side on its own");
    free(gp);
    snprintf(path, sizeof path, "%s/t-ratio.gp", figs);
    gp = cxb_testfs_slurp(path);
    CHECK(gp && strstr(gp, "cxb_ylog = 0\n") && !strstr(gp, "exp(a"));
    free(gp);
    snprintf(path, sizeof path, "%s/t-ratio-build.csv", figs);
    for (int j = 0; j < 2; ++j) {
        char label[128];
        double v[8][5];
        snprintf(label, sizeof label, "test.grid.cuda2 density=%.0f", ds[j]);
        int m = ratio_rows(path, label, v, 8);
        CHECK_MSG(m == 2 && close_rel(v[0][1], 25) && close_rel(v[1][1], 25), "ratio %s: %d points", label, m);
    }

    /* ---- several result sets: the later one fills the blank cell and wins at (1000, 1) */
    hrow r2[4];
    size_t n2 = 0;
    add(r2, &n2, NUM_IMPL, "n=4000;density=8;order=sorted;seed=1", 500 * 4000 * 8, 0.8);
    add(r2, &n2, DEN_IMPL, "n=1000;density=1;order=sorted;seed=1", 2000 * 1000 * 1, 0.9);
    write_set(run2, r2, n2);
    const char *both[2] = {run, run2};
    st = cxb_plot_run_dirs(both, 2, &study, figs2, NULL, NULL);
    CHECK_MSG(st == CXB_ERESOURCE, "status %d: %s", st, cxb_last_error());
    snprintf(path, sizeof path, "%s/t-heat.csv", figs2);
    n = read_heat(path, h, 64, blank, &nblank);
    CHECK_MSG(n == 12, "%d rows", n);
    if (n == 12) {
        CHECK_MSG(h[0].value == 25, "(1000, 1): %g, not 25 (the later set's DEN)", h[0].value);
        CHECK_MSG(h[11].value == 50 && close_rel(h[11].value_min, 100 * 0.8 * 0.5 / 0.9), "(4000, 8): %g", h[11].value);
    }
    snprintf(path, sizeof path, "%s/t-heat.gp", figs2);
    gp = cxb_testfs_slurp(path);
    CHECK(gp && strstr(gp, "# cells: 12 of the 3 x 4 grid of n and density; 0 with one side only"));
    CHECK(gp && strstr(gp, "drawn from the set given last"));
    free(gp);

    /* ---- errors, each naming the figure */
    char bad[1200];
    snprintf(bad, sizeof bad, "%s/bad", root);
    const cxb_figure_spec differ = {"t-differ", "x", "frnn/ratio_heat.gp", "n",
                                    "heat:density:impl=" NUM_IMPL "/" DEN_IMPL, "build=-", NULL};
    st = one_figure(run, &differ, bad);
    CHECK_MSG(st == CXB_EINPUT && strstr(cxb_last_error(), "figure t-differ: heat cells differ in order (sorted, unsorted)"),
              "status %d: %s", st, cxb_last_error());
    add(rows, &nr, "test.grid.pthreads", "n=1000;density=1;order=sorted;seed=1;build=acs", 1, 1);
    write_set(run2, rows, nr);
    const cxb_figure_spec impls = {"t-impls", "x", "frnn/ratio_heat.gp", "n", "heat:density:build=acs/original", "",
                                   NULL};
    st = one_figure(run2, &impls, bad);
    CHECK_MSG(st == CXB_EINPUT && strstr(cxb_last_error(), "figure t-impls: heat cells differ in impl"), "status %d: %s",
              st, cxb_last_error());
    static const char *const malformed[] = {"heat:density",  "heat:density:impl=a", "heat::impl=a/b",
                                            "heat:density:=a/b", "heat:density:impl=a/", "heat:density:impl=/b",
                                            "heat:n:impl=a/b", "heat:density:density=a/b", "heat:density:impl=a/a",
                                            "heat:density:impl=a/b/c", "ratio:impl=a", "ratio:=a/b",
                                            "ratio:impl=/b", "ratio:impl=a/", "ratio:n=a/b", "ratio:impl=a|c/b",
                                            NULL};
    for (size_t i = 0; malformed[i]; ++i) {
        const cxb_figure_spec m = {"t-malformed", "x", "frnn/ratio_heat.gp", "n", malformed[i], "", NULL};
        st = one_figure(run, &m, bad);
        CHECK_MSG(st == CXB_EINPUT && strstr(cxb_last_error(), "figure t-malformed: needs") &&
                      strstr(cxb_last_error(), "heat:YPARAM:KEY=NUM/DEN"),
                  "y '%s': status %d: %s", malformed[i], st, cxb_last_error());
    }
    static const char *const with_paper[] = {"heat:density:impl=a/b", "ratio:impl=a/b"};
    for (size_t i = 0; i < 2; ++i) {
        const cxb_figure_spec paper = {"t-paper", "x", "frnn/ratio_heat.gp", "n", with_paper[i], "", "test_paper.csv"};
        st = one_figure(run, &paper, bad);
        CHECK_MSG(st == CXB_EINPUT &&
                      strstr(cxb_last_error(), "figure t-paper: a heat or ratio figure has no paper overlay"),
                  "y '%s': status %d: %s", with_paper[i], st, cxb_last_error());
    }
    /* a heat figure that no row matches: not drawn, as any other */
    const cxb_figure_spec none = {"t-none", "x", "frnn/ratio_heat.gp", "n", "heat:density:impl=a/b", "", NULL};
    st = one_figure(run, &none, bad);
    CHECK_MSG(st == CXB_ERESOURCE, "status %d: %s", st, cxb_last_error());
    snprintf(path, sizeof path, "%s/t-none.csv", bad);
    CHECK(!cxb_testfs_exists(path));
    unsetenv("CXB_GNUPLOT");

    /* ---- with gnuplot: PNG and PDF, and the script under `set terminal dumb` */
    char gnuplot[1024];
    if (!cxb_testfs_gnuplot(CXB_GNUPLOT_PATH, gnuplot, sizeof gnuplot)) {
        if (cxb_check_failures)
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
    }
    /* every cell one-sided: drawn blank with a note, not a gnuplot error */
    const cxb_figure_spec oneside = {"t-oneside", "x", "frnn/ratio_heat.gp", "n",
                                     "heat:density:impl=" NUM_IMPL "/test.grid.absent", "order=sorted;build=-", NULL};
    st = one_figure(run, &oneside, figs);
    CHECK_MSG(st == CXB_OK, "status %d: %s", st, cxb_last_error());
    snprintf(path, sizeof path, "%s/t-oneside.gp", figs);
    gp = cxb_testfs_slurp(path);
    CHECK(gp && strstr(gp, "# cells: 11 of the 3 x 4 grid of n and density; 11 with one side only and 1 with"));
    CHECK(gp && strstr(gp, "no cell has both sides"));
    free(gp);
    snprintf(path, sizeof path, "%s/t-oneside.png", figs);
    CHECK_MSG(cxb_testfs_starts_with(path, "\x89PNG\r\n\x1a\n", 8), "%s", path);
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' -e \"cxb_term='dumb'; cxb_output='t-heat.txt'\" t-heat.gp > t-heat.log 2>&1",
             figs, gnuplot);
    CHECK_MSG(system(cmd) == 0, "gnuplot failed on %s/t-heat.gp", figs);
    snprintf(path, sizeof path, "%s/t-heat.txt", figs);
    char *txt = cxb_testfs_slurp(path);
    /* the cells' labels: 50 and 200 are drawn, and the tics name the values */
    CHECK_MSG(txt && strstr(txt, " 200 ") && strstr(txt, " 50 ") && strstr(txt, "4000"), "%s", txt ? txt : "(none)");
    free(txt);
    if (getenv("CXB_KEEP"))
        root[0] = '\0';
    CHECK_DONE();
}
