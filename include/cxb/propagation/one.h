/* cxb/propagation/one.h - the state of a one-partition CPU run (seq and pthreads): the
 * graph, the states, the edge records of the E-Loop and the act array; the loop and the
 * finalisation over a range of items, so that the threaded rows only cut ranges. */
#ifndef CXB_PROPAGATION_ONE_H
#define CXB_PROPAGATION_ONE_H

#include "cxb/propagation/model.h"
#include "cxb/propagation/propagation.h"

typedef struct cxb_prop_one {
    const cxb_csr *g;
    cxb_prop_state *st;
    int32_t *act;
    cxb_prop_edges e; /* E-Loop only: cfg->edges, or built here */
    int own_e;        /* e was built here (freed by close) */
    uint64_t w_c0;    /* degree sum of the sources */
    uint64_t nsources;
} cxb_prop_one;

/* act = -1, sources FRESH with act 0 (a source outside the graph: exit-2 error), edge records */
cxb_status cxb_prop_one_open(const cxb_csr *g, const cxb_prop_cfg *cfg, cxb_prop_result *r, cxb_prop_one *o);
void cxb_prop_one_close(cxb_prop_one *o);
int cxb_prop_one_range(cxb_prop_one *o, int loop, const cxb_prop_step *s, uint64_t lo, uint64_t hi);
void cxb_prop_one_finalise_range(cxb_prop_one *o, uint32_t t, uint64_t lo, uint64_t hi, uint64_t *newly,
                                 uint64_t *w_c_add);

#endif
