/* suites/graphgen/fast.c - the modern fast generators (docs/studies/graphgen.md) as
 * variants of the graphgen study: graphgen.{bacopy,gnm,wsfast,rmat}.{seq,pthreads,cuda}.
 * The generators themselves are those of docs/studies/graph.md (cxb_generate_seq / _pthreads /
 * _cuda, include/cxb/graph/gen.h): Sanders-Schulz hashed copy model (IPL 116(7), 2016;
 * KaGen kagen/generators/barabassi/), G(n,m) by keyed rounds, independent-rewiring small
 * world, R-MAT with the Graph500 initiator. This file only sizes, runs and checks them.
 *
 * Parameters (--set): tuples (the sweep axis, default 2^20), d (tuples per vertex,
 * default 16), seed (1), p (wsfast, 0.1), scale and ef (rmat; ef defaults to d and scale
 * to floor(log2(tuples / ef))), n (vertices: overrides tuples, which becomes n * d),
 * threads (pthreads: a pool of its own when it differs from the run's), block and grid
 * (cuda launch shape; 0 = the generator's default). The models' sizes:
 *   bacopy  m = d, n = tuples / d (core n0 = 2m): C(n0,2) + m (n - n0) tuples
 *   gnm     m = tuples, n = tuples / d (average degree 2d)
 *   wsfast  k = 2d, n = tuples / d: n k / 2 tuples
 *   rmat    Graph500 a, b, c; ef 2^scale tuples
 * Keys of the faithful rows (k, alpha, m, n0, x, heap_mb, reduce) are accepted and
 * ignored, so one --set applies to a whole graphgen run.
 *
 * Timed (docs/studies/graphgen.md, "gen"): seq and pthreads - the wall time until the host tuple
 * array is filled; cuda - the kernels until every tuple is in device memory (CUDA
 * events; for gnm round 0's draws, the deduplication rounds being part of the CSR build),
 * recorded as the kernel phase, the copy back as d2h, the whole call's host wall time in
 * extra (wall_ns). The CSR build is not run. The harness's rate column is tuples per
 * second (the study's work callback counts tuples for these rows), i.e. G edges/s as
 * cuPPA and KaGen count them.
 *
 * Verification: the exact tuple count and every endpoint < n (gnm: strictly increasing
 * canonical keys), and an order-sensitive tuple hash equal to the reference's: the seq
 * generator's, once per point and process. Above 2^24 tuples the reference tuples of a
 * cuda row come from the pthreads generator on the run's pool instead (seq would take
 * tens of seconds per point at 2^28; pthreads = seq at every thread count is what the
 * pthreads rows and ctest graphgen_fast check). Hashes run on the pool.
 *
 * graphgen.<model>.cudacsr (docs/studies/graph.md "Graphs on the GPU"): the same tuples built into
 * the simple CSR on the GPU, generation and build without the host (cxb_dcsr_generate); timed:
 * the kernel phase is gen + build (events), the CSR's copy back is d2h (extra: gen_ns, build_ns,
 * d2h_ns, m). The rate counts the tuples in, as the tuple rows do. Verification: the CSR
 * byte for byte (offsets, adjacency, flags, stats) against cxb_csr_from_edges on the reference
 * tuples (seq, or pthreads above 2^24 tuples); checksum: its edgeset_hash.
 *
 * Presets: ci (CPU rows, 2^13 ... 2^20), fast (alias modern, docs/studies/graphgen.md: cuda rows
 * 2^20 ... 2^28, CPU rows up to 2^24; a GPU host in a few minutes) and fast-threads (pthreads, 1 ... 16 threads at
 * 2^24, with seq as the speed-up base).
 */
#include "suites/graphgen/fast.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/core/mem.h"
#include "cxb/graph/gen.h"
#include "suites/graphgen/device.h"
#include "cxb/core/pool.h"
#include "cxb/core/timing.h"

