/* impl_cpu/prng/dist.c - stream distribution: descriptors, Passerat-Palmbach's Table 3.2
 * usage rules, random spacing's overlap probability, the plan (jump tables built once),
 * and the sequential driver, the reference of every other backend (docs/studies/prng.md).
 *
 * Sources: Passerat-Palmbach (2013) ch. 2.3, 3.3-3.7 and Table 3.2; the overlap formula
 * of docs/studies/prng.md; cuRAND's XORWOW jump tables (precalc_xorwow_matrix /
 * precalc_xorwow_offset_matrix: M^(2^i) tables, rebuilt here by cxb/rng/jump.h's
 * cxb_xorwow_jtab_build with one-bit digits, not copied). The plan also carries the
 * parameterisation's bounds: TinyMT32's DC sets (cxb_dist_plan_set_tinymt32), MTGP32's
 * 200, and the ids below which a generator's streams are distinct (id_limit), which every
 * driver checks before drawing (cxb_dist_plan_check_ids).
 * Deviation: the sequential driver runs one worker, so leap frog has stride 1 and the
 * central server hands out its stream in task order: both equal the base stream
 * consumed task after task ("the sequence a sequential process would have consumed").
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/prng/dist.h"

const char *const cxb_dist_tech_names[CXB_DIST_NTECH] = {"split", "spacing", "leapfrog",
                                                         "param", "counter", "central"};

static const cxb_dist_desc descs[] = {
#define CXB_DIST_X(name, g, techs, lp, jump, split) {name, CXB_DIST_GEN_##g, techs, lp, jump, split, 0},
    CXB_DIST_LIST(CXB_DIST_X)
#undef CXB_DIST_X
};

/* The kind comes from CXB_RNG_LIST, the one generator list (a name there without a
 * CXB_DIST_LIST line has no descriptor). */
static cxb_rng_kind kind_of(const char *name)
{
#define CXB_RNG_X(nm, g, kind, streams, chunk) \
    if (strcmp(name, nm) == 0)                  \
        return kind;
    CXB_RNG_LIST(CXB_RNG_X)
#undef CXB_RNG_X
    return CXB_RNG_STATEFUL;
}

static cxb_dist_desc all_descs[sizeof descs / sizeof descs[0]];
static pthread_once_t descs_once = PTHREAD_ONCE_INIT;

static void fill_descs(void)
{
    for (size_t i = 0; i < sizeof descs / sizeof descs[0]; ++i) {
        all_descs[i] = descs[i];
        all_descs[i].kind = kind_of(descs[i].name);
    }
}

const cxb_dist_desc *cxb_dist_descs(size_t *count)
{
    pthread_once(&descs_once, fill_descs); /* any thread may ask first */
    *count = sizeof descs / sizeof descs[0];
    return all_descs;
}

const cxb_dist_desc *cxb_dist_find(const char *gen)
{
    size_t n;
    const cxb_dist_desc *d = cxb_dist_descs(&n);
    for (size_t i = 0; i < n; ++i)
        if (strcmp(d[i].name, gen) == 0)
            return &d[i];
    return NULL;
}

cxb_status cxb_dist_parse(const char *text, cxb_dist_tech *t)
{
    for (int i = 0; i < CXB_DIST_NTECH; ++i)
        if (strcmp(text, cxb_dist_tech_names[i]) == 0) {
            *t = (cxb_dist_tech)i;
            return CXB_OK;
        }
    return cxb_fail(CXB_EINPUT, "--dist %s: unknown technique (split, spacing, leapfrog, param, counter, central)",
                    text);
}

double cxb_dist_overlap_prob(double n, double len, double log2_period)
{
    if (n < 2 || len <= 0)
        return 0.0;
    /* x = n len / (P - 1); P - 1 = P to double precision for every period above 2^53 */
    double x = ldexp(n * len, -(int)fmin(log2_period, 100000.0));
    if (log2_period < 53)
        x = n * len / (ldexp(1.0, (int)log2_period) - 1.0);
    if (x >= 1.0)
        return 1.0;
    return -expm1((n - 1) * log1p(-x));
}

cxb_status cxb_dist_check(const cxb_dist_desc *d, cxb_dist_tech t, uint64_t draws)
{
    const char *tn = cxb_dist_tech_names[t];
    if (d->techs & CXB_DIST_BIT(t)) {
        /* Table 3.2: random spacing needs a period well above the numbers drawn */
        if (t == CXB_DIST_SPACING && d->log2_period < 60 && draws > 100000000000ull)
            return cxb_fail(CXB_EINPUT,
                            "--dist spacing: %s has a period of 2^%u < 2^60 and the run draws %llu > 10^11 "
                            "numbers (Passerat-Palmbach Table 3.2: overlapping streams)",
                            d->name, d->log2_period, (unsigned long long)draws);
        return CXB_OK;
    }
    switch (t) {
    case CXB_DIST_SPLIT:
        return cxb_fail(CXB_EINPUT, "--dist split: %s has no jump-ahead (use spacing)", d->name);
    case CXB_DIST_LEAPFROG:
        return cxb_fail(CXB_EINPUT,
                        "--dist leapfrog: %s has no cheap jump (Passerat-Palmbach Table 3.2: leap frog without a "
                        "jump is a central server)",
                        d->name);
    case CXB_DIST_PARAM:
        return cxb_fail(CXB_EINPUT, "--dist param: %s has no keys or parameter sets", d->name);
    case CXB_DIST_COUNTER:
        return cxb_fail(CXB_EINPUT, "--dist counter: %s is not counter-based", d->name);
    default:
        return cxb_fail(CXB_EINPUT, "--dist %s: not offered by %s", tn, d->name);
    }
}

