/* suites/prng/init.c - the prng study's stream-initialisation and jump-cost rows
 * (shared/spec/prng.md 6.5 Figure R2, 6.7 Figure R4, 8.1 "Device API inside a kernel",
 * 8.3 G4; issue #3 items 3-4 and 7).
 *
 * GPU rows (cxb/prng/init.h, impl_cuda/prng/init.cu), g in {xorwow, mrg32k3a, philox4x32}:
 *   prng.<g>.initcuda    ours: curand_init(seed, tid, 0) for T threads from jump tables
 *   prng.<g>.curandinit  cuRAND's device API: a kernel calling curand_init(seed, tid, 0)
 *                        (init=subsequence, default) or curand_init(seed + tid, 0, 0)
 *                        (init=seed: random spacing, a reference row)
 * Parameters: seed (1234), threads = T (2^20), k = outputs per thread drawn after the
 * initialisation (0: initialisation only, Figure R4; 64 or 1024: the device-API rows of
 * prng.md 8.1, output j of thread tid at j T + tid), n (optional: with k > 0, T = n / k, so
 * that a row of 2^28 outputs reads n=268435456;k=64 and its rate is numbers/s). The declared
 * time is both kernels ("init included"); samples.csv's rng_ns is the generation alone
 * ("init excluded"); extra holds the host time to build our tables and to upload them
 * (setup_tables_ns, setup_h2d_ns: once per point, untimed) and the warm-up run's split
 * (warm_init_ns, and gen_gps = G numbers/s of the generation alone).
 * Verification: the states of a sample of threads (all of them when T <= 65536; XORWOW by
 * squaring only for 64 of them, the cost of cxb_xorwow_init on a CPU) against the cores of
 * cxb/rng/ (curand_init's semantics, prng.md 3.3, 3.6, 3.7); ours also against cuRAND's own
 * curand_init states for EVERY thread (a second job run on the GPU), and with k > 0 the
 * outputs of sampled threads against the cores and, for ours, against cuRAND's curand().
 *
 * CPU jump-cost rows (Figure R2), one core:
 *   prng.mrg32k3a.jumpsq   MRG32k3a by squaring (the method of cxb_mrg32k3a_jump), O(log d)
 *   prng.mrg32k3a.jumptab  MRG32k3a with tables of A^(j 16^k), O(log d / 4) products
 *   prng.xorwow.jumptab    XORWOW with tables of M^(j 16^k)
 *   prng.xorwow.jumpsq     XORWOW by squaring (160x160 GF(2) squarings; slow)
 *   prng.philox4x32.jumpctr  Philox counter add, O(1)
 *   prng.xorwow.jumpstep, prng.mrg32k3a.jumpstep  emulated: stepping d times (slope 1)
 * Parameters: distance = d (a decimal integer < 2^192; XORWOW and Philox < 2^128), n = jumps
 * per sample (each from the state the last one left), seed. Time per jump = median / n
 * (summary.csv: median / work); the fit of time against distance gives the slope. Tables
 * (256-bit, 4-bit digits) are built once per process, untimed.
 * Verification: n jumps of d equal one jump of n d by the other method (tables against
 * squaring and back; stepping against squaring); Philox against curand_init with offset
 * n d when n d < 2^64.
 *
 * GPU jump rows (Figure R2's GPU column, impl_cuda/prng/jump.cu): prng.mrg32k3a.jumpsqcuda,
 * prng.mrg32k3a.jumptabcuda, prng.xorwow.jumptabcuda, prng.philox4x32.jumpctrcuda: n threads
 * (default 2^20) each jump their own state once by d; time per jump = kernel / n (work = n).
 * Verified on sampled threads against the CPU by the other method.
 */
#include "suites/prng/init.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/prng/init.h"
#include "cxb/rng/jump.h"
#include "harness/checksum.h"
#include "harness/params.h"
#include "suites/prng/params.h"

/* ---------------------------------------------------------------- GPU rows ---- */

static const char *const init_names[] = {"subsequence", "seed", NULL};

typedef struct init_ctx {
    cxb_init_gen gen;
    cxb_init_method method;
    uint64_t seed, threads, k;
    cxb_init_cuda *cuda;
    cxb_phases setup;
    cxb_phases last; /* of the latest run: extra reports the warm-up's split */
} init_ctx;

static void init_teardown(void *vctx)
{
    init_ctx *c = vctx;
    if (c) {
        cxb_init_cuda_destroy(c->cuda);
        free(c);
    }
}

