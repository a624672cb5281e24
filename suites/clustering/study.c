/* suites/clustering/study.c - the clustering study (docs/studies/clustering.md): the clustering
 * coefficient and triangle counting after Leist 2011, Sec. 6.2 (Alg. 30-38), with modern
 * degree-ordered triangle counters (GAP's tc; docs/studies/clustering.md "Modern triangle
 * counting"). Its CPU rows, the row code its CUDA rows share (cxb_cl_setup_dev, rows.h), the
 * presets and sweeps of Leist Figs 6.12-6.13 and the modern rate sweep, and the `graph
 * clustering` command (cli.c).
 *
 * A point's input graph comes from its parameters (docs/studies/clustering.md "Parameters"):
 * model and its keys (n, k, p, m, n0, scale, ef, dims, periodic), or d (average degree) from
 * which the model's degree key is derived; ws_model=wsfast replaces Leist's exact WS by the
 * parallel one. Leist's BA graphs are the bacopy model (docs/studies/clustering.md
 * "Deviations"). Instance r of a point (instances=K: the samples cycle through r = 0 .. K-1,
 * each graph built in the untimed reset) uses seed + r.
 *
 * Verification (docs/studies/clustering.md "Verification"): the invariants (cxb_cl_check: W from
 * the degrees, Σ T_v = 3T, T_v <= C(d_v, 2)), then T and W equal to the reference's and, for
 * rows with per-vertex counts, the T_v hash equal to the reference's (on a mismatch the full
 * comparison names the first differing vertex). The reference is clustering.tcmerge.seq
 * (ref=smallest chooses clustering.smallest.seq); the reference row itself is verified against
 * the other one, except that tcmerge.seq on graphs of more than 2^24 arcs (modern sizes, where
 * smallest.seq would take hours on skewed graphs) is checked against itself run with the other
 * relabelling (a different orientation numbering and merge order) and the invariants. Reference
 * integers are computed once per graph and process, when first needed (verify; reset of the next
 * instance), never at setup. The checksum mixes
 * T, W and the T_v hash, shifted by the difference of the instance's reference from instance 0's,
 * so that every correct sample of a point has the verified run's checksum.
 *
 * fault=1 is a test hook: after the run, T is increased by one and (with per-vertex counts) T_v
 * of three vertices of degree >= 2 by one each when three exist, so that the invariant
 * Σ T_v = 3T still holds and tests can show that the comparison with the reference catches it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/core/pool.h"
#include "harness/params.h"
#include "suites/clustering/cli.h"
#include "suites/clustering/rows.h"
#include "suites/clustering/tables.h"
#include "suites/graph/input.h"

static const char *const variant_ids[CXB_CL_NVARIANTS] = {
    "clustering.smallest.seq",   "clustering.smallest.pthreads", "clustering.smallest.pthreadsgrain",
    "clustering.k1.cuda",        "clustering.k2.cuda",           "clustering.k1.mgpu",
    "clustering.k2.mgpu",        "clustering.tcmerge.seq",       "clustering.tcmerge.pthreads",
    "clustering.tcmerge.cuda",   "clustering.tcbsearch.cuda",    "clustering.tchash.cuda",
    "clustering.tcbitmap.cuda"};

const char *cxb_cl_variant_id(cxb_cl_variant v)
{
    return (unsigned)v < CXB_CL_NVARIANTS ? variant_ids[v] : "clustering.?";
}

int cxb_cl_variant_of(const char *id)
{
    for (int v = 0; v < CXB_CL_NVARIANTS; ++v)
        if (!strcmp(id, variant_ids[v]))
            return v;
    return -1;
}

int cxb_cl_variant_has_tv(cxb_cl_variant v)
{
    return v == CXB_CL_TCMERGE_SEQ || v == CXB_CL_TCMERGE_PTH || v == CXB_CL_TCMERGE_CUDA ||
           v == CXB_CL_TCBSEARCH_CUDA || v == CXB_CL_TCHASH_CUDA || v == CXB_CL_TCBITMAP_CUDA;
}

static const char *const cl_keys[] = {"model", "n", "k", "p", "m", "n0", "scale", "ef", "dims", "periodic", "d",
                                      "seed", "instances", "ws_model", "ref", "threads", "order", "block",
                                      "grain", "chunk", "sort", "prefetch", "relabel", "gpus", "deg_warp",
                                      "deg_block", "fault", NULL};
static const char *const ref_names[] = {"tcmerge", "smallest", "tcmerge.pthreads", NULL};
static const char *const order_names[] = {"smallest", "reversed", NULL};
static const char *const sort_names[] = {"host", "gpu", NULL};
static const char *const relabel_names[] = {"auto", "0", "1", "id", NULL};

/* ---- the command line's borrowed input ---- */

