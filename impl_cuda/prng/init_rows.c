/* impl_cuda/prng/init_rows.c - the GPU stream-initialisation rows (prng.<g>.initcuda,
 * prng.<g>.curandinit: Figure R4 and the device-API rows of docs/studies/prng.md) and the GPU jump rows
 * (prng.<g>.jump*cuda: Figure R2's GPU column) of the prng study, described with the CPU jump
 * rows in suites/prng/init.c. Compiled only when CUDA is found; the registry adds
 * cxb_prng_init_cuda_impls to the prng study (docs/architecture.md "How CUDA rows are
 * registered"). */
#include <stdlib.h>
#include <string.h>

#include "cxb/prng/init.h"
#include "cxb/rng/jump.h"
#include "harness/checksum.h"
#include "harness/params.h"
#include "harness/registry.h"
#include "suites/prng/init.h"
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
    const cxb_cuda_exec ex = cxb_env_exec(env);
    if ((st = cxb_init_cuda_create(&c->cuda, gen, c->method, seed, threads, k, &ex, &c->setup)) != CXB_OK) {
        free(c);
        return st;
    }
    *out = c;
    return CXB_OK;
}

#define INIT_SETUP(name, gen, ours)                                                   \
    static cxb_status name(const cxb_params *p, const cxb_env *env, void **ctx)              \
    {                                                                                 \
        return init_setup(p, env, gen, ours, ctx);                                         \
    }
INIT_SETUP(cxb_prng_init_setup_xorwow_ours, CXB_INIT_XORWOW, 1)
INIT_SETUP(cxb_prng_init_setup_mrg_ours, CXB_INIT_MRG32K3A, 1)
INIT_SETUP(cxb_prng_init_setup_philox_ours, CXB_INIT_PHILOX, 1)
INIT_SETUP(cxb_prng_init_setup_xorwow_curand, CXB_INIT_XORWOW, 0)
INIT_SETUP(cxb_prng_init_setup_mrg_curand, CXB_INIT_MRG32K3A, 0)
INIT_SETUP(cxb_prng_init_setup_philox_curand, CXB_INIT_PHILOX, 0)

static cxb_status cxb_prng_init_reset(void *ctx)
{
    (void)ctx;
    return CXB_OK;
}

static cxb_status cxb_prng_init_run(void *vctx, cxb_phases *ph)
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
    cxb_status st = cxb_init_cuda_create(&ref, c->gen, CXB_INIT_CURAND_SUBSEQ, c->seed, c->threads, c->k, NULL, NULL);
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

static cxb_status cxb_prng_init_verify(void *vctx)
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
static uint64_t cxb_prng_init_checksum(void *vctx)
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

static void cxb_prng_init_extra(void *vctx, char *buf, size_t size)
{
    init_ctx *c = vctx;
    /* the warm-up run's split: init = kernel - rng; G/s excluding the initialisation */
    long long all = c->last.ns[CXB_PHASE_KERNEL], gen = c->k ? c->last.ns[CXB_PHASE_RNG] : 0;
    double n = (double)c->threads * (double)c->k;
    snprintf(buf, size, "gen_gps=%.4g;setup_h2d_ns=%lld;setup_tables_ns=%lld;threads=%llu;warm_init_ns=%lld",
             gen > 0 ? n / (double)gen : 0.0, (long long)c->setup.ns[CXB_PHASE_H2D],
             (long long)c->setup.ns[CXB_PHASE_RNG], (unsigned long long)c->threads, all - gen);
}

static void cxb_prng_init_teardown(void *ctx) { init_teardown(ctx); }

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
    if (!cxb_prng_jump_mrg_tables())
        return cxb_fail(CXB_ERESOURCE, "prng jump: out of host memory for the jump tables");
    jcuda_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return cxb_fail(CXB_ERESOURCE, "prng jump: out of host memory");
    c->method = method;
    c->d = d;
    c->threads = n;
    c->seed = seed;
    const cxb_cuda_exec ex = cxb_env_exec(env);
    if ((st = cxb_jump_cuda_create(&c->cuda, method, seed, n, d.w, &ex)) != CXB_OK) {
        free(c);
        return st;
    }
    *out = c;
    return CXB_OK;
}

#define JCUDA_SETUP(name, method)                                                     \
    static cxb_status name(const cxb_params *p, const cxb_env *env, void **ctx)              \
    {                                                                                 \
        return jcuda_setup(p, env, method, ctx);                                           \
    }
JCUDA_SETUP(cxb_prng_jumpcuda_setup_mrg_sq, CXB_JUMP_MRG_SQ)
JCUDA_SETUP(cxb_prng_jumpcuda_setup_mrg_tab, CXB_JUMP_MRG_TAB)
JCUDA_SETUP(cxb_prng_jumpcuda_setup_xorwow_tab, CXB_JUMP_XORWOW_TAB)
JCUDA_SETUP(cxb_prng_jumpcuda_setup_philox, CXB_JUMP_PHILOX)

static cxb_status cxb_prng_jumpcuda_run(void *ctx, cxb_phases *ph) { return cxb_jump_cuda_run(((jcuda_ctx *)ctx)->cuda, ph); }

/* Sampled threads against the CPU by the other method (squaring <-> tables; Philox against
 * curand_init's offset where d < 2^64). */