static cxb_status init_setup(const cxb_params *p, const cxb_env *env, cxb_init_gen gen, int ours, void **out)
{
    uint64_t seed, threads, k, n;
    int init = 0;
    cxb_status st = cxb_params_check_keys(p, cxb_prng_param_keys);
    if (st == CXB_OK && (st = cxb_params_u64(p, "seed", 1234u, &seed)) == CXB_OK &&
        (st = cxb_params_u64(p, "k", 0, &k)) == CXB_OK && (st = cxb_params_u64(p, "n", 0, &n)) == CXB_OK)
        st = cxb_params_choice(p, "init", init_names, 0, &init);
    if (st != CXB_OK)
        return st;
    uint64_t def_threads = 1u << 20;
    if (cxb_params_get(p, "n") && k > 0) {
        if (n % k != 0 || n == 0)
            return cxb_fail(CXB_EINPUT, "--set n=%llu: a positive multiple of k=%llu (T = n / k)",
                            (unsigned long long)n, (unsigned long long)k);
        def_threads = n / k;
    }
    if ((st = cxb_params_u64(p, "threads", def_threads, &threads)) != CXB_OK)
        return st;
    if (cxb_params_get(p, "n") && k > 0 && threads * k != n)
        return cxb_fail(CXB_EINPUT, "--set n=%llu: must be threads x k = %llu", (unsigned long long)n,
                        (unsigned long long)(threads * k));
    if (ours && init != 0)
        return cxb_fail(CXB_EINPUT, "--set init=seed: ours initialises subsequences only (the curandinit rows "
                                    "offer seed spacing)");
    init_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return cxb_fail(CXB_ERESOURCE, "prng init: out of host memory");
    c->gen = gen;
    c->method = ours ? CXB_INIT_TABLES : init ? CXB_INIT_CURAND_SEED : CXB_INIT_CURAND_SUBSEQ;
    c->seed = seed;
    c->threads = threads;
    c->k = k;
    if ((st = cxb_init_cuda_create(&c->cuda, gen, c->method, seed, threads, k, &c->setup)) != CXB_OK) {
        free(c);
        return st;
    }
    cxb_init_cuda_set_timing(c->cuda, env->timing);
    *out = c;
    return CXB_OK;
}

#define INIT_SETUP(name, gen, ours)                                                   \
    cxb_status name(const cxb_params *p, const cxb_env *env, void **ctx)              \
    {                                                                                 \
        return init_setup(p, env, gen, ours, ctx);                                    \
    }
INIT_SETUP(cxb_prng_init_setup_xorwow_ours, CXB_INIT_XORWOW, 1)
INIT_SETUP(cxb_prng_init_setup_mrg_ours, CXB_INIT_MRG32K3A, 1)
INIT_SETUP(cxb_prng_init_setup_philox_ours, CXB_INIT_PHILOX, 1)
INIT_SETUP(cxb_prng_init_setup_xorwow_curand, CXB_INIT_XORWOW, 0)
INIT_SETUP(cxb_prng_init_setup_mrg_curand, CXB_INIT_MRG32K3A, 0)
INIT_SETUP(cxb_prng_init_setup_philox_curand, CXB_INIT_PHILOX, 0)

cxb_status cxb_prng_init_reset(void *ctx)
{
    (void)ctx;
    return CXB_OK;
}

cxb_status cxb_prng_init_run(void *vctx, cxb_phases *ph)
{
    init_ctx *c = vctx;
    cxb_status st = cxb_init_cuda_run(c->cuda, ph);
    if (st == CXB_OK && ph)
        c->last = *ph;
    return st;
}

/* The six identifying words of the state curand_init would give thread tid (prng_init.h). */
static void host_state(const init_ctx *c, uint64_t tid, uint32_t w[CXB_INIT_STATE_WORDS])
{
    uint64_t seed = c->method == CXB_INIT_CURAND_SEED ? c->seed + tid : c->seed;
    uint64_t sub = c->method == CXB_INIT_CURAND_SEED ? 0 : tid;
    if (c->gen == CXB_INIT_XORWOW) {
        cxb_xorwow_state s;
        cxb_xorwow_init(&s, seed, sub, 0);
        memcpy(w, &s, 24);
    } else if (c->gen == CXB_INIT_MRG32K3A) {
        cxb_mrg32k3a_state s;
        cxb_mrg32k3a_init(&s, seed, sub, 0);
        memcpy(w, &s, 24);
    } else {
        cxb_philox4x32_state s;
        cxb_philox4x32_init(&s, seed, sub, 0);
        memcpy(w, s.ctr.v, 16);
        memcpy(w + 4, s.key.v, 8);
    }
}

/* k outputs from the identifying words (the cores' curand()). */
static void host_outputs(const init_ctx *c, const uint32_t w[CXB_INIT_STATE_WORDS], uint32_t *out)
{
    if (c->gen == CXB_INIT_XORWOW) {
        cxb_xorwow_state s;
        memcpy(&s, w, 24);
        for (uint64_t j = 0; j < c->k; ++j)
            out[j] = cxb_xorwow_next_u32(&s);
    } else if (c->gen == CXB_INIT_MRG32K3A) {
        cxb_mrg32k3a_state s;
        memcpy(&s, w, 24);
        for (uint64_t j = 0; j < c->k; ++j)
            out[j] = cxb_mrg32k3a_next_u32(&s);
    } else {
        cxb_philox4x32_state s;
        memcpy(s.ctr.v, w, 16);
        memcpy(s.key.v, w + 4, 8);
        s.rounds = 10;
        s.lane = 0;
        s.out = cxb_philox4x32_block(s.ctr, s.key, 10);
        for (uint64_t j = 0; j < c->k; ++j)
            out[j] = cxb_philox4x32_next_u32(&s);
    }
}

