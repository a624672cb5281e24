/* cxb/rng/dist.h - stream distribution as its own axis: the techniques that hand each
 * logical task (replication, entity, element) its own stream of a generator, one
 * definition for every backend (seq, pthreads, CUDA).
 *
 * Sources: J. Passerat-Palmbach (2013), PhD thesis, ch. 2.3 and 3.3-3.7 (the techniques,
 * Table 3.2's usage rules, the four GPU requirements of 3.3); cuRAND's curand_init
 * (sequence splitting by subsequence, "seed + id" random spacing); cuRAND's
 * curandMakeMTGP32KernelState (MTGP32 kernel state i = DC set i); TinyMT's DC files
 * (opencl/tinymt32dc.0.2000.txt, one parameter set per stream). Study page:
 * docs/studies/prng.md.
 *
 * The techniques (cxb_dist_tech), for logical stream `id` of a job of seed `seed`:
 *   split     sequence splitting: the generator's own cxb_g_init(seed, id, 0), stream id
 *             being the base stream jumped by id x the split distance D (MRG32k3a 2^76,
 *             XORWOW 2^67, Philox4x32 2^66, Threefry4x32 2^66 outputs). Only where the
 *             generator has an intrinsic jump: streams are disjoint by construction.
 *   spacing   random spacing: a fresh seed per id, cxb_g_init(seed + id, 0, 0), as
 *             curand_init(seed + id, 0, 0) users do. Streams start at unrelated points of
 *             the period; they overlap with probability cxb_dist_overlap_prob (5.1).
 *             Related seeds are only safe with seeding that mixes (docs/studies/prng.md), so the
 *             NR3 generators use their own hashed streams cxb_g_init(seed, id, 0) instead,
 *             and MTGP32 (32-bit seeds) set 0 seeded fold(seed) + id + 1 (see below).
 *   leapfrog  worker w of N takes x_w, x_{w+N}, x_{w+2N}, ... of the base stream
 *             (cxb_g_init(seed, 0, w), then a jump of N - 1 after every draw). The
 *             stream belongs to a WORKER, not a task: the numbers a task gets depend on N
 *             and on which tasks the worker ran before it. A negative control
 *             (legitimate only at a fixed stride, warp scope N = 32, 5.4). Only where the
 *             jump is cheap (counter add: Philox, Threefry, Ranhash; MRG32k3a 3x3 matrices;
 *             XORWOW a 160x160 GF(2) matrix in the plan); refused otherwise (Table 3.2: "leap frog without a
 *             jump" is a central server).
 *   param     parameterisation: a parameter set or key per id. Philox4x32: key = id,
 *             counter high words = seed (cxb_philox4x32_init(id, seed, 0)), so unlike
 *             spacing two seeds never share a stream; Threefry4x32: key = (seed, id);
 *             TinyMT32: DC set id of the user's file (plan->tinymt32_sets, --dc FILE);
 *             MTGP32: DC set id of the toolkit's 200 (cuRAND's kernel state id). Sets
 *             are finite: ids >= plan->nparams are refused (cxb_dist_plan_check_ids).
 *   counter   counter-based: output p of stream id is a pure function of (seed, id, p),
 *             cxb_dist_at_g; any thread can compute any output. For Philox, Threefry and
 *             Ranhash the numbers equal split's (the counter block IS the split), computed
 *             without state; only counter-based generators offer it.
 *   central   the central server (negative control): one generator, stream 0 of the seed,
 *             hands out its numbers in request order. Every number is handed out once,
 *             but which task gets which depends on scheduling (pthreads: a mutex;
 *             CUDA: i = atomicAdd(&c, 1) feeding output i of a counter-based generator:
 *             Philox, Threefry, Ranhash; stateful generators are refused there).
 *
 * Usage rules (Passerat-Palmbach Table 3.2, docs/studies/prng.md), checked by cxb_dist_check:
 * spacing is refused for a period below 2^60 when the run draws more than 10^11 numbers;
 * leap frog without a cheap jump is refused; param only for generators with keys or
 * parameter tables; counter only for counter-based generators; split only with a jump.
 *
 * Adding a generator: give it a line in CXB_DIST_LIST (its techniques, log2 of its
 * period, its jump class), the two functions cxb_dist_init_g / cxb_dist_next_g below
 * (and cxb_dist_at_g if it is counter-based), and its entries in the _Generic macros at the
 * end; if its streams are finite (parameter sets, short seeds), its limit in
 * impl_cpu/prng/dist.c's id_limit. A generator of CXB_RNG_LIST without a line here offers no
 * technique (cxb_dist_find answers NULL and the CLI refuses --dist); today every generator
 * of CXB_RNG_LIST has one (tests/prng/test_dist_params.c checks it).
 */
