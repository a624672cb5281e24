/* tests/harness/test_plot_sets.c - harness_plot_sets: figures from several result sets
 * of one study drawn together (harness/plot.c cxb_plot_run_dirs, harness/plot_sets.c,
 * `cxbench plot SET SET... --out DIR`).
 *
 * Library, on a synthetic study "test" (time vs n, fitted lines): set A has seq and cuda1 at
 * n = 1024, 2048, set B seq at 2048 (measured again, 3x slower) and 4096 and pthreads at
 * 1024 ... 4096. Expected from the construction: the union has seq at 1024 (A's), 2048 (B's:
 * the set given last wins) and 4096; cuda1 keeps A's fitted line, pthreads B's; seq, whose
 * points come from both sets, has none (a set's fit speaks of its own points only). The
 * script names both sets and the point drawn from B; note() is told once; the sets are not
 * written to. Errors (CXB_EINPUT, no output directory created): another study, another
 * machine, a set given twice, no output directory.
 * CLI, on synthetic malloc sets (the real case: Leist Fig. 5.10 split over four runs): the
 * union's leist.fig5.10.csv has the alloc/free medians of both sets' samples, a "note:"
 * names the shared point; each error case exits 2 with one stderr line and writes nothing.
 * gnuplot is switched off for the library part (CXB_ERESOURCE: data and scripts written);
 * the CLI part draws with gnuplot when there is one (exit 0) and accepts exit 3 otherwise.
 */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "testfs.h"
#include "harness/csv.h"
#include "harness/plot.h"
#include "harness/plot_sets.h"
#include "harness/registry.h"

static char root[512];

static void cleanup(void)
{
    cxb_testfs_rmtree(root);
}

static void mkdir_p(const char *dir)
{
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", dir);
    if (system(cmd) != 0)
        exit(1);
}

/* A result set: provenance.json (machine), samples.csv (study; for phases, alloc/free per
 * rep), summary.csv and fit.csv. rows: "impl|params|median_ns" lines. */
typedef struct point {
    const char *impl, *params;
    double t; /* median ns; samples: alloc t - 10, t, t + 10 and free t / 10 */
} point;

static void write_set(const char *dir, const char *study, const char *machine, const point *p, size_t n,
                      const char *fit)
{
    mkdir_p(dir);
    char path[1200], text[1024];
    snprintf(path, sizeof path, "%s/provenance.json", dir);
    snprintf(text, sizeof text,
             "{\n  \"schema_version\": \"1.0.0\",\n  \"run\": {\n    \"run_id\": \"x\",\n"
             "    \"machine\": \"%s\",\n    \"study\": \"%s\"\n  }\n}\n", machine, study);
    cxb_testfs_write(path, text);
    snprintf(path, sizeof path, "%s/samples.csv", dir);
    FILE *f = fopen(path, "w");
    if (!f)
        exit(1);
    fputs("study,impl,point,params,rep,alloc_ns,free_ns,time_ns\n", f);
    for (size_t i = 0; i < n; ++i)
        for (int r = 0; r < 3; ++r)
            fprintf(f, "%s,%s,%016zx,\"%s\",%d,%.0f,%.0f,%.0f\n", study, p[i].impl, i + 1, p[i].params, r,
                    p[i].t + 10.0 * (r - 1), p[i].t / 10, 1.1 * p[i].t);
    fclose(f);
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    f = fopen(path, "w");
    if (!f)
        exit(1);
    fputs("point,impl,params,count,median,q1,q3,min,work,in_fit\n", f);
    for (size_t i = 0; i < n; ++i)
        fprintf(f, "%016zx,%s,\"%s\",3,%.17g,%.17g,%.17g,%.17g,1000,1\n", i + 1, p[i].impl, p[i].params, p[i].t,
                0.95 * p[i].t, 1.05 * p[i].t, 0.9 * p[i].t);
    fclose(f);
    snprintf(path, sizeof path, "%s/fit.csv", dir);
    snprintf(text, sizeof text, "series,x_param,k,x_min,x_max,b,b_lo,b_hi,a,r2,sigma,boot_lo,boot_hi,"
                                "theil_sen_b,expected,verdict\n%s", fit ? fit : "");
    cxb_testfs_write(path, text);
}