static cxb_status cxb_prng_jumpcuda_verify(void *vctx)
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
                cxb_mrg32k3a_jtab_apply(cxb_prng_jump_mrg_tables(), CXB_PRNG_JT_B, CXB_PRNG_JT_LEVELS, &s, &c->d);
            else
                cxb_mrg32k3a_jump_sq(&s, &c->d);
            memcpy(want, &s, 24);
        }
        if (memcmp(got, want, sizeof got) != 0)
            st = cxb_fail(CXB_EFAIL, "thread %llu: the GPU's jumped state differs from the CPU's", (unsigned long long)t);
    }
    return st;
}

static uint64_t cxb_prng_jumpcuda_checksum(void *vctx)
{
    jcuda_ctx *c = vctx;
    uint64_t count = c->threads < 1024 ? c->threads : 1024, step = count > 1 ? (c->threads - 1) / (count - 1) : 1;
    uint32_t w[1024 * CXB_INIT_STATE_WORDS];
    if (cxb_jump_cuda_states(c->cuda, 0, count, step, w) != CXB_OK)
        return 0;
    return cxb_checksum_bytes(w, count * CXB_INIT_STATE_WORDS * sizeof *w);
}

static void cxb_prng_jumpcuda_teardown(void *vctx)
{
    jcuda_ctx *c = vctx;
    if (c) {
        cxb_jump_cuda_destroy(c->cuda);
        free(c);
    }
}

/* ---------------------------------------------------------------- the registry rows ---- */

#define CXB_PRNG_INIT_ROW_(id_, setup_, summary_)                                                         \
    {.id = id_, .backend = CXB_BACKEND_CUDA, .flags = CXB_IMPL_NEEDS_GPU, .summary = summary_, .setup = setup_, \
     .reset = cxb_prng_init_reset, .run = cxb_prng_init_run, .verify = cxb_prng_init_verify,                  \
     .checksum = cxb_prng_init_checksum, .extra = cxb_prng_init_extra, .teardown = cxb_prng_init_teardown}
#define CXB_PRNG_JUMPCUDA_ROW_(id_, setup_, summary_)                                                     \
    {.id = id_, .backend = CXB_BACKEND_CUDA, .flags = CXB_IMPL_NEEDS_GPU, .summary = summary_, .setup = setup_, \
     .reset = cxb_prng_init_reset, .run = cxb_prng_jumpcuda_run, .verify = cxb_prng_jumpcuda_verify,          \
     .checksum = cxb_prng_jumpcuda_checksum, .teardown = cxb_prng_jumpcuda_teardown}

const cxb_impl cxb_prng_init_cuda_impls[] = {
    CXB_PRNG_INIT_ROW_("prng.xorwow.initcuda", cxb_prng_init_setup_xorwow_ours,
                       "curand_init(seed, tid, 0) for T threads by warp-shared jump tables (--set threads=T;k=)"),
    CXB_PRNG_INIT_ROW_("prng.mrg32k3a.initcuda", cxb_prng_init_setup_mrg_ours,
                       "curand_init(seed, tid, 0) for T threads by 8-bit-digit jump tables"),
    CXB_PRNG_INIT_ROW_("prng.philox4x32.initcuda", cxb_prng_init_setup_philox_ours,
                       "Philox states (0, 0, tid) for T threads: no jump to make"),
    CXB_PRNG_INIT_ROW_("prng.xorwow.curandinit", cxb_prng_init_setup_xorwow_curand,
                       "cuRAND device API: curand_init per thread (--set init=subsequence|seed;k=)"),
    CXB_PRNG_INIT_ROW_("prng.mrg32k3a.curandinit", cxb_prng_init_setup_mrg_curand,
                       "cuRAND device API: curand_init per thread (--set init=subsequence|seed;k=)"),
    CXB_PRNG_INIT_ROW_("prng.philox4x32.curandinit",
                       cxb_prng_init_setup_philox_curand,
                       "cuRAND device API: curand_init per thread (--set init=subsequence|seed;k=)"),
    CXB_PRNG_JUMPCUDA_ROW_("prng.mrg32k3a.jumpsqcuda", cxb_prng_jumpcuda_setup_mrg_sq,
                           "GPU: n threads jump by squaring (--set distance=d;n=threads)"),
    CXB_PRNG_JUMPCUDA_ROW_("prng.mrg32k3a.jumptabcuda",
                           cxb_prng_jumpcuda_setup_mrg_tab, "GPU: n threads jump by tables (--set distance=d;n=threads)"),
    CXB_PRNG_JUMPCUDA_ROW_("prng.xorwow.jumptabcuda", cxb_prng_jumpcuda_setup_xorwow_tab,
                           "GPU: n threads jump by GF(2) tables (--set distance=d;n=threads)"),
    CXB_PRNG_JUMPCUDA_ROW_("prng.philox4x32.jumpctrcuda",
                           cxb_prng_jumpcuda_setup_philox, "GPU: n threads jump by a counter add (--set distance=d;n=threads)"),
};
const size_t cxb_prng_init_cuda_nimpls = sizeof cxb_prng_init_cuda_impls / sizeof cxb_prng_init_cuda_impls[0];
