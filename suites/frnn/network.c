/* suites/frnn/network.c - the Network model's rows frnn.network.{seq,pthreads,cuda}
 * (docs/studies/frnn.md "The Network model"; Chisholm's thesis Sec. 3.2 and Figs 4.12-4.14).
 *
 * A point is a keyed graph (vertices, edges per vertex) and n actors (cxb/frnn/network.h),
 * advanced `steps` steps by the oracle (untimed), so that the timed step starts from a model that
 * has moved; every sample starts from that state. part=step (the default) times the whole step:
 * the build of the actors by edge (build=..., counting on the CPU, acs on CUDA) and the move;
 * part=build times the build alone and moves untimed, for the construction share.
 *
 * Verification: the moved actors equal, by id and bit for bit, the oracle's step
 * (cxb_frnn_network_step_direct: every edge's occupants counted from the actors, no index), for
 * every build, stable or atomic: an actor's outcome depends on the occupant counts only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/core/pool.h"
#include "cxb/graph/graph.h"
#include "suites/frnn/agents.h"
#include "suites/frnn/network.h"

static const char *const network_keys[] = {"vertices", "edges", "n", "capacity", "steps", "part", "seed", "build",
                                           "threads", "block", "fault", NULL};

typedef struct net_ctx {
    const char *id;
    cxb_backend backend;
    int build, part; /* part: 0 the whole step, 1 the build */
    int fault;       /* fault=1: the test hook, one actor changed after the step */
    uint32_t n, steps;
    cxb_frnn_network nw;
    uint32_t *dst;
    float *len;
    cxb_frnn_grid grid;
    cxb_frnn_rec *init, *cur, *next, *ref; /* ref: the oracle's step of init, by id */
    cxb_frnn_index ix;
    struct cxb_pool *pool;
    const cxb_frnn_dev *dev;
    void *devh;
    cxb_timing *timing;
    double alloc_ms, h2d_ms;
    int64_t build_ns;
} net_ctx;

void cxb_frnn_network_teardown(void *vctx)
{
    net_ctx *c = vctx;
    if (!c)
        return;
    if (c->devh)
        c->dev->close(c->devh);
    free(c->dst);
    free(c->len);
    free(c->init);
    free(c->cur);
    free(c->next);
    free(c->ref);
    cxb_frnn_index_free(&c->ix);
    free(c);
}

