/* suites/prng/repro.c - Figure R1 of the prng study: reproducibility across
 * decompositions (docs/studies/prng.md, Passerat-Palmbach requirement 4 of thesis 3.3; the
 * ThreadLocalRandom lesson of ch. 4.3-4.4).
 *
 * Every row is a generator x technique of CXB_DIST_LIST, plus one per-worker row per
 * generator (its first per-task technique bound to the worker index instead of the task:
 * the pitfall, on purpose). Every column is a decomposition: seq, pthreads with P workers
 * (static schedule: a changed P is the only change), CUDA blocks x threads. A cell is the
 * fraction of the M logical tasks whose first K outputs equal the seq run of the same row.
 * Expected (docs/studies/prng.md): 100% for split, spacing, param, counter in every column; leap
 * frog, per-worker streams and the central server 100% only with one worker and below it
 * otherwise, except the central server on pthreads, whose order depends on the schedule
 * (nothing promised, "any"). Deviation from 6.4: the lf24 per-task/per-worker series uses
 * the CXB_RNG_LIST generators instead (lf24 has its own stream API, cxb/prng/lf24.h).
 * Parameterisation by DC sets has as many streams as sets: the MTGP32 param rows run on
 * min(M, 200) tasks, the TinyMT32 ones on min(M, sets of the --dc file) (the cell's tasks
 * column says how many); without a DC file the TinyMT32 param rows are n/a, the reason in
 * the note.
 */
#include "suites/prng/repro.h"

#include <stdlib.h>
#include <string.h>

#include "cxb/core/cuda.h"
#include "harness/atomic.h"
#include "harness/csv.h"

const char *const cxb_repro_expect_names[3] = {"100%", "<100%", "any"};

static const unsigned default_pthreads[] = {1, 2, 4, 8, 16};
static const unsigned default_shapes[][2] = {{1, 32}, {3, 96}, {4, 128}, {132, 256}, {1056, 256}, {1000, 100}};

void cxb_repro_opts_init(cxb_repro_opts *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 20130906u;
    o->tasks = 1000;
    o->k = 1024;
    o->pthreads = default_pthreads;
    o->npthreads = sizeof default_pthreads / sizeof default_pthreads[0];
    o->shapes = default_shapes;
    o->nshapes = sizeof default_shapes / sizeof default_shapes[0];
    o->cuda = 1;
}

typedef struct row_def {
    const cxb_dist_desc *d;
    cxb_dist_tech tech;
    int per_worker;
} row_def;

static size_t rows_of(row_def *rows, size_t cap)
{
    size_t nd, n = 0;
    const cxb_dist_desc *d = cxb_dist_descs(&nd);
    for (size_t g = 0; g < nd; ++g) {
        int first_task = -1;
        for (int t = 0; t < CXB_DIST_NTECH; ++t)
            if (d[g].techs & CXB_DIST_BIT(t)) {
                if (n < cap)
                    rows[n] = (row_def){&d[g], (cxb_dist_tech)t, 0};
                ++n;
                if (first_task < 0 && cxb_dist_per_task((cxb_dist_tech)t))
                    first_task = t;
            }
        if (first_task >= 0) {
            if (n < cap)
                rows[n] = (row_def){&d[g], (cxb_dist_tech)first_task, 1};
            ++n;
        }
    }
    return n;
}

static cxb_repro_expect expect_of(const row_def *r, const char *backend, unsigned workers)
{
    if (cxb_dist_per_task(r->tech) && !r->per_worker)
        return CXB_REPRO_ALL;
    if (workers == 1)
        return CXB_REPRO_ALL;
    if (r->tech == CXB_DIST_CENTRAL && strcmp(backend, "pthreads") == 0)
        return CXB_REPRO_ANY;
    return CXB_REPRO_NOT_ALL;
}

