/* graphgen.alpha.seq - the Watts alpha-model exactly as Leist gives it (Alg. 9, Appendix B,
 * Sec. 5.1.1; Watts 1999, "Small Worlds"): M = kn/2 edge steps; per step the initiator is
 * drawn from the round set, every one of the n candidates gets its propensity R_j from a
 * merge of the two sorted lists (Theta(n^2 k^2) work in all, the slopes of Table 5.1),
 * the propensities are normalised, the neighbour is selected by a cumulative scan, and
 * it is inserted into both sorted lists grown by X = 4 with a copy (docs/studies/graphgen.md).
 *
 * Deviations (docs/studies/graphgen.md, the same for every variant): keyed draws (domains 16-18)
 * and the canonical chunked double sums of 3.2 instead of one running sum, so that
 * pthreads and CUDA give the same graph.
 */
#include "cxb/graphgen/alpha_host.h"

/* The chunks in order on the calling thread; a chunk's prop right after its u. */
static cxb_status seq_phases(cxb_alpha_run *w, cxb_alpha_phase phase, void *arg)
{
    (void)arg;
    for (uint32_t c = 0; c < w->nc; ++c) {
        if (phase == CXB_ALPHA_PROP) {
            cxb_alpha_chunk_u(w, c);
            cxb_alpha_chunk_prop(w, c);
        } else {
            cxb_alpha_chunk_norm(w, c);
        }
    }
    return CXB_OK;
}

cxb_status cxb_alpha_seq(const cxb_alpha_params *p, cxb_adjlists *out)
{
    return cxb_alpha_generate(p, CXB_GG_SEQ, seq_phases, NULL, out);
}
