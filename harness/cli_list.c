/* cxbench list: studies and implementations, with availability (a GPU found or not), and
 * with --presets each study's presets. A missing GPU is said once, not once per row; in a build
 * without CUDA its rows are not registered, and a note says so. */
#include <stdio.h>
#include <string.h>

#include "cxb/core/cuda.h"
#include "harness/cli.h"
#include "harness/registry.h"

typedef struct list_args {
    int presets;
} list_args;

static const cxb_option list_options[] = {
    CXB_OPT_SWITCH("--presets", "each study's presets (the sweeps `run --preset` takes) instead of its rows",
                   list_args, presets, 0),
    CXB_OPT_END};

const cxb_form cxb_cli_list_forms[] = {{"", list_options}, CXB_FORMS_END};

int cxb_cli_list(int argc, char **argv)
{
    list_args la = {0};
    cxb_args a;
    int rc;
    if (cxb_cli_args(argc, argv, "list", cxb_cli_list_forms, list_options, &la, 0, &a, &rc))
        return rc;
    int presets = la.presets;
    const char *no_gpu = NULL;
    if (!cxb_cuda_built()) {
        /* the CUDA rows are compiled only with CUDA (docs/architecture.md "How CUDA rows are
         * registered"): there are none to list */
        fprintf(stderr, "cxbench: note: built without CUDA: the CUDA rows are not registered\n");
    } else if (cxb_cuda_device_count(&no_gpu) <= 0) {
        fprintf(stderr, "cxbench: note: rows that need a GPU are unavailable here: %s\n",
                no_gpu ? no_gpu : "no GPU");
    } else {
        no_gpu = NULL;
    }
    size_t ns;
    const cxb_study *const *studies = cxb_studies(&ns);
    for (size_t i = 0; i < ns; ++i) {
        const cxb_study *s = studies[i];
        printf("%s: %s\n", s->name, s->summary);
        for (size_t j = 0; presets && j < s->npresets; ++j)
            printf("  preset %-17s %s\n", s->presets[j].name, s->presets[j].summary);
        for (size_t j = 0; !presets && j < s->nimpls; ++j) {
            const cxb_impl *im = &s->impls[j];
            const char *why = NULL;
            int ok = cxb_impl_available(im, &why);
            printf("  %-24s %-9s %-13s %s\n", im->id, cxb_backend_names[im->backend],
                   ok ? "available" : "unavailable", im->summary);
            if (!ok && (!no_gpu || !why || strcmp(why, no_gpu)))
                printf("  %-24s %-9s (%s)\n", "", "", why);
        }
    }
    return 0;
}
