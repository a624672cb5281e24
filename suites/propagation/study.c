/* suites/propagation/study.c - the propagation study (docs/studies/propagation.md): information
 * propagation over complex networks after Jin et al., "Simulation of Information Propagation over
 * Complex Networks: Performance Studies on Multi-GPU". Its CPU rows (the four loops as seq,
 * pthreads and pthreads_part), the row code its CUDA rows share (rows.h), the presets, and the
 * `propagate` command (cli.c).
 *
 * A point's graph comes from its parameters through the graph studies' input module
 * (suites/graph/input.h: model, n, m, d, scale, ef, a, b, c, seed) or from graph=SPEC (any
 * generator spec or paper:XmYm). The propagation's own keys: prob (the transmission probability
 * p; "p" stays the generators' key), pseed (draws and sources, default 1), sources, model,
 * switch, orient, partition, parts, max_steps.
 *
 * Verification: the act array equals propagation.cloop.seq's, vertex for vertex (docs "Verification");
 * the reference itself is checked against the pure T-Loop (propagation.tloop.seq), which runs
 * other row code. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/core/pool.h"
#include "harness/params.h"
#include "suites/graph/input.h"
#include "suites/propagation/claims.h"
#include "suites/propagation/cli.h"
#include "suites/propagation/replication.h"
#include "suites/propagation/replication_table.h"
#include "suites/propagation/rows.h"

static const char *const variant_names[CXB_PROP_NVARIANTS] = {"seq",      "pthreads", "pthreads_part",
                                                              "cuda",     "cuda_host", "cuda_p2p",
                                                              "cuda_nccl", "cuda_allreduce"};
static const char *const loop_names[] = {"cloop", "tloop", "aloop", "eloop"};

const char *cxb_prop_variant_name(cxb_prop_variant v)
{
    return (unsigned)v < CXB_PROP_NVARIANTS ? variant_names[v] : "?";
}

const char *cxb_prop_loop_name(int loop)
{
    return loop >= 0 && loop < 4 ? loop_names[loop] : "?";
}

static const char *const prop_keys[] = {"model", "n", "m", "k", "scale", "ef", "a", "b", "c", "d", "seed", "graph",
                                        "prob", "pseed", "sources", "spread", "switch", "orient", "partition",
                                        "parts", "max_steps", "threads", "lanes", NULL};
static const char *const prop_pass[] = {"m", "k", "scale", "ef", "a", "b", "c", NULL};
static const cxb_ginput_rules prop_rules = {"propagation", 1u << 14, prop_pass};
static const char *const spread_names[] = {"si", "ic", NULL};
const char *const cxb_prop_orient_names[] = {"hash", "canonical", NULL};
const char *const cxb_prop_part_names[] = {"block", "random", "metis", NULL};

/* ---- the command line's borrowed input ---- */

static const cxb_csr *input_graph;
static const char *input_name;
static cxb_prop_cfg input_cfg;
static uint32_t input_parts;
static int input_partitioner;

static const uint32_t *input_owner;
static uint64_t input_mem_cap;

void cxb_prop_input_set(const cxb_csr *g, const char *name, const cxb_prop_cfg *cfg, uint32_t parts,
                        int partitioner, const uint32_t *owner, uint64_t mem_cap)
{
    input_owner = owner;
    input_mem_cap = mem_cap;
    input_graph = g;
    input_name = name;
    if (cfg)
        input_cfg = *cfg;
    input_parts = parts;
    input_partitioner = partitioner;
}

/* ---- act helpers ---- */

uint64_t cxb_prop_act_hash(const int32_t *act, uint64_t n)
{
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (uint64_t v = 0; v < n; ++v) {
        uint64_t x = ((uint64_t)v << 32 | (uint32_t)act[v]) + 0x9e3779b97f4a7c15ull;
        x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
        x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
        h += x ^ (x >> 31);
    }
    return h;
}

cxb_status cxb_prop_compare(const int32_t *act, const int32_t *ref, uint64_t n, const char *what)
{
    for (uint64_t v = 0; v < n; ++v)
        if (act[v] != ref[v])
            return cxb_fail(CXB_EFAIL, "%s: check failed: vertex %llu act=%d, reference %d", what,
                            (unsigned long long)v, act[v], ref[v]);
    return CXB_OK;
}

/* ---- setup ---- */

