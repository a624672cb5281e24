/* tests/harness/test_bench_presets.c - what make bench runs (docs/cli.md, bench), checked over
 * the registry: every study with rows has the presets quick, ci and paper; and on a machine
 * without a GPU the quick preset gives every fitted series of a host row (seq, pthreads) at
 * least the 4 points a fit needs (docs/method.md, Fit) inside the series' declared range and
 * after its declared exclusions, so that `make bench` prints slopes, not too_few_points. The
 * automatic rules (floor, local slopes) act on measured times and are not predicted here. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cxb/core/params.h"
#include "harness/fit.h"
#include "harness/registry.h"

/* The series spec the harness fits an implementation's points along x with: the first that
 * matches its id (harness/table.c: a later spec of the same x is shadowed). */
static const cxb_series_spec *series_of(const cxb_study *s, const char *impl, const char *x)
{
    for (size_t i = 0; i < s->nseries; ++i) {
        const cxb_series_spec *sp = &s->series[i];
        const char *pre = sp->impl_prefix ? sp->impl_prefix : "";
        if (sp->x_param && !strcmp(sp->x_param, x) && !strncmp(impl, pre, strlen(pre)))
            return sp;
    }
    return NULL;
}

/* The values of a sweep inside the spec's range, less its exclusions; -1 for a thread ladder. */
static long fitted_points(const cxb_sweep *sw, const cxb_series_spec *sp)
{
    long n = 0;
    for (const char *p = sw->values; p && *p;) {
        const char *e = strchr(p, ',');
        char *end;
        double v = strtod(p, &end);
        if (end == p || (*end && *end != ','))
            return -1;
        int declared = sp->range_lo > 0 || sp->range_hi > 0;
        if (!declared || (v >= sp->range_lo && (sp->range_hi <= 0 || v <= sp->range_hi)))
            ++n;
        p = e ? e + 1 : NULL;
    }
    size_t first = 0, last = 0;
    if (cxb_fit_parse_exclude(sp->exclude, &first, &last) == CXB_OK)
        n -= (long)(first + last);
    return n;
}

int main(void)
{
    size_t ns, studies_with_quick = 0, host_series = 0;
    const cxb_study *const *studies = cxb_studies(&ns);
    for (size_t i = 0; i < ns; ++i) {
        const cxb_study *s = studies[i];
        if (s->nimpls == 0)
            continue; /* a layer without rows (graph): nothing for make bench to run */
        size_t nsw;
        static const char *const need[] = {"quick", "ci", "paper"};
        for (size_t k = 0; k < 3; ++k)
            CHECK_MSG(cxb_study_sweeps(s, need[k], &nsw) != NULL, "%s has no preset %s", s->name, need[k]);
        const cxb_sweep *sw = cxb_study_sweeps(s, "quick", &nsw);
        if (!sw)
            continue;
        ++studies_with_quick;
        for (size_t w = 0; w < nsw; ++w)
            for (size_t j = 0; j < s->nimpls; ++j) {
                const cxb_impl *im = &s->impls[j];
                if ((im->flags & CXB_IMPL_NEEDS_GPU) || !cxb_list_has(sw[w].impls, im->id))
                    continue;
                const cxb_series_spec *sp = series_of(s, im->id, sw[w].x_param);
                if (!sp)
                    continue; /* a sweep no series fits (Leist Fig. 4.1's tasks, Table 4.1's r) */
                long k = fitted_points(&sw[w], sp);
                if (k < 0)
                    continue;
                ++host_series;
                CHECK_MSG(k >= 4, "%s quick, sweep %s: %s along %s has %ld points to fit (a fit needs 4)",
                          s->name, sw[w].name, im->id, sw[w].x_param, k);
            }
    }
    CHECK(studies_with_quick >= 3); /* prng, graphgen, malloc */
    CHECK(host_series >= 20);
    CHECK_DONE();
}
