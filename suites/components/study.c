/* suites/components/study.c - the components study (docs/studies/components.md): connected-component
 * labelling after Leist 2011, Sec. 6.1 (Alg. 22-29), with modern union-find (ECL-CC, Jaiganesh &
 * Burtscher, HPDC 2018) and Afforest (Sutton et al., IPDPS 2018) variants. Its CPU rows, the row
 * code its CUDA rows share (cxb_cc_setup_dev, rows.h), the presets and sweeps of Leist Figs
 * 6.2-6.9 and the modern rate sweep, and the `graph components` command (cli.c).
 *
 * A point's input graph comes from its parameters (docs/studies/components.md "Parameters"):
 * model and its keys (n, k, p, m, e, c, n0, scale, ef, dims), or d (average degree) from which
 * the model's degree key is derived; Leist's Disjoint graphs are built in multigraph mode
 * (simple=1 builds them simple); ws_model=wsfast replaces Leist's exact WS by the parallel one.
 * Instance r of a point (instances=K: the samples cycle through r = 0 .. K-1, each graph taken
 * from the graph store in the untimed reset, suites/graph/store.h) uses seed + r, as
 * the thesis measured each point on fresh graphs.
 *
 * Verification (docs/studies/components.md "Verification"): the O(n + m) invariants
 * (cxb_cc_check) always, then exact equality with the reference: labels_hash first, and on a
 * mismatch the full comparison naming the first differing vertex. The reference is
 * components.recursive.seq, or components.unionfind.seq for graphs of more than 2^27 arcs (ref=auto;
 * ref=recursive|unionfind chooses); a reference row is verified against the other one. The
 * reference's hash is computed once per graph and process. The checksum is labels_hash, shifted
 * by the difference of the instance's reference hash from instance 0's, so that every correct
 * sample of a point has the verified run's checksum.
 *
 * fault=1 is a test hook: after the run, the last vertex's component is merged into vertex 0's
 * (every invariant still holds), so that tests can show that verification catches a wrong
 * labelling through the runner and the command line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/core/pool.h"
#include "harness/params.h"
#include "suites/components/cli.h"
#include "suites/components/rows.h"
#include "suites/components/tables.h"
#include "suites/graph/input.h"

#define CC_REF_AUTO_ARCS (1ull << 27)       /* ref=auto: recursive.seq up to this many arcs */
static const char *const variant_ids[CXB_CC_NVARIANTS] = {
    "components.recursive.seq",      "components.cas.pthreads",       "components.k1.cuda",
    "components.k2.cuda",            "components.k3.cuda",            "components.unionfind.seq",
    "components.unionfind.pthreads", "components.unionfind.cuda",     "components.afforest.pthreads",
    "components.afforest.cuda"};

const char *cxb_cc_variant_id(cxb_cc_variant v)
{
    return (unsigned)v < CXB_CC_NVARIANTS ? variant_ids[v] : "components.?";
}

static const char *const cc_keys[] = {"model", "n", "k", "p", "m", "e", "c", "n0", "scale", "ef", "dims", "periodic", "d",
                                      "seed", "instances", "simple", "multigraph", "ws_model", "ref", "threads",
                                      "rmax", "tex_limit", "order", "deg_warp", "deg_block", "deg_inline", "union", "rounds",
                                      "samples", "fault", NULL};
static const char *const ref_names[] = {"auto", "recursive", "unionfind", NULL};
static const char *const order_names[] = {"none", "degree", NULL};
static const char *const union_names[] = {"auto", "rem", "hook", NULL}; /* CXB_CC_UNION_* */

/* ---- the command line's borrowed input ---- */

static const cxb_csr *input_graph;
static const char *input_name;

void cxb_cc_input_set(const cxb_csr *g, const char *name)
{
    input_graph = g;
    input_name = name;
}

/* ---- the generator spec of a point (docs/studies/components.md "Parameters") ---- */

static const char *const cc_pass[] = {"k", "p", "m", "e", "c", "n0", "scale", "ef", "dims", "periodic", NULL};
static const cxb_ginput_rules cc_rules = {"components", 1u << 16, cc_pass};

