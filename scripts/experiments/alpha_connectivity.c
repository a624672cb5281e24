/* scripts/experiments/alpha_connectivity.c - a study experiment, not a benchmark of record:
 * where does the Watts alpha-model (graphgen.alpha.seq, Leist Appendix B / Sec. 5.1.1;
 * docs/studies/graphgen.md) become connected at n = 500, k = 10? The oracle
 * of docs/studies/graphgen.md read Leist Figs 5.1 and 2.4 as "alpha = 1 disconnected, alpha = 2 one
 * component"; this counts connected graphs over many seeds, with 95% Wilson intervals, for
 * three readings of the baseline probability p:
 *   spec   p = p_base U, U uniform in [0,1) per candidate per step (docs/studies/graphgen.md, the
 *          reference; identical to `cxbench graph gen alpha:... --impl graphgen.alpha.seq`)
 *   pbase  p = p_base (U = 1: Watts's constant baseline)
 *   half   p = p_base / 2 (U = 1/2: the spec's mean, without its per-candidate spread)
 * Every reading runs the reference's own code (cxb_alpha_generate with the seq phases);
 * only the deviates U_j are overwritten after cxb_alpha_chunk_u for the other two.
 *
 *   cc -O2 -std=c11 -I. -Iinclude scripts/experiments/alpha_connectivity.c build/libcxb.a -lm -lpthread
 *   ./a.out [seeds=100] [alpha,... = 1,1.5,2,2.5,3] [--per-seed]
 * --per-seed prints "mode alpha seed components" lines (the networkx cross-check reads them).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/graphgen/models.h"
#include "cxb/graphgen/alpha_host.h"

static const char *const mode_name[] = {"spec", "pbase", "half"};

/* The seq phases of impl_cpu/graphgen/alpha.c; for modes 1 and 2 U_j is replaced by a
 * constant before the chunk's propensities are computed. */
static cxb_status phases(cxb_alpha_run *w, cxb_alpha_phase phase, void *arg)
{
    int mode = *(const int *)arg;
    for (uint32_t c = 0; c < w->nc; ++c) {
        if (phase == CXB_ALPHA_PROP) {
            cxb_alpha_chunk_u(w, c);
            if (mode) {
                uint64_t j0 = (uint64_t)c * CXB_ALPHA_CHUNK, j1 = j0 + CXB_ALPHA_CHUNK < w->n ? j0 + CXB_ALPHA_CHUNK : w->n;
                for (uint64_t j = j0; j < j1; ++j)
                    w->u[j] = mode == 1 ? 1.0 : 0.5;
            }
            cxb_alpha_chunk_prop(w, c);
        } else {
            cxb_alpha_chunk_norm(w, c);
        }
    }
    return CXB_OK;
}

/* Wilson score interval for x successes of n at 95%. */
static void wilson(int x, int n, double *lo, double *hi)
{
    double z = 1.959963984540054, ph = (double)x / n, d = 1 + z * z / n;
    double c = (ph + z * z / (2.0 * n)) / d, h = z * sqrt(ph * (1 - ph) / n + z * z / (4.0 * n * n)) / d;
    *lo = c - h < 0 ? 0 : c - h;
    *hi = c + h > 1 ? 1 : c + h;
}

int main(int argc, char **argv)
{
    int seeds = argc > 1 ? atoi(argv[1]) : 100, per_seed = argc > 3 && !strcmp(argv[3], "--per-seed");
    double alphas[32];
    int na = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", argc > 2 ? argv[2] : "1,1.5,2,2.5,3");
    for (char *t = strtok(buf, ","); t && na < 32; t = strtok(NULL, ","))
        alphas[na++] = atof(t);
    printf("| p | alpha | connected | fraction | 95%% CI (Wilson) | mean components | min-max | first 9 seeds |\n");
    printf("|---|---|---|---|---|---|---|---|\n");
    for (int mode = 0; mode < 3; ++mode)
        for (int ai = 0; ai < na; ++ai) {
            int conn = 0, first9 = 0;
            double sumc = 0;
            uint64_t cmin = UINT64_MAX, cmax = 0;
            for (int s = 1; s <= seeds; ++s) {
                cxb_alpha_params p = {500, 10, alphas[ai], (uint64_t)s, 0, 0};
                cxb_adjlists a;
                cxb_csr g;
                if (cxb_alpha_generate(&p, CXB_GG_SEQ, phases, &mode, &a) != CXB_OK ||
                    cxb_adjlists_to_csr(&a, &g) != CXB_OK) {
                    fprintf(stderr, "alpha_connectivity: %s\n", cxb_last_error());
                    return 1;
                }
                cxb_adjlists_free(&a);
                uint64_t c = cxb_csr_components(&g);
                cxb_csr_free(&g);
                conn += c == 1;
                first9 += s <= 9 && c == 1;
                sumc += (double)c;
                cmin = c < cmin ? c : cmin;
                cmax = c > cmax ? c : cmax;
                if (per_seed)
                    fprintf(stderr, "%s %g %d %llu\n", mode_name[mode], alphas[ai], s, (unsigned long long)c);
            }
            double lo, hi;
            wilson(conn, seeds, &lo, &hi);
            printf("| %s | %g | %d/%d | %.2f | %.2f-%.2f | %.2f | %llu-%llu | %d/9 |\n", mode_name[mode], alphas[ai], conn,
                   seeds, (double)conn / seeds, lo, hi, sumc / seeds, (unsigned long long)cmin,
                   (unsigned long long)cmax, seeds >= 9 ? first9 : -1);
            fflush(stdout);
        }
    return 0;
}
