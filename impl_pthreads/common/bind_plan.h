/* impl_pthreads/common/bind_plan.h - where each worker of the pool runs (docs/method.md).
 *
 * The placement plan is a pure function of an hwloc topology, so it can be tested on
 * HWLOC_SYNTHETIC topologies on a 2-core machine without binding anything:
 *   spread   hwloc_distrib(topology, &root, 1, sets, n, INT_MAX, 0), then
 *            hwloc_bitmap_singlify on each set (as much private cache per thread as
 *            possible; consecutive threads get neighbouring PUs of one share);
 *   compact  cores in logical order, one PU per core before any SMT sibling, then
 *            the second PU of every core, and so on; past the last PU it wraps.
 * On hybrid CPUs (more than one hwloc CPU kind) both policies place threads inside
 * one kind only: the most efficient one (hwloc ranks kinds by ascending efficiency,
 * the highest being the most performant), ties broken by the larger PU count.
 *
 * Also here: the process-wide topology (loaded once, docs/method.md "topology") and
 * the policy names used by --bind.
 */
#ifndef CXB_IMPL_PTHREADS_BIND_PLAN_H
#define CXB_IMPL_PTHREADS_BIND_PLAN_H

#include "cxb/config.h"
#include "cxb/core/pool.h"

/* "none", "compact", "spread". */
const char *cxb_bind_policy_name(cxb_bind_policy policy);

/* Parses a --bind value ("none", "compact", "spread"); CXB_EINPUT "--bind: ..." otherwise.
 * Parsing does not check that hwloc is present: cxb_pool_create does. */
cxb_status cxb_bind_policy_parse(const char *text, cxb_bind_policy *policy);

/* The default --bind: spread when built with hwloc, none without (docs/method.md). */
cxb_bind_policy cxb_bind_policy_default(void);

#if CXB_HAVE_HWLOC
#include <hwloc.h>

/* The CPU kind a plan was restricted to. */
typedef struct cxb_bind_kind {
    int index;      /* hwloc CPU kind index, -1 when the machine has one kind (or none known) */
    int nr_kinds;   /* hwloc_cpukinds_get_nr */
    int efficiency; /* hwloc's ranking of the kind, -1 unknown */
    char name[64];  /* its CoreType info ("IntelCore", ...) or "" */
} cxb_bind_kind;

/* Fills pu_os[0..threads) with the OS index of the PU each thread is to run on.
 * policy must be CXB_BIND_COMPACT or CXB_BIND_SPREAD. kind may be NULL.
 * Binds nothing; the topology is not modified. */
cxb_status cxb_bind_plan(hwloc_topology_t topology, cxb_bind_policy policy, unsigned threads,
                         unsigned *pu_os, cxb_bind_kind *kind);

/* The topology of this machine, loaded once per process and never freed (read-only
 * from then on, which hwloc allows from several threads). CXB_ERESOURCE if hwloc
 * cannot load it. */
cxb_status cxb_bind_topology(hwloc_topology_t *topology);
#endif

#endif
