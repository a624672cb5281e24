/* suites/prng/init.c - the prng study's stream-initialisation and jump-cost rows
 * (docs/studies/prng.md, target
 * G4): the CPU jump rows and the sweeps here; the GPU rows below are registered by
 * impl_cuda/prng/init_rows.c (compiled only when CUDA is found).
 *
 * GPU rows (cxb/prng/init.h, impl_cuda/prng/init.cu), g in {xorwow, mrg32k3a, philox4x32}:
 *   prng.<g>.initcuda    ours: curand_init(seed, tid, 0) for T threads from jump tables
 *   prng.<g>.curandinit  cuRAND's device API: a kernel calling curand_init(seed, tid, 0)
 *                        (init=subsequence, default) or curand_init(seed + tid, 0, 0)
 *                        (init=seed: random spacing, a reference row)
 * Parameters: seed (1234), threads = T (2^20), k = outputs per thread drawn after the
 * initialisation (0: initialisation only, Figure R4; 64 or 1024: the device-API rows of
 * docs/studies/prng.md, output j of thread tid at j T + tid), n (optional: with k > 0, T = n / k, so
 * that a row of 2^28 outputs reads n=268435456;k=64 and its rate is numbers/s). The declared
 * time is both kernels ("init included"); samples.csv's rng_ns is the generation alone
 * ("init excluded"); extra holds the host time to build our tables and to upload them
 * (setup_tables_ns, setup_h2d_ns: once per point, untimed) and the warm-up run's split
 * (warm_init_ns, and gen_gps = G numbers/s of the generation alone).
 * Verification: the states of a sample of threads (all of them when T <= 65536; XORWOW by
 * squaring only for 64 of them, the cost of cxb_xorwow_init on a CPU) against the cores of
 * cxb/rng/ (curand_init's semantics, docs/studies/prng.md); ours also against cuRAND's own
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

#include "cxb/rng/jump.h"
#include "harness/checksum.h"
#include "harness/params.h"
#include "suites/prng/params.h"

/* ---------------------------------------------------------------- CPU jump rows ---- */

/* 256-bit tables of 4-bit digits, built once per process (untimed). */
#define JT_B CXB_PRNG_JT_B
#define JT_LEVELS CXB_PRNG_JT_LEVELS
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

const cxb_mrg32k3a_jent *cxb_prng_jump_mrg_tables(void)
{
    if (pthread_once(&tab_once, build_tables) != 0 || !xw_tab || !mrg_tab)
        return NULL;
    return mrg_tab;
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
    /* docs/studies/prng.md "Device API inside a kernel": 2^28 outputs, k per thread, rates */
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

