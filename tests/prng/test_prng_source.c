/* prng_source: the uint32 source behind `cxbench prng --dist/--interleave` (docs/studies/prng.md,
 * suites/prng/source.c), on fresh random seeds. Known answers from the generators' own
 * streams (all.h) and the bulk layout (prng_bulk.h):
 *  - no --dist: stream s, offset o = cxb_g_init(seed, s, o) for every CXB_RNG_LIST generator;
 *  - --interleave N:C: output i is output p of stream s with cxb_bulk_where(N, C) (C numbers
 *    from each of N streams in round robin);
 *  - --dist split = the native streams (MRG32k3a, XORWOW, Philox, Threefry), with offsets;
 *    --dist spacing stream s = native (seed + s, 0); --dist leapfrog --interleave N (C = 1)
 *    gives back the base stream, and with offsets lands on x_{w + (o + j) N};
 *    --dist central gives the base stream whatever N and C;
 *  - option parsing and refusals name the option; edge cases (n = 0, N = 1, huge N). */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/prng/bulk.h"
#include "cxb/prng/dist.h"
#include "suites/prng/source.h"

static void native_stream(const char *gen, uint64_t seed, uint64_t stream, uint64_t offset, uint64_t n, uint32_t *out)
{
#define X(name, g, kind, streams, chunk)                 \
    if (!strcmp(gen, name)) {                           \
        static cxb_##g##_state s;                       \
        cxb_##g##_init(&s, seed, stream, offset);       \
        for (uint64_t i = 0; i < n; ++i)                \
            out[i] = cxb_##g##_next_u32(&s);            \
    }
    CXB_RNG_LIST(X)
#undef X
}

static cxb_prng_source *make(const char *gen, uint64_t seed, uint64_t stream, uint64_t offset, const char *dist,
                             const char *inter)
{
    cxb_prng_source_opts o;
    cxb_prng_source_opts_init(&o, gen);
    o.seed = seed;
    o.stream = stream;
    o.offset = offset;
    cxb_status st = CXB_OK;
    if (dist)
        CHECK(cxb_prng_source_option(&o, "--dist", dist, &st) == 1 && st == CXB_OK);
    if (inter)
        CHECK(cxb_prng_source_option(&o, "--interleave", inter, &st) == 1 && st == CXB_OK);
    cxb_prng_source *s = NULL;
    st = cxb_prng_source_create(&s, &o);
    CHECK_MSG(st == CXB_OK, "%s %s %s: %s", gen, dist ? dist : "-", inter ? inter : "-", cxb_last_error());
    return s;
}

#define NOUT 4000