#ifndef CXB_RNG_DIST_H
#define CXB_RNG_DIST_H

#include <stdint.h>

#include "cxb/hd.h"
#include "cxb/rng/all.h"
#include "cxb/rng/jump.h"

typedef enum cxb_dist_tech {
    CXB_DIST_SPLIT,
    CXB_DIST_SPACING,
    CXB_DIST_LEAPFROG,
    CXB_DIST_PARAM,
    CXB_DIST_COUNTER,
    CXB_DIST_CENTRAL,
    CXB_DIST_NTECH
} cxb_dist_tech;

#define CXB_DIST_BIT(t) (1u << (t))
#define CXB_DIST_S CXB_DIST_BIT(CXB_DIST_SPLIT)
#define CXB_DIST_R CXB_DIST_BIT(CXB_DIST_SPACING)
#define CXB_DIST_L CXB_DIST_BIT(CXB_DIST_LEAPFROG)
#define CXB_DIST_P CXB_DIST_BIT(CXB_DIST_PARAM)
#define CXB_DIST_C CXB_DIST_BIT(CXB_DIST_COUNTER)
#define CXB_DIST_Z CXB_DIST_BIT(CXB_DIST_CENTRAL)

/* Jump cost classes (docs/studies/prng.md's descriptor, Figure R2). */
typedef enum cxb_dist_jump {
    CXB_JUMP_NONE,     /* no jump: stepping only */
    CXB_JUMP_CONSTANT, /* O(1): a counter add */
    CXB_JUMP_LOG       /* O(log distance) matrix products */
} cxb_dist_jump;

/* X(name, g, techniques, log2 period, jump class, split distance log2 (0: none)).
 * Periods: Philox/Threefry 2^128 blocks of 4 (2^130); XORWOW (2^160 - 1) 2^32 (~2^192);
 * MRG32k3a ~2^191 (L'Ecuyer 1999); MT19937 2^19937 - 1; MTGP32 2^11213 - 1; TinyMT32
 * 2^127 - 1; NR3 (docs/studies/prng.md, floor of log2): Ran ~3.1e57 (2^191), Ranq1 ~1.8e19 (2^64),
 * Ranq2 ~8.5e37 (2^126), Ranlim32 ~3.1e37 (2^124); Ranhash's counter wraps at 2^64 (its
 * streams are 2^40 apart: split distance 2^40, distinct for ids < 2^24, nr3.h). */
