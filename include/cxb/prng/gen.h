/* cxb/prng/gen.h - bulk generation of every generator of cxb/rng/all.h on every backend:
 * prng.<g>.seq, .pthreads and .cuda (docs/studies/prng.md "bulk fill is a separate host-side
 * API", 6.6 Figure R3), and one stream through any backend's bulk path (the CLI's
 * `cxbench prng GEN --backend`).
 *
 * A spec is a job of cxb/prng/bulk.h (n outputs of S streams in chunks of C) of one
 * generator, with an element type (u32, f32, f64), a conversion (cxbench's or cuRAND's)
 * and a mode (store the n outputs, or only each stream's sum: Leist Algorithm 8). Stream s
 * is cxb_g_init(seed, s, 0); the outputs depend on nothing else, so every backend gives the
 * same bits (tests: prng_bulk_cpu, prng_bulk_cuda).
 *
 * Use: cxb_bulk_spec_check, then cxb_bulk_states_create (stateful generators: the states of
 * the streams that have outputs, built on the host; none for counter-based ones), then any
 * number of runs, each starting every stream from its first output again (the states are
 * never modified: runs copy them into a work area).
 */
#ifndef CXB_PRNG_GEN_H
#define CXB_PRNG_GEN_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/prng/bulk.h"
#include "cxb/prng/gen_core.h"
#include "cxb/rng/all.h"
#include "cxb/core/status.h"
#include "cxb/core/timing.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cxb_cuda_exec;

/* The generators of the list, in list order. */
typedef enum cxb_rng_id {
#define CXB_RNG_ID_ENUM(name, g, kind, streams, chunk) CXB_RNG_ID_##g,
    CXB_RNG_LIST(CXB_RNG_ID_ENUM)
#undef CXB_RNG_ID_ENUM
    CXB_RNG_COUNT
} cxb_rng_id;

/* The descriptor of generator id (all.h's cxb_rng_desc); NULL for an unknown id. */
const cxb_rng_desc *cxb_rng_get(cxb_rng_id id);
/* By name ("xorwow"); -1 when unknown. */
int cxb_rng_find(const char *name);
/* "philox4x32, threefry4x32, ..." in list order (for messages). */
const char *cxb_rng_names(void);

typedef enum cxb_bulk_type { CXB_BULK_U32, CXB_BULK_F32, CXB_BULK_F64 } cxb_bulk_type;
typedef enum cxb_bulk_conv { CXB_BULK_CONV_CXB, CXB_BULK_CONV_CURAND } cxb_bulk_conv;
typedef enum cxb_bulk_mode { CXB_BULK_STORE, CXB_BULK_SUM } cxb_bulk_mode;

typedef struct cxb_bulk_spec {
    cxb_rng_id gen;
    cxb_bulk_job job;   /* n counts elements: an f64 element may take two draws */
    cxb_bulk_type type;
    cxb_bulk_conv conv; /* CURAND: xorwow, mrg32k3a, philox4x32 only, type f32 or f64 */
    cxb_bulk_mode mode;
    unsigned rounds;    /* philox4x32: 10 or 7; 0 = the generator's own */
} cxb_bulk_spec;

/* CXB_EINPUT naming the parameter (n, streams, chunk, type, conv, rounds) when the spec is
 * impossible; CXB_ERESOURCE when its output cannot be addressed in memory. */
cxb_status cxb_bulk_spec_check(const cxb_bulk_spec *spec);

/* The tag (prng_gen_core.h) and element kind of a checked spec. */
cxb_bulk_tag cxb_bulk_spec_tag(const cxb_bulk_spec *spec);
cxb_bulk_elem cxb_bulk_spec_elem(const cxb_bulk_spec *spec);
/* Bytes of one element (4 or 8), of one state (0: counter-based), and the number of
 * streams that have at least one output, min(S, ceil(n / C)): states exist for those. */
size_t cxb_bulk_elem_bytes(const cxb_bulk_spec *spec);
size_t cxb_bulk_state_bytes(const cxb_bulk_spec *spec);
uint64_t cxb_bulk_active_streams(const cxb_bulk_job *job);
/* Rounds of the job: ceil(n / (S C)). */
uint64_t cxb_bulk_rounds(const cxb_bulk_job *job);