/* ---- the plan ---- */

/* Stream ids below which per-task streams are distinct (0: all 2^64), cxb/rng/dist.h. */
static uint64_t id_limit(cxb_dist_gen g, cxb_dist_tech t)
{
    if (t == CXB_DIST_PARAM && g == CXB_DIST_GEN_tinymt32)
        return 0; /* until cxb_dist_plan_set_tinymt32; checked through nparams = 0 */
#if CXB_HAVE_MTGP32
    if (g == CXB_DIST_GEN_mtgp32)
        return t == CXB_DIST_PARAM ? CXB_MTGP32_DC_11213_SETS : (uint64_t)1 << 32;
#endif
    if (g == CXB_DIST_GEN_ranlim32 && t == CXB_DIST_SPACING)
        return (uint64_t)1 << 32;
    if (g == CXB_DIST_GEN_ranhash && (t == CXB_DIST_SPLIT || t == CXB_DIST_COUNTER))
        return (uint64_t)1 << 24;
    return 0;
}

static cxb_mrg32k3a_mat mrg_pow(cxb_mrg32k3a_mat b, uint64_t n, uint32_t m)
{
    cxb_mrg32k3a_mat r = {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
    while (n) {
        if (n & 1u)
            cxb_mrg32k3a_matmul(&r, &b, &r, m);
        n >>= 1;
        if (n)
            cxb_mrg32k3a_matmul(&b, &b, &b, m);
    }
    return r;
}

/* jump.h's one-bit tables: xorwow_off[i] = M^(2^i), xorwow_sub[i] = M^(2^67 2^i) */
static cxb_status xorwow_tables(cxb_dist_plan *p)
{
    cxb_xorwow_mat *tmp = malloc(2 * sizeof *tmp);
    if (!tmp)
        return cxb_fail(CXB_ERESOURCE, "--dist %s: out of host memory for XORWOW's jump tables",
                        cxb_dist_tech_names[p->tech]);
    cxb_xorwow_jtab_build(p->xorwow_off, 0, 1, CXB_DIST_XORWOW_TABLE, tmp);
    cxb_xorwow_jtab_build(p->xorwow_sub, 67, 1, CXB_DIST_XORWOW_TABLE, tmp);
    free(tmp);
    return CXB_OK;
}

void cxb_dist_plan_set_workers(cxb_dist_plan *p, uint64_t workers)
{
    p->workers = workers ? workers : 1;
    if (p->tech != CXB_DIST_LEAPFROG || p->workers == 1)
        return;
    uint64_t k = p->workers - 1;
    if (p->gen == CXB_DIST_GEN_mrg32k3a) {
        p->mrg_leap[0] = mrg_pow(cxb_mrg32k3a_a1(), k, CXB_MRG32K3A_M1);
        p->mrg_leap[1] = mrg_pow(cxb_mrg32k3a_a2(), k, CXB_MRG32K3A_M2);
    } else if (p->gen == CXB_DIST_GEN_xorwow) {
        /* M^k = product of the tables' M^(2^i) over the bits of k: columns are images of
         * basis vectors, so apply the tables to every column of the identity */
        for (int c = 0; c < CXB_XORWOW_BITS; ++c) {
            memset(p->xorwow_leap.c[c], 0, sizeof p->xorwow_leap.c[c]);
            p->xorwow_leap.c[c][c >> 5] = 1u << (c & 31);
            cxb_dist_xorwow_apply(p->xorwow_off, k, p->xorwow_leap.c[c]);
        }
    }
}

cxb_status cxb_dist_plan_create(cxb_dist_plan **out, const char *gen, cxb_dist_tech t, uint64_t seed,
                                uint64_t draws)
{
    *out = NULL;
    if ((unsigned)t >= CXB_DIST_NTECH)
        return cxb_fail(CXB_EINPUT, "--dist: technique %d out of range", (int)t);
    const cxb_dist_desc *d = cxb_dist_find(gen);
    if (!d)
        return cxb_fail(CXB_EINPUT, "--dist %s: generator %s offers no stream-distribution technique",
                        cxb_dist_tech_names[t], gen);
    cxb_status st = cxb_dist_check(d, t, draws);
    if (st != CXB_OK)
        return st;
    cxb_dist_plan *p = calloc(1, sizeof *p);
    if (!p)
        return cxb_fail(CXB_ERESOURCE, "--dist %s: out of host memory for the plan", cxb_dist_tech_names[t]);
    p->gen = d->gen;
    p->tech = t;
    p->seed = seed;
    if (d->gen == CXB_DIST_GEN_xorwow && (t == CXB_DIST_SPLIT || t == CXB_DIST_LEAPFROG) &&
        (st = xorwow_tables(p)) != CXB_OK) {
        free(p);
        return st;
    }
    p->max_ids = id_limit(d->gen, t);
#if CXB_HAVE_MTGP32
    if (d->gen == CXB_DIST_GEN_mtgp32 && t == CXB_DIST_PARAM)
        p->nparams = CXB_MTGP32_DC_11213_SETS;
#endif
    cxb_dist_plan_set_workers(p, 1);
    *out = p;
    return CXB_OK;
}

cxb_status cxb_dist_plan_set_tinymt32(cxb_dist_plan *p, const cxb_tinymt32_params *sets, size_t nsets)
{
    if (p->gen != CXB_DIST_GEN_tinymt32 || p->tech != CXB_DIST_PARAM)
        return cxb_fail(CXB_EINPUT, "--dc: a TinyMT32 DC file only serves tinymt32 --dist param, not %s --dist %s",
                        cxb_dist_descs(&(size_t){0})[p->gen].name, cxb_dist_tech_names[p->tech]);
    if (nsets == 0)
        return cxb_fail(CXB_EINPUT, "--dc: the DC file holds no parameter set");
    if (nsets > CXB_DIST_TINYMT32_MAX_SETS)
        return cxb_fail(CXB_EINPUT, "--dc: %zu parameter sets, at most %d (CXB_DIST_TINYMT32_MAX_SETS)", nsets,
                        CXB_DIST_TINYMT32_MAX_SETS);
    memcpy(p->tinymt32_sets, sets, nsets * sizeof *sets);
    p->nparams = nsets;
    p->max_ids = nsets;
    return CXB_OK;
}

cxb_status cxb_dist_plan_check_ids(const cxb_dist_plan *p, uint64_t first, uint64_t n)
{
    const char *g = cxb_dist_descs(&(size_t){0})[p->gen].name, *tn = cxb_dist_tech_names[p->tech];
    if (n == 0 || !cxb_dist_per_task(p->tech))
        return CXB_OK;
    if (p->gen == CXB_DIST_GEN_tinymt32 && p->tech == CXB_DIST_PARAM && p->nparams == 0)
        return cxb_fail(CXB_EINPUT,
                        "--dist param: tinymt32 has no parameter sets: name a TinyMT32 DC file with --dc FILE "
                        "(TinyMT's opencl/tinymt32dc.0.2000.txt)");
    if (p->max_ids && (first >= p->max_ids || n > p->max_ids - first)) {
        if (p->tech == CXB_DIST_PARAM)
            return cxb_fail(CXB_EINPUT,
                            "--dist param: %s has %llu parameter sets (stream ids 0..%llu) but ids %llu..%llu were "
                            "asked",
                            g, (unsigned long long)p->nparams, (unsigned long long)p->nparams - 1,
                            (unsigned long long)first, (unsigned long long)(first + n - 1));
        return cxb_fail(CXB_EINPUT, "--dist %s: %s has distinct streams for ids below %llu only, but ids %llu..%llu "
                        "were asked", tn, g, (unsigned long long)p->max_ids, (unsigned long long)first,
                        (unsigned long long)(first + n - 1));
    }
    return CXB_OK;
}

void cxb_dist_plan_destroy(cxb_dist_plan *p) { free(p); }

/* ---- the sequential driver: one worker ---- */

#define CXB_DIST_X(name, g, techs, lp, jump, split)                                                \
    static void seq_##g(const cxb_dist_plan *p, uint64_t tasks, uint64_t k, int per_task, uint32_t *out) \
    {                                                                                              \
        cxb_##g##_state s;                                                                         \
        cxb_dist_init_##g(&s, p, 0); /* the one worker's stream, or task 0's */                    \
        for (uint64_t id = 0; id < tasks; ++id) {                                                  \
            if (per_task && id > 0)                                                                \
                cxb_dist_init_##g(&s, p, id);                                                      \
            for (uint64_t j = 0; j < k; ++j)                                                       \
                out[id * k + j] = cxb_dist_next_##g(&s, p);                                        \
        }                                                                                          \
    }
CXB_DIST_LIST(CXB_DIST_X)
#undef CXB_DIST_X

cxb_status cxb_dist_draw_seq(cxb_dist_plan *p, uint64_t tasks, uint64_t k, int per_worker, uint32_t *out)
{
    cxb_dist_plan_set_workers(p, 1);
    int per_task = cxb_dist_per_task(p->tech) && !per_worker;
    cxb_status st = cxb_dist_plan_check_ids(p, 0, tasks);
    if (st != CXB_OK)
        return st;
    switch (p->gen) {
#define CXB_DIST_X(name, g, techs, lp, jump, split) \
    case CXB_DIST_GEN_##g:                           \
        seq_##g(p, tasks, k, per_task, out);         \
        return CXB_OK;
        CXB_DIST_LIST(CXB_DIST_X)
#undef CXB_DIST_X
    default:
        return cxb_fail(CXB_EINPUT, "--dist: bad generator index %d", (int)p->gen);
    }
}
