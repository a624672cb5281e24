/* suites/graphgen/study.c - the faithful graph-generator study of Leist (2011), chapter 5
 * (docs/studies/graphgen.md): the Watts alpha-model and Leist's Barabasi-Albert
 * generator as graphgen.{alpha,ba}.{seq,pthreads,cuda1,cuda2}.
 *
 * Parameters (--set): alpha: n, k, alpha, seed, x (allocation multiple, 0 = auto),
 * heap_mb (cuda1), reduce (canonical only); ba: n, m, n0 (0 = 2m), seed, x, heap_mb;
 * threads (pthreads). Keys of the other model are accepted and ignored, so that one --set
 * applies to a whole graphgen run.
 *
 * Timed: gen (docs/studies/graphgen.md) - the generation into the implementation's native lists;
 * for CUDA the host-loop wall time to the synchronised device lists, recorded as the
 * kernel phase (the declared time of CUDA rows) with the gather as d2h. The CSR build
 * (csr_ns in extra) and the verification are outside it.
 *
 * Verification (docs/studies/graphgen.md): every variant is checked against the invariants (edge
 * count, sorted simple symmetric lists, degree >= floor(k/2) for alpha; degree >= m and
 * one component for BA); pthreads and CUDA must also equal the seq reference's
 * edgeset_hash exactly (computed once per point and kept).
 *
 * Sweeps are named by the figure keys of docs/studies/graphgen.md (leist.fig5.2 ... leist.fig5.9);
 * presets ci (2 cores, under a minute), quick (make bench: a GPU host in a few minutes, the
 * host rows in about a minute on 2 cores) and paper (the
 * thesis's grids: hours of CPU time at the largest points, docs/studies/graphgen.md); a figure
 * key as preset (--set preset=leist.fig5.5) runs that figure's paper sweep alone.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/graphgen/models.h"
#include "cxb/graphgen/cuda.h"
#include "cxb/core/pool.h"
#include "harness/registry.h"
#include "suites/graphgen/device.h"
#include "suites/graphgen/fast.h"
#include "suites/graphgen/tables.h"

typedef enum gg_model { GG_ALPHA, GG_BA } gg_model;

typedef struct gg_ctx {
    gg_model model;
    cxb_gg_variant v;
    cxb_alpha_params ap;
    cxb_ba_params bp;
    cxb_pool *pool;
    cxb_adjlists out;
    cxb_gg_cuda_stats cs;
    cxb_cuda_exec ex;            /* the harness's stream for the CUDA rows (cxb_env_exec) */
    const cxb_graphgen_dev *dev; /* the CUDA rows' device half (impl_cuda/graphgen/rows.c) */
    int have_ref;
    uint64_t ref_hash;
    int64_t csr_ns;
} gg_ctx;

static const char *const gg_keys[] = {"n", "k", "alpha", "m", "n0", "seed", "x", "heap_mb",
                                      "reduce", "threads", CXB_GGF_KEYS, NULL};
static const char *const reduce_names[] = {"canonical", NULL};

static cxb_status get_u32(const cxb_params *p, const char *key, uint64_t def, uint32_t *out)
{
    uint64_t v;
    cxb_status st = cxb_params_u64(p, key, def, &v);
    if (st == CXB_OK && v > 0xFFFFFFFFu)
        st = cxb_fail(CXB_EINPUT, "--set %s=%llu: too large", key, (unsigned long long)v);
    *out = (uint32_t)v;
    return st;
}

