/* graphgen.alpha.pthreads - Leist Alg. 10 (the TBB alpha-model) on the project's pool
 * (graphgen.md 3.4): per edge step three parallel phases over 256-candidate chunks,
 * separated by the pool's join - (a) the deviates U_j (the thesis's T RNG threads filling
 * n numbers; keyed here, so chunking cannot change them), (b) propensities and chunk sums
 * S_c, (c) normalisation and chunk totals Q_c - while the round order, the total S, the
 * prefix, the selection and the two insertions stay on the calling thread (the thesis
 * found the scan cheap and a parallel_invoke of the two inserts slower).
 *
 * Deviations: TBB parallel_for -> cxb_pool_for with one chunk per item; per-thread TBB
 * streams -> keyed draws (graphgen.md 11.13). Because each chunk is summed left to right
 * by one worker and the chunk sums are combined in chunk order, the graph is bit-identical
 * to graphgen.alpha.seq for any thread count. The round set is refilled sequentially (an
 * O(n) copy once per round, against the O(n) parallel phases of every step).
 */
#include "cxb/pool.h"
#include "impl_cpu/graphgen/alpha_host.h"

static void phase_u(void *arg, uint64_t c, unsigned worker)
{
    (void)worker;
    cxb_alpha_chunk_u(arg, (uint32_t)c);
}

static void phase_prop(void *arg, uint64_t c, unsigned worker)
{
    (void)worker;
    cxb_alpha_chunk_prop(arg, (uint32_t)c);
}

static void phase_norm(void *arg, uint64_t c, unsigned worker)
{
    (void)worker;
    cxb_alpha_chunk_norm(arg, (uint32_t)c);
}

/* One parallel phase over the chunks; a single chunk (n <= 256) runs on the calling thread,
 * as TBB's partitioner keeps a range below its grain size in one task. */
static cxb_status phase(cxb_pool *pool, cxb_alpha_run *w, cxb_pool_fn fn)
{
    if (w->nc < 2) {
        fn(w, 0, 0);
        return CXB_OK;
    }
    return cxb_pool_for(pool, w->nc, CXB_SCHED_DYNAMIC, fn, w);
}

cxb_status cxb_alpha_pthreads(const cxb_alpha_params *p, struct cxb_pool *pool, cxb_adjlists *out)
{
    cxb_status st = cxb_alpha_check(p);
    if (st != CXB_OK)
        return st;
    if ((st = cxb_adjlists_init(out, p->n, p->x ? p->x : cxb_alpha_x_auto(CXB_GG_PTHREADS, p->k))) != CXB_OK)
        return st;
    cxb_alpha_run w;
    if ((st = cxb_alpha_run_init(&w, p, out)) != CXB_OK) {
        cxb_adjlists_free(out);
        return st;
    }
    uint64_t steps = cxb_alpha_edges(p);
    for (uint64_t s = 0; s < steps && st == CXB_OK; ++s) {
        cxb_alpha_run_pick(&w);
        if ((st = phase(pool, &w, phase_u)) != CXB_OK || (st = phase(pool, &w, phase_prop)) != CXB_OK ||
            (st = cxb_alpha_run_total(&w)) != CXB_OK || (st = phase(pool, &w, phase_norm)) != CXB_OK)
            break;
        st = cxb_alpha_run_finish(&w);
    }
    cxb_alpha_run_free(&w);
    if (st != CXB_OK)
        cxb_adjlists_free(out);
    return st;
}
