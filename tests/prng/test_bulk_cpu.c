/* prng_bulk_cpu: prng.<g>.seq and prng.<g>.pthreads for every generator of CXB_RNG_LIST.
 *  - seq equals a reference built here, independently of the library's bulk code: stream s
 *    is cxb_g_init(seed, s, 0) + next_u32 (all.h), element p of stream s sits at
 *    ((p / C) S + s) C + p mod C, and the conversions are written from their definitions
 *    (docs/studies/prng.md; cuRAND's curand_uniform.h) - on fresh random seeds and shapes (S, C, n)
 *    including n = 0, n = 1, n < S, n < S C and n not a multiple of S C; types u32, f32,
 *    f64, conv=curand (xorwow, mrg32k3a, philox4x32), Philox with 7 rounds, and sum mode;
 *  - pthreads equals seq bit for bit at 1, 2, 3 and 8 threads, states built on the pool equal
 *    states built serially; seq's own check (cxb_bulk_check_streams) accepts seq's output and
 *    catches one flipped bit;
 *  - XORWOW and MRG32k3a states stepped by the jump matrix equal cxb_g_init at streams
 *    around the state builder's piece boundaries;
 *  - impossible specs are refused with the right code.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/core/pool.h"
#include "cxb/prng/gen.h"

/* ---- the reference ---- */

/* The first m draws of stream s (uint32, or MRG32k3a's z when z is set). */
static void draws(cxb_rng_id gen, unsigned rounds, int z, uint64_t seed, uint64_t s, uint64_t m, uint32_t *d)
{
    switch (gen) {
#define DRAWS(name, g, kind, streams, chunk)                                                       \
    case CXB_RNG_ID_##g: {                                                                         \
        cxb_##g##_state *st = malloc(sizeof *st);                                                  \
        cxb_##g##_init(st, seed, s, 0);                                                            \
        for (uint64_t k = 0; k < m; ++k)                                                           \
            d[k] = cxb_##g##_next_u32(st);                                                         \
        free(st);                                                                                  \
        break;                                                                                     \
    }
        CXB_RNG_LIST(DRAWS)
#undef DRAWS
    default:
        break;
    }
    if (gen == CXB_RNG_ID_philox4x32 && rounds == 7) {
        cxb_philox4x32_state st;
        cxb_philox4x32_init_r(&st, seed, s, 0, 7);
        for (uint64_t k = 0; k < m; ++k)
            d[k] = cxb_philox4x32_next_u32(&st);
    }
    if (z) {
        cxb_mrg32k3a_state st;
        cxb_mrg32k3a_init(&st, seed, s, 0);
        for (uint64_t k = 0; k < m; ++k)
            d[k] = cxb_mrg32k3a_next_z(&st);
    }
}

/* Element p of a stream from its draws, as a double (every element type is exact in one). */
static double elem(const cxb_bulk_spec *sp, const uint32_t *d, uint64_t p)
{
    int curand = sp->conv == CXB_BULK_CONV_CURAND;
    switch (sp->type) {
    case CXB_BULK_U32:
        return (double)d[p];
    case CXB_BULK_F32:
        if (!curand)
            return (double)((float)(d[p] >> 8) / 16777216.0f);
        if (sp->gen == CXB_RNG_ID_mrg32k3a)
            return (double)(float)(d[p] * 2.3283065498378288e-10);
        return (double)(d[p] * 2.3283064e-10f + 2.3283064e-10f / 2.0f);
    default:
        if (!curand)
            return ldexp((double)((((uint64_t)d[2 * p] << 32) | d[2 * p + 1]) >> 11), -53);
        if (sp->gen == CXB_RNG_ID_mrg32k3a)
            return d[p] * 2.3283065498378288e-10;
        if (sp->gen == CXB_RNG_ID_philox4x32)
            return d[p] * 2.3283064365386963e-10 + 2.3283064365386963e-10;
        return (double)((uint64_t)d[2 * p] ^ ((uint64_t)d[2 * p + 1] << 21)) * 1.1102230246251565e-16 +
               1.1102230246251565e-16 / 2.0;
    }
}

static int two_draws(const cxb_bulk_spec *sp)
{
    return sp->type == CXB_BULK_F64 && (sp->conv == CXB_BULK_CONV_CXB || sp->gen == CXB_RNG_ID_xorwow);
}

