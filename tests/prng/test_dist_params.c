/* prng_dist_params: the stream-distribution axis for the generators added after Philox,
 * Threefry, XORWOW, MRG32k3a and MT19937 (docs/studies/prng.md):
 *  - every generator of CXB_RNG_LIST has a CXB_DIST_LIST line;
 *  - TinyMT32 param: stream id = DC set id of the user's file, seeded alike. Known answers:
 *    set 0 of tests/prng/data/tinymt32dc.head.txt is the default set, so seed 1 gives check32's
 *    2545341989, 981918433 (docs/studies/prng.md); sets 1 and 2 (parameters typed here from the
 *    file) through the generator's own cxb_tinymt32_init_params; refused without sets
 *    (message naming --dc), for ids beyond the sets, for another generator, for 0 or
 *    more than CXB_DIST_TINYMT32_MAX_SETS sets; spacing id = seed + id;
 *  - MTGP32 param: stream id = cuRAND's kernel state id (set id). Known answer (docs/studies/prng.md
 *    3.9): DC set 0 seeded 1235 = seed 1234 stream 0 gives 2501053709, 1991185121,
 *    2644103708, 4279383218, 507727339; id 200 refused; spacing id k of seed S = set 0
 *    seeded fold(S) + k + 1, i.e. param stream 0 of S + k;
 *  - NR3 spacing = the generator's own hashed streams cxb_g_init(seed, id, 0); id 0 of
 *    seed 1 is NR3's constructor: Ran 17925598777506749664 and Ranq1 16921840571031492246
 *    (docs/studies/prng.md), low halves 1064787168 and 4129298070 as int32();
 *  - Ranhash split/counter: output p of stream id = Ranhash(Ranhash(S) + id 2^40 + p)
 *    (docs/studies/prng.md), low half; ids below 2^24 only;
 *  - the uint32 source of `cxbench prng tinymt32 --dist param --dc FILE`: round robin of
 *    the param streams; refused without --dc, beyond the sets, with --dc elsewhere. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "dist_expect.h"
#include "dist_fixture.h"
#include "suites/prng/source.h"

static void first_outputs(cxb_dist_plan *p, uint64_t tasks, uint64_t k, uint32_t *out)
{
    CHECK_MSG(cxb_dist_draw_seq(p, tasks, k, 0, out) == CXB_OK, "%s", cxb_last_error());
}

static void check_tinymt32(uint64_t seed)
{
    static const cxb_tinymt32_params sets[3] = {
        {0x8f7011eeu, 0xfc78ff1fu, 0x3793fdffu}, {0x877810efu, 0xfc38ff0fu, 0xc7fb7fffu},
        {0x837c106fu, 0xfc18ff07u, 0xeeb9bdffu}};
    cxb_dist_plan *p;
    uint32_t out[3 * 8], plain[8];
    /* check32.out.txt through set 0, seed 1 */
    CHECK(dist_test_plan(&p, "tinymt32", CXB_DIST_PARAM, 1) == CXB_OK && p->nparams == 3 && p->max_ids == 3);
    first_outputs(p, 1, 2, out);
    CHECK_MSG(out[0] == 2545341989u && out[1] == 981918433u, "tinymt32 param set 0 seed 1: %u %u", out[0], out[1]);
    cxb_dist_plan_destroy(p);
    /* every set on a fresh seed: the generator's own init with the file's parameters */
    CHECK(dist_test_plan(&p, "tinymt32", CXB_DIST_PARAM, seed) == CXB_OK);
    first_outputs(p, 3, 8, out);
    for (int i = 0; i < 3; ++i) {
        cxb_tinymt32_state s;
        cxb_tinymt32_init_params(&s, sets[i], seed, 0, 0);
        for (int j = 0; j < 8; ++j)
            plain[j] = cxb_tinymt32_next_u32(&s);
        CHECK_MSG(memcmp(out + 8 * i, plain, sizeof plain) == 0, "tinymt32 param set %d", i);
    }
    CHECK(memcmp(out, out + 8, 32) != 0 && memcmp(out + 8, out + 16, 32) != 0);
    /* ids beyond the sets are refused on every driver, not wrapped */
    CHECK(cxb_dist_draw_seq(p, 4, 8, 0, out) == CXB_EINPUT && strstr(cxb_last_error(), "3 parameter sets"));
    CHECK(cxb_dist_plan_check_ids(p, 2, 1) == CXB_OK && cxb_dist_plan_check_ids(p, 3, 1) == CXB_EINPUT);
    CHECK(cxb_dist_plan_check_ids(p, UINT64_MAX, 2) == CXB_EINPUT);
    cxb_pool *pool;
    CHECK(cxb_pool_create(&pool, 2, CXB_BIND_NONE) == CXB_OK);
    CHECK(cxb_dist_draw_pthreads(pool, CXB_SCHED_STATIC, p, 4, 8, 0, out) == CXB_EINPUT);
    CHECK(cxb_dist_draw_pthreads(pool, CXB_SCHED_STATIC, p, 3, 8, 0, out) == CXB_OK);
    cxb_pool_destroy(pool);
    /* the set table's bounds */
    CHECK(cxb_dist_plan_set_tinymt32(p, sets, 0) == CXB_EINPUT);
    CHECK(cxb_dist_plan_set_tinymt32(p, sets, CXB_DIST_TINYMT32_MAX_SETS + 1) == CXB_EINPUT &&
          strstr(cxb_last_error(), "at most"));
    cxb_dist_plan_destroy(p);
    /* no DC file: refused, naming the option */
    CHECK(cxb_dist_plan_create(&p, "tinymt32", CXB_DIST_PARAM, seed, 0) == CXB_OK && p->nparams == 0);
    CHECK(cxb_dist_draw_seq(p, 1, 8, 0, out) == CXB_EINPUT && strstr(cxb_last_error(), "--dc FILE"));
    cxb_dist_plan_destroy(p);
    /* sets only for tinymt32 param */
    CHECK(cxb_dist_plan_create(&p, "tinymt32", CXB_DIST_SPACING, 0, 0) == CXB_OK);
    CHECK(cxb_dist_plan_set_tinymt32(p, sets, 3) == CXB_EINPUT && strstr(cxb_last_error(), "--dc"));
    /* spacing: seed + id, the default set (seed 0, id 1 = seed 1: check32 again) */
    first_outputs(p, 2, 2, out);
    CHECK(out[2] == 2545341989u && out[3] == 981918433u);
    cxb_dist_plan_destroy(p);
    CHECK(cxb_dist_plan_create(&p, "philox4x32", CXB_DIST_PARAM, 0, 0) == CXB_OK);
    CHECK(cxb_dist_plan_set_tinymt32(p, sets, 3) == CXB_EINPUT);
    cxb_dist_plan_destroy(p);
}