/* XORWOW by squaring costs milliseconds per thread on a CPU: its sample is smaller. For
 * ours the table product of cxb/rng/jump.h (host, independent of the kernel's warp code)
 * covers the large sample. */
#define SAMPLE_BIG 65536u
#define SAMPLE_SQ 64u

static int slow_oracle(const init_ctx *c)
{
    return c->gen == CXB_INIT_XORWOW && c->method != CXB_INIT_CURAND_SEED;
}

/* Evenly spaced tids (count of them, the first and the last included). */
static uint64_t sample_tid(uint64_t T, uint64_t count, uint64_t i)
{
    if (count >= T)
        return i;
    return count == 1 ? 0 : (uint64_t)((double)i * (double)(T - 1) / (double)(count - 1));
}

/* A sample of about `want` threads, tids 0, step, 2 step, ... and the last one, with their
 * state words, fetched in two copies (one strided) rather than one call per thread. */
typedef struct sample {
    uint64_t n, step;
    uint32_t *words; /* CXB_INIT_STATE_WORDS per sampled thread */
} sample;

static uint64_t sample_at(const sample *s, uint64_t T, uint64_t i) { return i + 1 < s->n ? i * s->step : T - 1; }

static cxb_status sample_fetch(const init_ctx *c, uint64_t want, sample *s)
{
    uint64_t T = c->threads;
    s->step = T > want ? T / want : 1;
    uint64_t strided = (T - 1) / s->step + 1; /* 0, step, ... <= T - 1 */
    s->n = strided + 1;
    s->words = malloc(s->n * CXB_INIT_STATE_WORDS * sizeof *s->words);
    if (!s->words)
        return cxb_fail(CXB_ERESOURCE, "prng init: out of host memory");
    cxb_status st = cxb_init_cuda_states(c->cuda, 0, strided, s->step, s->words);
    if (st == CXB_OK)
        st = cxb_init_cuda_states(c->cuda, T - 1, 1, 1, s->words + strided * CXB_INIT_STATE_WORDS);
    if (st != CXB_OK) {
        free(s->words);
        s->words = NULL;
    }
    return st;
}

static cxb_status check_sample(const init_ctx *c)
{
    uint64_t T = c->threads;
    sample smp = {0, 0, NULL};
    cxb_status st = sample_fetch(c, slow_oracle(c) ? SAMPLE_SQ : SAMPLE_BIG, &smp);
    if (st != CXB_OK)
        return st;
    uint32_t want[CXB_INIT_STATE_WORDS];
    uint32_t *go = c->k ? malloc(c->k * sizeof *go) : NULL, *wo = c->k ? malloc(c->k * sizeof *wo) : NULL;
    if (c->k && (!go || !wo))
        st = cxb_fail(CXB_ERESOURCE, "prng init: out of host memory");
    for (uint64_t i = 0; i < smp.n && st == CXB_OK; ++i) {
        uint64_t tid = sample_at(&smp, T, i);
        const uint32_t *got = smp.words + i * CXB_INIT_STATE_WORDS;
        host_state(c, tid, want);
        if (memcmp(got, want, sizeof want) != 0) {
            st = cxb_fail(CXB_EFAIL, "thread %llu: state %u %u %u %u %u %u, curand_init gives %u %u %u %u %u %u",
                          (unsigned long long)tid, got[0], got[1], got[2], got[3], got[4], got[5], want[0], want[1],
                          want[2], want[3], want[4], want[5]);
            break;
        }
        if (c->k && (i % (smp.n / 32 + 1) == 0 || i + 1 == smp.n)) { /* outputs of ~32 threads */
            if ((st = cxb_init_cuda_outputs(c->cuda, tid, go)) != CXB_OK)
                break;
            host_outputs(c, want, wo);
            for (uint64_t j = 0; j < c->k; ++j)
                if (go[j] != wo[j]) {
                    st = cxb_fail(CXB_EFAIL, "thread %llu output %llu: %u, the core gives %u", (unsigned long long)tid,
                                  (unsigned long long)j, go[j], wo[j]);
                    break;
                }
        }
    }
    free(go);
    free(wo);
    free(smp.words);
    return st;
}