/* Compares seq's result with the reference; returns 1 if equal. */
static int matches_reference(const cxb_bulk_spec *sp, const void *out, const double *sums)
{
    const cxb_bulk_job *j = &sp->job;
    int z = sp->gen == CXB_RNG_ID_mrg32k3a && sp->conv == CXB_BULK_CONV_CURAND && sp->type != CXB_BULK_U32;
    for (uint64_t s = 0; s < j->streams; ++s) {
        /* element count of stream s, from the layout by brute force */
        uint64_t count = 0;
        for (uint64_t i = 0; i < j->n; ++i)
            count += (i / j->chunk) % j->streams == s;
        uint64_t m = two_draws(sp) ? 2 * count : count;
        uint32_t *d = malloc((m ? m : 1) * sizeof *d);
        draws(sp->gen, sp->rounds, z, j->seed, s, m, d);
        double acc = 0;
        int ok = 1;
        for (uint64_t p = 0; p < count && ok; ++p) {
            double want = elem(sp, d, p);
            if (sp->mode == CXB_BULK_SUM) {
                acc += sp->type == CXB_BULK_U32 ? want / 4294967296.0 : want;
                continue;
            }
            uint64_t i = ((p / j->chunk) * j->streams + s) * j->chunk + p % j->chunk;
            double got = sp->type == CXB_BULK_U32   ? (double)((const uint32_t *)out)[i]
                         : sp->type == CXB_BULK_F32 ? (double)((const float *)out)[i]
                                                    : ((const double *)out)[i];
            if (got != want) {
                fprintf(stderr, "stream %llu element %llu (output %llu): %.17g, reference %.17g\n",
                        (unsigned long long)s, (unsigned long long)p, (unsigned long long)i, got, want);
                ok = 0;
            }
        }
        if (ok && sp->mode == CXB_BULK_SUM && acc != sums[s]) {
            fprintf(stderr, "stream %llu: sum %.17g, reference %.17g\n", (unsigned long long)s, sums[s], acc);
            ok = 0;
        }
        free(d);
        if (!ok)
            return 0;
    }
    return 1;
}

/* ---- one spec through every CPU path ---- */

static cxb_pool *pools[4];
static const unsigned threads[4] = {1, 2, 3, 8};

static size_t result_bytes(const cxb_bulk_spec *sp)
{
    return sp->mode == CXB_BULK_SUM ? sp->job.streams * sizeof(double) : sp->job.n * cxb_bulk_elem_bytes(sp);
}

