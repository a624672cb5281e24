/* cxbench run STUDY: run a study's sweeps, write a result set, print its table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cli.h"
#include "impl_pthreads/common/bind_plan.h"
#include "harness/plot.h"
#include "harness/runner.h"

typedef struct run_args {
    cxb_run_opts o;
    uint64_t reps, max_reps, threads;
    int plot, no_table, no_progress, instructions, clean;
} run_args;

/* Seconds, a decimal >= 0 (at most 1e6). */
static cxb_status parse_seconds(const char *where, const char *text, void *dest)
{
    char *end;
    double v = strtod(text, &end);
    if (*end || end == text || !(v >= 0) || v > 1e6)
        return cxb_fail(CXB_EINPUT, "%s %s: expected seconds >= 0", where, text);
    *(double *)dest = v;
    return CXB_OK;
}

/* --set k=v into the overrides; --set preset=NAME is --preset NAME. */
static cxb_status parse_set(const char *where, const char *text, void *dest)
{
    cxb_run_opts *o = dest;
    (void)where;
    if (!strncmp(text, "preset=", 7)) {
        o->preset = text + 7;
        return CXB_OK;
    }
    return cxb_params_set_kv(&o->overrides, text);
}

static cxb_status parse_bind(const char *where, const char *text, void *dest)
{
    (void)where;
    return cxb_bind_policy_parse(text, dest);
}

static const cxb_option run_options[] = {
    CXB_OPT_STRING("--impl", "ID,...", "only these implementations (ids as `cxbench list` prints them)", run_args,
                   o.impls, 0),
    CXB_OPT_PARSE("--set", "k=v", "override parameter k at every point (repeatable); preset=NAME is --preset",
                  run_args, o, parse_set, CXB_OPT_REPEAT),
    CXB_OPT_STRING("--preset", "NAME", "the sweeps to run (default quick)", run_args,
                   o.preset, 0),
    CXB_OPT_COUNT_AT_MOST("--reps", "N", "minimum samples per point (default 5)", run_args, reps, 1, 4096,
                          "--max-reps", 0),
    CXB_OPT_COUNT("--max-reps", "N", "maximum samples per point (default 50)", run_args, max_reps, 1, 4096, 0),
    CXB_OPT_PARSE("--min-time", "S", "minimum sampled seconds per point (default 0.2)", run_args, o.min_time_s,
                  parse_seconds, 0),
    CXB_OPT_PARSE("--budget", "S", "seconds per point after which sampling stops (default 10)", run_args,
                  o.budget_s, parse_seconds, 0),
    CXB_OPT_PARSE("--stop-after", "S", "start no point after S seconds of the run; the set keeps the points done",
                  run_args, o.stop_after_s, parse_seconds, 0),
    CXB_OPT_COUNT("--threads", "N", "size of the worker pool (default: the cores)", run_args, threads, 0, 4096, 0),
    CXB_OPT_PARSE("--bind", "none|compact|spread", "thread pinning (default spread with hwloc, else none)",
                  run_args, o.bind, parse_bind, 0),
    CXB_OPT_STRING("--out", "DIR", "root of the result sets (default results)", run_args, o.out_root, 0),
    CXB_OPT_STRING("--machine", "NAME", "machine folder under DIR (default host + GPU name)", run_args, o.machine,
                   0),
    CXB_OPT_PARSE("--noise", "S", "seconds of noise probe at start and end, 0 off (default 0.5)", run_args,
                  o.noise_s, parse_seconds, 0),
    CXB_OPT_SWITCH("--plot", "draw the figures after the run", run_args, plot, 0),
    CXB_OPT_SWITCH("--no-table", "do not print the speed-up/slope and paper tables", run_args, no_table, 0),
    CXB_OPT_SWITCH("--no-progress", "no progress lines on stderr", run_args, no_progress, 0),
    CXB_OPT_SWITCH("--instructions", "count instructions under callgrind instead of timing", run_args,
                   instructions, 0),
    CXB_OPT_SWITCH("--clean-partial", "first remove .<run_id>.partial directories left by killed runs", run_args,
                   clean, 0),
    CXB_OPT_END};