#define CXB_DIST_LIST(X)                                                                          \
    X("philox4x32", philox4x32, CXB_DIST_S | CXB_DIST_R | CXB_DIST_L | CXB_DIST_P | CXB_DIST_C |    \
                                    CXB_DIST_Z, 130, CXB_JUMP_CONSTANT, 66)                        \
    X("threefry4x32", threefry4x32, CXB_DIST_S | CXB_DIST_R | CXB_DIST_L | CXB_DIST_P | CXB_DIST_C | \
                                        CXB_DIST_Z, 130, CXB_JUMP_CONSTANT, 66)                    \
    X("xorwow", xorwow, CXB_DIST_S | CXB_DIST_R | CXB_DIST_L | CXB_DIST_Z, 192, CXB_JUMP_LOG, 67)    \
    X("mrg32k3a", mrg32k3a, CXB_DIST_S | CXB_DIST_R | CXB_DIST_L | CXB_DIST_Z, 191, CXB_JUMP_LOG, 76) \
    X("mt19937", mt19937, CXB_DIST_R | CXB_DIST_Z, 19937, CXB_JUMP_NONE, 0)                        \
    CXB_DIST_LIST_MTGP32(X)                                                                       \
    X("ran", ran, CXB_DIST_R | CXB_DIST_Z, 191, CXB_JUMP_NONE, 0)                                    \
    X("ranq1", ranq1, CXB_DIST_R | CXB_DIST_Z, 64, CXB_JUMP_NONE, 0)                                 \
    X("ranq2", ranq2, CXB_DIST_R | CXB_DIST_Z, 126, CXB_JUMP_NONE, 0)                                \
    X("ranlim32", ranlim32, CXB_DIST_R | CXB_DIST_Z, 124, CXB_JUMP_NONE, 0)                          \
    X("ranhash", ranhash, CXB_DIST_S | CXB_DIST_R | CXB_DIST_L | CXB_DIST_C | CXB_DIST_Z, 64,         \
      CXB_JUMP_CONSTANT, 40)                                                                      \
    X("tinymt32", tinymt32, CXB_DIST_R | CXB_DIST_P | CXB_DIST_Z, 127, CXB_JUMP_NONE, 0)

/* MTGP32 needs the toolkit's DC table (cxb/rng/mtgp32.h), as in CXB_RNG_LIST. */
#if CXB_HAVE_MTGP32
#define CXB_DIST_LIST_MTGP32(X) X("mtgp32", mtgp32, CXB_DIST_R | CXB_DIST_P | CXB_DIST_Z, 11213, CXB_JUMP_NONE, 0)
#else
#define CXB_DIST_LIST_MTGP32(X)
#endif

/* Index of a generator in CXB_DIST_LIST. */
typedef enum cxb_dist_gen {
#define CXB_DIST_X(name, g, techs, lp, jump, split) CXB_DIST_GEN_##g,
    CXB_DIST_LIST(CXB_DIST_X)
#undef CXB_DIST_X
    CXB_DIST_NGEN
} cxb_dist_gen;

/* The descriptor of a generator's distribution techniques (docs/studies/prng.md). */
typedef struct cxb_dist_desc {
    const char *name;
    cxb_dist_gen gen;
    unsigned techs; /* CXB_DIST_BIT(t) for each technique offered */
    unsigned log2_period;
    cxb_dist_jump jump;
    unsigned split_log2; /* split distance D = 2^split_log2 outputs (0: no split) */
    cxb_rng_kind kind;
} cxb_dist_desc;

/* ---- the plan: everything a stream needs besides its id, built once on the host ----
 *
 * Flat (no pointers), so the CUDA backend copies it to device memory as it is. XORWOW's
 * jumps use cuRAND's device-API scheme: tables of M^(2^i) (offsets) and M^(2^67 2^i)
 * (subsequences), so a stream starts in popcount(id) matrix-vector products instead of
 * ~70 squarings of a 160x160 matrix each. The tables are cxb/rng/jump.h's one-bit tables
 * (cxb_xorwow_jtab_build with b = 1, levels 64; applied by cxb_xorwow_jtab_apply), so
 * the plan and the jump-cost rows share one definition of the jump.
 *
 * TinyMT32's parameter sets (the user's DC file, cxb_dist_plan_set_tinymt32) are stored in
 * the plan itself, up to CXB_DIST_TINYMT32_MAX_SETS = 4096 (TinyMT's published file has
 * 2000): 48 KB, against the XORWOW tables' ~410 KB, so the flat copy stays cheap and no
 * second device array (with its own allocation, copy and lifetime) is needed. MTGP32's
 * 200 sets are the toolkit's table, compiled into both host and device code
 * (cxb/rng/mtgp32.h): the plan only records their count. */