#define GGF_SEQ_REF_MAX (1ull << 24) /* above: the reference of a cuda row is generated on the pool */
#define GGF_HASH_CHUNK (1ull << 20)

typedef struct ggf_ctx {
    cxb_gen_model model;
    cxb_backend backend;
    const cxb_graphgen_dev *dev; /* the cuda rows' device half (impl_cuda/graphgen/rows.c) */
    cxb_gen_spec spec;
    uint64_t tuples; /* exact, cxb_gen_tuples_hint */
    cxb_pool *pool;      /* pthreads: the generator's pool */
    cxb_pool *hash_pool; /* hashes and the large references (untimed; any worker count) */
    unsigned block, grid;
    cxb_edges out;
    int csr;   /* cudacsr: generate -> CSR on the GPU */
    cxb_csr g; /* its CSR, copied back */
    void *stream; /* the runner's stream of the point (cxb_env.stream) */
    double gen_ms, d2h_ms, build_ms;
    int64_t wall_ns;
    uint64_t ref_hash;
    const char *ref_by;
} ggf_ctx;

static const char *const ggf_keys[] = {CXB_GGF_KEYS, "n", "seed", "threads",
                                       /* the faithful rows' keys, ignored here */
                                       "k", "alpha", "m", "n0", "x", "heap_mb", "reduce", NULL};

static const char *model_id(cxb_gen_model m)
{
    return m == CXB_GEN_RMAT ? "rmat" : cxb_gen_model_name(m);
}

static unsigned floor_log2(uint64_t v)
{
    unsigned l = 0;
    while (v >>= 1)
        ++l;
    return l;
}

/* The spec of the point (see the header comment for the sizes). */
static cxb_status spec_from(const cxb_params *p, cxb_gen_model model, cxb_gen_spec *s)
{
    uint64_t tuples, d, seed, n = 0, scale = 0, ef;
    double prob = 0.1;
    cxb_status st = cxb_params_check_keys(p, ggf_keys);
    if (st == CXB_OK && (st = cxb_params_u64(p, "tuples", 1u << 20, &tuples)) == CXB_OK &&
        (st = cxb_params_u64(p, "d", 16, &d)) == CXB_OK && (st = cxb_params_u64(p, "seed", 1, &seed)) == CXB_OK &&
        (st = cxb_params_u64(p, "n", 0, &n)) == CXB_OK && (st = cxb_params_u64(p, "scale", 0, &scale)) == CXB_OK)
        st = cxb_params_u64(p, "ef", d, &ef);
    if (st != CXB_OK)
        return st;
    if ((st = cxb_params_double(p, "p", prob, &prob)) != CXB_OK)
        return st;
    if (d == 0)
        return cxb_fail(CXB_EINPUT, "--set d=0: the fast generators need d >= 1 tuples per vertex");
    if (!n)
        n = tuples / d;
    char text[256];
    switch (model) {
    case CXB_GEN_BACOPY:
        snprintf(text, sizeof text, "bacopy:n=%llu,m=%llu,seed=%llu", (unsigned long long)n,
                 (unsigned long long)d, (unsigned long long)seed);
        break;
    case CXB_GEN_GNM:
        snprintf(text, sizeof text, "gnm:n=%llu,m=%llu,seed=%llu", (unsigned long long)n,
                 (unsigned long long)(cxb_params_get(p, "n") ? n * d : tuples), (unsigned long long)seed);
        break;
    case CXB_GEN_WSFAST:
        snprintf(text, sizeof text, "wsfast:n=%llu,k=%llu,p=%.17g,seed=%llu", (unsigned long long)n,
                 (unsigned long long)(2 * d), prob, (unsigned long long)seed);
        break;
    default: /* rmat: scale from n, or from tuples / ef */
        if (!scale)
            scale = cxb_params_get(p, "n") ? floor_log2(n) : ef ? floor_log2(tuples / ef ? tuples / ef : 1) : 0;
        snprintf(text, sizeof text, "rmat:scale=%llu,ef=%llu,seed=%llu", (unsigned long long)scale,
                 (unsigned long long)ef, (unsigned long long)seed);
        break;
    }
    return cxb_gen_parse(text, s);
}