/* Ours, XORWOW: the large sample by the host's table product. */
static cxb_status check_xorwow_tables(const init_ctx *c)
{
    uint64_t T = c->threads;
    unsigned wbits = 0;
    for (uint64_t x = (T - 1) >> 5; x; x >>= 1)
        ++wbits;
    unsigned levels = cxb_jtab_levels(CXB_XORWOW_INIT_B, wbits ? wbits : 1);
    size_t nw = (size_t)cxb_jtab_entries(CXB_XORWOW_INIT_B, levels), nl = (size_t)cxb_jtab_entries(CXB_XORWOW_INIT_LANE_B, 1);
    cxb_xorwow_mat *m = malloc((nw + nl + 2) * sizeof *m);
    if (!m)
        return cxb_fail(CXB_ERESOURCE, "prng init: out of host memory");
    cxb_xorwow_jtab_build(m, CXB_XORWOW_INIT_WARP_E0, CXB_XORWOW_INIT_B, levels, m + nw + nl);
    cxb_xorwow_jtab_build(m + nw, CXB_XORWOW_SUBSEQ_LOG2, CXB_XORWOW_INIT_LANE_B, 1, m + nw + nl);
    sample smp = {0, 0, NULL};
    cxb_status st = sample_fetch(c, SAMPLE_BIG, &smp);
    for (uint64_t i = 0; st == CXB_OK && i < smp.n; ++i) {
        uint64_t tid = sample_at(&smp, T, i);
        cxb_xorwow_state s;
        cxb_xorwow_init_tab(m, levels, m + nw, &s, c->seed, tid);
        if (memcmp(smp.words + i * CXB_INIT_STATE_WORDS, &s, 24) != 0)
            st = cxb_fail(CXB_EFAIL, "thread %llu: state differs from the host's table product", (unsigned long long)tid);
    }
    free(smp.words); /* NULL when the fetch failed */
    free(m);
    return st;
}

/* Ours against cuRAND's curand_init(seed, tid, 0) for every thread, on the GPU. */
#define CMP_CHUNK (1u << 18)

static cxb_status check_against_curand(const init_ctx *c)
{
    cxb_init_cuda *ref = NULL;
    cxb_status st = cxb_init_cuda_create(&ref, c->gen, CXB_INIT_CURAND_SUBSEQ, c->seed, c->threads, c->k, NULL);
    if (st == CXB_OK)
        st = cxb_init_cuda_run(ref, NULL);
    uint64_t chunk = c->threads < CMP_CHUNK ? c->threads : CMP_CHUNK;
    uint32_t *a = malloc(chunk * CXB_INIT_STATE_WORDS * sizeof *a), *b = malloc(chunk * CXB_INIT_STATE_WORDS * sizeof *b);
    if (st == CXB_OK && (!a || !b))
        st = cxb_fail(CXB_ERESOURCE, "prng init: out of host memory");
    for (uint64_t t0 = 0; st == CXB_OK && t0 < c->threads; t0 += chunk) {
        uint64_t cnt = c->threads - t0 < chunk ? c->threads - t0 : chunk;
        if ((st = cxb_init_cuda_states(c->cuda, t0, cnt, 1, a)) != CXB_OK ||
            (st = cxb_init_cuda_states(ref, t0, cnt, 1, b)) != CXB_OK)
            break;
        for (uint64_t i = 0; i < cnt; ++i)
            if (memcmp(a + i * CXB_INIT_STATE_WORDS, b + i * CXB_INIT_STATE_WORDS, CXB_INIT_STATE_WORDS * 4) != 0) {
                st = cxb_fail(CXB_EFAIL, "thread %llu: our state differs from curand_init(seed, %llu, 0)'s",
                              (unsigned long long)(t0 + i), (unsigned long long)(t0 + i));
                break;
            }
    }
    /* and the outputs of a few threads against curand() */
    for (unsigned i = 0; st == CXB_OK && c->k && i < 8; ++i) {
        uint64_t tid = sample_tid(c->threads, 8, i);
        uint64_t k = c->k;
        uint32_t *x = malloc(k * 4), *y = malloc(k * 4);
        if (!x || !y)
            st = cxb_fail(CXB_ERESOURCE, "prng init: out of host memory");
        if (st == CXB_OK && (st = cxb_init_cuda_outputs(c->cuda, tid, x)) == CXB_OK &&
            (st = cxb_init_cuda_outputs(ref, tid, y)) == CXB_OK && memcmp(x, y, k * 4) != 0)
            st = cxb_fail(CXB_EFAIL, "thread %llu: our outputs differ from curand()'s", (unsigned long long)tid);
        free(x);
        free(y);
    }
    free(a);
    free(b);
    cxb_init_cuda_destroy(ref);
    return st;
}

cxb_status cxb_prng_init_verify(void *vctx)
{
    init_ctx *c = vctx;
    cxb_status st = check_sample(c);
    if (st == CXB_OK && c->method == CXB_INIT_TABLES && c->gen == CXB_INIT_XORWOW)
        st = check_xorwow_tables(c);
    if (st == CXB_OK && c->method == CXB_INIT_TABLES)
        st = check_against_curand(c);
    return st;
}

/* 1024 evenly spaced states and the outputs of the first and last thread: a changed
 * result shows (the harness compares every sample's checksum with the verified run's). */
