/* frnn_cuda: the CUDA constructions and queries of the frnn study (impl_cuda/frnn/, through the
 * rows' device table cxb_frnn_cuda_dev) against the oracles of docs/studies/frnn.md "Oracles":
 *   - builds original (with and without the compact PBM), acs and acs_stable: the PBM and storage
 *     invariants checked here, the PBM equal to frnn.counting.seq's; original and acs_stable
 *     bit-identical to counting.seq, acs the same ids per bin;
 *   - queries moore, pbw, strips, brute with count, list and avg at block sizes 32, 64, 128, 256
 *     and 1024: counts and lists equal to the brute force of frnn_oracle.h, avg bit-identical to
 *     strips.seq over the downloaded storage (the same visiting order); moore also on Original's
 *     two-array PBM;
 *   - Circles (cxb/frnn/circles.h): 200 steps with acs_stable and original builds and the pbw and
 *     strips queries, at one thread an agent, at teams of 2 to 32 lanes an agent and through the
 *     whole-step entry, bit-identical to counting.seq + strips.seq on the CPU, and 50 steps of a
 *     packed start (some 200 neighbours an agent, past the device step's list of slots);
 *   - the whole Circles step as one CUDA graph on a stream of its own: 30 steps bit-identical to
 *     the CPU's, across a change of query kind (a new graph); the legacy stream refused;
 *   - the Network model (cxb/frnn/network.h): 40 chained steps (5 in quick) with the acs, original
 *     and acs_stable builds, whole steps and moves over a separate build, at blocks 32 and 256:
 *     the same actors, by id and bit for bit, as the oracle's step on the CPU; every actor on one
 *     edge, one edge per vertex, no actors and one;
 *   - frnn.fgpu2style.cuda: one step within 1e-5 of the reference step (Euro-Par 2016's one-step
 *     parity; its message order is the atomics'), ids a permutation, N = 0 and 1;
 *   - the adversarial inputs of frnn_variants (bin edges, exact R, far outside, one bin, empty
 *     bins, N = 0, 1, 2) and uniform points on three fresh seeds (CXB_TEST_SEED=S repeats).
 * Argument "quick" (for compute-sanitizer memcheck and racecheck): the small cases only, blocks
 * 32 and 64. Exits 77 without a GPU. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/core/cuda.h"
#include "cxb/frnn/frnn.h"
#include "cxb/frnn/points.h"
#include "frnn_oracle.h"
#include "impl_cuda/frnn/dev.h"

static int quick;
static const char *case_name;

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static void check_index(const cxb_frnn_index *ix, const cxb_frnn_index *ref, const cxb_frnn_rec *in, int stable,
                        const char *what)
{
    uint32_t nb = ref->grid.nbins, n = ref->n;
    CHECK_MSG(cxb_frnn_index_check(ix, in, what) == CXB_OK, "%s: %s", case_name, cxb_last_error());
    CHECK_MSG(!memcmp(ix->pbm, ref->pbm, ((size_t)nb + 1) * 4), "%s %s: PBM differs from counting.seq", case_name, what);
    if (stable) {
        CHECK_MSG(n == 0 || !memcmp(ix->storage, ref->storage, n * sizeof *ix->storage),
                  "%s %s: storage not bit-identical to counting.seq", case_name, what);
        return;
    }
    uint32_t *a = malloc((n + 1) * 4), *b = malloc((n + 1) * 4);
    for (uint32_t k = 0; k < n; ++k)
        a[k] = ix->storage[k].id, b[k] = ref->storage[k].id;
    for (uint32_t bin = 0; bin < nb; ++bin) {
        qsort(a + ref->pbm[bin], ref->pbm[bin + 1] - ref->pbm[bin], 4, cmp_u32);
        qsort(b + ref->pbm[bin], ref->pbm[bin + 1] - ref->pbm[bin], 4, cmp_u32);
    }
    CHECK_MSG(n == 0 || !memcmp(a, b, n * 4), "%s %s: the ids of some bin differ", case_name, what);
    free(a);
    free(b);
}

static void check_result(const cxb_frnn_result *r, const oracle *o, const cxb_frnn_index *ix, const char *what)
{
    for (uint32_t i = 0; i < o->n; ++i) {
        if (r->count[i] != o->count[i]) {
            CHECK_MSG(0, "%s %s: point %u has %u neighbours, brute force %u", case_name, what, i, r->count[i],
                      o->count[i]);
            return;
        }
        if (r->handler == CXB_FRNN_LIST &&
            (r->off[i] != o->off[i] || memcmp(r->ids + r->off[i], o->ids + o->off[i], o->count[i] * 4))) {
            CHECK_MSG(0, "%s %s: the list of point %u differs from brute force", case_name, what, i);
            return;
        }
    }
    if (r->handler == CXB_FRNN_AVG) {
        cxb_frnn_view v = cxb_frnn_index_view(ix);
        cxb_frnn_result ref;
        CHECK(cxb_frnn_query_seq(&v, CXB_FRNN_STRIPS, CXB_FRNN_AVG, &ref, NULL) == CXB_OK);
        CHECK_MSG(o->n == 0 || !memcmp(ref.avg, r->avg, 12 * (size_t)o->n),
                  "%s %s: avg not bit-identical to strips.seq on the same storage", case_name, what);
        cxb_frnn_result_free(&ref);
    }
}

static void run_case(const char *name, const cxb_frnn_rec *in, uint32_t n, uint32_t dims, const double *mn,
                     const double *mx, double r, double w)
{
    case_name = name;
    cxb_frnn_grid g;
    if (cxb_frnn_grid_make(dims, mn, mx, r, w, 1ull << 26, &g) != CXB_OK) {
        CHECK_MSG(0, "%s: grid: %s", name, cxb_last_error());
        return;
    }
    oracle o;
    oracle_make(&o, in, n, dims, (float)r);
    cxb_frnn_index ref, ix;
    CHECK(cxb_frnn_index_alloc(&ref, &g, n) == CXB_OK && cxb_frnn_build_counting_seq(in, &ref) == CXB_OK);
    CHECK(cxb_frnn_index_alloc(&ix, &g, n) == CXB_OK);
    static const unsigned blocks_full[] = {32, 64, 128, 256, 1024}, blocks_quick[] = {32, 64};
    const unsigned *blocks = quick ? blocks_quick : blocks_full;
    size_t nblocks = quick ? 2 : 5;
    static const int builds[] = {CXB_FRNN_ORIGINAL, CXB_FRNN_ACS, CXB_FRNN_ACS_STABLE};
    for (size_t bi = 0; bi < 3; ++bi)
        for (size_t k = 0; k < nblocks; ++k) {
            int build = builds[bi];
            void *d = NULL;
            char what[160];
            snprintf(what, sizeof what, "w=%g %s block %u", w, cxb_frnn_build_names[build], blocks[k]);
            cxb_status st = cxb_frnn_cuda_dev.open(&g, in, n, build, blocks[k], NULL, &d, NULL, NULL);
            CHECK_MSG(st == CXB_OK, "%s %s: open: %s", name, what, cxb_last_error());
            if (st != CXB_OK)
                continue;
            for (int compact = 0; compact <= (build == CXB_FRNN_ORIGINAL); ++compact) {
                CHECK_MSG(cxb_frnn_cuda_dev.build(d, compact, NULL, NULL, NULL) == CXB_OK, "%s %s: build: %s", name, what,
                          cxb_last_error());
                if (compact || build != CXB_FRNN_ORIGINAL) {
                    for (int kind = 0; kind < CXB_FRNN_NQUERIES; ++kind)
                        for (int h = 0; h < CXB_FRNN_NHANDLERS; ++h) {
                            cxb_frnn_result res;
                            char qw[220];
                            snprintf(qw, sizeof qw, "%s %s/%s", what, cxb_frnn_query_names[kind],
                                     cxb_frnn_handler_names[h]);
                            st = cxb_frnn_cuda_dev.query(d, kind, (cxb_frnn_handler)h, NULL, NULL, &res);
                            CHECK_MSG(st == CXB_OK, "%s %s: %s", name, qw, cxb_last_error());
                            if (st != CXB_OK)
                                continue;
                            CHECK(cxb_frnn_cuda_dev.download(d, &ix) == CXB_OK);
                            check_result(&res, &o, &ix, qw);
                            cxb_frnn_result_free(&res);
                        }
                } else { /* moore on Original's start/end, before any compaction */
                    cxb_frnn_result res;
                    st = cxb_frnn_cuda_dev.query(d, CXB_FRNN_MOORE, CXB_FRNN_LIST, NULL, NULL, &res);
                    CHECK_MSG(st == CXB_OK, "%s %s moore on start/end: %s", name, what, cxb_last_error());
                    if (st == CXB_OK) {
                        check_result(&res, &o, &ref, "moore on start/end");
                        cxb_frnn_result_free(&res);
                    }
                }
                CHECK_MSG(cxb_frnn_cuda_dev.download(d, &ix) == CXB_OK, "%s: download: %s", name, cxb_last_error());
                check_index(&ix, &ref, in, build != CXB_FRNN_ACS, what);
            }
            /* the components timed apart (Figs 4.6-4.8): the same index, each part a time, their
             * sum within the build's interval; the deterministic ACS refuses */
            double parts[CXB_FRNN_BUILD_PARTS] = {-1, -1, -1, -1};
            cxb_phases ph;
            cxb_phases_clear(&ph);
            st = cxb_frnn_cuda_dev.build(d, 0, NULL, &ph, parts);
            if (build == CXB_FRNN_ACS_STABLE)
                CHECK_MSG(st == CXB_EINPUT, "%s %s: parts of the deterministic ACS accepted", name, what);
            else {
                CHECK_MSG(st == CXB_OK, "%s %s: build with parts: %s", name, what, cxb_last_error());
                double sum = 0;
                for (int q = 0; q < CXB_FRNN_BUILD_PARTS; ++q) {
                    CHECK_MSG(parts[q] >= 0, "%s %s: part %d: %g ms", name, what, q, parts[q]);
                    sum += parts[q];
                }
                double total = (double)ph.ns[CXB_PHASE_KERNEL] * 1e-6;
                CHECK_MSG(sum <= total + 0.005, "%s %s: parts %g ms > the build's %g ms", name, what, sum, total);
                CHECK_MSG(cxb_frnn_cuda_dev.download(d, &ix) == CXB_OK, "%s: download: %s", name, cxb_last_error());
                check_index(&ix, &ref, in, build != CXB_FRNN_ACS, what);
            }
            cxb_frnn_cuda_dev.close(d);
        }
    cxb_frnn_index_free(&ix);
    cxb_frnn_index_free(&ref);
    oracle_free(&o);
}

