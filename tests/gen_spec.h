/* tests/gen_spec.h - a graph generator spec to a simple CSR graph, sequentially, for the tests
 * (docs/studies/graph.md "Generators"); a spec that does not build ends the test with its error. */
#ifndef CXB_TESTS_GEN_SPEC_H
#define CXB_TESTS_GEN_SPEC_H

#include <stdio.h>
#include <stdlib.h>

#include "cxb/graph/gen.h"
#include "cxb/graph/graph.h"

static inline void cxb_test_build_spec(const char *text, cxb_csr *g)
{
    cxb_gen_spec s;
    cxb_edges e;
    if (cxb_gen_parse(text, &s) != CXB_OK || cxb_generate_seq(&s, &e) != CXB_OK ||
        cxb_csr_from_edges(&e, 0, g) != CXB_OK) {
        fprintf(stderr, "cannot build %s: %s\n", text, cxb_last_error());
        exit(1);
    }
}

#endif