uint64_t cxb_prng_init_checksum(void *vctx)
{
    init_ctx *c = vctx;
    uint64_t count = c->threads < 1024 ? c->threads : 1024, step = count > 1 ? (c->threads - 1) / (count - 1) : 1;
    uint32_t w[1024 * CXB_INIT_STATE_WORDS];
    if (cxb_init_cuda_states(c->cuda, 0, count, step, w) != CXB_OK)
        return 0;
    uint64_t h = cxb_checksum_bytes(w, count * CXB_INIT_STATE_WORDS * sizeof *w);
    if (c->k) {
        uint32_t *o = malloc(c->k * 4);
        if (!o)
            return 0;
        for (int e = 0; e < 2; ++e)
            if (cxb_init_cuda_outputs(c->cuda, e ? c->threads - 1 : 0, o) == CXB_OK)
                h ^= cxb_checksum_bytes(o, c->k * 4) * (e ? 3 : 5);
        free(o);
    }
    return h;
}

void cxb_prng_init_extra(void *vctx, char *buf, size_t size)
{
    init_ctx *c = vctx;
    /* the warm-up run's split: init = kernel - rng; G/s excluding the initialisation */
    long long all = c->last.ns[CXB_PHASE_KERNEL], gen = c->k ? c->last.ns[CXB_PHASE_RNG] : 0;
    double n = (double)c->threads * (double)c->k;
    snprintf(buf, size, "gen_gps=%.4g;setup_h2d_ns=%lld;setup_tables_ns=%lld;threads=%llu;warm_init_ns=%lld",
             gen > 0 ? n / (double)gen : 0.0, (long long)c->setup.ns[CXB_PHASE_H2D],
             (long long)c->setup.ns[CXB_PHASE_RNG], (unsigned long long)c->threads, all - gen);
}

void cxb_prng_init_teardown(void *ctx) { init_teardown(ctx); }

/* ---------------------------------------------------------------- CPU jump rows ---- */

/* 256-bit tables of 4-bit digits, built once per process (untimed). */
#define JT_B 4
#define JT_LEVELS 64
static cxb_xorwow_mat *xw_tab;
static cxb_mrg32k3a_jent *mrg_tab;
static pthread_once_t tab_once = PTHREAD_ONCE_INIT;

static void build_tables(void)
{
    xw_tab = malloc(cxb_jtab_entries(JT_B, JT_LEVELS) * sizeof *xw_tab);
    mrg_tab = malloc(cxb_jtab_entries(JT_B, JT_LEVELS) * sizeof *mrg_tab);
    cxb_xorwow_mat tmp[2];
    if (xw_tab)
        cxb_xorwow_jtab_build(xw_tab, 0, JT_B, JT_LEVELS, tmp);
    if (mrg_tab)
        cxb_mrg32k3a_jtab_build(mrg_tab, 0, JT_B, JT_LEVELS);
}

cxb_status cxb_jump_dist_parse(const char *text, cxb_jump_dist *d)
{
    *d = cxb_jump_dist_u64(0);
    if (!text || !*text)
        return cxb_fail(CXB_EINPUT, "--set distance=: a decimal integer");
    for (const char *p = text; *p; ++p) {
        if (*p < '0' || *p > '9')
            return cxb_fail(CXB_EINPUT, "--set distance=%s: a decimal integer", text);
        cxb_jump_dist t = cxb_jump_dist_mul_u64(d, 10);
        /* overflow past 2^256: the product's top word would have wrapped */
        if (d->w[3] > UINT64_MAX / 10)
            return cxb_fail(CXB_EINPUT, "--set distance=%s: at most 2^256 - 1", text);
        *d = cxb_jump_dist_add_u64(&t, (uint64_t)(*p - '0'));
    }
    return CXB_OK;
}

typedef enum { J_MRG_SQ, J_MRG_TAB, J_XW_TAB, J_XW_SQ, J_PHILOX, J_XW_STEP, J_MRG_STEP } jump_kind;

typedef struct jump_ctx {
    jump_kind kind;
    cxb_jump_dist d;
    uint64_t n, seed;
    unsigned digits; /* 4-bit digits of d (table levels a jump reads) */
    cxb_xorwow_state xw, xw0;
    cxb_mrg32k3a_state mrg, mrg0;
    cxb_philox4x32_state ph, ph0;
} jump_ctx;

static cxb_status jump_setup(const cxb_params *p, jump_kind kind, void **out)
{
    uint64_t n, seed;
    cxb_status st = cxb_params_check_keys(p, cxb_prng_param_keys);
    if (st == CXB_OK && (st = cxb_params_u64(p, "n", 1000, &n)) == CXB_OK)
        st = cxb_params_u64(p, "seed", 1234u, &seed);
    cxb_jump_dist d;
    const char *ds = cxb_params_get(p, "distance");
    if (st == CXB_OK)
        st = cxb_jump_dist_parse(ds ? ds : "1000", &d);
    if (st != CXB_OK)
        return st;
    unsigned bits = cxb_jump_dist_bits(&d);
    unsigned limit = kind == J_MRG_SQ || kind == J_MRG_TAB ? 192 : 128;
    if (bits > limit)
        return cxb_fail(CXB_EINPUT, "--set distance=%s: at most 2^%u - 1 for this generator", ds, limit);
    if (n < 1 || n > (1u << 30))
        return cxb_fail(CXB_EINPUT, "--set n=%llu: 1 .. 2^30 jumps per sample", (unsigned long long)n);
    if ((kind == J_XW_STEP || kind == J_MRG_STEP) && (bits > 34 || (double)n * (double)d.w[0] > 17179869184.0))
        return cxb_fail(CXB_EINPUT, "--set distance=%s, n=%llu: emulated stepping is limited to n x distance <= 2^34",
                        ds, (unsigned long long)n);
    if (pthread_once(&tab_once, build_tables) != 0 || !xw_tab || !mrg_tab)
        return cxb_fail(CXB_ERESOURCE, "prng jump: out of host memory for the jump tables");
    jump_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return cxb_fail(CXB_ERESOURCE, "prng jump: out of host memory");
    c->kind = kind;
    c->d = d;
    c->n = n;
    c->seed = seed;
    c->digits = cxb_jtab_levels(JT_B, bits);
    cxb_xorwow_init(&c->xw0, seed, 0, 0);
    cxb_mrg32k3a_init(&c->mrg0, seed, 0, 0);
    cxb_philox4x32_init(&c->ph0, seed, 0, 0);
    *out = c;
    return CXB_OK;
}

