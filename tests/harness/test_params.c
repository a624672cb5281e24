/* params: the one parameter API (include/cxb/core/params.h). Every number form a user writes
 * parses to the same value and gives the same canonical point (method.md "Result sets"); lists
 * parse with either separator; malformed items and repeated keys are refused with the list
 * named. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "cxb/core/params.h"

static uint64_t u64_of(const char *text)
{
    uint64_t v = 0;
    CHECK_MSG(cxb_parse_u64(text, "t", &v) == CXB_OK, "%s: %s", text, cxb_last_error());
    return v;
}

int main(void)
{
    /* the forms of one number */
    static const char *const n24[] = {"16777216", "2^24", "16Mi", "0x1000000", "1.6777216e7", "016777216"};
    for (size_t i = 0; i < sizeof n24 / sizeof n24[0]; ++i)
        CHECK_MSG(u64_of(n24[i]) == 16777216u, "%s", n24[i]);
    CHECK(u64_of("1e6") == 1000000u && u64_of("0x10") == 16u && u64_of("4Ki") == 4096u);
    CHECK(u64_of("1Ei") == (uint64_t)1 << 60 && u64_of("18446744073709551615") == UINT64_MAX);
    static const char *const bad[] = {"", "-1", "+1", " 1", "1.5", "2^64", "2^", "0x", "16Mb", "16M",
                                      "16Ei", "1e20", "18446744073709551616", "abc", "1,2"};
    uint64_t v;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i)
        CHECK_MSG(cxb_parse_u64(bad[i], "--set n", &v) == CXB_EINPUT && strstr(cxb_last_error(), "--set n: '"),
                  "'%s' accepted", bad[i]);
    double d = 0;
    CHECK(cxb_parse_double("0.25", "p", &d) == CXB_OK && d == 0.25);
    CHECK(cxb_parse_double("2^-3", "p", &d) == CXB_OK && d == 0.125);
    CHECK(cxb_parse_double("1e-3", "p", &d) == CXB_OK && d == 1e-3);
    CHECK(cxb_parse_double("16Mi", "p", &d) == CXB_OK && d == 16777216.0);
    CHECK(cxb_parse_double("nan", "p", &d) == CXB_EINPUT && cxb_parse_double("0.5x", "p", &d) == CXB_EINPUT);

    /* one canonical point for every spelling; reals and names keep their text */
    char a[256], b[256];
    cxb_params p, q;
    cxb_params_init(&p);
    cxb_params_init(&q);
    CHECK(cxb_params_set(&p, "n", "2^24") == CXB_OK && cxb_params_set(&p, "p", "0.50") == CXB_OK);
    CHECK(cxb_params_set_kv(&q, "p=0.50") == CXB_OK && cxb_params_set_kv(&q, "n=16777216") == CXB_OK);
    cxb_params_canonical(&p, a, sizeof a);
    cxb_params_canonical(&q, b, sizeof b);
    CHECK_MSG(!strcmp(a, "n=16777216;p=0.50") && !strcmp(a, b), "%s vs %s", a, b);
    CHECK(cxb_point_hash("x.y.z", a) == cxb_point_hash("x.y.z", b));
    CHECK(cxb_value_canonical("cxb", a, sizeof a) == 0 && !strcmp(a, "cxb"));
    CHECK(cxb_value_canonical("30x30", a, sizeof a) == 0 && !strcmp(a, "30x30"));
    CHECK(cxb_value_canonical("1.0", a, sizeof a) == 0 && !strcmp(a, "1.0"));
    CHECK(cxb_value_canonical("0", a, sizeof a) == 0 && !strcmp(a, "0"));
    CHECK(cxb_value_canonical("1e6", a, sizeof a) == 1 && !strcmp(a, "1000000"));

    /* lists */
    cxb_params_init(&p);
    CHECK(cxb_params_parse(&p, "n=2^10;seed=7;;conv=cxb", ';', "quick") == CXB_OK && p.count == 3);
    CHECK(!strcmp(cxb_params_get(&p, "n"), "1024") && !strcmp(cxb_params_get(&p, "conv"), "cxb"));
    cxb_params_init(&p);
    CHECK(cxb_params_parse(&p, "n=10,p=0.5", ',', "gnp:n=10,p=0.5") == CXB_OK && p.count == 2);
    CHECK(cxb_params_double(&p, "p", 0, &d) == CXB_OK && d == 0.5);
    CHECK(cxb_params_double(&p, "q", 0.75, &d) == CXB_OK && d == 0.75);
    cxb_params_init(&p);
    CHECK(cxb_params_parse(&p, "n=10,p", ',', "gnp:n=10,p") == CXB_EINPUT &&
          !strcmp(cxb_last_error(), "gnp:n=10,p: 'p': expected key=value"));
    cxb_params_init(&p);
    CHECK(cxb_params_parse(&p, "n=10;n=3", ';', "sweep") == CXB_EINPUT &&
          strstr(cxb_last_error(), "sweep: key 'n' given twice"));
    cxb_params_init(&p);
    CHECK(cxb_params_parse(&p, "", ';', "empty") == CXB_OK && p.count == 0);
    int c = -1;
    static const char *const choices[] = {"a", "b", NULL};
    CHECK(cxb_params_choice(&p, "k", choices, 1, &c) == CXB_OK && c == 1);
    /* a bad value names the key as --set does, and the default stays out of it */
    cxb_params_init(&p);
    CHECK(cxb_params_set(&p, "n", "x1") == CXB_OK);
    CHECK(cxb_params_u64(&p, "n", 7, &v) == CXB_EINPUT && strstr(cxb_last_error(), "--set n: 'x1'"));
    CHECK(cxb_params_double(&p, "n", 0.5, &d) == CXB_EINPUT && strstr(cxb_last_error(), "--set n"));

    /* comma-list membership: whole entries only (the --impl lists of run and the presets) */
    CHECK(cxb_list_has("a,prng.xorwow.seq,b", "prng.xorwow.seq") && cxb_list_has("x", "x"));
    CHECK(cxb_list_has("a,b,c", "a") && cxb_list_has("a,b,c", "c"));
    CHECK(!cxb_list_has("prng.xorwow.seq", "prng.xorwow") && !cxb_list_has("prng.xorwow", "prng.xorwow.seq"));
    CHECK(!cxb_list_has("a,,b", "ab") && !cxb_list_has(NULL, "a") && !cxb_list_has("", "a"));
    CHECK_DONE();
}