uint64_t cxb_graphgen_work(const cxb_impl *impl, const cxb_params *params)
{
    static const cxb_gen_model models[] = {CXB_GEN_BACOPY, CXB_GEN_GNM, CXB_GEN_WSFAST, CXB_GEN_RMAT};
    for (size_t i = 0; i < sizeof models / sizeof models[0]; ++i)
        if (!strcmp(cxb_impl_parts(impl).algorithm, model_id(models[i]))) {
            cxb_gen_spec s;
            return spec_from(params, models[i], &s) == CXB_OK ? cxb_gen_tuples_hint(&s) : 0;
        }
    uint64_t n = 0; /* the faithful rows: vertices */
    cxb_params_u64(params, "n", 0, &n);
    return n;
}

/* ---- the tuple hash: sum over i of mix64(key_i + (i + 1) golden) mod 2^64 (position
 * keyed, so order-sensitive, and a sum, so chunks add up in any order), plus the checks
 * of every tuple (endpoints < n; gnm: strictly increasing canonical keys) ---- */

typedef struct hash_task {
    const uint64_t *key;
    uint64_t count, n;
    int sorted;
    uint64_t *part, *bad;
} hash_task;

static void hash_chunk(void *arg, uint64_t c, unsigned worker)
{
    (void)worker;
    const hash_task *t = arg;
    uint64_t i0 = c * GGF_HASH_CHUNK, i1 = i0 + GGF_HASH_CHUNK < t->count ? i0 + GGF_HASH_CHUNK : t->count;
    uint64_t h = 0, bad = 0;
    for (uint64_t i = i0; i < i1; ++i) {
        uint64_t k = t->key[i], u = k >> 32, v = k & 0xffffffffu;
        h += cxb_mix64(k + (i + 1) * 0x9e3779b97f4a7c15ull);
        bad += u >= t->n || v >= t->n || (t->sorted && (u >= v || (i > 0 && t->key[i - 1] >= k)));
    }
    t->part[c] = h;
    t->bad[c] = bad;
}

static cxb_status tuple_hash(cxb_pool *pool, const cxb_edges *e, int sorted, uint64_t *hash, uint64_t *bad)
{
    uint64_t chunks = (e->count + GGF_HASH_CHUNK - 1) / GGF_HASH_CHUNK;
    uint64_t *part = calloc(2 * (chunks ? chunks : 1), sizeof *part);
    if (!part)
        return cxb_fail(CXB_ERESOURCE, "graphgen: no host memory for the tuple hash");
    hash_task t = {e->key, e->count, e->n, sorted, part, part + chunks};
    cxb_status st = CXB_OK;
    if (pool && chunks > 1)
        st = cxb_pool_for(pool, chunks, CXB_SCHED_DYNAMIC, hash_chunk, &t);
    else
        for (uint64_t c = 0; c < chunks; ++c)
            hash_chunk(&t, c, 0);
    *hash = *bad = 0;
    for (uint64_t c = 0; c < chunks; ++c) {
        *hash += part[c];
        *bad += part[chunks + c];
    }
    free(part);
    return st;
}

/* ---- the reference hash, once per graph and process (the runner verifies one point
 * after another, single-threaded) ---- */

typedef struct ref_entry {
    char text[sizeof(((cxb_gen_spec *)0)->text)];
    uint64_t hash;
    const char *by;
} ref_entry;
static ref_entry ref_cache[32];
static unsigned ref_next;

static const ref_entry *ref_find(const cxb_gen_spec *s)
{
    for (unsigned i = 0; i < 32; ++i)
        if (ref_cache[i].by && !strcmp(ref_cache[i].text, s->text))
            return &ref_cache[i];
    return NULL;
}