static cxb_status parse_params(const cxb_params *p, gg_ctx *c)
{
    cxb_status st = cxb_params_check_keys(p, gg_keys);
    int reduce;
    if (st == CXB_OK)
        st = cxb_params_choice(p, "reduce", reduce_names, 0, &reduce);
    if (st != CXB_OK)
        return st;
    if (c->model == GG_ALPHA) {
        cxb_alpha_params *a = &c->ap;
        if ((st = cxb_params_u64(p, "n", 1000, &a->n)) != CXB_OK || (st = get_u32(p, "k", 10, &a->k)) != CXB_OK ||
            (st = cxb_params_double(p, "alpha", 1.0, &a->alpha)) != CXB_OK ||
            (st = cxb_params_u64(p, "seed", 1, &a->seed)) != CXB_OK || (st = get_u32(p, "x", 0, &a->x)) != CXB_OK ||
            (st = cxb_params_u64(p, "heap_mb", 0, &a->heap_mb)) != CXB_OK)
            return st;
        return cxb_alpha_check(a);
    }
    cxb_ba_params *b = &c->bp;
    if ((st = cxb_params_u64(p, "n", 10000, &b->n)) != CXB_OK || (st = get_u32(p, "m", 10, &b->m)) != CXB_OK ||
        (st = cxb_params_u64(p, "n0", 0, &b->n0)) != CXB_OK || (st = cxb_params_u64(p, "seed", 1, &b->seed)) != CXB_OK ||
        (st = get_u32(p, "x", 0, &b->x)) != CXB_OK || (st = cxb_params_u64(p, "heap_mb", 0, &b->heap_mb)) != CXB_OK)
        return st;
    return cxb_ba_check(b);
}

void cxb_graphgen_teardown(void *vctx)
{
    gg_ctx *c = vctx;
    if (!c)
        return;
    cxb_adjlists_free(&c->out);
    free(c);
}

static cxb_status gg_setup(const cxb_params *p, const cxb_env *env, gg_model model, cxb_gg_variant v,
                           const cxb_graphgen_dev *dev, void **out)
{
    gg_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return cxb_fail(CXB_ERESOURCE, "graphgen: out of host memory");
    c->model = model;
    c->v = v;
    c->dev = dev;
    c->pool = env->pool;
    c->ex = cxb_env_exec(env);
    cxb_status st = parse_params(p, c);
    if (st == CXB_OK && v == CXB_GG_PTHREADS && !c->pool)
        st = cxb_fail(CXB_EINPUT, "graphgen: the pthreads variant needs the worker pool");
    if (st != CXB_OK) {
        free(c);
        return st;
    }
    *out = c;
    return CXB_OK;
}

cxb_status cxb_graphgen_reset(void *vctx)
{
    gg_ctx *c = vctx;
    cxb_adjlists_free(&c->out); /* the previous graph: untimed */
    return CXB_OK;
}

cxb_status cxb_graphgen_run(void *vctx, cxb_phases *ph)
{
    gg_ctx *c = vctx;
    cxb_adjlists_free(&c->out);
    if (c->v >= CXB_GG_CUDA1) {
        cxb_status st = c->model == GG_ALPHA ? c->dev->alpha(&c->ap, c->v, &c->out, &c->cs, &c->ex)
                                             : c->dev->ba(&c->bp, c->v, &c->out, &c->cs, &c->ex);
        if (st == CXB_OK) {
            ph->ns[CXB_PHASE_KERNEL] = c->cs.gen_ns;
            ph->ns[CXB_PHASE_D2H] = c->cs.d2h_ns;
        }
        return st;
    }
    if (c->model == GG_ALPHA)
        return c->v == CXB_GG_SEQ ? cxb_alpha_seq(&c->ap, &c->out) : cxb_alpha_pthreads(&c->ap, c->pool, &c->out);
    return c->v == CXB_GG_SEQ ? cxb_ba_seq(&c->bp, &c->out) : cxb_ba_pthreads(&c->bp, c->pool, &c->out);
}

/* Reference hashes by graph: the generator parameters without X and heap_mb, which do not
 * change the graph, so an X sweep or four implementations at one point compute the seq
 * reference once per process. The runner verifies points one after another. */
typedef struct ref_entry {
    int used;
    gg_model model;
    uint64_t n, deg, n0, seed;
    double alpha;
    uint64_t hash;
} ref_entry;
static ref_entry ref_cache[64];
static unsigned ref_next;

static ref_entry ref_key(const gg_ctx *c)
{
    ref_entry e;
    memset(&e, 0, sizeof e);
    e.used = 1;
    e.model = c->model;
    if (c->model == GG_ALPHA) {
        e.n = c->ap.n;
        e.deg = c->ap.k;
        e.seed = c->ap.seed;
        e.alpha = c->ap.alpha;
    } else {
        e.n = c->bp.n;
        e.deg = c->bp.m;
        e.n0 = c->bp.n0;
        e.seed = c->bp.seed;
    }
    return e;
}