static const cxb_csr *input_graph;
static const char *input_name;

void cxb_cl_input_set(const cxb_csr *g, const char *name)
{
    input_graph = g;
    input_name = name;
}

/* ---- the generator spec of a point (docs/studies/clustering.md "Parameters") ---- */

static const char *const cl_pass[] = {"k", "p", "m", "n0", "scale", "ef", "dims", "periodic", NULL};
static const cxb_ginput_rules cl_rules = {"clustering", 1u << 14, cl_pass};

/* The spec text of the instance with this seed into out (suites/graph/input.h). */
static cxb_status spec_text(const cxb_params *p, uint64_t seed, char *out, size_t size)
{
    return cxb_ginput_spec_text(p, &cl_rules, seed, out, size);
}

uint64_t cxb_cl_work(const cxb_impl *impl, const cxb_params *params)
{
    (void)impl;
    return cxb_ginput_work(params, &cl_rules);
}

/* ---- the reference, once per graph and process ---- */

typedef struct ref_entry {
    char text[520];
    uint64_t T, W, tvh;
    int used;
} ref_entry;
static ref_entry ref_cache[64];
static unsigned ref_next;

#define CL_REF_SMALLEST_ARCS (1ull << 24) /* tcmerge.seq checked by smallest.seq up to this many arcs */

static int ref_variant(const cxb_cl_ctx *c)
{
    int k = c->ref_kind;
    if ((int)c->variant == k && k == CXB_CL_TCMERGE_PTH)
        return CXB_CL_TCMERGE_SEQ; /* the threaded reference row itself: against the sequential one */
    if ((int)c->variant == k) { /* a reference row is verified against the other one */
        if (k == CXB_CL_TCMERGE_SEQ && c->g && c->g->nnz > CL_REF_SMALLEST_ARCS)
            return k; /* modern sizes: itself in the other orientation numbering (ref_run) */
        k = k == CXB_CL_TCMERGE_SEQ ? CXB_CL_SMALLEST_SEQ : CXB_CL_TCMERGE_SEQ;
    }
    return k;
}

/* whether the reference counts T_v too (smallest.seq does not) */
static int ref_has_tv(const cxb_cl_ctx *c)
{
    const int k = ref_variant(c);
    return k == CXB_CL_TCMERGE_SEQ || k == CXB_CL_TCMERGE_PTH;
}

const char *cxb_cl_ref_id(const cxb_cl_ctx *c)
{
    return cxb_cl_variant_id((cxb_cl_variant)ref_variant(c));
}

/* The reference's counts of the current graph (tv: n entries or NULL). */
static cxb_status ref_run(const cxb_cl_ctx *c, cxb_cl_result *r, uint64_t *tv)
{
    cxb_cl_params rp = c->cp;
    rp.order = CXB_CL_ORDER_SMALLEST;
    memset(r, 0, sizeof *r);
    r->tv = tv;
    const int k = ref_variant(c);
    if (k == CXB_CL_SMALLEST_SEQ)
        return cxb_cl_smallest_seq(c->g, &rp, r);
    rp.relabel = 0;
    if (k == CXB_CL_TCMERGE_PTH) /* the same counts on the run's pool (setup made sure there is one) */
        return cxb_cl_tcmerge_pthreads(c->g, &rp, c->pool, r);
    if (c->variant == CXB_CL_TCMERGE_SEQ) /* checking itself: another orientation (relabel 0 or 1) */
        rp.relabel = !((c->cp.relabel < 0 ? cxb_cl_orient_auto(c->g) : c->cp.relabel) == 1);
    return cxb_cl_tcmerge_seq(c->g, &rp, r);
}

/* The reference integers of the current instance (computed and cached on first use). */
static cxb_status ref_load(cxb_cl_ctx *c)
{
    if (c->ref_known)
        return CXB_OK;
    char key[520];
    snprintf(key, sizeof key, "%s|%d", c->graph, ref_variant(c));
    if (!c->borrowed)
        for (unsigned i = 0; i < 64; ++i)
            if (ref_cache[i].used && !strcmp(ref_cache[i].text, key)) {
                c->ref_T = ref_cache[i].T, c->ref_W = ref_cache[i].W, c->ref_tvh = ref_cache[i].tvh;
                c->ref_known = 1;
                if (c->instance == 0)
                    c->ref0_T = c->ref_T, c->ref0_W = c->ref_W, c->ref0_tvh = c->ref_tvh, c->ref0_known = 1;
                return CXB_OK;
            }
    int want_tv = ref_has_tv(c);
    uint64_t *tv = want_tv ? malloc((c->g->n ? c->g->n : 1) * sizeof *tv) : NULL;
    if (want_tv && !tv)
        return cxb_fail(CXB_ERESOURCE, "%s: no memory for the reference's per-vertex counts", c->id);
    cxb_cl_result r;
    cxb_status st = ref_run(c, &r, tv);
    if (st == CXB_OK) {
        c->ref_T = r.T, c->ref_W = r.W;
        c->ref_tvh = tv ? cxb_cl_tv_hash(tv, c->g->n) : 0;
        c->ref_known = 1;
        if (c->instance == 0)
            c->ref0_T = c->ref_T, c->ref0_W = c->ref_W, c->ref0_tvh = c->ref_tvh, c->ref0_known = 1;
        if (!c->borrowed) {
            ref_entry *e = &ref_cache[ref_next++ % 64];
            snprintf(e->text, sizeof e->text, "%s", key);
            e->T = c->ref_T, e->W = c->ref_W, e->tvh = c->ref_tvh;
            e->used = 1;
        }
    }
    free(tv);
    return st;
}

