/* suites/propagation/replication.h - propagation.replication.seq, the replication ratio of a
 * partition as a row of `cxbench run propagation` (docs/studies/propagation.md "Replication
 * ratio"; Jin et al. Figs 16 and 18): the partition (block, random or METIS) is computed in the
 * setup, the timed run counts the layout's replicas, verification builds the replica and
 * boundary tables and compares, and the extra column carries R, the replica count and, for
 * G(n, m) under block or random, the closed form. */
#ifndef CXB_SUITES_PROPAGATION_REPLICATION_H
#define CXB_SUITES_PROPAGATION_REPLICATION_H

#include "cxb/graph/graph.h"
#include "harness/registry.h"

cxb_status cxb_prop_repl_setup(const cxb_params *p, const cxb_env *env, void **ctx);
cxb_status cxb_prop_repl_reset(void *ctx);
cxb_status cxb_prop_repl_run(void *ctx, cxb_phases *ph);
cxb_status cxb_prop_repl_verify(void *ctx);
uint64_t cxb_prop_repl_checksum(void *ctx);
void cxb_prop_repl_extra(void *ctx, char *buf, size_t size);
void cxb_prop_repl_teardown(void *ctx);

/* The replica count of a partition by the placement rules, from the graph and the owners alone
 * (the distinct partitions other than its own that each vertex is needed in); layout 0 vertex,
 * 1 edge; UINT64_MAX when out of memory. */
uint64_t cxb_prop_repl_count(const cxb_csr *g, int layout, int orient, uint64_t seed, const uint32_t *owner,
                             uint32_t parts);

#endif
