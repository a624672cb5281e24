/* cxb/propagation/model.h - the propagation model of docs/studies/propagation.md, written once for
 * every backend: the one-byte states, the keyed transmission draw, the per-vertex and
 * per-edge work of the four loops of Jin et al. (C-Loop, T-Loop, A-Loop of their Algorithm 1,
 * E-Loop of their Algorithm 2; docs "The four loops and the two layouts"), the finalisation, the A-Loop's switch
 * rule and the termination rule (docs "The model").
 *
 * A step's outcome depends only on (seed, step, undirected edge): not on the loop, the layout,
 * the thread, the block or the partition. Reads see start-of-step states (a PENDING vertex is
 * inactive until finalised), so activations never chain within a step.
 *
 * State bytes are written concurrently with the same value (PENDING) by several writers: on the
 * CPU they are C11 atomics accessed with relaxed order (no read-modify-write needed), on the GPU
 * plain bytes (docs "The model"). */
#ifndef CXB_PROPAGATION_MODEL_H
#define CXB_PROPAGATION_MODEL_H

#include <stdint.h>

#include "cxb/graph/graph.h"
#include "cxb/graph/keyed.h"
#include "cxb/hd.h"

/* bump on any change of the draw's key, domain or comparison (docs "The model") */
#define CXB_PROP_STREAM_VERSION 1

/* ---- states (docs "The model"): the multi-partition merge is a plain max over these bytes ---- */
enum { CXB_PROP_INACTIVE = 0, CXB_PROP_PENDING = 1, CXB_PROP_FRESH = 2, CXB_PROP_ACTIVE = 3 };

#if defined(__CUDACC__)
typedef unsigned char cxb_prop_state;
#define CXB_PROP_LD(p) (*(const volatile unsigned char *)(p))
#define CXB_PROP_ST(p, v) (*(volatile unsigned char *)(p) = (unsigned char)(v))
#else
#include <stdatomic.h>
typedef _Atomic unsigned char cxb_prop_state;
#define CXB_PROP_LD(p) atomic_load_explicit((p), memory_order_relaxed)
#define CXB_PROP_ST(p, v) atomic_store_explicit((p), (unsigned char)(v), memory_order_relaxed)
#endif

/* ---- models (docs "The model": SI, and strict IC) ---- */
typedef enum cxb_prop_model { CXB_PROP_SI = 0, CXB_PROP_IC = 1 } cxb_prop_model;

/* A transmitting endpoint: SI every active vertex, IC only those activated in the previous step. */
static inline CXB_HD int cxb_prop_transmits(int model, unsigned s)
{
    return model == CXB_PROP_IC ? s == CXB_PROP_FRESH : s >= CXB_PROP_FRESH;
}

/* inactive at the start of the step */
static inline CXB_HD int cxb_prop_receives(unsigned s)
{
    return s <= CXB_PROP_PENDING;
}

/* ---- the draw (docs "The model"): x0 of cxb_gdraw(seed, 32, key(min, max), t) against T ---- */
static inline CXB_HD uint64_t cxb_prop_key(cxb_vid u, cxb_vid v)
{
    cxb_vid a = u < v ? u : v, b = u < v ? v : u;
    return (uint64_t)a << 32 | b;
}

static inline CXB_HD uint64_t cxb_prop_draw(uint64_t seed, uint32_t t, cxb_vid u, cxb_vid v)
{
    return cxb_gx0(cxb_gdraw(seed, CXB_GDOM_PROP_TRANSMIT, cxb_prop_key(u, v), t));
}

/* The transmission of one frontier edge {u, v} (global ids) at step t. */
static inline CXB_HD int cxb_prop_fires(cxb_gbern b, uint64_t seed, uint32_t t, cxb_vid u, cxb_vid v)
{
    if (b.always)
        return 1; /* p = 1: no draw (docs "The model") */
    return cxb_gbern_hit(b, cxb_prop_draw(seed, t, u, v));
}

/* What one step needs besides the states: the draw, the step and the model. */
typedef struct cxb_prop_step {
    cxb_gbern bern;
    uint64_t seed;
    uint32_t t;
    int model;
} cxb_prop_step;

/* global id of local vertex i (gid NULL: the identity, one partition) */
static inline CXB_HD cxb_vid cxb_prop_gid(const cxb_vid *gid, uint64_t i)
{
    return gid ? gid[i] : (cxb_vid)i;
}

/* ---- C-Loop (push), one row: an active u draws for each inactive neighbour. Returns whether
 * u saw a frontier edge. Rows exist only in their owner, so each frontier edge is drawn once. */
static inline CXB_HD int cxb_prop_cloop_row(const cxb_prop_step *s, const uint64_t *off, const cxb_vid *adj,
                                            const cxb_vid *gid, cxb_prop_state *st, uint64_t u)
{
    if (!cxb_prop_transmits(s->model, CXB_PROP_LD(&st[u])))
        return 0;
    int frontier = 0;
    cxb_vid gu = cxb_prop_gid(gid, u);
    for (uint64_t j = off[u]; j < off[u + 1]; ++j) {
        cxb_vid v = adj[j];
        if (!cxb_prop_receives(CXB_PROP_LD(&st[v])))
            continue;
        frontier = 1;
        if (cxb_prop_fires(s->bern, s->seed, s->t, gu, cxb_prop_gid(gid, v)))
            CXB_PROP_ST(&st[v], CXB_PROP_PENDING);
    }
    return frontier;
}

