/* include/cxb/graphgen/alpha_host.h - one edge step of the Watts alpha-model (Leist Alg. 9,
 * Appendix B; docs/studies/graphgen.md) split into the per-chunk work that graphgen.alpha.seq
 * runs in a loop and graphgen.alpha.pthreads hands to the pool (Alg. 10), and the
 * sequential parts (round order, the total, the prefix, selection and insertion). Both
 * call the same functions, so they compute the same bits whatever the thread count.
 */
#ifndef CXB_IMPL_GRAPHGEN_ALPHA_HOST_H
#define CXB_IMPL_GRAPHGEN_ALPHA_HOST_H

#include "cxb/graphgen/models.h"

typedef struct cxb_alpha_run {
    const cxb_alpha_params *p;
    cxb_adjlists *a;
    double *tab;   /* (m/k)^alpha, 3.2 step 1 */
    double pbase;  /* 1 / C(n,2) */
    uint64_t n;
    uint32_t nc;   /* chunks of CXB_ALPHA_CHUNK candidates */
    double *u;     /* U_j of the step (the thesis's RNG kernel output) */
    double *r;     /* R_j, then P_j in place */
    double *s;     /* chunk sums S_c, then chunk totals Q_c */
    double *incl;  /* inclusive chunk prefix I_c */
    cxb_vid *rset; /* the round set R */
    uint64_t rsize;
    uint64_t step;
    cxb_vid i;     /* this step's initiator */
    double total;  /* S */
} cxb_alpha_run;

cxb_status cxb_alpha_run_init(cxb_alpha_run *w, const cxb_alpha_params *p, cxb_adjlists *a);
void cxb_alpha_run_free(cxb_alpha_run *w);
/* 3.2 step 9: picks this step's initiator from R (refilled with V when empty). */
void cxb_alpha_run_pick(cxb_alpha_run *w);
/* Chunk c: (a) the deviates U_j; (b) R_j and S_c; (c) P_j = R_j / S and Q_c. */
void cxb_alpha_chunk_u(cxb_alpha_run *w, uint32_t c);
void cxb_alpha_chunk_prop(cxb_alpha_run *w, uint32_t c);
void cxb_alpha_chunk_norm(cxb_alpha_run *w, uint32_t c);
/* S = sum of S_c left to right; CXB_EFAIL if no candidate is left (S = 0). */
cxb_status cxb_alpha_run_total(cxb_alpha_run *w);
/* Chunk prefix, selection (3.2 step 8) and the two sorted insertions; advances step. */
cxb_status cxb_alpha_run_finish(cxb_alpha_run *w);

/* The whole generator for a host backend: checks p, sizes out (X = cxb_alpha_x_auto(v, k)
 * when p->x is 0) and runs the M edge steps, each backend scheduling only the per-chunk
 * phases: phases(w, CXB_ALPHA_PROP, arg) runs cxb_alpha_chunk_u then cxb_alpha_chunk_prop
 * over every chunk (a chunk's prop after its own u), phases(w, CXB_ALPHA_NORM, arg)
 * cxb_alpha_chunk_norm. On an error out is freed. */
typedef enum cxb_alpha_phase { CXB_ALPHA_PROP, CXB_ALPHA_NORM } cxb_alpha_phase;
typedef cxb_status (*cxb_alpha_phases_fn)(cxb_alpha_run *w, cxb_alpha_phase phase, void *arg);
cxb_status cxb_alpha_generate(const cxb_alpha_params *p, cxb_gg_variant v, cxb_alpha_phases_fn phases, void *arg,
                              cxb_adjlists *out);

#endif
