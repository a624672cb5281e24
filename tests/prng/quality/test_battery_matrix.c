/* prng_battery_matrix: the gate of docs/studies/prng.md - the in-house battery (battery.h) on every
 * generator of CXB_RNG_LIST (cxb/rng/all.h) and every negative control of
 * CXB_RNG_CONTROLS (cxb/rng/controls.h), compared with the expected verdict matrix
 * tests/prng/quality/expected.txt. The test fails when an observed verdict differs from the
 * expected one in either direction, and when a negative control does not fail one of its
 * designated tests (the table at the end of docs/studies/prng.md, built in below so that editing
 * expected.txt cannot silence a control).
 *
 * Configurations (docs/studies/prng.md): "s1", one stream (cxb_g_init(seed, 0, 0)); "iN cC", N = 64
 * or 1024 streams cxb_g_init(seed, k, 0), k < N (the generator's own distribution
 * method), read round robin C = 1 or 3 words at a time. Controls run s1 only.
 * Then every distribution technique the generator offers (cxb/rng/dist.h: split, spacing,
 * leapfrog, param, counter, central), "TECH/iNc1": N streams of ids 0..N-1 read round robin
 * one word at a time through suites/prng/source.h (what `cxbench prng --dist TECH
 * --interleave N` writes), N = 1024, or 64, or the parameter sets there are (MTGP32's 200
 * toolkit sets, the 3 TinyMT32 sets of tests/prng/data/tinymt32dc.head.txt). A technique whose
 * interleaved output IS a stream already tested (split and counter = the native iN c1;
 * leap frog with N workers and the central server = the base stream s1; the NR3 spacing =
 * their native hashed streams) is recognised by comparing its first 4096 words and is not
 * run again: its verdicts are those of that configuration. The others (spacing's seed + id,
 * param's keys and parameter sets) run the whole battery. One interleaved configuration
 * per technique keeps CI within budget.
 *
 * Verdicts (docs/studies/prng.md): each test runs once on the configuration's continuing stream
 * (seed 12345); a suspect p is re-run once on a fresh source of the next seed (12346);
 * suspect twice, or a fail p either time, is a fail. Everything is deterministic.
 *
 * Usage: test_battery_matrix [--gen NAME]... [--controls] [--all] [--single]
 *          [--expected FILE] [--markdown FILE] [--list] [--check-list NAME...]
 * Without --expected, $CXB_SOURCE_DIR/tests/prng/quality/expected.txt. --list prints the
 * generators it knows; --check-list exits 1 unless they are exactly the NAMEs (the ctest
 * list comes from parsing all.h; this proves the parse missed none).
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cxb/prng/dist.h"
#include "cxb/rng/all.h"
#include "cxb/rng/controls.h"
#include "suites/prng/source.h"
#include "quality/battery.h"
#include "quality/pvalue.h"

#define SEED 12345u

typedef struct gen {
    const char *name;
    size_t state_size;
    void (*init)(void *, uint64_t, uint64_t, uint64_t);
    uint32_t (*next)(void *);
    int control;
} gen;

#define WRAP(name, g, kind, S, C)                                                                    \
    static void init_##g(void *s, uint64_t a, uint64_t b, uint64_t c)                               \
    {                                                                                                \
        cxb_##g##_init((cxb_##g##_state *)s, a, b, c);                                               \
    }                                                                                                \
    static uint32_t next_##g(void *s) { return cxb_##g##_next_u32((cxb_##g##_state *)s); }
CXB_RNG_LIST(WRAP)
CXB_RNG_CONTROLS(WRAP)
#undef WRAP

#define ENTRY(name, g, kind, S, C) {name, sizeof(cxb_##g##_state), init_##g, next_##g, 0},
#define CENTRY(name, g, kind, S, C) {name, sizeof(cxb_##g##_state), init_##g, next_##g, 1},
static const gen gens[] = {CXB_RNG_LIST(ENTRY) CXB_RNG_CONTROLS(CENTRY)};
#undef ENTRY
#undef CENTRY
static const unsigned ngens = sizeof gens / sizeof gens[0];

/* docs/studies/prng.md: the test(s) each negative control must fail ("|" = any of them). */
static const struct {
    const char *control;
    const char *tests;
} designated[] = {
    {"xorshift160", "rank32|rank60_r20s10|rank256_lo8|rank512_lo8"},
    {"xorshift160", "lincomp_b0"},
    {"alfg17_5", "gap_r0_b16|gap_r25_b32"},
    {"alfg55_24", "gap_r0_b16|gap_r25_b32"},
    {"alfg55_24", "weight_r27"},
    {"alfg607_273", "lincomp_b0"},
    {"taus88", "lincomp_b0"},
    {"lcg48", "bday_2x26|bday_32"},
    {"parkminimal", "bday_2x26|bday_32"},
    {"ranmar32", "bins_lo8"},
};

