/* impl_cuda/prng/curand/host_rows.c - prng.<g>.curandhost: cuRAND's CPU host generators
 * (curandCreateGeneratorHost; impl_cuda/prng/curand/host.c) as peer rows of the prng study
 * for g in {philox4x32, xorwow, mrg32k3a, mt19937, mtgp32}, the generators cuRAND has
 * (docs/studies/prng.md "series (CPU)", 8.3 G1 and G5).
 *
 * Parameters (--set): n (numbers per call, default 2^20), seed (1234, the spec's anchor),
 * ordering=default|seeded|legacy|best (default `default`; cuRAND's host generators refuse
 * dynamic, and seeded except for XORWOW: cxb/prng/curandhost.h), type=u32|f32|f64
 * (curandGenerate, curandGenerateUniform, curandGenerateUniformDouble). The other prng
 * parameters are accepted and ignored, so that one --set applies to a whole run.
 * Setup (untimed): the generator made, seeded, ordered and set up; output buffer in host
 * memory. Reset (untimed, before every sample, as the GPU rows do): offset 0 and
 * curandGenerateSeeds; MTGP32 and MT19937 refuse an offset and are made anew (MT19937's
 * setup costs ~5 s on the CPU: its rows are slow to run, not to time). Timed: the one
 * generate call.
 *
 * Verification (before any timing), by what is known of each host ordering; the extra
 * column says which check ran (check=...) and over how many numbers (checked=...):
 *  - bits: the output equals, bit for bit, our prng.<g>.seq bulk job of the same seed in
 *    cuRAND's host layout (cxb/prng/bulk.h: output i is output p of stream s = cxb_g_init(seed,
 *    s, 0), i.e. of device subsequence s), per ordering:
 *        XORWOW    default, legacy, best: (S, C) = (4096, 1)
 *        MRG32k3a  default, best: (81920, 1); legacy: (4096, 1)
 *        Philox    default, legacy, best: (65536, 4) (curand4 of subsequence s in turn)
 *        MTGP32    default, best: (192, 256); legacy: (64, 256)
 *    independent of n (a prefix of a longer call is the shorter call). XORWOW's and
 *    MRG32k3a's default and MTGP32's default were derived in tests/prng/test_rng_curand_host.c and
 *    tests/prng/test_mt_curand_host.c; Philox's, the legacy/best ones and the floats here, against
 *    these very generators, and are tested in tests/prng/test_prng_curandhost.c. Floats are our
 *    conv=curand conversions (cxb/prng/convert.h) in the same layout: XORWOW f32 and f64 (two
 *    draws per double), MRG32k3a f32 and f64, Philox f32. Up to n = 2^26 the whole output is
 *    compared; above, the first 2^26 numbers only (check=bits-prefix in the extra column).
 *  - mt19937-row0 (MT19937, default and legacy orderings): the first min(n, 8) outputs are
 *    std::mt19937(seed)'s outputs 0, 113, 170, 283, 340, 397, 510, 567 (row 0 of the
 *    layout derived in tests/prng/test_mt_curand_host.c; the other 8191 states' jump is not
 *    derived, so nothing else is claimed).
 *  - sanity (every other combination: XORWOW seeded, Philox f64, MTGP32 floats, MT19937
 *    floats and seeds above 2^32): the
 *    first 64 numbers are not all equal, uniforms lie in (0, 1]. The harness checks that
 *    every sample writes the same numbers (their checksum).
 * Compiled only with libcurand; the registry adds cxb_prng_curandhost_impls to the prng study
 * (docs/architecture.md "How CUDA rows are registered").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/prng/curandhost.h"
#include "cxb/prng/gen.h"
#include "cxb/rng/all.h"
#include "harness/checksum.h"
#include "harness/params.h"
#include "harness/registry.h"
#include "suites/prng/params.h"

#define CMP_MAX ((uint64_t)1 << 26) /* numbers compared bit for bit at most (a prefix above) */

/* What is claimed per generator: its host layout in our bulk terms for each ordering that
 * has a derived one (S = 0: none), and which types match our conv=curand conversions. */
typedef struct host_layout {
    uint64_t streams, chunk;
} host_layout;
typedef struct host_row {
    const char *name;
    cxb_curand_gen gen;
    int rng;                   /* cxb_rng_id of our generator, -1: none in this build */
    host_layout layout[5];     /* by cxb_curandhost_ordering: default, seeded, legacy, best, dynamic */
    unsigned types;            /* bit t: type t matches (u32 always when the layout does) */
} host_row;