#define JUMP_SETUP(name, kind)                                                        \
    cxb_status name(const cxb_params *p, const cxb_env *env, void **ctx)              \
    {                                                                                 \
        (void)env;                                                                    \
        return jump_setup(p, kind, ctx);                                              \
    }
JUMP_SETUP(cxb_prng_jump_setup_mrg_sq, J_MRG_SQ)
JUMP_SETUP(cxb_prng_jump_setup_mrg_tab, J_MRG_TAB)
JUMP_SETUP(cxb_prng_jump_setup_xorwow_tab, J_XW_TAB)
JUMP_SETUP(cxb_prng_jump_setup_xorwow_sq, J_XW_SQ)
JUMP_SETUP(cxb_prng_jump_setup_philox, J_PHILOX)
JUMP_SETUP(cxb_prng_jump_setup_xorwow_step, J_XW_STEP)
JUMP_SETUP(cxb_prng_jump_setup_mrg_step, J_MRG_STEP)

cxb_status cxb_prng_jump_reset(void *vctx)
{
    jump_ctx *c = vctx;
    c->xw = c->xw0;
    c->mrg = c->mrg0;
    c->ph = c->ph0;
    return CXB_OK;
}

cxb_status cxb_prng_jump_run(void *vctx, cxb_phases *ph)
{
    (void)ph;
    jump_ctx *c = vctx;
    for (uint64_t i = 0; i < c->n; ++i) {
        switch (c->kind) {
        case J_MRG_SQ:
            cxb_mrg32k3a_jump_sq(&c->mrg, &c->d);
            break;
        case J_MRG_TAB:
            cxb_mrg32k3a_jtab_apply(mrg_tab, JT_B, c->digits, &c->mrg, &c->d);
            break;
        case J_XW_TAB:
            cxb_xorwow_jump_tab(xw_tab, JT_B, c->digits, &c->xw, &c->d);
            break;
        case J_XW_SQ:
            cxb_xorwow_jump_sq(&c->xw, &c->d);
            break;
        case J_PHILOX:
            cxb_philox4x32_jump(&c->ph, &c->d);
            break;
        case J_XW_STEP:
            cxb_xorwow_jump_step(&c->xw, c->d.w[0]);
            break;
        case J_MRG_STEP:
            cxb_mrg32k3a_jump_step(&c->mrg, c->d.w[0]);
            break;
        }
    }
    return CXB_OK;
}

cxb_status cxb_prng_jump_verify(void *vctx)
{
    jump_ctx *c = vctx;
    cxb_jump_dist nd = cxb_jump_dist_mul_u64(&c->d, c->n);
    if (c->kind == J_PHILOX) {
        if (nd.w[1] || nd.w[2] || nd.w[3])
            return CXB_OK; /* beyond curand_init's 64-bit offset: prng_jump tests the carry */
        cxb_philox4x32_state want;
        cxb_philox4x32_init(&want, c->seed, 0, nd.w[0]);
        return memcmp(&want, &c->ph, sizeof want) == 0
                   ? CXB_OK
                   : cxb_fail(CXB_EFAIL, "Philox after %llu jumps differs from curand_init(seed, 0, n d)",
                              (unsigned long long)c->n);
    }
    if (c->kind == J_XW_TAB || c->kind == J_XW_SQ || c->kind == J_XW_STEP) {
        cxb_xorwow_state want = c->xw0;
        if (c->kind == J_XW_SQ)
            cxb_xorwow_jump_tab(xw_tab, JT_B, JT_LEVELS, &want, &nd);
        else
            cxb_xorwow_jump_sq(&want, &nd);
        return memcmp(&want, &c->xw, sizeof want) == 0
                   ? CXB_OK
                   : cxb_fail(CXB_EFAIL, "XORWOW after %llu jumps differs from one jump of n d by the other method",
                              (unsigned long long)c->n);
    }
    cxb_mrg32k3a_state want = c->mrg0;
    if (c->kind == J_MRG_SQ)
        cxb_mrg32k3a_jtab_apply(mrg_tab, JT_B, JT_LEVELS, &want, &nd);
    else
        cxb_mrg32k3a_jump_sq(&want, &nd);
    return memcmp(&want, &c->mrg, sizeof want) == 0
               ? CXB_OK
               : cxb_fail(CXB_EFAIL, "MRG32k3a after %llu jumps differs from one jump of n d by the other method",
                          (unsigned long long)c->n);
}