static void check_mtgp32(uint64_t seed)
{
#if CXB_HAVE_MTGP32
    static const uint32_t ka[5] = {2501053709u, 1991185121u, 2644103708u, 4279383218u, 507727339u};
    cxb_dist_plan *p;
    uint32_t out[200 * 4], plain[4], got[5];
    CHECK(cxb_dist_plan_create(&p, "mtgp32", CXB_DIST_PARAM, 1234, 0) == CXB_OK && p->nparams == 200);
    first_outputs(p, 1, 5, got);
    CHECK_MSG(memcmp(got, ka, sizeof ka) == 0, "mtgp32 param 0 seed 1234: %u %u", got[0], got[1]);
    cxb_dist_plan_destroy(p);
    /* all 200 sets = cuRAND's kernel states 0..199 (plain streams), 201 refused */
    CHECK(cxb_dist_plan_create(&p, "mtgp32", CXB_DIST_PARAM, seed, 0) == CXB_OK);
    first_outputs(p, 200, 4, out);
    for (uint64_t id = 0; id < 200; id += 1 + id / 8) {
        plain_stream(CXB_DIST_GEN_mtgp32, seed, id, 4, plain);
        CHECK_MSG(memcmp(out + 4 * id, plain, sizeof plain) == 0, "mtgp32 param %llu", (unsigned long long)id);
    }
    CHECK(cxb_dist_draw_seq(p, 201, 4, 0, out) == CXB_EINPUT && strstr(cxb_last_error(), "200 parameter sets"));
    cxb_dist_plan_destroy(p);
    /* spacing: id k of 1233 = set 0 seeded 1233 + k + 1: id 1 is the known answer */
    CHECK(cxb_dist_plan_create(&p, "mtgp32", CXB_DIST_SPACING, 1233, 0) == CXB_OK);
    first_outputs(p, 2, 5, out);
    CHECK_MSG(memcmp(out + 5, ka, sizeof ka) == 0, "mtgp32 spacing 1 of 1233");
    CHECK(cxb_dist_plan_check_ids(p, 0, (uint64_t)1 << 32) == CXB_OK);
    CHECK(cxb_dist_plan_check_ids(p, 0, ((uint64_t)1 << 32) + 1) == CXB_EINPUT);
    cxb_dist_plan_destroy(p);
    CHECK(cxb_dist_find("mtgp32") && cxb_dist_find("mtgp32")->techs == (CXB_DIST_R | CXB_DIST_P | CXB_DIST_Z));
#else
    (void)seed;
    printf("mtgp32: no toolkit table, not in the list\n");
    CHECK(cxb_dist_find("mtgp32") == NULL);
#endif
}

