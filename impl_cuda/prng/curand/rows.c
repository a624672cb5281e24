/* impl_cuda/prng/curand/rows.c - prng.<gen>.curand: cuRAND's host API generating n uint32 on the GPU,
 * measured beside our kernels in the same run (docs/studies/prng.md, targets G2a-G2c are ratios to
 * it). Parameters: n, seed (default 1234, the spec's anchor seed), ordering (default
 * `dynamic`, cuRAND's fastest for these three generators; `default`, `legacy`, `seeded`).
 *
 * A peer is timed, not an oracle, but what is known of its output is checked: with the
 * default ordering, cuRAND's host output k (k < 16 here) is the first curand() of device
 * subsequence k for XORWOW and MRG32k3a, and the first four outputs of Philox are curand4 of
 * subsequence 0 (docs/studies/prng.md; our cores of cxb/rng/ compute both). Other orderings have no
 * published mapping: their first 64 outputs must not all be equal, and the harness checks
 * that every sample writes the same numbers (their checksum).
 * MTGP32 (default ordering): outputs 0..15 are kernel state 0's (cxb_mtgp32_init(seed, 0, 0));
 * MT19937 (default, its only ordering besides legacy): output 0 is std::mt19937(seed)'s first
 * (layouts derived in tests/prng/test_mt_curand_host.c). --set type=u32|f32|f64 picks
 * curandGenerate, curandGenerateUniform or curandGenerateUniformDouble (n numbers per call);
 * the uniforms are checked to lie in (0, 1] and not all be equal.
 * Compiled only when CUDA and libcurand are found; the registry adds cxb_prng_curand_impls to
 * the prng study (docs/architecture.md "How CUDA rows are registered"). */
#include <stdlib.h>

#include "cxb/prng/lf24.h"
#include "cxb/config.h"
#include "cxb/rng/mrg32k3a.h"
#include "cxb/rng/mt19937.h"
#include "cxb/rng/mtgp32.h"
#include "cxb/rng/philox.h"
#include "cxb/rng/xorwow.h"
#include "harness/checksum.h"
#include "harness/params.h"
#include "harness/registry.h"
#include "suites/prng/params.h"

static const char *const ordering_names[] = {"default", "seeded", "legacy", "dynamic", NULL};
static const char *const type_names[] = {"u32", "f32", "f64", NULL};

typedef struct curand_ctx {
    cxb_curand_gen gen;
    cxb_curand_ordering ordering;
    cxb_curand_type type;
    uint64_t n, seed;
    cxb_curand_cuda *cuda;
} curand_ctx;

static cxb_status setup(const cxb_params *p, const cxb_env *env, cxb_curand_gen gen, void **out)
{
    uint64_t n, seed;
    int ordering, type;
    cxb_status st = cxb_params_check_keys(p, cxb_prng_param_keys);
    if (st == CXB_OK && (st = cxb_params_u64(p, "n", 1u << 20, &n)) == CXB_OK &&
        (st = cxb_params_u64(p, "seed", 1234u, &seed)) == CXB_OK)
        st = cxb_params_choice(p, "ordering", ordering_names,
                               gen == CXB_CURAND_MT19937 ? CXB_CURAND_DEFAULT : CXB_CURAND_DYNAMIC, &ordering);
    if (st == CXB_OK)
        st = cxb_params_choice(p, "type", type_names, CXB_CURAND_U32, &type);
    if (st != CXB_OK)
        return st;
    curand_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return cxb_fail(CXB_ERESOURCE, "prng.curand: out of host memory");
    c->gen = gen;
    c->ordering = (cxb_curand_ordering)ordering;
    c->type = (cxb_curand_type)type;
    c->n = n;
    c->seed = seed;
    const cxb_cuda_exec ex = cxb_env_exec(env);
    if ((st = cxb_curand_cuda_create(&c->cuda, gen, c->ordering, seed, n, c->type, &ex)) != CXB_OK) {
        free(c);
        return st;
    }
    *out = c;
    return CXB_OK;
}

static cxb_status cxb_curand_setup_xorwow(const cxb_params *p, const cxb_env *env, void **ctx)
{
    return setup(p, env, CXB_CURAND_XORWOW, ctx);
}

static cxb_status cxb_curand_setup_mrg32k3a(const cxb_params *p, const cxb_env *env, void **ctx)
{
    return setup(p, env, CXB_CURAND_MRG32K3A, ctx);
}

static cxb_status cxb_curand_setup_philox(const cxb_params *p, const cxb_env *env, void **ctx)
{
    return setup(p, env, CXB_CURAND_PHILOX, ctx);
}

static cxb_status cxb_curand_setup_mtgp32(const cxb_params *p, const cxb_env *env, void **ctx)
{
    return setup(p, env, CXB_CURAND_MTGP32, ctx);
}

static cxb_status cxb_curand_setup_mt19937(const cxb_params *p, const cxb_env *env, void **ctx)
{
    return setup(p, env, CXB_CURAND_MT19937, ctx);
}

static cxb_status cxb_curand_reset(void *ctx) { return cxb_curand_cuda_reset(((curand_ctx *)ctx)->cuda); }