#define CXB_DIST_XORWOW_TABLE 64
#define CXB_DIST_TINYMT32_MAX_SETS 4096
typedef struct cxb_dist_plan {
    cxb_dist_gen gen;
    cxb_dist_tech tech;
    uint64_t seed;
    uint64_t workers;                   /* leap frog: the stride N (>= 1) */
    cxb_mrg32k3a_mat mrg_leap[2];       /* A1^(N-1), A2^(N-1) */
    cxb_xorwow_mat xorwow_leap;         /* M^(N-1) */
    cxb_xorwow_mat xorwow_off[CXB_DIST_XORWOW_TABLE];  /* M^(2^i) */
    cxb_xorwow_mat xorwow_sub[CXB_DIST_XORWOW_TABLE];  /* M^(2^67 2^i) */
    uint64_t nparams;                   /* parameter sets (TinyMT32: the DC file's; MTGP32: 200; else 0) */
    uint64_t max_ids;                   /* per-task stream ids must stay below it (0: no limit) */
    cxb_tinymt32_params tinymt32_sets[CXB_DIST_TINYMT32_MAX_SETS]; /* param: set id = stream id */
} cxb_dist_plan;

/* 1 for the techniques whose stream is bound to the task id alone (requirement 4). */
static inline CXB_HD int cxb_dist_per_task(cxb_dist_tech t)
{
    return t == CXB_DIST_SPLIT || t == CXB_DIST_SPACING || t == CXB_DIST_PARAM || t == CXB_DIST_COUNTER;
}

/* ---- 4x32 counters (Philox, Threefry): skip k outputs of a (ctr, lane) position ---- */

/* 128-bit counter words v[0..3] += n blocks (n in words 0-1, carried upwards). */
static inline CXB_HD void cxb_dist_ctr_add(uint32_t v[4], uint64_t n)
{
    uint64_t lo = ((uint64_t)v[1] << 32 | v[0]) + n;
    int carry = lo < n;
    v[0] = (uint32_t)lo;
    v[1] = (uint32_t)(lo >> 32);
    for (int i = 2; i < 4 && carry; ++i)
        carry = ++v[i] == 0;
}

/* ---- Philox4x32-10 ---- */

static inline CXB_HD void cxb_dist_skip_philox4x32(cxb_philox4x32_state *s, uint64_t k)
{
    uint64_t t = s->lane + k;
    if (t >= 4) {
        cxb_dist_ctr_add(s->ctr.v, t / 4);
        s->out = cxb_philox4x32_block(s->ctr, s->key, s->rounds);
    }
    s->lane = (uint32_t)(t % 4);
}

/* Output p of counter-based stream id: word p mod 4 of the block of counter
 * (p/4 lo, p/4 hi, id lo, id hi) under key seed (= split stream id, position p). */
static inline CXB_HD uint32_t cxb_dist_at_philox4x32(uint64_t seed, uint64_t id, uint64_t p)
{
    uint64_t b = p / 4;
    cxb_philox4x32_ctr c = {{(uint32_t)b, (uint32_t)(b >> 32), (uint32_t)id, (uint32_t)(id >> 32)}};
    cxb_philox4x32_key k = {{(uint32_t)seed, (uint32_t)(seed >> 32)}};
    return cxb_philox4x32_block(c, k, 10).v[p % 4];
}

static inline CXB_HD void cxb_dist_init_philox4x32(cxb_philox4x32_state *s, const cxb_dist_plan *p, uint64_t id)
{
    switch (p->tech) {
    case CXB_DIST_SPACING: cxb_philox4x32_init(s, p->seed + id, 0, 0); break;
    case CXB_DIST_PARAM: cxb_philox4x32_init(s, id, p->seed, 0); break;
    case CXB_DIST_LEAPFROG: cxb_philox4x32_init(s, p->seed, 0, id); break;
    case CXB_DIST_CENTRAL: cxb_philox4x32_init(s, p->seed, 0, 0); break;
    default: cxb_philox4x32_init(s, p->seed, id, 0); break; /* split, counter */
    }
}

static inline CXB_HD uint32_t cxb_dist_next_philox4x32(cxb_philox4x32_state *s, const cxb_dist_plan *p)
{
    uint32_t x = cxb_philox4x32_next_u32(s);
    if (p->tech == CXB_DIST_LEAPFROG && p->workers > 1)
        cxb_dist_skip_philox4x32(s, p->workers - 1);
    return x;
}