/* ---- the input of an instance ---- */

static void close_dev(cxb_cl_ctx *c)
{
    if (c->devh)
        c->dev->close(c->devh);
    c->devh = NULL;
}

static cxb_status load_instance(cxb_cl_ctx *c, const cxb_params *p)
{
    close_dev(c);
    c->ref_known = 0;
    if (!c->borrowed) {
        cxb_status st = spec_text(p, c->seed + c->instance, c->graph, sizeof c->graph);
        cxb_gen_spec s;
        if (st == CXB_OK)
            st = cxb_gen_parse(c->graph, &s);
        if (st != CXB_OK)
            return st;
        snprintf(c->graph, sizeof c->graph, "%s", s.text);
        if (c->instance == 0)
            c->spec = s;
        cxb_gstore_put(c->held);
        c->held = NULL;
        c->g = NULL;
        /* generation is untimed; built once for all the rows of the run (suites/graph/store.h) */
        if ((st = cxb_gstore_get(&s, c->pool, 0, &c->g, &c->held)) != CXB_OK)
            return st;
    }
    if (c->g->flags & CXB_CSR_MULTI)
        return cxb_fail(CXB_EINPUT, "%s: multigraph input (the clustering study needs a simple graph)", c->id);
    free(c->tv);
    c->tv = NULL;
    if (cxb_cl_variant_has_tv(c->variant)) {
        c->tv = calloc(c->g->n ? c->g->n : 1, sizeof *c->tv);
        if (!c->tv)
            return cxb_fail(CXB_ERESOURCE, "%s: no memory for %llu per-vertex counts", c->id,
                            (unsigned long long)c->g->n);
    }
    if (c->backend == CXB_BACKEND_CUDA)
        return c->dev->open(c->g, c->variant, &c->cp, c->stream, c->pool, &c->devh, &c->alloc_ms, &c->h2d_ms);
    return CXB_OK;
}

/* ---- the descriptor's functions ---- */

void cxb_cl_teardown(void *vctx)
{
    cxb_cl_ctx *c = vctx;
    if (!c)
        return;
    close_dev(c);
    cxb_gstore_put(c->held);
    free(c->tv);
    free(c->ref_tv);
    free(c);
}

/* The parameters kept for the instances (reset regenerates from them). */
typedef struct cl_ctx_params {
    cxb_cl_ctx c;
    cxb_params p;
} cl_ctx_params;

static int is_seq(cxb_cl_variant v)
{
    return v == CXB_CL_SMALLEST_SEQ || v == CXB_CL_TCMERGE_SEQ;
}