static cxb_status cxb_curand_run(void *ctx, cxb_phases *ph) { return cxb_curand_cuda_run(((curand_ctx *)ctx)->cuda, ph); }

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

static cxb_status cxb_curand_verify(void *vctx)
{
    curand_ctx *c = vctx;
    const uint32_t *got = cxb_curand_cuda_out(c->cuda);
    if (c->type != CXB_CURAND_U32) { /* uniforms: in (0, 1], not all equal */
        uint64_t m = c->n < 64 ? c->n : 64, distinct = 0;
        for (uint64_t i = 0; i < m; ++i) {
            double x = c->type == CXB_CURAND_F32 ? (double)((const float *)(const void *)got)[i]
                                                 : ((const double *)(const void *)got)[i];
            if (!(x > 0.0 && x <= 1.0))
                return cxb_fail(CXB_EFAIL, "cuRAND uniform %llu is %g, outside (0, 1]", (unsigned long long)i, x);
            distinct += i > 0 && x != (c->type == CXB_CURAND_F32 ? (double)((const float *)(const void *)got)[0]
                                                                  : ((const double *)(const void *)got)[0]);
        }
        return m < 2 || distinct ? CXB_OK : cxb_fail(CXB_EFAIL, "cuRAND's first %llu uniforms are equal", (unsigned long long)m);
    }
#if CXB_HAVE_MTGP32
    if (c->ordering == CXB_CURAND_DEFAULT && c->gen == CXB_CURAND_MTGP32) {
        /* derived (tests/prng/test_mt_curand_host.c): outputs 0..255 are kernel state 0's first 256 */
        cxb_mtgp32_state s;
        cxb_mtgp32_init(&s, c->seed, 0, 0);
        for (uint64_t i = 0; i < 16 && i < c->n; ++i) {
            uint32_t want = cxb_mtgp32_next_u32(&s);
            if (got[i] != want)
                return cxb_fail(CXB_EFAIL, "cuRAND MTGP32 output %llu is %u, kernel state 0 says %u", (unsigned long long)i,
                                got[i], want);
        }
        return CXB_OK;
    }
#endif
    if (c->ordering == CXB_CURAND_DEFAULT && c->gen == CXB_CURAND_MT19937) {
        /* derived: output 0 is std::mt19937(seed)'s first (32-bit seeds; docs/studies/prng.md) */
        if (c->n > 0 && c->seed <= 0xFFFFFFFFu) {
            cxb_mt19937_state s;
            cxb_mt19937_init_genrand(&s, (uint32_t)c->seed);
            uint32_t want = cxb_mt19937_next_u32(&s);
            if (got[0] != want)
                return cxb_fail(CXB_EFAIL, "cuRAND MT19937 output 0 is %u, std::mt19937(%llu) says %u", got[0],
                                (unsigned long long)c->seed, want);
        }
        return CXB_OK;
    }
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

static uint64_t cxb_curand_checksum(void *vctx)
{
    curand_ctx *c = vctx;
    return cxb_checksum_bytes(cxb_curand_cuda_out(c->cuda), c->n * (c->type == CXB_CURAND_F64 ? 8 : 4));
}

static void cxb_curand_teardown(void *vctx)
{
    curand_ctx *c = vctx;
    if (c) {
        cxb_curand_cuda_destroy(c->cuda);
        free(c);
    }
}

/* ---- the registry rows (the peers of prng.<g>.cuda) ---- */

#define CURAND_IMPL(id_, setup_, summary_)                                                        \
    {.id = id_, .backend = CXB_BACKEND_CUDA, .flags = CXB_IMPL_NEEDS_GPU, .summary = summary_,     \
     .setup = setup_, .reset = cxb_curand_reset, .run = cxb_curand_run, .verify = cxb_curand_verify, \
     .checksum = cxb_curand_checksum, .teardown = cxb_curand_teardown}

const cxb_impl cxb_prng_curand_impls[] = {
    CURAND_IMPL("prng.philox4x32.curand", cxb_curand_setup_philox,
                "cuRAND host API, Philox4_32_10 (peer row; --set ordering=dynamic|default|legacy)"),
    CURAND_IMPL("prng.xorwow.curand", cxb_curand_setup_xorwow,
                "cuRAND host API, XORWOW (peer row; --set ordering=dynamic|default|legacy|seeded)"),
    CURAND_IMPL("prng.mrg32k3a.curand", cxb_curand_setup_mrg32k3a,
                "cuRAND host API, MRG32k3a (peer row; --set ordering=dynamic|default|legacy)"),
    CURAND_IMPL("prng.mtgp32.curand", cxb_curand_setup_mtgp32,
                "cuRAND host API, MTGP32 (peer row; --set ordering=dynamic|default|legacy, type=u32|f32|f64)"),
    CURAND_IMPL("prng.mt19937.curand", cxb_curand_setup_mt19937,
                "cuRAND host API, MT19937 (peer row; --set ordering=default|legacy, type=u32|f32|f64)"),
};
const size_t cxb_prng_curand_nimpls = sizeof cxb_prng_curand_impls / sizeof cxb_prng_curand_impls[0];
