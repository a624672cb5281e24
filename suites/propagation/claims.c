/* suites/propagation/claims.c - Jin et al. Fig. 11's one-GPU point against the single-GPU targets
 * (docs/studies/propagation.md "Measured"), and the replication claims of Figs 16 and 18
 * (replication_table.c). A row's time is its median whole run in summary.csv
 * at exactly graph=paper:1m256m (the default mapping: a lanes=1 point is another point); a pass
 * is that over steps + 1 (the final empty check), the steps read from the row's extra column.
 * The thread-scaling targets (keys prop.scaling, prop.scaling.host) are judged by
 * cxb_msets_thread_claim on the merged sets (harness/mseries.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/csv.h"
#include "harness/mseries.h"
#include "suites/propagation/claims.h"
#include "suites/propagation/replication_table.h"

#define FIG11_POINT "graph=paper:1m256m"

/* the median (ns) and the step count of impl at FIG11_POINT in the last set that has it */
static int fig11_row(const char *const *run_dirs, size_t nsets, const char *impl, double *median, double *steps)
{
    int found = 0;
    for (size_t s = 0; s < nsets; ++s) {
        static const char *const sneed[] = {"impl", "params", "median", NULL};
        static const char *const xneed[] = {"impl", "params", "extra", NULL};
        cxb_csv sum, smp;
        int sc[3], xc[3];
        if (cxb_csv_read_cols(run_dirs[s], "summary.csv", sneed, &sum, sc) != CXB_OK)
            continue;
        double med = 0;
        for (size_t r = 0; r < sum.nrows; ++r)
            if (!strcmp(cxb_csv_cell(&sum, r, sc[0]), impl) && !strcmp(cxb_csv_cell(&sum, r, sc[1]), FIG11_POINT))
                med = atof(cxb_csv_cell(&sum, r, sc[2]));
        cxb_csv_free(&sum);
        if (!(med > 0) || cxb_csv_read_cols(run_dirs[s], "samples.csv", xneed, &smp, xc) != CXB_OK)
            continue;
        for (size_t r = 0; r < smp.nrows; ++r) {
            const char *x = strstr(cxb_csv_cell(&smp, r, xc[2]), "steps=");
            if (x && (x == cxb_csv_cell(&smp, r, xc[2]) || x[-1] == ';') &&
                !strcmp(cxb_csv_cell(&smp, r, xc[0]), impl) && !strcmp(cxb_csv_cell(&smp, r, xc[1]), FIG11_POINT)) {
                *median = med;
                *steps = atof(x + 6);
                found = 1;
                break;
            }
        }
        cxb_csv_free(&smp);
    }
    return found;
}

static cxb_verdict judge_eloop(const char *const *run_dirs, size_t nsets, char *ours, size_t size)
{
    double t, steps;
    if (!fig11_row(run_dirs, nsets, "propagation.eloop.cuda", &t, &steps)) {
        snprintf(ours, size, "not measured (no propagation.eloop.cuda at " FIG11_POINT ")");
        return CXB_NOT_MEASURED;
    }
    double pass = t / (steps + 1);
    snprintf(ours, size, "%.2f ms a run, %.3f ms a pass (%.0f steps + 1), %.0fx the C2050", t / 1e6, pass / 1e6,
             steps, 2234.9e6 / t);
    return t <= 12e6 && pass <= 0.6e6 ? CXB_HOLDS : CXB_DOES_NOT_HOLD;
}

static cxb_verdict judge_aloop(const char *const *run_dirs, size_t nsets, char *ours, size_t size)
{
    double ta, te, steps;
    if (!fig11_row(run_dirs, nsets, "propagation.aloop.cuda", &ta, &steps)) {
        snprintf(ours, size, "not measured (no propagation.aloop.cuda at " FIG11_POINT ")");
        return CXB_NOT_MEASURED;
    }
    if (!fig11_row(run_dirs, nsets, "propagation.eloop.cuda", &te, &steps)) {
        snprintf(ours, size, "A-Loop %.2f ms a run; not measured against the E-Loop", ta / 1e6);
        return CXB_NOT_MEASURED;
    }
    snprintf(ours, size, "A-Loop %.2f ms a run, %.2fx faster than the E-Loop (%.2f ms)", ta / 1e6, te / ta, te / 1e6);
    return ta <= 3e6 && ta < te ? CXB_HOLDS : CXB_DOES_NOT_HOLD;
}