/* The spec text of instance r into out (suites/graph/input.h); *multigraph the build mode. */
static cxb_status spec_text(const cxb_params *p, uint64_t seed, char *out, size_t size, int *multigraph)
{
    cxb_status st = cxb_ginput_spec_text(p, &cc_rules, seed, out, size);
    if (st != CXB_OK)
        return st;
    const char *model = cxb_params_get(p, "model");
    uint64_t simple = 0, multi = 0;
    if ((st = cxb_params_u64(p, "simple", 0, &simple)) != CXB_OK)
        return st;
    if ((st = cxb_params_u64(p, "multigraph", model && !strcmp(model, "disjoint") && !simple, &multi)) != CXB_OK)
        return st;
    *multigraph = multi && !simple; /* Leist's Disjoint graphs keep their multi-edges (Leist Sec. 6.1.4) */
    return CXB_OK;
}

uint64_t cxb_cc_work(const cxb_impl *impl, const cxb_params *params)
{
    (void)impl;
    return cxb_ginput_work(params, &cc_rules);
}

/* ---- the reference, once per graph and process (the runner verifies points one after another) ---- */

typedef struct ref_entry {
    char text[520];
    uint64_t hash;
    int used;
} ref_entry;
static ref_entry ref_cache[64];
static unsigned ref_next;

static int ref_variant(const cxb_cc_ctx *c)
{
    int k = c->ref_kind;
    if ((int)c->variant == k) /* a reference row is verified against the other one */
        k = k == CXB_CC_RECURSIVE ? CXB_CC_UNIONFIND_SEQ : CXB_CC_RECURSIVE;
    return k;
}

const char *cxb_cc_ref_id(const cxb_cc_ctx *c)
{
    return cxb_cc_variant_id((cxb_cc_variant)ref_variant(c));
}

static cxb_status ref_labels(const cxb_cc_ctx *c, cxb_vid *ref)
{
    if (ref_variant(c) == CXB_CC_RECURSIVE)
        return cxb_cc_recursive_seq(c->g, &c->cp, ref, NULL);
    return cxb_cc_unionfind_seq(c->g, ref);
}

/* The cache key of variant v's labels of the current graph (the recursion cap is part of
 * recursive.seq's). */
static void ref_key_of(const cxb_cc_ctx *c, int v, char *buf, size_t size)
{
    snprintf(buf, size, "%s|%d|%d|%llu", c->graph, c->multigraph, v,
             (unsigned long long)(v == CXB_CC_RECURSIVE ? c->cp.rmax : 0));
}

static void ref_key(const cxb_cc_ctx *c, char *buf, size_t size)
{
    ref_key_of(c, ref_variant(c), buf, size);
}

static void ref_store(const char *key, uint64_t hash)
{
    ref_entry *e = &ref_cache[ref_next++ % 64];
    snprintf(e->text, sizeof e->text, "%s", key);
    e->hash = hash;
    e->used = 1;
}

/* The reference hash of the current instance (computed and cached on first use). */
static cxb_status ref_hash(cxb_cc_ctx *c, uint64_t *out)
{
    if (c->ref_known[c->instance]) {
        *out = c->ref_hash[c->instance];
        return CXB_OK;
    }
    char key[520];
    ref_key(c, key, sizeof key);
    if (!c->borrowed)
        for (unsigned i = 0; i < 64; ++i)
            if (ref_cache[i].used && !strcmp(ref_cache[i].text, key)) {
                *out = c->ref_hash[c->instance] = ref_cache[i].hash;
                c->ref_known[c->instance] = 1;
                return CXB_OK;
            }
    cxb_vid *ref = malloc((c->g->n ? c->g->n : 1) * sizeof *ref);
    if (!ref)
        return cxb_fail(CXB_ERESOURCE, "%s: no memory for the reference labels", c->id);
    cxb_status st = ref_labels(c, ref);
    if (st == CXB_OK) {
        *out = c->ref_hash[c->instance] = cxb_cc_labels_hash(ref, c->g->n);
        c->ref_known[c->instance] = 1;
        if (!c->borrowed)
            ref_store(key, *out);
    }
    free(ref);
    return st;
}

/* ---- the input of instance r ---- */

static void close_dev(cxb_cc_ctx *c)
{
    if (c->devh)
        c->dev->close(c->devh);
    c->devh = NULL;
}