static void check_spec(const cxb_bulk_spec *sp)
{
    char what[160];
    snprintf(what, sizeof what, "%s seed %llu S %llu C %llu n %llu type %d conv %d mode %d rounds %u",
             cxb_rng_get(sp->gen)->name, (unsigned long long)sp->job.seed, (unsigned long long)sp->job.streams,
             (unsigned long long)sp->job.chunk, (unsigned long long)sp->job.n, sp->type, sp->conv, sp->mode, sp->rounds);
    CHECK_MSG(cxb_bulk_spec_check(sp) == CXB_OK, "%s: %s", what, cxb_last_error());
    void *states = NULL, *pstates = NULL;
    CHECK_MSG(cxb_bulk_states_create(NULL, sp, &states) == CXB_OK, "%s", what);
    CHECK_MSG(cxb_bulk_states_create(pools[2], sp, &pstates) == CXB_OK, "%s", what);
    size_t sb = cxb_bulk_state_bytes(sp), active = cxb_bulk_active_streams(&sp->job);
    CHECK_MSG(sb == 0 || active == 0 ? states == NULL : memcmp(states, pstates, active * sb) == 0,
              "%s: pool states differ", what);
    size_t bytes = result_bytes(sp), guard = 64;
    unsigned char *ref = malloc(bytes + guard), *got = malloc(bytes + guard);
    void *work = malloc(active * sb + 1);
    memset(ref, 0xAB, bytes + guard);
    int sum = sp->mode == CXB_BULK_SUM;
    CHECK_MSG(cxb_bulk_run_seq(sp, states, work, sum ? NULL : ref, sum ? (double *)ref : NULL) == CXB_OK, "%s", what);
    CHECK_MSG(matches_reference(sp, ref, (const double *)ref), "seq != reference: %s", what);
    CHECK_MSG(ref[bytes] == 0xAB && ref[bytes + guard - 1] == 0xAB, "seq wrote past the end: %s", what);
    CHECK_MSG(cxb_bulk_check_streams(sp, states, sum ? NULL : ref, sum ? (double *)ref : NULL) == CXB_OK,
              "check_streams refuses seq: %s: %s", what, cxb_last_error());
    if (bytes > 0) { /* the check sees one flipped bit */
        ref[bytes / 2] ^= 0x10;
        CHECK_MSG(cxb_bulk_check_streams(sp, states, sum ? NULL : ref, sum ? (double *)ref : NULL) == CXB_EFAIL,
                  "check_streams misses a flipped bit: %s", what);
        ref[bytes / 2] ^= 0x10;
    }
    /* a second run restarts the streams */
    memset(got, 0xCD, bytes + guard);
    cxb_bulk_run_seq(sp, states, work, sum ? NULL : got, sum ? (double *)got : NULL);
    CHECK_MSG(memcmp(ref, got, bytes) == 0, "seq run 2 != run 1: %s", what);
    for (int p = 0; p < 4; ++p) {
        memset(got, 0xCD, bytes + guard);
        CHECK_MSG(cxb_bulk_run_pthreads(pools[p], sp, pstates, work, sum ? NULL : got, sum ? (double *)got : NULL) ==
                      CXB_OK, "%s", what);
        CHECK_MSG(memcmp(ref, got, bytes) == 0, "pthreads (%u threads) != seq: %s", threads[p], what);
        CHECK_MSG(got[bytes] == 0xCD && got[bytes + guard - 1] == 0xCD, "pthreads wrote past the end: %s", what);
    }
    free(ref);
    free(got);
    free(work);
    free(states);
    free(pstates);
}