static void check_nr3(uint64_t seed)
{
    cxb_dist_plan *p;
    uint32_t out[5 * 8], plain[8];
    CHECK(cxb_dist_plan_create(&p, "ran", CXB_DIST_SPACING, 1, 0) == CXB_OK);
    first_outputs(p, 1, 1, out);
    CHECK_MSG(out[0] == 1064787168u, "ran seed 1: %u", out[0]);
    cxb_dist_plan_destroy(p);
    CHECK(cxb_dist_plan_create(&p, "ranq1", CXB_DIST_CENTRAL, 1, 0) == CXB_OK);
    first_outputs(p, 1, 1, out);
    CHECK_MSG(out[0] == 4129298070u, "ranq1 seed 1: %u", out[0]);
    cxb_dist_plan_destroy(p);
    const char *names[] = {"ran", "ranq1", "ranq2", "ranlim32"};
    for (int g = 0; g < 4; ++g) {
        CHECK(cxb_dist_plan_create(&p, names[g], CXB_DIST_SPACING, seed, 0) == CXB_OK);
        first_outputs(p, 5, 8, out);
        for (uint64_t id = 0; id < 5; ++id) {
            plain_stream(p->gen, seed, id, 8, plain);
            CHECK_MSG(memcmp(out + 8 * id, plain, sizeof plain) == 0, "%s spacing %llu", names[g],
                      (unsigned long long)id);
        }
        cxb_dist_plan_destroy(p);
        /* no jump, no sets: split, leap frog, param, counter refused */
        const cxb_dist_desc *d = cxb_dist_find(names[g]);
        CHECK(d && d->techs == (CXB_DIST_R | CXB_DIST_Z) && d->jump == CXB_JUMP_NONE);
    }
}

static void check_ranhash(uint64_t seed)
{
    cxb_dist_plan *p;
    uint32_t out[4 * 16];
    const cxb_dist_desc *d = cxb_dist_find("ranhash");
    CHECK(d && d->kind == CXB_RNG_COUNTER && d->split_log2 == 40 && d->jump == CXB_JUMP_CONSTANT);
    for (int t = CXB_DIST_SPLIT; t <= CXB_DIST_COUNTER; t += CXB_DIST_COUNTER - CXB_DIST_SPLIT) {
        CHECK(cxb_dist_plan_create(&p, "ranhash", (cxb_dist_tech)t, seed, 0) == CXB_OK);
        first_outputs(p, 4, 16, out);
        uint64_t h = cxb_ranhash(seed);
        for (uint64_t id = 0; id < 4; ++id)
            for (uint64_t j = 0; j < 16; ++j) {
                uint32_t want = (uint32_t)cxb_ranhash(h + (id << 40) + j);
                CHECK(out[id * 16 + j] == want && cxb_dist_at_ranhash(seed, id, j) == want);
            }
        CHECK(cxb_dist_plan_check_ids(p, 0, (uint64_t)1 << 24) == CXB_OK);
        CHECK(cxb_dist_plan_check_ids(p, 0, ((uint64_t)1 << 24) + 1) == CXB_EINPUT &&
              strstr(cxb_last_error(), "ranhash"));
        cxb_dist_plan_destroy(p);
    }
    /* spacing: Ranhash(seed + id) bases */
    CHECK(cxb_dist_plan_create(&p, "ranhash", CXB_DIST_SPACING, seed, 0) == CXB_OK);
    first_outputs(p, 2, 4, out);
    CHECK(out[4] == (uint32_t)cxb_ranhash(cxb_ranhash(seed + 1)));
    cxb_dist_plan_destroy(p);
}

