/* cxb/rng/dist.h - stream distribution as its own axis: the techniques that hand each
 * logical task (replication, entity, element) its own stream of a generator, one
 * definition for every backend (seq, pthreads, CUDA).
 *
 * Sources: J. Passerat-Palmbach (2013), PhD thesis, ch. 2.3 and 3.3-3.7 (the techniques,
 * Table 3.2's usage rules, the four GPU requirements of 3.3); cuRAND's curand_init
 * (sequence splitting by subsequence, "seed + id" random spacing). Spec:
 * shared/spec/prng.md 5.1-5.4, 6.4, 9.2.
 *
 * The techniques (cxb_dist_tech), for logical stream `id` of a job of seed `seed`:
 *   split     sequence splitting: the generator's own cxb_g_init(seed, id, 0), stream id
 *             being the base stream jumped by id x the split distance D (MRG32k3a 2^76,
 *             XORWOW 2^67, Philox4x32 2^66, Threefry4x32 2^66 outputs). Only where the
 *             generator has an intrinsic jump: streams are disjoint by construction.
 *   spacing   random spacing: a fresh seed per id, cxb_g_init(seed + id, 0, 0), as
 *             curand_init(seed + id, 0, 0) users do. Streams start at unrelated points of
 *             the period; they overlap with probability cxb_dist_overlap_prob (5.1).
 *             Related seeds are only safe with seeding that mixes (prng.md 9.4).
 *   leapfrog  worker w of N takes x_w, x_{w+N}, x_{w+2N}, ... of the base stream
 *             (cxb_g_init(seed, 0, w), then a jump of N - 1 after every draw). The
 *             stream belongs to a WORKER, not a task: the numbers a task gets depend on N
 *             and on which tasks the worker ran before it. A negative control
 *             (legitimate only at a fixed stride, warp scope N = 32, 5.4). Only where the
 *             jump is cheap (counter add; MRG32k3a 3x3 matrices; XORWOW a 160x160 GF(2)
 *             matrix in the plan); refused otherwise (Table 3.2: "leap frog without a
 *             jump" is a central server).
 *   param     parameterisation: a parameter set or key per id. Philox4x32: key = id,
 *             counter high words = seed (cxb_philox4x32_init(id, seed, 0)), so unlike
 *             spacing two seeds never share a stream; Threefry4x32: key = (seed, id).
 *             TinyMT32 / MTGP32 DC sets slot in here: plan->params points at the table,
 *             id selects the set (see "Adding a generator" below).
 *   counter   counter-based: output p of stream id is a pure function of (seed, id, p),
 *             cxb_dist_at_g; any thread can compute any output. For Philox and Threefry
 *             the numbers equal split's (the counter block IS the split), computed without
 *             state; only counter-based generators offer it.
 *   central   the central server (negative control): one generator, stream 0 of the seed,
 *             hands out its numbers in request order. Every number is handed out once,
 *             but which task gets which depends on scheduling (pthreads: a mutex;
 *             CUDA: i = atomicAdd(&c, 1) feeding output i of a counter-based generator).
 *
 * Usage rules (Passerat-Palmbach Table 3.2, prng.md 5.1), checked by cxb_dist_check:
 * spacing is refused for a period below 2^60 when the run draws more than 10^11 numbers;
 * leap frog without a cheap jump is refused; param only for generators with keys or
 * parameter tables; counter only for counter-based generators; split only with a jump.
 *
 * Adding a generator: give it a line in CXB_DIST_LIST (its techniques, log2 of its
 * period, its jump class) and the two functions cxb_dist_init_g / cxb_dist_next_g below
 * (and cxb_dist_at_g if it is counter-based). A generator of CXB_RNG_LIST without a line
 * here simply offers no technique (cxb_dist_find answers NULL and the CLI refuses --dist).
 */
#ifndef CXB_RNG_DIST_H
#define CXB_RNG_DIST_H

#include <stdint.h>

#include "cxb/hd.h"
#include "cxb/rng/all.h"

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

/* Jump cost classes (prng.md 5.3's descriptor, Figure R2). */
typedef enum cxb_dist_jump {
    CXB_JUMP_NONE,     /* no jump: stepping only */
    CXB_JUMP_CONSTANT, /* O(1): a counter add */
    CXB_JUMP_LOG       /* O(log distance) matrix products */
} cxb_dist_jump;

