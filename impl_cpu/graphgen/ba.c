/* graphgen.ba.seq - Leist's Barabasi-Albert generator (Alg. 16, Sec. 5.2.1; docs/studies/graphgen.md
 * 4.1-4.3): a complete core of n0 vertices, then per new vertex t the Pi loop over every
 * existing vertex (kept: the O(t) recomputation per step is what gives the measured
 * n-slope of about 2 and the near-zero k-slope on the CPU, Table 5.1), the repeat loop of
 * sorted draws swept against the cumulative Pi, and the appends of t, lists grown by X = 4.
 *
 * Deviations (docs/studies/graphgen.md): keyed draws (domain 20) and integer degrees in place of
 * the float Pi_i (the same selection rule, exactly; 4.2).
 */
#include "cxb/graphgen/ba_host.h"

cxb_status cxb_ba_seq(const cxb_ba_params *pin, cxb_adjlists *out)
{
    cxb_ba_params p = *pin;
    cxb_status st = cxb_ba_check(&p);
    if (st != CXB_OK)
        return st;
    cxb_ba_run w;
    if ((st = cxb_ba_run_init(&w, &p, out)) != CXB_OK)
        return st;
    for (uint64_t t = p.n0; t < p.n && st == CXB_OK; ++t) {
        w.D = cxb_ba_pi_range(&w, 0, t);
        st = cxb_ba_run_attach(&w, t);
    }
    cxb_ba_run_free(&w);
    if (st != CXB_OK)
        cxb_adjlists_free(out);
    return st;
}