static void ref_put(const cxb_gen_spec *s, uint64_t hash, const char *by)
{
    ref_entry *e = &ref_cache[ref_next++ % 32];
    snprintf(e->text, sizeof e->text, "%s", s->text);
    e->hash = hash;
    e->by = by;
}

static cxb_status reference(ggf_ctx *c)
{
    const ref_entry *e = ref_find(&c->spec);
    if (e) {
        c->ref_hash = e->hash;
        c->ref_by = e->by;
        return CXB_OK;
    }
    /* pthreads rows are always checked against seq; only a cuda row may use the pool */
    int pool = c->backend == CXB_BACKEND_CUDA && c->tuples > GGF_SEQ_REF_MAX && c->hash_pool;
    cxb_edges ref;
    cxb_status st = pool ? cxb_generate_pthreads(&c->spec, c->hash_pool, &ref) : cxb_generate_seq(&c->spec, &ref);
    uint64_t bad;
    if (st == CXB_OK)
        st = tuple_hash(c->hash_pool, &ref, 0, &c->ref_hash, &bad);
    cxb_edges_free(&ref);
    if (st != CXB_OK)
        return st;
    c->ref_by = pool ? "pthreads" : "seq";
    ref_put(&c->spec, c->ref_hash, c->ref_by);
    return CXB_OK;
}

/* ---- the descriptor's functions ---- */

void cxb_ggf_teardown(void *vctx)
{
    ggf_ctx *c = vctx;
    if (!c)
        return;
    cxb_edges_free(&c->out);
    cxb_csr_free(&c->g);
    free(c);
}

static cxb_status ggf_setup(const cxb_params *p, const cxb_env *env, cxb_gen_model model, cxb_backend backend,
                            const cxb_graphgen_dev *dev, void **out)
{
    ggf_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return cxb_fail(CXB_ERESOURCE, "graphgen: out of host memory");
    c->model = model;
    c->backend = backend;
    c->dev = dev;
    c->pool = c->hash_pool = env->pool;
    c->stream = env->stream;
    cxb_edges_init(&c->out);
    uint64_t block = 0, grid = 0;
    cxb_status st = spec_from(p, model, &c->spec);
    if (st == CXB_OK && (st = cxb_params_u64(p, "block", 0, &block)) == CXB_OK &&
        (st = cxb_params_u64(p, "grid", 0, &grid)) == CXB_OK && (block > 1024 || grid > 0x7fffffffu))
        st = cxb_fail(CXB_EINPUT, "--set block=%llu, grid=%llu: block at most 1024, grid below 2^31",
                      (unsigned long long)block, (unsigned long long)grid);
    c->block = (unsigned)block;
    c->grid = (unsigned)grid;
    c->tuples = st == CXB_OK ? cxb_gen_tuples_hint(&c->spec) : 0;
    if (st == CXB_OK) { /* before any work (docs/cli.md, "Bounded work"): the run's tuples and the reference's */
        char what[96];
        snprintf(what, sizeof what, "%llu tuples, and as many for the reference", (unsigned long long)c->tuples);
        st = cxb_mem_check(16.0 * (double)c->tuples, c->spec.text, what);
    }
    if (st == CXB_OK && backend == CXB_BACKEND_PTHREADS) {
        /* the thread sweep: the harness hands over the pool of the point's threads, created,
         * bound by --bind and parked before any timing (method.md "Threads") */
        uint64_t threads = env->threads;
        if ((st = cxb_params_u64(p, "threads", env->threads, &threads)) == CXB_OK && (threads == 0 || threads > 4096))
            st = cxb_fail(CXB_EINPUT, "--set threads=%llu: 1 to 4096", (unsigned long long)threads);
        if (st == CXB_OK && (!env->pool || threads != env->threads))
            st = cxb_fail(CXB_EINPUT, "graphgen: --set threads=%llu: no pool of that many workers",
                          (unsigned long long)threads);
    }
    if (st != CXB_OK) {
        cxb_ggf_teardown(c);
        return st;
    }
    *out = c;
    return CXB_OK;
}

