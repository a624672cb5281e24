/* clustering.tcmerge.pthreads - the threaded modern triangle counter (docs/studies/clustering.md
 * "The variants", tcmerge): the orientation (cxb_cl_orient on the pool, timed as the
 * prep phase), then chunks of TC_CHUNK oriented rows taken dynamically from the pool's atomic
 * cursor, each row merged as in clustering.tcmerge.seq (cxb_cl_tc_row). Per-vertex counts are
 * gathered per row in the worker's own slots and added to the shared counts with relaxed atomic
 * adds once a row (tc_row.h); each chunk adds its T and W (from the degrees of its vertices) to
 * the totals once. All counts are exact integers, so every thread count gives the same T, W and
 * T_v.
 */
#include <stdatomic.h>
#include <stdlib.h>

#include "cxb/core/pool.h"
#include "cxb/core/timing.h"
#include "impl_cpu/clustering/tc_row.h"

#define TC_CHUNK 64 /* oriented rows per item (GAP's tc: schedule(dynamic, 64)) */

typedef struct tc_job {
    const cxb_csr *g;
    const cxb_cl_ocsr *o;
    cxb_cl_atomic_u64 *tv;
    uint32_t *rows;     /* per-vertex counts: worker w's row slots at rows + w * stride */
    uint64_t stride;
    _Atomic uint64_t T, W;
} tc_job;

static void tc_chunk(void *arg, uint64_t item, unsigned worker)
{
    tc_job *J = arg;
    uint32_t *row = J->rows ? J->rows + worker * J->stride : NULL;
    uint64_t u1 = (item + 1) * TC_CHUNK < J->o->n ? (item + 1) * TC_CHUNK : J->o->n;
    uint64_t t = 0, w = 0;
    for (uint64_t u = item * TC_CHUNK; u < u1; ++u) {
        t += cxb_cl_tc_row(J->o, u, NULL, J->tv, row);
        w += cxb_cl_wedges(J->g->off[u + 1] - J->g->off[u]);
    }
    atomic_fetch_add_explicit(&J->T, t, memory_order_relaxed);
    atomic_fetch_add_explicit(&J->W, w, memory_order_relaxed);
}

cxb_status cxb_cl_tcmerge_pthreads(const cxb_csr *g, const cxb_cl_params *p, struct cxb_pool *pool,
                                   cxb_cl_result *r)
{
    if (g->flags & CXB_CSR_MULTI)
        return cxb_fail(CXB_EINPUT, "clustering.tcmerge.pthreads: multigraph input (a simple graph is required)");
    if (!pool)
        return cxb_fail(CXB_EINPUT, "clustering.tcmerge.pthreads: no pool");
    int64_t t0 = cxb_clock_ns();
    cxb_cl_ocsr o;
    cxb_status st = cxb_cl_orient(g, p->relabel, pool, &o);
    if (st != CXB_OK)
        return st;
    r->prep_ms = (double)(cxb_clock_ns() - t0) * 1e-6;
    tc_job J = {.g = g, .o = &o, .tv = NULL, .rows = NULL};
    atomic_init(&J.T, 0);
    atomic_init(&J.W, 0);
    if (r->tv) {
        /* workers' slots at least 64 bytes apart: no cache line shared between two workers */
        J.stride = (o.max_out + 15) / 16 * 16 + 16;
        J.tv = malloc((g->n ? g->n : 1) * sizeof *J.tv);
        J.rows = calloc(J.stride * cxb_pool_threads(pool), sizeof *J.rows);
        if (!J.tv || !J.rows) {
            free(J.tv);
            free(J.rows);
            cxb_cl_ocsr_free(&o);
            return cxb_fail(CXB_ERESOURCE, "clustering.tcmerge.pthreads: no memory for %llu per-vertex counts",
                            (unsigned long long)g->n);
        }
        for (uint64_t v = 0; v < g->n; ++v)
            atomic_init(&J.tv[v], 0);
    }
    st = cxb_pool_for(pool, (o.n + TC_CHUNK - 1) / TC_CHUNK, CXB_SCHED_DYNAMIC, tc_chunk, &J);
    if (st == CXB_OK && J.tv) /* back to the input's ids (after the join) */
        for (uint64_t x = 0; x < g->n; ++x)
            r->tv[o.perm ? o.perm[x] : x] = atomic_load_explicit(&J.tv[x], memory_order_relaxed);
    free(J.tv);
    free(J.rows);
    cxb_cl_ocsr_free(&o);
    if (st != CXB_OK)
        return st;
    r->T = atomic_load(&J.T);
    r->W = atomic_load(&J.W);
    r->has_tv = r->tv != NULL;
    r->sort_ms = 0;
    r->gpus = 0;
    return CXB_OK;
}
