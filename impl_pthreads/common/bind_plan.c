/* impl_pthreads/common/bind_plan.c - the placement plan of the worker pool (docs/method.md):
 * spread with hwloc_distrib + hwloc_bitmap_singlify, compact core by core with SMT
 * siblings last, restricted to one CPU kind on hybrid CPUs; the process-wide
 * topology; --bind names. See bind_plan.h for the rules.
 */
#define _POSIX_C_SOURCE 200809L
#include "impl_pthreads/common/bind_plan.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *cxb_bind_policy_name(cxb_bind_policy policy)
{
    switch (policy) {
    case CXB_BIND_COMPACT: return "compact";
    case CXB_BIND_SPREAD: return "spread";
    case CXB_BIND_NONE: break;
    }
    return "none";
}

cxb_status cxb_bind_policy_parse(const char *text, cxb_bind_policy *policy)
{
    static const cxb_bind_policy all[] = {CXB_BIND_NONE, CXB_BIND_COMPACT, CXB_BIND_SPREAD};
    for (size_t i = 0; text && i < sizeof all / sizeof all[0]; ++i) {
        if (strcmp(text, cxb_bind_policy_name(all[i])) == 0) {
            *policy = all[i];
            return CXB_OK;
        }
    }
    return cxb_fail(CXB_EINPUT, "--bind: '%s' is not one of none, compact, spread",
                    text ? text : "");
}

cxb_bind_policy cxb_bind_policy_default(void)
{
    return CXB_HAVE_HWLOC ? CXB_BIND_SPREAD : CXB_BIND_NONE;
}

#if CXB_HAVE_HWLOC

/* ---- the process-wide topology ---- */

static pthread_once_t topo_once = PTHREAD_ONCE_INIT;
static hwloc_topology_t topo_global;
static int topo_ok;

static void topo_load(void)
{
    if (hwloc_topology_init(&topo_global) != 0)
        return;
    if (hwloc_topology_load(topo_global) != 0) {
        hwloc_topology_destroy(topo_global);
        return;
    }
    topo_ok = 1;
}

cxb_status cxb_bind_topology(hwloc_topology_t *topology)
{
    pthread_once(&topo_once, topo_load);
    if (!topo_ok)
        return cxb_fail(CXB_ERESOURCE, "hwloc: cannot load the topology of this machine");
    *topology = topo_global;
    return CXB_OK;
}

/* ---- CPU kinds (hybrid CPUs) ---- */

#if HWLOC_API_VERSION >= 0x00020400
/* Picks the most efficient kind (ties: more PUs, then the later index) and returns a
 * duplicate of the topology restricted to it, or NULL when there is one kind. */
static cxb_status restrict_to_kind(hwloc_topology_t topo, hwloc_topology_t *out, cxb_bind_kind *kind)
{
    *out = NULL;
    int nr = hwloc_cpukinds_get_nr(topo, 0);
    kind->nr_kinds = nr < 0 ? 0 : nr;
    if (nr <= 1)
        return CXB_OK;
    hwloc_bitmap_t set = hwloc_bitmap_alloc(), best_set = hwloc_bitmap_alloc();
    if (!set || !best_set) {
        hwloc_bitmap_free(set);
        hwloc_bitmap_free(best_set);
        return cxb_fail(CXB_ERESOURCE, "bind plan: out of memory");
    }
    int best = -1, best_eff = INT_MIN, best_weight = -1;
    for (int k = 0; k < nr; ++k) {
        int eff = -1;
        unsigned nr_infos = 0;
        struct hwloc_info_s *infos = NULL;
        if (hwloc_cpukinds_get_info(topo, (unsigned)k, set, &eff, &nr_infos, &infos, 0) != 0)
            continue;
        int weight = hwloc_bitmap_weight(set);
        if (best < 0 || eff > best_eff || (eff == best_eff && weight >= best_weight)) {
            best = k;
            best_eff = eff;
            best_weight = weight;
            hwloc_bitmap_copy(best_set, set);
            kind->name[0] = '\0';
            for (unsigned i = 0; i < nr_infos; ++i)
                if (strcmp(infos[i].name, "CoreType") == 0)
                    snprintf(kind->name, sizeof kind->name, "%s", infos[i].value);
        }
    }
    hwloc_bitmap_free(set);
    cxb_status st = CXB_OK;
    if (best >= 0 && best_weight > 0) {
        kind->index = best;
        kind->efficiency = best_eff;
        if (hwloc_topology_dup(out, topo) != 0) {
            *out = NULL;
            st = cxb_fail(CXB_ERESOURCE, "bind plan: cannot duplicate the hwloc topology");
        } else if (hwloc_topology_restrict(*out, best_set, 0) != 0) {
            hwloc_topology_destroy(*out);
            *out = NULL;
            st = cxb_fail(CXB_ERESOURCE, "bind plan: cannot restrict the topology to CPU kind %d", best);
        }
    }
    hwloc_bitmap_free(best_set);
    return st;
}
#else
static cxb_status restrict_to_kind(hwloc_topology_t topo, hwloc_topology_t *out, cxb_bind_kind *kind)
{
    (void)topo;
    (void)kind;
    *out = NULL;
    return CXB_OK;
}
#endif