static int ref_cache_get(const gg_ctx *c, uint64_t *hash)
{
    ref_entry k = ref_key(c);
    for (unsigned i = 0; i < 64; ++i) {
        const ref_entry *e = &ref_cache[i];
        if (e->used && e->model == k.model && e->n == k.n && e->deg == k.deg && e->n0 == k.n0 &&
            e->seed == k.seed && e->alpha == k.alpha) {
            *hash = e->hash;
            return 1;
        }
    }
    return 0;
}

static void ref_cache_put(const gg_ctx *c, uint64_t hash)
{
    ref_entry e = ref_key(c);
    e.hash = hash;
    ref_cache[ref_next++ % 64] = e;
}

cxb_status cxb_graphgen_verify(void *vctx)
{
    gg_ctx *c = vctx;
    cxb_csr g;
    int64_t t0 = cxb_clock_ns();
    cxb_status st = cxb_adjlists_to_csr(&c->out, &g);
    c->csr_ns = cxb_clock_ns() - t0;
    if (st != CXB_OK)
        return st;
    st = c->model == GG_ALPHA ? cxb_alpha_check_graph(&c->ap, &g) : cxb_ba_check_graph(&c->bp, &g);
    cxb_csr_free(&g);
    if (st != CXB_OK || c->v == CXB_GG_SEQ)
        return st;
    if (!c->have_ref && !ref_cache_get(c, &c->ref_hash)) { /* the reference, once per graph (docs/studies/graphgen.md) */
        cxb_adjlists ref;
        st = c->model == GG_ALPHA ? cxb_alpha_seq(&c->ap, &ref) : cxb_ba_seq(&c->bp, &ref);
        if (st != CXB_OK)
            return st;
        c->ref_hash = cxb_adjlists_hash(&ref);
        cxb_adjlists_free(&ref);
        ref_cache_put(c, c->ref_hash);
    }
    c->have_ref = 1;
    uint64_t h = cxb_adjlists_hash(&c->out);
    if (h != c->ref_hash)
        return cxb_fail(CXB_EFAIL, "edgeset_hash 0x%016llx != 0x%016llx of graphgen.%s.seq",
                        (unsigned long long)h, (unsigned long long)c->ref_hash, c->model == GG_ALPHA ? "alpha" : "ba");
    return CXB_OK;
}

uint64_t cxb_graphgen_checksum(void *vctx)
{
    return cxb_adjlists_hash(&((gg_ctx *)vctx)->out);
}

void cxb_graphgen_extra(void *vctx, char *buf, size_t size)
{
    gg_ctx *c = vctx;
    /* degrees: docs/studies/graphgen.md asks alpha's to stay narrowly around k (min, max, sd) */
    uint64_t edges = 0, dmin = UINT64_MAX, dmax = 0;
    double s2 = 0;
    for (uint64_t v = 0; v < c->out.n; ++v) {
        uint64_t d = c->out.deg[v];
        edges += d;
        s2 += (double)d * (double)d;
        dmin = d < dmin ? d : dmin;
        dmax = d > dmax ? d : dmax;
    }
    double mean = c->out.n ? (double)edges / (double)c->out.n : 0;
    double sd = c->out.n ? sqrt(s2 / (double)c->out.n - mean * mean > 0 ? s2 / (double)c->out.n - mean * mean : 0) : 0;
    if (!c->out.n)
        dmin = 0;
    edges /= 2;
    char deg[96];
    snprintf(deg, sizeof deg, "degree_max=%llu;degree_min=%llu;degree_sd=%.4g", (unsigned long long)dmax,
             (unsigned long long)dmin, sd);
    int gpu = c->v >= CXB_GG_CUDA1;
    uint32_t x = gpu ? c->cs.x : c->out.x;
    unsigned long long allocs = gpu ? c->cs.allocations : c->out.allocations,
                       frees = gpu ? c->cs.frees : c->out.frees;
    /* sorted by key (docs/method.md) */
    if (gpu)
        snprintf(buf, size,
                 "allocations=%llu;csr_ns=%lld;%s;device_bytes_peak=%llu;edges=%llu;frees=%llu;heap_mb=%llu;x=%u",
                 allocs, (long long)c->csr_ns, deg, (unsigned long long)c->cs.device_bytes_peak,
                 (unsigned long long)edges, frees, (unsigned long long)c->cs.heap_mb, x);
    else
        snprintf(buf, size, "allocations=%llu;csr_ns=%lld;%s;edges=%llu;frees=%llu;x=%u", allocs,
                 (long long)c->csr_ns, deg, (unsigned long long)edges, frees, x);
}