static cxb_status cl_setup(const cxb_params *p, const cxb_env *env, cxb_cl_variant v, const cxb_cl_dev *dev,
                           void **out)
{
    cl_ctx_params *cp = calloc(1, sizeof *cp);
    if (!cp)
        return cxb_fail(CXB_ERESOURCE, "clustering: out of host memory");
    cxb_cl_ctx *c = &cp->c;
    cp->p = *p;
    c->variant = v;
    c->id = cxb_cl_variant_id(v);
    c->backend = is_seq(v) ? CXB_BACKEND_SEQ : dev ? CXB_BACKEND_CUDA : CXB_BACKEND_PTHREADS;
    c->dev = dev;
    c->pool = env ? env->pool : NULL;
    c->timing = env ? env->timing : NULL;
    c->stream = env ? env->stream : NULL;
    cxb_cl_params_init(&c->cp);
    uint64_t block, grain, chunk, prefetch, gpus, dw, db, fault = 0, threads = env ? env->threads : 0;
    int refc = 0, order = 0, sort = 0, relabel = 0;
    cxb_status st = cxb_params_check_keys(p, cl_keys);
    if (st == CXB_OK && (st = cxb_params_u64(p, "seed", 1, &c->seed)) == CXB_OK &&
        (st = cxb_params_u64(p, "instances", 1, &c->instances)) == CXB_OK &&
        (st = cxb_params_u64(p, "block", c->cp.block, &block)) == CXB_OK &&
        (st = cxb_params_u64(p, "grain", c->cp.grain, &grain)) == CXB_OK &&
        (st = cxb_params_u64(p, "chunk", c->cp.chunk, &chunk)) == CXB_OK &&
        (st = cxb_params_u64(p, "prefetch", (uint64_t)c->cp.prefetch, &prefetch)) == CXB_OK &&
        (st = cxb_params_u64(p, "gpus", c->cp.gpus, &gpus)) == CXB_OK &&
        (st = cxb_params_u64(p, "deg_warp", c->cp.deg_warp, &dw)) == CXB_OK &&
        (st = cxb_params_u64(p, "deg_block", c->cp.deg_block, &db)) == CXB_OK &&
        (st = cxb_params_choice(p, "ref", ref_names, 0, &refc)) == CXB_OK &&
        (st = cxb_params_choice(p, "order", order_names, 0, &order)) == CXB_OK &&
        (st = cxb_params_choice(p, "sort", sort_names, 0, &sort)) == CXB_OK &&
        (st = cxb_params_choice(p, "relabel", relabel_names, 0, &relabel)) == CXB_OK &&
        (st = cxb_params_u64(p, "fault", 0, &fault)) == CXB_OK)
        st = cxb_params_u64(p, "threads", threads, &threads);
    if (st == CXB_OK && (c->instances == 0 || c->instances > 1000000))
        st = cxb_fail(CXB_EINPUT, "--set instances=%llu: 1 to 10^6", (unsigned long long)c->instances);
    if (st == CXB_OK && (block == 0 || block > 0xffffffffu))
        st = cxb_fail(CXB_EINPUT, "--set block=%llu: 1 to 2^32 - 1", (unsigned long long)block);
    if (st == CXB_OK && (grain < 2 || grain > 0xffffffffu))
        st = cxb_fail(CXB_EINPUT, "--set grain=%llu: 2 to 2^32 - 1", (unsigned long long)grain);
    if (st == CXB_OK && prefetch != 0 && prefetch != 7)
        st = cxb_fail(CXB_EINPUT, "--set prefetch=%llu: 0 or 7", (unsigned long long)prefetch);
    if (st == CXB_OK && gpus > 64)
        st = cxb_fail(CXB_EINPUT, "--set gpus=%llu: 0 (every visible GPU) to 64", (unsigned long long)gpus);
    if (st == CXB_OK && (dw == 0 || db < dw || db > 0xffffffffu))
        st = cxb_fail(CXB_EINPUT, "--set deg_warp=%llu,deg_block=%llu: need 1 <= deg_warp <= deg_block < 2^32",
                      (unsigned long long)dw, (unsigned long long)db);
    if (st == CXB_OK && refc == 2 && !c->pool)
        st = cxb_fail(CXB_EINPUT, "%s: --set ref=tcmerge.pthreads: no thread pool", c->id);
    if (st == CXB_OK && relabel >= 2 && v >= CXB_CL_TCMERGE_CUDA) /* relabel 1 or id */
        st = cxb_fail(CXB_EINPUT, "%s: --set relabel=%s: the CUDA counters orient by (degree, id) without "
                      "relabelling (relabel=0 or auto)", c->id, relabel_names[relabel]);
    if (st == CXB_OK && order && !(v <= CXB_CL_K2_MGPU))
        st = cxb_fail(CXB_EINPUT, "%s: --set order=reversed applies to smallest.*, k1.* and k2.* only", c->id);
    if (st == CXB_OK && c->backend == CXB_BACKEND_PTHREADS && (!c->pool || threads != (env ? env->threads : 0)))
        st = cxb_fail(CXB_EINPUT, "%s: --set threads=%llu: no pool of that many workers", c->id,
                      (unsigned long long)threads);
    if (st != CXB_OK) {
        cxb_cl_teardown(c);
        return st;
    }
    c->cp.order = order;
    c->cp.block = (uint32_t)block;
    c->cp.grain = (uint32_t)grain;
    c->cp.chunk = chunk;
    c->cp.sort_gpu = sort;
    c->cp.prefetch = (int)prefetch;
    c->cp.relabel = relabel == 0 ? CXB_CL_RELABEL_AUTO : relabel == 3 ? CXB_CL_ORIENT_ID : relabel - 1;
    c->cp.gpus = (uint32_t)gpus;
    c->cp.deg_warp = (uint32_t)dw;
    c->cp.deg_block = (uint32_t)db;
    c->fault = fault != 0;
    c->ref_kind = refc == 1 ? CXB_CL_SMALLEST_SEQ : refc == 2 ? CXB_CL_TCMERGE_PTH : CXB_CL_TCMERGE_SEQ;
    if (input_graph) { /* the command line's graph */
        c->borrowed = 1;
        c->g = input_graph;
        c->instances = 1;
        snprintf(c->graph, sizeof c->graph, "%s", input_name ? input_name : "input");
    }
    st = load_instance(c, &cp->p);
    if (st != CXB_OK) {
        cxb_cl_teardown(c);
        return st;
    }
    *out = c;
    return CXB_OK;
}

