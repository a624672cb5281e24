/* prng.<g>.pthreads - bulk generation of every generator of CXB_RNG_LIST on the worker pool
 * (docs/studies/prng.md; Figure R3's CPU series), and the stream states built on the pool.
 *
 * The pieces are fixed by the job, never by the thread count: the tiles of
 * cxb/prng/bulk_tile.h (the same tile functions seq runs). A stateful stream's tiles must
 * run in round order, so a piece is one stream tile through all its rounds; a counter-based
 * stream starts anywhere, so a piece is one tile (stream tile x round block) and a single
 * stream (S = 1, Philox's default) still spreads over every worker. Sum mode needs a stream's
 * draws in order: a piece is a stream tile through all rounds there too. Each output is
 * written by exactly one piece, so the result is seq's bit for bit whatever the workers.
 */
#include <stdlib.h>

#include "cxb/core/pool.h"
#include "cxb/prng/gen.h"
#include "cxb/prng/bulk_tile.h"
#include "cxb/prng/bulk_store.h"

#define MIN(a, b) ((a) < (b) ? (a) : (b))

typedef struct bulk_task {
    const cxb_bulk_spec *spec;
    cxb_bulk_tile_fn fn;
    const void *states;
    void *work, *out;
    double *sums;
    uint64_t active, rounds, ts, tr, rblocks, pieces, group;
    int whole_streams; /* a piece runs its stream tile through every round */
} bulk_task;

/* The pieces are handed out dynamically (CXB_SCHED_DYNAMIC: a busy or slow core takes fewer),
 * in runs of `group` consecutive pieces (at most CXB_BULK_GROUPS runs), not one at a time.
 * Neighbouring tiles share a cache line in each row wherever the output is not line-aligned
 * (malloc's large blocks start 16 bytes into a page); with one piece at a time the workers run
 * neighbouring tiles at the same moment and take those lines from each other at every store:
 * XORWOW at 2^24 (rows of 256 bytes, 16 rows a tile) ran no faster on 2 threads than on 1 on
 * the 2-core VM (14.4 against 14.3 ms), and 2.0x faster with each worker in its own half of the
 * streams (7.3 ms). A run keeps a worker on consecutive tiles (sequential rows), and neighbours
 * meet only where one run ends. The outputs do not depend on the order. */
#define CXB_BULK_GROUPS 256

static void bulk_one(const bulk_task *t, uint64_t piece)
{
    const cxb_bulk_job *job = &t->spec->job;
    if (t->whole_streams) {
        uint64_t s0 = piece * t->ts, s1 = MIN(s0 + t->ts, t->active);
        for (uint64_t r0 = 0; r0 < t->rounds; r0 += t->tr)
            t->fn(job, t->states, t->work, s0, s1, r0, MIN(r0 + t->tr, t->rounds), t->out, t->sums);
    } else {
        uint64_t s0 = (piece / t->rblocks) * t->ts, r0 = (piece % t->rblocks) * t->tr;
        t->fn(job, t->states, t->work, s0, MIN(s0 + t->ts, t->active), r0, MIN(r0 + t->tr, t->rounds),
              t->out, t->sums);
    }
}

static void bulk_group(void *arg, uint64_t g, unsigned worker)
{
    (void)worker;
    const bulk_task *t = arg;
    for (uint64_t p = g * t->group; p < MIN((g + 1) * t->group, t->pieces); ++p)
        bulk_one(t, p);
    /* the tiles' streaming stores (include/cxb/prng/bulk_store.h) are weakly ordered: fence them
     * before the pool learns that this run is done, so that they are visible to whoever joins */
    cxb_bulk_put_done(1);
}

cxb_status cxb_bulk_run_pthreads(struct cxb_pool *pool, const cxb_bulk_spec *spec, const void *states,
                                 void *work, void *out, double *sums)
{
    cxb_bulk_tag tag = cxb_bulk_spec_tag(spec);
    bulk_task t = {spec, cxb_bulk_tile_for(spec, cxb_pool_threads(pool)), states, work, out, sums,
                   0, 0, 0, 0, 0, 0, 0, 0};
    if (!t.fn)
        return cxb_fail(CXB_EINPUT, "bulk: no such combination of generator and conversion");
    t.active = cxb_bulk_active_streams(&spec->job);
    t.rounds = cxb_bulk_rounds(&spec->job);
    cxb_bulk_tile_shape(spec, &t.ts, &t.tr);
    if (spec->mode == CXB_BULK_SUM) {
        for (uint64_t s = t.active; s < spec->job.streams; ++s)
            sums[s] = 0.0;
        t.tr = t.rounds ? t.rounds : 1;
    }
    uint64_t stiles = (t.active + t.ts - 1) / t.ts;
    t.whole_streams = spec->mode == CXB_BULK_SUM || !cxb_bulk_tag_counter(tag);
    t.rblocks = (t.rounds + t.tr - 1) / t.tr;
    t.pieces = t.whole_streams ? stiles : stiles * t.rblocks;
    if (t.pieces == 0)
        return CXB_OK;
    t.group = (t.pieces + CXB_BULK_GROUPS - 1) / CXB_BULK_GROUPS;
    return cxb_pool_for(pool, (t.pieces + t.group - 1) / t.group, CXB_SCHED_DYNAMIC, bulk_group, &t);
}

/* ---- the stream states, built on the pool ---- */

typedef struct states_task {
    cxb_bulk_tag tag;
    uint64_t seed, count, piece;
    const void *jump;
    void *states;
} states_task;

static void states_piece(void *arg, uint64_t piece, unsigned worker)
{
    (void)worker;
    const states_task *t = arg;
    uint64_t s0 = piece * t->piece;
    cxb_bulk_states_piece(t->tag, t->seed, t->jump, s0, MIN(s0 + t->piece, t->count), t->states);
}

cxb_status cxb_bulk_states_create(struct cxb_pool *pool, const cxb_bulk_spec *spec, void **states)
{
    *states = NULL;
    cxb_status st = cxb_bulk_spec_check(spec);
    size_t sb = cxb_bulk_state_bytes(spec);
    uint64_t count = cxb_bulk_active_streams(&spec->job);
    if (st != CXB_OK || sb == 0 || count == 0)
        return st;
    states_task t = {cxb_bulk_spec_tag(spec), spec->job.seed, count, 0, NULL, malloc((size_t)count * sb)};
    if (!t.states)
        return cxb_fail(CXB_ERESOURCE, "%s: out of host memory for %llu stream states",
                        cxb_rng_get(spec->gen)->name, (unsigned long long)count);
    void *jump = NULL;
    if ((st = cxb_bulk_states_prepare(t.tag, &jump)) != CXB_OK) {
        free(t.states);
        return st;
    }
    t.jump = jump;
    t.piece = cxb_bulk_states_piece_size(t.tag);
    uint64_t pieces = (count + t.piece - 1) / t.piece;
    if (pool) {
        st = cxb_pool_for(pool, pieces, CXB_SCHED_DYNAMIC, states_piece, &t);
    } else {
        for (uint64_t p = 0; p < pieces; ++p)
            states_piece(&t, p, 0);
    }
    free(jump);
    if (st != CXB_OK) {
        free(t.states);
        return st;
    }
    *states = t.states;
    return CXB_OK;
}
