/* tests/propagation/test_propagation_metis.c - the metis partitioner (docs/studies/propagation.md
 * "Several GPUs"): owners in range, the same on every call; components kept whole (R = 0 when the
 * graph's components can be placed without a cut); a ring lattice cut into arcs (R far below a
 * random partition's); the act array of pthreads_part on METIS partitions byte-identical to the
 * sequential loop for every loop; one part, more parts than vertices and the empty graph. In a
 * build without METIS: the error, and nothing else. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gen_spec.h"
#include "cxb/core/pool.h"
#include "cxb/graph/gen.h"
#include "cxb/propagation/model.h"
#include "cxb/propagation/propagation.h"

static double ratio(const cxb_csr *g, int layout, const uint32_t *owner, uint32_t P)
{
    cxb_prop_parts ps;
    CHECK(cxb_prop_parts_build(g, layout, CXB_PROP_ORIENT_HASH, 1, owner, P, &ps) == CXB_OK);
    const double r = g->n ? (double)cxb_prop_parts_replicas(&ps) / (double)g->n : 0;
    cxb_prop_parts_free(&ps);
    return r;
}

int main(void)
{
    cxb_csr ring, comps, gnm;
    cxb_test_build_spec("gnm:n=3000,m=24000,seed=5", &gnm);
    uint32_t *owner = malloc(20000 * sizeof *owner), *again = malloc(20000 * sizeof *again);
    CHECK(cxb_prop_owners(gnm.n, 2, CXB_PROP_PART_METIS, 1, owner) == CXB_EINPUT); /* needs the graph */
    if (!cxb_prop_have_metis()) {
        CHECK(cxb_prop_owners_metis(&gnm, 2, 1, owner) == CXB_ERESOURCE);
        CHECK(strstr(cxb_last_error(), "built without METIS") != NULL);
        free(owner);
        free(again);
        cxb_csr_free(&gnm);
        if (cxb_check_failures)
            CHECK_DONE();
        SKIP("built without METIS");
    }
    cxb_test_build_spec("ws:n=20000,k=10,p=0", &ring);
    cxb_test_build_spec("disjoint:n=8000,e=40000,c=8", &comps);

    /* owners in range, deterministic, every part used */
    for (uint32_t P = 2; P <= 8; P *= 2) {
        CHECK(cxb_prop_owners_metis(&gnm, P, 7, owner) == CXB_OK);
        CHECK(cxb_prop_owners_graph(&gnm, P, CXB_PROP_PART_METIS, 7, again) == CXB_OK);
        CHECK(!memcmp(owner, again, gnm.n * sizeof *owner));
        uint64_t used[8] = {0};
        int in_range = 1;
        for (uint64_t v = 0; v < gnm.n; ++v) {
            in_range &= owner[v] < P;
            if (owner[v] < P)
                used[owner[v]]++;
        }
        CHECK(in_range);
        for (uint32_t q = 0; q < P; ++q) /* balanced within METIS's default 3% */
            CHECK_MSG(used[q] > gnm.n / P * 9 / 10, "P=%u part %u has %llu of %llu", P, q,
                      (unsigned long long)used[q], (unsigned long long)gnm.n);
    }

    /* 8 components of 1000 over 4 and 8 parts: no cut */
    for (uint32_t P = 4; P <= 8; P *= 2) {
        CHECK(cxb_prop_owners_metis(&comps, P, 1, owner) == CXB_OK);
        CHECK_MSG(ratio(&comps, CXB_PROP_LAYOUT_VERTEX, owner, P) == 0, "components P=%u: R = %g", P,
                  ratio(&comps, CXB_PROP_LAYOUT_VERTEX, owner, P));
    }

    /* the ring lattice (k = 10): arcs, R about 2 P k / n, against about P - 1 for random owners */
    CHECK(cxb_prop_owners_metis(&ring, 4, 1, owner) == CXB_OK);
    const double rm = ratio(&ring, CXB_PROP_LAYOUT_VERTEX, owner, 4);
    CHECK(cxb_prop_owners(ring.n, 4, CXB_PROP_PART_RANDOM, 1, again) == CXB_OK);
    const double rr = ratio(&ring, CXB_PROP_LAYOUT_VERTEX, again, 4);
    CHECK_MSG(rm < 0.02 && rr > 2.0, "ring: R metis %g, random %g", rm, rr);
    CHECK(ratio(&ring, CXB_PROP_LAYOUT_EDGE, owner, 4) <= rm);

    /* the act array on METIS partitions equals the sequential loop's, every loop, P = 2, 3, 5 */
    cxb_pool *pool = NULL;
    CHECK(cxb_pool_create(&pool, 3, CXB_BIND_NONE) == CXB_OK);
    cxb_vid src[3];
    CHECK(cxb_prop_pick_sources(&gnm, 3, 3, src) == CXB_OK);
    int32_t *want = malloc(gnm.n * sizeof *want), *got = malloc(gnm.n * sizeof *got);
    static const int loops[4] = {CXB_PROP_CLOOP, CXB_PROP_TLOOP, CXB_PROP_ALOOP, CXB_PROP_ELOOP};
    for (int li = 0; li < 4; ++li) {
        cxb_prop_cfg c;
        cxb_prop_cfg_init(&c);
        c.p = 0.05;
        c.seed = 3;
        c.sources = src;
        c.nsources = 3;
        c.loop = loops[li];
        cxb_prop_result r;
        memset(&r, 0, sizeof r);
        r.act = want;
        CHECK(cxb_prop_run_seq(&gnm, &c, &r) == CXB_OK);
        static const uint32_t Ps[3] = {2, 3, 5};
        for (int k = 0; k < 3; ++k) {
            cxb_prop_result rp;
            memset(&rp, 0, sizeof rp);
            memset(got, 0x5a, gnm.n * sizeof *got);
            rp.act = got;
            cxb_status st = cxb_prop_run_part(&gnm, &c, Ps[k], CXB_PROP_PART_METIS, NULL, pool, &rp);
            CHECK_MSG(st == CXB_OK, "loop %d P=%u: %s", loops[li], Ps[k], cxb_last_error());
            CHECK_MSG(!memcmp(got, want, gnm.n * sizeof *got), "loop %d P=%u: act differs", loops[li], Ps[k]);
            cxb_prop_result_free_curve(&rp);
        }
        cxb_prop_result_free_curve(&r);
    }
    cxb_pool_destroy(pool);

    /* one part, more parts than vertices, the empty graph */
    CHECK(cxb_prop_owners_metis(&gnm, 1, 1, owner) == CXB_OK);
    int zero = 1;
    for (uint64_t v = 0; v < gnm.n; ++v)
        zero &= owner[v] == 0;
    CHECK(zero);
    cxb_csr tiny, empty;
    cxb_test_build_spec("gnm:n=5,m=6,seed=2", &tiny);
    cxb_status st = cxb_prop_owners_metis(&tiny, 8, 1, owner);
    CHECK_MSG(st == CXB_OK, "5 vertices in 8 parts: %s", cxb_last_error());
    for (uint64_t v = 0; st == CXB_OK && v < tiny.n; ++v)
        CHECK(owner[v] < 8);
    cxb_test_build_spec("gnm:n=0,m=0", &empty);
    CHECK(cxb_prop_owners_metis(&empty, 4, 1, owner) == CXB_OK);
    CHECK(cxb_prop_owners_metis(&gnm, 0, 1, owner) == CXB_EINPUT);

    free(want);
    free(got);
    free(owner);
    free(again);
    cxb_csr_free(&ring);
    cxb_csr_free(&comps);
    cxb_csr_free(&gnm);
    cxb_csr_free(&tiny);
    cxb_csr_free(&empty);
    CHECK_DONE();
}