void cxb_prop_teardown(void *vctx)
{
    cxb_prop_ctx *c = vctx;
    if (!c)
        return;
    cxb_gstore_put(c->held);
    cxb_prop_edges_free(&c->edges);
    cxb_prop_parts_free(&c->ps);
    free(c->metis_owner);
    free(c->sources);
    free(c->res.act);
    cxb_prop_result_free_curve(&c->res);
    free(c->ref);
    free(c);
}

static cxb_status point_cfg(cxb_prop_ctx *c, const cxb_params *p)
{
    cxb_prop_cfg_init(&c->cfg);
    uint64_t pseed, k, ms, parts = 2;
    int spread = 0, orient = 0, part = 0;
    const char *prob = cxb_params_get(p, "prob");
    cxb_status st = CXB_OK;
    if (prob) {
        char *end;
        c->cfg.p = strtod(prob, &end);
        if (*end || !(c->cfg.p >= 0 && c->cfg.p <= 1))
            return cxb_fail(CXB_EINPUT, "--set prob=%s: a probability in [0, 1]", prob);
    }
    if ((st = cxb_params_u64(p, "pseed", 1, &pseed)) != CXB_OK || (st = cxb_params_u64(p, "sources", 1, &k)) != CXB_OK ||
        (st = cxb_params_u64(p, "max_steps", 100000, &ms)) != CXB_OK ||
        (st = cxb_params_u64(p, "parts", 2, &parts)) != CXB_OK ||
        (st = cxb_params_choice(p, "spread", spread_names, 0, &spread)) != CXB_OK ||
        (st = cxb_params_choice(p, "orient", cxb_prop_orient_names, 0, &orient)) != CXB_OK ||
        (st = cxb_params_choice(p, "partition", cxb_prop_part_names, 0, &part)) != CXB_OK)
        return st;
    const char *sw = cxb_params_get(p, "switch");
    if (sw && !strcmp(sw, "never"))
        c->cfg.switch_rule = CXB_PROP_SWITCH_NEVER;
    else if (sw && strcmp(sw, "auto")) {
        uint64_t s;
        if ((st = cxb_params_u64(p, "switch", 0, &s)) != CXB_OK)
            return st;
        if (s == 0 || s >= CXB_PROP_SWITCH_NEVER)
            return cxb_fail(CXB_EINPUT, "--set switch=%s: auto, never or a step >= 1", sw);
        c->cfg.switch_rule = (uint32_t)s;
    }
    if (ms == 0 || ms > 0xfffffffeu || parts == 0 || parts > 4096 || k > 0xffffffffu)
        return cxb_fail(CXB_EINPUT, "propagation: max_steps 1 to 2^32-2, parts 1 to 4096, sources below 2^32");
    c->cfg.seed = pseed;
    c->cfg.nsources = k;
    c->cfg.max_steps = (uint32_t)ms;
    c->cfg.model = spread;
    c->cfg.orient = orient;
    c->partitioner = part;
    c->parts = (uint32_t)parts;
    return CXB_OK;
}

cxb_status cxb_prop_point_graph(const cxb_params *p, cxb_pool *pool, const cxb_csr **g, cxb_gstore_entry **held,
                                char *name, size_t size)
{
    const char *graph = cxb_params_get(p, "graph");
    char text[520];
    cxb_status st;
    if (graph)
        st = cxb_prop_expand_spec(graph, text, sizeof text);
    else {
        uint64_t seed = 1;
        if ((st = cxb_params_u64(p, "seed", 1, &seed)) == CXB_OK)
            st = cxb_ginput_spec_text(p, &prop_rules, seed, text, sizeof text);
    }
    cxb_gen_spec s;
    if (st == CXB_OK && (st = cxb_gen_parse(text, &s)) == CXB_OK &&
        (st = cxb_gstore_get(&s, pool, 0, g, held)) == CXB_OK) /* suites/graph/store.h */
        snprintf(name, size, "%s", s.text);
    return st;
}

static cxb_status point_graph(cxb_prop_ctx *c, const cxb_params *p)
{
    return cxb_prop_point_graph(p, c->pool, &c->g, &c->held, c->graph, sizeof c->graph);
}

