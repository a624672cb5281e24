/* cxb/prng/lf24.h - the prng study's public API: bulk generation with Leist's
 * lagged-Fibonacci generator on every backend (docs/studies/prng.md).
 *
 * A job is T streams, numbered 1..T (stream 0 is the root stream seeded directly by
 * S; stream k >= 1 is seeded with the k-th child seed drawn from the root, docs/studies/prng.md
 * 3.1.3). The n outputs are shared among the streams by a layout:
 *   slice       stream t owns [floor(t n / T), floor((t+1) n / T))  (seq, pthreads)
 *   interleave  the k-th output of stream t is at k T + t            (CUDA 1, coalesced)
 * Either way, which numbers a stream draws never depends on the thread count, block
 * size or layout: the k-th output of stream t is the same everywhere.
 * In sum mode (Leist Algorithm 8) a stream adds its uniforms in draw order into a
 * double and writes only that; the sums are exact (below 2^53 units of 2^-24), so
 * they are bit-identical across backends too.
 */
#ifndef CXB_PRNG_H
#define CXB_PRNG_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/hd.h"
#include "cxb/rng/lf24.h"
#include "cxb/core/status.h"
#include "cxb/core/timing.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cxb_cuda_exec;

typedef enum cxb_lf24_layout { CXB_LF24_SLICE, CXB_LF24_INTERLEAVE } cxb_lf24_layout;
typedef enum cxb_lf24_mode { CXB_LF24_STORE, CXB_LF24_SUM } cxb_lf24_mode;

typedef struct cxb_lf24_job {
    uint64_t seed;    /* S (docs/studies/prng.md) */
    uint32_t r, s;    /* lags */
    uint64_t streams; /* T >= 1 */
    uint64_t n;       /* total outputs */
    cxb_lf24_layout layout;
    cxb_lf24_mode mode;
} cxb_lf24_job;

/* Outputs of stream t (0-based within the job) and the position of its k-th. */
static inline CXB_HD uint64_t cxb_lf24_job_count(const cxb_lf24_job *job, uint64_t t)
{
    if (job->layout == CXB_LF24_SLICE)
        return (uint64_t)(((unsigned __int128)(t + 1) * job->n) / job->streams) -
               (uint64_t)(((unsigned __int128)t * job->n) / job->streams);
    return t < job->n ? (job->n - t + job->streams - 1) / job->streams : 0;
}

static inline CXB_HD uint64_t cxb_lf24_job_pos(const cxb_lf24_job *job, uint64_t t, uint64_t k)
{
    if (job->layout == CXB_LF24_SLICE)
        return (uint64_t)(((unsigned __int128)t * job->n) / job->streams) + k;
    return k * job->streams + t;
}

/* Checks the job's parameters; a bad one gives CXB_EINPUT naming the parameter. */
cxb_status cxb_lf24_job_check(const cxb_lf24_job *job);

/* The T tables of a job, stream t's r entries at tables[t*r] (host memory, malloc'd).
 * Seeding follows docs/studies/prng.md: child seeds from a RANMAR (97, 33) root seeded by S. */
cxb_status cxb_lf24_tables_create(const cxb_lf24_job *job, uint32_t **tables);

/* The child seeds of streams 1..T (seeds[t] for stream t+1). */
void cxb_lf24_child_seeds(uint64_t seed, uint64_t *seeds, uint64_t count);

/* Seeds one stream's table (job->r entries) from its child seed: the per-stream part of
 * cxb_lf24_tables_create, shared with the pool's version. */
void cxb_lf24_table_seed(const cxb_lf24_job *job, uint64_t child_seed, uint32_t *table);

/* The first half of both table creators: checks the job, allocates the T*r table entries
 * (unseeded) and the T child seeds (computed). Free both; or neither on an error. */
cxb_status cxb_lf24_tables_begin(const cxb_lf24_job *job, uint32_t **tables, uint64_t **seeds);

/* Generates stream t of the job from its table (advanced in place) from position 0:
 * the per-stream work that seq and pthreads share. out: n uint32 (store mode);
 * sums: T doubles (sum mode). */
