/* propagation.{cloop,tloop,aloop,eloop}.seq (docs/studies/propagation.md "The four loops and the two layouts"): one
 * thread over the rows (C-Loop, T-Loop, A-Loop; Jin et al. Algorithm 1) or the edge records
 * (E-Loop, Algorithm 2), with the shared per-row and per-edge work of cxb/propagation/model.h
 * and the shared driver. propagation.cloop.seq is the study's reference. */
#include <stdlib.h>
#include <string.h>

#include "cxb/propagation/model.h"
#include "cxb/propagation/propagation.h"
#include "cxb/propagation/one.h"

cxb_status cxb_prop_one_open(const cxb_csr *g, const cxb_prop_cfg *cfg, cxb_prop_result *r, cxb_prop_one *o)
{
    memset(o, 0, sizeof *o);
    o->g = g;
    o->act = r->act;
    o->st = calloc(g->n ? g->n : 1, sizeof *o->st);
    if (!o->st)
        return cxb_fail(CXB_ERESOURCE, "propagation: out of host memory for %llu states", (unsigned long long)g->n);
    unsigned char *is_src = calloc(g->n ? g->n : 1, 1);
    cxb_status st = is_src ? cxb_prop_mark_sources(g, cfg, is_src, &o->w_c0, &o->nsources)
                           : cxb_fail(CXB_ERESOURCE, "propagation: out of host memory");
    for (uint64_t v = 0; st == CXB_OK && v < g->n; ++v) {
        r->act[v] = is_src[v] ? 0 : -1;
        if (is_src[v])
            CXB_PROP_ST(&o->st[v], CXB_PROP_FRESH);
    }
    free(is_src);
    if (st != CXB_OK) {
        cxb_prop_one_close(o);
        return st;
    }
    if (cfg->loop == CXB_PROP_ELOOP && cfg->edges)
        o->e = *cfg->edges;
    else if (cfg->loop == CXB_PROP_ELOOP) {
        if ((st = cxb_prop_edges_build(g, cfg->orient, cfg->seed, &o->e)) != CXB_OK) {
            cxb_prop_one_close(o);
            return st;
        }
        o->own_e = 1;
    }
    return CXB_OK;
}

void cxb_prop_one_close(cxb_prop_one *o)
{
    free(o->st);
    if (o->own_e)
        cxb_prop_edges_free(&o->e);
    memset(o, 0, sizeof *o);
}

/* the loop over items [lo, hi): rows for C and T, edge records for E */
int cxb_prop_one_range(cxb_prop_one *o, int loop, const cxb_prop_step *s, uint64_t lo, uint64_t hi)
{
    int f = 0;
    const cxb_csr *g = o->g;
    if (loop == CXB_PROP_CLOOP)
        for (uint64_t u = lo; u < hi; ++u)
            f |= cxb_prop_cloop_row(s, g->off, g->adj, NULL, o->st, u);
    else if (loop == CXB_PROP_TLOOP)
        for (uint64_t v = lo; v < hi; ++v)
            f |= cxb_prop_tloop_row(s, g->off, g->adj, NULL, o->st, v);
    else
        for (uint64_t k = lo; k < hi; ++k)
            f |= cxb_prop_eloop_edge(s, NULL, o->st, o->e.s[k], o->e.d[k]);
    return f;
}

void cxb_prop_one_finalise_range(cxb_prop_one *o, uint32_t t, uint64_t lo, uint64_t hi, uint64_t *newly,
                                 uint64_t *w_c_add)
{
    uint64_t k = 0, w = 0;
    for (uint64_t v = lo; v < hi; ++v)
        if (cxb_prop_finalise(o->st, v)) {
            o->act[v] = (int32_t)t;
            ++k;
            w += o->g->off[v + 1] - o->g->off[v];
        }
    *newly = k;
    *w_c_add = w;
}

static cxb_status seq_step(void *ctx, int loop, const cxb_prop_step *s, int *frontier)
{
    cxb_prop_one *o = ctx;
    *frontier = cxb_prop_one_range(o, loop, s, 0, loop == CXB_PROP_ELOOP ? o->e.m : o->g->n);
    return CXB_OK;
}

static cxb_status seq_finalise(void *ctx, uint32_t t, uint64_t *newly, uint64_t *w_c_add)
{
    cxb_prop_one *o = ctx;
    cxb_prop_one_finalise_range(o, t, 0, o->g->n, newly, w_c_add);
    return CXB_OK;
}

cxb_status cxb_prop_run_seq(const cxb_csr *g, const cxb_prop_cfg *cfg, cxb_prop_result *r)
{
    cxb_prop_one o;
    cxb_status st = cxb_prop_one_open(g, cfg, r, &o);
    if (st != CXB_OK)
        return st;
    cxb_prop_ops ops = {&o, seq_step, seq_finalise, NULL};
    cxb_prop_cfg c = *cfg;
    c.nsources = o.nsources;
    st = cxb_prop_drive(&ops, &c, g->nnz, o.w_c0, r);
    cxb_prop_one_close(&o);
    return st;
}