/* X(name, g, techniques, log2 period, jump class, split distance log2 (0: none)).
 * Periods: Philox/Threefry 2^128 blocks of 4 (2^130); XORWOW (2^160 - 1) 2^32 (~2^192);
 * MRG32k3a ~2^191 (L'Ecuyer 1999); MT19937 2^19937 - 1. */
#define CXB_DIST_LIST(X)                                                                          \
    X("philox4x32", philox4x32, CXB_DIST_S | CXB_DIST_R | CXB_DIST_L | CXB_DIST_P | CXB_DIST_C |    \
                                    CXB_DIST_Z, 130, CXB_JUMP_CONSTANT, 66)                        \
    X("threefry4x32", threefry4x32, CXB_DIST_S | CXB_DIST_R | CXB_DIST_L | CXB_DIST_P | CXB_DIST_C | \
                                        CXB_DIST_Z, 130, CXB_JUMP_CONSTANT, 66)                    \
    X("xorwow", xorwow, CXB_DIST_S | CXB_DIST_R | CXB_DIST_L | CXB_DIST_Z, 192, CXB_JUMP_LOG, 67)    \
    X("mrg32k3a", mrg32k3a, CXB_DIST_S | CXB_DIST_R | CXB_DIST_L | CXB_DIST_Z, 191, CXB_JUMP_LOG, 76) \
    X("mt19937", mt19937, CXB_DIST_R | CXB_DIST_Z, 19937, CXB_JUMP_NONE, 0)

/* Index of a generator in CXB_DIST_LIST. */
typedef enum cxb_dist_gen {
#define CXB_DIST_X(name, g, techs, lp, jump, split) CXB_DIST_GEN_##g,
    CXB_DIST_LIST(CXB_DIST_X)
#undef CXB_DIST_X
    CXB_DIST_NGEN
} cxb_dist_gen;

/* The descriptor of a generator's distribution techniques (prng.md 5.3). */
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
 * ~70 squarings of a 160x160 matrix each. */
#define CXB_DIST_XORWOW_TABLE 64
typedef struct cxb_dist_plan {
    cxb_dist_gen gen;
    cxb_dist_tech tech;
    uint64_t seed;
    uint64_t workers;                   /* leap frog: the stride N (>= 1) */
    cxb_mrg32k3a_mat mrg_leap[2];       /* A1^(N-1), A2^(N-1) */
    cxb_xorwow_mat xorwow_leap;         /* M^(N-1) */
    cxb_xorwow_mat xorwow_off[CXB_DIST_XORWOW_TABLE];  /* M^(2^i) */
    cxb_xorwow_mat xorwow_sub[CXB_DIST_XORWOW_TABLE];  /* M^(2^67 2^i) */
    uint64_t nparams;                   /* parameter sets (TinyMT32/MTGP32; 0 otherwise) */
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

/* v <- prod over set bits i of n of t[i] v (the tables commute: powers of one M). */
static inline CXB_HD void cxb_dist_xorwow_apply(const cxb_xorwow_mat *t, uint64_t n, uint32_t v[5])
{
    for (unsigned i = 0; n; ++i, n >>= 1)
        if (n & 1u)
            cxb_xorwow_matvec_inplace(&t[i], v);
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

/* ---- type-safe dispatch (prng.md 5.3, ShoveRand's strong typing): the state's type picks
 * the generator, so a state cannot be driven by another generator's functions. C only
 * (nvcc compiles .cu files as C++, which calls the typed names). ---- */
#if !defined(__cplusplus)
#define cxb_dist_init(s, plan, id)                                  \
    _Generic((s), cxb_philox4x32_state *: cxb_dist_init_philox4x32,   \
             cxb_threefry4x32_state *: cxb_dist_init_threefry4x32,     \
             cxb_xorwow_state *: cxb_dist_init_xorwow,                 \
             cxb_mrg32k3a_state *: cxb_dist_init_mrg32k3a,             \
             cxb_mt19937_state *: cxb_dist_init_mt19937)(s, plan, id)
#define cxb_dist_next(s, plan)                                      \
    _Generic((s), cxb_philox4x32_state *: cxb_dist_next_philox4x32,   \
             cxb_threefry4x32_state *: cxb_dist_next_threefry4x32,     \
             cxb_xorwow_state *: cxb_dist_next_xorwow,                 \
             cxb_mrg32k3a_state *: cxb_dist_next_mrg32k3a,             \
             cxb_mt19937_state *: cxb_dist_next_mt19937)(s, plan)
#endif

#endif
