/* cxbench - the command line (ARCHITECTURE.md "Command line"): dispatch only. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "harness/cli.h"
#include "harness/params.h"
#include "harness/instructions.h"

int cxb_cli_error(int code, const char *fmt, ...)
{
    va_list ap;
    fputs("cxbench: error: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return code;
}

int cxb_cli_parse_u64(const char *cmd, const char *flag, const char *text, uint64_t *out)
{
    char where[96];
    snprintf(where, sizeof where, "%s: %s", cmd, flag);
    return cxb_parse_u64(text, where, out) == CXB_OK ? 0 : cxb_cli_status(CXB_EINPUT);
}

int cxb_cli_status(cxb_status st)
{
    if (st == CXB_OK)
        return 0;
    return cxb_cli_error((int)st, "%s", cxb_last_error());
}

static const struct {
    const char *name;
    int (*fn)(int, char **);
    const char *usage;
} commands[] = {
    {"list", cxb_cli_list, "list                      studies and implementations, with availability"},
    {"run", cxb_cli_run, "run STUDY [--impl ID,...] [--set k=v ...] [--reps N] [--threads N] [--out DIR]"},
    {"fit", cxb_cli_fit, "fit RESULTS [--range a:b] [--table]  slopes with confidence intervals"},
    {"compare", cxb_cli_compare, "compare BASE NEW          regression verdict, exit 0/1/2"},
    {"plot", cxb_cli_plot, "plot RESULTS | --all      gnuplot figures"},
    {"report", cxb_cli_report, "report [ROOT] [--out FILE] markdown report of the newest result sets"},
    {"prng", cxb_cli_prng, "prng GEN [--seed S] [--subsequence K] [--offset O] [--skip N] --count N\n"
                           "                                 [--format dec|hex|raw] (GEN: lf24, philox4x32, threefry4x32,\n"
                           "                                 xorwow, mrg32k3a, mt19937)"},
    {"prng-repro", cxb_cli_prng_repro, "prng-repro [--tasks M] [--k K] [--threads P,..] [--shapes BxT,..] [--dc FILE] [--out DIR]\n"
                                       "                                 Figure R1: streams equal to seq per generator x technique x decomposition"},
    {"graph", cxb_cli_graph, "graph gen MODEL:k=v,... | info IN | convert IN OUT  (see the README)"},
};

static void usage(FILE *f)
{
    fputs("usage: cxbench COMMAND [ARGS]\n\ncommands:\n", f);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; ++i)
        fprintf(f, "  cxbench %s\n", commands[i].usage);
    fputs("\nexit codes: 0 success, 1 regression or failed check, 2 bad input, 3 missing resource\n",
          f);
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return cxb_cli_error(2, "no command given (cxbench --help lists them)");
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help"))
        return usage(stdout), 0;
    if (!strcmp(argv[1], "_ir")) /* internal: the child of an instruction count */
        return cxb_cli_ir(argc - 1, argv + 1);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; ++i)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].fn(argc - 1, argv + 1);
    return cxb_cli_error(2, "%s: unknown command (cxbench --help lists them)", argv[1]);
}
