/* cxbench - the command line (docs/cli.md): dispatch only. The harness's own commands are
 * listed here; every other command comes from a study's descriptor (cxb_command), so a
 * study adds commands without touching this file. A command path may have several words
 * ("graph gen"): the longest path that matches argv wins, and a prefix that names a group
 * ("graph") lists the group. --help or -h anywhere after a command prints its usage. */
#include <stdio.h>
#include <string.h>

#include "harness/atomic.h"
#include "harness/cleanup.h"
#include "harness/cli.h"
#include "harness/instructions.h"
#include "harness/registry.h"

/* The synopses come from each command's option table (harness/options.h). */
static const cxb_command harness_commands[] = {
    {"list", cxb_cli_list, cxb_cli_list_forms, "studies and implementations, available or not (and why)", NULL},
    {"run", cxb_cli_run, cxb_cli_run_forms,
     "run a study's sweeps: verified timings, a result set, a speed-up/slope table", NULL},
    {"bench", cxb_cli_bench, cxb_cli_bench_forms,
     "make bench: every study's quick preset (or another), then one summary table across studies", NULL},
    {"fit", cxb_cli_fit, cxb_cli_fit_forms, "log-log slopes with confidence intervals", NULL},
    {"compare", cxb_cli_compare, cxb_cli_compare_forms, "regression verdict between two result sets, exit 0/1/2",
     NULL},
    {"plot", cxb_cli_plot, cxb_cli_plot_forms, "gnuplot figures of result sets", NULL},
    {"report", cxb_cli_report, cxb_cli_report_forms, "markdown reproduction report against the papers", NULL},
};
#define NHARNESS (sizeof harness_commands / sizeof harness_commands[0])

/* Calls fn on every command, the harness's first, then each study's in registry order. */
static void each_command(void (*fn)(const cxb_command *, void *), void *arg)
{
    for (size_t i = 0; i < NHARNESS; ++i)
        fn(&harness_commands[i], arg);
    size_t ns;
    const cxb_study *const *studies = cxb_studies(&ns);
    for (size_t s = 0; s < ns; ++s)
        for (size_t i = 0; i < studies[s]->ncommands; ++i)
            fn(&studies[s]->commands[i], arg);
}

/* How many leading words of argv (from argv[1]) the path matches: all its words or 0. */
static int path_words(const char *path, int argc, char **argv)
{
    int w = 0;
    const char *p = path;
    while (*p) {
        size_t len = strcspn(p, " ");
        if (1 + w >= argc || strlen(argv[1 + w]) != len || strncmp(argv[1 + w], p, len))
            return 0;
        ++w;
        p += len;
        while (*p == ' ')
            ++p;
    }
    return w;
}

/* Whether argv's words from argv[1] (nwords of them) are a proper prefix of path. */
static int is_group_of(const char *path, int nwords, char **argv)
{
    const char *p = path;
    for (int w = 0; w < nwords; ++w) {
        size_t len = strcspn(p, " ");
        if (strlen(argv[1 + w]) != len || strncmp(argv[1 + w], p, len) || !p[len])
            return 0;
        p += len + 1;
    }
    return 1;
}

typedef struct match_ctx {
    int argc;
    char **argv;
    const cxb_command *best;
    int best_words;
    int group_words; /* the words of argv that name a group (a prefix of some path) */
    FILE *out;
} match_ctx;

static void match_one(const cxb_command *c, void *arg)
{
    match_ctx *m = arg;
    int w = path_words(c->path, m->argc, m->argv);
    if (w > m->best_words) {
        m->best = c;
        m->best_words = w;
    }
    for (int n = 1; n < m->argc; ++n)
        if (n > m->group_words && is_group_of(c->path, n, m->argv))
            m->group_words = n;
}

/* A command's synopses (forms), with detail each option's line, then its own help. */
static void print_usage_one(const cxb_command *c, FILE *f, int detail)
{
    cxb_forms_usage(f, c->path, c->forms, detail);
    if (c->help)
        c->help(f);
}

static void usage_all_one(const cxb_command *c, void *arg)
{
    print_usage_one(c, arg, 0);
}

static const char exit_codes[] =
    "\nexit codes: 0 success, 1 regression or failed check, 2 bad input, 3 missing resource\n";

static void usage(FILE *f)
{
    fputs("usage: cxbench COMMAND [ARGS]   (cxbench COMMAND --help for one command and its options)\n\n"
          "commands:\n", f);
    each_command(usage_all_one, f);
    fputs(exit_codes, f);
}

/* The commands of a group: printed with their summaries (out), or their next words
 * collected ", "-separated into names (for the one error line). */
typedef struct group_ctx {
    char **argv;
    int words;
    FILE *out;
    char *names;
    size_t size;
} group_ctx;

static void usage_group_one(const cxb_command *c, void *arg)
{
    group_ctx *g = arg;
    if (!is_group_of(c->path, g->words, g->argv))
        return;
    if (g->out) {
        fprintf(g->out, "  cxbench %-28s %s\n", c->path, c->summary);
        return;
    }
    const char *next = c->path;
    for (int w = 0; w < g->words; ++w)
        next += strcspn(next, " ") + 1;
    size_t len = strlen(g->names), word = strcspn(next, " ");
    snprintf(g->names + len, g->size - len, "%s%.*s", len ? ", " : "", (int)word, next);
}

static int has_help(int argc, char **argv)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--"); ++i) /* "--" ends the options */
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return 1;
    return 0;
}

static int dispatch(int argc, char **argv)
{
    if (argc < 2)
        return cxb_cli_error(2, "no command given (cxbench --help lists them)");
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help"))
        return usage(stdout), 0;
    if (!strcmp(argv[1], "_ir")) /* internal: the child of an instruction count */
        return cxb_cli_ir(argc - 1, argv + 1);
    match_ctx m = {argc, argv, NULL, 0, 0, stdout};
    each_command(match_one, &m);
    if (m.best && m.best_words >= m.group_words) {
        int sub_argc = argc - m.best_words;
        char **sub_argv = argv + m.best_words;
        if (has_help(sub_argc, sub_argv)) {
            printf("usage:\n");
            print_usage_one(m.best, stdout, 1);
            printf("\n%s\n", m.best->summary);
            fputs(exit_codes, stdout);
            return 0;
        }
        return m.best->fn(sub_argc, sub_argv);
    }
    if (m.group_words) { /* "cxbench graph": the commands of the group */
        const char *group = argv[m.group_words];
        if (has_help(argc - m.group_words, argv + m.group_words)) {
            printf("usage:\n");
            group_ctx g = {argv, m.group_words, stdout, NULL, 0};
            each_command(usage_group_one, &g);
            fputs("\n(cxbench COMMAND --help for one command)\n", stdout);
            return 0;
        }
        char names[256] = "";
        group_ctx g = {argv, m.group_words, NULL, names, sizeof names};
        each_command(usage_group_one, &g);
        if (m.group_words + 1 < argc && argv[m.group_words + 1][0] != '-')
            return cxb_cli_error(2, "%s %s: unknown subcommand (%s has: %s)", group, argv[m.group_words + 1],
                                 group, names);
        return cxb_cli_error(2, "%s: expected a subcommand (%s)", group, names);
    }
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