/* ---- sources: one stream, or N streams round robin C at a time ---- */

typedef struct src_ctx {
    const gen *g;
    unsigned char *states;
    unsigned n, c, s, k;
    cxb_prng_source *ps; /* a --dist technique's source, read through buf */
    unsigned pos;
    uint32_t buf[4096];
} src_ctx;

#define NATIVE CXB_PRNG_SOURCE_NATIVE

static uint32_t next_dist(void *p)
{
    src_ctx *x = p;
    if (x->pos == sizeof x->buf / sizeof x->buf[0]) {
        cxb_prng_source_fill(x->ps, x->buf, sizeof x->buf / sizeof x->buf[0]);
        x->pos = 0;
    }
    return x->buf[x->pos++];
}

static char dc_path[4096]; /* TinyMT32's parameter sets for tinymt32 param */

static uint32_t next_interleaved(void *p)
{
    src_ctx *x = p;
    uint32_t v = x->g->next(x->states + (size_t)x->s * x->g->state_size);
    if (++x->k == x->c) {
        x->k = 0;
        if (++x->s == x->n)
            x->s = 0;
    }
    return v;
}

/* 0, -1 out of memory, -2 the technique refuses (n streams, this generator) */
static int source_open(src_ctx *x, cxq_source *src, const gen *g, unsigned n, unsigned c, int dist, uint64_t seed)
{
    x->g = g;
    x->n = n;
    x->c = c;
    x->s = x->k = 0;
    x->ps = NULL;
    x->states = NULL;
    if (dist != NATIVE) {
        cxb_prng_source_opts o;
        cxb_prng_source_opts_init(&o, g->name);
        o.seed = seed;
        o.dist = dist;
        o.interleave = n;
        o.chunk = c;
        if (dist == CXB_DIST_PARAM && !strcmp(g->name, "tinymt32"))
            o.dc = dc_path;
        cxb_status st = cxb_prng_source_create(&x->ps, &o);
        if (st != CXB_OK)
            return st == CXB_ERESOURCE ? -1 : -2;
        x->pos = sizeof x->buf / sizeof x->buf[0];
        src->next = next_dist;
        src->ctx = x;
        return 0;
    }
    x->states = malloc((size_t)n * g->state_size);
    if (!x->states)
        return -1;
    for (unsigned k = 0; k < n; ++k) /* in place: some states point into themselves */
        g->init(x->states + (size_t)k * g->state_size, seed, k, 0);
    src->next = n == 1 ? g->next : next_interleaved;
    src->ctx = n == 1 ? (void *)x->states : (void *)x;
    return 0;
}

static void source_close(src_ctx *x)
{
    free(x->states);
    x->states = NULL;
    cxb_prng_source_destroy(x->ps);
    x->ps = NULL;
}

/* ---- the expected matrix ---- */

typedef struct rule {
    char gen[64], config[16], test[32], size[32];
    cxq_verdict_t verdict;
} rule;

static rule *rules;
static unsigned nrules;

static int glob_eq(const char *pat, const char *s)
{
    return !strcmp(pat, "*") || !strcmp(pat, s);
}