static cxb_status net_setup(const cxb_params *p, const cxb_env *env, const char *id, cxb_backend backend,
                            const cxb_frnn_dev *dev, void **out)
{
    net_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return cxb_fail(CXB_ERESOURCE, "frnn: out of host memory");
    c->id = id;
    c->backend = backend;
    c->dev = dev;
    c->pool = env ? env->pool : NULL;
    c->timing = env ? env->timing : NULL;
    static const char *const part_names[] = {"step", "build", NULL};
    uint64_t v = 1024, e = 4, n = 1u << 14, cap = 0, steps = 0, block = 64, seed = 1, fault = 0;
    uint64_t threads = env ? env->threads : 0;
    int build_def = backend == CXB_BACKEND_CUDA ? CXB_FRNN_ACS : CXB_FRNN_COUNTING;
    c->build = build_def;
    cxb_status st = cxb_params_check_keys(p, network_keys);
    if (st == CXB_OK && (st = cxb_params_u64(p, "vertices", v, &v)) == CXB_OK &&
        (st = cxb_params_u64(p, "edges", e, &e)) == CXB_OK && (st = cxb_params_u64(p, "n", n, &n)) == CXB_OK &&
        (st = cxb_params_u64(p, "capacity", 0, &cap)) == CXB_OK &&
        (st = cxb_params_u64(p, "steps", 0, &steps)) == CXB_OK &&
        (st = cxb_params_choice(p, "part", part_names, 0, &c->part)) == CXB_OK &&
        (st = cxb_params_u64(p, "seed", 1, &seed)) == CXB_OK &&
        (st = cxb_params_choice(p, "build", cxb_frnn_build_names, build_def, &c->build)) == CXB_OK &&
        (st = cxb_params_u64(p, "block", 64, &block)) == CXB_OK &&
        (st = cxb_params_u64(p, "fault", 0, &fault)) == CXB_OK)
        st = cxb_params_u64(p, "threads", threads, &threads);
    if (st == CXB_OK && (v == 0 || e == 0 || v > CXB_FRNN_NETWORK_MAX_EDGES || e > CXB_FRNN_NETWORK_MAX_EDGES ||
                         v * e > CXB_FRNN_NETWORK_MAX_EDGES))
        st = cxb_fail(CXB_EINPUT, "--set vertices=%llu, edges=%llu: vertices x edges must be 1 .. 2^24",
                      (unsigned long long)v, (unsigned long long)e);
    if (st == CXB_OK && n > (1u << 28))
        st = cxb_fail(CXB_EINPUT, "--set n=%llu: at most 2^28 actors", (unsigned long long)n);
    if (st == CXB_OK && steps > 100000)
        st = cxb_fail(CXB_EINPUT, "--set steps=%llu: at most 100000", (unsigned long long)steps);
    const uint64_t m = v * e, least = m ? (n + m - 1) / m : 0;
    if (st == CXB_OK && cap && cap < least)
        st = cxb_fail(CXB_EINPUT, "--set capacity=%llu: below ceil(n / edges) = %llu", (unsigned long long)cap,
                      (unsigned long long)least);
    if (st == CXB_OK && cap > UINT32_MAX)
        st = cxb_fail(CXB_EINPUT, "--set capacity=%llu: at most 2^32 - 1", (unsigned long long)cap);
    if (st == CXB_OK && (block < 32 || block > 1024 || block % 32))
        st = cxb_fail(CXB_EINPUT, "--set block=%llu: a multiple of 32 in [32, 1024]", (unsigned long long)block);
    if (st == CXB_OK && backend == CXB_BACKEND_PTHREADS && (!c->pool || threads != (env ? env->threads : 0)))
        st = cxb_fail(CXB_EINPUT, "%s: --set threads=%llu: no pool of that many workers", id,
                      (unsigned long long)threads);
    if (st == CXB_OK && backend == CXB_BACKEND_SEQ && c->build != CXB_FRNN_COUNTING)
        st = cxb_fail(CXB_EINPUT, "%s: --set build=%s: the seq row builds by counting", id,
                      cxb_frnn_build_names[c->build]);
    if (st == CXB_OK && backend == CXB_BACKEND_PTHREADS && c->build != CXB_FRNN_COUNTING && c->build != CXB_FRNN_ACS)
        st = cxb_fail(CXB_EINPUT, "%s: --set build=%s: frnn.%s.pthreads does not exist", id,
                      cxb_frnn_build_names[c->build], cxb_frnn_build_names[c->build]);
    if (st == CXB_OK && backend == CXB_BACKEND_CUDA && c->build == CXB_FRNN_COUNTING)
        st = cxb_fail(CXB_EINPUT, "%s: --set build=counting: frnn.counting.cuda does not exist", id);
    if (st == CXB_OK)
        st = cxb_frnn_network_grid((uint32_t)m, &c->grid);
    if (st != CXB_OK) {
        cxb_frnn_network_teardown(c);
        return st;
    }
    c->n = (uint32_t)n;
    c->fault = fault != 0;
    c->steps = (uint32_t)steps;
    c->nw.v = (uint32_t)v;
    c->nw.e = (uint32_t)e;
    c->nw.m = (uint32_t)m;
    c->nw.c = cap ? (uint32_t)cap : (uint32_t)(2 * least > 0 ? 2 * least : 1);
    c->nw.seed = seed;
    size_t rb = (n ? n : 1) * sizeof(cxb_frnn_rec);
    c->dst = malloc(m * sizeof *c->dst);
    c->len = malloc(m * sizeof *c->len);
    c->init = malloc(rb);
    c->cur = malloc(rb);
    c->next = malloc(rb);
    c->ref = malloc(rb);
    if (!c->dst || !c->len || !c->init || !c->cur || !c->next || !c->ref)
        st = cxb_fail(CXB_ERESOURCE, "frnn: out of host memory for %llu actors on %llu edges", (unsigned long long)n,
                      (unsigned long long)m);
    if (st == CXB_OK) {
        cxb_frnn_network_graph(seed, c->nw.v, c->nw.e, c->dst, c->len);
        c->nw.dst = c->dst;
        c->nw.len = c->len;
        cxb_frnn_network_actors(seed, c->n, c->nw.m, c->init);
        /* the untimed steps before the timed one, by the oracle (in id order throughout) */
        for (uint32_t s = 0; s < c->steps && st == CXB_OK; ++s) {
            if ((st = cxb_frnn_network_step_direct(&c->nw, c->init, c->n, s, c->next)) == CXB_OK)
                memcpy(c->init, c->next, c->n * sizeof *c->init);
        }
    }
    if (st == CXB_OK)
        st = cxb_frnn_network_step_direct(&c->nw, c->init, c->n, c->steps, c->ref);
    if (st == CXB_OK)
        st = cxb_frnn_index_alloc(&c->ix, &c->grid, c->n);
    if (st == CXB_OK && backend == CXB_BACKEND_CUDA) {
        if (!dev)
            st = cxb_fail(CXB_EINPUT, "%s: no device table", id);
        else if ((st = dev->open(&c->grid, c->init, c->n, c->build, (uint32_t)block, env ? env->stream : NULL,
                                 &c->devh, &c->alloc_ms, &c->h2d_ms)) == CXB_OK)
            st = dev->network_graph(c->devh, c->dst, c->len, c->nw.m);
    }
    if (st != CXB_OK) {
        cxb_frnn_network_teardown(c);
        return st;
    }
    memcpy(c->cur, c->init, c->n * sizeof *c->cur);
    *out = c;
    return CXB_OK;
}