static cxb_status load_instance(cxb_cc_ctx *c, const cxb_params *p)
{
    close_dev(c);
    if (!c->borrowed) {
        int multi;
        cxb_status st = spec_text(p, c->seed + c->instance, c->graph, sizeof c->graph, &multi);
        cxb_gen_spec s;
        if (st == CXB_OK)
            st = cxb_gen_parse(c->graph, &s);
        if (st != CXB_OK)
            return st;
        snprintf(c->graph, sizeof c->graph, "%s", s.text);
        if (c->instance == 0)
            c->spec = s;
        /* generation is untimed; the store builds each instance once for all the rows of the
         * run and keeps it while it fits (suites/graph/store.h) */
        cxb_gstore_put(c->held);
        c->held = NULL;
        c->g = NULL;
        if ((st = cxb_gstore_get(&s, c->pool, c->multigraph, &c->g, &c->held)) != CXB_OK)
            return st;
    }
    free(c->label);
    c->label = malloc((c->g->n ? c->g->n : 1) * sizeof *c->label);
    if (!c->label)
        return cxb_fail(CXB_ERESOURCE, "%s: no memory for %llu labels", c->id, (unsigned long long)c->g->n);
    memset(c->label, 0, (c->g->n ? c->g->n : 1) * sizeof *c->label);
    if (c->ref_kind < 0)
        c->ref_kind = c->g->nnz > CC_REF_AUTO_ARCS ? CXB_CC_UNIONFIND_SEQ : CXB_CC_RECURSIVE;
    if (c->backend == CXB_BACKEND_CUDA)
        return c->dev->open(c->g, c->variant, &c->cp, c->stream, &c->devh, &c->alloc_ms, &c->h2d_ms);
    return CXB_OK;
}

/* ---- the descriptor's functions ---- */

void cxb_cc_teardown(void *vctx)
{
    cxb_cc_ctx *c = vctx;
    if (!c)
        return;
    close_dev(c);
    cxb_gstore_put(c->held);
    free(c->label);
    free(c->ref_hash);
    free(c->ref_known);
    free(c);
}

/* The parameters kept for the instances (reset regenerates from them). */
typedef struct cc_ctx_params {
    cxb_cc_ctx c;
    cxb_params p;
} cc_ctx_params;

