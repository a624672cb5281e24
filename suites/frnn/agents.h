/* suites/frnn/agents.h - what the frnn study's model rows (the Circles steps in study.c, the
 * Network model in network.c) do alike with a set of moved agents: an order-independent checksum
 * and an index by id. */
#ifndef CXB_SUITES_FRNN_AGENTS_H
#define CXB_SUITES_FRNN_AGENTS_H

#include <stdint.h>

#include "cxb/frnn/grid.h"

/* The sum over the agents of mix64(mix64(id << 32 | bits of p[0]) ^ (bits of p[1] << 32 | bits
 * of p[2])): the same for any order of the agents. */
uint64_t cxb_frnn_agents_checksum(const cxb_frnn_rec *a, uint32_t n);

/* *byid (allocated here, n entries, freed by the caller) points at the agent of each id of
 * a[0..n); CXB_EFAIL naming row `what` and the slot when an id is out of range or repeated,
 * CXB_ERESOURCE when out of memory. */
cxb_status cxb_frnn_agents_by_id(const char *what, const cxb_frnn_rec *a, uint32_t n, const cxb_frnn_rec ***byid);

#endif
