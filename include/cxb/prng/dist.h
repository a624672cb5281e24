/* cxb/prng/dist.h - stream distribution on the host: the techniques' descriptors and usage
 * rules, the plan, and the drivers that draw K outputs for each of M logical tasks on
 * every backend (docs/studies/prng.md). The per-stream work is cxb/rng/dist.h, shared by
 * all backends; the drivers only schedule it.
 *
 * Output layout of every driver: out[id * k + j] is output j received by logical task id.
 *
 * Binding. Per-task techniques (split, spacing, param, counter) give task id the stream
 * of id, so the output is the same on every backend and decomposition (Passerat-Palmbach
 * requirement 4). Leap frog binds streams to workers (stride = the driver's worker count:
 * seq 1, pthreads P, CUDA blocks x threads), the central server to nobody; per_worker = 1
 * binds a per-task technique's streams to the worker index instead of the task id: the
 * ThreadLocalRandom pitfall (docs/studies/prng.md), on purpose. A worker's tasks consume its
 * stream one after another (pthreads: in the pool's order; CUDA: thread t runs tasks t,
 * t + T, ...).
 */
#ifndef CXB_PRNG_DIST_H
#define CXB_PRNG_DIST_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/core/pool.h"
#include "cxb/rng/dist.h"
#include "cxb/core/status.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const char *const cxb_dist_tech_names[CXB_DIST_NTECH]; /* "split", "spacing", ... */

/* All descriptors (CXB_DIST_LIST order), and one by generator name (NULL: the generator
 * offers no technique, or is unknown). */
const cxb_dist_desc *cxb_dist_descs(size_t *count);
const cxb_dist_desc *cxb_dist_find(const char *gen);

/* "split" ... "central" -> *t; else CXB_EINPUT "--dist TEXT: ..." */
cxb_status cxb_dist_parse(const char *text, cxb_dist_tech *t);

/* Passerat-Palmbach Table 3.2 for (generator, technique, draws in the whole run; 0 if
 * unknown): CXB_EINPUT "--dist TECH: GEN ..." when the rule refuses it. */
cxb_status cxb_dist_check(const cxb_dist_desc *d, cxb_dist_tech t, uint64_t draws);

/* Random spacing's overlap probability for n streams of length len on a period of
 * 2^log2_period (docs/studies/prng.md): 1 - (1 - n len / (P - 1))^(n - 1), computed stably. */
double cxb_dist_overlap_prob(double n, double len, double log2_period);

/* The plan of (generator, technique, seed), checked against Table 3.2 for `draws`. */
cxb_status cxb_dist_plan_create(cxb_dist_plan **plan, const char *gen, cxb_dist_tech t, uint64_t seed,
                                uint64_t draws);
/* TinyMT32's parameterisation: the sets of a DC file (cxb/rng/tinymt32_dc.h) for a plan
 * of tinymt32 --dist param; stream id uses sets[id], so ids must stay below nsets.
 * CXB_EINPUT for another generator or technique, no set, or more than
 * CXB_DIST_TINYMT32_MAX_SETS. */
cxb_status cxb_dist_plan_set_tinymt32(cxb_dist_plan *plan, const cxb_tinymt32_params *sets, size_t nsets);
/* CXB_EINPUT when per-task stream ids first .. first + n - 1 are beyond what the plan can
 * give distinct streams (plan->max_ids: the parameter sets of TinyMT32 and MTGP32, Ranhash's
 * 2^24 split streams, 32-bit seeds); for tinymt32 param without sets the message names
 * --dc FILE. The drivers call it for ids 0 .. tasks - 1. */
cxb_status cxb_dist_plan_check_ids(const cxb_dist_plan *plan, uint64_t first, uint64_t n);
/* Leap frog's stride N (>= 1): the drivers set it to their worker count. */
void cxb_dist_plan_set_workers(cxb_dist_plan *plan, uint64_t workers);
void cxb_dist_plan_destroy(cxb_dist_plan *plan);

/* The drivers (see the top). CXB_EINPUT when the tasks exceed the plan's stream ids
 * (cxb_dist_plan_check_ids). CUDA: CXB_ERESOURCE without a GPU; central on CUDA needs a
 * counter-based generator (CXB_EINPUT otherwise). */
cxb_status cxb_dist_draw_seq(cxb_dist_plan *plan, uint64_t tasks, uint64_t k, int per_worker, uint32_t *out);
cxb_status cxb_dist_draw_pthreads(cxb_pool *pool, cxb_schedule sched, cxb_dist_plan *plan, uint64_t tasks,
                                  uint64_t k, int per_worker, uint32_t *out);
cxb_status cxb_dist_draw_cuda(cxb_dist_plan *plan, unsigned blocks, unsigned threads, uint64_t tasks,
                              uint64_t k, int per_worker, uint32_t *out);

#ifdef __cplusplus
}
#endif

#endif