#define GGF_SETUP(model, backend, M, B)                                                                \
    cxb_status cxb_ggf_setup_##model##_##backend(const cxb_params *p, const cxb_env *env, void **ctx) \
    {                                                                                                  \
        return ggf_setup(p, env, M, B, NULL, ctx);                                                     \
    }
#define GGF_SETUP2(model, M)                           \
    GGF_SETUP(model, seq, M, CXB_BACKEND_SEQ)           \
    GGF_SETUP(model, pthreads, M, CXB_BACKEND_PTHREADS)
GGF_SETUP2(bacopy, CXB_GEN_BACOPY)
GGF_SETUP2(gnm, CXB_GEN_GNM)
GGF_SETUP2(wsfast, CXB_GEN_WSFAST)
GGF_SETUP2(rmat, CXB_GEN_RMAT)

cxb_status cxb_ggf_setup_dev(const cxb_params *p, const cxb_env *env, cxb_gen_model model,
                             const cxb_graphgen_dev *dev, void **ctx)
{
    return ggf_setup(p, env, model, CXB_BACKEND_CUDA, dev, ctx);
}

cxb_status cxb_ggf_setup_dev_csr(const cxb_params *p, const cxb_env *env, cxb_gen_model model,
                                 const cxb_graphgen_dev *dev, void **ctx)
{
    cxb_status st = ggf_setup(p, env, model, CXB_BACKEND_CUDA, dev, ctx);
    if (st == CXB_OK)
        ((ggf_ctx *)*ctx)->csr = 1;
    return st;
}

cxb_status cxb_ggf_reset(void *vctx)
{
    cxb_edges_free(&((ggf_ctx *)vctx)->out); /* the previous tuples: untimed */
    cxb_csr_free(&((ggf_ctx *)vctx)->g);
    return CXB_OK;
}

cxb_status cxb_ggf_run(void *vctx, cxb_phases *ph)
{
    ggf_ctx *c = vctx;
    cxb_edges_free(&c->out);
    if (c->backend == CXB_BACKEND_SEQ)
        return cxb_generate_seq(&c->spec, &c->out);
    if (c->backend == CXB_BACKEND_PTHREADS)
        return cxb_generate_pthreads(&c->spec, c->pool, &c->out);
    if (c->csr) {
        cxb_csr_free(&c->g);
        int64_t t0 = cxb_clock_ns();
        cxb_status st = c->dev->generate_csr(&c->spec, c->stream, &c->g, &c->gen_ms, &c->build_ms, &c->d2h_ms);
        c->wall_ns = cxb_clock_ns() - t0;
        if (st == CXB_OK) {
            ph->ns[CXB_PHASE_KERNEL] = (int64_t)llround((c->gen_ms + c->build_ms) * 1e6);
            ph->ns[CXB_PHASE_D2H] = (int64_t)llround(c->d2h_ms * 1e6);
        }
        return st;
    }
    cxb_gen_cuda_opts o = {c->block, c->grid, 0, 0, c->stream};
    int64_t t0 = cxb_clock_ns();
    cxb_status st = c->dev->generate(&c->spec, &o, &c->out);
    c->wall_ns = cxb_clock_ns() - t0;
    if (st == CXB_OK) {
        c->gen_ms = o.gen_ms;
        c->d2h_ms = o.d2h_ms;
        ph->ns[CXB_PHASE_KERNEL] = (int64_t)llround(o.gen_ms * 1e6);
        ph->ns[CXB_PHASE_D2H] = (int64_t)llround(o.d2h_ms * 1e6);
    }
    return st;
}

