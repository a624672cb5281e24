/* cxbench - the command line (ARCHITECTURE.md "Command line"): dispatch only. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cxb/prng_gen.h"
#include "harness/atomic.h"
#include "harness/cleanup.h"
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

/* One entry per command; usage lines are the README's "The cxbench command" list (continuation
 * lines start with a newline and their own indentation). prng's last form is followed by its
 * GEN list (usage_generators). */
static const struct {
    const char *name;
    int (*fn)(int, char **);
    const char *usage;
} commands[] = {
    {"list", cxb_cli_list, "list                  studies and implementations, available or not (and why)"},
    {"run", cxb_cli_run,
     "run STUDY [--impl ID,...] [--set k=v ...] [--preset quick|ci|paper] [--reps N]\n"
     "                  [--max-reps N] [--min-time S] [--budget S] [--threads N] [--bind none|compact|spread]\n"
     "                  [--out DIR] [--machine NAME] [--noise S] [--plot] [--no-table] [--no-progress]\n"
     "                  [--instructions] [--clean-partial]"},
    {"fit", cxb_cli_fit, "fit RESULTS [--range a:b] [--table] [--style paper] [--format md|csv|tex]"},
    {"compare", cxb_cli_compare,
     "compare BASE NEW [--threshold X] [--fail-on-ambiguous] [--require-all] [--allow-cross-machine]\n"
     "                  [--format md|csv]     regression verdict, exit 0/1/2"},
    {"plot", cxb_cli_plot, "plot RESULTS [--out DIR] | cxbench plot SET SET... --out DIR | cxbench plot --all [ROOT]"},
    {"report", cxb_cli_report, "report [ROOT] [--out FILE]  markdown report of the newest result sets"},
    {"prng", cxb_cli_prng,
     "prng lf24 [--seed IJ,KL|S] [--stream K] [--skip N] --count N [--format dec|hex|raw]\n"
     "                  [--pack 16x2|3byte] [--r R] [--s S]\n"
     "  cxbench prng philox4x32|threefry4x32 --key K0,K1[,K2,K3] --counter C0,C1,C2,C3 --count N\n"
     "  cxbench prng GEN [--seed S] [--subsequence K] [--offset O] [--skip N] --count N [--format dec|hex|raw]\n"
     "                  [--rounds R] [--dist split|spacing|leapfrog|param|counter|central]\n"
     "                  [--interleave N[:C]] [--workers N] [--dc FILE] [--backend seq|pthreads|cuda]"},
    {"prng-repro", cxb_cli_prng_repro,
     "prng-repro [--tasks M] [--k K] [--seed S] [--threads P,...] [--shapes BxT,...] [--dc FILE]\n"
     "                  [--no-cuda] [--out DIR] [--machine NAME]   the reproducibility matrix (Figure R1)"},
    {"graph", cxb_cli_graph,
     "graph gen MODEL:k=v,... | graph info FILE | graph convert IN OUT   (flags: see the README)"},
};

/* "GEN: lf24, philox4x32, ...": every generator `prng` takes, from the one list
 * (CXB_RNG_LIST via cxb_rng_names) so that the help cannot fall behind it; wrapped. */
static void usage_generators(FILE *f)
{
    const char *indent = "                  ";
    size_t col = (size_t)fprintf(f, "%sGEN: lf24,", indent);
    const char *p = cxb_rng_names();
    while (*p) {
        size_t len = strcspn(p, ",");
        int last = p[len] == '\0';
        if (col + 1 + len + !last > 100)
            col = (size_t)fprintf(f, "\n%s    ", indent) - 1;
        col += (size_t)fprintf(f, " %.*s%s", (int)len, p, last ? "" : ",");
        p += len + !last;
        while (*p == ' ')
            ++p;
    }
    fputc('\n', f);
}

static void usage(FILE *f)
{
    fputs("usage: cxbench COMMAND [ARGS]\n\ncommands:\n", f);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; ++i) {
        fprintf(f, "  cxbench %s\n", commands[i].usage);
        if (!strcmp(commands[i].name, "prng"))
            usage_generators(f);
    }
    fputs("\nexit codes: 0 success, 1 regression or failed check, 2 bad input, 3 missing resource\n",
          f);
}

static int dispatch(int argc, char **argv)
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

/* Every command: temporaries and partial directories are removed on SIGINT, SIGTERM and
 * SIGPIPE (harness/cleanup.h); a failed write to standard output (a full device, a closed
 * descriptor) is exit 3 even when the command itself succeeded. */
int main(int argc, char **argv)
{
    cxb_cleanup_install();
    int rc = dispatch(argc, argv);
    if (cxb_stdout_check() != CXB_OK && (rc == 0 || rc == 1))
        rc = cxb_cli_status(CXB_ERESOURCE);
    return rc;
}