/* ---- the two policies ---- */

static cxb_status plan_spread(hwloc_topology_t topo, unsigned threads, unsigned *pu_os)
{
    hwloc_bitmap_t *sets = calloc(threads, sizeof *sets);
    if (!sets)
        return cxb_fail(CXB_ERESOURCE, "bind plan: out of memory for %u threads", threads);
    hwloc_obj_t root = hwloc_get_root_obj(topo);
    cxb_status st = CXB_OK;
    if (hwloc_distrib(topo, &root, 1, sets, threads, INT_MAX, 0) != 0) {
        st = cxb_fail(CXB_ERESOURCE, "bind plan: hwloc_distrib failed for %u threads", threads);
    } else {
        for (unsigned t = 0; t < threads; ++t) {
            int first = -1;
            if (sets[t] && hwloc_bitmap_singlify(sets[t]) == 0)
                first = hwloc_bitmap_first(sets[t]);
            if (first < 0) {
                st = cxb_fail(CXB_ERESOURCE, "bind plan: hwloc_distrib gave thread %u no PU", t);
                break;
            }
            pu_os[t] = (unsigned)first;
        }
    }
    for (unsigned t = 0; t < threads; ++t)
        hwloc_bitmap_free(sets[t]);
    free(sets);
    return st;
}

static cxb_status plan_compact(hwloc_topology_t topo, unsigned threads, unsigned *pu_os)
{
    int ncores = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE);
    int npus = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU);
    if (npus <= 0)
        return cxb_fail(CXB_ERESOURCE, "bind plan: the topology has no PU");
    /* The order of PUs: round r takes the r-th PU of every core that has one. A
     * topology without Core objects is treated as one PU per core. */
    unsigned *order = malloc((size_t)npus * sizeof *order);
    if (!order)
        return cxb_fail(CXB_ERESOURCE, "bind plan: out of memory");
    unsigned len = 0;
    if (ncores <= 0) {
        for (int i = 0; i < npus; ++i)
            order[len++] = hwloc_get_obj_by_type(topo, HWLOC_OBJ_PU, (unsigned)i)->os_index;
    } else {
        for (int round = 0; len < (unsigned)npus; ++round) {
            unsigned before = len;
            for (int c = 0; c < ncores; ++c) {
                hwloc_obj_t core = hwloc_get_obj_by_type(topo, HWLOC_OBJ_CORE, (unsigned)c);
                hwloc_obj_t pu = NULL;
                int r = 0;
                while ((pu = hwloc_get_next_obj_inside_cpuset_by_type(topo, core->cpuset,
                                                                      HWLOC_OBJ_PU, pu)) != NULL) {
                    if (r++ == round) {
                        order[len++] = pu->os_index;
                        break;
                    }
                }
            }
            if (len == before) /* PUs outside any core (not seen in practice): stop */
                break;
        }
    }
    if (len == 0) {
        free(order);
        return cxb_fail(CXB_ERESOURCE, "bind plan: no PU inside a core");
    }
    for (unsigned t = 0; t < threads; ++t)
        pu_os[t] = order[t % len];
    free(order);
    return CXB_OK;
}

cxb_status cxb_bind_plan(hwloc_topology_t topology, cxb_bind_policy policy, unsigned threads,
                         unsigned *pu_os, cxb_bind_kind *kind)
{
    cxb_bind_kind k = {-1, 0, -1, ""};
    if (policy != CXB_BIND_COMPACT && policy != CXB_BIND_SPREAD)
        return cxb_fail(CXB_EINPUT, "bind plan: policy '%s' has no placement", cxb_bind_policy_name(policy));
    hwloc_topology_t restricted = NULL;
    cxb_status st = restrict_to_kind(topology, &restricted, &k);
    if (st == CXB_OK && threads > 0) {
        hwloc_topology_t use = restricted ? restricted : topology;
        st = policy == CXB_BIND_SPREAD ? plan_spread(use, threads, pu_os)
                                       : plan_compact(use, threads, pu_os);
    }
    if (restricted)
        hwloc_topology_destroy(restricted);
    if (kind)
        *kind = k;
    return st;
}

#endif
