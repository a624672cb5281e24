/* harness/options.h - the options of a command and their help, declared together
 * (docs/cli.md, "Options"): one table per command form gives the parser, the synopsis of
 * `cxbench --help`, the option lines of `cxbench COMMAND --help` and, through the cli_help
 * test, the flags that docs/cli.md lists, so that none of them can drift from the others.
 *
 *     typedef struct fit_args { const char *range; int table; uint64_t n; } fit_args;
 *     static const cxb_option fit_options[] = {
 *         CXB_OPT_STRING("--range", "a:b", "fit only a <= x <= b", fit_args, range, 0),
 *         CXB_OPT_SWITCH("--table", "also print the speed-up table", fit_args, table, 0),
 *         CXB_OPT_COUNT("--n", "N", "points", fit_args, n, 1, 100, 0),
 *         CXB_OPT_END};
 *
 * The parser takes `--flag VALUE` and `--flag=VALUE`; a switch takes no value; an option
 * given twice is an error unless it is CXB_OPT_REPEAT; a count declared with
 * CXB_OPT_COUNT_AT_MOST (--reps N, at most --max-reps) that exceeds the other option's value,
 * both given, is an error naming both (docs/cli.md, "Exit codes"); an unknown option, a missing value,
 * a missing CXB_OPT_REQUIRED option and a value the option's kind refuses are errors
 * naming the command and the flag (a parse function's message that does not start with
 * the command gets it in front). `--help` or `-h` anywhere before `--` asks for help, and
 * then nothing else is checked. `--` ends the options; `--help` and `-h` ask for help.
 * The parser never prints: it returns CXB_EINPUT with the message (cxb_last_error); the
 * command prints it as the one error line (cxb_cli_args in harness/cli.h does both).
 */
#ifndef CXB_HARNESS_OPTIONS_H
#define CXB_HARNESS_OPTIONS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cxb/core/status.h"

typedef enum cxb_opt_kind {
    CXB_OPT_KIND_SWITCH, /* no value; sets an int to 1 */
    CXB_OPT_KIND_STRING, /* a const char * (argv's own string) */
    CXB_OPT_KIND_COUNT,  /* a uint64_t by cxb_parse_u64, within [min, max] (max 0: no bound) */
    CXB_OPT_KIND_CHOICE, /* an int: the index of the value among choices (arg "a|b|c") */
    CXB_OPT_KIND_PARSE   /* the option's own parse function */
} cxb_opt_kind;

/* Flags of an option. */
enum {
    CXB_OPT_REQUIRED = 1u << 0, /* must be given; shown without brackets */
    CXB_OPT_REPEAT = 1u << 1,   /* may be given more than once (each value is parsed in turn) */
    CXB_OPT_IN_ARGS = 1u << 2   /* named by its form's args (plot --all): not added to the synopsis */
};

/* Parses value into *dest (the field of the option); CXB_EINPUT naming `where` ("prng:
 * --seed") on a bad value. */
typedef cxb_status (*cxb_opt_parse_fn)(const char *where, const char *value, void *dest);

typedef struct cxb_option {
    const char *name; /* "--count" */
    const char *arg;  /* the value's name in the help, "N"; NULL for a switch */
    const char *help; /* one line */
    cxb_opt_kind kind;
    size_t offset;    /* of the destination in the command's argument struct */
    unsigned flags;
    uint64_t min, max;          /* CXB_OPT_KIND_COUNT */
    const char *const *choices; /* CXB_OPT_KIND_CHOICE: NULL-terminated */
    cxb_opt_parse_fn parse;     /* CXB_OPT_KIND_PARSE */
    const char *at_most;        /* CXB_OPT_KIND_COUNT: may not exceed this COUNT option when both are given */
} cxb_option;

#define CXB_OPT_SWITCH(name, help, T, field, flags) \
    {name, NULL, help, CXB_OPT_KIND_SWITCH, offsetof(T, field), flags, 0, 0, NULL, NULL, NULL}
