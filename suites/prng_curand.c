/* suites/prng_curand.c - prng.<gen>.curand: cuRAND's host API generating n uint32 on the GPU,
 * measured beside our kernels in the same run (prng.md 8.1, targets G2a-G2c are ratios to
 * it). Parameters: n, seed (default 1234, the spec's anchor seed), ordering (default
 * `dynamic`, cuRAND's fastest for these three generators; `default`, `legacy`, `seeded`).
 *
 * A peer is timed, not an oracle, but what is known of its output is checked: with the
 * default ordering, cuRAND's host output k (k < 16 here) is the first curand() of device
 * subsequence k for XORWOW and MRG32k3a, and the first four outputs of Philox are curand4 of
 * subsequence 0 (prng.md 4; our cores of cxb/rng/ compute both). Other orderings have no
 * published mapping: their first 64 outputs must not all be equal, and the harness checks
 * that every sample writes the same numbers (their checksum). */
#include "suites/prng_curand.h"

#include <stdlib.h>

#include "cxb/prng.h"
#include "cxb/rng/mrg32k3a.h"
#include "cxb/rng/philox.h"
#include "cxb/rng/xorwow.h"
#include "harness/checksum.h"
#include "harness/params.h"
#include "suites/prng_params.h"

static const char *const ordering_names[] = {"default", "seeded", "legacy", "dynamic", NULL};

typedef struct curand_ctx {
    cxb_curand_gen gen;
    cxb_curand_ordering ordering;
    uint64_t n, seed;
    cxb_curand_cuda *cuda;
} curand_ctx;

static cxb_status setup(const cxb_params *p, cxb_curand_gen gen, void **out)
{
    uint64_t n, seed;
    int ordering;
    cxb_status st = cxb_params_check_keys(p, cxb_prng_param_keys);
    if (st == CXB_OK && (st = cxb_params_u64(p, "n", 1u << 20, &n)) == CXB_OK &&
        (st = cxb_params_u64(p, "seed", 1234u, &seed)) == CXB_OK)
        st = cxb_params_choice(p, "ordering", ordering_names, CXB_CURAND_DYNAMIC, &ordering);
    if (st != CXB_OK)
        return st;
    curand_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return cxb_fail(CXB_ERESOURCE, "prng.curand: out of host memory");
    c->gen = gen;
    c->ordering = (cxb_curand_ordering)ordering;
    c->n = n;
    c->seed = seed;
    if ((st = cxb_curand_cuda_create(&c->cuda, gen, c->ordering, seed, n)) != CXB_OK) {
        free(c);
        return st;
    }
    *out = c;
    return CXB_OK;
}

cxb_status cxb_curand_setup_xorwow(const cxb_params *p, const cxb_env *env, void **ctx)
{
    (void)env;
    return setup(p, CXB_CURAND_XORWOW, ctx);
}

cxb_status cxb_curand_setup_mrg32k3a(const cxb_params *p, const cxb_env *env, void **ctx)
{
    (void)env;
    return setup(p, CXB_CURAND_MRG32K3A, ctx);
}

cxb_status cxb_curand_setup_philox(const cxb_params *p, const cxb_env *env, void **ctx)
{
    (void)env;
    return setup(p, CXB_CURAND_PHILOX, ctx);
}

cxb_status cxb_curand_reset(void *ctx) { return cxb_curand_cuda_reset(((curand_ctx *)ctx)->cuda); }

cxb_status cxb_curand_run(void *ctx, cxb_phases *ph) { return cxb_curand_cuda_run(((curand_ctx *)ctx)->cuda, ph); }

/* The first output of device subsequence k, by our cores (cuRAND's curand_init semantics). */
static uint32_t first_of_subsequence(const curand_ctx *c, uint64_t k)
{
    if (c->gen == CXB_CURAND_XORWOW) {
        cxb_xorwow_state s;
        cxb_xorwow_init(&s, c->seed, k, 0);
        return cxb_xorwow_next_u32(&s);
    }
    cxb_mrg32k3a_state s;
    cxb_mrg32k3a_init(&s, c->seed, k, 0);
    return cxb_mrg32k3a_next_u32(&s);
}

cxb_status cxb_curand_verify(void *vctx)
{
    curand_ctx *c = vctx;
    const uint32_t *got = cxb_curand_cuda_out(c->cuda);
    if (c->ordering == CXB_CURAND_DEFAULT) {
        if (c->gen == CXB_CURAND_PHILOX) {
            uint32_t want[4];
            cxb_philox4x32_bulk_seq(c->seed, 10, 4, want);
            for (uint64_t i = 0; i < 4 && i < c->n; ++i)
                if (got[i] != want[i])
                    return cxb_fail(CXB_EFAIL, "cuRAND Philox output %llu is %u, curand4 of subsequence 0 says %u",
                                    (unsigned long long)i, got[i], want[i]);
            return CXB_OK;
        }
        for (uint64_t k = 0; k < 16 && k < c->n; ++k) {
            uint32_t want = first_of_subsequence(c, k);
            if (got[k] != want)
                return cxb_fail(CXB_EFAIL, "cuRAND host output %llu is %u, the first of subsequence %llu is %u",
                                (unsigned long long)k, got[k], (unsigned long long)k, want);
        }
        return CXB_OK;
    }
    uint64_t m = c->n < 64 ? c->n : 64;
    for (uint64_t i = 1; i < m; ++i)
        if (got[i] != got[0])
            return CXB_OK;
    return m < 2 ? CXB_OK : cxb_fail(CXB_EFAIL, "cuRAND's first %llu outputs are all %u", (unsigned long long)m, got[0]);
}

uint64_t cxb_curand_checksum(void *vctx)
{
    curand_ctx *c = vctx;
    return cxb_checksum_bytes(cxb_curand_cuda_out(c->cuda), c->n * sizeof(uint32_t));
}

void cxb_curand_teardown(void *vctx)
{
    curand_ctx *c = vctx;
    if (c) {
        cxb_curand_cuda_destroy(c->cuda);
        free(c);
    }
}