uint64_t cxb_prng_jump_checksum(void *vctx)
{
    jump_ctx *c = vctx;
    return cxb_checksum_bytes(&c->xw, sizeof c->xw) ^ 3 * cxb_checksum_bytes(&c->mrg, sizeof c->mrg) ^
           5 * cxb_checksum_bytes(&c->ph, sizeof c->ph);
}

void cxb_prng_jump_teardown(void *ctx) { free(ctx); }

/* ---------------------------------------------------------------- GPU jump rows ---- */

typedef struct jcuda_ctx {
    cxb_jump_method method;
    cxb_jump_dist d;
    uint64_t threads, seed;
    cxb_jump_cuda *cuda;
} jcuda_ctx;

static cxb_status jcuda_setup(const cxb_params *p, const cxb_env *env, cxb_jump_method method, void **out)
{
    uint64_t n, seed;
    cxb_status st = cxb_params_check_keys(p, cxb_prng_param_keys);
    if (st == CXB_OK && (st = cxb_params_u64(p, "n", 1u << 20, &n)) == CXB_OK)
        st = cxb_params_u64(p, "seed", 1234u, &seed);
    const char *ds = cxb_params_get(p, "distance");
    cxb_jump_dist d;
    if (st == CXB_OK)
        st = cxb_jump_dist_parse(ds ? ds : "1000", &d);
    if (st != CXB_OK)
        return st;
    if (pthread_once(&tab_once, build_tables) != 0 || !xw_tab || !mrg_tab)
        return cxb_fail(CXB_ERESOURCE, "prng jump: out of host memory for the jump tables");
    jcuda_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return cxb_fail(CXB_ERESOURCE, "prng jump: out of host memory");
    c->method = method;
    c->d = d;
    c->threads = n;
    c->seed = seed;
    if ((st = cxb_jump_cuda_create(&c->cuda, method, seed, n, d.w)) != CXB_OK) {
        free(c);
        return st;
    }
    cxb_jump_cuda_set_timing(c->cuda, env->timing);
    *out = c;
    return CXB_OK;
}

#define JCUDA_SETUP(name, method)                                                     \
    cxb_status name(const cxb_params *p, const cxb_env *env, void **ctx)              \
    {                                                                                 \
        return jcuda_setup(p, env, method, ctx);                                      \
    }
JCUDA_SETUP(cxb_prng_jumpcuda_setup_mrg_sq, CXB_JUMP_MRG_SQ)
JCUDA_SETUP(cxb_prng_jumpcuda_setup_mrg_tab, CXB_JUMP_MRG_TAB)
JCUDA_SETUP(cxb_prng_jumpcuda_setup_xorwow_tab, CXB_JUMP_XORWOW_TAB)
JCUDA_SETUP(cxb_prng_jumpcuda_setup_philox, CXB_JUMP_PHILOX)

cxb_status cxb_prng_jumpcuda_run(void *ctx, cxb_phases *ph) { return cxb_jump_cuda_run(((jcuda_ctx *)ctx)->cuda, ph); }

/* Sampled threads against the CPU by the other method (squaring <-> tables; Philox against
 * curand_init's offset where d < 2^64). */
cxb_status cxb_prng_jumpcuda_verify(void *vctx)
{
    jcuda_ctx *c = vctx;
    uint64_t count = c->method == CXB_JUMP_XORWOW_TAB ? 16 : 1024;
    if (count > c->threads)
        count = c->threads;
    cxb_status st = CXB_OK;
    for (uint64_t i = 0; i < count && st == CXB_OK; ++i) {
        uint64_t t = sample_tid(c->threads, count, i);
        uint32_t got[CXB_INIT_STATE_WORDS], want[CXB_INIT_STATE_WORDS];
        if ((st = cxb_jump_cuda_states(c->cuda, t, 1, 1, got)) != CXB_OK)
            break;
        if (c->method == CXB_JUMP_XORWOW_TAB) {
            cxb_xorwow_state s;
            cxb_xorwow_seed(&s, c->seed + t);
            cxb_xorwow_jump_sq(&s, &c->d);
            memcpy(want, &s, 24);
        } else if (c->method == CXB_JUMP_PHILOX) {
            cxb_philox4x32_state s;
            if (c->d.w[1] || c->d.w[2] || c->d.w[3]) {
                cxb_philox4x32_init(&s, c->seed, t, 0);
                cxb_philox4x32_jump(&s, &c->d);
            } else {
                cxb_philox4x32_init(&s, c->seed, t, c->d.w[0]);
            }
            memcpy(want, s.ctr.v, 16);
            memcpy(want + 4, s.key.v, 8);
        } else {
            cxb_mrg32k3a_state s;
            cxb_mrg32k3a_seed(&s, c->seed + t);
            if (c->method == CXB_JUMP_MRG_SQ)
                cxb_mrg32k3a_jtab_apply(mrg_tab, JT_B, JT_LEVELS, &s, &c->d);
            else
                cxb_mrg32k3a_jump_sq(&s, &c->d);
            memcpy(want, &s, 24);
        }
        if (memcmp(got, want, sizeof got) != 0)
            st = cxb_fail(CXB_EFAIL, "thread %llu: the GPU's jumped state differs from the CPU's", (unsigned long long)t);
    }
    return st;
}