static inline CXB_HD void cxb_lf24_job_stream(const cxb_lf24_job *job, uint64_t t,
                                              uint32_t *table, uint32_t *out, double *sums)
{
    cxb_lf24 g;
    g.u = table;
    g.stride = 1;
    g.r = job->r;
    g.ri = job->r - 1u;
    g.si = job->s - 1u;
    g.c = CXB_LF24_C0;
    uint64_t count = cxb_lf24_job_count(job, t);
    if (job->mode == CXB_LF24_SUM) {
        double sum = 0.0;
        for (uint64_t k = 0; k < count; ++k)
            sum += (double)cxb_lf24_next(&g) * (1.0 / 16777216.0);
        sums[t] = sum;
    } else if (job->layout == CXB_LF24_SLICE) {
        uint32_t *o = out + cxb_lf24_job_pos(job, t, 0);
        for (uint64_t k = 0; k < count; ++k)
            o[k] = cxb_lf24_next(&g);
    } else {
        for (uint64_t k = 0; k < count; ++k)
            out[k * job->streams + t] = cxb_lf24_next(&g);
    }
}

/* prng.lf24.seq: the streams one after another (the reference). tables: from
 * cxb_lf24_tables_create, advanced in place. */
cxb_status cxb_lf24_run_seq(const cxb_lf24_job *job, uint32_t *tables, uint32_t *out,
                            double *sums);

struct cxb_pool;
/* prng.lf24.pthreads: Leist section 4.2 - streams taken by the pool's workers. */
cxb_status cxb_lf24_run_pthreads(struct cxb_pool *pool, const cxb_lf24_job *job,
                                 uint32_t *tables, uint32_t *out, double *sums);

/* cxb_lf24_tables_create with the tables seeded on the pool (the same tables, bit for bit):
 * RANMAR seeding costs ~24 generator steps per entry, so the T*r entries of a large GPU
 * job (262144 x 4093) take minutes on one core. */
cxb_status cxb_lf24_tables_create_pthreads(struct cxb_pool *pool, const cxb_lf24_job *job,
                                           uint32_t **tables);

/* ---- CUDA (impl_cuda/prng/lf24.cu); available when built with CUDA ---- */

typedef enum cxb_lf24_cuda_variant {
    CXB_LF24_CUDA1,      /* Leist CUDA 1: one stream per thread, interleaved global tables */
    CXB_LF24_CUDA2,      /* Leist CUDA 2: one stream, one table of 92153, 3 launches a lap */
    CXB_LF24_CUDASHARED  /* CUDA 1 streams with each table on chip (shared memory) */
} cxb_lf24_cuda_variant;

typedef enum cxb_lf24_carry_mode { CXB_LF24_C_EXACT, CXB_LF24_C_FLOAT } cxb_lf24_carry_mode;

typedef struct cxb_lf24_cuda cxb_lf24_cuda;

/* Allocates device memory, uploads the child seeds and fills the tables on the
 * device, on ex's stream (cxb/core/cuda.h; NULL: the default stream, no queued spin); the
 * setup's phases (alloc, h2d, init kernel) are returned in *setup.
 * cuda1/cudashared need layout = interleave; cuda2 needs streams = 1 and slice.
 * block = threads per block (0: the variant's default). */
cxb_status cxb_lf24_cuda_create(cxb_lf24_cuda **ctx, const cxb_lf24_job *job,
                                cxb_lf24_cuda_variant variant, cxb_lf24_carry_mode carry,
                                unsigned block, const struct cxb_cuda_exec *ex, cxb_phases *setup);
/* Restores the freshly seeded tables (device to device), so every sample starts the
 * streams from position 0. Untimed. */
cxb_status cxb_lf24_cuda_reset(cxb_lf24_cuda *ctx);
/* Generates the job: kernel phase timed with CUDA events, then the results copied to
 * the host (d2h phase, events). */
cxb_status cxb_lf24_cuda_run(cxb_lf24_cuda *ctx, cxb_phases *ph);
/* Host copies of the last run's results (n uint32 in store mode, T doubles in sum mode). */
const uint32_t *cxb_lf24_cuda_out(const cxb_lf24_cuda *ctx);
const double *cxb_lf24_cuda_sums(const cxb_lf24_cuda *ctx);
void cxb_lf24_cuda_destroy(cxb_lf24_cuda *ctx);