cxb_status cxb_prop_setup(const cxb_params *p, const cxb_env *env, const char *id, int loop, cxb_prop_variant v,
                          void **out)
{
    cxb_prop_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return cxb_fail(CXB_ERESOURCE, "propagation: out of host memory");
    c->id = id;
    c->loop = loop;
    c->variant = v;
    c->pool = env ? env->pool : NULL;
    c->stream = env ? env->stream : NULL;
    cxb_status st = CXB_OK;
    if (input_graph) { /* the command line's graph and configuration */
        c->borrowed = 1;
        c->g = input_graph;
        c->cfg = input_cfg;
        c->parts = input_parts;
        c->partitioner = input_partitioner;
        c->owner = input_owner;
        c->mem_cap = input_mem_cap;
        snprintf(c->graph, sizeof c->graph, "%s", input_name ? input_name : "input");
        if (c->cfg.nsources) {
            c->sources = malloc(c->cfg.nsources * sizeof *c->sources);
            if (!c->sources)
                st = cxb_fail(CXB_ERESOURCE, "propagation: out of host memory");
            else
                memcpy(c->sources, input_cfg.sources, c->cfg.nsources * sizeof *c->sources);
        }
    } else {
        if ((st = cxb_params_check_keys(p, prop_keys)) == CXB_OK && (st = point_cfg(c, p)) == CXB_OK &&
            (st = point_graph(c, p)) == CXB_OK) {
            c->sources = malloc((c->cfg.nsources ? c->cfg.nsources : 1) * sizeof *c->sources);
            if (!c->sources)
                st = cxb_fail(CXB_ERESOURCE, "propagation: out of host memory");
            else
                st = cxb_prop_pick_sources(c->g, c->cfg.seed, c->cfg.nsources, c->sources);
        }
        uint64_t lanes = 32;
        if (st == CXB_OK && (st = cxb_params_u64(p, "lanes", 32, &lanes)) == CXB_OK && cxb_params_get(p, "lanes") &&
            (v != CXB_PROP_V_CUDA || loop == CXB_PROP_ELOOP || (lanes != 1 && lanes != 32)))
            st = cxb_fail(CXB_EINPUT, "--set lanes=%s: 1 or 32 threads per row, for the one-GPU CUDA C-, T- and "
                                      "A-Loop rows only", cxb_params_get(p, "lanes"));
        c->cfg.lanes = (uint32_t)lanes;
        if (st == CXB_OK && v == CXB_PROP_V_PART && !cxb_params_get(p, "parts") && env)
            c->parts = env->threads; /* threads as partitions */
    }
    c->cfg.sources = c->sources;
    c->cfg.loop = loop;
    if (st == CXB_OK && (v == CXB_PROP_V_PTHREADS || v == CXB_PROP_V_PART) && !c->pool)
        st = cxb_fail(CXB_EINPUT, "%s: no worker pool", id);
    if (st == CXB_OK && v == CXB_PROP_V_SEQ)
        c->parts = 1;
    /* metis: the owners computed once, untimed, and given to the row as a file's would be (the
     * several-GPU rows then need no graph-aware partitioner of their own) */
    if (st == CXB_OK && !c->owner && c->partitioner == CXB_PROP_PART_METIS &&
        v != CXB_PROP_V_SEQ && v != CXB_PROP_V_PTHREADS && v != CXB_PROP_V_CUDA) {
        if (!(c->metis_owner = malloc((c->g->n ? c->g->n : 1) * sizeof *c->metis_owner)))
            st = cxb_fail(CXB_ERESOURCE, "propagation: out of host memory");
        else if ((st = cxb_prop_owners_metis(c->g, c->parts, c->cfg.seed, c->metis_owner)) == CXB_OK)
            c->owner = c->metis_owner;
    }
    /* the edge layout is the E-Loop's input, as the CSR is the other loops': built once here, not
     * in every timed run; so are pthreads_part's partition tables (the several-GPU rows still
     * build theirs in the run) */
    if (st == CXB_OK && loop == CXB_PROP_ELOOP &&
        (v == CXB_PROP_V_SEQ || v == CXB_PROP_V_PTHREADS || v == CXB_PROP_V_CUDA) &&
        (st = cxb_prop_edges_build(c->g, c->cfg.orient, c->cfg.seed, &c->edges)) == CXB_OK)
        c->cfg.edges = &c->edges;
    if (st == CXB_OK && v == CXB_PROP_V_PART &&
        (st = cxb_prop_parts_for(c->g, &c->cfg, c->parts, c->partitioner, c->owner, &c->ps)) == CXB_OK)
        c->cfg.parts = &c->ps;
    if (st == CXB_OK && !(c->res.act = malloc((c->g->n ? c->g->n : 1) * sizeof *c->res.act)))
        st = cxb_fail(CXB_ERESOURCE, "propagation: out of host memory for %llu activation steps",
                      (unsigned long long)c->g->n);
    if (st != CXB_OK) {
        cxb_prop_teardown(c);
        return st;
    }
    *out = c;
    return CXB_OK;
}