cxb_status cxb_repro_matrix(const cxb_repro_opts *o, cxb_repro_cell **cells_out, size_t *n_out, size_t *failed)
{
    *cells_out = NULL;
    *n_out = 0;
    *failed = 0;
    if (o->k == 0)
        return cxb_fail(CXB_EINPUT, "prng-repro: --k 0: each stream needs at least one output");
    row_def rows[64];
    size_t nrows = rows_of(rows, 64);
    if (nrows > 64)
        return cxb_fail(CXB_EINPUT, "prng-repro: %zu rows, at most 64", nrows);
    const char *why = NULL;
    int gpu = o->cuda && cxb_cuda_device_count(&why) > 0;
    size_t ncols = 1 + o->npthreads + (gpu ? o->nshapes : 0);
    if (o->tasks > ((uint64_t)1 << 40) / o->k)
        return cxb_fail(CXB_EINPUT, "prng-repro: --tasks %llu x --k %llu is too many outputs",
                        (unsigned long long)o->tasks, (unsigned long long)o->k);
    size_t nout = (size_t)(o->tasks * o->k);
    cxb_repro_cell *cells = calloc(nrows * ncols, sizeof *cells);
    uint32_t *ref = malloc((nout + 1) * sizeof *ref), *got = malloc((nout + 1) * sizeof *got);
    cxb_pool **pools = calloc(o->npthreads + 1, sizeof *pools);
    cxb_status st = CXB_OK;
    if (!cells || !ref || !got || !pools) {
        st = cxb_fail(CXB_ERESOURCE, "prng-repro: out of host memory for %zu outputs", nout);
        goto done;
    }
    for (size_t i = 0; i < o->npthreads; ++i)
        if ((st = cxb_pool_create(&pools[i], o->pthreads[i], CXB_BIND_NONE)) != CXB_OK)
            goto done;
    size_t c = 0;
    for (size_t r = 0; r < nrows; ++r) {
        cxb_dist_plan *plan;
        if ((st = cxb_dist_plan_create(&plan, rows[r].d->name, rows[r].tech, o->seed, 0)) != CXB_OK)
            goto done;
        /* the tinymt32 param row draws on the --dc sets; rows whose technique has fewer
         * streams than M (parameter sets) run on the first max_ids tasks */
        cxb_status rs = CXB_OK;
        if (plan->gen == CXB_DIST_GEN_tinymt32 && plan->tech == CXB_DIST_PARAM && o->ntinymt32_sets &&
            (rs = cxb_dist_plan_set_tinymt32(plan, o->tinymt32_sets, o->ntinymt32_sets)) != CXB_OK) {
            st = rs;
            cxb_dist_plan_destroy(plan);
            goto done;
        }
        uint64_t tasks = o->tasks;
        if (cxb_dist_per_task(plan->tech) && plan->max_ids && tasks > plan->max_ids)
            tasks = plan->max_ids;
        rs = cxb_dist_draw_seq(plan, tasks, o->k, rows[r].per_worker, ref);
        if (rs != CXB_OK && rs != CXB_EINPUT) {
            st = rs;
            cxb_dist_plan_destroy(plan);
            goto done;
        }
        for (size_t col = 0; col < ncols; ++col, ++c) {
            cxb_repro_cell *x = &cells[c];
            x->row = (unsigned)r;
            x->col = (unsigned)col;
            x->gen = rows[r].d->name;
            x->tech = rows[r].tech;
            x->per_worker = rows[r].per_worker;
            x->tasks = tasks;
            if (tasks < o->tasks)
                snprintf(x->note, sizeof x->note, "%llu tasks: %llu parameter sets", (unsigned long long)tasks,
                         (unsigned long long)plan->nparams);
            cxb_status cs;
            if (col == 0) {
                x->backend = "seq";
                x->workers = 1;
                snprintf(x->decomposition, sizeof x->decomposition, "seq");
                memcpy(got, ref, (size_t)(tasks * o->k) * sizeof *got);
                cs = rs; /* CXB_EINPUT: the reference itself is refused (tinymt32 param
                          * without --dc), and so is every other column */
            } else if (col <= o->npthreads) {
                x->backend = "pthreads";
                x->workers = o->pthreads[col - 1];
                snprintf(x->decomposition, sizeof x->decomposition, "P=%u", x->workers);
                cs = cxb_dist_draw_pthreads(pools[col - 1], CXB_SCHED_STATIC, plan, tasks, o->k,
                                            rows[r].per_worker, got);
            } else {
                x->backend = "cuda";
                x->blocks = o->shapes[col - 1 - o->npthreads][0];
                x->threads = o->shapes[col - 1 - o->npthreads][1];
                x->workers = x->blocks * x->threads;
                snprintf(x->decomposition, sizeof x->decomposition, "%ux%u", x->blocks, x->threads);
                cs = cxb_dist_draw_cuda(plan, x->blocks, x->threads, tasks, o->k, rows[r].per_worker, got);
            }
            x->expect = expect_of(&rows[r], x->backend, x->workers);
            if (cs == CXB_EINPUT) { /* a refusal is a result: e.g. the central server of a
                                     * stateful generator on CUDA, param without a DC file */
                x->skipped = 1;
                x->holds = 1;
                snprintf(x->note, sizeof x->note, "%s", cxb_last_error());
                continue;
            }
            if (cs != CXB_OK) {
                st = cs;
                cxb_dist_plan_destroy(plan);
                goto done;
            }
            uint64_t eq = 0;
            for (uint64_t id = 0; id < tasks; ++id)
                eq += memcmp(got + id * o->k, ref + id * o->k, o->k * sizeof *got) == 0;
            x->equal = eq;
            x->fraction = tasks ? (double)eq / (double)tasks : 1.0;
            x->holds = x->expect == CXB_REPRO_ANY || (x->expect == CXB_REPRO_ALL) == (eq == tasks);
            if (!x->holds)
                ++*failed;
        }
        cxb_dist_plan_destroy(plan);
    }
    *cells_out = cells;
    *n_out = c;
    cells = NULL;
done:
    if (pools)
        for (size_t i = 0; i < o->npthreads; ++i)
            if (pools[i])
                cxb_pool_destroy(pools[i]);
    free(pools);
    free(cells);
    free(ref);
    free(got);
    return st;
}

