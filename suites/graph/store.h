/* suites/graph/store.h - the generated graphs of a process, kept for the rows that come after
 * the one that built them (docs/studies/graph.md "The graph store").
 *
 * `cxbench run` sweeps row by row: every row of a sweep visits the same points, so without a
 * store each row generates every point's graph again. At Leist's sizes (50 M edges, 14 M
 * vertices) generating and building a CSR takes seconds, longer than most rows' samples, and
 * the regeneration dominated the paper preset's time. The store builds each spec once and
 * hands the same read-only CSR to every row that asks for it.
 *
 * A graph is pinned while a row holds it; unpinned graphs are freed, least recently used
 * first, once the store holds more than its budget: a quarter of physical memory, or
 * CXB_GRAPH_STORE_MB megabytes (0: keep nothing that no row holds). One pinned graph over
 * the budget is kept while pinned. The key is the normalised spec text (seed included) and
 * the multigraph flag; the CSR does not depend on the pool or thread count that built it
 * (graph.md), so rows of every backend share it. Thread-safe; callers that ask for one key at
 * once share a single build (the others wait for it). */
#ifndef CXB_SUITES_GRAPH_STORE_H
#define CXB_SUITES_GRAPH_STORE_H

#include <stdint.h>

#include "cxb/core/pool.h"
#include "cxb/graph/gen.h"
#include "cxb/graph/graph.h"

typedef struct cxb_gstore_entry cxb_gstore_entry;

/* The graph of spec s (built on pool when one is given, else sequentially), pinned: *g is
 * valid and unchanged until cxb_gstore_put(*held). */
cxb_status cxb_gstore_get(const cxb_gen_spec *s, cxb_pool *pool, int multigraph, const cxb_csr **g,
                          cxb_gstore_entry **held);

/* Unpins (NULL: nothing); the graph may be freed from here on. */
void cxb_gstore_put(cxb_gstore_entry *held);

/* The budget in bytes (tests); UINT64_MAX restores the default. */
void cxb_gstore_set_budget(uint64_t bytes);

/* What the store holds: graphs and bytes (pinned or not), and how many builds it has done. */
typedef struct cxb_gstore_stats {
    uint64_t graphs, bytes, builds;
} cxb_gstore_stats;
cxb_gstore_stats cxb_gstore_stats_now(void);

/* Frees every unpinned graph. */
void cxb_gstore_clear(void);

#endif
