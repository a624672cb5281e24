/* graphgen.alpha.seq: which reading of the baseline probability p meets the issue's
 * oracle (docs/studies/graphgen.md: "alpha = 1 gives more than one component in at
 * least 5 of 9 seeds (Leist Fig. 5.1); alpha = 2 gives one component in at least 5 of 9
 * seeds (Fig. 2.4)") at n = 500, k = 10.
 *
 * The model as specified (docs/studies/graphgen.md: p = p_base U, U uniform per candidate per
 * step, p_base = 1/C(n,2)) has its connectivity transition between alpha = 2 and 2.5
 * (alpha = 2 connected in 0.13 of 200 seeds, 95% CI 0.09-0.18); with Watts's constant
 * baseline p = p_base it lies below 2 (0.82, CI 0.76-0.87), and with the constant
 * p = p_base / 2 (the spec's mean, without the spread) it is 0.18 (0.13-0.24): the mean of
 * U, not its spread, moves the transition. Numbers from scripts/experiments/
 * alpha_connectivity.c (200 seeds per point; see docs/readme/s4d-alpha.md).
 *
 * The alternative readings run the reference's own code: cxb_alpha_generate with the seq
 * phases of impl_cpu/graphgen/alpha.c, the deviates U_j overwritten with a constant after
 * cxb_alpha_chunk_u. U = 1 is checked first to reproduce the spec reading's graph when
 * the deviates are left alone (so the hook itself changes nothing else).
 *
 * Asserted for the fixed seeds 1-9 (deterministic; the 200-seed fractions above say
 * these are typical, not lucky, except that 5 of 9 is the low side of 0.82):
 *  - spec reading: Fig. 5.1 holds (alpha = 1 disconnected in 9 of 9), Fig. 2.4 fails
 *    (alpha = 2 connected in 2 of 9);
 *  - p = p_base: both halves of the oracle hold (alpha = 1 disconnected in 9 of 9,
 *    alpha = 2 connected in at least 5 of 9);
 *  - p = p_base connects at least as often as p = p_base U at alpha = 2 and has no more
 *    components on average (more random mass, fewer caves).
 */
#include <stdlib.h>

#include "check.h"
#include "cxb/graphgen/models.h"
#include "cxb/graphgen/alpha_host.h"

/* <0: leave U_j alone (the spec); else U_j = this constant for every candidate. */
static double u_const;

static cxb_status phases(cxb_alpha_run *w, cxb_alpha_phase phase, void *arg)
{
    (void)arg;
    for (uint32_t c = 0; c < w->nc; ++c) {
        if (phase == CXB_ALPHA_PROP) {
            cxb_alpha_chunk_u(w, c);
            if (u_const >= 0) {
                uint64_t j0 = (uint64_t)c * CXB_ALPHA_CHUNK;
                for (uint64_t j = j0; j < w->n && j < j0 + CXB_ALPHA_CHUNK; ++j)
                    w->u[j] = u_const;
            }
            cxb_alpha_chunk_prop(w, c);
        } else {
            cxb_alpha_chunk_norm(w, c);
        }
    }
    return CXB_OK;
}

/* Components of the n = 500, k = 10 graph of (alpha, seed) under the reading u. */
static uint64_t components(double alpha, uint64_t seed, double u, uint64_t *hash)
{
    cxb_alpha_params p = {500, 10, alpha, seed, 0, 0};
    cxb_adjlists a;
    cxb_csr g;
    u_const = u;
    CHECK_MSG(cxb_alpha_generate(&p, CXB_GG_SEQ, phases, NULL, &a) == CXB_OK, "%s", cxb_last_error());
    if (hash)
        *hash = cxb_adjlists_hash(&a);
    CHECK(cxb_adjlists_to_csr(&a, &g) == CXB_OK);
    cxb_adjlists_free(&a);
    CHECK_MSG(cxb_alpha_check_graph(&p, &g) == CXB_OK, "%s", cxb_last_error());
    uint64_t c = cxb_csr_components(&g);
    cxb_csr_free(&g);
    return c;
}

int main(void)
{
    /* the hook with U untouched is graphgen.alpha.seq itself */
    {
        cxb_alpha_params p = {500, 10, 2.0, 1, 0, 0};
        cxb_adjlists a;
        CHECK(cxb_alpha_seq(&p, &a) == CXB_OK);
        uint64_t want = cxb_adjlists_hash(&a), got;
        cxb_adjlists_free(&a);
        components(2.0, 1, -1.0, &got);
        CHECK_MSG(got == want, "hook: %016llx, seq %016llx", (unsigned long long)got, (unsigned long long)want);
    }

    int spec_multi1 = 0, spec_one2 = 0, base_multi1 = 0, base_one2 = 0;
    uint64_t spec_c2 = 0, base_c2 = 0;
    for (uint64_t seed = 1; seed <= 9; ++seed) {
        spec_multi1 += components(1.0, seed, -1.0, NULL) > 1;
        base_multi1 += components(1.0, seed, 1.0, NULL) > 1;
        uint64_t cs = components(2.0, seed, -1.0, NULL), cb = components(2.0, seed, 1.0, NULL);
        spec_one2 += cs == 1;
        base_one2 += cb == 1;
        spec_c2 += cs;
        base_c2 += cb;
    }
    fprintf(stderr, "p = p_base U: alpha=1 disconnected %d/9, alpha=2 connected %d/9 (%llu components); "
                    "p = p_base: %d/9, %d/9 (%llu components)\n", spec_multi1, spec_one2,
            (unsigned long long)spec_c2, base_multi1, base_one2, (unsigned long long)base_c2);
    CHECK_MSG(spec_multi1 == 9, "p_base U, alpha=1: %d of 9 disconnected", spec_multi1);
    CHECK_MSG(spec_one2 == 2, "p_base U, alpha=2: %d of 9 connected, expected 2 (Fig. 2.4 fails)", spec_one2);
    CHECK_MSG(base_multi1 == 9, "p_base, alpha=1: %d of 9 disconnected", base_multi1);
    CHECK_MSG(base_one2 >= 5, "p_base, alpha=2: %d of 9 connected (the issue's oracle)", base_one2);
    CHECK_MSG(base_one2 >= spec_one2 && base_c2 <= spec_c2, "p_base connects less than p_base U");
    CHECK_DONE();
}