cxb_status cxb_frnn_network_setup_dev(const cxb_params *p, const cxb_env *env, const cxb_frnn_dev *dev, void **ctx)
{
    return net_setup(p, env, "frnn.network.cuda", CXB_BACKEND_CUDA, dev, ctx);
}

cxb_status cxb_frnn_network_setup_seq(const cxb_params *p, const cxb_env *env, void **ctx)
{
    return net_setup(p, env, "frnn.network.seq", CXB_BACKEND_SEQ, NULL, ctx);
}

cxb_status cxb_frnn_network_setup_pthreads(const cxb_params *p, const cxb_env *env, void **ctx)
{
    return net_setup(p, env, "frnn.network.pthreads", CXB_BACKEND_PTHREADS, NULL, ctx);
}

cxb_status cxb_frnn_network_reset(void *vctx)
{
    net_ctx *c = vctx;
    memcpy(c->cur, c->init, c->n * sizeof *c->cur);
    return c->backend == CXB_BACKEND_CUDA ? c->dev->upload(c->devh, c->init) : CXB_OK;
}

static cxb_status cpu_build(net_ctx *c)
{
    if (c->backend == CXB_BACKEND_SEQ)
        return cxb_frnn_build_counting_seq(c->cur, &c->ix);
    if (c->build == CXB_FRNN_ACS)
        return cxb_frnn_build_acs_pthreads(c->pool, c->cur, &c->ix);
    return cxb_frnn_build_counting_pthreads(c->pool, c->cur, &c->ix, 0, NULL);
}

static cxb_status cpu_move(net_ctx *c)
{
    cxb_frnn_view v = cxb_frnn_index_view(&c->ix);
    return c->backend == CXB_BACKEND_SEQ ? cxb_frnn_network_step_seq(&v, &c->nw, c->steps, c->next)
                                         : cxb_frnn_network_step_pthreads(c->pool, &v, &c->nw, c->steps, c->next);
}

