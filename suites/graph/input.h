/* suites/graph/input.h - the graph input of the graph studies (components, clustering,
 * propagation), written once: a point's parameters to a generator spec (docs/studies/graph.md
 * "Generators"; the keys of each study's "Parameters" section), a spec to a CSR graph, and the
 * command lines' `INPUT | --gen SPEC`. The rows keep built graphs in the store (store.h).
 * Study-agnostic: each study passes its own defaults and the keys it lets through. */
#ifndef CXB_SUITES_GRAPH_INPUT_H
#define CXB_SUITES_GRAPH_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/core/pool.h"
#include "cxb/graph/gen.h"
#include "cxb/graph/graph.h"
#include "harness/params.h"

/* How a study turns its parameters into a spec: model (default gnm), n (default n_default),
 * the keys in pass copied in their order, and d (average degree) giving the model's degree key
 * when that key is one of pass and is not given. */
typedef struct cxb_ginput_rules {
    const char *study;        /* names the study in error messages */
    uint64_t n_default;       /* n when the point does not set it */
    const char *const *pass;  /* generator keys copied into the spec, NULL-terminated */
} cxb_ginput_rules;

/* The spec text of the instance with this seed (docs/studies/graph.md). */
cxb_status cxb_ginput_spec_text(const cxb_params *p, const cxb_ginput_rules *r, uint64_t seed, char *out,
                                size_t size);

/* The tuples of the point's instance 0 (the runner's unit of work), 0 if the spec is invalid. */
uint64_t cxb_ginput_work(const cxb_params *p, const cxb_ginput_rules *r);

/* Generate a spec's tuples (on the pool when there is one: the same tuples, graph.md) and build
 * the CSR; multigraph keeps duplicate edges. Untimed in every study. */
cxb_status cxb_ginput_build(const cxb_gen_spec *s, cxb_pool *pool, int multigraph, cxb_csr *out);

/* The command line's graph: INPUT (a file, "-" stdin) or --gen SPEC, exactly one of them. */
typedef struct cxb_ginput_cli {
    const char *input, *gen;
    cxb_ids_mode ids;
    uint64_t n;   /* INPUT's vertices with --ids asis, when have_n */
    int have_n;
    int multigraph;
} cxb_ginput_cli;

/* Reads or generates the graph into g; name receives the spec's normalised text or the path. */
cxb_status cxb_ginput_read(const cxb_ginput_cli *a, cxb_pool *pool, cxb_csr *g, char *name, size_t size);

#endif