#define CL_SETUP(name, v)                                                                      \
    static cxb_status name(const cxb_params *p, const cxb_env *env, void **ctx)                \
    {                                                                                          \
        return cl_setup(p, env, v, NULL, ctx);                                                 \
    }
CL_SETUP(setup_smallest_seq, CXB_CL_SMALLEST_SEQ)
CL_SETUP(setup_smallest_pth, CXB_CL_SMALLEST_PTH)
CL_SETUP(setup_smallest_grain, CXB_CL_SMALLEST_GRAIN)
CL_SETUP(setup_tcmerge_seq, CXB_CL_TCMERGE_SEQ)
CL_SETUP(setup_tcmerge_pth, CXB_CL_TCMERGE_PTH)

cxb_status cxb_cl_setup_dev(const cxb_params *p, const cxb_env *env, cxb_cl_variant v, const cxb_cl_dev *dev,
                            void **ctx)
{
    if (!dev)
        return cxb_fail(CXB_EINPUT, "%s: no device table", cxb_cl_variant_id(v));
    return cl_setup(p, env, v, dev, ctx);
}

cxb_status cxb_cl_reset(void *vctx)
{
    cxb_cl_ctx *c = vctx;
    if (c->ran && c->instances > 1) { /* the next sample on the next instance (seed + r) */
        c->ran = 0;
        c->instance = (c->instance + 1) % c->instances;
        cxb_status st = load_instance(c, &((cl_ctx_params *)c)->p);
        if (st == CXB_OK)
            st = ref_load(c); /* untimed, for the checksum */
        return st;
    }
    c->ran = 0;
    return CXB_OK;
}

cxb_status cxb_cl_run(void *vctx, cxb_phases *ph)
{
    cxb_cl_ctx *c = vctx;
    const cxb_csr *g = c->g;
    cxb_status st;
    cxb_cl_result *r = &c->res;
    memset(r, 0, sizeof *r);
    r->tv = c->tv;
    c->ran = 1;
    switch (c->variant) {
    case CXB_CL_SMALLEST_SEQ:
        st = cxb_cl_smallest_seq(g, &c->cp, r);
        break;
    case CXB_CL_SMALLEST_PTH:
        st = cxb_cl_smallest_pthreads(g, &c->cp, c->pool, r);
        break;
    case CXB_CL_SMALLEST_GRAIN:
        st = cxb_cl_smallest_grain(g, &c->cp, c->pool, r);
        break;
    case CXB_CL_TCMERGE_SEQ:
        st = cxb_cl_tcmerge_seq(g, &c->cp, r);
        break;
    case CXB_CL_TCMERGE_PTH:
        st = cxb_cl_tcmerge_pthreads(g, &c->cp, c->pool, r);
        break;
    default:
        st = c->dev->run(c->devh, c->timing, r, ph);
        break;
    }
    if (st == CXB_OK && c->fault) { /* the test hook: one triangle too many, consistently */
        r->T += 1;
        if (r->has_tv && r->tv) {
            unsigned hit = 0;
            for (uint64_t v = 0; v < g->n && hit < 3; ++v)
                if (g->off[v + 1] - g->off[v] >= 2 && r->tv[v] < cxb_cl_wedges(g->off[v + 1] - g->off[v]))
                    ++r->tv[v], ++hit;
        }
    }
    return st;
}