static cxb_status cc_setup(const cxb_params *p, const cxb_env *env, cxb_cc_variant v, const cxb_cc_dev *dev,
                           void **out)
{
    cc_ctx_params *cp = calloc(1, sizeof *cp);
    if (!cp)
        return cxb_fail(CXB_ERESOURCE, "components: out of host memory");
    cxb_cc_ctx *c = &cp->c;
    cp->p = *p;
    c->variant = v;
    c->id = cxb_cc_variant_id(v);
    c->backend = v == CXB_CC_RECURSIVE || v == CXB_CC_UNIONFIND_SEQ ? CXB_BACKEND_SEQ
                 : dev                                                  ? CXB_BACKEND_CUDA
                                                                        : CXB_BACKEND_PTHREADS;
    c->dev = dev;
    c->pool = env ? env->pool : NULL;
    c->timing = env ? env->timing : NULL;
    c->stream = env ? env->stream : NULL;
    c->ref_kind = -1;
    cxb_cc_params_init(&c->cp);
    uint64_t rmax, tex, dw, db, di, rounds, samples, fault = 0, threads = env ? env->threads : 0;
    int refc = 0, order = 0, urule = 0;
    cxb_status st = cxb_params_check_keys(p, cc_keys);
    if (st == CXB_OK && (st = cxb_params_u64(p, "seed", 1, &c->seed)) == CXB_OK &&
        (st = cxb_params_u64(p, "instances", 1, &c->instances)) == CXB_OK &&
        (st = cxb_params_u64(p, "rmax", c->cp.rmax, &rmax)) == CXB_OK &&
        (st = cxb_params_u64(p, "tex_limit", (uint64_t)c->cp.tex_limit, &tex)) == CXB_OK &&
        (st = cxb_params_u64(p, "deg_warp", c->cp.deg_warp, &dw)) == CXB_OK &&
        (st = cxb_params_u64(p, "deg_block", c->cp.deg_block, &db)) == CXB_OK &&
        (st = cxb_params_u64(p, "deg_inline", c->cp.deg_inline, &di)) == CXB_OK &&
        (st = cxb_params_u64(p, "rounds", c->cp.rounds, &rounds)) == CXB_OK &&
        (st = cxb_params_u64(p, "samples", c->cp.samples, &samples)) == CXB_OK &&
        (st = cxb_params_choice(p, "ref", ref_names, 0, &refc)) == CXB_OK &&
        (st = cxb_params_choice(p, "order", order_names, 0, &order)) == CXB_OK &&
        (st = cxb_params_choice(p, "union", union_names, 0, &urule)) == CXB_OK &&
        (st = cxb_params_u64(p, "fault", 0, &fault)) == CXB_OK)
        st = cxb_params_u64(p, "threads", threads, &threads);
    if (st == CXB_OK && (c->instances == 0 || c->instances > 1000000))
        st = cxb_fail(CXB_EINPUT, "--set instances=%llu: 1 to 10^6", (unsigned long long)c->instances);
    if (st == CXB_OK && tex > 1)
        st = cxb_fail(CXB_EINPUT, "--set tex_limit=%llu: 0 or 1", (unsigned long long)tex);
    if (st == CXB_OK && (dw == 0 || db < dw || db > 0xffffffffu))
        st = cxb_fail(CXB_EINPUT, "--set deg_warp=%llu,deg_block=%llu: need 1 <= deg_warp <= deg_block < 2^32",
                      (unsigned long long)dw, (unsigned long long)db);
    if (st == CXB_OK && (di < dw || di > db))
        st = cxb_fail(CXB_EINPUT, "--set deg_inline=%llu: need deg_warp (%llu) <= deg_inline <= deg_block (%llu)",
                      (unsigned long long)di, (unsigned long long)dw, (unsigned long long)db);
    if (st == CXB_OK && (rounds > 0xffffffffu || samples > (1u << 24)))
        st = cxb_fail(CXB_EINPUT, "--set rounds=%llu,samples=%llu: rounds below 2^32, samples at most 2^24",
                      (unsigned long long)rounds, (unsigned long long)samples);
    if (st == CXB_OK && c->backend == CXB_BACKEND_PTHREADS && (!c->pool || threads != (env ? env->threads : 0)))
        st = cxb_fail(CXB_EINPUT, "%s: --set threads=%llu: no pool of that many workers", c->id,
                      (unsigned long long)threads);
    if (st != CXB_OK) {
        cxb_cc_teardown(c);
        return st;
    }
    c->cp.rmax = rmax;
    c->cp.tex_limit = (int)tex;
    c->cp.order_degree = order;
    c->cp.deg_warp = (uint32_t)dw;
    c->cp.deg_block = (uint32_t)db;
    c->cp.deg_inline = (uint32_t)di;
    c->cp.union_rule = urule;
    c->cp.rounds = (uint32_t)rounds;
    c->cp.samples = (uint32_t)samples;
    c->cp.seed = c->seed;
    c->fault = fault != 0;
    if (refc)
        c->ref_kind = refc == 1 ? CXB_CC_RECURSIVE : CXB_CC_UNIONFIND_SEQ;
    if (input_graph) { /* the command line's graph */
        c->borrowed = 1;
        c->g = input_graph;
        c->instances = 1;
        c->multigraph = (input_graph->flags & CXB_CSR_MULTI) != 0;
        snprintf(c->graph, sizeof c->graph, "%s", input_name ? input_name : "input");
    } else {
        char text[512];
        st = spec_text(p, c->seed, text, sizeof text, &c->multigraph);
    }
    c->ref_hash = calloc(c->instances, sizeof *c->ref_hash);
    c->ref_known = calloc(c->instances, 1);
    if (st == CXB_OK && (!c->ref_hash || !c->ref_known))
        st = cxb_fail(CXB_ERESOURCE, "components: out of host memory");
    if (st == CXB_OK)
        st = load_instance(c, &cp->p);
    if (st != CXB_OK) {
        cxb_cc_teardown(c);
        return st;
    }
    *out = c;
    return CXB_OK;
}

#define CC_SETUP(name, v)                                                                      \
    static cxb_status name(const cxb_params *p, const cxb_env *env, void **ctx)                \
    {                                                                                          \
        return cc_setup(p, env, v, NULL, ctx);                                                 \
    }
CC_SETUP(setup_recursive, CXB_CC_RECURSIVE)
CC_SETUP(setup_unionfind_seq, CXB_CC_UNIONFIND_SEQ)
CC_SETUP(setup_cas, CXB_CC_CAS)
CC_SETUP(setup_unionfind_pth, CXB_CC_UNIONFIND_PTH)
CC_SETUP(setup_afforest_pth, CXB_CC_AFFOREST_PTH)

cxb_status cxb_cc_setup_dev(const cxb_params *p, const cxb_env *env, cxb_cc_variant v, const cxb_cc_dev *dev,
                            void **ctx)
{
    if (!dev)
        return cxb_fail(CXB_EINPUT, "%s: no device table", cxb_cc_variant_id(v));
    return cc_setup(p, env, v, dev, ctx);
}