struct cxb_pool;
/* The states of streams 0 .. active-1 in a malloc'd array (*states = NULL for counter-based
 * generators). Built on pool when it is not NULL (the same bits either way). XORWOW and
 * MRG32k3a step from stream s to s + 1 with one product by the subsequence jump matrix
 * (M^(2^67), A^(2^76)); the others call cxb_g_init per stream. Untimed setup. */
cxb_status cxb_bulk_states_create(struct cxb_pool *pool, const cxb_bulk_spec *spec, void **states);

/* Output buffers of a run: out = n elements (store), sums = S doubles (sum mode; streams
 * without outputs sum to 0). work: one state per active stream (stateful generators),
 * scratch the run owns. */
cxb_status cxb_bulk_run_seq(const cxb_bulk_spec *spec, const void *states, void *work, void *out,
                            double *sums);
/* The same, split over the pool in fixed pieces (stream tiles; for counter-based
 * generators stream tiles x round blocks), so the output never depends on the threads. */
cxb_status cxb_bulk_run_pthreads(struct cxb_pool *pool, const cxb_bulk_spec *spec, const void *states,
                                 void *work, void *out, double *sums);

/* The independent check of seq (prng_bulk.c's verify): every stream regenerated from
 * cxb_g_init and next_u32 and compared element by element at cxb_bulk_index. For XORWOW
 * and MRG32k3a the stepped states stand in for cxb_g_init after a sample of them (first,
 * second, last and 13 more) is compared with cxb_g_init: one init costs ms for XORWOW. */
cxb_status cxb_bulk_check_streams(const cxb_bulk_spec *spec, const void *states, const void *out,
                                  const double *sums);

/* ---- CUDA (impl_cuda/prng/bulk.cu; built only with CUDA) ---- */

typedef struct cxb_bulk_cuda cxb_bulk_cuda;
/* Uploads the states (setup phases alloc and h2d in *setup), allocates the output on the
 * device and a pinned host copy; all on ex's stream (the harness's stream and timing handle,
 * cxb/core/cuda.h; NULL: the default stream, no queued spin). spm: grid blocks per SM (0: 16; 256 for counter-based store jobs). */
cxb_status cxb_bulk_cuda_create(cxb_bulk_cuda **ctx, const cxb_bulk_spec *spec, const void *states,
                                unsigned spm, const struct cxb_cuda_exec *ex, cxb_phases *setup);
/* One run from the uploaded states: kernel phase timed with events, then d2h. */
cxb_status cxb_bulk_cuda_run(cxb_bulk_cuda *ctx, cxb_phases *ph);
const void *cxb_bulk_cuda_out(const cxb_bulk_cuda *ctx);    /* n elements (store) */
const double *cxb_bulk_cuda_sums(const cxb_bulk_cuda *ctx); /* S sums (sum mode) */
void cxb_bulk_cuda_destroy(cxb_bulk_cuda *ctx);
/* Outputs [offset, offset + count) of a job's uint32 output through the CUDA bulk path (the CUDA
 * part of cxb_prng_fill_u32, impl_cuda/prng/fill.c); in a build without CUDA it answers
 * "built without CUDA" (harness/backends.c). */
cxb_status cxb_bulk_fill_cuda(const cxb_bulk_spec *spec, const void *states, uint64_t offset, uint64_t count,
                              uint32_t *out);

/* ---- one stream through a backend's bulk path (the CLI) ---- */

typedef enum cxb_fill_backend { CXB_FILL_SEQ, CXB_FILL_PTHREADS, CXB_FILL_CUDA } cxb_fill_backend;

/* Outputs [offset, offset + count) (uint32, curand()) of stream 0 of seed: an S = 1 job of
 * offset + count outputs through the backend's bulk path, of which the last count are
 * returned. pool: for CXB_FILL_PTHREADS (and the state setup); may be NULL otherwise.
 * rounds as in cxb_bulk_spec. The cost grows with offset + count. */
cxb_status cxb_prng_fill_u32(cxb_rng_id gen, uint64_t seed, unsigned rounds, uint64_t offset,
                             uint64_t count, uint32_t *out, cxb_fill_backend backend,
                             struct cxb_pool *pool);

#ifdef __cplusplus
}
#endif

#endif
