/* suites/prng/study.c - the prng study: Leist's lagged-Fibonacci generator (lf24) on every
 * backend (docs/studies/prng.md).
 *
 * Implementations: prng.lf24.seq (reference), .pthreads (Leist 4.2), .cuda1 and .cuda2
 * (Leist 4.3), .cudashared (tables on chip; the 250 G/s target, docs/studies/prng.md G2f) and
 * prng.store.cuda (the store ceiling). Parameters (--set): n (outputs), seed (S),
 * r, s (lags; s defaults to 33 for r = 97, else r/3 + 1), streams (T), mode=store|sum,
 * carry=exact|float (cuda2), block (CUDA threads per block, 0 = default).
 *
 * Verification: seq against the float form of Leist's Algorithm 2 (an independent code
 * path); pthreads and CUDA against seq, bit for bit, except cuda2 with carry=float
 * (the thesis's float carry drifts: compared within a tolerance, docs/studies/prng.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/core/pool.h"
#include "cxb/prng/lf24.h"
#include "harness/checksum.h"
#include "harness/registry.h"
#include "suites/prng/bulk.h"
#include "suites/prng/cli.h"
#include "suites/prng/device.h"
#include "suites/prng/init.h"
#include "suites/prng/params.h"
#include "suites/prng/tables.h"

typedef enum lf24_kind { K_SEQ, K_PTHREADS, K_CUDA1, K_CUDA2, K_CUDASHARED } lf24_kind;

typedef struct lf24_ctx {
    lf24_kind kind;
    cxb_lf24_job job;
    cxb_pool *pool;
    uint32_t *pristine, *tables; /* CPU backends: seeded tables and the working copy */
    uint32_t *out;
    double *sums;
    cxb_lf24_cuda *cuda;
    const cxb_prng_lf24_dev *dev; /* the CUDA rows' device half (impl_cuda/prng/rows.c) */
    cxb_lf24_carry_mode carry;
    cxb_phases setup;
} lf24_ctx;

const char *const cxb_prng_param_keys[] = {"n",     "seed",  "r",      "s",       "streams",  "mode",
                                           "carry", "block", "rounds", "threads", "ordering", "spm",
                                           "chunk", "type",  "conv",   "k",       "init",     "distance",
                                           NULL};
static const char *const mode_names[] = {"store", "sum", NULL};
static const char *const carry_names[] = {"exact", "float", NULL};

/* The job of a point; layout and default streams follow the backend. */
static cxb_status lf24_job_from(const cxb_params *p, lf24_kind kind, cxb_lf24_job *job,
                                cxb_lf24_carry_mode *carry, uint64_t *block)
{
    uint64_t r, s, n, seed, streams;
    int mode, c;
    cxb_status st = cxb_params_check_keys(p, cxb_prng_param_keys);
    if (st != CXB_OK)
        return st;
    uint64_t def_streams = kind == K_PTHREADS ? 300 : (kind == K_CUDA1 || kind == K_CUDASHARED) ? 262144 : 1;
    uint64_t def_r = kind == K_CUDA2 ? 92153 : CXB_LF24_R;
    if ((st = cxb_params_u64(p, "n", 1u << 20, &n)) != CXB_OK ||
        (st = cxb_params_u64(p, "seed", 54217137u, &seed)) != CXB_OK ||
        (st = cxb_params_u64(p, "r", def_r, &r)) != CXB_OK ||
        (st = cxb_params_u64(p, "streams", def_streams, &streams)) != CXB_OK ||
        (st = cxb_params_u64(p, "block", 0, block)) != CXB_OK ||
        (st = cxb_params_choice(p, "mode", mode_names, 0, &mode)) != CXB_OK ||
        (st = cxb_params_choice(p, "carry", carry_names, 0, &c)) != CXB_OK)
        return st;
    if (r > 1u << 24)
        return cxb_fail(CXB_EINPUT, "--set r=%llu: at most 2^24 table entries", (unsigned long long)r);
    if ((st = cxb_params_u64(p, "s", cxb_lf24_default_s((uint32_t)r), &s)) != CXB_OK)
        return st;
    if (s > r)
        return cxb_fail(CXB_EINPUT, "--set s=%llu: must be below r=%llu", (unsigned long long)s,
                        (unsigned long long)r);
    if (kind == K_CUDA2 && streams != 1)
        return cxb_fail(CXB_EINPUT, "--set streams=%llu: cuda2 generates one stream",
                        (unsigned long long)streams);
    if (kind != K_CUDA2 && c != 0)
        return cxb_fail(CXB_EINPUT, "--set carry=float: only cuda2 has the float carry");
    job->seed = seed;
    job->r = (uint32_t)r;
    job->s = (uint32_t)s;
    job->streams = streams;
    job->n = n;
    job->layout = (kind == K_CUDA1 || kind == K_CUDASHARED) ? CXB_LF24_INTERLEAVE : CXB_LF24_SLICE;
    job->mode = mode ? CXB_LF24_SUM : CXB_LF24_STORE;
    *carry = c ? CXB_LF24_C_FLOAT : CXB_LF24_C_EXACT;
    return cxb_lf24_job_check(job);
}

