/* harness/cli.c - what every command of the cxbench program shares: the one error line
 * ("cxbench: error: WHERE: WHAT", docs/cli.md) and the parsing of a command's arguments by
 * its option table (harness/options.h; counts go through cxb_parse_u64).
 * In the library, so that the studies' own commands (suites/<study>/cli*.c) use it too. */
#include "harness/cli.h"

#include <stdarg.h>
#include <stdio.h>

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

int cxb_cli_args(int argc, char **argv, const char *path, const cxb_form *forms, const cxb_option *table,
                 void *base, int maxpos, cxb_args *a, int *rc)
{
    cxb_status st = cxb_options_parse(argc, argv, path, table, base, maxpos, a);
    if (st != CXB_OK) {
        *rc = cxb_cli_status(st);
        return 1;
    }
    if (a->help) {
        printf("usage:\n");
        cxb_forms_usage(stdout, path, forms, 1);
        *rc = 0;
        return 1;
    }
    return 0;
}

int cxb_cli_status(cxb_status st)
{
    if (st == CXB_OK)
        return 0;
    return cxb_cli_error((int)st, "%s", cxb_last_error());
}