cxb_status cxb_cl_verify(void *vctx)
{
    cxb_cl_ctx *c = vctx;
    const cxb_cl_result *r = &c->res;
    const uint64_t *tv = r->has_tv ? r->tv : NULL;
    cxb_status st;
    if ((st = ref_load(c)) != CXB_OK)
        return st;
    if (r->T != c->ref_T)
        return cxb_fail(CXB_EFAIL, "%s: triangles %llu != %llu of %s", c->id, (unsigned long long)r->T,
                        (unsigned long long)c->ref_T, cxb_cl_ref_id(c));
    if (r->W != c->ref_W)
        return cxb_fail(CXB_EFAIL, "%s: triples %llu != %llu of %s", c->id, (unsigned long long)r->W,
                        (unsigned long long)c->ref_W, cxb_cl_ref_id(c));
    if ((st = cxb_cl_check(c->g, r->T, r->W, tv, c->id)) != CXB_OK)
        return st;
    if (!tv || !ref_has_tv(c))
        return CXB_OK; /* smallest.seq has no per-vertex counts: the invariants above check them */
    uint64_t got = cxb_cl_tv_hash(tv, c->g->n);
    if (got == c->ref_tvh)
        return CXB_OK;
    if (!c->ref_tv && !(c->ref_tv = malloc((c->g->n ? c->g->n : 1) * sizeof *c->ref_tv)))
        return cxb_fail(CXB_ERESOURCE, "%s: no memory for the reference's per-vertex counts", c->id);
    cxb_cl_result rr;
    if ((st = ref_run(c, &rr, c->ref_tv)) == CXB_OK &&
        (st = cxb_cl_compare_tv(tv, c->ref_tv, c->g->n, c->id, cxb_cl_ref_id(c))) == CXB_OK)
        st = cxb_fail(CXB_EFAIL, "%s: per-vertex hash 0x%016llx != 0x%016llx of %s", c->id,
                      (unsigned long long)got, (unsigned long long)c->ref_tvh, cxb_cl_ref_id(c));
    return st;
}

static uint64_t mixed(uint64_t T, uint64_t W, uint64_t tvh)
{
    return cxb_mix64(T ^ 0x54726961ull) + cxb_mix64(W ^ 0x54726970ull) + tvh;
}

uint64_t cxb_cl_checksum(void *vctx)
{
    cxb_cl_ctx *c = vctx;
    const cxb_cl_result *r = &c->res;
    /* the T_v hash enters when the reference has per-vertex counts to shift it by */
    int tvk = r->has_tv && r->tv && ref_has_tv(c);
    uint64_t tvh = tvk ? cxb_cl_tv_hash(r->tv, c->g->n) : 0;
    uint64_t h = mixed(r->T, r->W, tvh);
    if (c->instance && c->ref_known && c->ref0_known) /* instance r against instance 0 */
        h = h - mixed(c->ref_T, c->ref_W, tvk ? c->ref_tvh : 0) + mixed(c->ref0_T, c->ref0_W, tvk ? c->ref0_tvh : 0);
    return h;
}

static void put_double(char *buf, size_t size, size_t *len, const char *key, double x)
{
    if (isnan(x))
        *len += (size_t)snprintf(buf + *len, *len < size ? size - *len : 0, "%s=nan;", key);
    else
        *len += (size_t)snprintf(buf + *len, *len < size ? size - *len : 0, "%s=%.17g;", key, x);
}

void cxb_cl_extra(void *vctx, char *buf, size_t size)
{
    cxb_cl_ctx *c = vctx;
    const cxb_cl_result *r = &c->res;
    cxb_cl_summary s;
    cxb_cl_summarise(c->g, r->T, r->W, r->has_tv ? r->tv : NULL, &s);
    size_t len = 0;
#define PUT(...) (len += (size_t)snprintf(buf + len, len < size ? size - len : 0, __VA_ARGS__))
    if (size)
        buf[0] = '\0';
    /* sorted by key (docs/method.md) */
    PUT("T=%llu;W=%llu;", (unsigned long long)r->T, (unsigned long long)r->W);
    if (c->backend == CXB_BACKEND_CUDA)
        PUT("alloc_ns=%lld;", (long long)(c->alloc_ms * 1e6));
    if (r->has_tv) {
        put_double(buf, size, &len, "avg_local", s.avg_local);
        put_double(buf, size, &len, "avg_local_deg2", s.avg_local_deg2);
    }
    if (c->variant == CXB_CL_SMALLEST_PTH)
        PUT("block=%u;", c->cp.block);
    PUT("edges=%llu;", (unsigned long long)c->g->m);
    if (c->variant == CXB_CL_K1_MGPU || c->variant == CXB_CL_K2_MGPU)
        PUT("gpus=%u;", r->gpus);
    if (c->variant == CXB_CL_SMALLEST_GRAIN)
        PUT("grain=%u;", c->cp.grain);
    if (c->backend == CXB_BACKEND_CUDA)
        PUT("h2d_ns=%lld;", (long long)(c->h2d_ms * 1e6));
    PUT("instances=%llu;", (unsigned long long)c->instances);
    if (c->variant <= CXB_CL_K2_MGPU)
        PUT("order=%s;", order_names[c->cp.order ? 1 : 0]);
    if (r->prep_ms > 0 || cxb_cl_variant_has_tv(c->variant))
        PUT("prep_ns=%lld;", (long long)(r->prep_ms * 1e6));
    PUT("ref=%s;", cxb_cl_ref_id(c));
    if (r->sort_ms > 0 || c->variant == CXB_CL_K2_CUDA || c->variant == CXB_CL_K2_MGPU)
        PUT("sort_ns=%lld;", (long long)(r->sort_ms * 1e6));
    if (!c->borrowed)
        PUT("spec=%s;", c->spec.text);
    put_double(buf, size, &len, "transitivity", s.transitivity);
    if (r->has_tv)
        PUT("tv_hash=0x%016llx;", (unsigned long long)s.tv_hash);
    PUT("vertices=%llu", (unsigned long long)c->g->n);
#undef PUT
}