static int load_expected(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "test_battery_matrix: %s: cannot open\n", path);
        return -1;
    }
    char line[512];
    unsigned lineno = 0;
    while (fgets(line, sizeof line, f)) {
        ++lineno;
        char *h = strchr(line, '#');
        if (h)
            *h = 0;
        rule r;
        char v[16];
        int k = sscanf(line, "%63s %15s %31s %31s %15s", r.gen, r.config, r.test, r.size, v);
        if (k <= 0)
            continue;
        if (k != 5 || (strcmp(v, "pass") && strcmp(v, "fail"))) {
            fprintf(stderr, "%s:%u: expected GENERATOR CONFIG TEST SIZE pass|fail\n", path, lineno);
            fclose(f);
            return -1;
        }
        r.verdict = strcmp(v, "pass") ? CXQ_FAIL : CXQ_PASS;
        rule *nr = realloc(rules, (nrules + 1) * sizeof *rules);
        if (!nr) {
            fclose(f);
            return -1;
        }
        rules = nr;
        rules[nrules++] = r;
    }
    fclose(f);
    return 0;
}

/* The last matching line wins; no line means pass. */
static cxq_verdict_t expected(const char *g, const char *config, const cxq_test *t)
{
    cxq_verdict_t v = CXQ_PASS;
    for (unsigned i = 0; i < nrules; ++i)
        if (glob_eq(rules[i].gen, g) && glob_eq(rules[i].config, config) &&
            glob_eq(rules[i].test, t->name) && glob_eq(rules[i].size, t->size))
            v = rules[i].verdict;
    return v;
}

/* ---- running ---- */

static unsigned mismatches, errors;
static FILE *md;

static int in_list(const char *name, const char *list)
{
    size_t n = strlen(name);
    for (const char *p = list; p && *p;) {
        const char *e = strchr(p, '|');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == n && !strncmp(p, name, n))
            return 1;
        p = e ? e + 1 : NULL;
    }
    return 0;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static void run_config(const gen *g, const char *config, unsigned n, unsigned c, int dist, cxq_verdict_t *observed)
{
    double t0 = now();
    static src_ctx x, y; /* big (a buffer): static */
    cxq_source src;
    if (source_open(&x, &src, g, n, c, dist, SEED)) {
        fprintf(stderr, "%s %s: out of memory\n", g->name, config);
        ++errors;
        return;
    }
    uint64_t state_bits = 8u * (uint64_t)g->state_size;
    char fails[1024] = "";
    for (unsigned i = 0; i < cxq_battery_count; ++i) {
        const cxq_test *t = &cxq_battery[i];
        double p1 = t->run(&src, state_bits), p2 = NAN;
        cxq_verdict_t v = cxq_verdict(p1);
        if (v == CXQ_SUSPECT) { /* docs/studies/prng.md: once more with the next fixed seed */
            cxq_source src2;
            if (source_open(&y, &src2, g, n, c, dist, SEED + 1)) {
                ++errors;
                break;
            }
            p2 = t->run(&src2, state_bits);
            source_close(&y);
            v = cxq_verdict(p2) == CXQ_PASS ? CXQ_PASS : CXQ_FAIL;
        }
        observed[i] = v;
        cxq_verdict_t e = expected(g->name, config, t);
        int ok = e == v;
        mismatches += !ok;
        char p2s[32] = "";
        if (!isnan(p2))
            snprintf(p2s, sizeof p2s, "rerun %.4g", p2);
        printf("%-12s %-8s %-14s %-10s p=%-11.4g %-16s %-4s expected %-4s%s\n", g->name, config, t->name,
               t->size, p1, p2s, cxq_verdict_name(v), cxq_verdict_name(e), ok ? "" : "   <-- MISMATCH");
        if (v == CXQ_FAIL) {
            size_t l = strlen(fails);
            snprintf(fails + l, sizeof fails - l, "%s%s (%.1e)", l ? ", " : "", t->name, p1);
        }
    }
    source_close(&x);
    printf("%-12s %-8s %.2f s\n", g->name, config, now() - t0);
    if (md)
        fprintf(md, "| %s | %s | %s |\n", g->name, config, fails[0] ? fails : "all pass");
    fflush(stdout);
}

