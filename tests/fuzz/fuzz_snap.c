/* tests/fuzz/fuzz_snap.c - libFuzzer entry point: the SNAP edge-list reader
 * (impl_cpu/graph/snap_read.c) on arbitrary bytes, then the CSR build, its invariants and a
 * .cxg round trip (fuzz_graph.h). Simple or multigraph mode by the input's length, so both
 * are covered without a framing byte that would make the corpus less like real files. */
#define _XOPEN_SOURCE 700
#include <stdio.h>

#include "fuzz_graph.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fmemopen(size ? (void *)data : (void *)"", size, "rb");
    if (!f)
        return 0;
    cxb_graph_opts o;
    cxb_graph_opts_init(&o);
    cxb_edges e;
    cxb_build_stats stats;
    cxb_status st = cxb_snap_parse(f, "fuzz.el", &o, &e, &stats);
    fclose(f);
    if (st != CXB_OK)
        return 0;
    FUZZ_ASSERT(e.count == stats.pairs_read, "pairs_read %llu, tuples %llu",
                (unsigned long long)stats.pairs_read, (unsigned long long)e.count);
    fuzz_graph_build(&e, size % 3 == 0);
    return 0;
}
