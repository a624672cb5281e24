/* The Network model on one core (cxb/frnn/network.h; docs/studies/frnn.md "The Network model"):
 * the keyed graph and actors, one step over a build in storage order, and the step's oracle that
 * counts each edge's occupants from the actors themselves instead of from an index. */
#include <stdlib.h>

#include "cxb/frnn/frnn.h"
#include "cxb/frnn/points.h"

cxb_status cxb_frnn_network_grid(uint32_t m, cxb_frnn_grid *g)
{
    if (m == 0 || m > CXB_FRNN_NETWORK_MAX_EDGES)
        return cxb_fail(CXB_EINPUT, "--set vertices, edges: %u edges (vertices x edges per vertex); expected 1 .. 2^24",
                        m);
    const double lo[3] = {0, 0, 0}, hi[3] = {(double)m, 1, 0};
    return cxb_frnn_grid_make(2, lo, hi, 1.0, 1.0, CXB_FRNN_NETWORK_MAX_EDGES, g);
}

void cxb_frnn_network_graph(uint64_t seed, uint32_t v, uint32_t e, uint32_t *dst, float *len)
{
    const uint32_t m = v * e;
    for (uint32_t j = 0; j < m; ++j) {
        dst[j] = j / e;
        len[j] = cxb_frnn_unit_to(cxb_gdraw(seed, CXB_GDOM_FRNN_EDGES, j, 0).v[0], 1.0f, 2.0f);
    }
    for (uint32_t k = m ? m - 1 : 0; k > 0; --k) {
        uint32_t r = (uint32_t)cxb_gbounded(cxb_gx0(cxb_gdraw(seed, CXB_GDOM_FRNN_SHUFFLE, k, 0)), (uint64_t)k + 1);
        uint32_t t = dst[k];
        dst[k] = dst[r];
        dst[r] = t;
    }
}

void cxb_frnn_network_actors(uint64_t seed, uint32_t a, uint32_t m, cxb_frnn_rec *out)
{
    for (uint32_t i = 0; i < a; ++i) {
        out[i].p[0] = (float)(i % m);
        out[i].p[1] = 0.0f;
        out[i].p[2] = cxb_frnn_unit_to(cxb_gdraw(seed, CXB_GDOM_FRNN_EDGES, i, 1).v[0], 0.5f, 1.0f);
        out[i].id = i;
    }
}

cxb_status cxb_frnn_network_step_seq(const cxb_frnn_view *v, const cxb_frnn_network *nw, uint32_t step,
                                     cxb_frnn_rec *out)
{
    for (uint32_t k = 0; k < v->n; ++k)
        out[k] = cxb_frnn_network_move(nw, v->storage, v->pbm, v->storage[k], step);
    return CXB_OK;
}

cxb_status cxb_frnn_network_step_direct(const cxb_frnn_network *nw, const cxb_frnn_rec *in, uint32_t a,
                                        uint32_t step, cxb_frnn_rec *out)
{
    uint32_t *occ = calloc(nw->m ? nw->m : 1, sizeof *occ);
    if (!occ)
        return cxb_fail(CXB_ERESOURCE, "frnn: out of host memory for %u edge counts", nw->m);
    for (uint32_t i = 0; i < a; ++i)
        ++occ[cxb_frnn_network_edge(&in[i])];
    for (uint32_t i = 0; i < a; ++i) {
        const uint32_t e = nw->e, first = nw->dst[cxb_frnn_network_edge(&in[i])] * e;
        uint32_t j = cxb_frnn_network_offset(nw->seed, in[i].id, step, e), best = 0, spare = 0;
        for (uint32_t t = 0; t < e; ++t, j = j + 1 == e ? 0 : j + 1)
            cxb_frnn_network_consider(nw->c, first + j, occ[first + j], &best, &spare);
        out[i] = cxb_frnn_network_finish(nw, in[i], best, spare);
    }
    free(occ);
    return CXB_OK;
}
