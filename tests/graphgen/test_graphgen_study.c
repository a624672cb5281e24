/* graphgen_study: the study's declaration (suites/graphgen/study.c) is consistent - every preset
 * (ci, quick, paper and each figure key) names registered graphgen implementations, each
 * point's parameters are accepted by the implementation's setup (checked on the seq and
 * CUDA descriptors, whose setup only validates), each figure key has a paper sweep and a
 * figure, the fitted series carry Table 5.1's exponents, and Table 5.1's published file
 * has all 32 cells. Known answers: docs/studies/graphgen.md (keys, grids) and 6.3 (Table 5.1). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cxb/config.h"
#include "harness/csv.h"
#include "harness/registry.h"

static void check_sweeps(const cxb_study *st, const char *preset)
{
    size_t n = 0;
    const cxb_sweep *sw = cxb_study_sweeps(st, preset, &n);
    CHECK_MSG(sw && n > 0, "preset %s has no sweeps", preset);
    for (size_t i = 0; sw && i < n; ++i) {
        char impls[512];
        snprintf(impls, sizeof impls, "%s", sw[i].impls);
        for (char *id = strtok(impls, ","); id; id = strtok(NULL, ",")) {
            const cxb_study *owner = NULL;
            const cxb_impl *im = cxb_impl_find(id, &owner);
            if (!im && cxb_impl_not_built(id))
                continue; /* a CUDA row in a build without CUDA */
            CHECK_MSG(im && owner == st, "%s: %s is not a graphgen implementation", preset, id);
            if (!im || im->backend == CXB_BACKEND_PTHREADS)
                continue;
            char vals[512];
            snprintf(vals, sizeof vals, "%s", sw[i].values);
            char *save = NULL;
            for (char *v = strtok_r(vals, ",", &save); v; v = strtok_r(NULL, ",", &save)) {
                cxb_params p;
                cxb_params_init(&p);
                char fixed[512];
                snprintf(fixed, sizeof fixed, "%s", sw[i].fixed);
                char *s2 = NULL;
                for (char *kv = strtok_r(fixed, ";", &s2); kv; kv = strtok_r(NULL, ";", &s2))
                    CHECK(cxb_params_set_kv(&p, kv) == CXB_OK);
                CHECK(cxb_params_set(&p, sw[i].x_param, v) == CXB_OK);
                cxb_env env = {.pool = NULL, .threads = 1};
                void *ctx = NULL;
                cxb_status rc = im->setup(&p, &env, &ctx);
                CHECK_MSG(rc == CXB_OK, "%s %s %s=%s: %s", preset, id, sw[i].x_param, v, cxb_last_error());
                if (rc == CXB_OK)
                    im->teardown(ctx);
            }
        }
    }
}

int main(void)
{
    const cxb_study *st = cxb_study_find("graphgen");
    CHECK(st != NULL);
    if (!st)
        CHECK_DONE();
    /* 12 CPU rows; with CUDA also the 14 of impl_cuda/graphgen/rows.c (4 of them cudacsr) */
    CHECK(st->nimpls == (CXB_HAVE_CUDA ? 26u : 12u) && !strcmp(st->reference_impl, "graphgen.alpha.seq"));
    const char *presets[] = {"ci", "quick", "paper", "leist.fig5.2", "leist.fig5.3-4", "leist.fig5.5",
                             "leist.fig5.6", "leist.fig5.7", "leist.fig5.8", "leist.fig5.9"};
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; ++i)
        check_sweeps(st, presets[i]);
    size_t n = 0;
    CHECK(cxb_study_sweeps(st, "leist.fig5.7", &n) && n == 3);     /* three (n, k) pairs */
    CHECK(cxb_study_sweeps(st, "leist.fig5.3-4", &n) && n == 3);   /* k = 20, 40, 100 */
    CHECK(cxb_study_sweeps(st, "nope", &n) == NULL && n == 0);
    /* every figure key of a paper sweep has a figure */
    const cxb_sweep *paper = cxb_study_sweeps(st, "paper", &n);
    for (size_t i = 0; i < n; ++i) {
        int found = 0;
        for (size_t f = 0; f < st->nfigures; ++f)
            found |= !strcmp(st->figures[f].id, paper[i].name);
        CHECK_MSG(found, "no figure for %s", paper[i].name);
    }
    /* Table 5.1 slopes (docs/studies/graphgen.md) */
    struct { const char *impl, *x; double b; } t51[] = {
        {"graphgen.alpha.seq", "n", 2.02}, {"graphgen.alpha.cuda2", "k", 1.70},
        {"graphgen.ba.cuda1", "n", 1.99}, {"graphgen.ba.seq", "m", 0.07}};
    for (size_t i = 0; i < 4; ++i) {
        int found = 0;
        for (size_t s = 0; s < st->nseries; ++s)
            found |= !strcmp(st->series[s].impl_prefix, t51[i].impl) && !strcmp(st->series[s].x_param, t51[i].x) &&
                     st->series[s].expected == t51[i].b;
        CHECK_MSG(found, "series %s along %s", t51[i].impl, t51[i].x);
    }
    cxb_csv csv;
    CHECK(cxb_csv_read(CXB_SOURCE_DIR "/results/paper/leist2011_table5.1.csv", &csv) == CXB_OK);
    CHECK(csv.nrows == 32);
    cxb_csv_free(&csv);
    CHECK_DONE();
}