#define TY(t) (1u << CXB_CURAND_##t)
static const host_row rows[] = {
    {"philox4x32", CXB_CURAND_PHILOX, CXB_RNG_ID_philox4x32, {{65536, 4}, {0, 0}, {65536, 4}, {65536, 4}, {0, 0}},
     TY(U32) | TY(F32)},
    {"xorwow", CXB_CURAND_XORWOW, CXB_RNG_ID_xorwow, {{4096, 1}, {0, 0}, {4096, 1}, {4096, 1}, {0, 0}},
     TY(U32) | TY(F32) | TY(F64)},
    {"mrg32k3a", CXB_CURAND_MRG32K3A, CXB_RNG_ID_mrg32k3a, {{81920, 1}, {0, 0}, {4096, 1}, {81920, 1}, {0, 0}},
     TY(U32) | TY(F32) | TY(F64)},
    {"mt19937", CXB_CURAND_MT19937, -1, {{0, 0}}, 0},
#if CXB_HAVE_MTGP32
    {"mtgp32", CXB_CURAND_MTGP32, CXB_RNG_ID_mtgp32, {{192, 256}, {0, 0}, {64, 256}, {192, 256}, {0, 0}}, TY(U32)},
#else
    {"mtgp32", CXB_CURAND_MTGP32, -1, {{0, 0}}, 0},
#endif
};

static const char *const type_names[] = {"u32", "f32", "f64", NULL};

typedef struct host_ctx {
    const host_row *row;
    cxb_curandhost *h;
    cxb_curandhost_ordering ordering;
    cxb_curand_type type;
    uint64_t n, seed;
    void *out;
    const char *check; /* the last verification's kind, for the extra column */
    uint64_t checked;
} host_ctx;

static size_t elem_bytes(cxb_curand_type t) { return t == CXB_CURAND_F64 ? 8 : 4; }

static void cxb_curandhost_row_teardown(void *vctx)
{
    host_ctx *c = vctx;
    if (!c)
        return;
    cxb_curandhost_destroy(c->h);
    free(c->out);
    free(c);
}

static cxb_status setup(const cxb_params *p, const host_row *row, void **out)
{
    *out = NULL;
    uint64_t n, seed;
    int ordering, type;
    cxb_status st = cxb_params_check_keys(p, cxb_prng_param_keys);
    if (st == CXB_OK && (st = cxb_params_u64(p, "n", 1u << 20, &n)) == CXB_OK &&
        (st = cxb_params_u64(p, "seed", 1234u, &seed)) == CXB_OK &&
        (st = cxb_params_choice(p, "ordering", cxb_curandhost_ordering_names, CXB_CURANDHOST_DEFAULT, &ordering)) ==
            CXB_OK)
        st = cxb_params_choice(p, "type", type_names, CXB_CURAND_U32, &type);
    if (st != CXB_OK)
        return st;
    if (n > ((size_t)-1 >> 1) / 8)
        return cxb_fail(CXB_EINPUT, "--set n=%llu: too many numbers for host memory", (unsigned long long)n);
    host_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return cxb_fail(CXB_ERESOURCE, "prng.%s.curandhost: out of host memory", row->name);
    c->row = row;
    c->ordering = (cxb_curandhost_ordering)ordering;
    c->type = (cxb_curand_type)type;
    c->n = n;
    c->seed = seed;
    c->check = "none";
    if (!(c->out = malloc(n ? (size_t)n * elem_bytes(c->type) : 1)))
        st = cxb_fail(CXB_ERESOURCE, "prng.%s.curandhost: out of host memory for %llu numbers", row->name,
                      (unsigned long long)n);
    if (st == CXB_OK)
        st = cxb_curandhost_create(&c->h, row->gen, c->ordering, seed);
    if (st != CXB_OK) {
        cxb_curandhost_row_teardown(c);
        return st;
    }
    *out = c;
    return CXB_OK;
}

#define HOST_SETUP(g, index)                                                                       \
    static cxb_status cxb_curandhost_setup_##g(const cxb_params *p, const cxb_env *env, void **ctx)       \
    {                                                                                              \
        (void)env;                                                                                 \
        return setup(p, &rows[index], ctx);                                                        \
    }