/* cudacsr: the CSR against cxb_csr_from_edges on the reference tuples, byte for byte */
static cxb_status verify_csr(ggf_ctx *c)
{
    const char *m = model_id(c->model);
    int pool = c->tuples > GGF_SEQ_REF_MAX && c->hash_pool;
    cxb_edges ref;
    cxb_csr r;
    cxb_status st = pool ? cxb_generate_pthreads(&c->spec, c->hash_pool, &ref) : cxb_generate_seq(&c->spec, &ref);
    if (st != CXB_OK)
        return st;
    if ((st = cxb_csr_from_edges(&ref, 0, &r)) != CXB_OK) {
        cxb_edges_free(&ref);
        return st;
    }
    c->ref_by = pool ? "pthreads+csr" : "seq+csr";
    const cxb_csr *g = &c->g;
    const char *what = NULL;
    if (g->n != r.n || g->m != r.m || g->nnz != r.nnz)
        what = "size";
    else if (g->flags != r.flags)
        what = "flags";
    else if (memcmp(&g->stats, &r.stats, sizeof r.stats))
        what = "build stats";
    else if (memcmp(g->off, r.off, (r.n + 1) * sizeof *r.off))
        what = "offsets";
    else if (r.nnz && memcmp(g->adj, r.adj, r.nnz * sizeof *r.adj))
        what = "adjacency";
    if (what)
        st = cxb_fail(CXB_EFAIL, "graphgen.%s.cudacsr: the %s differ from cxb_csr_from_edges on the %s tuples "
                      "(n %llu/%llu, m %llu/%llu, loops %llu/%llu, duplicates %llu/%llu; %s)", m, what,
                      pool ? "pthreads" : "seq", (unsigned long long)g->n, (unsigned long long)r.n,
                      (unsigned long long)g->m, (unsigned long long)r.m,
                      (unsigned long long)g->stats.self_loops_removed, (unsigned long long)r.stats.self_loops_removed,
                      (unsigned long long)g->stats.duplicates_removed, (unsigned long long)r.stats.duplicates_removed,
                      c->spec.text);
    cxb_csr_free(&r);
    return st;
}

cxb_status cxb_ggf_verify(void *vctx)
{
    ggf_ctx *c = vctx;
    const char *m = model_id(c->model);
    if (c->csr)
        return verify_csr(c);
    if (c->out.count != c->tuples || c->out.n != c->spec.n)
        return cxb_fail(CXB_EFAIL, "graphgen.%s: %llu tuples on %llu vertices, expected %llu on %llu (%s)", m,
                        (unsigned long long)c->out.count, (unsigned long long)c->out.n,
                        (unsigned long long)c->tuples, (unsigned long long)c->spec.n, c->spec.text);
    uint64_t h, bad;
    cxb_status st = tuple_hash(c->hash_pool, &c->out, c->model == CXB_GEN_GNM, &h, &bad);
    if (st != CXB_OK)
        return st;
    if (bad)
        return cxb_fail(CXB_EFAIL, "graphgen.%s: %llu tuples with an endpoint >= n%s (%s)", m,
                        (unsigned long long)bad, c->model == CXB_GEN_GNM ? " or out of order" : "", c->spec.text);
    if (c->backend == CXB_BACKEND_SEQ) { /* the reference itself */
        if (!ref_find(&c->spec))
            ref_put(&c->spec, h, "seq");
        return CXB_OK;
    }
    if ((st = reference(c)) != CXB_OK)
        return st;
    if (h != c->ref_hash)
        return cxb_fail(CXB_EFAIL, "graphgen.%s: tuple_hash 0x%016llx != 0x%016llx of graphgen.%s.%s (%s)", m,
                        (unsigned long long)h, (unsigned long long)c->ref_hash, m, c->ref_by, c->spec.text);
    return CXB_OK;
}

