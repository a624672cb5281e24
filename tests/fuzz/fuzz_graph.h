/* tests/fuzz/fuzz_graph.h - what the graph readers' fuzzers do with a parsed edge list:
 * compact the ids when they span more than a fuzzer's memory allows (a 2^32-vertex offset
 * array is a legitimate 32 GiB request, not a finding), build the CSR, and hold it to the
 * invariants of docs/studies/graph.md (cxb_csr_check) and to a .cxg round trip: written and read
 * back, the same graph with the same edgeset hash. */
#ifndef CXB_TESTS_FUZZ_GRAPH_H
#define CXB_TESTS_FUZZ_GRAPH_H

#include "cxb/graph/graph.h"
#include "fuzz_util.h"

#define FUZZ_GRAPH_MAX_N (1u << 16)

static void fuzz_graph_build(cxb_edges *e, int multigraph)
{
    cxb_vid *ids = NULL;
    if (e->n > FUZZ_GRAPH_MAX_N && cxb_edges_compact(e, &ids) != CXB_OK) {
        cxb_edges_free(e);
        return;
    }
    cxb_csr g;
    cxb_status st = cxb_csr_from_edges(e, multigraph, &g);
    cxb_edges_free(e);
    if (st != CXB_OK) {
        free(ids);
        return;
    }
    if (ids) {
        g.ids = ids;
        g.flags |= CXB_CSR_COMPACT_IDS;
    }
    FUZZ_ASSERT(cxb_csr_check(&g) == CXB_OK, "built CSR fails its check: %s", cxb_last_error());
    char path[512];
    snprintf(path, sizeof path, "%s/g.cxg", fuzz_scratch());
    cxb_graph_origin origin = {"fuzz", 0, 0, (uint32_t)multigraph << 1};
    FUZZ_ASSERT(cxb_graph_write(path, CXB_GRAPH_CXG, &g, &origin) == CXB_OK, "write: %s",
                cxb_last_error());
    cxb_csr back;
    FUZZ_ASSERT(cxb_cxg_read(path, &back) == CXB_OK, "read back: %s", cxb_last_error());
    FUZZ_ASSERT(back.n == g.n && back.nnz == g.nnz && back.flags == (g.flags | CXB_CSR_SYMMETRIC) &&
                    !memcmp(back.off, g.off, (g.n + 1) * sizeof *g.off) &&
                    !memcmp(back.adj, g.adj, g.nnz * sizeof *g.adj) &&
                    cxb_edgeset_hash(&back) == cxb_edgeset_hash(&g),
                "the .cxg round trip changed the graph");
    cxb_csr_free(&back);
    cxb_csr_free(&g);
}

#endif