static const char *binding_of(const cxb_repro_cell *x)
{
    if (x->tech == CXB_DIST_CENTRAL)
        return "shared";
    return x->per_worker || x->tech == CXB_DIST_LEAPFROG ? "worker" : "task";
}

cxb_status cxb_repro_write_csv(const char *path, const cxb_repro_opts *o, const cxb_repro_cell *cells, size_t n)
{
    cxb_afile af;
    cxb_status st = cxb_afile_open(&af, path);
    if (st != CXB_OK)
        return st;
    fputs("row,col,label,generator,technique,binding,backend,decomposition,workers,blocks,threads,tasks,k,seed,"
          "equal,fraction,expected,holds,skipped,note\n",
          af.f);
    for (size_t i = 0; i < n; ++i) {
        const cxb_repro_cell *x = &cells[i];
        fprintf(af.f, "%u,%u,%s %s%s,%s,%s,%s,%s,%s,%u,%u,%u,%llu,%llu,%llu,%llu,%.6f,%s,%d,%d,", x->row, x->col,
                x->gen, cxb_dist_tech_names[x->tech], x->per_worker ? "/worker" : "", x->gen,
                cxb_dist_tech_names[x->tech], binding_of(x), x->backend, x->decomposition, x->workers, x->blocks,
                x->threads, (unsigned long long)x->tasks, (unsigned long long)o->k, (unsigned long long)o->seed,
                (unsigned long long)x->equal, x->skipped ? -1.0 : x->fraction, cxb_repro_expect_names[x->expect],
                x->holds, x->skipped);
        cxb_csv_put(af.f, x->note);
        fputc('\n', af.f);
    }
    return cxb_afile_commit(&af);
}

void cxb_repro_print(FILE *f, const cxb_repro_cell *cells, size_t n)
{
    unsigned row = (unsigned)-1;
    for (size_t i = 0; i < n; ++i) {
        const cxb_repro_cell *x = &cells[i];
        if (x->row != row) {
            if (row != (unsigned)-1)
                fputc('\n', f);
            if (x->row == 0) { /* header from the first row's columns */
                fprintf(f, "%-28s", "generator technique");
                for (size_t j = i; j < n && cells[j].row == 0; ++j)
                    fprintf(f, " %8s", cells[j].decomposition);
                fputc('\n', f);
            }
            char label[64], few[32] = "";
            if (x->tasks != cells[0].tasks) /* a row on fewer tasks (parameter sets) says so */
                snprintf(few, sizeof few, " [%llu tasks]", (unsigned long long)x->tasks);
            snprintf(label, sizeof label, "%s %s%s%s", x->gen, cxb_dist_tech_names[x->tech],
                     x->per_worker ? "/worker" : "", few);
            fprintf(f, "%-28s", label);
            row = x->row;
        }
        if (x->skipped)
            fprintf(f, " %8s", "n/a");
        else
            fprintf(f, " %7.1f%s", 100 * x->fraction, x->holds ? "%" : "!");
    }
    if (n)
        fputc('\n', f);
}
