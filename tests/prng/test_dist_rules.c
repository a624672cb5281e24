/* prng_dist_rules: the stream-distribution descriptors and Passerat-Palmbach's Table 3.2
 * usage rules (docs/studies/prng.md): which generator offers which technique, refusals that
 * name the parameter, and random spacing's overlap probability against the spec's numbers
 * (Comblec88, P = 2^61, n = 100, L = 10^12: 0.43%) and the exact formula at small sizes. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "cxb/prng/dist.h"

static void refused(const char *gen, cxb_dist_tech t, uint64_t draws, const char *word)
{
    const cxb_dist_desc *d = cxb_dist_find(gen);
    CHECK_MSG(d != NULL, "%s", gen);
    if (!d)
        return;
    cxb_status st = cxb_dist_check(d, t, draws);
    CHECK_MSG(st == CXB_EINPUT, "%s %s accepted", gen, cxb_dist_tech_names[t]);
    char want[64];
    snprintf(want, sizeof want, "--dist %s:", cxb_dist_tech_names[t]);
    CHECK_MSG(strstr(cxb_last_error(), want) && strstr(cxb_last_error(), gen) &&
                  strstr(cxb_last_error(), word),
              "message '%s' should name %s, %s and '%s'", cxb_last_error(), want, gen, word);
    cxb_dist_plan *p = (cxb_dist_plan *)&st;
    CHECK(cxb_dist_plan_create(&p, gen, t, 1, draws) == CXB_EINPUT && p == NULL);
}

static void accepted(const char *gen, cxb_dist_tech t)
{
    const cxb_dist_desc *d = cxb_dist_find(gen);
    CHECK_MSG(d && cxb_dist_check(d, t, (uint64_t)1 << 50) == CXB_OK, "%s %s refused: %s", gen,
              cxb_dist_tech_names[t], cxb_last_error());
}

int main(void)
{
    /* technique names round-trip; anything else is refused naming --dist */
    for (int i = 0; i < CXB_DIST_NTECH; ++i) {
        cxb_dist_tech t = CXB_DIST_NTECH;
        CHECK(cxb_dist_parse(cxb_dist_tech_names[i], &t) == CXB_OK && t == (cxb_dist_tech)i);
    }
    cxb_dist_tech t;
    CHECK(cxb_dist_parse("hybrid", &t) == CXB_EINPUT && strstr(cxb_last_error(), "--dist hybrid:"));
    CHECK(cxb_dist_parse("", &t) == CXB_EINPUT);

    /* every generator of the one list is known; those with a CXB_DIST_LIST line have a
     * descriptor whose kind matches CXB_RNG_LIST */
    size_t nd;
    const cxb_dist_desc *all = cxb_dist_descs(&nd);
    CHECK(nd == CXB_DIST_NGEN);
#define X(name, g, knd, streams, chunk)                                                           \
    {                                                                                              \
        const cxb_dist_desc *d = cxb_dist_find(name);                                              \
        printf("%-14s %s\n", name, d ? "has stream-distribution techniques" : "no techniques (yet)"); \
        CHECK(!d || d->kind == knd);                                                              \
    }
    CXB_RNG_LIST(X)
