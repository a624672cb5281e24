/* cxbench bench [--studies LIST] [--list] [RUN OPTIONS]: make bench (docs/cli.md, bench). Runs
 * `cxbench run STUDY RUN OPTIONS` for every study of the registry that has the preset (quick
 * unless --preset / --set preset= names another; --studies restricts the list), in one
 * process, so that a missing GPU is said once; then prints one summary table across the
 * studies: rows run, points verified, speed-ups over each algorithm's seq row, the fitted
 * slopes' verdicts, the rows skipped here and why, and each study's time (--list: only the
 * names of the studies it would run, one a line). A study that fails
 * does not stop the others (exit: the first failure's code); an interrupt does (the summary
 * then covers the studies run), and bad options do (exit 2, no summary). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/core/timing.h"
#include "harness/bench.h"
#include "harness/cli.h"
#include "harness/registry.h"
#include "harness/table.h"

/* Whether a --studies list ("prng,malloc" or "prng malloc") names the study. */
static int names(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        p += strspn(p, ", ");
        size_t len = strcspn(p, ", ");
        if (len == n && strncmp(p, name, n) == 0)
            return 1;
        p += len;
    }
    return 0;
}

typedef struct bench_study {
    const cxb_study *study;
    int rc;
    double seconds;
    char run_dir[4096];
    size_t skipped;
    char why[160];
} bench_study;

static void fmt_speedups(const cxb_bench_line *l, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < l->nsp && len < size; ++k) {
        const cxb_bench_speedup *s = &l->sp[k];
        if (s->n == 1)
            len += (size_t)snprintf(buf + len, size - len, "%s%s %.3g (1 series)", k ? "; " : "", s->variant,
                                    s->median);
        else
            len += (size_t)snprintf(buf + len, size - len, "%s%s %.3g [%.3g, %.3g] (%zu series)", k ? "; " : "",
                                    s->variant, s->median, s->min, s->max, s->n);
    }
    if (!l->nsp)
        snprintf(buf, size, "-");
}

static void fmt_slopes(const cxb_bench_line *l, char *buf, size_t size)
{
    if (!l->series) {
        snprintf(buf, size, "no series declared");
        return;
    }
    size_t len = (size_t)snprintf(buf, size, "%zu series: %zu consistent", l->series, l->consistent);
    if (l->steeper && len < size)
        len += (size_t)snprintf(buf + len, size - len, ", %zu steeper", l->steeper);
    if (l->shallower && len < size)
        len += (size_t)snprintf(buf + len, size - len, ", %zu shallower", l->shallower);
    if (l->too_few && len < size)
        len += (size_t)snprintf(buf + len, size - len, ", %zu too few points", l->too_few);
    if (l->nref == 1 && len < size)
        snprintf(buf + len, size - len, "; seq b = %.2f", l->ref_slope_median);
    else if (l->nref > 1 && len < size)
        snprintf(buf + len, size - len, "; seq b = %.2f [%.2f, %.2f]", l->ref_slope_median, l->ref_slope_min,
                 l->ref_slope_max);
}

/* bench's own options; every other option is run's (checked by run's table, docs/cli.md),
 * so bench separates its two and hands the rest on rather than parsing with one table. */
typedef struct bench_args {
    const char *studies;
    int list;
} bench_args;

static const cxb_option bench_options[] = {
    CXB_OPT_STRING("--studies", "LIST", "only these studies (prng,graphgen; default: every study with the preset)",
                   bench_args, studies, 0),
    CXB_OPT_SWITCH("--list", "print the studies it would run, one a line, and run nothing", bench_args, list, 0),
    CXB_OPT_END};

const cxb_form cxb_cli_bench_forms[] = {{"[RUN OPTIONS]", bench_options}, CXB_FORMS_END};

