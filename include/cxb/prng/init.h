/* cxb/prng/init.h - per-thread stream initialisation on the GPU for millions of threads,
 * ours (jump tables, cxb/rng/jump.h) against cuRAND's device API, and the device-API peer
 * rows that draw k numbers per thread after it (docs/studies/prng.md,
 * "Device API inside a kernel" and target G4).
 *
 * A job: T threads, thread tid < T gets the state of
 *   CXB_INIT_TABLES         ours: cxb_g_init(seed, tid, 0), i.e. curand_init(seed, tid, 0),
 *                           computed from jump tables (XORWOW, MRG32k3a) or directly (Philox:
 *                           a counter-based generator has nothing to jump);
 *   CXB_INIT_CURAND_SUBSEQ  a kernel calling curand_init(seed, tid, 0, &state);
 *   CXB_INIT_CURAND_SEED    a kernel calling curand_init(seed + tid, 0, 0, &state) (random
 *                           spacing: cheap, "less guarantees", docs/studies/prng.md);
 * written to a device array of states (ours: cxb_g_state; cuRAND: its curandState type,
 * whose first 24 bytes hold the same words, checked at compile time). With k > 0 a second
 * kernel then loads each state and stores k outputs (ours: cxb_g_next_u32; cuRAND: curand())
 * coalesced, output j of thread tid at out[j T + tid].
 *
 * Phases of a run (events on the job's stream): kernel = initialisation plus generation
 * (the harness's declared time, "init included"); rng = generation alone ("init excluded",
 * k > 0 only). Setup phases (cxb_init_cuda_create): alloc (device memory), h2d (tables),
 * rng = host time spent building the tables (untimed in the runs, reported separately).
 * Built only with CUDA; without a GPU create answers CXB_ERESOURCE. Every CUDA error is a
 * cxb_status (out of device memory: CXB_ERESOURCE).
 */
#ifndef CXB_PRNG_INIT_H
#define CXB_PRNG_INIT_H

#include <stdint.h>

#include "cxb/core/status.h"
#include "cxb/core/timing.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cxb_cuda_exec;

typedef enum cxb_init_gen { CXB_INIT_XORWOW, CXB_INIT_MRG32K3A, CXB_INIT_PHILOX } cxb_init_gen;
typedef enum cxb_init_method { CXB_INIT_TABLES, CXB_INIT_CURAND_SUBSEQ, CXB_INIT_CURAND_SEED } cxb_init_method;

/* Words of a state that identify it: XORWOW (d, v0..v4), MRG32k3a (s1[3], s2[3]), Philox
 * (counter c0..c3, key k0, k1): the same six words for ours and for cuRAND's state. */
#define CXB_INIT_STATE_WORDS 6

/* Most threads and outputs per thread a job takes. */
#define CXB_INIT_MAX_THREADS (1ull << 32)
#define CXB_INIT_MAX_K (1u << 20)

typedef struct cxb_init_cuda cxb_init_cuda;

cxb_status cxb_init_cuda_create(cxb_init_cuda **ctx, cxb_init_gen gen, cxb_init_method method,
                                uint64_t seed, uint64_t threads, uint64_t k, const struct cxb_cuda_exec *ex,
                                cxb_phases *setup); /* ex: the harness's stream and timing handle
                                                     * (cxb/core/cuda.h; NULL: default stream) */
/* Initialises the T states (and draws k per thread); kernel (and rng) phases timed. */
cxb_status cxb_init_cuda_run(cxb_init_cuda *ctx, cxb_phases *ph);
/* The identifying words of the states of tids first + i step, i < count, after a run:
 * words[CXB_INIT_STATE_WORDS i ...]. */
cxb_status cxb_init_cuda_states(const cxb_init_cuda *ctx, uint64_t first, uint64_t count, uint64_t step,
                                uint32_t *words);
/* The k outputs of thread tid after a run (out[j] = output j). */
cxb_status cxb_init_cuda_outputs(const cxb_init_cuda *ctx, uint64_t tid, uint32_t *out);
void cxb_init_cuda_destroy(cxb_init_cuda *ctx);

/* ---- per-thread jumps on the GPU (Figure R2's GPU column) ----
 * T threads, thread t starts from its own state (XORWOW and MRG32k3a: cxb_g_seed(seed + t);
 * Philox: cxb_philox4x32_init(seed, t, 0)), jumps once by the same distance d and stores its
 * state; the kernel phase is the whole kernel (seeding and store included: a few ns per
 * thread), so time per jump = kernel / T. d: 256-bit, little-endian words (cxb/rng/jump.h);
 * at most 2^192 - 1 for MRG32k3a, 2^128 - 1 for the others. Tables of 4-bit digits are
 * built on the host at create. */
typedef enum cxb_jump_method {
    CXB_JUMP_MRG_SQ,     /* MRG32k3a by squaring, per thread */
    CXB_JUMP_MRG_TAB,    /* MRG32k3a by tables (global memory) */
    CXB_JUMP_XORWOW_TAB, /* XORWOW by tables (global memory; the digits are warp-uniform) */
    CXB_JUMP_PHILOX      /* Philox counter add */
} cxb_jump_method;

typedef struct cxb_jump_cuda cxb_jump_cuda;

cxb_status cxb_jump_cuda_create(cxb_jump_cuda **ctx, cxb_jump_method method, uint64_t seed, uint64_t threads,
                                const uint64_t distance[4], const struct cxb_cuda_exec *ex); /* ex as init */
cxb_status cxb_jump_cuda_run(cxb_jump_cuda *ctx, cxb_phases *ph);
/* The identifying words (as cxb_init_cuda_states) of threads first + i step, i < count. */
cxb_status cxb_jump_cuda_states(const cxb_jump_cuda *ctx, uint64_t first, uint64_t count, uint64_t step,
                                uint32_t *words);
void cxb_jump_cuda_destroy(cxb_jump_cuda *ctx);

#ifdef __cplusplus
}
#endif

#endif