static cxb_status alloc_outputs(const cxb_lf24_job *job, uint32_t **out, double **sums)
{
    *out = NULL;
    *sums = NULL;
    if (job->mode == CXB_LF24_STORE)
        *out = malloc((job->n ? job->n : 1) * sizeof **out);
    else
        *sums = malloc(job->streams * sizeof **sums);
    if (!*out && !*sums)
        return cxb_fail(CXB_ERESOURCE, "lf24: out of host memory for %llu outputs",
                        (unsigned long long)job->n);
    return CXB_OK;
}

void cxb_prng_lf24_teardown(void *vctx)
{
    lf24_ctx *c = vctx;
    if (!c)
        return;
    if (c->cuda)
        c->dev->destroy(c->cuda);
    free(c->pristine);
    free(c->tables);
    free(c->out);
    free(c->sums);
    free(c);
}

static cxb_status lf24_setup(const cxb_params *p, const cxb_env *env, lf24_kind kind,
                             const cxb_prng_lf24_dev *dev, void **out)
{
    lf24_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return cxb_fail(CXB_ERESOURCE, "lf24: out of host memory");
    c->kind = kind;
    c->pool = env->pool;
    c->dev = dev;
    cxb_phases_clear(&c->setup);
    uint64_t block = 0;
    cxb_status st = lf24_job_from(p, kind, &c->job, &c->carry, &block);
    if (st == CXB_OK && (kind == K_SEQ || kind == K_PTHREADS)) {
        st = cxb_lf24_tables_create(&c->job, &c->pristine);
        if (st == CXB_OK) {
            size_t bytes = (size_t)c->job.streams * c->job.r * sizeof(uint32_t);
            c->tables = malloc(bytes);
            st = c->tables ? alloc_outputs(&c->job, &c->out, &c->sums)
                           : cxb_fail(CXB_ERESOURCE, "lf24: out of host memory");
        }
    } else if (st == CXB_OK) {
        cxb_lf24_cuda_variant v = kind == K_CUDA1 ? CXB_LF24_CUDA1
                                  : kind == K_CUDA2 ? CXB_LF24_CUDA2
                                                    : CXB_LF24_CUDASHARED;
        const cxb_cuda_exec ex = cxb_env_exec(env);
        st = dev->create(&c->cuda, &c->job, v, c->carry, (unsigned)block, &ex, &c->setup);
    }
    if (st != CXB_OK) {
        cxb_prng_lf24_teardown(c);
        return st;
    }
    *out = c;
    return CXB_OK;
}

cxb_status cxb_prng_lf24_reset(void *vctx)
{
    lf24_ctx *c = vctx;
    if (c->cuda)
        return c->dev->reset(c->cuda);
    memcpy(c->tables, c->pristine, (size_t)c->job.streams * c->job.r * sizeof(uint32_t));
    return CXB_OK;
}

cxb_status cxb_prng_lf24_run(void *vctx, cxb_phases *ph)
{
    lf24_ctx *c = vctx;
    switch (c->kind) {
    case K_SEQ:
        return cxb_lf24_run_seq(&c->job, c->tables, c->out, c->sums);
    case K_PTHREADS:
        return cxb_lf24_run_pthreads(c->pool, &c->job, c->tables, c->out, c->sums);
    default:
        return c->dev->run(c->cuda, ph);
    }
}

