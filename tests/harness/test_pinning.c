/* tests/harness/test_pinning.c - harness_pinning: the placement plan of the pool
 * (impl_pthreads/common/bind_plan.h; docs/method.md) on synthetic hwloc topologies.
 *
 * Topologies are loaded with hwloc_topology_set_synthetic, so nothing is bound. For
 * each topology and 1 .. PUs+3 threads:
 *   every planned PU exists, and the PUs are distinct while threads <= PUs;
 *   spread: threads are balanced over packages and over NUMA nodes (counts differ
 *     by at most 1), so the first threads land on different packages, and no core
 *     holds two threads while another core is free;
 *   compact: thread t runs on core t mod C (logical order) and on that core's
 *     (t div C)-th PU, i.e. one PU per core before any SMT sibling, then wrapping.
 * Plus hand-derived placements (hwloc_distrib splits n threads over k equal children
 * in chunks ceil((i+1)n/k) - ceil(i n/k)), an XML round trip giving the same plan,
 * and a hybrid topology (two CPU kinds registered by hand) where both policies stay
 * inside the more efficient kind. Exits 77 without hwloc.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cxb/config.h"
#include "impl_pthreads/common/bind_plan.h"

#if !CXB_HAVE_HWLOC
int main(void)
{
    (void)cxb_check_failures;
    SKIP("built without hwloc");
}
#else

static hwloc_topology_t load_synthetic(const char *desc)
{
    hwloc_topology_t t;
    if (hwloc_topology_init(&t) != 0)
        return NULL;
    if (hwloc_topology_set_synthetic(t, desc) != 0 || hwloc_topology_load(t) != 0) {
        hwloc_topology_destroy(t);
        return NULL;
    }
    return t;
}

static int count_type(hwloc_topology_t t, hwloc_obj_type_t type)
{
    int n = hwloc_get_nbobjs_by_type(t, type);
    return n > 0 ? n : 0;
}

/* max - min of the number of planned PUs inside each object of `type`. */
static int imbalance(hwloc_topology_t t, hwloc_obj_type_t type, const unsigned *pus, unsigned n)
{
    int nobj = count_type(t, type), lo = 1 << 30, hi = 0;
    for (int o = 0; o < nobj; ++o) {
        hwloc_obj_t obj = hwloc_get_obj_by_type(t, type, (unsigned)o);
        int c = 0;
        for (unsigned i = 0; i < n; ++i)
            c += hwloc_bitmap_isset(obj->cpuset, pus[i]);
        lo = c < lo ? c : lo;
        hi = c > hi ? c : hi;
    }
    return nobj ? hi - lo : 0;
}

static void check_topology(const char *desc)
{
    hwloc_topology_t t = load_synthetic(desc);
    CHECK_MSG(t != NULL, "cannot load synthetic topology '%s'", desc);
    if (!t)
        return;
    CHECK(!hwloc_topology_is_thissystem(t)); /* so nothing could be bound */
    const unsigned npus = (unsigned)count_type(t, HWLOC_OBJ_PU);
    const unsigned ncores = (unsigned)count_type(t, HWLOC_OBJ_CORE);
    const unsigned npkgs = (unsigned)count_type(t, HWLOC_OBJ_PACKAGE);
    const unsigned ppc = npus / ncores; /* these topologies are uniform */
    unsigned *pus = malloc((npus + 3) * sizeof *pus);
    int *per_core = malloc(ncores * sizeof *per_core);
    if (!pus || !per_core)
        exit(1);

    for (unsigned n = 1; n <= npus + 3; ++n) {
        for (int k = 0; k < 2; ++k) {
            cxb_bind_policy pol = k ? CXB_BIND_COMPACT : CXB_BIND_SPREAD;
            const char *name = cxb_bind_policy_name(pol);
            cxb_bind_kind kind;
            memset(pus, 0xff, (npus + 3) * sizeof *pus);
            cxb_status st = cxb_bind_plan(t, pol, n, pus, &kind);
            CHECK_MSG(st == CXB_OK, "%s %s n=%u: %s", desc, name, n, cxb_last_error());
            if (st != CXB_OK)
                continue;
            CHECK(kind.index == -1);
            int exist = 1, distinct = 1;
            for (unsigned i = 0; i < n; ++i) {
                if (!hwloc_get_pu_obj_by_os_index(t, pus[i]))
                    exist = 0;
                for (unsigned j = 0; j < i; ++j)
                    if (pus[j] == pus[i])
                        distinct = 0;
            }
            CHECK_MSG(exist, "%s %s n=%u: a planned PU does not exist", desc, name, n);
            if (n <= npus)
                CHECK_MSG(distinct, "%s %s n=%u: two threads share a PU", desc, name, n);
            if (!exist)
                continue;

            memset(per_core, 0, ncores * sizeof *per_core);
            for (unsigned i = 0; i < n; ++i) {
                hwloc_obj_t pu = hwloc_get_pu_obj_by_os_index(t, pus[i]);
                hwloc_obj_t core = hwloc_get_ancestor_obj_by_type(t, HWLOC_OBJ_CORE, pu);
                per_core[core->logical_index]++;
                if (pol == CXB_BIND_COMPACT)
                    CHECK_MSG(core->logical_index == i % ncores && pu->sibling_rank == (i / ncores) % ppc,
                              "%s compact n=%u: thread %u on core L#%u PU rank %u, expected core %u rank %u",
                              desc, n, i, core->logical_index, pu->sibling_rank, i % ncores,
                              (i / ncores) % ppc);
            }
            if (pol == CXB_BIND_SPREAD) {
                int max = 0, free_core = 0;
                for (unsigned c = 0; c < ncores; ++c) {
                    max = per_core[c] > max ? per_core[c] : max;
                    free_core |= per_core[c] == 0;
                }
                CHECK_MSG(!(max >= 2 && free_core), "%s spread n=%u: a core holds %d threads while one is free",
                          desc, n, max);
                CHECK_MSG(imbalance(t, HWLOC_OBJ_PACKAGE, pus, n) <= 1, "%s spread n=%u: packages unbalanced",
                          desc, n);
                CHECK_MSG(imbalance(t, HWLOC_OBJ_NUMANODE, pus, n) <= 1, "%s spread n=%u: NUMA nodes unbalanced",
                          desc, n);
                if (n <= npkgs) { /* the first threads: each on its own package */
                    int same = 0;
                    for (unsigned i = 0; i < n; ++i)
                        for (unsigned j = 0; j < i; ++j)
                            same |= hwloc_get_ancestor_obj_by_type(t, HWLOC_OBJ_PACKAGE,
                                                                   hwloc_get_pu_obj_by_os_index(t, pus[i])) ==
                                    hwloc_get_ancestor_obj_by_type(t, HWLOC_OBJ_PACKAGE,
                                                                   hwloc_get_pu_obj_by_os_index(t, pus[j]));
                    CHECK_MSG(!same, "%s spread n=%u: two of the first threads share a package", desc, n);
                }
            }
        }
    }
    free(pus);
    free(per_core);
    hwloc_topology_destroy(t);
}