/* The median of the data CSV's row (label, x); NAN if absent. */
static double median_of(const char *csvpath, const char *label, double x)
{
    cxb_csv c;
    if (cxb_csv_read(csvpath, &c) != CXB_OK)
        return NAN;
    int cl = cxb_csv_col(&c, "label"), cx = cxb_csv_col(&c, "x"), cm = cxb_csv_col(&c, "median");
    double v = NAN;
    for (size_t r = 0; r < c.nrows; ++r)
        if (strcmp(cxb_csv_cell(&c, r, cl), label) == 0 && atof(cxb_csv_cell(&c, r, cx)) == x)
            v = atof(cxb_csv_cell(&c, r, cm));
    cxb_csv_free(&c);
    return v;
}

static size_t rows_of(const char *csvpath)
{
    cxb_csv c;
    if (cxb_csv_read(csvpath, &c) != CXB_OK)
        return 0;
    size_t n = c.nrows;
    cxb_csv_free(&c);
    return n;
}

static int close_rel(double a, double b) { return fabs(a - b) <= 1e-6 * fabs(b); }

static int nnotes;
static char note_text[8192];

static void on_note(void *arg, const char *line)
{
    (void)arg;
    ++nnotes;
    snprintf(note_text, sizeof note_text, "%s", line);
}

static const cxb_figure_spec figures[] = {
    {"u-time", "synthetic: time vs n", "prng/time_vs_x.gp", "n", "time", "", NULL},
};