static const uint32_t *lf24_out(const lf24_ctx *c)
{
    return c->cuda ? c->dev->out(c->cuda) : c->out;
}

static const double *lf24_sums(const lf24_ctx *c)
{
    return c->cuda ? c->dev->sums(c->cuda) : c->sums;
}

/* seq's own check: every stream regenerated with the float form (Leist Algorithm 2). */
static cxb_status verify_seq_float(const lf24_ctx *c)
{
    const cxb_lf24_job *job = &c->job;
    float *fu = malloc(job->r * sizeof *fu);
    uint32_t *u = malloc(job->r * sizeof *u);
    if (!fu || !u) {
        free(fu);
        free(u);
        return cxb_fail(CXB_ERESOURCE, "lf24: out of host memory");
    }
    cxb_status st = CXB_OK;
    for (uint64_t t = 0; t < job->streams && st == CXB_OK; ++t) {
        cxb_lf24 g;
        memcpy(u, c->pristine + (size_t)t * job->r, job->r * sizeof *u);
        g.u = u;
        g.stride = 1;
        g.r = job->r;
        g.ri = job->r - 1;
        g.si = job->s - 1;
        g.c = CXB_LF24_C0;
        cxb_lf24f f;
        cxb_lf24f_from(&f, fu, &g);
        uint64_t count = cxb_lf24_job_count(job, t);
        double sum = 0;
        for (uint64_t k = 0; k < count; ++k) {
            float x = cxb_lf24f_next(&f);
            if (job->mode == CXB_LF24_SUM) {
                sum += (double)x;
                continue;
            }
            uint32_t want = (uint32_t)(x * 16777216.0f);
            uint32_t got = c->out[cxb_lf24_job_pos(job, t, k)];
            if (got != want) {
                st = cxb_fail(CXB_EFAIL, "stream %llu output %llu: %u, float form gives %u",
                              (unsigned long long)t + 1, (unsigned long long)k, got, want);
                break;
            }
        }
        if (st == CXB_OK && job->mode == CXB_LF24_SUM && sum != c->sums[t])
            st = cxb_fail(CXB_EFAIL, "stream %llu: sum %.17g, float form gives %.17g",
                          (unsigned long long)t + 1, c->sums[t], sum);
    }
    free(fu);
    free(u);
    return st;
}

/* cuda2 with the thesis's float carry: the table part is exact, the carry drifts by
 * float rounding, so each output must lie within the drift bound of the exact one. */
#define LF24_FLOAT_CARRY_TOL (1u << 18) /* 2^-6 of the range: documented in README */

cxb_status cxb_prng_lf24_verify(void *vctx)
{
    lf24_ctx *c = vctx;
    if (c->kind == K_SEQ)
        return verify_seq_float(c);
    /* The reference: the same job generated by prng.lf24.seq's per-stream code. For CUDA
     * it runs on the worker pool: pthreads = seq bit for bit is itself a test
     * (prng_lf24_cross_backend), and it keeps verification of 2^32 draws in seconds. */
    cxb_lf24_job ref = c->job;
    uint32_t *tables = NULL, *out = NULL;
    double *sums = NULL;
    int on_pool = c->kind != K_PTHREADS && c->pool;
    cxb_status st = on_pool ? cxb_lf24_tables_create_pthreads(c->pool, &ref, &tables)
                            : cxb_lf24_tables_create(&ref, &tables);
    if (st == CXB_OK)
        st = alloc_outputs(&ref, &out, &sums);
    if (st == CXB_OK)
        st = on_pool ? cxb_lf24_run_pthreads(c->pool, &ref, tables, out, sums)
                     : cxb_lf24_run_seq(&ref, tables, out, sums);
    if (st == CXB_OK && ref.mode == CXB_LF24_STORE) {
        const uint32_t *got = lf24_out(c);
        for (uint64_t i = 0; i < ref.n; ++i) {
            uint32_t d = (got[i] - out[i]) & CXB_LF24_MASK;
            uint32_t dist = d < (1u << 23) ? d : (1u << 24) - d;
            int ok = c->carry == CXB_LF24_C_FLOAT ? (got[i] <= CXB_LF24_MASK && dist <= LF24_FLOAT_CARRY_TOL)
                                                  : got[i] == out[i];
            if (!ok) {
                st = cxb_fail(CXB_EFAIL, "output %llu: %u, prng.lf24.seq gives %u",
                              (unsigned long long)i, got[i], out[i]);
                break;
            }
        }
    } else if (st == CXB_OK) {
        const double *got = lf24_sums(c);
        for (uint64_t t = 0; t < ref.streams; ++t) {
            double diff = got[t] - sums[t];
            int ok = c->carry == CXB_LF24_C_FLOAT
                         ? (diff < 0 ? -diff : diff) <= (double)cxb_lf24_job_count(&ref, t) * LF24_FLOAT_CARRY_TOL / 16777216.0 + 1e-9
                         : got[t] == sums[t];
            if (!ok) {
                st = cxb_fail(CXB_EFAIL, "stream %llu: sum %.17g, prng.lf24.seq gives %.17g",
                              (unsigned long long)t + 1, got[t], sums[t]);
                break;
            }
        }
    }
    free(tables);
    free(out);
    free(sums);
    return st;
}