/* ---- the distribution techniques (cxb/rng/dist.h), one interleaved configuration each ---- */

#define SAME_WORDS 4096u /* equal by chance: 2^-131072 */

/* 1 when the first SAME_WORDS words of a and b are equal */
static uint32_t probe[SAME_WORDS];

/* 1 when the native source (n streams, c words at a time) starts with the words of probe */
static int same_stream(const gen *g, unsigned n, unsigned c)
{
    static src_ctx b;
    cxq_source sb;
    if (source_open(&b, &sb, g, n, c, NATIVE, SEED))
        return 0;
    int same = 1;
    for (unsigned i = 0; i < SAME_WORDS && same; ++i)
        same = cxq_next(&sb) == probe[i];
    source_close(&b);
    return same;
}

static void run_techniques(const gen *g)
{
    const cxb_dist_desc *d = cxb_dist_find(g->name);
    if (!d)
        return;
    cxq_verdict_t observed[64];
    for (int t = 0; t < CXB_DIST_NTECH; ++t) {
        if (!(d->techs & CXB_DIST_BIT(t)))
            continue;
        /* the most streams the technique gives this generator, of 1024, 64, 3 */
        static const unsigned ns[] = {1024, 64, 3};
        unsigned n = 0;
        double t0 = now();
        for (unsigned i = 0; i < 3 && !n; ++i) {
            static src_ctx x;
            cxq_source src;
            int r = source_open(&x, &src, g, ns[i], 1, t, SEED);
            if (r == 0) { /* its first words, to recognise a stream already tested */
                n = ns[i];
                for (unsigned k = 0; k < SAME_WORDS; ++k)
                    probe[k] = cxq_next(&src);
                source_close(&x);
            } else if (r == -1) {
                fprintf(stderr, "%s %s: out of memory\n", g->name, cxb_dist_tech_names[t]);
                ++errors;
                break;
            }
        }
        char config[48];
        snprintf(config, sizeof config, "%s/i%uc1", cxb_dist_tech_names[t], n);
        if (!n) { /* offered, yet refused at 3 streams: a fault of the test set-up */
            printf("%-12s %-14s refused even with 3 streams  <-- MISMATCH\n", g->name, cxb_dist_tech_names[t]);
            ++mismatches;
            continue;
        }
        char native[16];
        snprintf(native, sizeof native, "i%uc1", n);
        const char *same = same_stream(g, 1, 1) ? "s1" : same_stream(g, n, 1) ? native : NULL;
        if (same) {
            printf("%-12s %-14s the same words as %s: its verdicts (%.2f s)\n", g->name, config, same, now() - t0);
            if (md)
                fprintf(md, "| %s | %s | = %s |\n", g->name, config, same);
            continue;
        }
        for (unsigned i = 0; i < cxq_battery_count; ++i)
            observed[i] = CXQ_PASS;
        run_config(g, config, n, 1, t, observed);
    }
}

static void run_gen(const gen *g, int single_only)
{
    static const struct {
        const char *name;
        unsigned n, c;
    } configs[] = {{"s1", 1, 1}, {"i64c1", 64, 1}, {"i64c3", 64, 3}, {"i1024c1", 1024, 1}, {"i1024c3", 1024, 3}};
    unsigned nc = g->control || single_only ? 1 : 5;
    cxq_verdict_t observed[64];
    for (unsigned k = 0; k < nc; ++k) {
        for (unsigned i = 0; i < cxq_battery_count; ++i)
            observed[i] = CXQ_PASS;
        run_config(g, configs[k].name, configs[k].n, configs[k].c, NATIVE, observed);
        if (k == 0 && g->control)
            for (unsigned d = 0; d < sizeof designated / sizeof designated[0]; ++d) {
                if (strcmp(designated[d].control, g->name))
                    continue;
                int caught = 0;
                for (unsigned i = 0; i < cxq_battery_count; ++i)
                    caught |= observed[i] == CXQ_FAIL && in_list(cxq_battery[i].name, designated[d].tests);
                if (!caught) {
                    printf("%s: negative control not caught by %s  <-- MISMATCH\n", g->name, designated[d].tests);
                    ++mismatches;
                }
            }
    }
    if (!g->control && !single_only)
        run_techniques(g);
}

