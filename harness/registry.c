/* The registry: every study and its implementations (docs/architecture.md "The registry and
 * the descriptors", "How CUDA rows are registered"). */
#include "harness/registry.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/core/cuda.h"
#include "harness/backends.h"

const char *const cxb_backend_names[3] = {"seq", "pthreads", "cuda"};

/* The one registry line per study: its descriptor lives in suites/<study>/study.c. */
extern const cxb_study cxb_study_prng;
extern const cxb_study cxb_study_graph;
extern const cxb_study cxb_study_graphgen;
extern const cxb_study cxb_study_malloc;
extern const cxb_study cxb_study_components;
extern const cxb_study cxb_study_clustering;
extern const cxb_study cxb_study_frnn;
extern const cxb_study cxb_study_propagation;

static const cxb_study *const declared[] = {&cxb_study_prng, &cxb_study_graph, &cxb_study_graphgen,
                                            &cxb_study_malloc, &cxb_study_components,
                                            &cxb_study_clustering, &cxb_study_frnn, &cxb_study_propagation};
#define NSTUDIES (sizeof declared / sizeof declared[0])

/* Each study as registered: its CPU rows (the descriptor's impls), then the rows of the backend
 * tables this build has for it (harness/backends.c), assembled once. */
static cxb_study assembled[NSTUDIES];
static const cxb_study *all_studies[NSTUDIES];
static pthread_once_t assemble_once = PTHREAD_ONCE_INIT;

static void assemble(void)
{
    size_t ntables;
    const cxb_backend_rows *tables = cxb_backend_rows_list(&ntables);
    for (size_t i = 0; i < NSTUDIES; ++i) {
        assembled[i] = *declared[i];
        all_studies[i] = declared[i];
        size_t n = declared[i]->nimpls;
        for (size_t t = 0; t < ntables; ++t)
            if (!strcmp(tables[t].study, declared[i]->name))
                n += *tables[t].nimpls;
        cxb_impl *rows = n > declared[i]->nimpls ? malloc(n * sizeof *rows) : NULL;
        if (!rows)
            continue; /* no backend rows (or no memory for them): the CPU rows */
        memcpy(rows, declared[i]->impls, declared[i]->nimpls * sizeof *rows);
        n = declared[i]->nimpls;
        for (size_t t = 0; t < ntables; ++t)
            if (!strcmp(tables[t].study, declared[i]->name)) {
                memcpy(rows + n, tables[t].impls, *tables[t].nimpls * sizeof *rows);
                n += *tables[t].nimpls;
            }
        assembled[i].impls = rows;
        assembled[i].nimpls = n;
        all_studies[i] = &assembled[i];
    }
}

const cxb_study *const *cxb_studies(size_t *count)
{
    pthread_once(&assemble_once, assemble);
    *count = NSTUDIES;
    return all_studies;
}

static size_t sweeps_count(const cxb_sweep *sw)
{
    size_t n = 0;
    while (sw && sw[n].name)
        ++n;
    return n;
}

const cxb_sweep *cxb_study_sweeps(const cxb_study *study, const char *preset, size_t *count)
{
    *count = 0;
    for (size_t i = 0; i < study->npresets; ++i)
        if (strcmp(study->presets[i].name, preset) == 0) {
            *count = sweeps_count(study->presets[i].sweeps);
            return study->presets[i].sweeps;
        }
    for (size_t i = 0; i < study->npresets; ++i) {
        if (!(study->presets[i].flags & CXB_PRESET_BY_SWEEP))
            continue;
        const cxb_sweep *sw = study->presets[i].sweeps;
        size_t n = sweeps_count(sw), b = 0;
        while (b < n && strcmp(sw[b].name, preset))
            ++b;
        size_t e = b;
        while (e < n && !strcmp(sw[e].name, preset))
            ++e;
        if (e > b) {
            *count = e - b;
            return sw + b;
        }
    }
    return NULL;
}

void cxb_study_preset_names(const cxb_study *study, char *buf, size_t size)
{
    size_t len = 0;
    if (size)
        buf[0] = '\0';
    for (size_t i = 0; i < study->npresets && len < size; ++i)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? ", " : "", study->presets[i].name);
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

cxb_impl_name cxb_impl_parts(const cxb_impl *impl)
{
    cxb_impl_name n = {"", "", ""};
    const char *a = strchr(impl->id, '.'), *v = a ? strrchr(a + 1, '.') : NULL;
    if (!a || !v) { /* not study.algorithm.variant: the whole id as the algorithm */
        snprintf(n.algorithm, sizeof n.algorithm, "%s", impl->id);
        return n;
    }
    snprintf(n.study, sizeof n.study, "%.*s", (int)(a - impl->id), impl->id);
    snprintf(n.algorithm, sizeof n.algorithm, "%.*s", (int)(v - a - 1), a + 1);
    snprintf(n.variant, sizeof n.variant, "%s", v + 1);
    return n;
}

const char *cxb_impl_not_built(const char *id) { return cxb_backend_not_built(id); }

int cxb_impl_available(const cxb_impl *impl, const char **why)
{
    if (cxb_backend_not_built(impl->id)) return why ? (*why = cxb_backend_not_built(impl->id), 0) : 0; /* listed, not built (NCCL) */
    if (!(impl->flags & CXB_IMPL_NEEDS_GPU))
        return 1;
    const char *reason = NULL;
    if (cxb_cuda_device_count(&reason) > 0)
        return 1;
    if (why)
        *why = reason ? reason : "no GPU";
    return 0;
}
