/* prng.philox4x32.pthreads - the bulk Philox4x32 stream split into fixed chunks that the
 * pool's workers take. A counter-based generator needs no per-stream state: any worker
 * can compute any block, so the output is the sequential one whatever the thread count,
 * and the only design choice is the chunk size (big enough to amortise the hand-out,
 * 64 KiB of output, and a multiple of 4 so chunks start on block boundaries). */
#include "cxb/pool.h"
#include "cxb/prng.h"
#include "cxb/rng/philox.h"

#define PHILOX_CHUNK 16384u /* outputs per task */

typedef struct philox_task {
    uint64_t seed, n;
    unsigned rounds;
    uint32_t *out;
} philox_task;

static void philox_chunk(void *arg, uint64_t c, unsigned worker)
{
    (void)worker;
    const philox_task *t = arg;
    uint64_t first = c * PHILOX_CHUNK, len = t->n - first < PHILOX_CHUNK ? t->n - first : PHILOX_CHUNK;
    cxb_philox4x32_bulk_range(t->seed, t->rounds, first, len, t->out + first);
}

cxb_status cxb_philox4x32_bulk_pthreads(struct cxb_pool *pool, uint64_t seed, unsigned rounds,
                                        uint64_t n, uint32_t *out)
{
    philox_task t = {seed, n, rounds, out};
    return cxb_pool_for(pool, (n + PHILOX_CHUNK - 1) / PHILOX_CHUNK, CXB_SCHED_DYNAMIC, philox_chunk, &t);
}