#define GG_SETUP(name, model, v)                                                        \
    static cxb_status name(const cxb_params *p, const cxb_env *env, void **ctx)        \
    {                                                                                   \
        return gg_setup(p, env, model, v, NULL, ctx);                                   \
    }
GG_SETUP(setup_alpha_seq, GG_ALPHA, CXB_GG_SEQ)
GG_SETUP(setup_alpha_pthreads, GG_ALPHA, CXB_GG_PTHREADS)
GG_SETUP(setup_ba_seq, GG_BA, CXB_GG_SEQ)
GG_SETUP(setup_ba_pthreads, GG_BA, CXB_GG_PTHREADS)

cxb_status cxb_graphgen_setup_dev(const cxb_params *p, const cxb_env *env, int ba, cxb_gg_variant v,
                                  const cxb_graphgen_dev *dev, void **ctx)
{
    return gg_setup(p, env, ba ? GG_BA : GG_ALPHA, v, dev, ctx);
}

#define GG_IMPL(id_, backend_, flags_, setup_, summary_)                                           \
    {.id = id_, .backend = backend_, .flags = flags_, .summary = summary_, .setup = setup_,        \
     .reset = cxb_graphgen_reset, .run = cxb_graphgen_run, .verify = cxb_graphgen_verify,          \
     .checksum = cxb_graphgen_checksum, .extra = cxb_graphgen_extra, .teardown = cxb_graphgen_teardown}

/* The CPU rows; the CUDA rows (graphgen.{alpha,ba}.{cuda1,cuda2,cudapool} and the fast
 * generators' graphgen.<model>.cuda) are in impl_cuda/graphgen/rows.c (docs/architecture.md
 * "How CUDA rows are registered"). */
static const cxb_impl graphgen_impls[] = {
    GG_IMPL("graphgen.alpha.seq", CXB_BACKEND_SEQ, 0, setup_alpha_seq,
            "Watts alpha-model, Leist Alg. 9: n candidates and a list merge per edge step; the reference"),
    GG_IMPL("graphgen.alpha.pthreads", CXB_BACKEND_PTHREADS, 0, setup_alpha_pthreads,
            "Leist Alg. 10: parallel deviates, propensities and normalisation, sequential selection"),
    GG_IMPL("graphgen.ba.seq", CXB_BACKEND_SEQ, 0, setup_ba_seq,
            "Leist's Barabasi-Albert, Alg. 16: every Pi recomputed per new vertex; the reference"),
    GG_IMPL("graphgen.ba.pthreads", CXB_BACKEND_PTHREADS, 0, setup_ba_pthreads,
            "Leist 5.2.2: only the Pi loop parallel"),
    CXB_GRAPHGEN_FAST_IMPLS /* docs/studies/graphgen.md: suites/graphgen/fast.c */
};

/* ---- sweeps (docs/studies/graphgen.md), named by figure key ---- */