/* The pthreads rows of the A- and E-Loop at least want times faster on b threads than on 1. */
static cxb_verdict judge_threads(const char *const *run_dirs, size_t nsets, int b, double want, char *ours,
                                 size_t size)
{
    static const char *const rows[] = {"propagation.aloop.pthreads", "propagation.eloop.pthreads"};
    return (cxb_verdict)cxb_msets_thread_judge(run_dirs, nsets, "propagation claims", rows, 2, 1, b, want, ours, size);
}

static cxb_verdict judge_two_threads(const char *const *run_dirs, size_t nsets, char *ours, size_t size)
{
    return judge_threads(run_dirs, nsets, 2, 1.9, ours, size);
}

/* parallel efficiency t1 / (16 t16) >= 0.70, i.e. 16 threads >= 11.2x faster than one */
static cxb_verdict judge_sixteen_threads(const char *const *run_dirs, size_t nsets, char *ours, size_t size)
{
    return judge_threads(run_dirs, nsets, 16, 0.70 * 16, ours, size);
}

const cxb_claim cxb_propagation_claims[] = {
    {"jin.fig11.gpu1", "Jin et al. Fig. 11: the E-Loop on 1m256m takes 2234.9 ms on one Tesla C2050; target on one "
                       "Hopper GPU: whole run <= 12 ms and <= 0.6 ms a pass",
     judge_eloop},
    {"jin.fig11.gpu1", "Jin et al. Fig. 11: the vertex loop beats the edge loop at equal GPU count (1.67-2.81x; best "
                       "vertex time 397.9 ms on 2 C2050s); target: A-Loop whole run <= 3 ms on one GPU, faster than "
                       "the E-Loop",
     judge_aloop},
    {"jin.fig16", "Jin et al. Fig. 16: the replication ratio R rises with the number of partitions P", cxb_prop_judge_r_rises},
    {"jin.fig16", "Jin et al. Fig. 16: the vertex layout replicates more than the edge layout when edges per node are "
                  "few (the sparsest network, 4m32m under the entries reading)",
     cxb_prop_judge_r_vertex_edge},
    {"jin.fig16", "Jin et al. Fig. 16: both layouts approach R = P - 1 on dense networks (mean degree >= 64: R >= "
                  "0.95 (P - 1), block and random)",
     cxb_prop_judge_r_dense},
    {"jin.fig16", "The G(n, m) closed forms of R (block and random partitions) within 0.01 of the measured R",
     cxb_prop_judge_r_closed_form},
    {"jin.fig18", "Jin et al. Fig. 18: scale-free (R-MAT) networks have a lower R than random ones of the same size "
                  "(METIS partitions)",
     cxb_prop_judge_r_rmat_lower},
    {"jin.fig18", "Jin et al. Fig. 18: on R-MAT networks R on 3 partitions about equals R on 2 (METIS; within 10%)",
     cxb_prop_judge_r_rmat_3_2},
    {"prop.scaling", "Target: propagation.aloop.pthreads and eloop.pthreads at least 1.9x faster on 2 threads than on "
                     "1, on the 2-core machine (G(n, m), n = 2^20, mean degree 32)",
     judge_two_threads},
    {"prop.scaling.host", "Target: propagation.aloop.pthreads and eloop.pthreads at 70% parallel efficiency or more on "
                          "16 threads of the GPU host (at least 11.2x one thread; G(n, m), n = 2^22, mean degree 32)",
     judge_sixteen_threads},
    {NULL, NULL, NULL},
};
