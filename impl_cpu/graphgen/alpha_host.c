/* graphgen.alpha (host side): the per-step pieces of Leist Alg. 9 / Appendix B shared by
 * graphgen.alpha.seq and graphgen.alpha.pthreads (docs/studies/graphgen.md); see alpha_host.h.
 * The arithmetic is cxb/graphgen/models.h's canonical one; this file only holds the state.
 */
#include <stdlib.h>
#include <string.h>

#include "cxb/graphgen/alpha_host.h"

cxb_status cxb_alpha_run_init(cxb_alpha_run *w, const cxb_alpha_params *p, cxb_adjlists *a)
{
    memset(w, 0, sizeof *w);
    w->p = p;
    w->a = a;
    w->n = p->n;
    w->nc = (uint32_t)((p->n + CXB_ALPHA_CHUNK - 1) / CXB_ALPHA_CHUNK);
    w->tab = malloc((size_t)p->k * sizeof *w->tab);
    w->u = malloc(p->n * sizeof *w->u);
    w->r = malloc(p->n * sizeof *w->r);
    w->s = malloc((size_t)w->nc * sizeof *w->s);
    w->incl = malloc((size_t)w->nc * sizeof *w->incl);
    w->rset = malloc(p->n * sizeof *w->rset);
    if (!w->tab || !w->u || !w->r || !w->s || !w->incl || !w->rset) {
        cxb_alpha_run_free(w);
        return cxb_fail(CXB_ERESOURCE, "alpha: out of host memory for n=%llu", (unsigned long long)p->n);
    }
    cxb_alpha_pow_table(p->k, p->alpha, w->tab);
    w->pbase = 1.0 / ((double)p->n * (double)(p->n - 1) / 2.0); /* n(n-1)/2 exact below 2^26 */
    return CXB_OK;
}

void cxb_alpha_run_free(cxb_alpha_run *w)
{
    free(w->tab);
    free(w->u);
    free(w->r);
    free(w->s);
    free(w->incl);
    free(w->rset);
    memset(w, 0, sizeof *w);
}

void cxb_alpha_run_pick(cxb_alpha_run *w)
{
    if (w->rsize == 0) { /* a new round: every vertex once */
        for (uint64_t v = 0; v < w->n; ++v)
            w->rset[v] = (cxb_vid)v;
        w->rsize = w->n;
    }
    uint64_t q = cxb_alpha_round_index(w->p->seed, w->step, w->rsize);
    w->i = w->rset[q];
    w->rset[q] = w->rset[--w->rsize];
}

static void chunk_range(const cxb_alpha_run *w, uint32_t c, uint64_t *j0, uint64_t *j1)
{
    *j0 = (uint64_t)c * CXB_ALPHA_CHUNK;
    *j1 = *j0 + CXB_ALPHA_CHUNK < w->n ? *j0 + CXB_ALPHA_CHUNK : w->n;
}

void cxb_alpha_chunk_u(cxb_alpha_run *w, uint32_t c)
{
    uint64_t j0, j1;
    chunk_range(w, c, &j0, &j1);
    for (uint64_t j = j0; j < j1; ++j)
        w->u[j] = cxb_alpha_u(w->p->seed, w->step, (uint32_t)j);
}

void cxb_alpha_chunk_prop(cxb_alpha_run *w, uint32_t c)
{
    uint64_t j0, j1;
    chunk_range(w, c, &j0, &j1);
    const cxb_adjlists *a = w->a;
    cxb_vid i = w->i;
    for (uint64_t j = j0; j < j1; ++j) {
        double p = w->pbase * w->u[j];
        w->r[j] = cxb_alpha_candidate(i, (cxb_vid)j, a->list[i], a->deg[i], a->list[j], a->deg[j],
                                      w->p->k, w->tab, p);
    }
    w->s[c] = cxb_alpha_sum(w->r + j0, (uint32_t)(j1 - j0));
}

cxb_status cxb_alpha_run_total(cxb_alpha_run *w)
{
    w->total = cxb_alpha_sum(w->s, w->nc);
    if (!(w->total > 0))
        return cxb_fail(CXB_EFAIL, "alpha: step %llu: vertex %u has no candidate left",
                        (unsigned long long)w->step, w->i);
    return CXB_OK;
}

void cxb_alpha_chunk_norm(cxb_alpha_run *w, uint32_t c)
{
    uint64_t j0, j1;
    chunk_range(w, c, &j0, &j1);
    for (uint64_t j = j0; j < j1; ++j)
        w->r[j] = w->r[j] / w->total;
    w->s[c] = cxb_alpha_sum(w->r + j0, (uint32_t)(j1 - j0));
}

cxb_status cxb_alpha_run_finish(cxb_alpha_run *w)
{
    double acc = 0.0;
    for (uint32_t c = 0; c < w->nc; ++c) {
        acc = acc + w->s[c];
        w->incl[c] = acc;
    }
    double r = cxb_alpha_r(w->p->seed, w->step);
    uint32_t c = cxb_alpha_find_chunk(w->incl, w->nc, r);
    uint64_t sel = w->n;
    if (c < w->nc) {
        uint64_t j0, j1;
        chunk_range(w, c, &j0, &j1);
        uint32_t t = cxb_alpha_select_in_chunk(w->r + j0, (uint32_t)(j1 - j0), c ? w->incl[c - 1] : 0.0, r);
        if (t < j1 - j0)
            sel = j0 + t;
    }
    if (sel == w->n) /* the clamp (3.2 step 8; docs/studies/graphgen.md): largest j with P_j > 0 */
        for (uint64_t j = w->n; j-- > 0;)
            if (w->r[j] > 0.0) {
                sel = j;
                break;
            }
    if (sel == w->n)
        return cxb_fail(CXB_EFAIL, "alpha: step %llu: nothing selectable", (unsigned long long)w->step);
    cxb_status st = cxb_adjlists_insert(w->a, w->i, (cxb_vid)sel);
    if (st == CXB_OK)
        st = cxb_adjlists_insert(w->a, (cxb_vid)sel, w->i);
    ++w->step;
    return st;
}

cxb_status cxb_alpha_generate(const cxb_alpha_params *p, cxb_gg_variant v, cxb_alpha_phases_fn phases, void *arg,
                              cxb_adjlists *out)
{
    cxb_status st = cxb_alpha_check(p);
    if (st != CXB_OK)
        return st;
    if ((st = cxb_adjlists_init(out, p->n, p->x ? p->x : cxb_alpha_x_auto(v, p->k))) != CXB_OK)
        return st;
    cxb_alpha_run w;
    if ((st = cxb_alpha_run_init(&w, p, out)) != CXB_OK) {
        cxb_adjlists_free(out);
        return st;
    }
    uint64_t steps = cxb_alpha_edges(p);
    for (uint64_t s = 0; s < steps && st == CXB_OK; ++s) {
        cxb_alpha_run_pick(&w);
        if ((st = phases(&w, CXB_ALPHA_PROP, arg)) != CXB_OK || (st = cxb_alpha_run_total(&w)) != CXB_OK ||
            (st = phases(&w, CXB_ALPHA_NORM, arg)) != CXB_OK)
            break;
        st = cxb_alpha_run_finish(&w);
    }
    cxb_alpha_run_free(&w);
    if (st != CXB_OK)
        cxb_adjlists_free(out);
    return st;
}
