/* suites/prng/bulk.h - the prng study's bulk implementations of every generator of
 * CXB_RNG_LIST: prng.<g>.seq, prng.<g>.pthreads, prng.<g>.cuda (docs/studies/prng.md), declared
 * and registered by the X-macro: a generator added to the list gets its rows here.
 * suites/prng/study.c puts CXB_PRNG_BULK_IMPLS (seq, pthreads) in its implementation table;
 * impl_cuda/prng/rows.c registers prng.<g>.cuda with CXB_PRNG_BULK_ROW. */
#ifndef CXB_SUITES_PRNG_BULK_H
#define CXB_SUITES_PRNG_BULK_H

#include "cxb/rng/all.h"
#include "harness/registry.h"

#define CXB_PRNG_BULK_DECL(name, g, kind, streams, chunk)                                          \
    cxb_status cxb_prng_bulk_setup_##g##_seq(const cxb_params *p, const cxb_env *env, void **ctx); \
    cxb_status cxb_prng_bulk_setup_##g##_pthreads(const cxb_params *p, const cxb_env *env, void **ctx);
CXB_RNG_LIST(CXB_PRNG_BULK_DECL)
#undef CXB_PRNG_BULK_DECL

cxb_status cxb_prng_bulk_reset(void *ctx);
cxb_status cxb_prng_bulk_run(void *ctx, cxb_phases *ph);
cxb_status cxb_prng_bulk_verify(void *ctx);
uint64_t cxb_prng_bulk_checksum(void *ctx);
void cxb_prng_bulk_extra(void *ctx, char *buf, size_t size);
void cxb_prng_bulk_teardown(void *ctx);

#define CXB_PRNG_BULK_ROW(name, g, v, bk, flags_, summary_)                                        \
    {.id = "prng." name "." #v, .backend = bk, .flags = flags_, .summary = summary_,                 \
     .setup = cxb_prng_bulk_setup_##g##_##v, .reset = cxb_prng_bulk_reset, .run = cxb_prng_bulk_run,  \
     .verify = cxb_prng_bulk_verify, .checksum = cxb_prng_bulk_checksum, .extra = cxb_prng_bulk_extra, \
     .teardown = cxb_prng_bulk_teardown},
#define CXB_PRNG_BULK_IMPL(name, g, kind, streams, chunk)                                          \
    CXB_PRNG_BULK_ROW(name, g, seq, CXB_BACKEND_SEQ, 0,                                          \
                      "bulk " name ": S streams in chunks of C, tiles of streams x rounds; the reference") \
    CXB_PRNG_BULK_ROW(name, g, pthreads, CXB_BACKEND_PTHREADS, 0,                                \
                      "bulk " name ": the same tiles taken by the pool (output independent of threads)")
/* the CPU rows of every generator, in list order: seq, pthreads */
#define CXB_PRNG_BULK_IMPLS CXB_RNG_LIST(CXB_PRNG_BULK_IMPL)

/* ---- sweeps, fits, figures (docs/studies/prng.md Figure R3; 8.3 G3a) ----
 * Rows of the bulk sweeps carry type=u32 (the figures of rate against n select it) and the
 * thread sweep conv=cxb (its figure selects that): both are the defaults, so the numbers
 * are the same; the markers only keep the two kinds of rows apart in the figures. */
#define CXB_PRNG_BULK_FIXED "seed=1234;type=u32"

/* the preset `gens` (Figure R3 for every generator, cuRAND beside it, and rate against threads) */
/* The gens preset: every generator on every backend, cuRAND beside them (Figure R3). */
extern const cxb_sweep cxb_prng_bulk_sweeps_gens[];

/* rows for the quick preset (make bench: the host rows 2^18 ... 2^23 in steps of 2, six points to
 * fit in about a minute on 2 cores, suites/prng/study.c) and the ci preset (make bench-ci) */
#define CXB_PRNG_BULK_QUICK_ROW(name, g, kind, streams, chunk)                                     \
    {"count", "prng." name ".seq,prng." name ".pthreads", CXB_PRNG_BULK_FIXED, "n",                \
     "262144,524288,1048576,2097152,4194304,8388608"},                                            \
    {"count-gpu", "prng." name ".cuda", CXB_PRNG_BULK_FIXED, "n",                                  \
     "1048576,4194304,16777216,67108864,268435456,536870912,1073741824"},
#define CXB_PRNG_BULK_QUICK CXB_RNG_LIST(CXB_PRNG_BULK_QUICK_ROW)
#define CXB_PRNG_BULK_CI_ROW(name, g, kind, streams, chunk)                                        \
    {"count", "prng." name ".seq,prng." name ".pthreads", CXB_PRNG_BULK_FIXED, "n", "4096,65536,1048576"}, \
    {"count-gpu", "prng." name ".cuda", CXB_PRNG_BULK_FIXED, "n", "65536,1048576"},
#define CXB_PRNG_BULK_CI CXB_RNG_LIST(CXB_PRNG_BULK_CI_ROW)

/* G3a: slope 1.00 +- 0.05, one series per row of each generator. The host rows (seq, pthreads)
 * over n >= 2^18, where the pool's dispatch no longer dominates a pthreads sample: every point
 * of the quick preset's 2^18 ... 2^23, so that a machine without a GPU, however noisy, fits six
 * points (the automatic rules, docs/method.md Fit, left three or fewer of a loaded 2-core
 * machine's); a cache step inside the range shows as a steeper slope. The GPU rows (cuda,
 * curand) over n >= 2^24, below which launch latency flattens them. */
#define CXB_PRNG_BULK_SERIES_ROW(name, g, kind, streams, chunk)                                    \
    {"prng." name ".seq", "n", 1.0, 0.05, 262144.0, 0, NULL},                                      \
    {"prng." name ".pthreads", "n", 1.0, 0.05, 262144.0, 0, NULL},                                 \
    {"prng." name ".", "n", 1.0, 0.05, 16777216.0, 0, NULL},
#define CXB_PRNG_BULK_SERIES CXB_RNG_LIST(CXB_PRNG_BULK_SERIES_ROW)

/* Figure R3 (b) per generator: ours on every backend and cuRAND's rows, G numbers/s against n
 * (log-log, fitted slopes in the key); and pthreads throughput against threads */
#define CXB_PRNG_BULK_FIGURE_ROW(name, g, kind, streams, chunk)                                    \
    {"gens-" name "-rate-vs-n", name ": numbers/s against n, {backends}",                          \
     "prng/rate_vs_x.gp", "n", "rate", "impl=prng." name ".*;type=u32", NULL},                    \
    {"gens-" name "-rate-vs-threads", name ": numbers/s against threads (pthreads, 2^24 numbers)", \
     "prng/rate_vs_x.gp", "threads", "rate", "impl=prng." name ".pthreads;conv=cxb", NULL},
#define CXB_PRNG_BULK_FIGURES CXB_RNG_LIST(CXB_PRNG_BULK_FIGURE_ROW)

#endif
