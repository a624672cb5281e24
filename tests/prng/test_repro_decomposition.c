#define _POSIX_C_SOURCE 200809L /* mkstemp */
/* prng_repro_decomposition (docs/studies/prng.md): Figure R1 at small size, through the same
 * library path as `cxbench prng-repro` (suites/prng/repro.c): the four per-task
 * techniques 100% in every column; leap frog, per-worker streams and the central server
 * 100% with one worker, and leap frog and per-worker streams below 100% with more (the
 * negative controls must fail); the central server on pthreads is reported, not judged
 * (its order depends on the schedule); with a GPU, CUDA columns too, where it must be
 * below 100%. Plus the CSV's shape. M = 37 tasks divides none of the worker counts.
 * Parameterisation by DC sets: TinyMT32 on the fixture's 3 sets runs 3 tasks (and is n/a,
 * naming --dc, without them), MTGP32 on the toolkit's 200 runs all 37. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "dist_fixture.h"
#include "suites/prng/repro.h"

int main(void)
{
    static const unsigned P[] = {1, 2, 3, 8};
    static const unsigned shapes[][2] = {{1, 32}, {3, 96}, {4, 128}};
    cxb_repro_opts o;
    cxb_repro_opts_init(&o);
    CHECK(o.tasks == 1000 && o.k == 1024 && o.npthreads == 5 && o.nshapes == 6); /* docs/studies/prng.md */
    o.seed = 0x5eed0000u ^ (uint64_t)time(NULL);
    o.tasks = 37;
    o.k = 64;
    o.pthreads = P;
    o.npthreads = 4;
    o.shapes = shapes;
    o.nshapes = 3;
    /* TinyMT32's param rows on the fixture's 3 DC sets (3 tasks) */
    cxb_tinymt32_params *sets = NULL;
    CHECK(cxb_tinymt32_dc_read(dist_fixture_path(), &sets, &o.ntinymt32_sets) == CXB_OK && o.ntinymt32_sets == 3);
    o.tinymt32_sets = sets;
    cxb_repro_cell *c = NULL;
    size_t n = 0, failed = 0;
    CHECK(cxb_repro_matrix(&o, &c, &n, &failed) == CXB_OK);
    cxb_repro_print(stdout, c, n);
    CHECK_MSG(failed == 0, "%zu cells break their expectation", failed);
    size_t rows = 0, cols = 0, leap = 0, worker = 0, params = 0;
    for (size_t i = 0; i < n; ++i) {
        const cxb_repro_cell *x = &c[i];
        rows = x->row + 1 > rows ? x->row + 1 : rows;
        cols = x->col + 1 > cols ? x->col + 1 : cols; /* seq, the P columns, and CUDA's shapes on a GPU */
        if (x->skipped) {
            CHECK(!strcmp(x->backend, "cuda") && x->tech == CXB_DIST_CENTRAL);
            continue;
        }
        /* param by DC sets: as many tasks as sets */
        if (x->tech == CXB_DIST_PARAM && !strcmp(x->gen, "tinymt32"))
            CHECK_MSG(x->tasks == 3, "tinymt32 param: %llu tasks", (unsigned long long)x->tasks);
        else
            CHECK(x->tasks == o.tasks);
        params += x->tech == CXB_DIST_PARAM && (!strcmp(x->gen, "tinymt32") || !strcmp(x->gen, "mtgp32"));
        if (cxb_dist_per_task(x->tech) && !x->per_worker)
            CHECK_MSG(x->equal == x->tasks, "%s %s %s", x->gen, cxb_dist_tech_names[x->tech], x->decomposition);
        else if (x->workers == 1)
            CHECK_MSG(x->equal == x->tasks, "%s %s %s", x->gen, cxb_dist_tech_names[x->tech], x->decomposition);
        else if (x->tech != CXB_DIST_CENTRAL || !strcmp(x->backend, "cuda"))
            CHECK_MSG(x->equal < x->tasks, "%s %s %s: a negative control passed", x->gen,
                      cxb_dist_tech_names[x->tech], x->decomposition);
        leap += x->tech == CXB_DIST_LEAPFROG && x->workers > 1;
        worker += x->per_worker && x->workers > 1;
        CHECK(x->holds);
    }
    /* every generator x technique of CXB_DIST_LIST plus one per-worker row each */
    size_t nd, want = 0;
    const cxb_dist_desc *d = cxb_dist_descs(&nd);
    for (size_t g = 0; g < nd; ++g) {
        for (int t = 0; t < CXB_DIST_NTECH; ++t)
            want += (d[g].techs >> t) & 1u;
        ++want;
    }
    CHECK_MSG(rows == want, "%zu rows, want %zu", rows, want);
    CHECK(leap > 0 && worker > 0);
    /* the TinyMT32 (and with the toolkit, MTGP32) param rows ran in every column */
    CHECK_MSG(params == (1 + (size_t)CXB_HAVE_MTGP32) * cols, "%zu param cells, %zu columns", params, cols);

    char path[] = "/tmp/cxb_repro_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    CHECK(cxb_repro_write_csv(path, &o, c, n) == CXB_OK);
    FILE *f = fopen(path, "r");
    char line[512];
    size_t lines = 0;
    CHECK(f && fgets(line, sizeof line, f) && !strncmp(line, "row,col,label,generator,technique,binding", 41));
    while (f && fgets(line, sizeof line, f))
        ++lines;
    CHECK(lines == n);
    if (f)
        fclose(f);
    remove(path);
    free(c);
    /* without a DC file the TinyMT32 param row is n/a, the note naming --dc */
    o.tinymt32_sets = NULL;
    o.ntinymt32_sets = 0;
    o.tasks = 5;
    CHECK(cxb_repro_matrix(&o, &c, &n, &failed) == CXB_OK && failed == 0);
    size_t na = 0, cols5 = 0;
    for (size_t i = 0; i < n; ++i)
        cols5 = c[i].col + 1 > cols5 ? c[i].col + 1 : cols5;
    for (size_t i = 0; i < n; ++i)
        if (c[i].tech == CXB_DIST_PARAM && !strcmp(c[i].gen, "tinymt32")) {
            na += c[i].skipped && c[i].holds && strstr(c[i].note, "--dc");
            CHECK_MSG(c[i].skipped, "tinymt32 param ran without sets");
        }
    CHECK_MSG(na == cols5, "%zu n/a tinymt32 param cells, %zu columns", na, cols5);
    free(c);
    free(sets);
    o.k = 0;
    CHECK(cxb_repro_matrix(&o, &c, &n, &failed) == CXB_EINPUT && strstr(cxb_last_error(), "--k"));
    CHECK_DONE();
}