/* Circles: trajectories on the device with the stable builds equal the CPU's bit for bit. side is
 * the edge of the cube the agents start in (R = 1): 9 is a density of 4, some 17 neighbours an agent
 * at the start; 1.5 gives some 200 (checked: at least 100 on average), past the device step's list
 * of 64 neighbour slots (impl_cuda/frnn/dev.cu), so that its drain-when-full path is compared too. */
static void circles_cuda(uint64_t seed, float side)
{
    uint32_t n = quick ? 400 : 3000, dims = 3;
    int steps = quick ? 5 : 200;
    if (side < 4) {
        n = 400;
        steps = quick ? 3 : 50;
    }
    float lo[3] = {0, 0, 0}, hi[3] = {side, side, side};
    double mn[3] = {-2, -2, -2}, mx[3] = {side + 2, side + 2, side + 2};
    cxb_frnn_rec *init = malloc(n * sizeof *init), *cur = malloc(n * sizeof *cur), *next = malloc(n * sizeof *next),
                 *dev_out = malloc(n * sizeof *dev_out);
    for (uint32_t i = 0; i < n; ++i)
        init[i] = cxb_frnn_draw_point(seed, i, dims, lo, hi);
    cxb_frnn_circles_params cp;
    cxb_frnn_circles_params_init(&cp);
    cxb_frnn_grid g;
    CHECK(cxb_frnn_grid_make(dims, mn, mx, 1.0, 0.5, 1u << 24, &g) == CXB_OK);
    static const int builds[] = {CXB_FRNN_ACS_STABLE, CXB_FRNN_ORIGINAL};
    /* one thread an agent, teams of 2 to 32 lanes an agent, and the table's own choice through the
     * whole-step entry (build and step in one call) */
    static const uint32_t teams[] = {1, 2, 4, 8, 16, 32, 0};
    for (int bi = 0; bi < 2; ++bi)
        for (int kind = CXB_FRNN_PBW; kind <= CXB_FRNN_STRIPS; ++kind)
            for (size_t ti = 0; ti < sizeof teams / sizeof teams[0]; ++ti) {
                if (quick && teams[ti] != 1 && teams[ti] != 4 && teams[ti] != 32)
                    continue;
                case_name = "circles";
                memcpy(cur, init, n * sizeof *cur);
                void *d = NULL;
                uint32_t block = teams[ti] == 32 ? 96 : 64; /* 96: three teams of 32 a block */
                cxb_status st = cxb_frnn_cuda_dev.open(&g, init, n, builds[bi], block, NULL, &d, NULL, NULL);
                CHECK_MSG(st == CXB_OK, "circles open: %s", cxb_last_error());
                if (st != CXB_OK)
                    continue;
                cxb_frnn_index ix;
                CHECK(cxb_frnn_index_alloc(&ix, &g, n) == CXB_OK);
                int bad = -1;
                for (int t = 0; t < steps && bad < 0; ++t) {
                    CHECK(cxb_frnn_build_counting_seq(cur, &ix) == CXB_OK);
                    cxb_frnn_view v = cxb_frnn_index_view(&ix);
                    uint64_t pairs = 0;
                    CHECK(cxb_frnn_circles_step_seq(&v, CXB_FRNN_STRIPS, &cp, next, &pairs) == CXB_OK);
                    if (t == 0 && side < 4)
                        CHECK_MSG(pairs >= 100ull * n, "circles dense: %.1f neighbours an agent, want >= 100",
                                  (double)pairs / n);
                    if (teams[ti]) {
                        CHECK_MSG(cxb_frnn_cuda_dev.build(d, 1, NULL, NULL, NULL) == CXB_OK, "circles build: %s",
                                  cxb_last_error());
                        CHECK_MSG(cxb_frnn_cuda_dev.circles(d, kind, teams[ti], &cp, NULL, NULL, dev_out) == CXB_OK,
                                  "circles: %s", cxb_last_error());
                    } else {
                        CHECK_MSG(cxb_frnn_cuda_dev.step(d, kind, 0, 0, &cp, NULL, NULL, dev_out) == CXB_OK, "step: %s",
                                  cxb_last_error());
                    }
                    if (memcmp(dev_out, next, n * sizeof *next))
                        bad = t;
                    cxb_frnn_rec *tmp = cur;
                    cur = next;
                    next = tmp;
                }
                CHECK_MSG(bad < 0, "circles %s/%s team %u (used %u): step %d differs from strips.seq",
                          cxb_frnn_build_names[builds[bi]], cxb_frnn_query_names[kind], teams[ti],
                          cxb_frnn_cuda_dev.team(d, teams[ti]), bad);
                cxb_frnn_index_free(&ix);
                cxb_frnn_cuda_dev.close(d);
            }
    free(init);
    free(cur);
    free(next);
    free(dev_out);
}

