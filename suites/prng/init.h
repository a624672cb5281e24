/* suites/prng/init.h - the prng study's stream-initialisation rows (GPU, Figure R4, the
 * device-API peer rows of docs/studies/prng.md; registered by impl_cuda/prng/init_rows.c) and jump-cost
 * rows (CPU, Figure R2); see suites/prng/init.c. suites/prng/study.c splices the CXB_PRNG_INIT_* lists below into its
 * tables and asks cxb_prng_init_sweeps for the presets `init` and `jump`. */
#ifndef CXB_SUITES_PRNG_INIT_H
#define CXB_SUITES_PRNG_INIT_H

#include "cxb/rng/jump.h"
#include "harness/registry.h"

cxb_status cxb_prng_jump_setup_mrg_sq(const cxb_params *p, const cxb_env *env, void **ctx);
cxb_status cxb_prng_jump_setup_mrg_tab(const cxb_params *p, const cxb_env *env, void **ctx);
cxb_status cxb_prng_jump_setup_xorwow_tab(const cxb_params *p, const cxb_env *env, void **ctx);
cxb_status cxb_prng_jump_setup_xorwow_sq(const cxb_params *p, const cxb_env *env, void **ctx);
cxb_status cxb_prng_jump_setup_philox(const cxb_params *p, const cxb_env *env, void **ctx);
cxb_status cxb_prng_jump_setup_xorwow_step(const cxb_params *p, const cxb_env *env, void **ctx);
cxb_status cxb_prng_jump_setup_mrg_step(const cxb_params *p, const cxb_env *env, void **ctx);
cxb_status cxb_prng_jump_reset(void *ctx);
cxb_status cxb_prng_jump_run(void *ctx, cxb_phases *ph);
cxb_status cxb_prng_jump_verify(void *ctx);
uint64_t cxb_prng_jump_checksum(void *ctx);
void cxb_prng_jump_teardown(void *ctx);

/* The MRG32k3a jump tables of the CPU rows (4-bit digits, 64 levels), built once per process
 * (untimed); NULL when out of memory. The GPU jump rows verify against them. */
#define CXB_PRNG_JT_B 4
#define CXB_PRNG_JT_LEVELS 64
const cxb_mrg32k3a_jent *cxb_prng_jump_mrg_tables(void);

/* A decimal distance (--set distance=...) as a 256-bit integer. */
cxb_status cxb_jump_dist_parse(const char *text, cxb_jump_dist *d);

/* The presets `init` (GPU) and `jump` (CPU); NULL for any other. */
/* The init preset (Figure R4, the device API) and the jump preset (Figure R2). */
extern const cxb_sweep cxb_prng_init_sweeps_init[];
extern const cxb_sweep cxb_prng_init_sweeps_jump[];

#define CXB_PRNG_JUMP_ROW_(id_, setup_, summary_)                                                         \
    {.id = id_, .backend = CXB_BACKEND_SEQ, .summary = summary_, .setup = setup_,                         \
     .reset = cxb_prng_jump_reset, .run = cxb_prng_jump_run, .verify = cxb_prng_jump_verify,              \
     .checksum = cxb_prng_jump_checksum, .teardown = cxb_prng_jump_teardown}

/* The CPU jump rows, spliced into prng_impls[] of suites/prng/study.c (the GPU rows:
 * impl_cuda/prng/init_rows.c). */
