/* cxbench run STUDY: run a study's sweeps, write a result set, print its table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cli.h"
#include "impl_pthreads/common/bind_plan.h"
#include "harness/plot.h"
#include "harness/runner.h"

static int need_value(int i, int argc, char **argv)
{
    return i + 1 < argc ? 0 : cxb_cli_error(2, "run: %s needs a value", argv[i]);
}

static int parse_unsigned(const char *flag, const char *text, unsigned long long max,
                          unsigned long long *out)
{
    uint64_t v;
    char where[64];
    snprintf(where, sizeof where, "run: %s", flag);
    if (cxb_parse_u64(text, where, &v) != CXB_OK)
        return cxb_cli_status(CXB_EINPUT);
    if (v > max)
        return cxb_cli_error(2, "run: %s %s: at most %llu", flag, text, max);
    *out = v;
    return 0;
}

static int parse_seconds(const char *flag, const char *text, double *out)
{
    char *end;
    double v = strtod(text, &end);
    if (*end || end == text || !(v >= 0) || v > 1e6)
        return cxb_cli_error(2, "run: %s %s: expected seconds >= 0", flag, text);
    *out = v;
    return 0;
}

int cxb_cli_run(int argc, char **argv)
{
    char run_dir[4096];
    return cxb_cli_run_into(argc, argv, run_dir, sizeof run_dir);
}

int cxb_cli_run_into(int argc, char **argv, char *out_dir, size_t out_size)
{
    if (out_size)
        out_dir[0] = '\0';
    if (argc < 2 || argv[1][0] == '-')
        return cxb_cli_error(2, "run: expected a study name (cxbench list shows them)");
    cxb_run_opts o;
    cxb_run_opts_init(&o);
    o.study = cxb_study_find(argv[1]);
    if (!o.study)
        return cxb_cli_error(2, "run: %s: unknown study (cxbench list shows them)", argv[1]);
    o.argc = argc;
    o.argv = argv;
    int plot = 0, table = 1, clean = 0, rc;
    unsigned long long v = 0;
    for (int i = 2; i < argc; ++i) {
        const char *a = argv[i];
        if (!strcmp(a, "--plot")) {
            plot = 1;
            continue;
        }
        if (!strcmp(a, "--no-table")) {
            table = 0;
            continue;
        }
        if (!strcmp(a, "--instructions")) {
            o.instructions = 1;
            continue;
        }
        if (!strcmp(a, "--no-progress")) {
            o.progress = 0;
            continue;
        }
        if (!strcmp(a, "--clean-partial")) { /* after parsing: --out may come later */
            clean = 1;
            continue;
        }
        if (a[0] != '-' || a[1] != '-')
            return cxb_cli_error(2, "run: unexpected argument '%s'", a);
        if ((rc = need_value(i, argc, argv)))
            return rc;
        const char *val = argv[++i];
        if (!strcmp(a, "--impl"))
            o.impls = val;
        else if (!strcmp(a, "--set")) {
            if (!strncmp(val, "preset=", 7))
                o.preset = val + 7;
            else if (cxb_params_set_kv(&o.overrides, val) != CXB_OK)
                return cxb_cli_status(CXB_EINPUT);
        } else if (!strcmp(a, "--preset"))
            o.preset = val;
        else if (!strcmp(a, "--reps")) {
            if ((rc = parse_unsigned(a, val, 4096, &v)))
                return rc;
            if (v < 1)
                return cxb_cli_error(2, "run: --reps 0: need at least one sample");
            o.min_reps = (unsigned)v;
            if (o.max_reps < o.min_reps)
                o.max_reps = o.min_reps;
        } else if (!strcmp(a, "--max-reps")) {
            if ((rc = parse_unsigned(a, val, 4096, &v)))
                return rc;
            o.max_reps = (unsigned)v;
        } else if (!strcmp(a, "--threads")) {
            if ((rc = parse_unsigned(a, val, 4096, &v)))
                return rc;
            o.threads = (unsigned)v;
        } else if (!strcmp(a, "--out"))
            o.out_root = val;
        else if (!strcmp(a, "--machine"))
            o.machine = val;
        else if (!strcmp(a, "--min-time")) {
            if ((rc = parse_seconds(a, val, &o.min_time_s)))
                return rc;
        } else if (!strcmp(a, "--budget")) {
            if ((rc = parse_seconds(a, val, &o.budget_s)))
                return rc;
        } else if (!strcmp(a, "--noise")) {
            if ((rc = parse_seconds(a, val, &o.noise_s)))
                return rc;
        } else if (!strcmp(a, "--bind")) {
            if (cxb_bind_policy_parse(val, &o.bind) != CXB_OK)
                return cxb_cli_status(CXB_EINPUT);
            o.bind_name = cxb_bind_policy_name(o.bind);
        } else
            return cxb_cli_error(2, "run: %s: unknown option", a);
    }
    if (o.max_reps < o.min_reps)
        o.max_reps = o.min_reps;
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
        /* figures of a machine live beside its result sets (harness.md 4.1) */
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