/* the Network model: chained steps on the device against the oracle's on the host, by id */
static void network_cuda(uint64_t seed, uint32_t v, uint32_t e, uint32_t a, uint32_t c, int all_on_one)
{
    cxb_frnn_network nw = {v, e, v * e, c, seed, NULL, NULL};
    uint32_t *dst = malloc(nw.m * sizeof *dst);
    float *len = malloc(nw.m * sizeof *len);
    cxb_frnn_network_graph(seed, v, e, dst, len);
    nw.dst = dst;
    nw.len = len;
    size_t rb = (a ? a : 1) * sizeof(cxb_frnn_rec);
    cxb_frnn_rec *init = malloc(rb), *cur = malloc(rb), *want = malloc(rb), *out = malloc(rb), *got = malloc(rb);
    cxb_frnn_network_actors(seed, a, nw.m, init);
    for (uint32_t i = 0; all_on_one && i < a; ++i)
        init[i].p[0] = 0.0f;
    cxb_frnn_grid g;
    CHECK(cxb_frnn_network_grid(nw.m, &g) == CXB_OK);
    static const int builds[] = {CXB_FRNN_ACS, CXB_FRNN_ORIGINAL, CXB_FRNN_ACS_STABLE};
    static const uint32_t blocks[] = {32, 256};
    case_name = "network";
    for (int bi = 0; bi < 3; ++bi)
        for (int whole = 0; whole < 2; ++whole) {
            void *d = NULL;
            cxb_status st = cxb_frnn_cuda_dev.open(&g, init, a, builds[bi], blocks[whole], NULL, &d, NULL, NULL);
            if (st == CXB_OK)
                st = cxb_frnn_cuda_dev.network_graph(d, dst, len, nw.m);
            CHECK_MSG(st == CXB_OK, "network open: %s", cxb_last_error());
            if (st != CXB_OK) {
                cxb_frnn_cuda_dev.close(d);
                continue;
            }
            memcpy(cur, init, rb);
            int bad = -1;
            for (uint32_t s = 0; s < (quick ? 5u : 40u) && bad < 0; ++s) {
                CHECK(cxb_frnn_network_step_direct(&nw, cur, a, s, want) == CXB_OK);
                if (!whole)
                    CHECK_MSG(cxb_frnn_cuda_dev.build(d, 1, NULL, NULL, NULL) == CXB_OK, "network build: %s",
                              cxb_last_error());
                st = cxb_frnn_cuda_dev.network(d, &nw, s, whole, NULL, NULL, out);
                CHECK_MSG(st == CXB_OK, "network step: %s", cxb_last_error());
                memset(got, 0xff, rb);
                for (uint32_t k = 0; k < a; ++k)
                    if (out[k].id < a)
                        got[out[k].id] = out[k];
                if (st != CXB_OK || (a && memcmp(got, want, rb)))
                    bad = (int)s;
                memcpy(cur, want, rb);
            }
            CHECK_MSG(bad < 0, "network v=%u e=%u a=%u c=%u%s, %s build, %s: step %d differs from the oracle", v, e, a,
                      c, all_on_one ? " (all on edge 0)" : "", cxb_frnn_build_names[builds[bi]],
                      whole ? "whole step" : "move after build", bad);
            cxb_frnn_cuda_dev.close(d);
        }
    free(dst);
    free(len);
    free(init);
    free(cur);
    free(want);
    free(out);
    free(got);
}

