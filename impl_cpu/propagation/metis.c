/* impl_cpu/propagation/metis.c - the metis partitioner (docs/studies/propagation.md "Several GPUs"):
 * METIS_PartGraphKway on the CSR's symmetric adjacency (no self-loops, no duplicates: what METIS
 * asks for), unit weights, the seed as METIS_OPTION_SEED, so that the same graph, P and seed give
 * the same owners on every run. Jin et al. partitioned with METIS; it finds the clusters of
 * scale-free graphs and so lowers their replication ratio (Sec. 5.3). Built when CMake finds
 * libmetis; METIS's idx_t is 32 bits in Debian's build, so a graph of 2^31 arcs or more is refused
 * (a 64-bit build lifts that). */
#include <stdlib.h>

#include "cxb/config.h"
#include "cxb/propagation/propagation.h"

#if CXB_HAVE_METIS
#include <metis.h>
#endif

int cxb_prop_have_metis(void)
{
    return CXB_HAVE_METIS;
}

cxb_status cxb_prop_owners_metis(const cxb_csr *g, uint32_t parts, uint64_t seed, uint32_t *owner)
{
    if (parts == 0)
        return cxb_fail(CXB_EINPUT, "propagation: 0 partitions");
#if !CXB_HAVE_METIS
    (void)g, (void)seed, (void)owner;
    return cxb_fail(CXB_ERESOURCE, "propagation: --partition metis: built without METIS (apt-get install libmetis-dev)");
#else
    if (parts == 1 || g->n == 0) { /* METIS's k-way needs two parts */
        for (uint64_t v = 0; v < g->n; ++v)
            owner[v] = 0;
        return CXB_OK;
    }
    const uint64_t lim = (uint64_t)1 << (8 * sizeof(idx_t) - 1);
    if (g->n >= lim || g->nnz >= lim)
        return cxb_fail(CXB_EINPUT, "propagation: --partition metis: %llu vertices and %llu arcs exceed METIS's %zu-bit ids",
                        (unsigned long long)g->n, (unsigned long long)g->nnz, 8 * sizeof(idx_t));
    idx_t *xadj = malloc((g->n + 1) * sizeof *xadj), *adj = malloc((g->nnz ? g->nnz : 1) * sizeof *adj),
          *part = malloc(g->n * sizeof *part);
    cxb_status st = CXB_OK;
    if (!xadj || !adj || !part)
        st = cxb_fail(CXB_ERESOURCE, "propagation: out of host memory for METIS's copy of the graph");
    if (st == CXB_OK) {
        for (uint64_t v = 0; v <= g->n; ++v)
            xadj[v] = (idx_t)g->off[v];
        for (uint64_t k = 0; k < g->nnz; ++k)
            adj[k] = (idx_t)g->adj[k];
        idx_t nv = (idx_t)g->n, ncon = 1, np = (idx_t)parts, cut = 0, options[METIS_NOPTIONS];
        METIS_SetDefaultOptions(options);
        options[METIS_OPTION_SEED] = (idx_t)(seed & 0x7fffffff);
        options[METIS_OPTION_NUMBERING] = 0;
        const int rc = METIS_PartGraphKway(&nv, &ncon, xadj, adj, NULL, NULL, NULL, &np, NULL, NULL, options, &cut, part);
        if (rc != METIS_OK)
            st = cxb_fail(rc == METIS_ERROR_MEMORY ? CXB_ERESOURCE : CXB_EFAIL,
                          "propagation: METIS_PartGraphKway failed (%d)", rc);
        for (uint64_t v = 0; st == CXB_OK && v < g->n; ++v) {
            if (part[v] < 0 || part[v] >= np)
                st = cxb_fail(CXB_EFAIL, "propagation: METIS put vertex %llu in part %lld of %u", (unsigned long long)v,
                              (long long)part[v], parts);
            else
                owner[v] = (uint32_t)part[v];
        }
    }
    free(xadj);
    free(adj);
    free(part);
    return st;
#endif
}