/* ---- Threefry4x32-20 ---- */

static inline CXB_HD void cxb_dist_skip_threefry4x32(cxb_threefry4x32_state *s, uint64_t k)
{
    uint64_t t = s->lane + k;
    if (t >= 4) {
        cxb_dist_ctr_add(s->ctr.v, t / 4);
        s->out = cxb_threefry4x32_block(s->ctr, s->key, 20);
    }
    s->lane = (uint32_t)(t % 4);
}

/* Output p of counter-based stream id (= split stream id, position p). */
static inline CXB_HD uint32_t cxb_dist_at_threefry4x32(uint64_t seed, uint64_t id, uint64_t p)
{
    uint64_t b = p / 4;
    cxb_threefry4x32_ctr c = {{(uint32_t)b, (uint32_t)(b >> 32), (uint32_t)id, (uint32_t)(id >> 32)}};
    cxb_threefry4x32_key k = {{(uint32_t)seed, (uint32_t)(seed >> 32), 0u, 0u}};
    return cxb_threefry4x32_block(c, k, 20).v[p % 4];
}

static inline CXB_HD void cxb_dist_init_threefry4x32(cxb_threefry4x32_state *s, const cxb_dist_plan *p,
                                                     uint64_t id)
{
    switch (p->tech) {
    case CXB_DIST_SPACING: cxb_threefry4x32_init(s, p->seed + id, 0, 0); break;
    case CXB_DIST_PARAM: /* the 128-bit key's free half carries the id */
        cxb_threefry4x32_init(s, p->seed, 0, 0);
        s->key.v[2] = (uint32_t)id;
        s->key.v[3] = (uint32_t)(id >> 32);
        s->out = cxb_threefry4x32_block(s->ctr, s->key, 20);
        break;
    case CXB_DIST_LEAPFROG: cxb_threefry4x32_init(s, p->seed, 0, id); break;
    case CXB_DIST_CENTRAL: cxb_threefry4x32_init(s, p->seed, 0, 0); break;
    default: cxb_threefry4x32_init(s, p->seed, id, 0); break; /* split, counter */
    }
}

static inline CXB_HD uint32_t cxb_dist_next_threefry4x32(cxb_threefry4x32_state *s, const cxb_dist_plan *p)
{
    uint32_t x = cxb_threefry4x32_next_u32(s);
    if (p->tech == CXB_DIST_LEAPFROG && p->workers > 1)
        cxb_dist_skip_threefry4x32(s, p->workers - 1);
    return x;
}

/* ---- XORWOW ---- */

/* v <- prod over set bits i of n of t[i] v (the tables commute: powers of one M): jump.h's
 * table jump with one-bit digits. */
static inline CXB_HD void cxb_dist_xorwow_apply(const cxb_xorwow_mat *t, uint64_t n, uint32_t v[5])
{
    cxb_jump_dist d = cxb_jump_dist_u64(n);
    cxb_xorwow_jtab_apply(t, 1, CXB_DIST_XORWOW_TABLE, v, &d);
}

static inline CXB_HD void cxb_dist_init_xorwow(cxb_xorwow_state *s, const cxb_dist_plan *p, uint64_t id)
{
    /* split and leap frog reproduce cxb_xorwow_init(seed, id, 0) / (seed, 0, id) exactly,
     * through the plan's tables */
    switch (p->tech) {
    case CXB_DIST_SPACING: cxb_xorwow_init(s, p->seed + id, 0, 0); break;
    case CXB_DIST_LEAPFROG:
        cxb_xorwow_seed(s, p->seed);
        cxb_dist_xorwow_apply(p->xorwow_off, id, s->v);
        s->d += CXB_XORWOW_WEYL * (uint32_t)id;
        break;
    case CXB_DIST_CENTRAL: cxb_xorwow_init(s, p->seed, 0, 0); break;
    default: /* split */
        cxb_xorwow_seed(s, p->seed);
        cxb_dist_xorwow_apply(p->xorwow_sub, id, s->v);
        break;
    }
}

