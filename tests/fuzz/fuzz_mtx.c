/* tests/fuzz/fuzz_mtx.c - libFuzzer entry point: the Matrix Market reader
 * (impl_cpu/graph/mtx_read.c) on arbitrary bytes, then the CSR build, its invariants and a
 * .cxg round trip (fuzz_graph.h); simple or multigraph mode by the input's length. */
#define _XOPEN_SOURCE 700
#include <stdio.h>

#include "fuzz_graph.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fmemopen(size ? (void *)data : (void *)"", size, "rb");
    if (!f)
        return 0;
    cxb_edges e;
    cxb_build_stats stats;
    cxb_status st = cxb_mtx_parse(f, "fuzz.mtx", &e, &stats);
    fclose(f);
    if (st != CXB_OK)
        return 0;
    FUZZ_ASSERT(e.count == stats.pairs_read, "pairs_read %llu, tuples %llu",
                (unsigned long long)stats.pairs_read, (unsigned long long)e.count);
    fuzz_graph_build(&e, size % 3 == 0);
    return 0;
}