static uint64_t rnd_state;
static uint64_t rnd(void) /* splitmix64: the shapes and seeds of this run */
{
    uint64_t z = (rnd_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static cxb_bulk_spec make(cxb_rng_id g, uint64_t S, uint64_t C, uint64_t n)
{
    cxb_bulk_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.gen = g;
    sp.job.seed = rnd();
    sp.job.streams = S;
    sp.job.chunk = C;
    sp.job.n = n;
    return sp;
}

/* XORWOW and MRG32k3a stepped states against cxb_g_init around the builder's pieces. */
static void check_stepped_states(cxb_rng_id g, uint64_t S)
{
    cxb_bulk_spec sp = make(g, S, 1, S);
    void *states = NULL;
    CHECK(cxb_bulk_states_create(pools[3], &sp, &states) == CXB_OK);
    const uint64_t probe[] = {0, 1, 1023, 1024, 1025, 4095, 4096, 4097, S - 1};
    for (size_t k = 0; k < sizeof probe / sizeof probe[0]; ++k) {
        uint64_t s = probe[k];
        if (g == CXB_RNG_ID_xorwow) {
            cxb_xorwow_state want;
            cxb_xorwow_init(&want, sp.job.seed, s, 0);
            CHECK_MSG(memcmp(&want, (cxb_xorwow_state *)states + s, sizeof want) == 0, "xorwow state %llu",
                      (unsigned long long)s);
        } else {
            cxb_mrg32k3a_state want;
            cxb_mrg32k3a_init(&want, sp.job.seed, s, 0);
            CHECK_MSG(memcmp(&want, (cxb_mrg32k3a_state *)states + s, sizeof want) == 0, "mrg32k3a state %llu",
                      (unsigned long long)s);
        }
    }
    free(states);
}

int main(void)
{
    rnd_state = ((uint64_t)time(NULL) << 20) ^ (uint64_t)clock();
    printf("seed %llu\n", (unsigned long long)rnd_state);
    for (int i = 0; i < 4; ++i)
        CHECK(cxb_pool_create(&pools[i], threads[i], CXB_BIND_NONE) == CXB_OK);

    for (int g = 0; g < CXB_RNG_COUNT; ++g) {
        const cxb_rng_desc *d = cxb_rng_get((cxb_rng_id)g);
        /* (S, C, n): nothing, one, n < S, n < S C, ragged last rounds, a random shape */
        uint64_t shapes[][3] = {{1, 4, 0},  {1, 4, 1},  {5, 1, 3},  {3, 4, 5},  {7, 3, 100},
                                {1, 4, 4099}, {64, 4, 64 * 4 * 3 + 5}, {2, 5, 1001},
                                {1 + rnd() % 40, 1 + rnd() % 9, rnd() % 3000}};
        for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; ++k) {
            cxb_bulk_spec sp = make((cxb_rng_id)g, shapes[k][0], shapes[k][1], shapes[k][2]);
            check_spec(&sp);
            if (k >= 4) { /* the other types and the sums on the bigger shapes */
                sp.type = CXB_BULK_F32;
                check_spec(&sp);
                sp.type = CXB_BULK_F64;
                check_spec(&sp);
                sp.mode = CXB_BULK_SUM;
                check_spec(&sp);
                sp.type = CXB_BULK_U32;
                check_spec(&sp);
            }
        }
        /* the list's own shape at a modest n (two rounds and a bit for mt19937's 624) */
        uint64_t S = d->streams > 64 ? 64 : d->streams;
        cxb_bulk_spec sp = make((cxb_rng_id)g, S, d->chunk, 2 * S * d->chunk + d->chunk / 2 + 1);
        check_spec(&sp);
        if (g == CXB_RNG_ID_xorwow || g == CXB_RNG_ID_mrg32k3a || g == CXB_RNG_ID_philox4x32) {
            for (int t = CXB_BULK_F32; t <= CXB_BULK_F64; ++t) {
                cxb_bulk_spec c = make((cxb_rng_id)g, 7, 4, 7 * 4 * 3 + 2);
                c.conv = CXB_BULK_CONV_CURAND;
                c.type = (cxb_bulk_type)t;
                check_spec(&c);
                c.mode = CXB_BULK_SUM;
                check_spec(&c);
            }
        }
    }
    for (int k = 0; k < 3; ++k) { /* Philox4x32-7 */
        cxb_bulk_spec sp = make(CXB_RNG_ID_philox4x32, 1 + k * 3, 4, 1000 + k);
        sp.rounds = 7;
        check_spec(&sp);
    }
    check_stepped_states(CXB_RNG_ID_xorwow, 5000);
    check_stepped_states(CXB_RNG_ID_mrg32k3a, 5000);

    /* impossible specs */
    cxb_bulk_spec bad = make(CXB_RNG_ID_xorwow, 0, 4, 10);
    CHECK(cxb_bulk_spec_check(&bad) == CXB_EINPUT);
    bad = make(CXB_RNG_ID_xorwow, 4, 0, 10);
    CHECK(cxb_bulk_spec_check(&bad) == CXB_EINPUT);
    bad = make(CXB_RNG_ID_xorwow, (uint64_t)1 << 40, (uint64_t)1 << 40, 10);
    CHECK(cxb_bulk_spec_check(&bad) == CXB_EINPUT);
    bad = make(CXB_RNG_ID_philox4x32, 1, 4, 10);
    bad.rounds = 8;
    CHECK(cxb_bulk_spec_check(&bad) == CXB_EINPUT);
    bad.rounds = 7;
    bad.conv = CXB_BULK_CONV_CURAND;
    bad.type = CXB_BULK_F32;
    CHECK(cxb_bulk_spec_check(&bad) == CXB_EINPUT); /* cuRAND's Philox has 10 rounds */
    bad = make(CXB_RNG_ID_threefry4x32, 1, 4, 10);
    bad.conv = CXB_BULK_CONV_CURAND;
    bad.type = CXB_BULK_F64;
    CHECK(cxb_bulk_spec_check(&bad) == CXB_EINPUT);
    bad.rounds = 7;
    bad.conv = CXB_BULK_CONV_CXB;
    CHECK(cxb_bulk_spec_check(&bad) == CXB_EINPUT); /* rounds is Philox's */
    bad = make(CXB_RNG_ID_xorwow, 1, 4, UINT64_MAX / 4);
    bad.type = CXB_BULK_F64;
    CHECK(cxb_bulk_spec_check(&bad) == CXB_ERESOURCE); /* huge */
    CHECK(cxb_rng_find("xorwow") == CXB_RNG_ID_xorwow && cxb_rng_find("nope") == -1);

    for (int i = 0; i < 4; ++i)
        cxb_pool_destroy(pools[i]);
    CHECK_DONE();
}
