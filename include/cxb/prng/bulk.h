/* cxb/prng/bulk.h - bulk generation of any generator of cxb/rng/all.h: the job, its output
 * layout, and the contract between the bulk drivers (seq, pthreads, CUDA) and the
 * generators' own kernels (docs/studies/prng.md "bulk fill is a separate host-side API").
 *
 * A job is n outputs of S interleaved streams of one seed, in chunks of C: output i is
 * output p of stream s with q = i / C, s = q mod S, p = (q / S) C + i mod C
 * (cxb_bulk_where). Stream s is cxb_g_init(seed, s, 0) of the generator (all.h), so the
 * output depends only on (generator, seed, S, C, n): never on the backend, the thread
 * count or the launch shape. (S, C) = (4096, 1) is cuRAND's XORWOW host-API default
 * ordering, (81920, 1) its MRG32k3a one.
 */
#ifndef CXB_PRNG_BULK_H
#define CXB_PRNG_BULK_H

#include <stdint.h>

#include "cxb/hd.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cxb_bulk_job {
    uint64_t seed;
    uint64_t n;       /* outputs */
    uint64_t streams; /* S >= 1 */
    uint64_t chunk;   /* C >= 1 */
} cxb_bulk_job;

/* Where output i comes from: stream *s, position *p within it. */
static inline CXB_HD void cxb_bulk_where(const cxb_bulk_job *job, uint64_t i, uint64_t *s, uint64_t *p)
{
    uint64_t q = i / job->chunk;
    *s = q % job->streams;
    *p = (q / job->streams) * job->chunk + i % job->chunk;
}

/* Index of output p of stream s (the inverse of cxb_bulk_where). */
static inline CXB_HD uint64_t cxb_bulk_index(const cxb_bulk_job *job, uint64_t s, uint64_t p)
{
    return ((p / job->chunk) * job->streams + s) * job->chunk + p % job->chunk;
}

/* How many outputs of the job stream s contributes. */
static inline CXB_HD uint64_t cxb_bulk_stream_count(const cxb_bulk_job *job, uint64_t s)
{
    uint64_t round = job->streams * job->chunk; /* outputs per full round */
    uint64_t full = job->n / round, rest = job->n % round, c = full * job->chunk;
    uint64_t first = s * job->chunk; /* stream s's chunk in the last, partial round */
    if (rest > first)
        c += rest - first < job->chunk ? rest - first : job->chunk;
    return c;
}

#ifdef __cplusplus
}
#endif

#endif