/* the whole step as one CUDA graph (on a stream of its own, Original's build): 30 chained steps
 * bit-identical to the CPU's, the graph made again when the query kind changes; the legacy stream
 * and the deterministic ACS are refused */
static void circles_graph(uint64_t seed)
{
    const uint32_t n = 2000, dims = 3;
    float lo[3] = {0, 0, 0}, hi[3] = {9, 9, 9};
    double mn[3] = {-2, -2, -2}, mx[3] = {11, 11, 11};
    cxb_frnn_rec *cur = malloc(n * sizeof *cur), *next = malloc(n * sizeof *next), *dev_out = malloc(n * sizeof *dev_out);
    for (uint32_t i = 0; i < n; ++i)
        cur[i] = cxb_frnn_draw_point(seed, i, dims, lo, hi);
    cxb_frnn_circles_params cp;
    cxb_frnn_circles_params_init(&cp);
    cxb_frnn_grid g;
    CHECK(cxb_frnn_grid_make(dims, mn, mx, 1.0, 1.0, 1u << 24, &g) == CXB_OK);
    void *stream = NULL, *d = NULL, *d0 = NULL;
    CHECK(cxb_cuda_stream_create(&stream) == CXB_OK);
    case_name = "circles graph";
    CHECK(cxb_frnn_cuda_dev.open(&g, cur, n, CXB_FRNN_ORIGINAL, 64, NULL, &d0, NULL, NULL) == CXB_OK);
    CHECK(cxb_frnn_cuda_dev.step(d0, CXB_FRNN_STRIPS, 0, 1, &cp, NULL, NULL, dev_out) == CXB_EINPUT);
    cxb_frnn_cuda_dev.close(d0);
    /* the deterministic ACS cannot be captured (its segmented sort waits for the host) */
    CHECK(cxb_frnn_cuda_dev.open(&g, cur, n, CXB_FRNN_ACS_STABLE, 64, stream, &d0, NULL, NULL) == CXB_OK);
    CHECK(cxb_frnn_cuda_dev.step(d0, CXB_FRNN_STRIPS, 0, 1, &cp, NULL, NULL, dev_out) == CXB_EINPUT);
    cxb_frnn_cuda_dev.close(d0);
    /* Original's radix sort is stable: storage in counting.seq's order, so the steps are bit for bit */
    cxb_status st = cxb_frnn_cuda_dev.open(&g, cur, n, CXB_FRNN_ORIGINAL, 64, stream, &d, NULL, NULL);
    CHECK_MSG(st == CXB_OK, "graph open: %s", cxb_last_error());
    cxb_frnn_index ix;
    CHECK(cxb_frnn_index_alloc(&ix, &g, n) == CXB_OK);
    int bad = -1;
    for (int t = 0; t < (quick ? 4 : 30) && bad < 0 && st == CXB_OK; ++t) {
        const int kind = t < 10 ? CXB_FRNN_STRIPS : t < 20 ? CXB_FRNN_PBW : CXB_FRNN_STRIPS;
        CHECK(cxb_frnn_build_counting_seq(cur, &ix) == CXB_OK);
        cxb_frnn_view v = cxb_frnn_index_view(&ix);
        CHECK(cxb_frnn_circles_step_seq(&v, CXB_FRNN_STRIPS, &cp, next, NULL) == CXB_OK);
        st = cxb_frnn_cuda_dev.step(d, kind, 0, 1, &cp, NULL, NULL, dev_out);
        CHECK_MSG(st == CXB_OK, "graph step: %s", cxb_last_error());
        if (memcmp(dev_out, next, n * sizeof *next))
            bad = t;
        cxb_frnn_rec *tmp = cur;
        cur = next;
        next = tmp;
    }
    CHECK_MSG(bad < 0, "circles graph: step %d differs from strips.seq", bad);
    cxb_frnn_index_free(&ix);
    cxb_frnn_cuda_dev.close(d);
    cxb_cuda_stream_destroy(stream);
    free(cur);
    free(next);
    free(dev_out);
}

