/* tests/harness/test_options.c - harness_options: the option tables of the commands
 * (docs/cli.md, "Options"): --flag VALUE and --flag=VALUE, switches, counts in range,
 * choices, parse functions, repeated options (an error unless CXB_OPT_REPEAT), unknown
 * options naming the command and the flag, required options, positionals, "--", --help
 * and -h; and the synopsis and option lines printed from the same table. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "harness/options.h"

typedef struct args {
    const char *out;
    uint64_t count;
    int quiet, fmt, sets;
} args;

static cxb_status parse_set(const char *where, const char *text, void *dest)
{
    if (!strchr(text, '='))
        return cxb_fail(CXB_EINPUT, "--set %s: expected key=value", text); /* names no command */
    (void)where;
    ++*(int *)dest;
    return CXB_OK;
}

static const char *const fmts[] = {"md", "csv", NULL};

static const cxb_option table[] = {
    CXB_OPT_STRING("--out", "DIR", "where it goes", args, out, 0),
    CXB_OPT_COUNT("--count", "N", "how many, 1 to 100", args, count, 1, 100, CXB_OPT_REQUIRED),
    CXB_OPT_SWITCH("--quiet", "fewer lines", args, quiet, 0),
    CXB_OPT_CHOICE("--format", "md|csv", "the format", args, fmt, fmts, 0),
    CXB_OPT_PARSE("--set", "k=v", "a parameter (repeatable)", args, sets, parse_set, CXB_OPT_REPEAT),
    CXB_OPT_END};

/* Parses the words of line (space-separated; argv[0] = "cmd"). */
static cxb_status parse(const char *line, args *x, cxb_args *a, int maxpos)
{
    static char buf[512];
    static char *argv[32];
    int argc = 0;
    snprintf(buf, sizeof buf, "cmd %s", line);
    for (char *save = NULL, *w = strtok_r(buf, " ", &save); w && argc < 31; w = strtok_r(NULL, " ", &save))
        argv[argc++] = w;
    argv[argc] = NULL;
    memset(x, 0, sizeof *x);
    cxb_error_clear();
    return cxb_options_parse(argc, argv, "my cmd", table, x, maxpos, a);
}

static int has(const char *msg, const char *part) { return strstr(msg, part) != NULL; }

static void test_values(void)
{
    args x;
    cxb_args a;
    CHECK(parse("--count 5 --out d --quiet --format csv", &x, &a, 0) == CXB_OK);
    CHECK(x.count == 5 && x.out && !strcmp(x.out, "d") && x.quiet == 1 && x.fmt == 1 && !a.help);
    CHECK(cxb_args_given(&a, "--out") && cxb_args_given(&a, "--quiet") && !cxb_args_given(&a, "--set"));
    CHECK(parse("--count=2^5 --out=a=b --format=md", &x, &a, 0) == CXB_OK);
    CHECK(x.count == 32 && !strcmp(x.out, "a=b") && x.fmt == 0);
    CHECK(parse("--count 1 --set a=1 --set b=2 --set c=3", &x, &a, 0) == CXB_OK && x.sets == 3);
    CHECK(parse("--count 1e2", &x, &a, 0) == CXB_OK && x.count == 100);
}

static void test_positionals(void)
{
    args x;
    cxb_args a;
    CHECK(parse("IN --count 1 OUT", &x, &a, 2) == CXB_OK);
    CHECK(a.npos == 2 && !strcmp(a.pos[0], "IN") && !strcmp(a.pos[1], "OUT"));
    CHECK(parse("IN --count 1 OUT", &x, &a, 1) == CXB_EINPUT);
    CHECK(has(cxb_last_error(), "my cmd: unexpected argument 'OUT'"));
    CHECK(parse("--count 1 -- --quiet -", &x, &a, 2) == CXB_OK); /* after "--" all are positional */
    CHECK(a.npos == 2 && !strcmp(a.pos[0], "--quiet") && !strcmp(a.pos[1], "-") && !x.quiet);
}