#define ALPHA_ALL "graphgen.alpha.seq,graphgen.alpha.pthreads,graphgen.alpha.cuda1,graphgen.alpha.cuda2"
#define ALPHA_GPU "graphgen.alpha.cuda1,graphgen.alpha.cuda2"
#define BA_ALL "graphgen.ba.seq,graphgen.ba.pthreads,graphgen.ba.cuda1,graphgen.ba.cuda2"
#define BA_GPU "graphgen.ba.cuda1,graphgen.ba.cuda2"
/* the stream-ordered pool extension, in the size sweeps only (docs/studies/graphgen.md, Fig. 5.5's second panel) */
#define ALPHA_N ALPHA_ALL ",graphgen.alpha.cudapool"
#define BA_N BA_ALL ",graphgen.ba.cudapool"
#define XS "4,8,16,32,64,128,256" /* log2 X = 2 ... 8 (Figs 5.3, 5.4, 5.7) */

/* 2-core CI, no GPU (docs/studies/graphgen.md preset=ci: alpha k = 10, BA m = 10). A fit needs
 * four points (harness/fit.h), so the grids have four, smaller than the spec's (alpha n up
 * to 2,000 costs ~4 s per pthreads sample on a loaded 2-core box): alpha n = 150 ... 1,200,
 * BA n = 2,000 ... 16,000. */
static const cxb_sweep sweeps_ci[] = {
    {"leist.fig5.5", ALPHA_ALL, "k=10;alpha=1;seed=1", "n", "150,300,600,1200"},
    {"leist.fig5.8", BA_ALL, "m=10;seed=1", "n", "2000,4000,8000,16000"},
    CXB_GRAPHGEN_FAST_SWEEPS_CI,
    CXB_SWEEPS_END,
};

/* make bench: every figure at reduced sizes (the shapes, not the thesis's absolute times), in
 * a few minutes on a GPU host. The alpha-model's host rows (seq, pthreads) run smaller grids,
 * so that a 2-core machine without a GPU fits their n and k series (4 points each,
 * docs/method.md, Fit) in about a minute: n = 100 ... 800, and the alpha and k sweeps at
 * n = 200 (whose k = 10, alpha = 1 point is the n sweep's); the GPU rows keep n = 500 ... 3000
 * (a pthreads sample at n = 2,000 takes seconds on 2 cores, the seq one at n = 3,000 more). */
#define ALPHA_CPU "graphgen.alpha.seq,graphgen.alpha.pthreads"
#define ALPHA_GPU_N ALPHA_GPU ",graphgen.alpha.cudapool"
static const cxb_sweep sweeps_quick[] = {
    {"leist.fig5.2", ALPHA_GPU, "n=500;k=10;seed=1", "alpha", "0,1,2,5"},
    {"leist.fig5.2", ALPHA_CPU, "n=200;k=10;seed=1", "alpha", "0,1,2,5"},
    {"leist.fig5.3-4", ALPHA_GPU, "n=500;k=20;alpha=1;seed=1", "x", "4,16,32,64,256"},
    {"leist.fig5.3-4", "graphgen.alpha.seq", "n=200;k=20;alpha=1;seed=1", "x", "4,64"},
    {"leist.fig5.5", ALPHA_GPU_N, "k=10;alpha=1;seed=1", "n", "500,1000,2000,3000"},
    {"leist.fig5.5", ALPHA_CPU, "k=10;alpha=1;seed=1", "n", "100,200,400,800"},
    {"leist.fig5.6", ALPHA_GPU, "n=500;alpha=1;seed=1", "k", "10,20,30,40"},
    {"leist.fig5.6", ALPHA_CPU, "n=200;alpha=1;seed=1", "k", "10,20,30,40"},
    /* BA sizes halved after the H100 run of 2026-11-24: cuda1 (in-kernel malloc) took 1.3-2 s
     * per sample at n = 5,000 and 15.8 s at X = 256, so the former grid (n to 20,000, X to
     * 256) ran past 10 minutes; the slopes need the n sweep, not its largest point */
    {"leist.fig5.7", BA_GPU, "n=2500;m=10;seed=1", "x", "4,16,64"},
    {"leist.fig5.8", BA_N, "m=10;seed=1", "n", "1250,2500,5000,10000"},
    {"leist.fig5.9", BA_ALL, "n=5000;seed=1", "m", "10,20,30,40"}, /* below n ~ 5,000 the redraws of large m dominate */
    CXB_GRAPHGEN_FAST_SWEEPS_QUICK,
    CXB_SWEEPS_END,
};