uint64_t cxb_prng_lf24_checksum(void *vctx)
{
    lf24_ctx *c = vctx;
    if (c->job.mode == CXB_LF24_STORE)
        return cxb_checksum_bytes(lf24_out(c), c->job.n * sizeof(uint32_t));
    return cxb_checksum_bytes(lf24_sums(c), c->job.streams * sizeof(double));
}

void cxb_prng_lf24_extra(void *vctx, char *buf, size_t size)
{
    lf24_ctx *c = vctx;
    /* setup phases of the CUDA variants (once per point, not per sample), sorted by key */
    if (c->cuda)
        snprintf(buf, size, "setup_alloc_ns=%lld;setup_h2d_ns=%lld;setup_init_ns=%lld",
                 (long long)c->setup.ns[CXB_PHASE_ALLOC], (long long)c->setup.ns[CXB_PHASE_H2D],
                 (long long)c->setup.ns[CXB_PHASE_KERNEL]);
    else
        buf[0] = '\0';
}

#define LF24_SETUP(name, kind)                                                          \
    static cxb_status name(const cxb_params *p, const cxb_env *env, void **ctx)        \
    {                                                                                   \
        return lf24_setup(p, env, kind, NULL, ctx);                                     \
    }
LF24_SETUP(setup_seq, K_SEQ)
LF24_SETUP(setup_pthreads, K_PTHREADS)

cxb_status cxb_prng_lf24_setup_dev(const cxb_params *p, const cxb_env *env, cxb_lf24_cuda_variant variant,
                                   const cxb_prng_lf24_dev *dev, void **ctx)
{
    lf24_kind kind = variant == CXB_LF24_CUDA1 ? K_CUDA1 : variant == CXB_LF24_CUDA2 ? K_CUDA2 : K_CUDASHARED;
    return lf24_setup(p, env, kind, dev, ctx);
}

/* ---- prng.store.cuda and prng.store.pthreads: the store ceilings ---- */

typedef struct store_ctx {
    cxb_store_cuda *cuda;
    const cxb_prng_store_dev *dev; /* prng.store.cuda's device half (impl_cuda/prng/rows.c) */
    cxb_pool *pool; /* pthreads: the harness's pool of the point's threads */
    uint32_t *host;            /* pthreads: the output, page-aligned as the bulk rows' */
    uint64_t n;
} store_ctx;

static const uint32_t *store_out(const store_ctx *c)
{
    return c->cuda ? c->dev->out(c->cuda) : c->host;
}