/* Placements derived by hand. Synthetic PUs are numbered in logical order. */
static void check_expected(const char *desc, cxb_bind_policy pol, unsigned n, const unsigned *want)
{
    hwloc_topology_t t = load_synthetic(desc);
    CHECK(t != NULL);
    if (!t)
        return;
    unsigned got[32];
    CHECK(n <= 32);
    CHECK(cxb_bind_plan(t, pol, n, got, NULL) == CXB_OK);
    for (unsigned i = 0; i < n; ++i)
        CHECK_MSG(got[i] == want[i], "%s %s n=%u: thread %u on PU#%u, expected PU#%u", desc,
                  cxb_bind_policy_name(pol), n, i, got[i], want[i]);
    hwloc_topology_destroy(t);
}

static void check_tabulated(void)
{
    /* 2 packages x 8 cores x 2 PUs: PU 2c and 2c+1 on core c, package 1 from PU 16. */
    check_expected("pack:2 core:8 pu:2", CXB_BIND_SPREAD, 2, (const unsigned[]){0, 16});
    /* 4 threads: 2 per package; inside a package, chunks of 8 cores with 2 threads are
     * cores 0 and 4. */
    check_expected("pack:2 core:8 pu:2", CXB_BIND_SPREAD, 4, (const unsigned[]){0, 8, 16, 24});
    check_expected("pack:2 core:8 pu:2", CXB_BIND_COMPACT, 3, (const unsigned[]){0, 2, 4});
    check_expected("pack:2 core:8 pu:2", CXB_BIND_COMPACT, 18,
                   (const unsigned[]){0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 1, 3});
    check_expected("pack:1 core:2 pu:1", CXB_BIND_COMPACT, 3, (const unsigned[]){0, 1, 0});
    check_expected("pack:1 core:2 pu:1", CXB_BIND_SPREAD, 2, (const unsigned[]){0, 1});
    /* 2 packages x 2 NUMA groups x 4 cores x 2 PUs: one thread per group first. */
    check_expected("pack:2 numa:2 core:4 pu:2", CXB_BIND_SPREAD, 4, (const unsigned[]){0, 8, 16, 24});
    check_expected("pack:2 numa:2 core:4 pu:2", CXB_BIND_COMPACT, 2, (const unsigned[]){0, 2});
}