static inline CXB_HD uint32_t cxb_dist_next_xorwow(cxb_xorwow_state *s, const cxb_dist_plan *p)
{
    uint32_t x = cxb_xorwow_next_u32(s);
    if (p->tech == CXB_DIST_LEAPFROG && p->workers > 1) {
        cxb_xorwow_matvec_inplace(&p->xorwow_leap, s->v);
        s->d += CXB_XORWOW_WEYL * (uint32_t)(p->workers - 1);
    }
    return x;
}

/* ---- MRG32k3a ---- */

static inline CXB_HD void cxb_dist_init_mrg32k3a(cxb_mrg32k3a_state *s, const cxb_dist_plan *p, uint64_t id)
{
    switch (p->tech) {
    case CXB_DIST_SPACING: cxb_mrg32k3a_init(s, p->seed + id, 0, 0); break;
    case CXB_DIST_LEAPFROG: cxb_mrg32k3a_init(s, p->seed, 0, id); break;
    case CXB_DIST_CENTRAL: cxb_mrg32k3a_init(s, p->seed, 0, 0); break;
    default: cxb_mrg32k3a_init(s, p->seed, id, 0); break; /* split: substream id, 2^76 apart */
    }
}

static inline CXB_HD uint32_t cxb_dist_next_mrg32k3a(cxb_mrg32k3a_state *s, const cxb_dist_plan *p)
{
    uint32_t x = cxb_mrg32k3a_next_u32(s);
    if (p->tech == CXB_DIST_LEAPFROG && p->workers > 1) {
        cxb_mrg32k3a_matvec(&p->mrg_leap[0], s->s1, CXB_MRG32K3A_M1);
        cxb_mrg32k3a_matvec(&p->mrg_leap[1], s->s2, CXB_MRG32K3A_M2);
    }
    return x;
}

/* ---- MT19937: random spacing and the central server only (no jump implemented) ---- */

static inline CXB_HD void cxb_dist_init_mt19937(cxb_mt19937_state *s, const cxb_dist_plan *p, uint64_t id)
{
    if (p->tech == CXB_DIST_SPACING)
        cxb_mt19937_init(s, p->seed + id, 0, 0);
    else /* central (the only other technique the descriptor offers) */
        cxb_mt19937_init(s, p->seed, 0, 0);
}

static inline CXB_HD uint32_t cxb_dist_next_mt19937(cxb_mt19937_state *s, const cxb_dist_plan *p)
{
    (void)p;
    return cxb_mt19937_next_u32(s);
}

/* ---- MTGP32: parameterisation over the toolkit's 200 DC sets, random spacing, central ----
 *
 * param: stream id is cuRAND's MTGP32 kernel state id, cxb_mtgp32_init(seed, id, 0): DC set
 * id, seeded with fold(seed) + id + 1 (cxb/rng/mtgp32.h). Only ids < 200: beyond, sets
 * repeat and streams would differ only in the seed, which is spacing, not parameterisation
 * (the drivers refuse, plan->max_ids). spacing: set 0 seeded with fold(seed) + id + 1. This
 * deviates from the "seed + id" rule of the other generators because mtgp32_init_state takes
 * a 32-bit seed: folding seed + id to 32 bits could map two ids to one seed (a carry into
 * the high word), whereas fold(seed) + id gives distinct seeds for every id < 2^32
 * (plan->max_ids). The state is 1.6 KB: CPU drivers keep it on the stack, the CUDA kernel in
 * local memory, one thread per stream: a thread-scope fallback, correct but slow, since
 * the block-collective generator of impl_cuda/prng/mtgp32.cu cannot serve one stream per
 * thread (the repro matrix measures identity, not speed). */
#if CXB_HAVE_MTGP32
static inline CXB_HD void cxb_dist_init_mtgp32(cxb_mtgp32_state *s, const cxb_dist_plan *p, uint64_t id)
{
    switch (p->tech) {
    case CXB_DIST_PARAM: cxb_mtgp32_init(s, p->seed, id, 0); break;
    case CXB_DIST_SPACING:
        cxb_mtgp32_init_params(s, cxb_mtgp32_dc_params(0), cxb_mtgp32_stream_seed(p->seed, id));
        break;
    default: cxb_mtgp32_init(s, p->seed, 0, 0); break; /* central */
    }
}

