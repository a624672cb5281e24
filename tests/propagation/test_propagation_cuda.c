/* tests/propagation/test_propagation_cuda.c - the propagation study's CUDA rows
 * (docs/studies/propagation.md "The four loops and the two layouts", "Several GPUs"): every loop (the A-Loop with auto,
 * never and switch steps 1 .. 4; the E-Loop with both orientations; the rows with a warp and
 * with a thread per row) on one GPU gives byte for byte
 * the act array of propagation.cloop.seq (itself checked against an independent oracle by
 * propagation_variants) on G(n,m) and R-MAT for several seeds, p in {0, 0.05, 0.3, 1}, both
 * models, and on the edge cases (no vertices, one vertex, isolated and repeated sources, several
 * components, a hub); an impossible --device-mem-cap is CXB_ERESOURCE.
 *   test_propagation_cuda          the one-GPU rows; exits 77 without a GPU
 *   test_propagation_cuda small    one small graph, every one-GPU row (for compute-sanitizer;
 *                                  "quick", the word of scripts/gpu-run.sh's sweep, is the same)
 *   test_propagation_cuda mgpu     P = 2 .. min(GPUs, 4) (and 8 when present) for every scheme
 *                                  (both partitioners for cuda_host and cuda_p2p), every loop;
 *                                  exits 77 with fewer than 2 GPUs;
 *                                  the NCCL schemes are skipped in builds without NCCL
 *   test_propagation_cuda mgpu-small  one small graph, every scheme at P = 2 (compute-sanitizer) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gen_spec.h"
#include "cxb/core/cuda.h"
#include "cxb/graph/gen.h"
#include "cxb/propagation/cuda.h"
#include "cxb/propagation/model.h"
#include "cxb/propagation/propagation.h"

static void build_edges(uint64_t n, const cxb_vid *uv, uint64_t m, cxb_csr *g)
{
    cxb_edges e;
    cxb_edges_init(&e);
    for (uint64_t i = 0; i < m; ++i)
        if (cxb_edges_push(&e, uv[2 * i], uv[2 * i + 1]) != CXB_OK)
            exit(1);
    e.n = n;
    if (cxb_csr_from_edges(&e, 0, g) != CXB_OK)
        exit(1);
}

static int gpus_present, multi, small;
static uint64_t nruns;

static void one_case(const char *what, const cxb_csr *g, double p, uint64_t seed, int ic, const cxb_vid *src,
                     uint64_t k)
{
    size_t bytes = (g->n ? g->n : 1) * sizeof(int32_t);
    int32_t *want = malloc(bytes), *act = malloc(bytes);
    cxb_prop_cfg c;
    cxb_prop_cfg_init(&c);
    c.p = p;
    c.seed = seed;
    c.model = ic ? CXB_PROP_IC : CXB_PROP_SI;
    c.sources = src;
    c.nsources = k;
    c.loop = CXB_PROP_CLOOP;
    cxb_prop_result r;
    memset(&r, 0, sizeof r);
    r.act = want;
    CHECK(cxb_prop_run_seq(g, &c, &r) == CXB_OK);
    uint32_t want_steps = r.steps;
    r.act = act; /* the rows under test write here, the reference stays in want */
    static const uint32_t switches[] = {CXB_PROP_SWITCH_AUTO, CXB_PROP_SWITCH_NEVER, 1, 2, 3, 4};
    static const int schemes[] = {CXB_PROP_SYNC_HOST, CXB_PROP_SYNC_P2P, CXB_PROP_SYNC_NCCL, CXB_PROP_SYNC_ALLREDUCE};
    static const char *const scheme_names[] = {"cuda_host", "cuda_p2p", "cuda_nccl", "cuda_allreduce"};
    for (int loop = 0; loop < 4; ++loop)
        for (unsigned si = 0; si < (loop == CXB_PROP_ALOOP ? 6u : 1u); ++si)
            for (int orient = 0; orient < (loop == CXB_PROP_ELOOP ? 2 : 1); ++orient)
                for (unsigned li = 0; li < (loop != CXB_PROP_ELOOP && !multi ? 2u : 1u); ++li) {
                    cxb_prop_cfg cc = c;
                    cc.loop = loop;
                    cc.switch_rule = switches[si];
                    cc.orient = orient;
                    cc.lanes = li ? 1u : 32u; /* a warp per row, then Jin et al.'s thread per row */
                    if (!multi) {
                        memset(act, 0x5a, bytes);
                        cxb_status st = cxb_prop_run_cuda(g, &cc, NULL, 0, &r);
                        CHECK_MSG(st == CXB_OK, "%s: cuda loop %d: %s", what, loop, cxb_last_error());
                        CHECK_MSG(memcmp(act, want, g->n * sizeof *act) == 0 && r.steps == want_steps,
                                  "%s: cuda loop %d switch %u orient %d lanes %u differs from cloop.seq", what,
                                  loop, switches[si], orient, cc.lanes);
                        ++nruns;
                        /* as the rows run it: the layout built before, one upload, two runs */
                        cxb_prop_edges e = {0, NULL, NULL};
                        if (loop == CXB_PROP_ELOOP) {
                            CHECK(cxb_prop_edges_build(g, cc.orient, cc.seed, &e) == CXB_OK);
                            cc.edges = &e;
                        }
                        cxb_prop_cuda *dev = NULL;
                        st = cxb_prop_cuda_open(g, &cc, NULL, 0, &dev);
                        CHECK_MSG(st == CXB_OK, "%s: cuda open loop %d: %s", what, loop, cxb_last_error());
                        for (int rep = 0; st == CXB_OK && rep < 2; ++rep) {
                            memset(act, 0x5a, bytes);
                            cxb_phases ph;
                            cxb_phases_clear(&ph);
                            st = cxb_prop_cuda_run(dev, &r, &ph);
                            CHECK_MSG(st == CXB_OK, "%s: cuda run %d loop %d: %s", what, rep, loop, cxb_last_error());
                            CHECK_MSG(memcmp(act, want, g->n * sizeof *act) == 0 && r.steps == want_steps,
                                      "%s: cuda run %d (one upload) loop %d switch %u orient %d lanes %u differs from "
                                      "cloop.seq", what, rep, loop, switches[si], orient, cc.lanes);
                            CHECK(ph.ns[CXB_PHASE_KERNEL] >= 0 && ph.ns[CXB_PHASE_D2H] >= 0);
                            ++nruns;
                        }
                        cxb_prop_cuda_close(dev);
                        cxb_prop_edges_free(&e);
                        continue;
                    }
                    if (si > 1)
                        continue;
                    for (uint32_t P = 2; P <= (uint32_t)gpus_present && P <= 8; P = P < 4 ? P + 1 : 8) {
                        for (int sc = 0; sc < 4; ++sc)
                            for (int part = 0; part < (sc < 2 ? 2 : 1); ++part) { /* NCCL set-up is slow */
                                memset(act, 0x5a, bytes);
                                cxb_status st = cxb_prop_run_mgpu(g, &cc, P, part, NULL, schemes[sc], 0, &r);
                                if (st == CXB_ERESOURCE && strstr(cxb_last_error(), "without NCCL"))
                                    continue;
                                CHECK_MSG(st == CXB_OK, "%s: %s P=%u: %s", what, scheme_names[sc], P, cxb_last_error());
                                CHECK_MSG(memcmp(act, want, g->n * sizeof *act) == 0 && r.steps == want_steps,
                                          "%s: %s P=%u %s loop %d switch %u orient %d differs from cloop.seq", what,
                                          scheme_names[sc], P, part ? "random" : "block", loop, switches[si], orient);
                                ++nruns;
                            }
                        if (small)
                            break;
                    }
                }
    free(want);
    free(act);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    multi = !strncmp(mode, "mgpu", 4);
    small = strstr(mode, "small") != NULL || !strcmp(mode, "quick"); /* quick: the sanitizer sweep's word */
    const char *why = NULL;
    gpus_present = cxb_cuda_device_count(&why);
    if (gpus_present == 0)
        SKIP("%s", why ? why : "no GPU");
    if (multi && gpus_present < 2)
        SKIP("the multi-GPU rows need 2 GPUs, %d found", gpus_present);

    static const double ps[] = {0.0, 0.05, 0.3, 1.0};
    /* the last: rows of about 80 neighbours, so a warp walks several chunks and the T-Loop stops
     * in any of them */
    const char *specs[] = {"gnm:n=2000,m=8000,seed=3", "rmat:scale=11,ef=6,seed=5", "gnm:n=3000,m=1500,seed=9",
                           "gnm:n=1001,m=40000,seed=4"};
    unsigned nspecs = small ? 1 : 4;
    for (unsigned s = 0; s < nspecs; ++s) {
        cxb_csr g;
        cxb_test_build_spec(small ? "gnm:n=300,m=900,seed=3" : specs[s], &g);
        for (uint64_t seed = 1; seed <= (small || multi ? 1u : 2u); ++seed)
            for (unsigned pi = 0; pi < 4; ++pi)
                for (int ic = 0; ic < (multi && pi != 2 ? 1 : 2); ++ic) {
                    cxb_vid src[3];
                    uint64_t k = 1 + seed % 3;
                    if (cxb_prop_pick_sources(&g, seed, k, src) == CXB_OK)
                        one_case(specs[s], &g, ps[pi], seed, ic, src, k);
                }
        cxb_csr_free(&g);
    }
    if (!small) {
        cxb_csr g;
        build_edges(0, NULL, 0, &g);
        one_case("empty", &g, 0.5, 1, 0, NULL, 0);
        cxb_csr_free(&g);
        build_edges(1, NULL, 0, &g);
        cxb_vid s0 = 0;
        one_case("one vertex", &g, 1.0, 1, 0, &s0, 1);
        cxb_csr_free(&g);
        static const cxb_vid uv[] = {0, 1, 1, 2, 2, 3, 4, 5, 5, 6, 6, 4};
        build_edges(9, uv, 6, &g);
        cxb_vid src[] = {8, 0, 0};
        one_case("disconnected, isolated and repeated sources", &g, 0.5, 7, 0, src, 3);
        cxb_csr_free(&g);
        uint64_t L = 5000;
        cxb_vid *hub = malloc(2 * L * sizeof *hub);
        for (uint64_t i = 0; i < L; ++i)
            hub[2 * i] = 0, hub[2 * i + 1] = (cxb_vid)(i + 1);
        build_edges(L + 1, hub, L, &g);
        free(hub);
        one_case("hub", &g, 0.05, 3, 0, &s0, 1);
        /* a device footprint above the cap is a missing resource, before any work */
        int32_t *act = malloc((L + 1) * sizeof *act);
        cxb_prop_cfg c;
        cxb_prop_cfg_init(&c);
        c.sources = &s0;
        c.nsources = 1;
        cxb_prop_result r;
        memset(&r, 0, sizeof r);
        r.act = act;
        CHECK(cxb_prop_run_cuda(&g, &c, NULL, 1024, &r) == CXB_ERESOURCE);
        c.lanes = 7; /* neither mapping */
        CHECK(cxb_prop_run_cuda(&g, &c, NULL, 0, &r) == CXB_EINPUT);
        c.lanes = 0;
        if (multi)
            CHECK(cxb_prop_run_mgpu(&g, &c, 2, 0, NULL, CXB_PROP_SYNC_P2P, 64, &r) == CXB_ERESOURCE);
        CHECK(cxb_prop_run_mgpu(&g, &c, (uint32_t)gpus_present + 1, 0, NULL, CXB_PROP_SYNC_HOST, 0, &r) ==
              CXB_ERESOURCE);
        free(act);
        cxb_csr_free(&g);
    }
    fprintf(stderr, "%llu GPU runs compared\n", (unsigned long long)nruns);
    CHECK_DONE();
}