int main(void)
{
    uint64_t seed = ((uint64_t)time(NULL) * 0x9E3779B97F4A7C15ull) >> 8;
    printf("seed %llu\n", (unsigned long long)seed);
    static uint32_t got[NOUT], want[NOUT], tmp[NOUT];
    static const char *inter[] = {"1", "3", "7:5", "100:3", "8:1024"};
    /* native streams and interleaving, every generator */
#define X(name, g, kind, streams, chunk)                                                                  \
    for (size_t k = 0; k < sizeof inter / sizeof inter[0]; ++k) {                                         \
        cxb_prng_source *s = make(name, seed, 5, 9, NULL, inter[k]);                                      \
        if (!s)                                                                                           \
            continue;                                                                                     \
        cxb_prng_source_fill(s, got, 1000);                                                               \
        cxb_prng_source_fill(s, got + 1000, 0);                                                           \
        cxb_prng_source_fill(s, got + 1000, 1);                                                           \
        cxb_prng_source_fill(s, got + 1001, 999);                                                         \
        cxb_prng_source_destroy(s);                                                                       \
        uint64_t N, C;                                                                                    \
        CHECK(cxb_prng_source_parse_interleave(inter[k], &N, &C) == CXB_OK);                              \
        cxb_bulk_job job = {seed, 2000, N, C};                                                            \
        for (uint64_t st = 0; st < N; ++st) { /* each stream once, then its outputs placed */             \
            uint64_t len = cxb_bulk_stream_count(&job, st);                                               \
            native_stream(name, seed, 5 + st, 9, len, tmp);                                               \
            for (uint64_t p = 0; p < len; ++p)                                                            \
                want[cxb_bulk_index(&job, st, p)] = tmp[p];                                               \
        }                                                                                                 \
        CHECK_MSG(memcmp(got, want, 2000 * 4) == 0, "%s --interleave %s", name, inter[k]);                \
    }
    CXB_RNG_LIST(X)
#undef X

    /* --dist split = native streams (with offsets); spacing = native (seed + s) */
    const char *split_gens[] = {"mrg32k3a", "xorwow", "philox4x32", "threefry4x32"};
    for (int g = 0; g < 4; ++g) {
        cxb_prng_source *s = make(split_gens[g], seed, 3, 1000003, "split", "4:3");
        cxb_prng_source *n = make(split_gens[g], seed, 3, 1000003, NULL, "4:3");
        if (s && n) {
            cxb_prng_source_fill(s, got, NOUT);
            cxb_prng_source_fill(n, want, NOUT);
            CHECK_MSG(memcmp(got, want, sizeof got) == 0, "%s split != native", split_gens[g]);
        }
        cxb_prng_source_destroy(s);
        cxb_prng_source_destroy(n);
        s = make(split_gens[g], seed, 11, 0, "spacing", NULL);
        if (s) {
            cxb_prng_source_fill(s, got, 100);
            native_stream(split_gens[g], seed + 11, 0, 0, 100, want);
            CHECK_MSG(memcmp(got, want, 400) == 0, "%s spacing", split_gens[g]);
            cxb_prng_source_destroy(s);
        }
    }
    /* leap frog over N workers interleaved one by one = the base stream; central = the
     * base stream whatever the interleaving */
    const char *leap_gens[] = {"mrg32k3a", "xorwow", "philox4x32", "threefry4x32"};
    for (int g = 0; g < 4; ++g) {
        native_stream(leap_gens[g], seed, 0, 0, NOUT, want);
        cxb_prng_source *s = make(leap_gens[g], seed, 0, 0, "leapfrog", "5");
        if (s) {
            cxb_prng_source_fill(s, got, NOUT);
            CHECK_MSG(memcmp(got, want, sizeof got) == 0, "%s leapfrog --interleave 5", leap_gens[g]);
            cxb_prng_source_destroy(s);
        }
        s = make(leap_gens[g], seed, 0, 0, "leapfrog", "5:2"); /* two from each: not the base stream */
        if (s) {
            cxb_prng_source_fill(s, got, 10);
            CHECK(got[0] == want[0] && got[1] == want[5] && got[2] == want[1] && got[3] == want[6]);
            cxb_prng_source_destroy(s);
        }
        s = make(leap_gens[g], seed, 0, 0, "central", "7:3");
        if (s) {
            cxb_prng_source_fill(s, got, NOUT);
            CHECK_MSG(memcmp(got, want, sizeof got) == 0, "%s central", leap_gens[g]);
            cxb_prng_source_destroy(s);
        }
        /* leap frog with offset o and 8 workers, streams 2..4: x_{w + (o + j) 8} */
        cxb_prng_source_opts o;
        cxb_prng_source_opts_init(&o, leap_gens[g]);
        o.seed = seed;
        o.stream = 2;
        o.offset = 100;
        o.dist = CXB_DIST_LEAPFROG;
        o.interleave = 3;
        o.workers = 8;
        CHECK(cxb_prng_source_create(&s, &o) == CXB_OK);
        if (s) {
            cxb_prng_source_fill(s, got, 30);
            for (int i = 0; i < 30; ++i)
                CHECK_MSG(got[i] == want[(2 + i % 3) + (100 + i / 3) * 8], "%s leapfrog offset, output %d",
                          leap_gens[g], i);
            cxb_prng_source_destroy(s);
        }
    }

    /* options */
    cxb_prng_source_opts o;
    cxb_prng_source_opts_init(&o, "philox4x32");
    cxb_status st;
    uint64_t N, C;
    CHECK(cxb_prng_source_option(&o, "--seed", "1", &st) == 0);
    CHECK(cxb_prng_source_option(&o, "--dist", "bogus", &st) == 1 && st == CXB_EINPUT &&
          strstr(cxb_last_error(), "--dist bogus"));
    CHECK(cxb_prng_source_parse_interleave("100:3", &N, &C) == CXB_OK && N == 100 && C == 3);
    CHECK(cxb_prng_source_parse_interleave("7", &N, &C) == CXB_OK && N == 7 && C == 1);
    const char *bad[] = {"0", "3:", ":3", "a:b", "4:0", "", "1:2:3"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i)
        CHECK_MSG(cxb_prng_source_parse_interleave(bad[i], &N, &C) == CXB_EINPUT &&
                      strstr(cxb_last_error(), "--interleave"),
                  "'%s' accepted", bad[i]);
    CHECK(cxb_prng_source_option(&o, "--workers", "0", &st) == 1 && st == CXB_EINPUT);
    /* refusals at create */
    cxb_prng_source *s = (cxb_prng_source *)&st;
    o.gen = "nope";
    CHECK(cxb_prng_source_create(&s, &o) == CXB_EINPUT && s == NULL);
    cxb_prng_source_opts_init(&o, "mt19937");
    o.dist = CXB_DIST_LEAPFROG;
    CHECK(cxb_prng_source_create(&s, &o) == CXB_EINPUT && strstr(cxb_last_error(), "--dist leapfrog"));
    cxb_prng_source_opts_init(&o, "mrg32k3a");
    o.dist = CXB_DIST_LEAPFROG;
    o.interleave = 4;
    o.workers = 3; /* streams 0..3 of 3 workers */
    CHECK(cxb_prng_source_create(&s, &o) == CXB_EINPUT && strstr(cxb_last_error(), "workers"));
    cxb_prng_source_opts_init(&o, "mt19937");
    o.interleave = (uint64_t)1 << 20; /* 2.5 GB of state */
    CHECK(cxb_prng_source_create(&s, &o) == CXB_EINPUT && strstr(cxb_last_error(), "--interleave"));
    cxb_prng_source_opts_init(&o, "philox4x32");
    o.stream = UINT64_MAX;
    o.interleave = 2;
    CHECK(cxb_prng_source_create(&s, &o) == CXB_EINPUT);
    o.interleave = 1; /* the last stream alone is fine */
    CHECK(cxb_prng_source_create(&s, &o) == CXB_OK);
    cxb_prng_source_destroy(s);
    CHECK_DONE();
}
