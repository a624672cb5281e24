/* impl_pthreads/prng/store.c - prng.store.pthreads: the host's store ceiling, the CPU
 * counterpart of prng.store.cuda (impl_cuda/prng/store.cu): T pool threads write n uint32,
 * output i = (uint32_t)i, with ordinary stores, as the bulk generators' tiles do.
 *
 * Why: on a machine whose memory bandwidth one core nearly fills (the 2-core development VM,
 * docs/studies/prng.md), no generator that writes as fast as this loop can scale with threads
 * better than this loop does; its 2-thread / 1-thread ratio in the same run is the ceiling the
 * G3b ratios of docs/studies/prng.md are read against. The work is split as the bulk paths split theirs:
 * pieces of 64 KiB handed out dynamically, so two threads write neighbouring regions.
 */
#include "cxb/core/pool.h"
#include "cxb/prng/lf24.h"

#define STORE_PIECE_WORDS 16384u /* 64 KiB */

typedef struct store_job {
    uint32_t *out;
    uint64_t n;
} store_job;

static void store_piece(void *arg, uint64_t piece, unsigned worker)
{
    (void)worker;
    const store_job *j = arg;
    uint64_t lo = piece * STORE_PIECE_WORDS, hi = lo + STORE_PIECE_WORDS;
    if (hi > j->n)
        hi = j->n;
    uint32_t *o = j->out;
    for (uint64_t i = lo; i < hi; ++i)
        o[i] = (uint32_t)i;
}

cxb_status cxb_store_pthreads(struct cxb_pool *pool, uint64_t n, uint32_t *out)
{
    store_job j = {out, n};
    return cxb_pool_for(pool, (n + STORE_PIECE_WORDS - 1) / STORE_PIECE_WORDS, CXB_SCHED_DYNAMIC, store_piece, &j);
}