static cxb_status store_setup_any(const cxb_params *p, const cxb_env *env, const cxb_prng_store_dev *dev,
                                  void **out)
{
    int cuda = dev != NULL;
    /* the generator parameters are accepted and ignored, so that one --set applies to a
     * whole prng run, the ceiling included */
    uint64_t n, spm, threads = env->threads;
    cxb_status st = cxb_params_check_keys(p, cxb_prng_param_keys);
    if (st == CXB_OK && (st = cxb_params_u64(p, "n", 1u << 20, &n)) == CXB_OK)
        st = cxb_params_u64(p, "spm", 0, &spm);
    if (st == CXB_OK && spm > 1024)
        st = cxb_fail(CXB_EINPUT, "--set spm=%llu: at most 1024 blocks per SM", (unsigned long long)spm);
    if (st == CXB_OK && !cuda && (st = cxb_params_u64(p, "threads", env->threads, &threads)) == CXB_OK &&
        (threads == 0 || threads > 4096))
        st = cxb_fail(CXB_EINPUT, "--set threads=%llu: 1 to 4096", (unsigned long long)threads);
    if (st != CXB_OK)
        return st;
    store_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return cxb_fail(CXB_ERESOURCE, "store: out of host memory");
    c->n = n;
    c->pool = env->pool;
    c->dev = dev;
    if (cuda) {
        const cxb_cuda_exec ex = cxb_env_exec(env);
        st = dev->create(&c->cuda, n, (unsigned)spm, &ex);
    } else {
        /* the harness hands a pthreads row the pool of its threads parameter (method.md
         * "Threads"); a caller that did not is an error, not a silent other count */
        if (!env->pool || env->threads != threads)
            st = cxb_fail(CXB_EINPUT, "store: --set threads=%llu: no pool of that many workers",
                          (unsigned long long)threads);
        size_t bytes = ((size_t)n * sizeof(uint32_t) + 4095) / 4096 * 4096;
        if (st == CXB_OK && !(c->host = aligned_alloc(4096, bytes ? bytes : 4096)))
            st = cxb_fail(CXB_ERESOURCE, "store: no host memory for %llu words", (unsigned long long)n);
    }
    if (st != CXB_OK) {
        cxb_prng_store_teardown(c);
        return st;
    }
    *out = c;
    return CXB_OK;
}

cxb_status cxb_prng_store_setup_dev(const cxb_params *p, const cxb_env *env, const cxb_prng_store_dev *dev,
                                    void **out)
{
    return store_setup_any(p, env, dev, out);
}

static cxb_status store_setup_pthreads(const cxb_params *p, const cxb_env *env, void **out)
{
    return store_setup_any(p, env, NULL, out);
}

cxb_status cxb_prng_store_reset(void *ctx)
{
    (void)ctx;
    return CXB_OK;
}

cxb_status cxb_prng_store_run(void *ctx, cxb_phases *ph)
{
    store_ctx *c = ctx;
    return c->cuda ? c->dev->run(c->cuda, ph) : cxb_store_pthreads(c->pool, c->n, c->host);
}

cxb_status cxb_prng_store_verify(void *vctx)
{
    store_ctx *c = vctx;
    const uint32_t *o = store_out(c);
    for (uint64_t i = 0; i < c->n; ++i)
        if (o[i] != (uint32_t)i)
            return cxb_fail(CXB_EFAIL, "store: word %llu is %u, expected its index",
                            (unsigned long long)i, o[i]);
    return CXB_OK;
}

uint64_t cxb_prng_store_checksum(void *vctx)
{
    store_ctx *c = vctx;
    return cxb_checksum_bytes(store_out(c), c->n * sizeof(uint32_t));
}

void cxb_prng_store_teardown(void *vctx)
{
    store_ctx *c = vctx;
    if (c) {
        if (c->cuda)
            c->dev->destroy(c->cuda);
        free(c->host);
        free(c);
    }
}

/* ---- the registry entries ---- */

#define LF24_IMPL(id_, backend_, flags_, setup_, summary_)                                         \
    {.id = id_, .backend = backend_, .flags = flags_, .summary = summary_, .setup = setup_,        \
     .reset = cxb_prng_lf24_reset, .run = cxb_prng_lf24_run, .verify = cxb_prng_lf24_verify,       \
     .checksum = cxb_prng_lf24_checksum, .extra = cxb_prng_lf24_extra, .teardown = cxb_prng_lf24_teardown}

/* The CPU rows; the CUDA rows (prng.lf24.cuda1 ..., prng.<g>.cuda, prng.store.cuda, the GPU
 * initialisation and jump rows) are in impl_cuda/prng/rows.c and init_rows.c, cuRAND's peer
 * rows (device and host API) in impl_cuda/prng/curand/ (docs/architecture.md "How CUDA rows are
 * registered"). */