HOST_SETUP(philox4x32, 0)
HOST_SETUP(xorwow, 1)
HOST_SETUP(mrg32k3a, 2)
HOST_SETUP(mt19937, 3)
HOST_SETUP(mtgp32, 4)

static cxb_status cxb_curandhost_row_reset(void *ctx) { return cxb_curandhost_reset(((host_ctx *)ctx)->h); }

static cxb_status cxb_curandhost_row_run(void *vctx, cxb_phases *ph)
{
    (void)ph; /* a CPU row: the harness's wall clock around this call is the time */
    host_ctx *c = vctx;
    return cxb_curandhost_generate(c->h, c->type, c->out, c->n);
}

/* bits: the first m numbers against our seq bulk job in cuRAND's host layout */
static cxb_status verify_bits(host_ctx *c, uint64_t m)
{
    cxb_bulk_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.gen = (cxb_rng_id)c->row->rng;
    spec.job.seed = c->seed;
    spec.job.n = m;
    spec.job.streams = c->row->layout[c->ordering].streams;
    spec.job.chunk = c->row->layout[c->ordering].chunk;
    spec.type = c->type == CXB_CURAND_F64 ? CXB_BULK_F64 : c->type == CXB_CURAND_F32 ? CXB_BULK_F32 : CXB_BULK_U32;
    spec.conv = c->type == CXB_CURAND_U32 ? CXB_BULK_CONV_CXB : CXB_BULK_CONV_CURAND;
    spec.mode = CXB_BULK_STORE;
    void *states = NULL, *work = NULL, *want = NULL;
    size_t sb = 0;
    cxb_status st = cxb_bulk_spec_check(&spec);
    if (st == CXB_OK)
        st = cxb_bulk_states_create(NULL, &spec, &states);
    if (st == CXB_OK) {
        sb = cxb_bulk_state_bytes(&spec);
        uint64_t active = cxb_bulk_active_streams(&spec.job);
        want = malloc((size_t)m * elem_bytes(c->type));
        work = sb && active ? malloc((size_t)active * sb) : NULL;
        if (!want || (sb && active && !work))
            st = cxb_fail(CXB_ERESOURCE, "prng.%s.curandhost: out of host memory to verify", c->row->name);
    }
    if (st == CXB_OK)
        st = cxb_bulk_run_seq(&spec, states, work, want, NULL);
    if (st == CXB_OK && memcmp(want, c->out, (size_t)m * elem_bytes(c->type)) != 0) {
        size_t es = elem_bytes(c->type), i = 0;
        const unsigned char *a = want, *b = c->out;
        while (memcmp(a + i * es, b + i * es, es) == 0)
            ++i;
        /* MRG32k3a's one known possible difference (docs/studies/prng.md: z = m1, p ~ 2.3e-10 per
         * draw) is not special-cased: it would show here, named, and has not been seen */
        uint64_t s, pos;
        cxb_bulk_where(&spec.job, i, &s, &pos);
        st = cxb_fail(CXB_EFAIL, "number %llu (stream %llu, position %llu of the host layout S=%llu, C=%llu) differs "
                      "from prng.%s.seq's",
                      (unsigned long long)i, (unsigned long long)s, (unsigned long long)pos,
                      (unsigned long long)spec.job.streams, (unsigned long long)spec.job.chunk, c->row->name);
    }
    free(states);
    free(work);
    free(want);
    return st;
}

/* mt19937-row0: the first min(n, 8) outputs are these outputs of std::mt19937(seed) */
static cxb_status verify_mt19937_row0(host_ctx *c)
{
    static const unsigned pos[8] = {0, 113, 170, 283, 340, 397, 510, 567};
    const uint32_t *got = c->out;
    cxb_mt19937_state s;
    cxb_mt19937_init_genrand(&s, (uint32_t)c->seed);
    for (unsigned p = 0, k = 0; k < 8 && k < c->n; ++p) {
        uint32_t x = cxb_mt19937_next_u32(&s);
        if (p != pos[k])
            continue;
        if (got[k] != x)
            return cxb_fail(CXB_EFAIL, "cuRAND host MT19937 output %u is %u, std::mt19937(%llu) output %u is %u", k,
                            got[k], (unsigned long long)c->seed, p, x);
        ++k;
    }
    return CXB_OK;
}

static double number(const host_ctx *c, uint64_t i)
{
    if (c->type == CXB_CURAND_F64)
        return ((const double *)c->out)[i];
    if (c->type == CXB_CURAND_F32)
        return (double)((const float *)c->out)[i];
    return (double)((const uint32_t *)c->out)[i];
}