cxb_status cxb_prop_reset(void *ctx)
{
    (void)ctx;
    return CXB_OK;
}

cxb_status cxb_prop_run_cpu(void *vctx, cxb_phases *ph)
{
    (void)ph;
    cxb_prop_ctx *c = vctx;
    switch (c->variant) {
    case CXB_PROP_V_SEQ:
        return cxb_prop_run_seq(c->g, &c->cfg, &c->res);
    case CXB_PROP_V_PTHREADS:
        return cxb_prop_run_pthreads(c->g, &c->cfg, c->pool, &c->res);
    case CXB_PROP_V_PART:
        return cxb_prop_run_part(c->g, &c->cfg, c->parts, c->partitioner, c->owner, c->pool, &c->res);
    default:
        return cxb_fail(CXB_EINPUT, "%s: not a CPU row", c->id);
    }
}

/* the reference act: propagation.cloop.seq, or for that row the pure T-Loop */
static cxb_status ref_load(cxb_prop_ctx *c)
{
    if (c->have_ref)
        return CXB_OK;
    c->ref = malloc((c->g->n ? c->g->n : 1) * sizeof *c->ref);
    if (!c->ref)
        return cxb_fail(CXB_ERESOURCE, "propagation: out of host memory for the reference");
    cxb_prop_cfg rc = c->cfg;
    rc.loop = c->variant == CXB_PROP_V_SEQ && c->loop == CXB_PROP_CLOOP ? CXB_PROP_TLOOP : CXB_PROP_CLOOP;
    rc.want_curve = 0;
    rc.check_invariants = 0;
    cxb_prop_result r;
    memset(&r, 0, sizeof r);
    r.act = c->ref;
    cxb_status st = cxb_prop_run_seq(c->g, &rc, &r);
    cxb_prop_result_free_curve(&r);
    c->have_ref = st == CXB_OK;
    return st;
}

cxb_status cxb_prop_verify(void *vctx)
{
    cxb_prop_ctx *c = vctx;
    cxb_status st = ref_load(c);
    if (st != CXB_OK)
        return st;
    return cxb_prop_compare(c->res.act, c->ref, c->g->n, c->id);
}

uint64_t cxb_prop_checksum(void *vctx)
{
    cxb_prop_ctx *c = vctx;
    return cxb_prop_act_hash(c->res.act, c->g->n);
}

void cxb_prop_extra(void *vctx, char *buf, size_t size)
{
    cxb_prop_ctx *c = vctx;
    snprintf(buf, size, "active_final=%llu;coverage=%.6f;edges=%llu;graph=%s;parts=%u;steps=%u;switch_step=%u",
             (unsigned long long)c->res.active, c->g->n ? (double)c->res.active / (double)c->g->n : 0.0,
             (unsigned long long)c->g->m, c->graph, c->parts, c->res.steps, c->res.switch_step);
}

/* ---- rows ---- */

#define PROP_SETUP(name, idstr, loop, v)                                                                 \
    static cxb_status name(const cxb_params *p, const cxb_env *env, void **ctx)                          \
    {                                                                                                    \
        return cxb_prop_setup(p, env, idstr, loop, v, ctx);                                              \
    }
#define PROP_IMPL(idstr, be, setup_, summary_)                                                           \
    {.id = idstr, .backend = be, .flags = 0, .summary = summary_, .setup = setup_, .reset = cxb_prop_reset, \
     .run = cxb_prop_run_cpu, .verify = cxb_prop_verify, .checksum = cxb_prop_checksum, .extra = cxb_prop_extra, \
     .teardown = cxb_prop_teardown}