static inline CXB_HD uint32_t cxb_dist_next_mtgp32(cxb_mtgp32_state *s, const cxb_dist_plan *p)
{
    (void)p;
    return cxb_mtgp32_next_u32(s);
}
#endif

/* ---- NR3 Ran, Ranq1, Ranq2, Ranlim32: random spacing and the central server ----
 *
 * No jump (so no split, no leap frog) and no parameter sets. spacing: stream id is the
 * generator's own stream cxb_g_init(seed, id, 0), NR3's constructor fed seed ^ H(id) with H
 * a hash (cxb/rng/nr3.h), NOT cxb_g_init(seed + id, 0, 0): NR3's seeding mixes little
 * (Ranq1's first state is a linear function of the seed), so consecutive seeds would give
 * related streams (docs/studies/prng.md). Ranlim32 folds the seed to 32 bits and hashes a 32-bit id:
 * distinct streams for ids < 2^32 (plan->max_ids). */
#define CXB_DIST_NR3(g)                                                                          \
    static inline CXB_HD void cxb_dist_init_##g(cxb_##g##_state *s, const cxb_dist_plan *p, uint64_t id) \
    {                                                                                            \
        cxb_##g##_init(s, p->seed, p->tech == CXB_DIST_SPACING ? id : 0, 0);                     \
    }                                                                                            \
    static inline CXB_HD uint32_t cxb_dist_next_##g(cxb_##g##_state *s, const cxb_dist_plan *p)  \
    {                                                                                            \
        (void)p;                                                                                 \
        return cxb_##g##_next_u32(s);                                                            \
    }
CXB_DIST_NR3(ran)
CXB_DIST_NR3(ranq1)
CXB_DIST_NR3(ranq2)
CXB_DIST_NR3(ranlim32)
#undef CXB_DIST_NR3

/* ---- NR3 Ranhash, counter-based: output p of stream id = Ranhash(Ranhash(seed) + id 2^40 + p)
 *
 * As for Philox: split stream id = cxb_ranhash_init(seed, id, 0), the base stream jumped by
 * id x 2^40 (a counter add), distinct for ids < 2^24 (plan->max_ids); counter = split,
 * statelessly (cxb_dist_at_ranhash); leap frog = position w, then N - 1 skipped per draw;
 * spacing = cxb_ranhash_init(seed + id, 0, 0): Ranhash is a bijection, so the bases
 * Ranhash(seed + id) are distinct points scattered over the 2^64 counter cycle; central =
 * stream 0. No param: Ranhash has no key beyond the seed. */
static inline CXB_HD uint32_t cxb_dist_at_ranhash(uint64_t seed, uint64_t id, uint64_t p)
{
    return (uint32_t)cxb_ranhash_at(cxb_ranhash(seed), id, p);
}

static inline CXB_HD void cxb_dist_init_ranhash(cxb_ranhash_state *s, const cxb_dist_plan *p, uint64_t id)
{
    switch (p->tech) {
    case CXB_DIST_SPACING: cxb_ranhash_init(s, p->seed + id, 0, 0); break;
    case CXB_DIST_LEAPFROG: cxb_ranhash_init(s, p->seed, 0, id); break;
    case CXB_DIST_CENTRAL: cxb_ranhash_init(s, p->seed, 0, 0); break;
    default: cxb_ranhash_init(s, p->seed, id, 0); break; /* split, counter */
    }
}

static inline CXB_HD uint32_t cxb_dist_next_ranhash(cxb_ranhash_state *s, const cxb_dist_plan *p)
{
    uint32_t x = cxb_ranhash_next_u32(s);
    if (p->tech == CXB_DIST_LEAPFROG && p->workers > 1)
        s->p += p->workers - 1;
    return x;
}

