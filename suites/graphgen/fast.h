/* suites/graphgen/fast.h - the fast generators of docs/studies/graphgen.md (bacopy, gnm, wsfast,
 * rmat) as variants of the graphgen study, defined in suites/graphgen/fast.c. The study's
 * tables live in suites/graphgen/study.c; these macros append the fast rows to them, so that
 * one study (`cxbench run graphgen`) holds the faithful and the fast generators. */
#ifndef CXB_SUITES_GRAPHGEN_FAST_H
#define CXB_SUITES_GRAPHGEN_FAST_H

#include <stddef.h>
#include <stdint.h>

#include "harness/registry.h"

#define CXB_GGF_DECL(model, backend)                                                          \
    cxb_status cxb_ggf_setup_##model##_##backend(const cxb_params *p, const cxb_env *env, void **ctx);
#define CXB_GGF_DECL2(model) CXB_GGF_DECL(model, seq) CXB_GGF_DECL(model, pthreads)
CXB_GGF_DECL2(bacopy)
CXB_GGF_DECL2(gnm)
CXB_GGF_DECL2(wsfast)
CXB_GGF_DECL2(rmat)
#undef CXB_GGF_DECL2
#undef CXB_GGF_DECL

cxb_status cxb_ggf_reset(void *ctx);
cxb_status cxb_ggf_run(void *ctx, cxb_phases *ph);
cxb_status cxb_ggf_verify(void *ctx);
uint64_t cxb_ggf_checksum(void *ctx);
void cxb_ggf_extra(void *ctx, char *buf, size_t size);
void cxb_ggf_teardown(void *ctx);

/* The graphgen study's work callback: tuples for a fast row, n for the others. */
uint64_t cxb_graphgen_work(const cxb_impl *impl, const cxb_params *params);

/* Sweeps of the presets "fast" (alias "modern") and "fast-threads" (NULL for any other). */
/* The fast and fast-threads presets of the graphgen study. */
extern const cxb_sweep cxb_graphgen_fast_sweeps_gen[];
extern const cxb_sweep cxb_graphgen_fast_sweeps_threads[];

/* The --set keys of the fast rows, which the faithful rows accept and ignore. */
#define CXB_GGF_KEYS "tuples", "d", "p", "scale", "ef", "block", "grid"

#define CXB_GGF_IMPL(model, var, be, flags_, summary_)                                        \
    {.id = "graphgen." #model "." #var, .backend = be, .flags = flags_, .summary = summary_,     \
     .setup = cxb_ggf_setup_##model##_##var, .reset = cxb_ggf_reset, .run = cxb_ggf_run,         \
     .verify = cxb_ggf_verify, .checksum = cxb_ggf_checksum, .extra = cxb_ggf_extra,                 \
     .teardown = cxb_ggf_teardown}
#define CXB_GGF_GPU (CXB_IMPL_NEEDS_GPU | CXB_TIMING_SYNC)
#define CXB_GGF_IMPL2(model, what)                                                               \
    CXB_GGF_IMPL(model, seq, CXB_BACKEND_SEQ, 0, what "; the reference"),                         \
    CXB_GGF_IMPL(model, pthreads, CXB_BACKEND_PTHREADS, 0, what " on the pool, = seq")

/* The fast generators (docs/studies/graphgen.md), used once per backend: X(model, what). */
#define CXB_GGF_MODELS(X)                                                                         \
    X(bacopy, "fast BA: Sanders-Schulz hashed copy model, one edge per row")                       \
    X(gnm, "fast G(n,m): keyed rounds + sort/dedup")                                               \
    X(wsfast, "fast small world: independent rewiring per lattice edge")                           \
    X(rmat, "fast R-MAT/Kronecker, Graph500 initiator, one tuple per row")

/* The CPU rows of the graphgen implementation table (docs/studies/graphgen.md); the cuda rows are
 * registered by impl_cuda/graphgen/rows.c. */
#define CXB_GGF_IMPL2_(model, what) CXB_GGF_IMPL2(model, what),
#define CXB_GRAPHGEN_FAST_IMPLS CXB_GGF_MODELS(CXB_GGF_IMPL2_)