/* The thesis's grids (docs/studies/graphgen.md; the n of Figs 5.3/5.4 and the grids of 5.5, 5.6,
 * 5.8, 5.9 are cxbench's choices, 11.5). Ordered by figure: a figure key as preset
 * returns its contiguous slice. */
static const cxb_sweep sweeps_paper[] = {
    {"leist.fig5.2", ALPHA_ALL, "n=20000;k=20;seed=1", "alpha", "0,0.5,1,1.5,2,3,5,10"},
    {"leist.fig5.3-4", ALPHA_ALL, "n=20000;k=20;alpha=1;seed=1", "x", XS},
    {"leist.fig5.3-4", ALPHA_ALL, "n=20000;k=40;alpha=1;seed=1", "x", XS},
    {"leist.fig5.3-4", ALPHA_ALL, "n=20000;k=100;alpha=1;seed=1", "x", XS},
    {"leist.fig5.5", ALPHA_N, "k=20;alpha=1;seed=1", "n", "12500,25000,50000,100000"},
    {"leist.fig5.6", ALPHA_ALL, "n=20000;alpha=1;seed=1", "k", "10,20,40,60,80,100"},
    {"leist.fig5.7", BA_ALL, "n=200000;m=10;seed=1", "x", XS},
    {"leist.fig5.7", BA_ALL, "n=100000;m=25;seed=1", "x", XS},
    {"leist.fig5.7", BA_ALL, "n=50000;m=50;seed=1", "x", XS},
    {"leist.fig5.8", BA_N, "m=10;seed=1", "n", "40000,80000,120000,160000,200000"},
    {"leist.fig5.9", BA_ALL, "n=40000;seed=1", "m", "10,20,30,40,50"},
    CXB_SWEEPS_END,
};

/* A figure key (leist.fig5.5) as preset runs that figure's paper sweeps alone. */
static const cxb_preset graphgen_presets[] = {
    {"quick", "every figure at reduced sizes (host rows smaller: a minute on 2 cores), and the fast generators",
     sweeps_quick, 0},
    {"ci", "alpha (k = 10) and BA (m = 10) on 2 cores without a GPU (make bench-ci)", sweeps_ci, 0},
    {"paper", "Leist Figs 5.2-5.9 and Table 5.1 at the thesis's sizes (hours of host time)", sweeps_paper,
     CXB_PRESET_BY_SWEEP},
    {"fast", "the fast generators (gnm, rmat, wsfast, bacopy) on every backend, 2^20 to 2^28 tuples",
     cxb_graphgen_fast_sweeps_gen, 0},
    {"modern", "the same as fast", cxb_graphgen_fast_sweeps_gen, 0},
    {"fast-threads", "the fast generators' pthreads speed-up at 2^24 tuples", cxb_graphgen_fast_sweeps_threads, 0},
};

/* Expected log-log slopes: Leist Table 5.1 (docs/studies/graphgen.md), per implementation, in n
 * and in the degree (k for alpha; m for BA, whose k = 2m has the same slope). Tolerances
 * are generous: GPU runs on current hardware are latency-bound at small sizes, which
 * flattens their slopes (docs/studies/graphgen.md). */
static const cxb_series_spec graphgen_series[] = {
    /* range 1..inf declared: every point of a sweep is fitted (docs/studies/graphgen.md), not the
     * automatic floor / local-slope window */
    {"graphgen.alpha.seq", "n", 2.02, 0.25, 1, 0, NULL},
    {"graphgen.alpha.pthreads", "n", 1.89, 0.3, 1, 0, NULL},
    {"graphgen.alpha.cuda1", "n", 1.84, 0.5, 1, 0, NULL},
    {"graphgen.alpha.cuda2", "n", 1.76, 0.5, 1, 0, NULL},
    {"graphgen.alpha.seq", "k", 1.90, 0.25, 1, 0, NULL},
    {"graphgen.alpha.pthreads", "k", 1.74, 0.3, 1, 0, NULL},
    {"graphgen.alpha.cuda1", "k", 1.68, 0.5, 1, 0, NULL},
    {"graphgen.alpha.cuda2", "k", 1.70, 0.5, 1, 0, NULL},
    {"graphgen.ba.seq", "n", 2.06, 0.25, 1, 0, NULL},
    {"graphgen.ba.pthreads", "n", 2.06, 0.3, 1, 0, NULL},
    {"graphgen.ba.cuda1", "n", 1.99, 0.5, 1, 0, NULL},
    {"graphgen.ba.cuda2", "n", 1.59, 0.5, 1, 0, NULL},
    {"graphgen.ba.seq", "m", 0.07, 0.2, 1, 0, NULL},
    {"graphgen.ba.pthreads", "m", 0.14, 0.3, 1, 0, NULL},
    {"graphgen.ba.cuda1", "m", 0.94, 0.5, 1, 0, NULL},
    {"graphgen.ba.cuda2", "m", 0.37, 0.5, 1, 0, NULL},
    CXB_GRAPHGEN_FAST_SERIES,
};

