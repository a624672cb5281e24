/* The registry: every study and its implementations (ARCHITECTURE.md "The harness"). */
#include "harness/registry.h"

#include <string.h>

#include "cxb/cuda.h"

const char *const cxb_backend_names[3] = {"seq", "pthreads", "cuda"};

extern const cxb_study cxb_study_prng; /* suites/prng.c */
extern const cxb_study cxb_study_graphgen; /* suites/graphgen.c */
extern const cxb_study cxb_study_malloc;   /* suites/malloc.c */

static const cxb_study *const all_studies[] = {&cxb_study_prng, &cxb_study_graphgen, &cxb_study_malloc};

const cxb_study *const *cxb_studies(size_t *count)
{
    *count = sizeof all_studies / sizeof all_studies[0];
    return all_studies;
}

const cxb_study *cxb_study_find(const char *name)
{
    size_t n;
    const cxb_study *const *s = cxb_studies(&n);
    for (size_t i = 0; i < n; ++i)
        if (strcmp(s[i]->name, name) == 0)
            return s[i];
    return NULL;
}

const cxb_impl *cxb_impl_find(const char *id, const cxb_study **study)
{
    size_t n;
    const cxb_study *const *s = cxb_studies(&n);
    for (size_t i = 0; i < n; ++i)
        for (size_t j = 0; j < s[i]->nimpls; ++j)
            if (strcmp(s[i]->impls[j].id, id) == 0) {
                if (study)
                    *study = s[i];
                return &s[i]->impls[j];
            }
    return NULL;
}

int cxb_impl_available(const cxb_impl *impl, const char **why)
{
    if (!(impl->flags & CXB_IMPL_NEEDS_GPU))
        return 1;
    const char *reason = NULL;
    if (cxb_cuda_device_count(&reason) > 0)
        return 1;
    if (why)
        *why = reason ? reason : "no GPU";
    return 0;
}