/* ---- TinyMT32: parameterisation over the user's DC sets, random spacing, central ----
 *
 * param: stream id = DC set id of plan->tinymt32_sets, every stream seeded alike,
 * cxb_tinymt32_init_params(set[id], seed, 0, 0): distinct characteristic polynomials, so
 * streams are distinct generators, not positions of one (TinyMT's intended use). Only ids <
 * nparams (plan->max_ids; without a DC file nparams = 0 and the drivers refuse, naming
 * --dc). Unlike cxb_tinymt32_init_sets, which wraps to stream / nsets (spacing within a
 * set), the axis keeps parameterisation pure. spacing: cxb_tinymt32_init(seed + id, 0, 0),
 * the default set (TinyMT's seeding mixes: MT's 1812433253 recurrence, then 8 steps). */
static inline CXB_HD void cxb_dist_init_tinymt32(cxb_tinymt32_state *s, const cxb_dist_plan *p, uint64_t id)
{
    switch (p->tech) {
    case CXB_DIST_SPACING: cxb_tinymt32_init(s, p->seed + id, 0, 0); break;
    case CXB_DIST_PARAM: /* id < nparams is the drivers' promise; the guard only keeps an index in range */
        cxb_tinymt32_init_params(s, id < p->nparams ? p->tinymt32_sets[id] : cxb_tinymt32_default_params(),
                                 p->seed, 0, 0);
        break;
    default: cxb_tinymt32_init(s, p->seed, 0, 0); break; /* central */
    }
}

static inline CXB_HD uint32_t cxb_dist_next_tinymt32(cxb_tinymt32_state *s, const cxb_dist_plan *p)
{
    (void)p;
    return cxb_tinymt32_next_u32(s);
}

/* ---- type-safe dispatch (docs/studies/prng.md, ShoveRand's strong typing): the state's type picks
 * the generator, so a state cannot be driven by another generator's functions. C only
 * (nvcc compiles .cu files as C++, which calls the typed names). ---- */
#if !defined(__cplusplus)
#define cxb_dist_init(s, plan, id)                                  \
    _Generic((s), cxb_philox4x32_state *: cxb_dist_init_philox4x32,   \
             cxb_threefry4x32_state *: cxb_dist_init_threefry4x32,     \
             cxb_xorwow_state *: cxb_dist_init_xorwow,                 \
             cxb_mrg32k3a_state *: cxb_dist_init_mrg32k3a,             \
             cxb_mt19937_state *: cxb_dist_init_mt19937,               \
             CXB_DIST_GENERIC_MTGP32(init)                             \
             cxb_ran_state *: cxb_dist_init_ran,                       \
             cxb_ranq1_state *: cxb_dist_init_ranq1,                   \
             cxb_ranq2_state *: cxb_dist_init_ranq2,                   \
             cxb_ranlim32_state *: cxb_dist_init_ranlim32,             \
             cxb_ranhash_state *: cxb_dist_init_ranhash,               \
             cxb_tinymt32_state *: cxb_dist_init_tinymt32)(s, plan, id)
#define cxb_dist_next(s, plan)                                      \
    _Generic((s), cxb_philox4x32_state *: cxb_dist_next_philox4x32,   \
             cxb_threefry4x32_state *: cxb_dist_next_threefry4x32,     \
             cxb_xorwow_state *: cxb_dist_next_xorwow,                 \
             cxb_mrg32k3a_state *: cxb_dist_next_mrg32k3a,             \
             cxb_mt19937_state *: cxb_dist_next_mt19937,               \
             CXB_DIST_GENERIC_MTGP32(next)                             \
             cxb_ran_state *: cxb_dist_next_ran,                       \
             cxb_ranq1_state *: cxb_dist_next_ranq1,                   \
             cxb_ranq2_state *: cxb_dist_next_ranq2,                   \
             cxb_ranlim32_state *: cxb_dist_next_ranlim32,             \
             cxb_ranhash_state *: cxb_dist_next_ranhash,               \
             cxb_tinymt32_state *: cxb_dist_next_tinymt32)(s, plan)
#if CXB_HAVE_MTGP32
#define CXB_DIST_GENERIC_MTGP32(f) cxb_mtgp32_state *: cxb_dist_##f##_mtgp32,
#else
#define CXB_DIST_GENERIC_MTGP32(f)
#endif
#endif

#endif