/* frnn.fgpu2style.cuda: one step within 1e-5 of the reference step per coordinate (atomic message
 * order), for the FLAME GPU 2 set-up; ids a permutation; N = 0 and 1 */
static void fgpu2_parity(uint64_t seed)
{
    static const uint32_t ns[] = {0, 1, 3000, 20000};
    for (size_t t = 0; t < (quick ? 3u : 4u); ++t) {
        uint32_t n = ns[t];
        float w = roundf(cbrtf((float)(n ? n : 1)));
        float lo[3] = {-w / 2, -w / 2, -w / 2}, hi[3] = {w / 2, w / 2, w / 2};
        double mn[3] = {lo[0], lo[1], lo[2]}, mx[3] = {hi[0], hi[1], hi[2]};
        cxb_frnn_rec *in = malloc((n + 1) * sizeof *in), *got = malloc((n + 1) * sizeof *got),
                     *want = malloc((n + 1) * sizeof *want);
        for (uint32_t i = 0; i < n; ++i)
            in[i] = cxb_frnn_draw_point(seed, i, 3, lo, hi);
        cxb_frnn_grid g;
        CHECK(cxb_frnn_grid_make(3, mn, mx, 2.0, 1.0, 1u << 24, &g) == CXB_OK);
        cxb_frnn_circles_params cp;
        cxb_frnn_circles_params_init(&cp);
        cxb_frnn_index ix;
        CHECK(cxb_frnn_index_alloc(&ix, &g, n) == CXB_OK && cxb_frnn_build_counting_seq(in, &ix) == CXB_OK);
        cxb_frnn_view v = cxb_frnn_index_view(&ix);
        CHECK(cxb_frnn_circles_step_seq(&v, CXB_FRNN_STRIPS, &cp, want, NULL) == CXB_OK);
        void *d = NULL;
        cxb_status st = cxb_frnn_fgpu2_cuda_dev.open(&g, in, n, NULL, &d, NULL, NULL);
        CHECK_MSG(st == CXB_OK, "fgpu2style open: %s", cxb_last_error());
        if (st == CXB_OK) {
            CHECK_MSG(cxb_frnn_fgpu2_cuda_dev.step(d, &cp, NULL, NULL, got) == CXB_OK, "fgpu2style step: %s",
                      cxb_last_error());
            const cxb_frnn_rec **byid = calloc(n + 1, sizeof *byid);
            for (uint32_t k = 0; k < n; ++k) {
                CHECK_MSG(got[k].id < n && !byid[got[k].id], "fgpu2style: slot %u id %u", k, got[k].id);
                if (got[k].id < n)
                    byid[got[k].id] = &got[k];
            }
            uint32_t bad = 0;
            for (uint32_t k = 0; k < n; ++k)
                for (int a = 0; a < 3 && byid[want[k].id]; ++a) {
                    double x = byid[want[k].id]->p[a], y = want[k].p[a];
                    bad += !(fabs(x - y) <= 1e-5 * (fabs(y) > 1 ? fabs(y) : 1));
                }
            CHECK_MSG(bad == 0, "fgpu2style n=%u: %u coordinates beyond 1e-5 of the reference step", n, bad);
            for (int s = 0; s < (quick ? 2 : 20); ++s) /* more steps run (and stay finite) */
                CHECK(cxb_frnn_fgpu2_cuda_dev.step(d, &cp, NULL, NULL, s % 5 == 4 ? got : NULL) == CXB_OK);
            for (uint32_t k = 0; k < n; ++k)
                CHECK(isfinite(got[k].p[0]) && isfinite(got[k].p[1]) && isfinite(got[k].p[2]));
            free(byid);
            cxb_frnn_fgpu2_cuda_dev.close(d);
        }
        cxb_frnn_index_free(&ix);
        free(in);
        free(got);
        free(want);
    }
}

