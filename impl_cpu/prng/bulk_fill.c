/* cxb_prng_fill_u32 - outputs [offset, offset + count) of stream 0 of a generator through one
 * backend's bulk path (cxb/prng/gen.h), for `cxbench prng GEN --backend seq|pthreads|cuda`
 * (docs/studies/prng.md "bulk fill is a separate host-side API").
 *
 * The stream is the S = 1 job of offset + count outputs (chunk 4: with one stream the chunk
 * does not change the layout, only the tiling); the first offset outputs are generated and
 * dropped, so the cost grows with offset + count (no backend jumps ahead). Deviation from
 * the spec's cxb_prng_fill_u32(gen, seed, first_stream, n, out, backend): one stream, and an
 * offset, which is what the CLI's --offset/--skip need. */
#include <stdlib.h>
#include <string.h>

#include "cxb/prng/gen.h"

cxb_status cxb_prng_fill_u32(cxb_rng_id gen, uint64_t seed, unsigned rounds, uint64_t offset,
                             uint64_t count, uint32_t *out, cxb_fill_backend backend,
                             struct cxb_pool *pool)
{
    if (offset > UINT64_MAX - count)
        return cxb_fail(CXB_EINPUT, "--offset %llu + --count %llu overflows 64 bits",
                        (unsigned long long)offset, (unsigned long long)count);
    cxb_bulk_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.gen = gen;
    spec.job.seed = seed;
    spec.job.n = offset + count;
    spec.job.streams = 1;
    spec.job.chunk = 4;
    spec.rounds = rounds;
    cxb_status st = cxb_bulk_spec_check(&spec);
    if (st != CXB_OK || count == 0)
        return st;
    if (backend == CXB_FILL_PTHREADS && !pool)
        return cxb_fail(CXB_EINPUT, "fill: the pthreads backend needs a pool");
    void *states = NULL, *work = NULL;
    uint32_t *all = NULL;
    if ((st = cxb_bulk_states_create(pool, &spec, &states)) != CXB_OK)
        return st;
    if (backend == CXB_FILL_CUDA) {
        st = cxb_bulk_fill_cuda(&spec, states, offset, count, out);
        free(states);
        return st;
    }
    size_t sb = cxb_bulk_state_bytes(&spec);
    all = offset ? malloc((size_t)spec.job.n * sizeof *all) : out;
    work = sb ? malloc(sb) : NULL;
    if (!all || (sb && !work)) {
        st = cxb_fail(CXB_ERESOURCE, "fill: out of host memory for %llu outputs", (unsigned long long)spec.job.n);
    } else {
        st = backend == CXB_FILL_PTHREADS ? cxb_bulk_run_pthreads(pool, &spec, states, work, all, NULL)
                                          : cxb_bulk_run_seq(&spec, states, work, all, NULL);
        if (st == CXB_OK && all != out)
            memcpy(out, all + offset, (size_t)count * sizeof *out);
    }
    if (all != out)
        free(all);
    free(work);
    free(states);
    return st;
}