/* "generate -> CSR" on the GPU (docs/studies/graph.md "Graphs on the GPU"): the variant cudacsr of
 * each fast model, registered by impl_cuda/graphgen/rows.c; in the presets beside the tuple rows */
#define GGF_CUDACSR_ALL \
    "graphgen.bacopy.cudacsr,graphgen.gnm.cudacsr,graphgen.wsfast.cudacsr,graphgen.rmat.cudacsr"

#define CXB_GGF_CPU(m) "graphgen." #m ".seq,graphgen." #m ".pthreads"
#define CXB_GGF_CPU_ALL CXB_GGF_CPU(bacopy) "," CXB_GGF_CPU(gnm) "," CXB_GGF_CPU(wsfast) "," CXB_GGF_CPU(rmat)

/* preset ci (2 cores, no GPU): CPU rows, 2^13 ... 2^20 tuples (four points, two decades, for a fit) */
#define CXB_GRAPHGEN_FAST_SWEEPS_CI \
    {"fast.gen", CXB_GGF_CPU_ALL, "d=16;p=0.1;seed=1", "tuples", "8192,32768,131072,1048576"}

/* preset quick (make bench): a short version of preset fast; the host rows 2^14 ... 2^20 tuples,
 * four points for a fit (docs/method.md, Fit) in seconds on 2 cores */
#define CXB_GRAPHGEN_FAST_SWEEPS_QUICK                                                              \
    {"fast.gen", "graphgen.bacopy.cuda,graphgen.gnm.cuda,graphgen.wsfast.cuda,graphgen.rmat.cuda," \
                 GGF_CUDACSR_ALL,                                                                  \
     "d=16;p=0.1;seed=1", "tuples", "1048576,4194304,16777216"},                                  \
    {"fast.gen", CXB_GGF_CPU_ALL, "d=16;p=0.1;seed=1", "tuples", "16384,65536,262144,1048576"}

/* Generation is linear in the tuples (docs/studies/graphgen.md); GPU rows are fitted from 2^24
 * up, below which launch latency flattens them. */
#define CXB_GRAPHGEN_FAST_SERIES                                                                  \
    {"graphgen.bacopy.seq", "tuples", 1.0, 0.2, 1, 0, NULL},                                      \
    {"graphgen.bacopy.pthreads", "tuples", 1.0, 0.3, 1, 0, NULL},                                 \
    {"graphgen.bacopy.cuda", "tuples", 1.0, 0.3, 16777216, 0, NULL},                              \
    {"graphgen.gnm.seq", "tuples", 1.0, 0.3, 1, 0, NULL},                                         \
    {"graphgen.gnm.pthreads", "tuples", 1.0, 0.3, 1, 0, NULL},                                    \
    {"graphgen.gnm.cuda", "tuples", 1.0, 0.3, 16777216, 0, NULL},                                 \
    {"graphgen.wsfast.seq", "tuples", 1.0, 0.2, 1, 0, NULL},                                      \
    {"graphgen.wsfast.pthreads", "tuples", 1.0, 0.3, 1, 0, NULL},                                 \
    {"graphgen.wsfast.cuda", "tuples", 1.0, 0.3, 16777216, 0, NULL},                              \
    {"graphgen.rmat.seq", "tuples", 1.0, 0.2, 1, 0, NULL},                                        \
    {"graphgen.rmat.pthreads", "tuples", 1.0, 0.3, 1, 0, NULL},                                   \
    {"graphgen.rmat.cuda", "tuples", 1.0, 0.3, 16777216, 0, NULL}

/* Figures: G edges/s against the tuples (presets ci, quick, fast) and against the threads
 * (fast-threads); d=16 selects the fast rows (the faithful rows have no d). */
#define CXB_GRAPHGEN_FAST_FIGURES                                                                 \
    {"fast.gen", "Fast generators: G edges/s (tuples of the gen phase) against the tuples",      \
     "graphgen/rate_vs_tuples.gp", "tuples", "rate", "d=16", NULL},                              \
    {"fast.threads", "Fast generators, pthreads: G edges/s against the threads at 2^24 tuples",  \
     "graphgen/rate_vs_tuples.gp", "threads", "rate", "d=16;tuples=16777216", NULL}

#endif
