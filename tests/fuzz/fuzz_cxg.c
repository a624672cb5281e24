/* tests/fuzz/fuzz_cxg.c - libFuzzer entry point: the .cxg reader (impl_cpu/graph/cxg.c).
 * Whatever it accepts must be a CSR that every graph study may trust: the invariants of
 * docs/studies/graph.md (cxb_csr_check: offsets, ids, sorted rows, no self-loops, no parallel arcs
 * unless CXB_CSR_MULTI, symmetry) and the flags it claims. */
#define _XOPEN_SOURCE 700
#include "fuzz_util.h"

#include "cxb/graph/graph.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[512];
    snprintf(path, sizeof path, "%s/in.cxg", fuzz_scratch());
    fuzz_write(path, data, size);
    cxb_csr g;
    if (cxb_cxg_read(path, &g) != CXB_OK)
        return 0;
    FUZZ_ASSERT(cxb_csr_check(&g) == CXB_OK, "accepted .cxg fails the CSR check: %s",
                cxb_last_error());
    FUZZ_ASSERT((g.flags & CXB_CSR_SORTED) && !(g.flags & CXB_CSR_SIMPLE) != !(g.flags & CXB_CSR_MULTI),
                "accepted flags 0x%x", g.flags);
    FUZZ_ASSERT(!(g.flags & CXB_CSR_COMPACT_IDS) == !g.ids, "ids map and flag disagree");
    cxb_csr_free(&g);
    return 0;
}
