/* frnn_variants: every CPU construction and query of the frnn study against oracles written
 * here (docs/studies/frnn.md "Oracles"):
 *   - a brute force over the input (its own distance code, strict < R*R, self excluded by id)
 *     gives the counts and the ascending neighbour lists; every query variant (moore, pbw,
 *     strips, brute) on seq and on pthreads at 1, 2, 3 and 8 threads, with the count, list and
 *     avg handlers, must equal it exactly; avg must equal the mean this test computes over the
 *     build's storage order, bit for bit;
 *   - builds: counting.seq, counting.pthreads (1, 2, 3, 8 threads) and acs.pthreads pass the
 *     PBM and storage invariants checked here (pbm[b+1] - pbm[b] counted independently); the
 *     stable builds are bit-identical to seq, acs has the same PBM and the same id set per bin;
 *   - counters: strips and pbw examine the same candidates, moore and pbw at w = 1 too; on
 *     interior queries of uniform points examined/accepted is close to (2+w)^d/V_d;
 *   - adversarial inputs: points on bin edges, pairs at exactly R and just inside, points far
 *     outside the environment, everything in one bin (also with R larger than the box),
 *     coincident points, a sparse cluster in a huge box (empty bins and rows), N = 0, 1, 2,
 *     equal x everywhere (gdim_x = 1), a grid over the bin cap (refused).
 * Fresh seeds each run (printed; CXB_TEST_SEED=S repeats). Argument "quick" (the thread sanitizer's
 * run): one seed and no surplus run. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/config.h"
#include "cxb/core/pool.h"
#include "cxb/frnn/frnn.h"
#include "cxb/frnn/points.h"
#include "frnn_oracle.h"

static const unsigned thread_counts[] = {1, 2, 3, 8};
static cxb_pool *pools[4];

/* ---- checks of one configuration ---- */

static const char *case_name;
static double case_w;