static const cxb_impl prng_impls[] = {
    LF24_IMPL("prng.lf24.seq", CXB_BACKEND_SEQ, 0, setup_seq,
              "Leist 4.1 lagged Fibonacci (RANMAR), streams one after another; the reference"),
    LF24_IMPL("prng.lf24.pthreads", CXB_BACKEND_PTHREADS, 0, setup_pthreads,
              "Leist 4.2: T streams (default 300) seeded from a root stream, taken by the pool"),
    /* prng.<g>.{seq,pthreads} of every generator of CXB_RNG_LIST (suites/prng/bulk.c) */
    CXB_PRNG_BULK_IMPLS
    {.id = "prng.store.pthreads", .backend = CXB_BACKEND_PTHREADS,
     .summary = "host threads writing n uint32 with ordinary stores: the host's bandwidth ceiling (--set threads)",
     .setup = store_setup_pthreads, .reset = cxb_prng_store_reset, .run = cxb_prng_store_run,
     .verify = cxb_prng_store_verify, .checksum = cxb_prng_store_checksum, .teardown = cxb_prng_store_teardown},
    CXB_PRNG_INIT_IMPLS
};

/* ---- sweeps per preset (docs/studies/prng.md; sizes that suit each machine) ---- */

#define STORE "seed=54217137;mode=store"
/* quick (make bench) on the host rows: sizes that a 2-core machine without a GPU runs in about
 * a minute and that still fit (docs/method.md, Fit: 4 points at least): lf24 2^16 ... 2^24 in
 * steps of 2 (nine points for the automatic rules, which drop pthreads' dispatch-bound small
 * sizes and a cache step), every bulk generator 2^18 ... 2^23 (suites/prng/bulk.h), Table 4.1
 * and Fig. 4.1 at 2^23 summed draws (the table scales to the thesis's 3x10^10). The GPU rows
 * keep their sizes. */
#define LF24_CPU_N "65536,131072,262144,524288,1048576,2097152,4194304,8388608,16777216"
#define LF24_CPU_SUM "seed=54217137;mode=sum;n=8388608"
static const cxb_sweep sweeps_quick[] = {
    /* time against the count of numbers (fit: slope 1 at large counts) */
    {"count", "prng.lf24.seq", STORE ";r=97;streams=1", "n", LF24_CPU_N},
    {"count", "prng.lf24.pthreads", STORE ";r=97;streams=300", "n", LF24_CPU_N},
    {"count-gpu", "prng.lf24.cuda1,prng.lf24.cudashared", STORE ";r=97;streams=262144", "n",
     "1048576,4194304,16777216,67108864,268435456,536870912,1073741824"},
    {"count-gpu", "prng.lf24.cuda2", STORE ";r=92153;streams=1", "n", "1048576,4194304,16777216,67108864,268435456"},
    {"count-gpu", "prng.store.cuda", "seed=0", "n", "1048576,4194304,16777216,67108864,268435456,536870912,1073741824"},
    /* every generator of the list, seq, pthreads and CUDA (suites/prng/bulk.h) */
    CXB_PRNG_BULK_QUICK
    /* cuRAND's host API in the same run, best ordering (docs/studies/prng.md) */
    {"count-gpu", "prng.philox4x32.curand,prng.xorwow.curand,prng.mrg32k3a.curand", "seed=1234;ordering=dynamic", "n",
     "1048576,4194304,16777216,67108864,268435456,536870912,1073741824"},
    /* Leist Table 4.1: summed draws, table size barely matters (the CPU count equals
     * Fig. 4.1's, so the pthreads r = 97 point is shared with the T = 300 point there) */
    {"table4.1", "prng.lf24.seq", LF24_CPU_SUM ";streams=1", "r", "97,1021,4093"},
    {"table4.1", "prng.lf24.pthreads", LF24_CPU_SUM ";streams=300", "r", "97,1021,4093"},
    {"table4.1", "prng.lf24.cuda1", "seed=54217137;mode=sum;n=4294967296;streams=32768", "r", "97,1021,4093"},
    {"table4.1", "prng.lf24.cudashared", "seed=54217137;mode=sum;n=4294967296;streams=32768", "r", "97"},
    /* Leist Fig. 4.1: time against the number of tasks */
    {"fig4.1", "prng.lf24.pthreads", LF24_CPU_SUM ";r=97", "streams", "1,2,3,4,6,8,12,16,32,64,300"},
    CXB_SWEEPS_END,
};