/* part=build: the build is the run; the move follows in verify and checksum, untimed */
static cxb_status move_after_build(net_ctx *c)
{
    if (c->backend == CXB_BACKEND_CUDA)
        return c->dev->network(c->devh, &c->nw, c->steps, 0, NULL, NULL, c->next);
    return cpu_move(c);
}

cxb_status cxb_frnn_network_run(void *vctx, cxb_phases *ph)
{
    net_ctx *c = vctx;
    cxb_status st;
    if (c->backend == CXB_BACKEND_CUDA) {
        if (c->part)
            st = c->dev->build(c->devh, 1, c->timing, ph, NULL);
        else
            st = c->dev->network(c->devh, &c->nw, c->steps, 1, c->timing, ph, c->next);
        return st;
    }
    int64_t t0 = cxb_clock_ns();
    st = cpu_build(c);
    c->build_ns = cxb_clock_ns() - t0;
    if (st == CXB_OK && !c->part)
        st = cpu_move(c);
    return st;
}

cxb_status cxb_frnn_network_verify(void *vctx)
{
    net_ctx *c = vctx;
    cxb_status st = c->part ? move_after_build(c) : CXB_OK;
    if (st != CXB_OK)
        return st;
    if (c->fault && c->n)
        c->next[0].p[1] = c->next[0].p[1] + 0.25f;
    const cxb_frnn_rec **byid;
    st = cxb_frnn_agents_by_id(c->id, c->next, c->n, &byid);
    for (uint32_t i = 0; i < c->n && st == CXB_OK; ++i) {
        const cxb_frnn_rec *got = byid[i], *want = &c->ref[i];
        if (memcmp(got->p, want->p, sizeof got->p))
            st = cxb_fail(CXB_EFAIL, "%s: actor %u after step %u: edge %u progress %.9g, the oracle edge %u progress %.9g",
                          c->id, i, c->steps, cxb_frnn_network_edge(got), got->p[1], cxb_frnn_network_edge(want),
                          want->p[1]);
    }
    free(byid);
    return st;
}

uint64_t cxb_frnn_network_checksum(void *vctx)
{
    net_ctx *c = vctx;
    if (c->part) { /* the build's ids per bin, whatever their order within the bin */
        if (c->backend == CXB_BACKEND_CUDA && c->dev->download(c->devh, &c->ix) != CXB_OK)
            return 0;
        uint64_t s = 0;
        for (uint32_t b = 0; b < c->grid.nbins; ++b)
            for (uint32_t k = c->ix.pbm[b]; k < c->ix.pbm[b + 1]; ++k)
                s += cxb_mix64(((uint64_t)b << 32) | c->ix.storage[k].id);
        return s;
    }
    return cxb_frnn_agents_checksum(c->next, c->n);
}

void cxb_frnn_network_extra(void *vctx, char *buf, size_t size)
{
    net_ctx *c = vctx;
    uint32_t moved = 0;
    for (uint32_t i = 0; i < c->n; ++i)
        moved += cxb_frnn_network_edge(&c->ref[i]) != cxb_frnn_network_edge(&c->init[i]);
    size_t len = 0;
#define PUT(...) (len += (size_t)snprintf(buf + len, len < size ? size - len : 0, __VA_ARGS__))
    if (size)
        buf[0] = '\0';
    if (c->backend == CXB_BACKEND_CUDA)
        PUT("alloc_ns=%lld;", (long long)(c->alloc_ms * 1e6));
    PUT("build=%s;", cxb_frnn_build_names[c->build]);
    if (c->backend != CXB_BACKEND_CUDA)
        PUT("build_ns=%lld;", (long long)c->build_ns);
    PUT("capacity=%u;edges_total=%u;", c->nw.c, c->nw.m);
    if (c->backend == CXB_BACKEND_CUDA)
        PUT("h2d_ns=%lld;", (long long)(c->h2d_ms * 1e6));
    PUT("moved=%u", moved);
#undef PUT
}