cxb_status cxb_cc_reset(void *vctx)
{
    cxb_cc_ctx *c = vctx;
    if (c->ran && c->instances > 1) { /* the next sample on the next instance (seed + r) */
        c->ran = 0;
        c->instance = (c->instance + 1) % c->instances;
        cxb_status st = load_instance(c, &((cc_ctx_params *)c)->p);
        uint64_t h;
        if (st == CXB_OK)
            st = ref_hash(c, &h); /* untimed, for the checksum */
        return st;
    }
    c->ran = 0;
    return CXB_OK;
}

cxb_status cxb_cc_run(void *vctx, cxb_phases *ph)
{
    cxb_cc_ctx *c = vctx;
    const cxb_csr *g = c->g;
    cxb_status st;
    memset(&c->st, 0, sizeof c->st);
    c->ran = 1;
    switch (c->variant) {
    case CXB_CC_RECURSIVE:
        st = cxb_cc_recursive_seq(g, &c->cp, c->label, &c->st);
        break;
    case CXB_CC_UNIONFIND_SEQ:
        st = cxb_cc_unionfind_seq(g, c->label);
        break;
    case CXB_CC_CAS:
        st = cxb_cc_cas_pthreads(g, c->pool, c->label, &c->st);
        break;
    case CXB_CC_UNIONFIND_PTH:
        st = cxb_cc_unionfind_pthreads(g, c->pool, c->label);
        break;
    case CXB_CC_AFFOREST_PTH:
        st = cxb_cc_afforest_pthreads(g, &c->cp, c->pool, c->label);
        break;
    default:
        st = c->dev->run(c->devh, c->timing, c->label, &c->st, ph);
        break;
    }
    if (st == CXB_OK && c->fault && g->n) { /* the test hook: merge the last vertex's component into 0's */
        cxb_vid l = c->label[g->n - 1];
        for (uint64_t v = 0; v < g->n && l; ++v)
            if (c->label[v] == l)
                c->label[v] = 0;
    }
    return st;
}

cxb_status cxb_cc_verify(void *vctx)
{
    cxb_cc_ctx *c = vctx;
    cxb_status st = cxb_cc_check(c->g, c->label, c->id);
    if (st != CXB_OK)
        return st;
    uint64_t want, got = cxb_cc_labels_hash(c->label, c->g->n);
    if ((st = ref_hash(c, &want)) != CXB_OK)
        return st;
    if (got == want) {
        /* a reference row's verified labels are that reference's on this graph: the rows after
         * it that are checked against it need not run it again (at Leist's paper sizes one
         * recursive.seq run takes seconds a point) */
        if (!c->borrowed && (c->variant == CXB_CC_RECURSIVE || c->variant == CXB_CC_UNIONFIND_SEQ)) {
            char key[520];
            ref_key_of(c, (int)c->variant, key, sizeof key);
            int known = 0;
            for (unsigned i = 0; i < 64 && !known; ++i)
                known = ref_cache[i].used && !strcmp(ref_cache[i].text, key);
            if (!known)
                ref_store(key, got);
        }
        return CXB_OK;
    }
    cxb_vid *ref = malloc((c->g->n ? c->g->n : 1) * sizeof *ref);
    if (!ref)
        return cxb_fail(CXB_ERESOURCE, "%s: no memory for the reference labels", c->id);
    if ((st = ref_labels(c, ref)) == CXB_OK &&
        (st = cxb_cc_compare(c->label, ref, c->g->n, c->id, cxb_cc_ref_id(c))) == CXB_OK)
        st = cxb_fail(CXB_EFAIL, "%s: labels_hash 0x%016llx != 0x%016llx of %s", c->id, (unsigned long long)got,
                      (unsigned long long)want, cxb_cc_ref_id(c));
    free(ref);
    return st;
}

uint64_t cxb_cc_checksum(void *vctx)
{
    cxb_cc_ctx *c = vctx;
    uint64_t h = cxb_cc_labels_hash(c->label, c->g->n);
    if (c->instance && c->ref_known[c->instance] && c->ref_known[0]) /* instance r against instance 0 */
        h = h - c->ref_hash[c->instance] + c->ref_hash[0];
    return h;
}