/* ---- rows ---- */

#define CL_IMPL(id_, be, setup_, summary_)                                                          \
    {.id = id_, .backend = be, .flags = 0, .summary = summary_, .setup = setup_, .reset = cxb_cl_reset, \
     .run = cxb_cl_run, .verify = cxb_cl_verify, .checksum = cxb_cl_checksum, .extra = cxb_cl_extra,   \
     .teardown = cxb_cl_teardown}

static const cxb_impl cl_impls[] = {
    CL_IMPL("clustering.smallest.seq", CXB_BACKEND_SEQ, setup_smallest_seq,
            "Leist Alg. 30: path enumeration, the smallest id owns each triangle (order=reversed: the largest)"),
    CL_IMPL("clustering.smallest.pthreads", CXB_BACKEND_PTHREADS, setup_smallest_pth,
            "Leist Alg. 31-32: Alg. 30 over blocks of `block` vertices from a mutex-protected cursor"),
    CL_IMPL("clustering.smallest.pthreadsgrain", CXB_BACKEND_PTHREADS, setup_smallest_grain,
            "Leist Alg. 33-35: TBB simple_partitioner, grain 10: chunks of 5-10 vertices taken dynamically"),
    CL_IMPL("clustering.tcmerge.seq", CXB_BACKEND_SEQ, setup_tcmerge_seq,
            "degree orientation (prep) + sorted merge per oriented arc: T, W, every T_v; the reference"),
    CL_IMPL("clustering.tcmerge.pthreads", CXB_BACKEND_PTHREADS, setup_tcmerge_pth,
            "degree orientation on the pool + merge over 64-row chunks, atomic per-vertex counts"),
};

/* ---- presets (docs/studies/clustering.md "Presets") ---- */

#define CL_FAITHFUL_CPU "clustering.smallest.seq,clustering.smallest.pthreads,clustering.smallest.pthreadsgrain"
#define CL_CPU CL_FAITHFUL_CPU ",clustering.tcmerge.seq,clustering.tcmerge.pthreads"
#define CL_FAITHFUL CL_FAITHFUL_CPU ",clustering.k1.cuda,clustering.k2.cuda," CXB_CL_MGPU_IDS
#define CL_MODERN "clustering.tcmerge.seq,clustering.tcmerge.pthreads,clustering.tcmerge.cuda," \
                  "clustering.tcbsearch.cuda,clustering.tchash.cuda,clustering.tcbitmap.cuda"
#define CL_ALL CL_CPU "," CXB_CL_CUDA_IDS "," CXB_CL_MGPU_IDS

/* make bench: WS and BA at small sizes, every row (the CUDA ones where built) */
static const cxb_sweep sweeps_quick[] = {
    {"leist.fig6.12", CL_ALL, "model=ws;k=10;p=0.1", "n", "4096,8192,16384,32768,49152,65536"},
    {"leist.fig6.13", CL_ALL, "model=bacopy;m=5;n0=10", "n", "4096,8192,16384,32768,49152,65536"},
    CXB_SWEEPS_END,
};

/* make bench-ci: WS k = 10 and BA m = 5 at |V| <= 50,000 (docs/studies/clustering.md), 3
 * instances, CPU rows, and the block sweep of smallest.pthreads */
static const cxb_sweep sweeps_ci[] = {
    {"leist.fig6.12", CL_CPU, "model=ws;k=10;p=0.1;instances=3", "n", "10000,20000,30000,40000,50000"},
    {"leist.fig6.13", CL_CPU, "model=bacopy;m=5;n0=10;instances=3", "n", "10000,20000,30000,40000,50000"},
    {"clustering.block", "clustering.smallest.pthreads", "model=bacopy;m=5;n0=10;n=50000", "block",
     "1,8,64,512,4096"},
    {"leist.reversed", "clustering.smallest.seq", "model=bacopy;m=5;n0=10;n=50000", "order", "smallest,reversed"},
    CXB_SWEEPS_END,
};

/* The thesis's graphs (Leist Sec. 6.2.4, Figs 6.12-6.13; the point grids are cxbench's choices,
 * docs/studies/clustering.md), 20 measurements per point. Ordered by figure: a figure key as
 * preset runs its slice; leist.tab6.5 is computed from the two figures' sweeps. */