const cxb_form cxb_cli_run_forms[] = {{"STUDY", run_options}, CXB_FORMS_END};

int cxb_cli_run(int argc, char **argv)
{
    char run_dir[4096];
    return cxb_cli_run_into(argc, argv, run_dir, sizeof run_dir);
}

int cxb_cli_run_into(int argc, char **argv, char *out_dir, size_t out_size)
{
    if (out_size)
        out_dir[0] = '\0';
    run_args ra;
    memset(&ra, 0, sizeof ra);
    cxb_run_opts_init(&ra.o);
    cxb_args a;
    int rc;
    if (cxb_cli_args(argc, argv, "run", cxb_cli_run_forms, run_options, &ra, 1, &a, &rc))
        return rc;
    if (a.npos < 1)
        return cxb_cli_error(2, "run: expected a study name (cxbench list shows them)");
    cxb_run_opts o = ra.o;
    o.study = cxb_study_find(a.pos[0]);
    if (!o.study)
        return cxb_cli_error(2, "run: %s: unknown study (cxbench list shows them)", a.pos[0]);
    o.argc = argc;
    o.argv = argv;
    if (cxb_args_given(&a, "--reps"))
        o.min_reps = (unsigned)ra.reps;
    if (cxb_args_given(&a, "--max-reps"))
        o.max_reps = (unsigned)ra.max_reps;
    o.threads = (unsigned)ra.threads;
    o.bind_name = cxb_bind_policy_name(o.bind);
    o.instructions = ra.instructions;
    o.progress = !ra.no_progress;
    int plot = ra.plot, table = !ra.no_table, clean = ra.clean; /* clean after parsing: --out may come later */
    /* one bound given alone moves the other default with it (--reps 100: at most 100;
     * --max-reps 2: at least 2); both given and crossed is refused by the table */
    if (o.max_reps < o.min_reps) {
        if (cxb_args_given(&a, "--max-reps"))
            o.min_reps = o.max_reps;
        else
            o.max_reps = o.min_reps;
    }
    if (cxb_args_given(&a, "--min-time") && cxb_args_given(&a, "--budget") && o.min_time_s > o.budget_s)
        return cxb_cli_error(2, "run: --min-time %g is above --budget %g (sampling stops at the budget)",
                             o.min_time_s, o.budget_s);
    if (cxb_args_given(&a, "--stop-after") && !(o.stop_after_s > 0))
        return cxb_cli_error(2, "run: --stop-after 0: expected seconds > 0 (leave it out for no limit)");
    if (clean)
        cxb_run_clean_partial(o.out_root);
    cxb_run_install_signals();
    char run_dir[4096];
    cxb_status st = cxb_run_study(&o, run_dir, sizeof run_dir);
    if (st != CXB_OK)
        return cxb_cli_status(st);
    printf("\nresult set: %s\n", run_dir);
    snprintf(out_dir, out_size, "%s", run_dir);
    if (table) {
        putchar('\n');
        fflush(stdout);
        rc = cxb_cli_fit_table(run_dir);
        if (rc != 0)
            return rc;
        if (o.study->print_tables && (st = o.study->print_tables(run_dir, stdout)) != CXB_OK)
            return cxb_cli_status(st);
    }
    if (plot) {
        /* figures of a machine live beside its result sets (docs/method.md) */
        char figdir[4200];
        snprintf(figdir, sizeof figdir, "%s", run_dir);
        char *slash = strrchr(figdir, '/');
        snprintf(slash ? slash + 1 : figdir, sizeof figdir - (size_t)(slash ? slash + 1 - figdir : 0),
                 "figures");
        st = cxb_plot_run_dir(run_dir, o.study, figdir);
        if (st == CXB_ERESOURCE) /* no gnuplot: data and scripts are there; not a failure of the run */
            fprintf(stderr, "cxbench: note: %s\n", cxb_last_error());
        else if (st != CXB_OK)
            return cxb_cli_status(st);
        else
            printf("figures: %s\n", figdir);
    }
    return 0;
}