#define CXB_PRNG_INIT_IMPLS                                                                                      \
    CXB_PRNG_JUMP_ROW_("prng.mrg32k3a.jumpsq", cxb_prng_jump_setup_mrg_sq,                 \
                       "jump by squaring 3x3 matrices, one core (--set distance=d;n=jumps)"),                    \
    CXB_PRNG_JUMP_ROW_("prng.mrg32k3a.jumptab", cxb_prng_jump_setup_mrg_tab,              \
                       "jump by tables of A^(j 16^k), one core (--set distance=d;n=jumps)"),                     \
    CXB_PRNG_JUMP_ROW_("prng.xorwow.jumptab", cxb_prng_jump_setup_xorwow_tab,               \
                       "jump by tables of M^(j 16^k) (GF(2)), one core (--set distance=d;n=jumps)"),             \
    CXB_PRNG_JUMP_ROW_("prng.xorwow.jumpsq", cxb_prng_jump_setup_xorwow_sq,                  \
                       "jump by squaring 160x160 GF(2) matrices, one core (--set distance=d;n=jumps)"),          \
    CXB_PRNG_JUMP_ROW_("prng.philox4x32.jumpctr", cxb_prng_jump_setup_philox,           \
                       "jump by a counter add, one core (--set distance=d;n=jumps)"),                            \
    CXB_PRNG_JUMP_ROW_("prng.xorwow.jumpstep", cxb_prng_jump_setup_xorwow_step,            \
                       "emulated jump: d steps, one core (--set distance=d;n=jumps)"),                           \
    CXB_PRNG_JUMP_ROW_("prng.mrg32k3a.jumpstep", cxb_prng_jump_setup_mrg_step,           \
                       "emulated jump: d steps, one core (--set distance=d;n=jumps)"),                           \

/* Fitted series (spliced into prng_series[]): initialisation time grows like T at large T;
 * intrinsic jumps are flat against the distance (squaring grows like log d: a small slope),
 * emulated stepping has slope 1 (fitted where the step count dwarfs the call). */
#define CXB_PRNG_INIT_SERIES                                                   \
    {"prng.xorwow.initcuda", "threads", 1.0, 0.1, 1048576, 0, NULL},            \
    {"prng.mrg32k3a.initcuda", "threads", 1.0, 0.1, 1048576, 0, NULL},          \
    {"prng.xorwow.curandinit", "threads", 1.0, 0.1, 1048576, 0, NULL},          \
    {"prng.mrg32k3a.curandinit", "threads", 1.0, 0.1, 1048576, 0, NULL},        \
    {"prng.mrg32k3a.jumpsq", "distance", 0.0, 0.3, 0, 0, NULL},                 \
    {"prng.mrg32k3a.jumptab", "distance", 0.0, 0.3, 0, 0, NULL},                \
    {"prng.xorwow.jumptab", "distance", 0.0, 0.3, 0, 0, NULL},                  \
    {"prng.xorwow.jumpsq", "distance", 0.0, 0.3, 0, 0, NULL},                   \
    {"prng.philox4x32.jumpctr", "distance", 0.0, 0.1, 0, 0, NULL},              \
    {"prng.mrg32k3a.jumpsqcuda", "distance", 0.0, 0.3, 0, 0, NULL},             \
    {"prng.mrg32k3a.jumptabcuda", "distance", 0.0, 0.3, 0, 0, NULL},            \
    {"prng.xorwow.jumptabcuda", "distance", 0.0, 0.3, 0, 0, NULL},              \
    {"prng.philox4x32.jumpctrcuda", "distance", 0.0, 0.1, 0, 0, NULL},          \
    {"prng.xorwow.jumpstep", "distance", 1.0, 0.1, 4000, 0, NULL},              \
    {"prng.mrg32k3a.jumpstep", "distance", 1.0, 0.1, 4000, 0, NULL},

/* Figures R4 and R2 (docs/studies/prng.md), spliced into prng_figures[]. R2 is drawn as jumps
 * per second (work = n jumps of a sample, or n GPU threads jumping once): time per jump is
 * its inverse, median / n; CPU and GPU series share the figure. */
#define CXB_PRNG_INIT_FIGURES                                                                            \
    {"R4-init-vs-threads", "Figure R4: initialising T streams (curand_init(seed, tid, 0) vs ours)",       \
     "prng/time_vs_x.gp", "threads", "time", "k=0", NULL},                                                 \
    {"R4-init-k64-vs-threads", "Figure R4: init + 64 outputs per thread", "prng/time_vs_x.gp", "threads", \
     "time", "k=64", NULL},                                                                                \
    {"R4-init-k1024-vs-threads", "Figure R4: init + 1024 outputs per thread", "prng/time_vs_x.gp",        \
     "threads", "time", "k=1024", NULL},                                                                   \
    {"R2-jump-vs-distance", "Figure R2: jumps per second against the distance (CPU: one core; *cuda: 2^20 GPU threads)", \
     "prng/jump_vs_distance.gp", "distance", "rate", "", NULL},

#endif