/* The plan depends on the topology only: exported to XML and reloaded, it is the same. */
static void check_xml_roundtrip(void)
{
    const char *desc = "pack:2 numa:2 core:4 pu:2";
    hwloc_topology_t t = load_synthetic(desc), x = NULL;
    CHECK(t != NULL);
    if (!t)
        return;
    char *xml = NULL;
    int len = 0;
    CHECK(hwloc_topology_export_xmlbuffer(t, &xml, &len, 0) == 0);
    if (xml && hwloc_topology_init(&x) == 0) {
        if (hwloc_topology_set_xmlbuffer(x, xml, len) != 0 || hwloc_topology_load(x) != 0) {
            hwloc_topology_destroy(x);
            x = NULL;
        }
    }
    CHECK_MSG(x != NULL, "cannot reload the XML export");
    if (x) {
        for (unsigned n = 1; n <= 20; n += 3) {
            unsigned a[20], b[20];
            for (int k = 0; k < 2; ++k) {
                cxb_bind_policy pol = k ? CXB_BIND_COMPACT : CXB_BIND_SPREAD;
                CHECK(cxb_bind_plan(t, pol, n, a, NULL) == CXB_OK);
                CHECK(cxb_bind_plan(x, pol, n, b, NULL) == CXB_OK);
                CHECK_MSG(memcmp(a, b, n * sizeof a[0]) == 0, "XML round trip changed the %s plan for n=%u",
                          cxb_bind_policy_name(pol), n);
            }
        }
        hwloc_topology_destroy(x);
    }
    hwloc_free_xmlbuffer(t, xml);
    hwloc_topology_destroy(t);
}

/* A hybrid CPU: PUs 0-3 (cores 0, 1) a low-efficiency kind "E", PUs 4-7 (cores 2, 3)
 * a high-efficiency kind "P". Both policies must stay on P cores. */
static void check_hybrid(void)
{
#if HWLOC_API_VERSION >= 0x00020400
    hwloc_topology_t t = load_synthetic("pack:1 core:4 pu:2");
    CHECK(t != NULL);
    if (!t)
        return;
    hwloc_bitmap_t e = hwloc_bitmap_alloc(), p = hwloc_bitmap_alloc();
    hwloc_bitmap_set_range(e, 0, 3);
    hwloc_bitmap_set_range(p, 4, 7);
    struct hwloc_info_s ie = {"CoreType", "E"}, ip = {"CoreType", "P"};
    int ok = hwloc_cpukinds_register(t, e, 0, 1, &ie, 0) == 0 && hwloc_cpukinds_register(t, p, 1, 1, &ip, 0) == 0;
    hwloc_bitmap_free(e);
    hwloc_bitmap_free(p);
    if (!ok || hwloc_cpukinds_get_nr(t, 0) != 2) {
        printf("note: hwloc_cpukinds_register unusable here; hybrid placement not tested\n");
        hwloc_topology_destroy(t);
        return;
    }
    unsigned got[5];
    cxb_bind_kind kind;
    CHECK(cxb_bind_plan(t, CXB_BIND_SPREAD, 2, got, &kind) == CXB_OK);
    CHECK_MSG(got[0] == 4 && got[1] == 6, "hybrid spread: PU#%u PU#%u, expected PU#4 PU#6", got[0], got[1]);
    CHECK(kind.nr_kinds == 2 && kind.index >= 0 && strcmp(kind.name, "P") == 0);
    CHECK(cxb_bind_plan(t, CXB_BIND_COMPACT, 5, got, &kind) == CXB_OK);
    static const unsigned want[5] = {4, 6, 5, 7, 4};
    for (int i = 0; i < 5; ++i)
        CHECK_MSG(got[i] == want[i], "hybrid compact: thread %d on PU#%u, expected PU#%u", i, got[i], want[i]);
    CHECK(hwloc_cpukinds_get_nr(t, 0) == 2); /* the input topology is left as it was */
    CHECK(hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_PU) == 8);
    hwloc_topology_destroy(t);
#endif
}

static void check_names(void)
{
    cxb_bind_policy p = CXB_BIND_NONE;
    CHECK(cxb_bind_policy_parse("spread", &p) == CXB_OK && p == CXB_BIND_SPREAD);
    CHECK(cxb_bind_policy_parse("compact", &p) == CXB_OK && p == CXB_BIND_COMPACT);
    CHECK(cxb_bind_policy_parse("none", &p) == CXB_OK && p == CXB_BIND_NONE);
    CHECK(cxb_bind_policy_parse("scatter", &p) == CXB_EINPUT);
    CHECK(strncmp(cxb_last_error(), "--bind: ", 8) == 0);
    CHECK(cxb_bind_policy_default() == CXB_BIND_SPREAD);
    hwloc_topology_t t = load_synthetic("pack:1 core:2 pu:1");
    unsigned pu;
    CHECK(t && cxb_bind_plan(t, CXB_BIND_NONE, 1, &pu, NULL) == CXB_EINPUT);
    if (t)
        hwloc_topology_destroy(t);
}

int main(void)
{
    check_topology("pack:2 core:8 pu:2");
    check_topology("pack:1 core:2 pu:1");
    check_topology("pack:2 numa:2 core:4 pu:2");
    check_tabulated();
    check_xml_roundtrip();
    check_hybrid();
    check_names();
    CHECK_DONE();
}
#endif