/* the build invariants, counted here: bin sizes by hashing the input independently */
static void check_index(const cxb_frnn_index *ix, const cxb_frnn_rec *in, const char *what)
{
    const cxb_frnn_grid *g = &ix->grid;
    uint32_t *cnt = calloc((size_t)g->nbins + 1, sizeof *cnt);
    for (uint32_t i = 0; i < ix->n; ++i)
        ++cnt[cxb_frnn_bin(g, in[i].p)];
    for (uint32_t b = 0; b < g->nbins; ++b)
        if (ix->pbm[b + 1] - ix->pbm[b] != cnt[b]) {
            CHECK_MSG(0, "%s w=%g %s: bin %u holds %u items, the input has %u", case_name, case_w, what, b,
                      ix->pbm[b + 1] - ix->pbm[b], cnt[b]);
            break;
        }
    free(cnt);
    cxb_status st = cxb_frnn_index_check(ix, in, what);
    CHECK_MSG(st == CXB_OK, "%s w=%g: %s", case_name, case_w, cxb_last_error());
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* acs: same PBM as seq and, per bin, the same set of ids */
static void check_same_bins(const cxb_frnn_index *ix, const cxb_frnn_index *ref, const char *what)
{
    uint32_t nb = ref->grid.nbins;
    CHECK_MSG(!memcmp(ix->pbm, ref->pbm, ((size_t)nb + 1) * sizeof *ix->pbm), "%s w=%g %s: PBM differs from seq",
              case_name, case_w, what);
    uint32_t *a = malloc((ix->n + 1) * sizeof *a), *b = malloc((ix->n + 1) * sizeof *b);
    for (uint32_t k = 0; k < ix->n; ++k) {
        a[k] = ix->storage[k].id;
        b[k] = ref->storage[k].id;
    }
    for (uint32_t bin = 0; bin < nb; ++bin) {
        uint32_t s = ref->pbm[bin], e = ref->pbm[bin + 1];
        qsort(a + s, e - s, sizeof *a, cmp_u32);
        qsort(b + s, e - s, sizeof *b, cmp_u32);
    }
    CHECK_MSG(!memcmp(a, b, ix->n * sizeof *a), "%s w=%g %s: the ids of some bin differ from seq", case_name, case_w,
              what);
    free(a);
    free(b);
}

static void check_result(const cxb_frnn_result *r, const oracle *o, const cxb_frnn_index *ix, const char *what)
{
    for (uint32_t i = 0; i < o->n; ++i) {
        if (r->count[i] != o->count[i]) {
            CHECK_MSG(0, "%s w=%g %s: point %u has %u neighbours, brute force %u", case_name, case_w, what, i,
                      r->count[i], o->count[i]);
            return;
        }
        if (r->handler == CXB_FRNN_LIST &&
            (r->off[i] != o->off[i] || memcmp(r->ids + r->off[i], o->ids + o->off[i], o->count[i] * sizeof *o->ids))) {
            CHECK_MSG(0, "%s w=%g %s: the neighbour list of point %u differs from brute force", case_name, case_w,
                      what, i);
            return;
        }
    }
    if (r->handler != CXB_FRNN_AVG)
        return;
    /* the mean over the build's storage order, as every variant visits it */
    const cxb_frnn_grid *g = &ix->grid;
    for (uint32_t k = 0; k < ix->n; ++k) {
        const cxb_frnn_rec *q = &ix->storage[k];
        float s[3] = {0, 0, 0};
        uint32_t c = 0;
        for (uint32_t j = 0; j < ix->n; ++j) {
            const cxb_frnn_rec *p = &ix->storage[j];
            if (p->id != q->id && within(g->dims, q->p, p->p, g->r2)) {
                for (int a = 0; a < 3; ++a)
                    s[a] += p->p[a];
                ++c;
            }
        }
        for (int a = 0; a < 3; ++a) {
            float want = c ? s[a] / (float)c : q->p[a];
            if (memcmp(&want, &r->avg[3 * (size_t)q->id + a], sizeof want)) {
                CHECK_MSG(0, "%s w=%g %s: mean of point %u axis %d is %.9g, expected %.9g", case_name, case_w, what,
                          q->id, a, r->avg[3 * (size_t)q->id + a], want);
                return;
            }
        }
    }
}

static void run_queries(const cxb_frnn_index *ix, const oracle *o, const char *build)
{
    cxb_frnn_view v = cxb_frnn_index_view(ix);
    cxb_frnn_counters cseq[CXB_FRNN_NQUERIES];
    for (int kind = 0; kind < CXB_FRNN_NQUERIES; ++kind)
        for (int h = 0; h < CXB_FRNN_NHANDLERS; ++h) {
            char what[128];
            cxb_frnn_result r;
            cxb_frnn_counters ctr;
            snprintf(what, sizeof what, "%s/%s.seq/%s", build, cxb_frnn_query_names[kind], cxb_frnn_handler_names[h]);
            CHECK_MSG(cxb_frnn_query_seq(&v, kind, (cxb_frnn_handler)h, &r, &ctr) == CXB_OK, "%s: %s", what,
                      cxb_last_error());
            check_result(&r, o, ix, what);
            if (h == CXB_FRNN_COUNT)
                cseq[kind] = ctr;
            CHECK_MSG(ctr.accepted == o->off[o->n], "%s: accepted %llu, pairs %llu", what,
                      (unsigned long long)ctr.accepted, (unsigned long long)o->off[o->n]);
            cxb_frnn_result_free(&r);
            for (unsigned t = 0; t < 4; ++t) {
                cxb_frnn_counters cp;
                snprintf(what, sizeof what, "%s/%s.pthreads(%u)/%s", build, cxb_frnn_query_names[kind],
                         thread_counts[t], cxb_frnn_handler_names[h]);
                CHECK_MSG(cxb_frnn_query_pthreads(pools[t], &v, kind, (cxb_frnn_handler)h, &r, &cp) == CXB_OK, "%s: %s",
                          what, cxb_last_error());
                check_result(&r, o, ix, what);
                CHECK_MSG(!memcmp(&cp, &ctr, sizeof cp), "%s: counters differ from seq", what);
                cxb_frnn_result_free(&r);
            }
        }
    CHECK_MSG(cseq[CXB_FRNN_STRIPS].examined == cseq[CXB_FRNN_PBW].examined,
              "%s w=%g %s: strips examined %llu, pbw %llu", case_name, case_w, build,
              (unsigned long long)cseq[CXB_FRNN_STRIPS].examined, (unsigned long long)cseq[CXB_FRNN_PBW].examined);
    CHECK_MSG(cseq[CXB_FRNN_STRIPS].bins == cseq[CXB_FRNN_PBW].bins, "%s w=%g %s: strips cover %llu bins, pbw %llu",
              case_name, case_w, build, (unsigned long long)cseq[CXB_FRNN_STRIPS].bins,
              (unsigned long long)cseq[CXB_FRNN_PBW].bins);
    if (ix->grid.w == 1.0f)
        CHECK_MSG(cseq[CXB_FRNN_MOORE].examined == cseq[CXB_FRNN_PBW].examined,
                  "%s %s: moore examined %llu, pbw@1 %llu", case_name, build,
                  (unsigned long long)cseq[CXB_FRNN_MOORE].examined, (unsigned long long)cseq[CXB_FRNN_PBW].examined);
    CHECK_MSG(cseq[CXB_FRNN_BRUTE].examined == (uint64_t)ix->n * ix->n, "%s: brute examined %llu", case_name,
              (unsigned long long)cseq[CXB_FRNN_BRUTE].examined);
}

/* Every build and every query of one input on one grid. */
static void run_config(const cxb_frnn_rec *in, uint32_t n, uint32_t dims, const double *mn, const double *mx,
                       double r, double w, const oracle *o)
{
    cxb_frnn_grid g;
    case_w = w;
    cxb_status st = cxb_frnn_grid_make(dims, mn, mx, r, w, 1ull << 26, &g);
    CHECK_MSG(st == CXB_OK, "%s w=%g: grid: %s", case_name, w, cxb_last_error());
    if (st != CXB_OK)
        return;
    cxb_frnn_index seq, ix;
    CHECK(cxb_frnn_index_alloc(&seq, &g, n) == CXB_OK);
    CHECK(cxb_frnn_build_counting_seq(in, &seq) == CXB_OK);
    check_index(&seq, in, "counting.seq");
    for (uint32_t k = 1; k < n; ++k) /* stable: ascending ids within a bin */
        if (cxb_frnn_bin(&g, seq.storage[k].p) == cxb_frnn_bin(&g, seq.storage[k - 1].p) &&
            seq.storage[k].id < seq.storage[k - 1].id) {
            CHECK_MSG(0, "%s w=%g: counting.seq is not stable at slot %u", case_name, w, k);
            break;
        }
    run_queries(&seq, o, "counting.seq");
    CHECK(cxb_frnn_index_alloc(&ix, &g, n) == CXB_OK);
    for (unsigned t = 0; t < 4; ++t) {
        char what[64];
        int fb = -1;
        memset(ix.storage, 0xab, (n ? n : 1) * sizeof *ix.storage);
        snprintf(what, sizeof what, "counting.pthreads(%u)", thread_counts[t]);
        CHECK_MSG(cxb_frnn_build_counting_pthreads(pools[t], in, &ix, 0, &fb) == CXB_OK, "%s: %s", what,
                  cxb_last_error());
        /* histograms beyond 256 MiB: the documented fallback to acs */
        int big = (uint64_t)thread_counts[t] * g.nbins * 4 > (256ull << 20);
        CHECK_MSG(fb == big, "%s w=%g %s: fallback %d", case_name, w, what, fb);
        check_index(&ix, in, what);
        CHECK_MSG(big || (!memcmp(ix.storage, seq.storage, n * sizeof *ix.storage) &&
                             !memcmp(ix.pbm, seq.pbm, ((size_t)g.nbins + 1) * sizeof *ix.pbm)),
                  "%s w=%g %s: not bit-identical to counting.seq", case_name, w, what);
        /* the fallback of a small scratch limit builds as acs */
        CHECK(cxb_frnn_build_counting_pthreads(pools[t], in, &ix, 1, &fb) == CXB_OK);
        CHECK(fb == 1);
        check_index(&ix, in, "counting.pthreads fallback");
        snprintf(what, sizeof what, "acs.pthreads(%u)", thread_counts[t]);
        CHECK_MSG(cxb_frnn_build_acs_pthreads(pools[t], in, &ix) == CXB_OK, "%s: %s", what, cxb_last_error());
        check_index(&ix, in, what);
        check_same_bins(&ix, &seq, what);
        if (t == 3)
            run_queries(&ix, o, what);
    }
    cxb_frnn_index_free(&ix);
    cxb_frnn_index_free(&seq);
}

static const double ws[] = {1.0, 0.7, 2.0 / 3.0, 0.5, 0.4, 0.25};

static void run_case(const char *name, const cxb_frnn_rec *in, uint32_t n, uint32_t dims, const double *mn,
                     const double *mx, double r, int all_w)
{
    case_name = name;
    oracle o;
    oracle_make(&o, in, n, dims, (float)r);
    size_t nw = all_w ? sizeof ws / sizeof ws[0] : 2;
    for (size_t k = 0; k < nw; ++k)
        run_config(in, n, dims, mn, mx, r, ws[k], &o);
    if (all_w) { /* the extremes of w */
        run_config(in, n, dims, mn, mx, r, 4.0, &o);
        if (n <= 600)
            run_config(in, n, dims, mn, mx, r, 1.0 / 16.0, &o);
    }
    oracle_free(&o);
}

/* the environment: the bounding box of the points (or [0, 0] for none) */
static void bbox(const cxb_frnn_rec *in, uint32_t n, double *mn, double *mx)
{
    for (int a = 0; a < 3; ++a) {
        mn[a] = n ? in[0].p[a] : 0;
        mx[a] = n ? in[0].p[a] : 0;
        for (uint32_t i = 1; i < n; ++i) {
            if (in[i].p[a] < mn[a])
                mn[a] = in[i].p[a];
            if (in[i].p[a] > mx[a])
                mx[a] = in[i].p[a];
        }
    }
}

static cxb_frnn_rec pt(uint32_t id, float x, float y, float z)
{
    cxb_frnn_rec r = {{x, y, z}, id};
    return r;
}

static void uniform_cases(uint64_t seed)
{
    for (uint32_t dims = 2; dims <= 3; ++dims) {
        /* a third of the points in a sanitizer build (10-50x slower; races need no large inputs) */
        uint32_t n = (dims == 2 ? 900 : 700) / (sizeof CXB_SANITIZER > 1 ? 3 : 1);
        float lo[3] = {0, 0, 0}, hi[3] = {10, 10, dims == 3 ? 8.f : 0.f};
        cxb_frnn_rec *in = malloc(n * sizeof *in);
        for (uint32_t i = 0; i < n; ++i)
            in[i] = cxb_frnn_draw_point(seed, i, dims, lo, hi);
        double mn[3] = {0, 0, 0}, mx[3] = {10, 10, dims == 3 ? 8 : 0};
        char name[64];
        snprintf(name, sizeof name, "uniform%uD seed %llu", dims, (unsigned long long)seed);
        run_case(name, in, n, dims, mn, mx, 1.0, 1);
        /* the points' own bounding box and a radius that is no power of two */
        bbox(in, n, mn, mx);
        run_case(name, in, n, dims, mn, mx, 0.73, 0);
        free(in);
    }
}

static void adversarial_cases(uint64_t seed)
{
    cxb_frnn_rec in[4096];
    double mn[3], mx[3];
    uint32_t n;
    /* points on bin edges: W = 0.5 with R = 1, w = 0.5, coordinates k * 0.5 */
    for (uint32_t dims = 2; dims <= 3; ++dims) {
        n = 0;
        for (int z = 0; z < (dims == 3 ? 7 : 1); ++z)
            for (int y = 0; y < 9; ++y)
                for (int x = 0; x < 9; ++x)
                    in[n] = pt(n, 0.5f * x, 0.5f * y, dims == 3 ? 0.5f * z : 0.f), ++n;
        mn[0] = mn[1] = mn[2] = 0;
        mx[0] = mx[1] = 4;
        mx[2] = dims == 3 ? 3 : 0;
        run_case(dims == 2 ? "bin edges 2D" : "bin edges 3D", in, n, dims, mn, mx, 1.0, 1);
    }
    /* pairs at exactly R (not neighbours) and just inside (neighbours) */
    n = 0;
    in[n] = pt(n, 0, 0, 0), ++n;
    in[n] = pt(n, 1, 0, 0), ++n;                       /* d = 1 = R */
    in[n] = pt(n, 0, nextafterf(1.f, 0.f), 0), ++n;    /* just inside */
    in[n] = pt(n, 10, 10, 0), ++n;
    in[n] = pt(n, 13, 14, 0), ++n;                     /* 3-4-5 at R = 5: exactly R */
    in[n] = pt(n, -nextafterf(1.f, 0.f), 0, 0), ++n;
    bbox(in, n, mn, mx);
    run_case("exact R 2D R=1", in, n, 2, mn, mx, 1.0, 1);
    run_case("exact R 2D R=5", in, n, 2, mn, mx, 5.0, 1);
    n = 0;
    in[n] = pt(n, 0, 0, 0), ++n;
    in[n] = pt(n, 0, 0, 1), ++n;
    in[n] = pt(n, 0, 3, 4), ++n;
    in[n] = pt(n, 0, 0, -nextafterf(1.f, 0.f)), ++n;
    in[n] = pt(n, 0, nextafterf(3.f, 0.f), 4), ++n;
    bbox(in, n, mn, mx);
    run_case("exact R 3D R=1", in, n, 3, mn, mx, 1.0, 1);
    run_case("exact R 3D R=5", in, n, 3, mn, mx, 5.0, 1);
    /* just inside R at many offsets: pairs (q, q + d) with |d| the predecessor of R in a random
     * direction of a grid-aligned axis, near bin edges */
    {
        float lo[3] = {0, 0, 0}, hi[3] = {6, 6, 0};
        n = 0;
        for (uint32_t i = 0; i < 400; ++i) {
            cxb_frnn_rec a = cxb_frnn_draw_point(seed, i, 2, lo, hi);
            a.p[0] = floorf(a.p[0] * 4.f) / 4.f; /* on a bin edge of W = 0.25 */
            a.id = n;
            in[n++] = a;
            cxb_frnn_rec b = a;
            b.p[i % 2] = a.p[i % 2] + ((i / 2) % 2 ? 1.f : -1.f) * nextafterf(1.f, 0.f);
            b.id = n;
            in[n++] = b;
        }
        bbox(in, n, mn, mx);
        run_case("just inside R on edges 2D", in, n, 2, mn, mx, 1.0, 1);
    }
    /* far outside the environment on each side of each axis */
    for (uint32_t dims = 2; dims <= 3; ++dims) {
        float lo[3] = {0, 0, 0}, hi[3] = {5, 5, 5};
        n = 0;
        for (uint32_t i = 0; i < 300; ++i)
            in[n] = cxb_frnn_draw_point(seed ^ 7, i, dims, lo, hi), in[n].id = n, ++n;
        for (uint32_t a = 0; a < dims; ++a)
            for (int s = -1; s <= 1; s += 2) {
                in[n] = pt(n, 2, 2, dims == 3 ? 2.f : 0.f);
                in[n].p[a] = s * 1e30f;
                ++n;
                in[n] = in[n - 1]; /* its neighbour out there */
                in[n].p[(a + 1) % dims] += 0.5f;
                in[n].id = n;
                ++n;
                in[n] = pt(n, 2, 2, dims == 3 ? 2.f : 0.f);
                in[n].p[a] = s > 0 ? 5.5f : -0.5f; /* just outside, within R of the edge bins */
                ++n;
            }
        mn[0] = mn[1] = mn[2] = 0;
        mx[0] = mx[1] = 5;
        mx[2] = dims == 3 ? 5 : 0;
        run_case(dims == 2 ? "outside 2D" : "outside 3D", in, n, dims, mn, mx, 1.0, 1);
    }
    /* all points in one bin; then R larger than the environment */
    {
        float lo[3] = {0, 0, 0}, hi[3] = {0.9f, 0.9f, 0.9f};
        n = 1000;
        for (uint32_t i = 0; i < n; ++i)
            in[i] = cxb_frnn_draw_point(seed ^ 11, i, 3, lo, hi);
        mn[0] = mn[1] = mn[2] = 0;
        mx[0] = mx[1] = mx[2] = 0.9;
        run_case("one bin 3D", in, n, 3, mn, mx, 1.0, 0);
        run_case("R over the box 3D", in, n, 3, mn, mx, 50.0, 0);
    }
    /* coincident points: duplicates are neighbours of each other */
    n = 0;
    for (int i = 0; i < 40; ++i)
        in[n] = pt(n, 1.25f, 1.25f, 0), ++n;
    for (int i = 0; i < 40; ++i)
        in[n] = pt(n, 1.25f + 0.01f * i, 2.f, 0), ++n;
    bbox(in, n, mn, mx);
    run_case("coincident 2D", in, n, 2, mn, mx, 1.0, 1);
    /* a sparse cluster in a huge environment: empty bins and rows */
    {
        float lo[3] = {100, 100, 100}, hi[3] = {103, 103, 103};
        n = 300;
        for (uint32_t i = 0; i < n; ++i)
            in[i] = cxb_frnn_draw_point(seed ^ 13, i, 3, lo, hi);
        mn[0] = mn[1] = mn[2] = 0;
        mx[0] = mx[1] = mx[2] = 200;
        run_case("sparse cluster 3D", in, n, 3, mn, mx, 1.0, 0);
    }
    /* tiny N */
    mn[0] = mn[1] = mn[2] = 0;
    mx[0] = mx[1] = mx[2] = 4;
    run_case("N=0", in, 0, 2, mn, mx, 1.0, 1);
    in[0] = pt(0, 1, 1, 0);
    run_case("N=1", in, 1, 2, mn, mx, 1.0, 1);
    in[1] = pt(1, 1.5f, 1, 0);
    run_case("N=2 inside", in, 2, 2, mn, mx, 1.0, 1);
    in[1] = pt(1, 3.5f, 1, 0);
    run_case("N=2 outside", in, 2, 2, mn, mx, 1.0, 1);
    /* equal x everywhere: gdim_x = 1 */
    {
        float lo[3] = {0, 0, 0}, hi[3] = {0, 6, 6};
        n = 500;
        for (uint32_t i = 0; i < n; ++i) {
            in[i] = cxb_frnn_draw_point(seed ^ 17, i, 3, lo, hi);
            in[i].p[0] = 2.5f;
        }
        bbox(in, n, mn, mx);
        run_case("equal x 3D", in, n, 3, mn, mx, 1.0, 1);
    }
}

/* the grid's refusals: over the bin cap, bad w, bad radius */
static void grid_refusals(void)
{
    cxb_frnn_grid g;
    double mn[3] = {0, 0, 0}, mx[3] = {1000, 1000, 1000};
    CHECK(cxb_frnn_grid_make(3, mn, mx, 1.0, 1.0, 1u << 20, &g) == CXB_EINPUT);
    CHECK_MSG(strstr(cxb_last_error(), "--max-bins: grid needs 1000000000 bins (limit 1048576)") != NULL, "%s",
              cxb_last_error());
    CHECK(cxb_frnn_grid_make(3, mn, mx, 1.0, 1.0, 1ull << 30, &g) == CXB_OK && g.nbins == 1000000000u);
    CHECK(cxb_frnn_grid_make(2, mn, mx, 1.0, 0.06, 1ull << 30, &g) == CXB_EINPUT);
    CHECK(cxb_frnn_grid_make(2, mn, mx, 1.0, 4.5, 1ull << 30, &g) == CXB_EINPUT);
    CHECK(cxb_frnn_grid_make(2, mn, mx, 0.0, 1.0, 1ull << 30, &g) == CXB_EINPUT);
    CHECK(cxb_frnn_grid_make(2, mn, mx, INFINITY, 1.0, 1ull << 30, &g) == CXB_EINPUT);
    CHECK(cxb_frnn_grid_make(4, mn, mx, 1.0, 1.0, 1ull << 30, &g) == CXB_EINPUT);
    double bad[3] = {2000, 0, 0};
    CHECK(cxb_frnn_grid_make(2, bad, mx, 1.0, 1.0, 1ull << 30, &g) == CXB_EINPUT);
    /* the bin coordinate clamps far-away values and NaN without overflow */
    CHECK(cxb_frnn_grid_make(2, mn, mx, 1.0, 1.0, 1ull << 30, &g) == CXB_OK);
    CHECK(cxb_frnn_coord(&g, -1e30f, 0) == 0 && cxb_frnn_coord(&g, 1e30f, 0) == 999);
    CHECK(cxb_frnn_coord(&g, NAN, 1) == 0 && cxb_frnn_coord(&g, INFINITY, 1) == 999);
}

/* surplus: examined/accepted of interior queries against (2+w)^d / V_d (docs/studies/frnn.md Sec. 5) */
static void surplus(uint64_t seed)
{
    const double pi = 3.14159265358979323846;
    for (uint32_t dims = 2; dims <= 3; ++dims) {
        float side = dims == 2 ? 45.f : 13.f;
        uint32_t n = dims == 2 ? 110000 : 66000;
        float lo[3] = {0, 0, 0}, hi[3] = {side, side, dims == 3 ? side : 0.f};
        double mn[3] = {0, 0, 0}, mx[3] = {side, side, dims == 3 ? side : 0};
        cxb_frnn_rec *in = malloc(n * sizeof *in);
        for (uint32_t i = 0; i < n; ++i)
            in[i] = cxb_frnn_draw_point(seed ^ 23, i, dims, lo, hi);
        static const double sw[] = {1.0, 0.5, 0.4, 0.25};
        for (size_t k = 0; k < 4; ++k) {
            cxb_frnn_grid g;
            cxb_frnn_index ix;
            CHECK(cxb_frnn_grid_make(dims, mn, mx, 1.0, sw[k], 1ull << 26, &g) == CXB_OK);
            CHECK(cxb_frnn_index_alloc(&ix, &g, n) == CXB_OK);
            CHECK(cxb_frnn_build_counting_seq(in, &ix) == CXB_OK);
            cxb_frnn_view v = cxb_frnn_index_view(&ix);
            cxb_frnn_counters c;
            memset(&c, 0, sizeof c);
            uint64_t queries = 0, exact = 0, span = (uint64_t)pow(2.0 / sw[k] + 1.0, dims);
            for (uint32_t q = 0; q < n; ++q) {
                int interior = 1;
                for (uint32_t a = 0; a < dims; ++a)
                    interior &= in[q].p[a] > 2.f && in[q].p[a] < side - 2.f;
                if (!interior)
                    continue;
                ++queries;
                uint64_t before = c.bins;
                cxb_frnn_query_one(&v, CXB_FRNN_STRIPS, &in[q], NULL, NULL, &c);
                exact += c.bins - before == span;
            }
            /* examined includes the query itself; the surplus counts candidates per neighbour */
            double measured = (double)(c.examined - queries) / (double)c.accepted;
            double vd = dims == 2 ? pi : 4.0 * pi / 3.0, expect = pow(2.0 + sw[k], dims) / vd;
            CHECK_MSG(fabs(measured / expect - 1.0) < 0.03, "surplus %uD w=%g: measured %.4f, (2+w)^d/V_d = %.4f", dims,
                      sw[k], measured, expect);
            if (2.0 / sw[k] == floor(2.0 / sw[k])) /* integral 2/w: every interior span is 2/w + 1 bins */
                CHECK_MSG(exact >= queries * 9999 / 10000, "bins %uD w=%g: %llu of %llu queries span %llu bins",
                          dims, sw[k], (unsigned long long)exact, (unsigned long long)queries,
                          (unsigned long long)span);
            cxb_frnn_index_free(&ix);
        }
        free(in);
    }
}

int main(int argc, char **argv)
{
    /* "quick", or a sanitizer build (10-50x slower): one seed, no surplus run */
    int quick = (argc > 1 && !strcmp(argv[1], "quick")) || sizeof CXB_SANITIZER > 1;
    uint64_t seed = (uint64_t)time(NULL) * 2654435761u;
    const char *env = getenv("CXB_TEST_SEED");
    if (env)
        seed = strtoull(env, NULL, 0);
    fprintf(stderr, "frnn_variants: seed %llu (CXB_TEST_SEED=%llu repeats)\n", (unsigned long long)seed,
            (unsigned long long)seed);
    for (unsigned t = 0; t < 4; ++t)
        if (cxb_pool_create(&pools[t], thread_counts[t], CXB_BIND_NONE) != CXB_OK) {
            fprintf(stderr, "pool: %s\n", cxb_last_error());
            return 1;
        }
    grid_refusals();
    for (uint64_t s = 0; s < (quick ? 1u : 3u); ++s) /* three fresh seeds */
        uniform_cases(seed + s);
    adversarial_cases(seed);
    if (!quick)
        surplus(seed);
    for (unsigned t = 0; t < 4; ++t)
        cxb_pool_destroy(pools[t]);
    CHECK_DONE();
}