static const gen *find_gen(const char *name)
{
    for (unsigned i = 0; i < ngens; ++i)
        if (!strcmp(gens[i].name, name))
            return &gens[i];
    return NULL;
}

int main(int argc, char **argv)
{
    const char *exp_path = NULL, *md_path = NULL;
    const gen *sel[64];
    unsigned nsel = 0;
    int single = 0;
    char def[4096];
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        if (!strcmp(a, "--list")) {
            for (unsigned k = 0; k < ngens; ++k)
                printf("%s%s\n", gens[k].name, gens[k].control ? " control" : "");
            return 0;
        } else if (!strcmp(a, "--check-list")) {
            unsigned want = 0, bad = 0;
            for (unsigned k = 0; k < ngens; ++k)
                want += !gens[k].control;
            for (int j = i + 1; j < argc; ++j) {
                const gen *g = find_gen(argv[j]);
                if (!g || g->control) {
                    fprintf(stderr, "check-list: %s is not in CXB_RNG_LIST\n", argv[j]);
                    ++bad;
                }
            }
            if ((unsigned)(argc - i - 1) != want) {
                fprintf(stderr, "check-list: ctest has %d battery tests, CXB_RNG_LIST %u generators\n",
                        argc - i - 1, want);
                ++bad;
            }
            return bad ? 1 : 0;
        } else if (!strcmp(a, "--gen") && i + 1 < argc) {
            const gen *g = find_gen(argv[++i]);
            if (!g) {
                fprintf(stderr, "test_battery_matrix: unknown generator %s\n", argv[i]);
                return 2;
            }
            if (nsel < 64)
                sel[nsel++] = g;
        } else if (!strcmp(a, "--controls") || !strcmp(a, "--all")) {
            for (unsigned k = 0; k < ngens && nsel < 64; ++k)
                if (gens[k].control || !strcmp(a, "--all"))
                    sel[nsel++] = &gens[k];
        } else if (!strcmp(a, "--single")) {
            single = 1;
        } else if (!strcmp(a, "--expected") && i + 1 < argc) {
            exp_path = argv[++i];
        } else if (!strcmp(a, "--markdown") && i + 1 < argc) {
            md_path = argv[++i];
        } else {
            fprintf(stderr, "usage: test_battery_matrix [--gen NAME]... [--controls] [--all] [--single] "
                            "[--expected FILE] [--markdown FILE] [--list] [--check-list NAME...]\n");
            return 2;
        }
    }
    {
        const char *root = getenv("CXB_SOURCE_DIR");
        snprintf(dc_path, sizeof dc_path, "%s/tests/prng/data/tinymt32dc.head.txt", root ? root : ".");
    }
    if (!exp_path) {
        const char *root = getenv("CXB_SOURCE_DIR");
        snprintf(def, sizeof def, "%s/tests/prng/quality/expected.txt", root ? root : ".");
        exp_path = def;
    }
    if (load_expected(exp_path))
        return 2;
    if (md_path && !(md = fopen(md_path, "a"))) {
        fprintf(stderr, "test_battery_matrix: %s: cannot open\n", md_path);
        return 2;
    }
    for (unsigned k = 0; k < nsel; ++k)
        run_gen(sel[k], single);
    if (md)
        fclose(md);
    free(rules);
    if (mismatches || errors)
        fprintf(stderr, "%u verdict(s) differ from %s, %u error(s)\n", mismatches, exp_path, errors);
    return mismatches || errors ? 1 : 0;
}
