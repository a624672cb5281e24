/* graphgen.alpha.pthreads - Leist Alg. 10 (the TBB alpha-model) on the project's pool
 * (docs/studies/graphgen.md): per edge step three parallel phases over 256-candidate chunks,
 * separated by the pool's join - (a) the deviates U_j (the thesis's T RNG threads filling
 * n numbers; keyed here, so chunking cannot change them), (b) propensities and chunk sums
 * S_c, (c) normalisation and chunk totals Q_c - while the round order, the total S, the
 * prefix, the selection and the two insertions stay on the calling thread (the thesis
 * found the scan cheap and a parallel_invoke of the two inserts slower).
 *
 * Deviations: TBB parallel_for -> cxb_pool_for with one chunk per item; per-thread TBB
 * streams -> keyed draws (docs/studies/graphgen.md). Because each chunk is summed left to right
 * by one worker and the chunk sums are combined in chunk order, the graph is bit-identical
 * to graphgen.alpha.seq for any thread count. The round set is refilled sequentially (an
 * O(n) copy once per round, against the O(n) parallel phases of every step).
 */
#include "cxb/core/pool.h"
#include "cxb/graphgen/alpha_host.h"

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
static cxb_status phase_run(cxb_pool *pool, cxb_alpha_run *w, cxb_pool_fn fn)
{
    if (w->nc < 2) {
        fn(w, 0, 0);
        return CXB_OK;
    }
    return cxb_pool_for(pool, w->nc, CXB_SCHED_DYNAMIC, fn, w);
}

/* (a) and (b) as two pool phases (every u before any prop, as Alg. 10), (c) as one. */
static cxb_status pool_phases(cxb_alpha_run *w, cxb_alpha_phase phase, void *arg)
{
    cxb_pool *pool = arg;
    cxb_status st;
    if (phase == CXB_ALPHA_NORM)
        return phase_run(pool, w, phase_norm);
    if ((st = phase_run(pool, w, phase_u)) != CXB_OK)
        return st;
    return phase_run(pool, w, phase_prop);
}

cxb_status cxb_alpha_pthreads(const cxb_alpha_params *p, struct cxb_pool *pool, cxb_adjlists *out)
{
    return cxb_alpha_generate(p, CXB_GG_PTHREADS, pool_phases, pool, out);
}