uint64_t cxb_ggf_checksum(void *vctx)
{
    ggf_ctx *c = vctx;
    if (c->csr)
        return cxb_edgeset_hash(&c->g) + c->g.m;
    uint64_t h = 0, bad = 0;
    if (tuple_hash(c->hash_pool, &c->out, 0, &h, &bad) != CXB_OK)
        return 0;
    return h;
}

void cxb_ggf_extra(void *vctx, char *buf, size_t size)
{
    ggf_ctx *c = vctx;
    /* sorted by key (docs/method.md) */
    if (c->csr)
        snprintf(buf, size, "build_ns=%lld;d2h_ns=%lld;duplicates=%llu;gen_ns=%lld;loops=%llu;m=%llu;ref=%s;spec=%s;"
                 "tuples=%llu;vertices=%llu;wall_ns=%lld",
                 (long long)llround(c->build_ms * 1e6), (long long)llround(c->d2h_ms * 1e6),
                 (unsigned long long)c->g.stats.duplicates_removed, (long long)llround(c->gen_ms * 1e6),
                 (unsigned long long)c->g.stats.self_loops_removed, (unsigned long long)c->g.m,
                 c->ref_by ? c->ref_by : "", c->spec.text, (unsigned long long)c->tuples,
                 (unsigned long long)c->spec.n, (long long)c->wall_ns);
    else if (c->backend == CXB_BACKEND_CUDA)
        snprintf(buf, size, "d2h_ns=%lld;gen_ns=%lld;ref=%s;spec=%s;tuples=%llu;vertices=%llu;wall_ns=%lld",
                 (long long)llround(c->d2h_ms * 1e6), (long long)llround(c->gen_ms * 1e6),
                 c->ref_by ? c->ref_by : "", c->spec.text, (unsigned long long)c->tuples,
                 (unsigned long long)c->spec.n, (long long)c->wall_ns);
    else
        snprintf(buf, size, "ref=%s;spec=%s;tuples=%llu;vertices=%llu",
                 c->backend == CXB_BACKEND_SEQ ? "self" : c->ref_by ? c->ref_by : "", c->spec.text,
                 (unsigned long long)c->tuples, (unsigned long long)c->spec.n);
}

/* ---- presets ---- */

#define GGF_CUDA_ALL "graphgen.bacopy.cuda,graphgen.gnm.cuda,graphgen.wsfast.cuda,graphgen.rmat.cuda," \
    GGF_CUDACSR_ALL
#define GGF_PT_ALL \
    "graphgen.bacopy.pthreads,graphgen.gnm.pthreads,graphgen.wsfast.pthreads,graphgen.rmat.pthreads"
#define GGF_SEQ_ALL "graphgen.bacopy.seq,graphgen.gnm.seq,graphgen.wsfast.seq,graphgen.rmat.seq"
#define GGF_FIXED "d=16;p=0.1;seed=1"

/* A GPU host (16 cores, H100) in a few minutes: cuda 2^20 ... 2^28 tuples (docs/studies/graphgen.md
 * 9.4's targets are at >= 2^28), CPU rows 2^20 ... 2^24. */
const cxb_sweep cxb_graphgen_fast_sweeps_gen[] = {
    {"fast.gen", GGF_CUDA_ALL, GGF_FIXED, "tuples", "1048576,4194304,16777216,67108864,268435456"},
    {"fast.gen", CXB_GGF_CPU_ALL, GGF_FIXED, "tuples", "1048576,4194304,16777216"},
    CXB_SWEEPS_END,
};

/* pthreads speed-up (docs/studies/graphgen.md: >= 1.9x on 2 cores, >= 10x on 16) at 2^24, seq the base */
const cxb_sweep cxb_graphgen_fast_sweeps_threads[] = {
    {"fast.threads", GGF_PT_ALL, GGF_FIXED ";tuples=16777216", "threads", "1,2,4,8,16"},
    {"fast.threads", GGF_SEQ_ALL, GGF_FIXED, "tuples", "16777216"},
    CXB_SWEEPS_END,
};

