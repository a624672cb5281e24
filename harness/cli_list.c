/* cxbench list: studies and implementations, with availability (a GPU found or not). */
#include <stdio.h>

#include "harness/cli.h"
#include "harness/registry.h"

int cxb_cli_list(int argc, char **argv)
{
    (void)argv;
    if (argc > 1)
        return cxb_cli_error(2, "list: unexpected argument '%s'", argv[1]);
    size_t ns;
    const cxb_study *const *studies = cxb_studies(&ns);
    for (size_t i = 0; i < ns; ++i) {
        const cxb_study *s = studies[i];
        printf("%s: %s\n", s->name, s->summary);
        for (size_t j = 0; j < s->nimpls; ++j) {
            const cxb_impl *im = &s->impls[j];
            const char *why = NULL;
            int ok = cxb_impl_available(im, &why);
            printf("  %-24s %-9s %-13s %s\n", im->id, cxb_backend_names[im->backend],
                   ok ? "available" : "unavailable", im->summary);
            if (!ok)
                printf("  %-24s %-9s (%s)\n", "", "", why);
        }
    }
    return 0;
}
