/* harness/cli.c - what every command of the cxbench program shares: the one error line
 * ("cxbench: error: WHERE: WHAT", docs/cli.md) and the parsing of a command's arguments by
 * its option table (harness/options.h; counts go through cxb_parse_u64).
 * In the library, so that the studies' own commands (suites/<study>/cli*.c) use it too. */
#include "harness/cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "harness/registry.h"

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

int cxb_cli_study_row(const char *study, const char *cmd, const char *name, const cxb_impl **out)
{
    char id[160];
    size_t sl = strlen(study);
    if (strncmp(name, study, sl) || name[sl] != '.')
        snprintf(id, sizeof id, "%s.%s", study, name);
    else
        snprintf(id, sizeof id, "%s", name);
    const cxb_study *s = NULL;
    const cxb_impl *im = cxb_impl_find(id, &s);
    if (!im || !s || strcmp(s->name, study)) {
        const char *why = cxb_impl_not_built(id);
        if (why)
            return cxb_cli_error(3, "%s: --impl %s: %s", cmd, name, why);
        return cxb_cli_error(2, "%s: --impl %s: no such row (cxbench list %s)", cmd, name, study);
    }
    const char *why = NULL;
    if (!cxb_impl_available(im, &why))
        return cxb_cli_error(3, "%s: --impl %s: unavailable: %s", cmd, name, why ? why : "no GPU");
    *out = im;
    return 0;
}