static cxb_status verify_sanity(host_ctx *c)
{
    uint64_t m = c->n < 64 ? c->n : 64, distinct = 0;
    for (uint64_t i = 0; i < m; ++i) {
        double x = number(c, i);
        if (c->type != CXB_CURAND_U32 && !(x > 0.0 && x <= 1.0))
            return cxb_fail(CXB_EFAIL, "cuRAND host uniform %llu is %g, outside (0, 1]", (unsigned long long)i, x);
        distinct += x != number(c, 0);
    }
    return m < 2 || distinct ? CXB_OK
                             : cxb_fail(CXB_EFAIL, "cuRAND host generator's first %llu numbers are equal",
                                        (unsigned long long)m);
}

static cxb_status cxb_curandhost_row_verify(void *vctx)
{
    host_ctx *c = vctx;
    const host_row *r = c->row;
    cxb_status st = verify_sanity(c);
    c->check = "sanity";
    c->checked = c->n < 64 ? c->n : 64;
    if (st != CXB_OK)
        return st;
    /* the seed is 64-bit in every cuRAND generator; our cores take it the same way */
    if (r->rng >= 0 && r->layout[c->ordering].streams && (r->types >> c->type & 1)) {
        uint64_t m = c->n < CMP_MAX ? c->n : CMP_MAX;
        c->check = m < c->n ? "bits-prefix" : "bits";
        c->checked = m;
        return m ? verify_bits(c, m) : CXB_OK;
    }
    if (r->gen == CXB_CURAND_MT19937 && c->type == CXB_CURAND_U32 && c->seed <= 0xFFFFFFFFu &&
        (c->ordering == CXB_CURANDHOST_DEFAULT || c->ordering == CXB_CURANDHOST_LEGACY)) {
        c->check = "mt19937-row0";
        c->checked = c->n < 8 ? c->n : 8;
        return verify_mt19937_row0(c);
    }
    return CXB_OK;
}

static uint64_t cxb_curandhost_row_checksum(void *vctx)
{
    host_ctx *c = vctx;
    return cxb_checksum_bytes(c->out, (size_t)c->n * elem_bytes(c->type));
}

static void cxb_curandhost_row_extra(void *vctx, char *buf, size_t size)
{
    host_ctx *c = vctx;
    snprintf(buf, size, "check=%s;checked=%llu", c->check, (unsigned long long)c->checked);
}

/* ---- the registry rows ---- */

#define CXB_PRNG_CURANDHOST_ROW(name, g, summary_)                                                 \
    {.id = "prng." name ".curandhost", .backend = CXB_BACKEND_SEQ, .summary = summary_,            \
     .setup = cxb_curandhost_setup_##g, .reset = cxb_curandhost_row_reset, .run = cxb_curandhost_row_run, \
     .verify = cxb_curandhost_row_verify, .checksum = cxb_curandhost_row_checksum,                  \
     .extra = cxb_curandhost_row_extra, .teardown = cxb_curandhost_row_teardown},

const cxb_impl cxb_prng_curandhost_impls[] = {
    CXB_PRNG_CURANDHOST_ROW("philox4x32", philox4x32,
        "cuRAND CPU host generator, Philox4_32_10 (peer row; default ordering = bulk S=65536, C=4 bits)")
    CXB_PRNG_CURANDHOST_ROW("xorwow", xorwow,
        "cuRAND CPU host generator, XORWOW (peer row; default ordering = bulk S=4096, C=1 bits)")
    CXB_PRNG_CURANDHOST_ROW("mrg32k3a", mrg32k3a,
        "cuRAND CPU host generator, MRG32k3a (peer row; default ordering = bulk S=81920, C=1 bits)")
    CXB_PRNG_CURANDHOST_ROW("mt19937", mt19937,
        "cuRAND CPU host generator, MT19937 (peer row; ~5 s setup per sample; first 8 outputs checked)")
    CXB_PRNG_CURANDHOST_ROW("mtgp32", mtgp32,
        "cuRAND CPU host generator, MTGP32 (peer row; default ordering = bulk S=192, C=256 bits)")
};
const size_t cxb_prng_curandhost_nimpls = sizeof cxb_prng_curandhost_impls / sizeof cxb_prng_curandhost_impls[0];