static cxb_frnn_rec pt(uint32_t id, float x, float y, float z)
{
    cxb_frnn_rec r = {{x, y, z}, id};
    return r;
}

int main(int argc, char **argv)
{
    quick = argc > 1 && !strcmp(argv[1], "quick");
    const char *why = NULL;
    if (cxb_cuda_device_count(&why) == 0)
        SKIP("%s", why ? why : "no GPU found");
    uint64_t seed = (uint64_t)time(NULL) * 2654435761u;
    const char *env = getenv("CXB_TEST_SEED");
    if (env)
        seed = strtoull(env, NULL, 0);
    fprintf(stderr, "frnn_cuda: seed %llu (CXB_TEST_SEED=%llu repeats)%s\n", (unsigned long long)seed,
            (unsigned long long)seed, quick ? " quick" : "");
    static cxb_frnn_rec in[8192];
    double mn[3] = {0, 0, 0}, mx[3];
    uint32_t n;
    /* uniform, three fresh seeds, 2D and 3D, several w */
    for (uint64_t s = 0; s < 3; ++s)
        for (uint32_t dims = 2; dims <= 3; ++dims) {
            n = quick ? 300 : 3000;
            float lo[3] = {0, 0, 0}, hi[3] = {8, 8, dims == 3 ? 8.f : 0.f};
            for (uint32_t i = 0; i < n; ++i)
                in[i] = cxb_frnn_draw_point(seed + s, i, dims, lo, hi);
            mx[0] = mx[1] = 8;
            mx[2] = dims == 3 ? 8 : 0;
            static const double ws[] = {1.0, 0.5, 0.7, 0.25};
            for (size_t k = 0; k < (quick ? 2u : 4u); ++k)
                run_case(dims == 2 ? "uniform 2D" : "uniform 3D", in, n, dims, mn, mx, 1.0, ws[k]);
            if (quick)
                break;
        }
    /* bin edges (W = 0.5), exact R and just inside */
    n = 0;
    for (int y = 0; y < 9; ++y)
        for (int x = 0; x < 9; ++x)
            in[n] = pt(n, 0.5f * x, 0.5f * y, 0), ++n;
    mx[0] = mx[1] = 4;
    mx[2] = 0;
    run_case("bin edges 2D", in, n, 2, mn, mx, 1.0, 0.5);
    n = 0;
    in[n] = pt(n, 0, 0, 0), ++n;
    in[n] = pt(n, 0, 0, 1), ++n;
    in[n] = pt(n, 0, 3, 4), ++n;
    in[n] = pt(n, 0, 0, -nextafterf(1.f, 0.f)), ++n;
    in[n] = pt(n, 0, nextafterf(3.f, 0.f), 4), ++n;
    mn[0] = 0, mn[1] = 0, mn[2] = -1;
    mx[0] = 0, mx[1] = 3, mx[2] = 4;
    run_case("exact R 3D", in, n, 3, mn, mx, 1.0, 1.0);
    run_case("exact R 3D R=5", in, n, 3, mn, mx, 5.0, 0.5);
    /* far outside the environment */
    n = 0;
    for (uint32_t i = 0; i < 200; ++i) {
        float lo[3] = {0, 0, 0}, hi[3] = {5, 5, 5};
        in[n] = cxb_frnn_draw_point(seed ^ 5, i, 3, lo, hi), in[n].id = n, ++n;
    }
    for (int a = 0; a < 3; ++a)
        for (int s = -1; s <= 1; s += 2) {
            in[n] = pt(n, 2, 2, 2), in[n].p[a] = s * 1e30f, ++n;
            in[n] = in[n - 1], in[n].p[(a + 1) % 3] += 0.5f, in[n].id = n, ++n;
        }
    mn[0] = mn[1] = mn[2] = 0;
    mx[0] = mx[1] = mx[2] = 5;
    run_case("outside 3D", in, n, 3, mn, mx, 1.0, 1.0);
    /* all in one bin (contention), and a sparse cluster in a big box (empty bins) */
    n = quick ? 500 : 4000;
    for (uint32_t i = 0; i < n; ++i) {
        float lo[3] = {0, 0, 0}, hi[3] = {0.9f, 0.9f, 0.9f};
        in[i] = cxb_frnn_draw_point(seed ^ 7, i, 3, lo, hi);
    }
    mx[0] = mx[1] = mx[2] = 0.9;
    run_case("one bin 3D", in, n, 3, mn, mx, 1.0, 1.0);
    n = 300;
    for (uint32_t i = 0; i < n; ++i) {
        float lo[3] = {50, 50, 50}, hi[3] = {53, 53, 53};
        in[i] = cxb_frnn_draw_point(seed ^ 9, i, 3, lo, hi);
    }
    mx[0] = mx[1] = mx[2] = 100;
    run_case("sparse 3D", in, n, 3, mn, mx, 1.0, 1.0);
    /* tiny N */
    mx[0] = mx[1] = mx[2] = 4;
    run_case("N=0", in, 0, 2, mn, mx, 1.0, 1.0);
    in[0] = pt(0, 1, 1, 0);
    run_case("N=1", in, 1, 2, mn, mx, 1.0, 1.0);
    in[1] = pt(1, 1.5f, 1, 0);
    run_case("N=2", in, 2, 2, mn, mx, 1.0, 0.5);
    /* a grid of many bins, 2^20 + a prime: several radix-sort digit passes and scan tiles */
    if (!quick) {
        n = 5000;
        for (uint32_t i = 0; i < n; ++i) {
            float lo[3] = {0, 0, 0}, hi[3] = {1031, 1031, 0};
            in[i] = cxb_frnn_draw_point(seed ^ 11, i, 2, lo, hi);
        }
        mx[0] = mx[1] = 1031;
        mx[2] = 0;
        run_case("many bins 2D", in, n, 2, mn, mx, 1.0, 1.0);
    }
    circles_cuda(seed, 9.0f);
    circles_cuda(seed, 1.5f);
    fgpu2_parity(seed);
    circles_graph(seed);
    network_cuda(seed, 64, 4, quick ? 1500 : 20000, quick ? 12 : 160, 0);
    network_cuda(seed + 1, 9, 4, 300, 300, 1);
    network_cuda(seed + 2, 50, 1, 120, 4, 0);
    network_cuda(seed + 3, 30, 2, 1, 1, 0);
    network_cuda(seed + 4, 5, 2, 0, 1, 0);
    CHECK_DONE();
}