/* Each figure selects its own sweep's points (the grids of the quick and paper presets): a
 * preset runs every sweep in one result set, and the points of the others would otherwise
 * appear as one-point series ("x=-": points without an allocation multiple). */
static const cxb_figure_spec graphgen_figures[] = {
    {"leist.fig5.2", "Leist Fig. 5.2: alpha-model time against alpha", "graphgen/time_vs_alpha.gp", "alpha",
     "time", "impl=graphgen.alpha.*;x=-;n=200|500|20000;k=10|20", NULL},
    {"leist.fig5.3-4", "Leist Figs 5.3/5.4: alpha-model time against the allocation multiple X",
     "graphgen/time_vs_x.gp", "x", "time", "impl=graphgen.alpha.*", NULL},
    {"leist.fig5.5", "Leist Fig. 5.5: alpha-model time against n (alpha = 1)", "graphgen/time_vs_n.gp", "n",
     "time", "impl=graphgen.alpha.*;alpha=1;x=-;k=10|20", NULL},
    {"leist.fig5.6", "Leist Fig. 5.6: alpha-model time against k (alpha = 1)", "graphgen/time_vs_n.gp", "k",
     "time", "impl=graphgen.alpha.*;alpha=1;x=-;n=200|500|20000", NULL},
    {"leist.fig5.7", "Leist Fig. 5.7: BA time against the allocation multiple X", "graphgen/time_vs_x.gp", "x",
     "time", "impl=graphgen.ba.*", NULL},
    {"leist.fig5.8", "Leist Fig. 5.8: BA time against n", "graphgen/time_vs_n.gp", "n", "time",
     "impl=graphgen.ba.*;x=-;m=10", NULL},
    {"leist.fig5.9", "Leist Fig. 5.9: BA time against m (k = 2m)", "graphgen/time_vs_n.gp", "m", "time",
     "impl=graphgen.ba.*;x=-;n=5000|40000", NULL},
    CXB_GRAPHGEN_FAST_FIGURES,
};

/* Designated initializers: fields added to cxb_study later stay NULL without a warning. */
const cxb_study cxb_study_graphgen = {
    .name = "graphgen",
    .summary = "faithful graph generators: Watts alpha-model and Leist's BA, device vs host memory (Leist ch. 5)",
    .reference_impl = "graphgen.alpha.seq",
    .impls = graphgen_impls,
    .nimpls = sizeof graphgen_impls / sizeof graphgen_impls[0],
    .presets = graphgen_presets,
    .npresets = sizeof graphgen_presets / sizeof graphgen_presets[0],
    .series = graphgen_series,
    .nseries = sizeof graphgen_series / sizeof graphgen_series[0],
    .figures = graphgen_figures,
    .nfigures = sizeof graphgen_figures / sizeof graphgen_figures[0],
    /* the label of rate figures, which only the fast rows have (.work counts their tuples,
     * i.e. generated edges); the faithful rows' rate column is n per second, never drawn */
    .time_unit_of_work = "edges",
    .print_tables = cxb_graphgen_table51_print,
    .work = cxb_graphgen_work, /* the fast rows' rate is tuples per second */
    .claims = cxb_graphgen_claims,
};