void cxb_cc_extra(void *vctx, char *buf, size_t size)
{
    cxb_cc_ctx *c = vctx;
    cxb_cc_summary s;
    if (cxb_cc_summarise(c->g, c->label, &s) != CXB_OK)
        memset(&s, 0, sizeof s);
    size_t len = 0;
#define PUT(...) (len += (size_t)snprintf(buf + len, len < size ? size - len : 0, __VA_ARGS__))
    if (size)
        buf[0] = '\0';
    /* sorted by key (docs/method.md) */
    if (c->backend == CXB_BACKEND_CUDA)
        PUT("alloc_ns=%lld;", (long long)(c->alloc_ms * 1e6));
    if (c->variant == CXB_CC_K3)
        PUT("bfs_levels=%llu;bfs_passes=%llu;", (unsigned long long)c->st.bfs_levels,
            (unsigned long long)c->st.bfs_passes);
    PUT("components=%llu;edges=%llu;", (unsigned long long)s.components, (unsigned long long)c->g->m);
    if (c->backend == CXB_BACKEND_CUDA)
        PUT("h2d_ns=%lld;", (long long)(c->h2d_ms * 1e6));
    PUT("instances=%llu;", (unsigned long long)c->instances);
    if (c->variant == CXB_CC_CAS || c->variant == CXB_CC_K1 || c->variant == CXB_CC_K2)
        PUT("iterations=%llu;", (unsigned long long)c->st.iterations);
    PUT("largest=%llu;ref=%s;", (unsigned long long)s.largest, cxb_cc_ref_id(c));
    if (!c->borrowed)
        PUT("spec=%s;", c->spec.text);
    PUT("vertices=%llu", (unsigned long long)c->g->n);
#undef PUT
}

/* ---- rows ---- */

#define CC_IMPL(id_, be, setup_, summary_)                                                          \
    {.id = id_, .backend = be, .flags = 0, .summary = summary_, .setup = setup_, .reset = cxb_cc_reset, \
     .run = cxb_cc_run, .verify = cxb_cc_verify, .checksum = cxb_cc_checksum, .extra = cxb_cc_extra,   \
     .teardown = cxb_cc_teardown}

static const cxb_impl cc_impls[] = {
    CC_IMPL("components.recursive.seq", CXB_BACKEND_SEQ, setup_recursive,
            "Leist Alg. 22-23: recursive labelling with depth cap rmax and a deferred list; the reference"),
    CC_IMPL("components.cas.pthreads", CXB_BACKEND_PTHREADS, setup_cas,
            "Leist Alg. 24-25: sweeps over 4096-vertex chunks, CAS on labels, relaxed atomics"),
    CC_IMPL("components.unionfind.seq", CXB_BACKEND_SEQ, setup_unionfind_seq,
            "union-find: path halving, larger root under smaller, flatten; the best sequential code"),
    CC_IMPL("components.unionfind.pthreads", CXB_BACKEND_PTHREADS, setup_unionfind_pth,
            "ECL-CC on the CPU: smaller-neighbour init, CAS hooks, intermediate pointer jumping"),
    CC_IMPL("components.afforest.pthreads", CXB_BACKEND_PTHREADS, setup_afforest_pth,
            "GAP Afforest: neighbour rounds, keyed sampling, skip the largest component"),
};

/* ---- presets (docs/studies/components.md "Presets") ---- */

#define CC_CPU                                                                                        \
    "components.recursive.seq,components.unionfind.seq,components.cas.pthreads,"                     \
    "components.unionfind.pthreads,components.afforest.pthreads"
#define CC_FAITHFUL_CPU_K1 "components.recursive.seq,components.cas.pthreads,components.k1.cuda"
#define CC_FAITHFUL CC_FAITHFUL_CPU_K1 ",components.k2.cuda"
#define CC_MODERN "components.unionfind.seq,components.unionfind.pthreads,components.afforest.pthreads," \
                  "components.unionfind.cuda,components.afforest.cuda"
#define CC_ALL CC_CPU "," CXB_CC_CUDA_IDS

/* make bench: three families at small sizes, every row (the CUDA ones where built) */
static const cxb_sweep sweeps_quick[] = {
    {"leist.fig6.5", CC_ALL ",components.k3.cuda", "model=line", "n", "16384,32768,65536,131072"},
    {"leist.fig6.6", CC_ALL, "model=bacopy;m=5;n0=10", "n", "16384,32768,65536,131072"},
    {"leist.fig6.2", CC_ALL, "model=disjoint;e=200000;c=100", "n", "16384,32768,65536,131072"},
    CXB_SWEEPS_END,
};