/* Runs a shell command; its exit status (-1 when it did not run). */
static int run(const char *cmd)
{
    int st = system(cmd);
    return st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void library_part(void)
{
    char a[1024], b[1024], c[1024], d[1024], out[1024], path[1400];
    snprintf(a, sizeof a, "%s/results/m1/20250101T000000Z-aaaa0001", root);
    snprintf(b, sizeof b, "%s/results/m1/20250102T000000Z-bbbb0002", root);
    snprintf(c, sizeof c, "%s/results/m1/20250103T000000Z-cccc0003", root);
    snprintf(d, sizeof d, "%s/results/m2/20250104T000000Z-dddd0004", root);
    snprintf(out, sizeof out, "%s/union", root);
    const point pa[] = {{"test.pow.seq", "n=1024;seed=1", 100.0 * 1024},
                        {"test.pow.seq", "n=2048;seed=1", 100.0 * 2048},
                        {"test.pow.cuda1", "n=1024;seed=1", 0.25 * 1024},
                        {"test.pow.cuda1", "n=2048;seed=1", 0.25 * 2048}};
    const point pb[] = {{"test.pow.seq", "seed=1;n=2048", 300.0 * 2048}, /* params in another order */
                        {"test.pow.seq", "n=4096;seed=1", 100.0 * 4096},
                        {"test.pow.pthreads", "n=1024;seed=1", 50.0 * 1024},
                        {"test.pow.pthreads", "n=4096;seed=1", 50.0 * 4096}};
    char fa[512], fb[512];
    snprintf(fa, sizeof fa,
             "\"test.pow.seq;seed=1\",n,2,1024,2048,1,0.99,1.01,%.17g,1,0,,,1,1,consistent\n"
             "\"test.pow.cuda1;seed=1\",n,2,1024,2048,1,0.98,1.02,%.17g,1,0,,,1,1,consistent\n",
             log(100.0), log(0.25));
    snprintf(fb, sizeof fb, "\"test.pow.pthreads;seed=1\",n,2,1024,4096,1,0.97,1.03,%.17g,1,0,,,1,1,consistent\n",
             log(50.0));
    write_set(a, "test", "m1", pa, 4, fa);
    write_set(b, "test", "m1", pb, 4, fb);
    write_set(c, "other", "m1", pa, 1, NULL);
    write_set(d, "test", "m2", pb, 1, NULL);
    snprintf(path, sizeof path, "%s/summary.csv", a);
    char *summary_a = cxb_testfs_slurp(path);

    cxb_study study;
    memset(&study, 0, sizeof study);
    study.name = "test";
    study.summary = "synthetic study of harness_plot_sets";
    study.reference_impl = "test.pow.seq";
    study.figures = figures;
    study.nfigures = 1;

    /* ---- errors: one line, nothing written */
    const char *bad[4][2] = {{a, c}, {a, d}, {a, a}, {a, b}};
    const char *why[4] = {"study 'other'", "machine 'm2' differs", "given twice", "--out DIR"};
    for (int k = 0; k < 4; ++k) {
        nnotes = 0;
        cxb_status st = cxb_plot_run_dirs(bad[k], 2, &study, k == 3 ? NULL : out, on_note, NULL);
        CHECK_MSG(st == CXB_EINPUT, "case %d: status %d", k, st);
        CHECK_MSG(strstr(cxb_last_error(), why[k]) != NULL, "case %d: '%s'", k, cxb_last_error());
        CHECK_MSG(strchr(cxb_last_error(), '\n') == NULL, "case %d: more than one line", k);
        CHECK_MSG(!cxb_testfs_exists(out), "case %d wrote %s", k, out);
        CHECK(nnotes == 0);
    }
    snprintf(path, sizeof path, "%s/results/m1/figures", root);
    CHECK(!cxb_testfs_exists(path));
    const char *wrong[1] = {c};
    CHECK(cxb_plot_sets_check(wrong, 1, "test") == CXB_EINPUT);
    CHECK(strstr(cxb_last_error(), "not 'test'") != NULL);
    char m[64];
    CHECK(cxb_plot_set_machine(d, m, sizeof m) == CXB_OK && strcmp(m, "m2") == 0);
    snprintf(path, sizeof path, "%s/provenance.json", d);
    remove(path); /* no provenance: the machine directory's name */
    CHECK(cxb_plot_set_machine(d, m, sizeof m) == CXB_OK && strcmp(m, "m2") == 0);

    /* ---- the union */
    const char *sets[2] = {a, b};
    nnotes = 0;
    setenv("CXB_GNUPLOT", "none", 1);
    cxb_status st = cxb_plot_run_dirs(sets, 2, &study, out, on_note, NULL);
    unsetenv("CXB_GNUPLOT");
    CHECK_MSG(st == CXB_ERESOURCE, "status %d: %s", st, cxb_last_error());
    CHECK(nnotes == 1);
    CHECK_MSG(strstr(note_text, "test.pow.seq n=2048;seed=1") && strstr(note_text, a) && strstr(note_text, b),
              "note '%s'", note_text);
    snprintf(path, sizeof path, "%s/u-time.csv", out);
    CHECK(rows_of(path) == 7); /* seq 3, cuda1 2, pthreads 2 */
    CHECK(close_rel(median_of(path, "test.pow.seq", 1024), 0.1024));
    CHECK(close_rel(median_of(path, "test.pow.seq", 2048), 0.6144)); /* B's */
    CHECK(close_rel(median_of(path, "test.pow.seq", 4096), 0.4096));
    CHECK(close_rel(median_of(path, "test.pow.cuda1", 2048), 0.000512));
    CHECK(close_rel(median_of(path, "test.pow.pthreads", 4096), 0.2048));
    snprintf(path, sizeof path, "%s/u-time.gp", out);
    char *gp = cxb_testfs_slurp(path);
    CHECK(gp != NULL);
    if (gp) {
        char want[1400];
        snprintf(want, sizeof want, "#   result set: %s\n#   result set: %s\n", a, b);
        CHECK_MSG(strstr(gp, want) != NULL, "sets not named in the script");
        snprintf(want, sizeof want, "#   test.pow.seq n=2048;seed=1: from %s, not %s\n", b, a);
        CHECK_MSG(strstr(gp, want) != NULL, "superseded point not named");
        CHECK(strstr(gp, "result sets: 20250101T000000Z-aaaa0001 + 20250102T000000Z-bbbb0002") != NULL);
        CHECK(strstr(gp, "\"test.pow.cuda1: b = 1.00 [0.98, 1.02]\"") != NULL);
        CHECK(strstr(gp, "\"test.pow.pthreads: b = 1.00 [0.97, 1.03]\"") != NULL);
        CHECK(strstr(gp, "title \"test.pow.seq\" noenhanced") != NULL); /* no line: points of two sets */
        CHECK(strstr(gp, "test.pow.seq: b =") == NULL);
        free(gp);
    }
    /* the sets are read, not written */
    snprintf(path, sizeof path, "%s/summary.csv", a);
    char *after = cxb_testfs_slurp(path);
    CHECK(summary_a && after && strcmp(summary_a, after) == 0);
    free(summary_a);
    free(after);
    snprintf(path, sizeof path, "%s/u-time.csv", a);
    CHECK(!cxb_testfs_exists(path));

    /* one set through the new entry point: the set's own points, its own fits */
    snprintf(out, sizeof out, "%s/one", root);
    setenv("CXB_GNUPLOT", "none", 1);
    st = cxb_plot_run_dirs(sets, 1, &study, out, on_note, NULL);
    unsetenv("CXB_GNUPLOT");
    CHECK(st == CXB_ERESOURCE);
    snprintf(path, sizeof path, "%s/u-time.csv", out);
    CHECK(rows_of(path) == 4);
    CHECK(close_rel(median_of(path, "test.pow.seq", 2048), 0.2048));

    /* five sets: the title's set line breaks after the fourth, so that it fits the PNG's width;
     * the fifth set, same day as the fourth, keeps only its time and id on the next line */
    char e[1024], g[1024], h[1024];
    snprintf(e, sizeof e, "%s/results/m1/20250105T000000Z-eeee0005", root);
    snprintf(g, sizeof g, "%s/results/m1/20250106T000000Z-ffff0006", root);
    snprintf(h, sizeof h, "%s/results/m1/20250106T120000Z-hhhh0007", root);
    const point pe[] = {{"test.pow.seq", "n=8192;seed=1", 100.0 * 8192}};
    const point pg[] = {{"test.pow.seq", "n=16384;seed=1", 100.0 * 16384}};
    const point ph[] = {{"test.pow.seq", "n=32768;seed=1", 100.0 * 32768}};
    write_set(e, "test", "m1", pe, 1, NULL);
    write_set(g, "test", "m1", pg, 1, NULL);
    write_set(h, "test", "m1", ph, 1, NULL);
    const char *five[5] = {a, b, e, g, h};
    snprintf(out, sizeof out, "%s/five", root);
    setenv("CXB_GNUPLOT", "none", 1);
    st = cxb_plot_run_dirs(five, 5, &study, out, on_note, NULL);
    unsetenv("CXB_GNUPLOT");
    CHECK_MSG(st == CXB_ERESOURCE, "five sets: status %d: %s", st, cxb_last_error());
    snprintf(path, sizeof path, "%s/u-time.gp", out);
    gp = cxb_testfs_slurp(path);
    CHECK(gp != NULL);
    if (gp) {
        CHECK_MSG(strstr(gp, "\"result sets: 20250101T000000Z-aaaa0001 + 20250102T000000Z-bbbb0002 + "
                             "20250105T000000Z-eeee0005 + 20250106T000000Z-ffff0006\" . \"\\n\" . "
                             "\"+ T120000Z-hhhh0007\"") != NULL,
                  "five sets: the title's set lines");
        free(gp);
    }
    snprintf(path, sizeof path, "%s/u-time.csv", out);
    CHECK(rows_of(path) == 10); /* seq 6, cuda1 2, pthreads 2 */
}

static void cli_part(void)
{
    const char *cx = getenv("CXBENCH");
    if (!cx || !*cx || access(cx, X_OK) != 0) {
        fprintf(stderr, "CXBENCH not set: CLI part skipped\n");
        return;
    }
    char m1[1024], m2[1024], other[1024], prng[1024], out[1024], cmd[8192], path[1400];
    snprintf(m1, sizeof m1, "%s/cli/h1/20250101T000000Z-11111111", root);
    snprintf(m2, sizeof m2, "%s/cli/h1/20250101T010000Z-22222222", root);
    snprintf(other, sizeof other, "%s/cli/h2/20250101T020000Z-33333333", root);
    snprintf(prng, sizeof prng, "%s/cli/h1/20250101T030000Z-44444444", root);
    snprintf(out, sizeof out, "%s/cli-out", root);
    const point p1[] = {{"malloc.libc.seq", "size=16;threads=1;total=1048576", 4.0e6},
                        {"malloc.libc.seq", "size=64;threads=1;total=1048576", 9.0e6}};
    const point p2[] = {{"malloc.libc.seq", "size=64;threads=1;total=1048576", 2.0e6},
                        {"malloc.libc.seq", "size=256;threads=1;total=1048576", 1.0e6}};
    write_set(m1, "malloc", "h1", p1, 2, NULL);
    write_set(m2, "malloc", "h1", p2, 2, NULL);
    write_set(other, "malloc", "h2", p2, 2, NULL);
    write_set(prng, "prng", "h1", p2, 1, NULL);
    char err[1100], sout[1100];
    snprintf(err, sizeof err, "%s/err", root);
    snprintf(sout, sizeof sout, "%s/out", root);

    /* errors: exit 2, one stderr line, nothing on stdout, no output directory */
    const char *cases[4][3] = {{m1, other, "--out"}, {m1, prng, "--out"}, {m1, m1, "--out"}, {m1, m2, ""}};
    for (int k = 0; k < 4; ++k) {
        snprintf(cmd, sizeof cmd, "'%s' plot '%s' '%s' %s %s >'%s' 2>'%s'", cx, cases[k][0], cases[k][1],
                 cases[k][2], cases[k][2][0] ? out : "", sout, err);
        CHECK_MSG(run(cmd) == 2, "case %d: %s", k, cmd);
        char *e = cxb_testfs_slurp(err), *o = cxb_testfs_slurp(sout);
        CHECK_MSG(e && strncmp(e, "cxbench: error: ", 16) == 0 && strchr(e, '\n') == e + strlen(e) - 1,
                  "case %d: stderr '%s'", k, e ? e : "");
        CHECK_MSG(o && !*o, "case %d: stdout '%s'", k, o ? o : "");
        free(e);
        free(o);
        CHECK_MSG(!cxb_testfs_exists(out), "case %d wrote %s", k, out);
    }
    snprintf(path, sizeof path, "%s/cli/h1/figures", root);
    CHECK(!cxb_testfs_exists(path));

    /* the union */
    snprintf(cmd, sizeof cmd, "'%s' plot '%s' '%s' --out '%s' >'%s' 2>'%s'", cx, m1, m2, out, sout, err);
    int rc = run(cmd);
    CHECK_MSG(rc == 0 || rc == 3, "union: exit %d", rc); /* 3: no gnuplot, data still written */
    char *o = cxb_testfs_slurp(sout);
    char want[3000];
    snprintf(want, sizeof want, "note: malloc.libc.seq size=64;threads=1;total=1048576 is in %s and %s: drawn from %s",
             m1, m2, m2);
    CHECK_MSG(o && strstr(o, want), "stdout '%s'", o ? o : "");
    free(o);
    snprintf(path, sizeof path, "%s/leist.fig5.10.csv", out);
    CHECK(rows_of(path) == 6); /* alloc and free at 16, 64, 256 */
    /* alloc samples t-10, t, t+10: median t; free t/10 (ms) */
    CHECK(close_rel(median_of(path, "malloc.libc.seq phase=alloc", 16), 4.0));
    CHECK(close_rel(median_of(path, "malloc.libc.seq phase=alloc", 64), 2.0)); /* m2's */
    CHECK(close_rel(median_of(path, "malloc.libc.seq phase=alloc", 256), 1.0));
    CHECK(close_rel(median_of(path, "malloc.libc.seq phase=free", 64), 0.2));
    snprintf(path, sizeof path, "%s/leist.fig5.10.png", out);
    CHECK(rc == 3 || cxb_testfs_exists(path));
    snprintf(path, sizeof path, "%s/malloc-threads.csv", out); /* nothing of it measured */
    CHECK(!cxb_testfs_exists(path));
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(root, sizeof root, "%s/cxb_plot_sets_XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(root)) {
        perror("mkdtemp");
        return 1;
    }
    atexit(cleanup);
    unsetenv("CXB_GNUPLOT");
    library_part();
    cli_part();
    CHECK_DONE();
}
