/* suites/prng/repro.h - Figure R1, reproducibility across decompositions (docs/studies/prng.md;
 * Passerat-Palmbach requirement 4): for generator x technique x decomposition, the
 * fraction of logical streams whose first K outputs equal the sequential reference. */
#ifndef CXB_SUITES_PRNG_REPRO_H
#define CXB_SUITES_PRNG_REPRO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cxb/prng/dist.h"
#include "cxb/core/status.h"

typedef struct cxb_repro_opts {
    uint64_t seed, tasks, k;   /* defaults: 20130906, 1000 (divides no worker count), 1024 */
    const unsigned *pthreads;  /* worker counts; default 1, 2, 4, 8, 16 */
    size_t npthreads;
    const unsigned (*shapes)[2]; /* CUDA blocks x threads; default docs/studies/prng.md's six */
    size_t nshapes;
    int cuda;                  /* 0: CPU columns only; 1: CUDA columns when a GPU is there */
    const cxb_tinymt32_params *tinymt32_sets; /* --dc FILE's sets for the tinymt32 param row */
    size_t ntinymt32_sets;     /* 0: that row is n/a (no DC file) */
} cxb_repro_opts;

void cxb_repro_opts_init(cxb_repro_opts *o);

/* What the cell must show: every stream equal, not every stream equal, or either (the
 * central server on pthreads: the order depends on the schedule, so nothing is promised). */
typedef enum cxb_repro_expect { CXB_REPRO_ALL, CXB_REPRO_NOT_ALL, CXB_REPRO_ANY } cxb_repro_expect;

typedef struct cxb_repro_cell {
    unsigned row, col;
    const char *gen;
    cxb_dist_tech tech;
    int per_worker;            /* the ThreadLocalRandom row */
    const char *backend;       /* seq, pthreads, cuda */
    char decomposition[32];    /* "seq", "P=4", "132x256" */
    unsigned workers, blocks, threads;
    uint64_t tasks;            /* tasks of the row: M, or fewer where the technique has fewer
                                * streams (the parameter sets of MTGP32, TinyMT32) */
    uint64_t equal;            /* tasks equal to seq */
    double fraction;
    cxb_repro_expect expect;
    int holds;                 /* 1: the expectation holds; 0: it does not */
    int skipped;               /* 1: not run (CUDA refused the technique; no GPU) */
    char note[96];
} cxb_repro_cell;

/* Computes the matrix (rows: generator x technique of CXB_DIST_LIST, plus a per-worker row
 * per generator; columns: seq, pthreads, CUDA). *cells is malloc'ed; *failed counts cells
 * whose expectation does not hold. */
cxb_status cxb_repro_matrix(const cxb_repro_opts *o, cxb_repro_cell **cells, size_t *n, size_t *failed);

/* repro.csv, written atomically. */
cxb_status cxb_repro_write_csv(const char *path, const cxb_repro_opts *o, const cxb_repro_cell *cells,
                               size_t n);

/* A text table of fractions (rows x columns) for the terminal. */
void cxb_repro_print(FILE *f, const cxb_repro_cell *cells, size_t n);

extern const char *const cxb_repro_expect_names[3]; /* "100%", "<100%", "any" */

#endif