static const cxb_sweep sweeps_ci[] = {
    {"count", "prng.lf24.seq,prng.lf24.pthreads", STORE ";r=97;streams=8", "n", "4096,16384,65536,262144,1048576,4194304"},
    {"count-gpu", "prng.lf24.cuda1,prng.lf24.cudashared", STORE ";r=97;streams=8192", "n", "65536,1048576"},
    {"table4.1", "prng.lf24.seq,prng.lf24.pthreads", "seed=54217137;mode=sum;n=4194304;streams=8", "r", "97,1021"},
    CXB_PRNG_BULK_CI
    CXB_SWEEPS_END,
};

static const cxb_sweep sweeps_paper[] = {
    {"count", "prng.lf24.seq,prng.lf24.pthreads", STORE ";r=97;streams=300", "n",
     "65536,262144,1048576,4194304,16777216,67108864,268435456"},
    {"count-gpu", "prng.lf24.cuda1,prng.lf24.cudashared", STORE ";r=97;streams=262144", "n",
     "65536,262144,1048576,4194304,16777216,67108864,268435456,1073741824"},
    {"count-gpu", "prng.lf24.cuda2", STORE ";r=92153;streams=1", "n", "1048576,4194304,16777216,67108864,268435456"},
    {"count-gpu", "prng.store.cuda", "seed=0", "n", "65536,262144,1048576,4194304,16777216,67108864,268435456,1073741824"},
    {"count", "prng.philox4x32.seq,prng.philox4x32.pthreads", "seed=1234", "n",
     "65536,262144,1048576,4194304,16777216,67108864,268435456"},
    {"count-gpu", "prng.philox4x32.cuda", "seed=1234", "n",
     "65536,262144,1048576,4194304,16777216,67108864,268435456,1073741824"},
    /* Table 4.1 at the thesis's 3e10 draws */
    {"table4.1", "prng.lf24.seq", "seed=54217137;mode=sum;n=30000000000;streams=1", "r", "97,1021,4093"},
    {"table4.1", "prng.lf24.pthreads", "seed=54217137;mode=sum;n=30000000000;streams=300", "r", "97,1021,4093"},
    {"table4.1", "prng.lf24.cuda1", "seed=54217137;mode=sum;n=30000000000;streams=32768", "r", "97,1021,4093"},
    {"table4.1", "prng.lf24.cudashared", "seed=54217137;mode=sum;n=30000000000;streams=32768", "r", "97"},
    {"table4.1", "prng.lf24.cuda2", "seed=54217137;mode=sum;n=30000000000;streams=1;s=30718", "r", "92153"},
    {"fig4.1", "prng.lf24.pthreads", "seed=54217137;mode=sum;n=30000000000;r=97", "streams",
     "1,2,3,4,6,8,12,16,24,32,48,64,128,300,600,1200"},
    CXB_SWEEPS_END,
};

/* The GPU launch shape (blocks of 256 threads per SM, grid-stride loops) of the store ceiling
 * and Philox, with cuRAND beside them: cuRAND's Philox outran our store kernel in the quick
 * run (777 against 764 G/s at 2^30, 748 against 678 at 2^28). Its own result set: run it
 * before the quick preset, so that `plot --all` (newest set per study) draws the quick one. */
static const cxb_sweep sweeps_launch[] = {
    {"launch-gpu", "prng.store.cuda,prng.philox4x32.cuda,prng.threefry4x32.cuda", "seed=1234;n=268435456", "spm",
     "4,8,16,32,64,128,256,512,1024"},
    {"launch-gpu", "prng.store.cuda,prng.philox4x32.cuda", "seed=1234;n=1073741824", "spm", "16,64,256"},
    {"launch-gpu", "prng.philox4x32.curand", "seed=1234;ordering=dynamic", "n", "268435456,1073741824"},
    /* the shared-memory generators (one stream per warp, impl_cuda/prng/mt19937.cu, mtgp32.cu):
     * their launch shape is the stream count S; 3696 = 132 SMs x 28 resident warps of an H100 */
    {"launch-gpu-streams", "prng.mt19937.cuda,prng.mtgp32.cuda", "seed=1234;n=268435456", "streams",
     "192,1024,2048,3696,4096,7392,8192,16384"},
    /* TinyMT32 (a thread per stream, 262144 by default): its stream count is its grid */
    {"launch-gpu-streams", "prng.tinymt32.cuda", "seed=1234;n=268435456", "streams",
     "65536,131072,135168,262144,270336,524288"},
    {"launch-gpu-streams", "prng.mt19937.curand", "seed=1234;ordering=default", "n", "268435456"},
    {"launch-gpu-streams", "prng.mtgp32.curand", "seed=1234;ordering=dynamic", "n", "268435456"},
    CXB_SWEEPS_END,
};