static const cxb_sweep sweeps_paper[] = {
    {"leist.fig6.12", CL_FAITHFUL ",clustering.tcmerge.seq", "model=ws;k=50;p=0.1", "n",
     "100000,200000,300000,400000,500000,600000,700000,800000,900000,1000000"},
    {"leist.fig6.13", CL_FAITHFUL ",clustering.tcmerge.seq", "model=bacopy;m=25;n0=50", "n",
     "20000,40000,60000,80000,100000,120000,140000,160000,180000,200000"},
    {"leist.reversed", "clustering.smallest.seq,clustering.k1.cuda,clustering.k2.cuda",
     "model=bacopy;m=25;n0=50;n=200000", "order", "smallest,reversed"},
    CXB_SWEEPS_END,
};

/* docs/studies/clustering.md "modern": n = 2^20 ... 2^24, average degree 16 */
#define MODERN_N "1048576,4194304,16777216"
static const cxb_sweep sweeps_modern[] = {
    {"tc.modern.rate", CL_MODERN, "model=bacopy;d=16", "n", MODERN_N},
    {"tc.modern.rate", CL_MODERN, "model=gnm;d=16", "n", MODERN_N},
    {"tc.modern.rate", CL_MODERN, "model=kron;d=16", "n", MODERN_N},
    {"tc.modern.rate", CL_MODERN, "model=wsfast;d=16;p=0.1", "n", MODERN_N},
    CXB_SWEEPS_END,
};

/* docs/studies/clustering.md "scaling": tcmerge.pthreads on 1 and 2 threads, the four models
 * at 2^22 vertices, average degree 16 (tcmerge.seq the reference) */
static const cxb_sweep sweeps_scaling[] = {
    {"tc.scaling", "clustering.tcmerge.pthreads", "model=bacopy;d=16;n=4194304", "threads", "1,2"},
    {"tc.scaling", "clustering.tcmerge.pthreads", "model=gnm;d=16;n=4194304", "threads", "1,2"},
    {"tc.scaling", "clustering.tcmerge.pthreads", "model=kron;d=16;n=4194304", "threads", "1,2"},
    {"tc.scaling", "clustering.tcmerge.pthreads", "model=wsfast;d=16;p=0.1;n=4194304", "threads", "1,2"},
    CXB_SWEEPS_END,
};

static const cxb_preset cl_presets[] = {
    {"quick", "WS and BA at 2^12 - 2^15 vertices, every row (seconds on 2 cores)", sweeps_quick, 0},
    {"ci", "WS k = 10 and BA m = 5 at 10^4 - 5*10^4 vertices, 3 instances, CPU rows, block sweep (make bench-ci)",
     sweeps_ci, 0},
    {"paper", "Leist Figs 6.12-6.13 and the reversed-order experiment at the thesis's sizes (hours)", sweeps_paper,
     CXB_PRESET_BY_SWEEP},
    {"modern", "bacopy, gnm, kron, wsfast at 2^20 - 2^24 vertices, average degree 16 (tc.modern.rate)",
     sweeps_modern, 0},
    {"scaling", "tcmerge.pthreads on 1 and 2 threads, the four models at 2^22 vertices (tc.scaling)", sweeps_scaling,
     0},
};

/* Leist Table 6.5's slopes: WS ≈ 1.0, BA sequential 1.37 (the fits check the trend; first two
 * points excluded as in the thesis) */
static const cxb_series_spec cl_series[] = {
    {"clustering.smallest.seq", "n", 1.0, 0.5, 0, 0, "first:2"},
    {"clustering.tcmerge.seq", "n", 1.0, 0.5, 0, 0, NULL},
};

static const cxb_command cl_commands[] = {
    {"graph clustering", cxb_cli_graph_clustering, cxb_graph_clustering_forms,
     "count triangles and clustering coefficients of a graph file or a generated graph with any row", NULL},
};

const cxb_study cxb_study_clustering = {
    .name = "clustering",
    .summary = "triangle counting and clustering coefficients: Leist's CPU and CUDA kernels, degree-ordered TC "
               "(Leist Sec. 6.2)",
    .reference_impl = "clustering.tcmerge.seq",
    .impls = cl_impls,
    .nimpls = sizeof cl_impls / sizeof cl_impls[0],
    .presets = cl_presets,
    .npresets = sizeof cl_presets / sizeof cl_presets[0],
    .series = cl_series,
    .nseries = sizeof cl_series / sizeof cl_series[0],
    .figures = cxb_clustering_figures,
    .nfigures = CXB_CLUSTERING_NFIGURES,
    .time_unit_of_work = "edges",
    .work = cxb_cl_work,
    .commands = cl_commands,
    .ncommands = sizeof cl_commands / sizeof cl_commands[0],
    .print_tables = cxb_clustering_tables_print,
    .print_tables_sets = cxb_clustering_tables_print_sets,
    .claims = cxb_clustering_claims,
};