/* ---- T-Loop (pull), one row: an inactive v draws for its transmitting neighbours until the
 * first success (the outcome is an OR of the draws, so the early exit cannot change it). */
static inline CXB_HD int cxb_prop_tloop_row(const cxb_prop_step *s, const uint64_t *off, const cxb_vid *adj,
                                            const cxb_vid *gid, cxb_prop_state *st, uint64_t v)
{
    if (!cxb_prop_receives(CXB_PROP_LD(&st[v])))
        return 0;
    int frontier = 0;
    cxb_vid gv = cxb_prop_gid(gid, v);
    for (uint64_t j = off[v]; j < off[v + 1]; ++j) {
        cxb_vid u = adj[j];
        if (!cxb_prop_transmits(s->model, CXB_PROP_LD(&st[u])))
            continue;
        frontier = 1;
        if (cxb_prop_fires(s->bern, s->seed, s->t, cxb_prop_gid(gid, u), gv)) {
            CXB_PROP_ST(&st[v], CXB_PROP_PENDING);
            break;
        }
    }
    return frontier;
}

/* ---- E-Loop, one stored edge (a, b) (local ids): whichever endpoint is inactive. The decision
 * from each endpoint's "transmits" and "receives" at the start of the step; 0 when the edge is
 * not a frontier edge, else 1 with the receiving endpoint in *to. */
static inline CXB_HD int cxb_prop_eloop_pick(int tx_a, int rx_a, int tx_b, int rx_b, cxb_vid a, cxb_vid b, cxb_vid *to)
{
    if (tx_a && rx_b)
        *to = b;
    else if (tx_b && rx_a)
        *to = a;
    else
        return 0;
    return 1;
}

static inline CXB_HD int cxb_prop_eloop_edge(const cxb_prop_step *s, const cxb_vid *gid, cxb_prop_state *st,
                                             cxb_vid a, cxb_vid b)
{
    unsigned sa = CXB_PROP_LD(&st[a]), sb = CXB_PROP_LD(&st[b]);
    cxb_vid to;
    if (!cxb_prop_eloop_pick(cxb_prop_transmits(s->model, sa), cxb_prop_receives(sa), cxb_prop_transmits(s->model, sb),
                             cxb_prop_receives(sb), a, b, &to))
        return 0;
    if (cxb_prop_fires(s->bern, s->seed, s->t, cxb_prop_gid(gid, a), cxb_prop_gid(gid, b)))
        CXB_PROP_ST(&st[to], CXB_PROP_PENDING);
    return 1;
}

/* ---- finalisation (docs "The model") of one copy: FRESH -> ACTIVE, PENDING -> FRESH. Returns 1 when
 * the vertex was activated in step t (the caller sets act[] for owned vertices). */
static inline CXB_HD int cxb_prop_finalise(cxb_prop_state *st, uint64_t i)
{
    unsigned s = CXB_PROP_LD(&st[i]);
    if (s == CXB_PROP_FRESH)
        CXB_PROP_ST(&st[i], CXB_PROP_ACTIVE);
    else if (s == CXB_PROP_PENDING) {
        CXB_PROP_ST(&st[i], CXB_PROP_FRESH);
        return 1;
    }
    return 0;
}

/* ---- the edge layout's orientation (docs "The four loops and the two layouts"): which endpoint of {u, v} is the source s ---- */
typedef enum cxb_prop_orient { CXB_PROP_ORIENT_HASH = 0, CXB_PROP_ORIENT_CANONICAL = 1 } cxb_prop_orient;

static inline CXB_HD void cxb_prop_orient_edge(int orient, uint64_t seed, cxb_vid u, cxb_vid v, cxb_vid *s,
                                               cxb_vid *d)
{
    cxb_vid a = u < v ? u : v, b = u < v ? v : u;
    int flip = orient == CXB_PROP_ORIENT_HASH &&
               (cxb_gdraw(seed, CXB_GDOM_PROP_ORIENT, cxb_prop_key(a, b), 0).v[0] & 1u);
    *s = flip ? b : a;
    *d = flip ? a : b;
}

/* ---- loops and the A-Loop's switch (docs "The four loops and the two layouts") ---- */
typedef enum cxb_prop_loop { CXB_PROP_CLOOP = 0, CXB_PROP_TLOOP = 1, CXB_PROP_ALOOP = 2, CXB_PROP_ELOOP = 3 } cxb_prop_loop;

/* --switch: auto (the W_T < W_C rule), never (pure C-Loop), or a step >= 1 */
#define CXB_PROP_SWITCH_AUTO 0u
#define CXB_PROP_SWITCH_NEVER 0xffffffffu

/* Before step t: whether the A-Loop runs the T-Loop from now on (one-way, global). w_c is the
 * degree sum of the vertices active at the start of t, arcs = 2m. */
static inline CXB_HD int cxb_prop_switch_now(uint32_t rule, uint32_t t, uint64_t w_c, uint64_t arcs)
{
    if (rule == CXB_PROP_SWITCH_NEVER)
        return 0;
    if (rule != CXB_PROP_SWITCH_AUTO)
        return t >= rule;
    return arcs - w_c < w_c; /* W_T < W_C */
}

#endif