int cxb_cli_bench(int argc, char **argv)
{
    const char *only = NULL, *preset = "quick";
    int list_only = 0;
    char **run_argv = calloc((size_t)argc + 3, sizeof *run_argv);
    if (!run_argv)
        return cxb_cli_error(3, "bench: out of memory");
    int nrun = 2; /* "run", STUDY, then the options */
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--studies")) {
            if (i + 1 >= argc) {
                free(run_argv);
                return cxb_cli_error(2, "bench: --studies needs a list (prng,graphgen)");
            }
            only = argv[++i];
            continue;
        }
        if (!strcmp(argv[i], "--list")) {
            list_only = 1;
            continue;
        }
        if (!strcmp(argv[i], "--preset") && i + 1 < argc)
            preset = argv[i + 1];
        else if (!strcmp(argv[i], "--set") && i + 1 < argc && !strncmp(argv[i + 1], "preset=", 7))
            preset = argv[i + 1] + 7;
        run_argv[nrun++] = argv[i];
    }
    run_argv[0] = "run";

    size_t ns;
    const cxb_study *const *studies = cxb_studies(&ns);
    bench_study *b = calloc(ns + 1, sizeof *b);
    if (!b) {
        free(run_argv);
        return cxb_cli_error(3, "bench: out of memory");
    }
    /* the studies: every one with the preset, or those --studies names (each must have it) */
    size_t nb = 0;
    char not_run[1024] = "";
    size_t nr_len = 0;
    for (size_t i = 0; i < ns; ++i) {
        const cxb_study *s = studies[i];
        size_t nsw;
        int has = s->nimpls > 0 && cxb_study_sweeps(s, preset, &nsw) != NULL;
        if (only && !names(only, s->name))
            continue;
        if (only && !has) {
            free(run_argv);
            free(b);
            return cxb_cli_error(2, "bench: study %s has %s", s->name,
                                 s->nimpls ? "no such preset" : "no rows to run");
        }
        if (!has) {
            nr_len += (size_t)snprintf(not_run + nr_len, nr_len < sizeof not_run ? sizeof not_run - nr_len : 0,
                                       "%s%s (%s)", nr_len ? ", " : "", s->name,
                                       s->nimpls ? "no such preset" : "no rows of its own");
            continue;
        }
        b[nb++].study = s;
    }
    for (const char *p = only; p && *p;) { /* every name of --studies must be a study */
        p += strspn(p, ", ");
        size_t len = strcspn(p, ", ");
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), p);
        if (len && !cxb_study_find(name)) {
            free(run_argv);
            free(b);
            return cxb_cli_error(2, "bench: --studies %s: unknown study (cxbench list shows them)", name);
        }
        p += len;
    }
    if (nb == 0) {
        free(run_argv);
        free(b);
        return cxb_cli_error(2, "bench: no study has the preset %s", preset);
    }

    if (list_only) {
        for (size_t i = 0; i < nb; ++i)
            printf("%s\n", b[i].study->name);
        free(run_argv);
        free(b);
        return 0;
    }
    int rc = 0;
    int64_t t_all = cxb_clock_ns();
    for (size_t i = 0; i < nb; ++i) {
        bench_study *e = &b[i];
        run_argv[1] = (char *)e->study->name;
        run_argv[nrun] = NULL;
        cxb_bench_skipped(e->study, preset, &e->skipped, e->why, sizeof e->why);
        printf("\n# bench %zu/%zu: cxbench run %s", i + 1, nb, e->study->name);
        for (int a = 2; a < nrun; ++a)
            printf(" %s", run_argv[a]);
        printf(" (preset %s)\n\n", preset);
        fflush(stdout);
        int64_t t0 = cxb_clock_ns();
        e->rc = cxb_cli_run_into(nrun, run_argv, e->run_dir, sizeof e->run_dir);
        e->seconds = (double)(cxb_clock_ns() - t0) * 1e-9;
        fflush(stdout);
        if (e->rc && !rc)
            rc = e->rc;
        if (e->rc == CXB_EINPUT) { /* bad options are bad for every study: the error said it */
            int bad = e->rc; /* e lives in b */
            free(run_argv);
            free(b);
            return bad;
        }
        if (e->rc == CXB_EINTR) { /* the summary of what was done */
            nb = i + 1;
            break;
        }
    }
    double total = (double)(cxb_clock_ns() - t_all) * 1e-9;

    static const char *const hdr[] = {"study", "rows run", "points (all verified)",
                                      "speed-up over seq: median [min, max]", "slopes",
                                      "rows skipped here", "time"};
    cxb_grid g;
    cxb_status st = cxb_grid_init(&g, 7, hdr);
    for (size_t i = 0; i < nb && st == CXB_OK; ++i) {
        bench_study *e = &b[i];
        char rows[32] = "-", pts[32] = "-", sp[512] = "-", sl[256] = "-", sk[256] = "0", tm[32];
        if (e->rc == 0 && e->run_dir[0]) {
            cxb_bench_line l;
            if (cxb_bench_summarise(e->run_dir, e->study, &l) == CXB_OK) {
                snprintf(rows, sizeof rows, "%zu", l.rows);
                snprintf(pts, sizeof pts, "%zu", l.points);
                fmt_speedups(&l, sp, sizeof sp);
                fmt_slopes(&l, sl, sizeof sl);
            } else {
                snprintf(sl, sizeof sl, "not summarised: %s", cxb_last_error());
            }
        } else {
            snprintf(sl, sizeof sl, "FAILED (exit %d, see above)", e->rc);
        }
        if (e->skipped)
            snprintf(sk, sizeof sk, "%zu: %s", e->skipped, e->why);
        snprintf(tm, sizeof tm, "%.0f s", e->seconds);
        const char *row[] = {e->study->name, rows, pts, sp, sl, sk, tm};
        st = cxb_grid_add(&g, row);
    }
    if (st == CXB_OK) {
        printf("\n## bench: preset %s of %zu stud%s, %.0f s\n\n", preset, nb, nb == 1 ? "y" : "ies", total);
        cxb_grid_write(stdout, &g, CXB_FMT_MD);
        if (not_run[0])
            printf("\nnot run: %s\n", not_run);
        for (size_t i = 0; i < nb; ++i)
            if (b[i].run_dir[0])
                printf("%s %s: %s\n", i ? "           " : "\nresult sets:", b[i].study->name, b[i].run_dir);
    }
    cxb_grid_free(&g);
    free(run_argv);
    free(b);
    if (st != CXB_OK)
        return cxb_cli_status(st);
    return rc;
}