#define PROP_LOOP_ROWS(L, LOOP)                                                                          \
    PROP_SETUP(setup_##L##_seq, "propagation." #L ".seq", LOOP, CXB_PROP_V_SEQ)                          \
    PROP_SETUP(setup_##L##_pth, "propagation." #L ".pthreads", LOOP, CXB_PROP_V_PTHREADS)                \
    PROP_SETUP(setup_##L##_part, "propagation." #L ".pthreads_part", LOOP, CXB_PROP_V_PART)
PROP_LOOP_ROWS(cloop, CXB_PROP_CLOOP)
PROP_LOOP_ROWS(tloop, CXB_PROP_TLOOP)
PROP_LOOP_ROWS(aloop, CXB_PROP_ALOOP)
PROP_LOOP_ROWS(eloop, CXB_PROP_ELOOP)

static const cxb_impl prop_impls[] = {
    PROP_IMPL("propagation.cloop.seq", CXB_BACKEND_SEQ, setup_cloop_seq,
              "Jin et al. C-Loop (push) over CSR rows, one thread; the reference"),
    PROP_IMPL("propagation.tloop.seq", CXB_BACKEND_SEQ, setup_tloop_seq,
              "Jin et al. T-Loop (pull, early exit) over CSR rows, one thread"),
    PROP_IMPL("propagation.aloop.seq", CXB_BACKEND_SEQ, setup_aloop_seq,
              "Jin et al. A-Loop (Algorithm 1): C-Loop, one-way switch to T-Loop when W_T < W_C"),
    PROP_IMPL("propagation.eloop.seq", CXB_BACKEND_SEQ, setup_eloop_seq,
              "Jin et al. E-Loop (Algorithm 2) over one record per undirected edge, one thread"),
    PROP_IMPL("propagation.cloop.pthreads", CXB_BACKEND_PTHREADS, setup_cloop_pth,
              "C-Loop over static row ranges on the pool, relaxed byte stores"),
    PROP_IMPL("propagation.tloop.pthreads", CXB_BACKEND_PTHREADS, setup_tloop_pth,
              "T-Loop over static row ranges on the pool"),
    PROP_IMPL("propagation.aloop.pthreads", CXB_BACKEND_PTHREADS, setup_aloop_pth,
              "A-Loop over static row ranges on the pool"),
    PROP_IMPL("propagation.eloop.pthreads", CXB_BACKEND_PTHREADS, setup_eloop_pth,
              "E-Loop over static edge ranges on the pool"),
    PROP_IMPL("propagation.cloop.pthreads_part", CXB_BACKEND_PTHREADS, setup_cloop_part,
              "C-Loop on P partitions with replicas, segments synchronised in shared memory"),
    PROP_IMPL("propagation.tloop.pthreads_part", CXB_BACKEND_PTHREADS, setup_tloop_part,
              "T-Loop on P partitions with replicas"),
    PROP_IMPL("propagation.aloop.pthreads_part", CXB_BACKEND_PTHREADS, setup_aloop_part,
              "A-Loop on P partitions with replicas, global switch"),
    PROP_IMPL("propagation.eloop.pthreads_part", CXB_BACKEND_PTHREADS, setup_eloop_part,
              "E-Loop on P partitions, each edge in owner(d), one endpoint replicated"),
    {.id = "propagation.replication.seq", .backend = CXB_BACKEND_SEQ, .flags = 0,
     .summary = "the replica and boundary tables of a partition (block, random, METIS) and its replication ratio R",
     .setup = cxb_prop_repl_setup, .reset = cxb_prop_repl_reset, .run = cxb_prop_repl_run,
     .verify = cxb_prop_repl_verify, .checksum = cxb_prop_repl_checksum, .extra = cxb_prop_repl_extra,
     .teardown = cxb_prop_repl_teardown},
};

/* ---- presets (docs/studies/propagation.md "Parameters and presets") ---- */

#define PROP_CPU                                                                                         \
    "propagation.cloop.seq,propagation.tloop.seq,propagation.aloop.seq,propagation.eloop.seq,"          \
    "propagation.aloop.pthreads,propagation.eloop.pthreads,propagation.aloop.pthreads_part,"            \
    "propagation.eloop.pthreads_part"
#define PROP_CUDA1 "propagation.aloop.cuda,propagation.eloop.cuda"
#define PROP_MGPU                                                                                        \
    "propagation.aloop.cuda_host,propagation.eloop.cuda_host,propagation.aloop.cuda_p2p,"               \
    "propagation.eloop.cuda_p2p,propagation.aloop.cuda_nccl,propagation.eloop.cuda_nccl,"               \
    "propagation.aloop.cuda_allreduce,propagation.eloop.cuda_allreduce"

static const cxb_sweep sweeps_quick[] = {
    {"prop.n", PROP_CPU "," PROP_CUDA1, "model=gnm;d=16;prob=0.05", "n", "4096,8192,16384,65536"},
    CXB_SWEEPS_END,
};
/* Jin et al. Figs 16 and 18 (docs "Replication ratio"): R for P = 2, 3, 4 (and 8) on each layout,
 * over the networks; one sweep per P and layout, the swept parameter the network */
#define REPL "propagation.replication.seq"
#define REPL_SWEEPS(name, part, fixed, x, values)                                                        \
    {name, REPL, fixed "layout=vertex;parts=2;partition=" part, x, values},                              \
    {name, REPL, fixed "layout=edge;parts=2;partition=" part, x, values},                                \
    {name, REPL, fixed "layout=vertex;parts=3;partition=" part, x, values},                              \
    {name, REPL, fixed "layout=edge;parts=3;partition=" part, x, values},                                \
    {name, REPL, fixed "layout=vertex;parts=4;partition=" part, x, values},                              \
    {name, REPL, fixed "layout=edge;parts=4;partition=" part, x, values},                                \
    {name, REPL, fixed "layout=vertex;parts=8;partition=" part, x, values},                              \
    {name, REPL, fixed "layout=edge;parts=8;partition=" part, x, values}
/* Fig 16's random networks: node scaling at 128 M entries, edge scaling at 4 M vertices */
#define FIG16_NETS "paper:1m128m,paper:2m128m,paper:4m128m,paper:8m128m,paper:4m32m,paper:4m64m,paper:4m256m"
/* Fig 18: the R-MAT networks beside the random ones of the same sizes */
#define FIG18_NETS "paper:1m128m:rmat,paper:2m128m:rmat,paper:4m128m:rmat,paper:1m128m,paper:2m128m,paper:4m128m"

static const cxb_sweep sweeps_ci[] = {
    {"prop.n", PROP_CPU, "model=gnm;d=8;prob=0.1;parts=2", "n", "2048,8192"},
    CXB_SWEEPS_END,
};
/* the same shapes at CI sizes: G(n, m) with 2^14 vertices and mean degree 8 to 64, an R-MAT of
 * scale 14 */
static const cxb_sweep sweeps_replication_ci[] = {
    REPL_SWEEPS("jin.replication.ci", "block", "model=gnm;n=16384;", "m", "65536,131072,524288"),
    REPL_SWEEPS("jin.replication.ci", "random", "model=gnm;n=16384;", "m", "65536,131072,524288"),
    REPL_SWEEPS("jin.replication.ci", "block", "model=rmat;scale=14;", "ef", "8,16"),
    CXB_SWEEPS_END,
};
static const cxb_sweep sweeps_replication[] = {
    REPL_SWEEPS("jin.fig16", "block", "", "graph", FIG16_NETS),
    REPL_SWEEPS("jin.fig16.random", "random", "", "graph", FIG16_NETS),
    REPL_SWEEPS("jin.fig18", "metis", "", "graph", FIG18_NETS),
    CXB_SWEEPS_END,
};
/* The paper's networks (docs "Graphs", entries reading), one and several GPUs (Figs 11-13, 20) */
static const cxb_sweep sweeps_paper[] = {
    /* Fig 11's one-GPU point, every loop (the single-GPU targets of docs "Parameters and
     * presets"), then its GPU counts */
    {"jin.fig11", "propagation.cloop.cuda,propagation.tloop.cuda," PROP_CUDA1, "", "graph", "paper:1m256m"},
    {"jin.fig11", PROP_MGPU, "graph=paper:1m256m", "parts", "2,3,4"},
    /* the rows of Fig 11's one-GPU point with Jin et al.'s thread per row, beside the warp per
     * row of the jin.fig11 rows (docs "CUDA mapping") */
    {"jin.fig11.thread-rows", "propagation.cloop.cuda,propagation.tloop.cuda,propagation.aloop.cuda",
     "graph=paper:1m256m", "lanes", "1"},
    {"jin.fig12", PROP_CUDA1, "prob=0.01", "graph",
     "paper:1m128m,paper:2m128m,paper:4m128m,paper:8m128m,paper:4m32m,paper:4m64m,paper:4m256m"},
    {"jin.fig20", PROP_CUDA1, "prob=0.01", "graph", "paper:1m128m:rmat,paper:2m128m:rmat,paper:4m128m:rmat"},
    CXB_SWEEPS_END,
};
/* modern strong scaling on the scaled graph (docs "Parameters and presets", P7) */
static const cxb_sweep sweeps_modern[] = {
    {"prop.modern", PROP_CUDA1 "," PROP_MGPU, "model=gnm;n=16777216;m=1073741824", "parts", "2,4,8"},
    CXB_SWEEPS_END,
};

/* docs/studies/propagation.md "Parameters and presets": the pthreads rows of the A- and E-Loop on
 * 1 and 2 threads on the 2-core machine (G(n,m) above its L3), and on 1 and 16 threads on the
 * GPU host at the issue's size (n = 2^22, mean degree 32) */
#define PROP_SCALING_IDS "propagation.aloop.pthreads,propagation.eloop.pthreads"
static const cxb_sweep sweeps_scaling[] = {
    {"prop.scaling", PROP_SCALING_IDS, "model=gnm;n=1048576;d=32", "threads", "1,2"},
    CXB_SWEEPS_END,
};
static const cxb_sweep sweeps_scaling_host[] = {
    {"prop.scaling.host", PROP_SCALING_IDS, "model=gnm;n=4194304;d=32", "threads", "1,16"},
    CXB_SWEEPS_END,
};

static const cxb_preset prop_presets[] = {
    {"quick", "G(n,m), d = 16, n = 2^12 - 2^16 (4 points), every CPU row and the one-GPU rows", sweeps_quick, 0},
    {"ci", "G(n,m), d = 8, n = 2^11 - 2^13, the CPU rows (make bench-ci)", sweeps_ci, 0},
    {"paper", "Jin et al. Figs 11, 12 and 20 at the paper's sizes (GPUs)", sweeps_paper, CXB_PRESET_BY_SWEEP},
    {"modern", "strong scaling on n = 2^24, m = 2^30 over 2 - 8 GPUs, every scheme", sweeps_modern, 0},
    {"replication", "Jin et al. Figs 16 and 18: R of block, random and METIS partitions, P = 2, 3, 4, 8, both layouts, "
                    "on the paper's networks (no GPU)",
     sweeps_replication, CXB_PRESET_BY_SWEEP},
    {"replication-ci", "the replication sweeps at 2^14 vertices (block and random; seconds on 2 cores)",
     sweeps_replication_ci, 0},
    {"scaling", "A- and E-Loop pthreads on 1 and 2 threads, G(n,m) n = 2^20, mean degree 32 (prop.scaling)",
     sweeps_scaling, 0},
    {"scaling-host", "A- and E-Loop pthreads on 1 and 16 threads, G(n,m) n = 2^22, mean degree 32 (prop.scaling.host)",
     sweeps_scaling_host, 0},
};

static const cxb_series_spec prop_series[] = {
    {"propagation.eloop.seq", "n", 1.0, 0.5, 0, 0, NULL},
};

/* the work of a point: its graph's edges (the generator's tuples) */
static uint64_t prop_work(const cxb_impl *impl, const cxb_params *params)
{
    (void)impl;
    return cxb_params_get(params, "graph") ? 0 : cxb_ginput_work(params, &prop_rules);
}

static const cxb_command prop_commands[] = {
    {"propagate", cxb_cli_propagate, cxb_propagate_forms,
     "activation step of every vertex under SI/IC spreading; replication ratios of a partition", NULL},
};

const cxb_study cxb_study_propagation = {
    .name = "propagation",
    .summary = "information propagation on one or several GPUs: C/T/A/E loops, replicas (Jin et al.)",
    .reference_impl = "propagation.cloop.seq",
    .impls = prop_impls,
    .nimpls = sizeof prop_impls / sizeof prop_impls[0],
    .presets = prop_presets,
    .npresets = sizeof prop_presets / sizeof prop_presets[0],
    .series = prop_series,
    .nseries = sizeof prop_series / sizeof prop_series[0],
    .time_unit_of_work = "edges",
    .work = prop_work,
    .commands = prop_commands,
    .ncommands = sizeof prop_commands / sizeof prop_commands[0],
    .claims = cxb_propagation_claims,
    .print_tables = cxb_prop_replication_tables,
    .figures = cxb_prop_figures,
    .nfigures = CXB_PROP_NFIGURES,
};
