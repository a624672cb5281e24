/* suites/prng_philox.c - prng.philox4x32.{seq,pthreads,cuda}: n outputs of the Philox4x32
 * stream of curand_init(seed, 0, 0) + curand() (prng.md 3.4), stored.
 *
 * Parameters: n, seed (default 1234, the spec's cuRAND anchor seed), rounds (10; 7), and for
 * the GPU spm (grid blocks per SM, 0 = 16; the launch-shape preset varies it).
 * Verification: seq against the stateful stream of cxb/rng/philox.h (an independent path:
 * counter increments instead of block indices); pthreads and CUDA against the bulk stream
 * computed on the worker pool, bit for bit (pthreads = seq is itself a tested property). */
#include "suites/prng_philox.h"

#include <stdlib.h>

#include "cxb/pool.h"
#include "cxb/prng.h"
#include "cxb/rng/philox.h"
#include "harness/checksum.h"
#include "harness/params.h"
#include "suites/prng_params.h"


typedef enum { P_SEQ, P_PTHREADS, P_CUDA } philox_kind;

typedef struct philox_ctx {
    philox_kind kind;
    uint64_t n, seed;
    unsigned rounds;
    struct cxb_pool *pool;
    uint32_t *out; /* seq, pthreads */
    cxb_philox_cuda *cuda;
} philox_ctx;

static cxb_status setup(const cxb_params *p, const cxb_env *env, philox_kind kind, void **out)
{
    uint64_t n, seed, rounds, spm;
    cxb_status st = cxb_params_check_keys(p, cxb_prng_param_keys);
    if (st == CXB_OK && (st = cxb_params_u64(p, "n", 1u << 20, &n)) == CXB_OK &&
        (st = cxb_params_u64(p, "seed", 1234u, &seed)) == CXB_OK &&
        (st = cxb_params_u64(p, "spm", 0, &spm)) == CXB_OK)
        st = cxb_params_u64(p, "rounds", 10, &rounds);
    if (st != CXB_OK)
        return st;
    if (rounds != 7 && rounds != 10)
        return cxb_fail(CXB_EINPUT, "--set rounds=%llu: Philox4x32 is offered with 7 or 10 rounds",
                        (unsigned long long)rounds);
    if (spm > 1024)
        return cxb_fail(CXB_EINPUT, "--set spm=%llu: at most 1024 blocks per SM", (unsigned long long)spm);
    if (n > SIZE_MAX / sizeof(uint32_t))
        return cxb_fail(CXB_EINPUT, "--set n=%llu: does not fit in memory", (unsigned long long)n);
    philox_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return cxb_fail(CXB_ERESOURCE, "philox: out of host memory");
    c->kind = kind;
    c->n = n;
    c->seed = seed;
    c->rounds = (unsigned)rounds;
    c->pool = env->pool;
    if (kind == P_CUDA)
        st = cxb_philox_cuda_create(&c->cuda, seed, c->rounds, n, (unsigned)spm);
    else if (!(c->out = malloc(n ? n * sizeof *c->out : 1)))
        st = cxb_fail(CXB_ERESOURCE, "philox: out of host memory for %llu outputs", (unsigned long long)n);
    if (st != CXB_OK) {
        cxb_philox_teardown(c);
        return st;
    }
    *out = c;
    return CXB_OK;
}

cxb_status cxb_philox_setup_seq(const cxb_params *p, const cxb_env *env, void **ctx)
{
    return setup(p, env, P_SEQ, ctx);
}

cxb_status cxb_philox_setup_pthreads(const cxb_params *p, const cxb_env *env, void **ctx)
{
    return setup(p, env, P_PTHREADS, ctx);
}

cxb_status cxb_philox_setup_cuda(const cxb_params *p, const cxb_env *env, void **ctx)
{
    return setup(p, env, P_CUDA, ctx);
}

cxb_status cxb_philox_reset(void *ctx)
{
    (void)ctx; /* counter-based: nothing carries over from one run to the next */
    return CXB_OK;
}

cxb_status cxb_philox_run(void *vctx, cxb_phases *ph)
{
    philox_ctx *c = vctx;
    switch (c->kind) {
    case P_SEQ:
        cxb_philox4x32_bulk_seq(c->seed, c->rounds, c->n, c->out);
        return CXB_OK;
    case P_PTHREADS:
        return cxb_philox4x32_bulk_pthreads(c->pool, c->seed, c->rounds, c->n, c->out);
    default:
        return cxb_philox_cuda_run(c->cuda, ph);
    }
}

static const uint32_t *output(const philox_ctx *c)
{
    return c->kind == P_CUDA ? cxb_philox_cuda_out(c->cuda) : c->out;
}

cxb_status cxb_philox_verify(void *vctx)
{
    philox_ctx *c = vctx;
    const uint32_t *got = output(c);
    if (c->kind == P_SEQ) {
        cxb_philox4x32_state s;
        cxb_philox4x32_init_r(&s, c->seed, 0, 0, c->rounds);
        for (uint64_t i = 0; i < c->n; ++i) {
            uint32_t want = cxb_philox4x32_next_u32(&s);
            if (got[i] != want)
                return cxb_fail(CXB_EFAIL, "philox: output %llu is %u, the stream's is %u",
                                (unsigned long long)i, got[i], want);
        }
        return CXB_OK;
    }
    uint32_t *ref = malloc(c->n ? c->n * sizeof *ref : 1);
    if (!ref)
        return cxb_fail(CXB_ERESOURCE, "philox: out of host memory for the reference");
    /* pthreads is checked against seq; the GPU against the pool (seq = pthreads is tested) */
    cxb_status st = CXB_OK;
    if (c->kind == P_CUDA && c->pool)
        st = cxb_philox4x32_bulk_pthreads(c->pool, c->seed, c->rounds, c->n, ref);
    else
        cxb_philox4x32_bulk_seq(c->seed, c->rounds, c->n, ref);
    for (uint64_t i = 0; st == CXB_OK && i < c->n; ++i)
        if (got[i] != ref[i])
            st = cxb_fail(CXB_EFAIL, "philox: output %llu is %u, the reference's is %u",
                          (unsigned long long)i, got[i], ref[i]);
    free(ref);
    return st;
}

uint64_t cxb_philox_checksum(void *vctx)
{
    philox_ctx *c = vctx;
    return cxb_checksum_bytes(output(c), c->n * sizeof(uint32_t));
}

void cxb_philox_teardown(void *vctx)
{
    philox_ctx *c = vctx;
    if (!c)
        return;
    cxb_philox_cuda_destroy(c->cuda);
    free(c->out);
    free(c);
}