static void check_source(void)
{
    cxb_prng_source_opts o;
    cxb_prng_source *src = NULL;
    uint32_t got[9];
    cxb_prng_source_opts_init(&o, "tinymt32");
    cxb_status st;
    CHECK(cxb_prng_source_option(&o, "--dist", "param", &st) && st == CXB_OK);
    CHECK(cxb_prng_source_option(&o, "--interleave", "3", &st) && st == CXB_OK);
    /* without --dc: refused naming it */
    CHECK(cxb_prng_source_create(&src, &o) == CXB_EINPUT && src == NULL && strstr(cxb_last_error(), "--dc"));
    CHECK(cxb_prng_source_option(&o, "--dc", dist_fixture_path(), &st) && st == CXB_OK);
    o.seed = 1;
    CHECK_MSG(cxb_prng_source_create(&src, &o) == CXB_OK, "%s", cxb_last_error());
    if (src) {
        cxb_prng_source_fill(src, got, 9);
        CHECK(got[0] == 2545341989u && got[3] == 981918433u); /* set 0 = check32 */
        cxb_dist_plan *p;
        uint32_t ref[9];
        CHECK(dist_test_plan(&p, "tinymt32", CXB_DIST_PARAM, 1) == CXB_OK);
        first_outputs(p, 3, 3, ref);
        for (int i = 0; i < 9; ++i)
            CHECK(got[i] == ref[(i % 3) * 3 + i / 3]);
        cxb_dist_plan_destroy(p);
        cxb_prng_source_destroy(src);
    }
    /* streams 1..3: beyond the 3 sets */
    o.stream = 1;
    CHECK(cxb_prng_source_create(&src, &o) == CXB_EINPUT && strstr(cxb_last_error(), "parameter sets"));
    o.stream = 0;
    /* a missing file */
    o.dc = "/nonexistent/tinymt32dc.txt";
    CHECK(cxb_prng_source_create(&src, &o) == CXB_EINPUT && strstr(cxb_last_error(), "/nonexistent"));
    /* --dc elsewhere */
    o.dc = dist_fixture_path();
    CHECK(cxb_prng_source_option(&o, "--dist", "spacing", &st) && st == CXB_OK);
    CHECK(cxb_prng_source_create(&src, &o) == CXB_EINPUT && strstr(cxb_last_error(), "--dc"));
    cxb_prng_source_opts_init(&o, "mtgp32");
    o.dc = dist_fixture_path();
    o.dist = CXB_DIST_PARAM;
    CHECK(cxb_prng_source_create(&src, &o) == CXB_EINPUT);
}

int main(void)
{
    uint64_t seed = ((uint64_t)time(NULL) << 20) ^ (uint64_t)clock() ^ 0xA0761D6478BD642Full;
    printf("seed %llu\n", (unsigned long long)seed);
    (void)tasks_equal; /* dist_expect.h's other helpers serve the decomposition tests */
    (void)same_multiset;
    (void)dist_expect_worker_bound;
    /* every generator of the one list has a line in the distribution axis */
#define X(name, g, kind, streams, chunk) CHECK_MSG(cxb_dist_find(name) != NULL, "%s has no CXB_DIST_LIST line", name);
    CXB_RNG_LIST(X)
#undef X
    check_tinymt32(seed);
    check_mtgp32(seed);
    check_nr3(seed);
    check_ranhash(seed);
    check_source();
    CHECK_DONE();
}