/* prng.store.cuda: store-only kernel writing n uint32 (the bandwidth ceiling).
 * blocks_per_sm: the grid is at most SMs x blocks_per_sm blocks of 256 threads (0: 16, the
 * launch shape of the spec's anchor; the launch-shape sweep varies it). */
typedef struct cxb_store_cuda cxb_store_cuda;
cxb_status cxb_store_cuda_create(cxb_store_cuda **ctx, uint64_t n, unsigned blocks_per_sm,
                                 const struct cxb_cuda_exec *ex); /* ex as lf24 */
cxb_status cxb_store_cuda_run(cxb_store_cuda *ctx, cxb_phases *ph);
const uint32_t *cxb_store_cuda_out(const cxb_store_cuda *ctx);
void cxb_store_cuda_destroy(cxb_store_cuda *ctx);

/* prng.store.pthreads: the host's store ceiling, n uint32 written by the pool's threads
 * (output i = i), ordinary stores, in 64 KiB pieces handed out dynamically
 * (impl_pthreads/prng/store.c). */
cxb_status cxb_store_pthreads(struct cxb_pool *pool, uint64_t n, uint32_t *out);

/* ---- Philox4x32 bulk generation: n outputs of the stream of curand_init(seed, 0, 0) +
 * curand() (rounds = 10; 7 offered): the S = 1, C = 4 job of the generic bulk path
 * (cxb/prng/gen.h, which prng.philox4x32.{seq,pthreads,cuda} run), for callers that want
 * just this stream. ---- */
void cxb_philox4x32_bulk_seq(uint64_t seed, unsigned rounds, uint64_t n, uint32_t *out);
cxb_status cxb_philox4x32_bulk_pthreads(struct cxb_pool *pool, uint64_t seed, unsigned rounds,
                                        uint64_t n, uint32_t *out);

/* ---- cuRAND as a peer row (prng.<gen>.curand): the host API generating n uint32 into
 * device memory on the implementation's stream (curandGenerate), timed with events like
 * our kernels, in the same process. Timed, not an oracle. ---- */
typedef enum cxb_curand_gen {
    CXB_CURAND_XORWOW, CXB_CURAND_MRG32K3A, CXB_CURAND_PHILOX, CXB_CURAND_MTGP32, CXB_CURAND_MT19937
} cxb_curand_gen;
/* What one call generates (--set type=): n uint32 (curandGenerate), n floats
 * (curandGenerateUniform) or n doubles (curandGenerateUniformDouble); rates count numbers. */
typedef enum cxb_curand_type { CXB_CURAND_U32, CXB_CURAND_F32, CXB_CURAND_F64 } cxb_curand_type;
/* cuRAND's pseudo-random orderings; not every generator accepts every one (cuRAND says
 * CURAND_STATUS_OUT_OF_RANGE, reported as CXB_EINPUT naming the ordering). */
typedef enum cxb_curand_ordering {
    CXB_CURAND_DEFAULT, CXB_CURAND_SEEDED, CXB_CURAND_LEGACY, CXB_CURAND_DYNAMIC
} cxb_curand_ordering;
typedef struct cxb_curand_cuda cxb_curand_cuda;
cxb_status cxb_curand_cuda_create(cxb_curand_cuda **ctx, cxb_curand_gen gen, cxb_curand_ordering ordering,
                                  uint64_t seed, uint64_t n, cxb_curand_type type,
                                  const struct cxb_cuda_exec *ex); /* ex as lf24 */
/* Back to the start of the stream with the generator's states already set up (offset 0,
 * curandGenerateSeeds, synchronised): untimed, so that every sample times the same call
 * and writes the same numbers. */
cxb_status cxb_curand_cuda_reset(cxb_curand_cuda *ctx);
cxb_status cxb_curand_cuda_run(cxb_curand_cuda *ctx, cxb_phases *ph);
/* The last run's output as 32-bit words: n of them for u32 and f32, 2n for f64. */
const uint32_t *cxb_curand_cuda_out(const cxb_curand_cuda *ctx);
void cxb_curand_cuda_destroy(cxb_curand_cuda *ctx);

#ifdef __cplusplus
}
#endif

#endif