uint64_t cxb_prng_jumpcuda_checksum(void *vctx)
{
    jcuda_ctx *c = vctx;
    uint64_t count = c->threads < 1024 ? c->threads : 1024, step = count > 1 ? (c->threads - 1) / (count - 1) : 1;
    uint32_t w[1024 * CXB_INIT_STATE_WORDS];
    if (cxb_jump_cuda_states(c->cuda, 0, count, step, w) != CXB_OK)
        return 0;
    return cxb_checksum_bytes(w, count * CXB_INIT_STATE_WORDS * sizeof *w);
}

void cxb_prng_jumpcuda_teardown(void *vctx)
{
    jcuda_ctx *c = vctx;
    if (c) {
        cxb_jump_cuda_destroy(c->cuda);
        free(c);
    }
}

/* ---------------------------------------------------------------- sweeps ---- */

#define INIT_THREADS "1024,4096,16384,65536,262144,1048576,4194304,16777216"
#define ALL_INIT                                                                                         \
    "prng.xorwow.initcuda,prng.xorwow.curandinit,prng.mrg32k3a.initcuda,prng.mrg32k3a.curandinit,"      \
    "prng.philox4x32.initcuda,prng.philox4x32.curandinit"
#define CURAND_INIT "prng.xorwow.curandinit,prng.mrg32k3a.curandinit,prng.philox4x32.curandinit"

const cxb_sweep cxb_prng_init_sweeps_init[] = {
    /* Figure R4: initialisation alone against T (G4 reads T = 2^22) */
    {"init-gpu", ALL_INIT, "seed=1234;k=0;init=subsequence", "threads", INIT_THREADS},
    {"init-gpu", CURAND_INIT, "seed=1234;k=0;init=seed", "threads", INIT_THREADS},
    /* Figure R4, second panel: init + k outputs per thread */
    {"init-gpu", ALL_INIT, "seed=1234;k=64;init=subsequence", "threads", "1024,16384,262144,1048576,4194304"},
    {"init-gpu", ALL_INIT, "seed=1234;k=1024;init=subsequence", "threads", "1024,16384,65536,262144"},
    /* prng.md 8.1 "Device API inside a kernel": 2^28 outputs, k per thread, rates */
    {"devapi-gpu", ALL_INIT, "seed=1234;n=268435456;init=subsequence", "k", "64,1024"},
    {"devapi-gpu", CURAND_INIT, "seed=1234;n=268435456;init=seed", "k", "64,1024"},
    CXB_SWEEPS_END,
};

#define D128 "1,3,15,255,65535,16777215,4294967295,281474976710655,18446744073709551615,"                   \
             "1208925819614629174706175,79228162514264337593543950335,5192296858534827628530496329220095,"   \
             "170141183460469231731687303715884105727"
#define D190 D128 ",22300745198530623141535718272648361505980415,1461501637330902918203684832716283019655932542975," \
                  "95780971304118053647396689196894323976171195136475135,"                                             \
                  "1569275433846670190958947355801916604025588861116008628223"

const cxb_sweep cxb_prng_init_sweeps_jump[] = {
    /* Figure R2: time per jump = median / n against the distance 2^k - 1 (every digit
     * nonzero: the tables' worst case) */
    {"jump", "prng.mrg32k3a.jumpsq", "seed=1234;n=200", "distance", D190},
    {"jump", "prng.mrg32k3a.jumptab", "seed=1234;n=2000", "distance", D190},
    {"jump", "prng.xorwow.jumptab", "seed=1234;n=200", "distance", D128},
    {"jump", "prng.xorwow.jumpsq", "seed=1234;n=2", "distance", D128},
    {"jump", "prng.philox4x32.jumpctr", "seed=1234;n=100000", "distance", D128},
    /* the GPU column: one jump per thread, 2^20 threads (time per jump = kernel / n) */
    {"jump-gpu", "prng.mrg32k3a.jumpsqcuda,prng.mrg32k3a.jumptabcuda", "seed=1234;n=1048576", "distance", D190},
    {"jump-gpu", "prng.xorwow.jumptabcuda,prng.philox4x32.jumpctrcuda", "seed=1234;n=1048576", "distance", D128},
    {"jump", "prng.xorwow.jumpstep,prng.mrg32k3a.jumpstep", "seed=1234;n=1", "distance",
     "1,3,15,255,4095,16383,65535,262143,1048575,4194303,16777215,67108863"},
    CXB_SWEEPS_END,
};