static const cxb_preset prng_presets[] = {
    {"quick", "lf24 on every backend, every generator, cuRAND, Leist Table 4.1 and Fig. 4.1", sweeps_quick, 0},
    {"ci", "small sizes for a 2-core machine without a GPU (make bench-ci)", sweeps_ci, 0},
    {"paper", "Leist ch. 4 at the thesis's sizes (Table 4.1 at 3e10 draws, Fig. 4.1)", sweeps_paper, 0},
    {"launch", "the GPU launch shape of the store ceiling, Philox and the shared-memory generators", sweeps_launch, 0},
    {"gens", "Figure R3: every generator on every backend against cuRAND, and a thread sweep", cxb_prng_bulk_sweeps_gens, 0},
    {"init", "Figure R4: per-thread stream initialisation and the device API against cuRAND", cxb_prng_init_sweeps_init, 0},
    {"jump", "Figure R2: jump-ahead time against the distance", cxb_prng_init_sweeps_jump, 0},
};

/* docs/studies/prng.md G3a: slope 1.00 +- 0.03 at large counts for lf24; 1.00 +- 0.05 otherwise. */
static const cxb_series_spec prng_series[] = {
    {"prng.lf24.", "n", 1.0, 0.03, 0, 0, NULL},
    {"prng.store.", "n", 1.0, 0.05, 0, 0, NULL},
    CXB_PRNG_BULK_SERIES /* every generator of the list: n >= 2^24 */
    CXB_PRNG_INIT_SERIES
};

static const cxb_figure_spec prng_figures[] = {
    {"lf24-time-vs-n", "lf24: time against the count of numbers (stored)", "prng/time_vs_x.gp",
     "n", "time", "mode=store", NULL},
    {"lf24-rate-vs-n", "lf24: numbers/s stored against the count", "prng/rate_vs_x.gp", "n",
     "rate", "mode=store", NULL},
    {"philox-rate-vs-n", "Philox4x32-10: numbers/s stored against the count", "prng/rate_vs_x.gp", "n",
     "rate", "impl=prng.philox4x32.*", NULL},
    CXB_PRNG_BULK_FIGURES
    {"fig4.1-streams", "Leist Fig. 4.1: time against the number of tasks (pthreads, summed)",
     "prng/time_vs_tasks.gp", "streams", "time", "impl=prng.lf24.pthreads;mode=sum;r=97", NULL},
    CXB_PRNG_INIT_FIGURES
};

static const cxb_command prng_commands[] = {
    {"prng", cxb_cli_prng, cxb_prng_forms, "write a generator's stream (decimal, hex or raw binary)",
     cxb_prng_cli_help_generators},
    {"prng-repro", cxb_cli_prng_repro, cxb_prng_repro_forms,
     "the reproducibility matrix across decompositions (Figure R1)", NULL},
};

/* Designated initialisers: fields added to cxb_study later stay NULL without a warning. */
const cxb_study cxb_study_prng = {
    .name = "prng",
    .summary = "parallel pseudorandom number generators (Leist ch. 4)",
    .reference_impl = "prng.lf24.seq",
    .impls = prng_impls,
    .nimpls = sizeof prng_impls / sizeof prng_impls[0],
    .presets = prng_presets,
    .npresets = sizeof prng_presets / sizeof prng_presets[0],
    .series = prng_series,
    .nseries = sizeof prng_series / sizeof prng_series[0],
    .figures = prng_figures,
    .nfigures = sizeof prng_figures / sizeof prng_figures[0],
    .time_unit_of_work = "numbers",
    .print_tables = cxb_prng_tables_print,
    .commands = prng_commands,
    .ncommands = sizeof prng_commands / sizeof prng_commands[0],
    .claims = cxb_prng_claims,
};