/* make bench-ci: every family at 10^5 - 10^6 vertices, 3 instances per point, CPU rows */
static const cxb_sweep sweeps_ci[] = {
    {"leist.fig6.2", CC_CPU, "model=disjoint;e=1000000;c=100;instances=3", "n", "100000,200000,400000,800000"},
    {"leist.fig6.3", CC_CPU, "model=disjoint;n=100000;c=100;instances=3", "e", "500000,1000000,2000000"},
    {"leist.fig6.4", CC_CPU, "model=disjoint;n=200000;e=1000000;instances=3", "c", "1,10,100,1000,10000"},
    {"leist.fig6.5", CC_CPU, "model=line;instances=3", "n", "200000,400000,600000,800000,1000000"},
    {"leist.fig6.6", CC_CPU, "model=bacopy;m=5;n0=10;instances=3", "n", "100000,200000,400000"},
    {"leist.fig6.7", CC_CPU, "model=ws;k=10;p=0.01;instances=3", "n", "100000,200000,400000"},
    {"leist.fig6.8", CC_CPU, "model=ws;k=10;p=0.1;instances=3", "n", "100000,200000,400000"},
    {"leist.fig6.9", CC_CPU, "model=ws;k=10;p=1;instances=3", "n", "100000,200000,400000"},
    CXB_SWEEPS_END,
};

/* The thesis's grids (Leist Table 6.2; the point grids are cxbench's choices, docs/studies/components.md),
 * 20 fresh instances per point; Kernel 2 refuses more than 2^27 arcs (tex_limit=1) as on Fermi.
 * Ordered by figure: a figure key as preset runs its slice. */
#define PAPER_FIXED "instances=20;tex_limit=1"
/* W-S: Kernel 2 leaves out the largest point, whose 1.4 x 10^8 arcs exceed the texture limit
 * (Leist Table 6.4 compares W-S at the second largest) */
#define WS_N "2000000,4000000,6000000,8000000,10000000,12000000,14000000"
#define WS_N_FERMI_K2 "2000000,4000000,6000000,8000000,10000000,12000000"
static const cxb_sweep sweeps_paper[] = {
    {"leist.fig6.2", CC_FAITHFUL "," CC_MODERN, "model=disjoint;e=50000000;c=100;" PAPER_FIXED, "n",
     "2000000,4000000,6000000,8000000,10000000,12000000,14000000,16000000"},
    {"leist.fig6.3", CC_FAITHFUL "," CC_MODERN, "model=disjoint;n=1000000;c=100;" PAPER_FIXED, "e",
     "10000000,20000000,30000000,40000000,50000000,60000000"},
    {"leist.fig6.4", CC_FAITHFUL "," CC_MODERN, "model=disjoint;n=5000000;e=60000000;" PAPER_FIXED, "c",
     "1,10,100,1000,10000,100000,1000000"},
    {"leist.fig6.5", CC_FAITHFUL ",components.k3.cuda," CC_MODERN, "model=line;" PAPER_FIXED, "n",
     "200000,400000,600000,800000,1000000"},
    {"leist.fig6.6", CC_FAITHFUL "," CC_MODERN, "model=bacopy;m=5;n0=10;" PAPER_FIXED, "n",
     "1000000,2000000,3000000,4000000,5000000"},
    {"leist.fig6.7", CC_FAITHFUL_CPU_K1 "," CC_MODERN, "model=ws;k=10;p=0.01;" PAPER_FIXED, "n", WS_N},
    {"leist.fig6.7", "components.k2.cuda", "model=ws;k=10;p=0.01;" PAPER_FIXED, "n", WS_N_FERMI_K2},
    {"leist.fig6.8", CC_FAITHFUL_CPU_K1 "," CC_MODERN, "model=ws;k=10;p=0.1;" PAPER_FIXED, "n", WS_N},
    {"leist.fig6.8", "components.k2.cuda", "model=ws;k=10;p=0.1;" PAPER_FIXED, "n", WS_N_FERMI_K2},
    {"leist.fig6.9", CC_FAITHFUL_CPU_K1 "," CC_MODERN, "model=ws;k=10;p=1;" PAPER_FIXED, "n", WS_N},
    {"leist.fig6.9", "components.k2.cuda", "model=ws;k=10;p=1;" PAPER_FIXED, "n", WS_N_FERMI_K2},
    CXB_SWEEPS_END,
};

/* docs/studies/components.md "modern": n = 2^20 ... 2^26, average degree 16, unionfind.seq as the
 * reference (recursive.seq would dominate the run time) */
