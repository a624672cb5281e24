/* include/cxb/graphgen/ba_host.h - Leist's Barabasi-Albert generator (Alg. 16, Sec. 5.2.1;
 * docs/studies/graphgen.md) split into the Pi loop (parallel in graphgen.ba.pthreads) and the
 * sequential selection and appends, shared by the seq and pthreads variants.
 */
#ifndef CXB_IMPL_GRAPHGEN_BA_HOST_H
#define CXB_IMPL_GRAPHGEN_BA_HOST_H

#include "cxb/graphgen/models.h"

typedef struct cxb_ba_run {
    const cxb_ba_params *p;
    cxb_adjlists *a;
    uint64_t *pi;    /* the Pi array: degree of every existing vertex (4.2) */
    uint64_t *draw;  /* pending draws of one iteration, sorted */
    cxb_vid *chosen; /* A_t under construction, sorted */
    uint64_t D;      /* sum of degrees = 2|E| */
} cxb_ba_run;

/* Builds the core (complete graph on n0 vertices) into a (initialised here). */
cxb_status cxb_ba_run_init(cxb_ba_run *w, const cxb_ba_params *p, cxb_adjlists *a);
void cxb_ba_run_free(cxb_ba_run *w);
/* Pi values of vertices [i0, i1) for new vertex t; returns their sum. */
uint64_t cxb_ba_pi_range(cxb_ba_run *w, uint64_t i0, uint64_t i1);
/* With w->D set: the repeat loop of Alg. 16 (keyed draws, sorted sweep over the Pi
 * array), then A_t and the appends of t to the chosen lists. */
cxb_status cxb_ba_run_attach(cxb_ba_run *w, uint64_t t);

#endif