static void test_errors(void)
{
    args x;
    cxb_args a;
    CHECK(parse("--count 1 --count 2", &x, &a, 0) == CXB_EINPUT);
    CHECK_MSG(!strcmp(cxb_last_error(), "my cmd: --count: given more than once"), "%s", cxb_last_error());
    CHECK(parse("--count 1 --quiet --quiet", &x, &a, 0) == CXB_EINPUT && has(cxb_last_error(), "--quiet"));
    CHECK(parse("--count=1 --count=1", &x, &a, 0) == CXB_EINPUT);
    CHECK(parse("--count 1 --bogus 3", &x, &a, 0) == CXB_EINPUT);
    CHECK_MSG(has(cxb_last_error(), "my cmd: --bogus: unknown option"), "%s", cxb_last_error());
    CHECK(parse("--count 1 --bogus=3", &x, &a, 0) == CXB_EINPUT);
    CHECK_MSG(has(cxb_last_error(), "my cmd: --bogus: unknown option"), "%s", cxb_last_error());
    CHECK(parse("--count 1 -x", &x, &a, 0) == CXB_EINPUT && has(cxb_last_error(), "-x: unknown option"));
    CHECK(parse("--quiet", &x, &a, 0) == CXB_EINPUT);
    CHECK_MSG(has(cxb_last_error(), "my cmd: --count N is required"), "%s", cxb_last_error());
    CHECK(parse("--count", &x, &a, 0) == CXB_EINPUT && has(cxb_last_error(), "my cmd: --count needs a value"));
    CHECK(parse("--count 0", &x, &a, 0) == CXB_EINPUT && has(cxb_last_error(), "my cmd: --count 0: expected 1 to 100"));
    CHECK(parse("--count 101", &x, &a, 0) == CXB_EINPUT);
    CHECK(parse("--count ten", &x, &a, 0) == CXB_EINPUT && has(cxb_last_error(), "--count"));
    CHECK(parse("--count 1 --quiet=1", &x, &a, 0) == CXB_EINPUT && has(cxb_last_error(), "--quiet takes no value"));
    CHECK(parse("--count 1 --format tex", &x, &a, 0) == CXB_EINPUT);
    CHECK_MSG(has(cxb_last_error(), "my cmd: --format tex: expected md or csv"), "%s", cxb_last_error());
    /* a parse function's message gets the command in front */
    CHECK(parse("--count 1 --set novalue", &x, &a, 0) == CXB_EINPUT);
    CHECK_MSG(!strcmp(cxb_last_error(), "my cmd: --set novalue: expected key=value"), "%s", cxb_last_error());
}

static void test_help(void)
{
    args x;
    cxb_args a;
    /* --help wins over everything else, even a missing required option or a bad value */
    CHECK(parse("--help", &x, &a, 0) == CXB_OK && a.help);
    CHECK(parse("-h", &x, &a, 0) == CXB_OK && a.help);
    CHECK(parse("IN IN2 --bogus --count 0 --help", &x, &a, 0) == CXB_OK && a.help);
    CHECK(parse("--count 1 -h --bogus", &x, &a, 0) == CXB_OK && a.help);
    CHECK(parse("--count 1 -- --help", &x, &a, 1) == CXB_OK && !a.help); /* after "--": an argument */
}

static void test_usage(void)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    const cxb_form forms[] = {{"IN", table}, {"--all [ROOT]", NULL}, CXB_FORMS_END};
    cxb_forms_usage(f, "my cmd", forms, 1);
    fclose(f);
    CHECK_MSG(has(text, "  cxbench my cmd IN [--out DIR] --count N [--quiet] [--format md|csv] [--set k=v]\n"),
              "%s", text);
    CHECK(has(text, "  cxbench my cmd --all [ROOT]\n"));
    for (const cxb_option *o = table; o->name; ++o) /* every option has its line with its help */
        CHECK_MSG(has(text, o->help) && has(text, o->name), "%s", o->name);
    free(text);
}

static void test_variant(void)
{
    static const char *const v[] = {"seq", "pthreads", "cuda", NULL};
    CHECK(cxb_opt_variant("seq", "graphgen.gnm.", v) == 0);
    CHECK(cxb_opt_variant("graphgen.gnm.cuda", "graphgen.gnm.", v) == 2);
    CHECK(cxb_opt_variant("graphgen.gnp.cuda", "graphgen.gnm.", v) == -1);
    CHECK(cxb_opt_variant("graphgen.gnm.", "graphgen.gnm.", v) == -1);
    CHECK(cxb_opt_variant("gpu", "graphgen.gnm.", v) == -1);
}

int main(void)
{
    test_values();
    test_positionals();
    test_errors();
    test_help();
    test_usage();
    test_variant();
    CHECK_DONE();
}
