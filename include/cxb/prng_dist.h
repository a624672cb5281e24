/* cxb/prng_dist.h - stream distribution on the host: the techniques' descriptors and usage
 * rules, the plan, and the drivers that draw K outputs for each of M logical tasks on
 * every backend (prng.md 5.1-5.4, 6.4). The per-stream work is cxb/rng/dist.h, shared by
 * all backends; the drivers only schedule it.
 *
 * Output layout of every driver: out[id * k + j] is output j received by logical task id.
 *
 * Binding. Per-task techniques (split, spacing, param, counter) give task id the stream
 * of id, so the output is the same on every backend and decomposition (Passerat-Palmbach
 * requirement 4). Leap frog binds streams to workers (stride = the driver's worker count:
 * seq 1, pthreads P, CUDA blocks x threads), the central server to nobody; per_worker = 1
 * binds a per-task technique's streams to the worker index instead of the task id: the
 * ThreadLocalRandom pitfall (prng.md 5.3), on purpose. A worker's tasks consume its
 * stream one after another (pthreads: in the pool's order; CUDA: thread t runs tasks t,
 * t + T, ...).
 */
#ifndef CXB_PRNG_DIST_H
#define CXB_PRNG_DIST_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/pool.h"
#include "cxb/rng/dist.h"
#include "cxb/status.h"

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
 * 2^log2_period (prng.md 5.1): 1 - (1 - n len / (P - 1))^(n - 1), computed stably. */
double cxb_dist_overlap_prob(double n, double len, double log2_period);

/* The plan of (generator, technique, seed), checked against Table 3.2 for `draws`. */
cxb_status cxb_dist_plan_create(cxb_dist_plan **plan, const char *gen, cxb_dist_tech t, uint64_t seed,
                                uint64_t draws);
/* Leap frog's stride N (>= 1): the drivers set it to their worker count. */
void cxb_dist_plan_set_workers(cxb_dist_plan *plan, uint64_t workers);
void cxb_dist_plan_destroy(cxb_dist_plan *plan);

/* The drivers (see the top). CUDA: CXB_ERESOURCE without a GPU; central on CUDA needs a
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