#undef X
    for (size_t i = 0; i < nd; ++i) {
        CHECK(all[i].gen == (cxb_dist_gen)i);
        CHECK(all[i].techs & CXB_DIST_Z); /* a central server can serve any generator */
        /* counter-based <=> counter technique offered */
        CHECK(((all[i].techs & CXB_DIST_C) != 0) == (all[i].kind == CXB_RNG_COUNTER));
        /* split <=> a jump */
        CHECK(((all[i].techs & CXB_DIST_S) != 0) == (all[i].jump != CXB_JUMP_NONE && all[i].split_log2 > 0));
    }
    CHECK(cxb_dist_find("lf24") == NULL && cxb_dist_find("nope") == NULL);

    /* the mapping of docs/studies/prng.md */
    for (int i = 0; i < CXB_DIST_NTECH; ++i) {
        accepted("philox4x32", (cxb_dist_tech)i);
        accepted("threefry4x32", (cxb_dist_tech)i);
    }
    accepted("xorwow", CXB_DIST_SPLIT);
    accepted("xorwow", CXB_DIST_LEAPFROG);
    accepted("mrg32k3a", CXB_DIST_SPLIT);
    accepted("mrg32k3a", CXB_DIST_LEAPFROG);
    accepted("mt19937", CXB_DIST_SPACING);
    refused("mt19937", CXB_DIST_LEAPFROG, 1000, "central server"); /* Table 3.2: no jump */
    refused("mt19937", CXB_DIST_SPLIT, 1000, "jump");
    refused("xorwow", CXB_DIST_PARAM, 1000, "parameter");
    refused("mrg32k3a", CXB_DIST_PARAM, 1000, "parameter");
    refused("xorwow", CXB_DIST_COUNTER, 1000, "counter-based");
    refused("mrg32k3a", CXB_DIST_COUNTER, 1000, "counter-based");
    cxb_dist_plan *p = NULL;
    CHECK(cxb_dist_plan_create(&p, "lf24", CXB_DIST_SPLIT, 1, 0) == CXB_EINPUT && p == NULL &&
          strstr(cxb_last_error(), "lf24"));

    /* Table 3.2: random spacing refused below a 2^60 period past 10^11 numbers; a
     * synthetic 48-bit LCG descriptor (the rule has no victim in CXB_DIST_LIST yet) */
    cxb_dist_desc lcg = {"lcg48", CXB_DIST_NGEN, CXB_DIST_R | CXB_DIST_Z, 48, CXB_JUMP_NONE, 0, CXB_RNG_STATEFUL};
    CHECK(cxb_dist_check(&lcg, CXB_DIST_SPACING, 100000000000ull) == CXB_OK);
    CHECK(cxb_dist_check(&lcg, CXB_DIST_SPACING, 100000000001ull) == CXB_EINPUT &&
          strstr(cxb_last_error(), "--dist spacing: lcg48") && strstr(cxb_last_error(), "2^48"));
    lcg.log2_period = 60;
    CHECK(cxb_dist_check(&lcg, CXB_DIST_SPACING, (uint64_t)1 << 62) == CXB_OK);

    /* overlap probability: the spec's Comblec88 example (P = 2^61, n = 100, L = 10^12,
     * 0.43%); the exact formula on a tiny period; limits */
    double c88 = cxb_dist_overlap_prob(100, 1e12, 61);
    printf("Comblec88 overlap: %.4f%%\n", 100 * c88);
    CHECK_MSG(c88 > 0.00425 && c88 < 0.00435, "%g", c88);
    double P = 1048576.0;
    CHECK(fabs(cxb_dist_overlap_prob(2, 1, 20) - 2 / (P - 1)) < 1e-18);
    CHECK(fabs(cxb_dist_overlap_prob(10, 100, 20) - (1 - pow(1 - 1000 / (P - 1), 9))) < 1e-12);
    CHECK(cxb_dist_overlap_prob(1, 1e30, 20) == 0.0);  /* one stream overlaps nothing */
    CHECK(cxb_dist_overlap_prob(3, 1e9, 20) == 1.0);   /* n L > P */
    /* n(n-1)L/P for a long period: 2^20 streams of 2^40 on 2^130 */
    double q = cxb_dist_overlap_prob(1048576.0, 1099511627776.0, 130);
    CHECK_MSG(fabs(q / ldexp(1048576.0 * 1048575.0, 40 - 130) - 1) < 1e-6, "%g", q);
    CHECK(cxb_dist_overlap_prob(1e9, 1e12, 19937) == 0.0); /* MT19937: underflows to 0 */
    CHECK_DONE();
}
