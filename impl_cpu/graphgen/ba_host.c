/* graphgen.ba (host side): the pieces of Leist Alg. 16 (Sec. 5.2.1) shared by
 * graphgen.ba.seq and graphgen.ba.pthreads; docs/studies/graphgen.md. The thesis's float
 * probabilities Pi_i = |A_i| / sum |A_j| become the integer degrees and D = 2|E|, and each
 * draw is an integer r in [0, D): vertex i is chosen when cum(i-1) <= r < cum(i), the
 * thesis's sweep "p_sum exceeds the next random number" in exact arithmetic (4.2).
 */
#include <stdlib.h>
#include <string.h>

#include "cxb/graphgen/ba_host.h"

cxb_status cxb_ba_run_init(cxb_ba_run *w, const cxb_ba_params *p, cxb_adjlists *a)
{
    memset(w, 0, sizeof *w);
    w->p = p;
    w->a = a;
    cxb_status st = cxb_adjlists_init(a, p->n, p->x ? p->x : cxb_ba_x_auto(CXB_GG_SEQ, p->m));
    if (st != CXB_OK)
        return st;
    w->pi = malloc((p->n ? p->n : 1) * sizeof *w->pi);
    w->draw = malloc((size_t)p->m * sizeof *w->draw);
    w->chosen = malloc((size_t)(p->n0 > p->m ? p->n0 : p->m) * sizeof *w->chosen);
    if (!w->pi || !w->draw || !w->chosen)
        st = cxb_fail(CXB_ERESOURCE, "ba: out of host memory for n=%llu", (unsigned long long)p->n);
    /* the core: n0 vertices, fully connected (Alg. 16 line 1) */
    for (uint64_t v = 0; v < p->n0 && st == CXB_OK; ++v) {
        uint32_t c = 0;
        for (uint64_t u = 0; u < p->n0; ++u)
            if (u != v)
                w->chosen[c++] = (cxb_vid)u;
        st = cxb_adjlists_set(a, (cxb_vid)v, w->chosen, c);
    }
    if (st != CXB_OK) {
        cxb_ba_run_free(w);
        cxb_adjlists_free(a);
    }
    return st;
}

void cxb_ba_run_free(cxb_ba_run *w)
{
    free(w->pi);
    free(w->draw);
    free(w->chosen);
    memset(w, 0, sizeof *w);
}

uint64_t cxb_ba_pi_range(cxb_ba_run *w, uint64_t i0, uint64_t i1)
{
    uint64_t s = 0;
    for (uint64_t i = i0; i < i1; ++i) {
        w->pi[i] = w->a->deg[i];
        s += w->pi[i];
    }
    return s;
}

static void sort_u64(uint64_t *v, uint32_t n) /* m is tens to hundreds: insertion sort */
{
    for (uint32_t i = 1; i < n; ++i) {
        uint64_t x = v[i];
        uint32_t j = i;
        for (; j > 0 && v[j - 1] > x; --j)
            v[j] = v[j - 1];
        v[j] = x;
    }
}

cxb_status cxb_ba_run_attach(cxb_ba_run *w, uint64_t t)
{
    const cxb_ba_params *p = w->p;
    uint32_t m = p->m, c = 0;
    for (uint32_t q = 0; c < m; ++q) {
        if (q > 0xFFFFu)
            return cxb_fail(CXB_EFAIL, "ba: vertex %llu: no %u distinct targets after 65536 iterations",
                            (unsigned long long)t, m);
        /* never more than m - c numbers per iteration (docs/studies/graphgen.md) */
        uint32_t cnt = m - c;
        for (uint32_t slot = 0; slot < cnt; ++slot)
            w->draw[slot] = cxb_ba_draw(p->seed, t, q, slot, w->D);
        sort_u64(w->draw, cnt);
        uint64_t cum = 0;
        uint32_t ptr = 0;
        for (uint64_t i = 0; i < t && ptr < cnt; ++i) {
            cum += w->pi[i];
            if (w->draw[ptr] >= cum)
                continue;
            /* several numbers in one interval select the vertex once */
            while (ptr < cnt && w->draw[ptr] < cum)
                ++ptr;
            if (q == 0) { /* the sweep ascends: appending keeps A_t sorted */
                w->chosen[c++] = (cxb_vid)i;
            } else if (!cxb_alpha_contains(w->chosen, c, (cxb_vid)i)) {
                uint32_t pos = cxb_sorted_insert_pos(w->chosen, c, (cxb_vid)i);
                memmove(w->chosen + pos + 1, w->chosen + pos, (size_t)(c - pos) * sizeof *w->chosen);
                w->chosen[pos] = (cxb_vid)i;
                ++c;
            }
        }
    }
    cxb_status st = cxb_adjlists_set(w->a, (cxb_vid)t, w->chosen, m);
    /* t is the largest id so far: appending keeps every neighbour's list sorted */
    for (uint32_t e = 0; e < m && st == CXB_OK; ++e)
        st = cxb_adjlists_append(w->a, w->chosen[e], (cxb_vid)t);
    return st;
}