#define CXB_OPT_STRING(name, arg, help, T, field, flags) \
    {name, arg, help, CXB_OPT_KIND_STRING, offsetof(T, field), flags, 0, 0, NULL, NULL, NULL}
#define CXB_OPT_COUNT(name, arg, help, T, field, min, max, flags) \
    {name, arg, help, CXB_OPT_KIND_COUNT, offsetof(T, field), flags, min, max, NULL, NULL, NULL}
#define CXB_OPT_CHOICE(name, arg, help, T, field, choices, flags) \
    {name, arg, help, CXB_OPT_KIND_CHOICE, offsetof(T, field), flags, 0, 0, choices, NULL, NULL}
#define CXB_OPT_PARSE(name, arg, help, T, field, fn, flags) \
    {name, arg, help, CXB_OPT_KIND_PARSE, offsetof(T, field), flags, 0, 0, NULL, fn, NULL}
/* A count that may not exceed the COUNT option named other when both are given (min <= max
 * pairs: --reps and --max-reps): a contradiction is refused at parse time, not resolved. */
#define CXB_OPT_COUNT_AT_MOST(name, arg, help, T, field, min, max, other, flags) \
    {name, arg, help, CXB_OPT_KIND_COUNT, offsetof(T, field), flags, min, max, NULL, NULL, other}
#define CXB_OPT_END {NULL, NULL, NULL, CXB_OPT_KIND_SWITCH, 0, 0, 0, 0, NULL, NULL, NULL}

/* One synopsis of a command: its positional arguments and its options. A command with
 * several forms (prng lf24 | prng GEN) has one per form, in a list ending with
 * CXB_FORMS_END. */
typedef struct cxb_form {
    const char *args;           /* positional arguments after the path, "RESULTS" ("" for none) */
    const cxb_option *options;  /* ends with CXB_OPT_END; NULL for none */
} cxb_form;

#define CXB_FORMS_END {NULL, NULL}

/* What the parser found besides the options. */
#define CXB_ARGS_MAX_POS 256
typedef struct cxb_args {
    const char *pos[CXB_ARGS_MAX_POS]; /* positional arguments in order (argv's strings) */
    int npos;
    int help;                /* --help or -h was given (nothing else is checked then) */
    uint64_t given;          /* bit i: option i of the table was given */
    const cxb_option *table; /* the table parsed */
} cxb_args;

/* Parses argv[1..argc-1] (argv[0] is the command's last word) by table into the struct at
 * base; positional arguments go to a->pos, at most maxpos of them. cmd names the command
 * in errors ("graph gen"). Fields of options not given keep their values, so set the
 * defaults first. CXB_EINPUT with one message: "CMD: --flag: unknown option (...)", "CMD:
 * --count: given twice", "CMD: --out needs a value", "CMD: --count N is required", "CMD:
 * unexpected argument 'x'", or the option's own. */
cxb_status cxb_options_parse(int argc, char **argv, const char *cmd, const cxb_option *table, void *base,
                             int maxpos, cxb_args *a);
/* Whether option `name` of the table parsed was given. */
int cxb_args_given(const cxb_args *a, const char *name);

/* An implementation named by its id as `cxbench list` prints it ("graphgen.gnm.seq": prefix
 * "graphgen.gnm.") or by the short form after the prefix ("seq"): the index of the short
 * form among variants (NULL-terminated), or -1. */
int cxb_opt_variant(const char *value, const char *prefix, const char *const *variants);

/* The synopsis of a form, "  cxbench PATH ARGS [--flag ARG] ... ", wrapped at 100 columns. */
void cxb_form_synopsis(FILE *out, const char *path, const cxb_form *form);
/* One line per option: "      --flag ARG   help". */
void cxb_options_usage(FILE *out, const cxb_option *table);
/* Every form's synopsis and (detail) its options' lines. */
void cxb_forms_usage(FILE *out, const char *path, const cxb_form *forms, int detail);

#endif