#define MODERN_N "1048576,4194304,16777216,67108864"
#define MODERN_IDS CC_MODERN ",components.k1.cuda,components.k2.cuda"
static const cxb_sweep sweeps_modern[] = {
    {"cc.modern.rate", MODERN_IDS, "model=bacopy;d=16;ref=unionfind", "n", MODERN_N},
    {"cc.modern.rate", MODERN_IDS, "model=gnm;d=16;ref=unionfind", "n", MODERN_N},
    {"cc.modern.rate", MODERN_IDS, "model=kron;d=16;ref=unionfind", "n", MODERN_N},
    {"cc.modern.rate", MODERN_IDS, "model=wsfast;d=16;p=0.1;ref=unionfind", "n", MODERN_N},
    CXB_SWEEPS_END,
};

/* docs/studies/components.md "scaling": the pthreads rows on 1 and 2 threads, graphs whose CSR
 * (1.1 GiB at n = 2^24, average degree 16) is larger than the L3 of the machine it is meant for
 * (the 2-core CI machine: 480 MiB) */
#define SCALING_IDS "components.unionfind.pthreads,components.afforest.pthreads,components.cas.pthreads"
static const cxb_sweep sweeps_scaling[] = {
    {"cc.scaling", SCALING_IDS, "model=bacopy;d=16;n=16777216;ref=unionfind", "threads", "1,2"},
    {"cc.scaling", SCALING_IDS, "model=gnm;d=16;n=16777216;ref=unionfind", "threads", "1,2"},
    {"cc.scaling", SCALING_IDS, "model=kron;d=16;n=16777216;ref=unionfind", "threads", "1,2"},
    {"cc.scaling", SCALING_IDS, "model=wsfast;d=16;p=0.1;n=16777216;ref=unionfind", "threads", "1,2"},
    CXB_SWEEPS_END,
};

static const cxb_preset cc_presets[] = {
    {"quick", "line, BA and Disjoint 1 at 2^14 - 2^17 vertices, every row (seconds on 2 cores)", sweeps_quick, 0},
    {"ci", "every Leist family at 10^5 - 10^6 vertices, 3 instances, CPU rows (make bench-ci)", sweeps_ci, 0},
    {"paper", "Leist Figs 6.2-6.9 at the thesis's sizes, 20 instances per point (hours)", sweeps_paper,
     CXB_PRESET_BY_SWEEP},
    {"modern", "bacopy, gnm, kron, wsfast at 2^20 - 2^26 vertices, average degree 16 (cc.modern.rate)",
     sweeps_modern, 0},
    {"scaling", "the pthreads rows on 1 and 2 threads, the four models at 2^24 vertices (cc.scaling)",
     sweeps_scaling, 0},
};

/* Leist Table 6.3's slopes are per family and device; the fits here only check that time grows
 * roughly linearly with the graph (docs/studies/components.md), with the thesis's exclusions. */
static const cxb_series_spec cc_series[] = {
    {"components.recursive.seq", "n", 1.0, 0.5, 1, 0, NULL},
    {"components.unionfind.seq", "n", 1.0, 0.5, 1, 0, NULL},
};

/* the figures: suites/components/tables.c (Leist Figs 6.2-6.9 with the published overlay, the
 * modern rate and the anchor comparison) */

static const cxb_command cc_commands[] = {
    {"graph components", cxb_cli_graph_components, cxb_graph_components_forms,
     "label the connected components of a graph file or a generated graph with any row", NULL},
};

const cxb_study cxb_study_components = {
    .name = "components",
    .summary = "connected-component labelling: Leist's CPU and CUDA kernels, union-find, Afforest (Leist Sec. 6.1)",
    .reference_impl = "components.recursive.seq",
    .impls = cc_impls,
    .nimpls = sizeof cc_impls / sizeof cc_impls[0],
    .presets = cc_presets,
    .npresets = sizeof cc_presets / sizeof cc_presets[0],
    .series = cc_series,
    .nseries = sizeof cc_series / sizeof cc_series[0],
    .figures = cxb_components_figures,
    .nfigures = CXB_COMPONENTS_NFIGURES,
    .time_unit_of_work = "edges",
    .work = cxb_cc_work,
    .commands = cc_commands,
    .ncommands = sizeof cc_commands / sizeof cc_commands[0],
    .print_tables = cxb_components_tables_print,
    .print_tables_sets = cxb_components_tables_print_sets,
    .claims = cxb_components_claims,
};
