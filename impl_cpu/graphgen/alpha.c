/* graphgen.alpha.seq - the Watts alpha-model exactly as Leist gives it (Alg. 9, Appendix B,
 * Sec. 5.1.1; Watts 1999, "Small Worlds"): M = kn/2 edge steps; per step the initiator is
 * drawn from the round set, every one of the n candidates gets its propensity R_j from a
 * merge of the two sorted lists (Theta(n^2 k^2) work in all, the slopes of Table 5.1),
 * the propensities are normalised, the neighbour is selected by a cumulative scan, and
 * it is inserted into both sorted lists grown by X = 4 with a copy (graphgen.md 3.3).
 *
 * Deviations (graphgen.md 2.3, the same for every variant): keyed draws (domains 16-18)
 * and the canonical chunked double sums of 3.2 instead of one running sum, so that
 * pthreads and CUDA give the same graph.
 */
#include "impl_cpu/graphgen/alpha_host.h"

cxb_status cxb_alpha_seq(const cxb_alpha_params *p, cxb_adjlists *out)
{
    cxb_status st = cxb_alpha_check(p);
    if (st != CXB_OK)
        return st;
    if ((st = cxb_adjlists_init(out, p->n, p->x ? p->x : cxb_alpha_x_auto(CXB_GG_SEQ, p->k))) != CXB_OK)
        return st;
    cxb_alpha_run w;
    if ((st = cxb_alpha_run_init(&w, p, out)) != CXB_OK) {
        cxb_adjlists_free(out);
        return st;
    }
    uint64_t steps = cxb_alpha_edges(p);
    for (uint64_t s = 0; s < steps && st == CXB_OK; ++s) {
        cxb_alpha_run_pick(&w);
        for (uint32_t c = 0; c < w.nc; ++c) {
            cxb_alpha_chunk_u(&w, c);
            cxb_alpha_chunk_prop(&w, c);
        }
        if ((st = cxb_alpha_run_total(&w)) != CXB_OK)
            break;
        for (uint32_t c = 0; c < w.nc; ++c)
            cxb_alpha_chunk_norm(&w, c);
        st = cxb_alpha_run_finish(&w);
    }
    cxb_alpha_run_free(&w);
    if (st != CXB_OK)
        cxb_adjlists_free(out);
    return st;
}
