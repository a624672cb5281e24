/* suites/malloc/study.c - the malloc study: Leist's device vs host allocation micro-benchmark
 * (Leist 2011, Sec. 5.3, Alg. 21, Fig. 5.10; docs/studies/malloc.md)
 * with the modern answers beside it (stream-ordered pool, arena) and the C
 * library for scale. The implementations are in impl_cpu/malloc and impl_cuda/malloc
 * (include/cxb/malloc/malloc.h).
 *
 * Parameters (--set): total (bytes, default 2^26), size (chunk bytes, swept 16 ... 4096),
 * threads (device threads, default 16,384; 1 for the host loops), heap_mb (device heap,
 * default 640), pool_state (cold|warm, malloc.pool.cuda), inject (none|null|misalign|
 * overlap: corrupts the pointer set before the checks, to show that they fail; tests only).
 *
 * A run is one pass: alloc phase (alloc_ns), then free phase (free_ns); the declared time
 * is the wall time of the pass (both phases; docs/method.md) and Fig. 5.10 draws the two
 * phases (y = "phases:alloc,free"). verify checks the pass's pointers (non-NULL or counted
 * as failures, aligned, pairwise disjoint after a sort by address) and then runs a second
 * identical pass, which must succeed with no more failures than the first, 1% slack when
 * the first ran out (docs/studies/graphgen.md "Checks"). The checksum is of (calls, whether any call failed): the pointers may differ
 * from pass to pass, and so may an exhausted allocator's exact failure count (thread
 * timing), but not whether it ran out. `extra`: align (observed), calls, failures,
 * threads_run (threads that ran: fewer than `threads` when there are fewer chunks).
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/malloc/malloc.h"
#include "harness/checksum.h"
#include "harness/registry.h"
#include "suites/malloc/device.h"
#include "suites/malloc/table.h"

typedef enum malloc_impl { M_LIBC, M_DEVICE, M_HOST, M_POOL, M_ARENA } malloc_impl;

typedef enum inject_kind { INJ_NONE, INJ_NULL, INJ_MISALIGN, INJ_OVERLAP } inject_kind;

static const char *const malloc_param_keys[] = {"total", "size", "threads", "heap_mb", "pool_state",
                                                "inject", NULL};
static const char *const pool_states[] = {"cold", "warm", NULL};
static const char *const inject_names[] = {"none", "null", "misalign", "overlap", NULL};

typedef struct malloc_ctx {
    malloc_impl impl;
    cxb_malloc_job job;
    inject_kind inject;
    uint64_t align;             /* required */
    uint64_t *ptrs;             /* libc: the pass's pointers */
    cxb_malloc_cuda *cuda;
    const cxb_malloc_dev *dev;  /* the CUDA rows' device half (impl_cuda/malloc/rows.c) */
    cxb_malloc_check_result checked;
    uint64_t failures;          /* reported by the allocator in the last pass */
} malloc_ctx;

void cxb_malloc_row_teardown(void *vctx)
{
    malloc_ctx *c = vctx;
    if (!c)
        return;
    if (c->cuda)
        c->dev->destroy(c->cuda);
    free(c->ptrs);
    free(c);
}

static cxb_status malloc_setup(const cxb_params *p, malloc_impl impl, const cxb_malloc_dev *dev,
                               const cxb_env *env, void **out)
{
    uint64_t total, size, threads, heap_mb;
    int pool_state = 0, inject = 0;
    const int device_side = impl == M_DEVICE || impl == M_ARENA;
    cxb_status st = cxb_params_check_keys(p, malloc_param_keys);
    if (st == CXB_OK && (st = cxb_params_u64(p, "total", (uint64_t)1 << 26, &total)) == CXB_OK &&
        (st = cxb_params_u64(p, "size", 16, &size)) == CXB_OK &&
        (st = cxb_params_u64(p, "threads", device_side ? 16384 : 1, &threads)) == CXB_OK &&
        (st = cxb_params_u64(p, "heap_mb", 640, &heap_mb)) == CXB_OK &&
        (st = cxb_params_choice(p, "pool_state", pool_states, 0, &pool_state)) == CXB_OK)
        st = cxb_params_choice(p, "inject", inject_names, 0, &inject);
    if (st != CXB_OK)
        return st;
    if (!device_side && threads != 1) /* Alg. 21's host side is one thread */
        return cxb_fail(CXB_EINPUT, "--set threads=%" PRIu64 ": the host loops run on one thread (use --impl "
                        "malloc.device.cuda,malloc.arena.cuda for a thread count)", threads);
    if (impl != M_POOL && cxb_params_get(p, "pool_state"))
        return cxb_fail(CXB_EINPUT, "--set pool_state: only malloc.pool.cuda has a pool");
    malloc_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return cxb_fail(CXB_ERESOURCE, "malloc: out of host memory");
    c->impl = impl;
    c->dev = dev;
    c->inject = (inject_kind)inject;
    st = cxb_malloc_job_init(&c->job, total, size, threads);
    static const uint64_t aligns[] = {0, CXB_MALLOC_ALIGN_DEVICE, CXB_MALLOC_ALIGN_CUDAMALLOC,
                                      CXB_MALLOC_ALIGN_POOL, CXB_MALLOC_ALIGN_ARENA};
    c->align = impl == M_LIBC ? (uint64_t)_Alignof(max_align_t) : aligns[impl];
    if (st == CXB_OK && impl == M_LIBC) {
        c->ptrs = malloc((size_t)c->job.calls * sizeof *c->ptrs);
        if (!c->ptrs)
            st = cxb_fail(CXB_ERESOURCE, "malloc: out of host memory for %" PRIu64 " pointers", c->job.calls);
    } else if (st == CXB_OK) {
        static const cxb_malloc_kind kinds[] = {CXB_MALLOC_DEVICE, CXB_MALLOC_DEVICE, CXB_MALLOC_HOST,
                                                CXB_MALLOC_POOL, CXB_MALLOC_ARENA};
        const cxb_cuda_exec ex = cxb_env_exec(env);
        st = dev->create(&c->cuda, kinds[impl], &c->job, heap_mb, pool_state == 1, &ex);
    }
    if (st != CXB_OK) {
        cxb_malloc_row_teardown(c);
        return st;
    }
    *out = c;
    return CXB_OK;
}

cxb_status cxb_malloc_row_reset(void *vctx)
{
    malloc_ctx *c = vctx;
    return c->cuda ? c->dev->reset(c->cuda) : CXB_OK;
}

/* The pointers stay where the pass left them (on the device for the kernel variants):
 * verify copies them, the timed runs do not. */
static cxb_status one_pass(malloc_ctx *c, cxb_phases *ph)
{
    if (c->cuda)
        return c->dev->pass(c->cuda, ph, &c->failures);
    return cxb_malloc_libc_pass(&c->job, c->ptrs, ph, &c->failures);
}

cxb_status cxb_malloc_row_run(void *vctx, cxb_phases *ph)
{
    return one_pass(vctx, ph);
}

/* The pointers of the last pass, corrupted when a test asks for it. */
static cxb_status pointers(malloc_ctx *c, uint64_t **ptrs, uint64_t *reported)
{
    *reported = c->failures;
    if (c->cuda) {
        cxb_status st = c->dev->pointers(c->cuda, ptrs);
        if (st != CXB_OK)
            return st;
    } else {
        *ptrs = c->ptrs;
    }
    uint64_t *v = *ptrs, n = c->job.calls;
    switch (c->inject) {
    case INJ_NULL: /* a NULL the allocator did not report */
        v[n - 1] = 0;
        break;
    case INJ_MISALIGN:
        v[0] += 1;
        break;
    case INJ_OVERLAP: /* the last chunk moved into the first, keeping the alignment */
        if (n > 1)
            v[n - 1] = v[0] + c->job.size / 2 / c->align * c->align;
        break;
    default:
        break;
    }
    return CXB_OK;
}

static cxb_status check_pass(malloc_ctx *c, const char *which, cxb_malloc_check_result *r)
{
    uint64_t *ptrs, reported;
    cxb_status st = pointers(c, &ptrs, &reported);
    if (st != CXB_OK)
        return st;
    if (c->inject == INJ_OVERLAP && c->job.calls < 2)
        return cxb_fail(CXB_EINPUT, "--set inject=overlap: needs at least two chunks");
    st = cxb_malloc_check(ptrs, c->job.calls, c->job.size, c->align, r);
    if (st != CXB_OK) {
        char msg[512]; /* cxb_fail writes the buffer cxb_last_error reads */
        snprintf(msg, sizeof msg, "%s", cxb_last_error());
        return cxb_fail(st, "%s pass: %s", which, msg);
    }
    if (r->failures != reported)
        return cxb_fail(CXB_EFAIL, "%s pass: %" PRIu64 " NULL pointers, the allocator reported %" PRIu64
                        " failures", which, r->failures, reported);
    return CXB_OK;
}

cxb_status cxb_malloc_row_verify(void *vctx)
{
    malloc_ctx *c = vctx;
    cxb_status st = check_pass(c, "first", &c->checked);
    if (st != CXB_OK)
        return st;
    /* a second identical pass after the frees: everything came back */
    uint64_t first = c->checked.failures;
    cxb_malloc_check_result again;
    if ((st = cxb_malloc_row_reset(c)) != CXB_OK || (st = one_pass(c, NULL)) != CXB_OK)
        return st;
    if ((st = check_pass(c, "second", &again)) != CXB_OK)
        return st;
    /* with an exhausted allocator, thread timing decides which calls fail: 1% slack */
    if (again.failures > first + first / 100)
        return cxb_fail(CXB_EFAIL, "second pass: %" PRIu64 " failures after %" PRIu64
                        " in the first (memory not given back by the frees)", again.failures, first);
    c->failures = first;
    return CXB_OK;
}

uint64_t cxb_malloc_row_checksum(void *vctx)
{
    malloc_ctx *c = vctx;
    uint64_t v[2] = {c->job.calls, c->failures != 0};
    return cxb_checksum_bytes(v, sizeof v);
}

void cxb_malloc_row_extra(void *vctx, char *buf, size_t size)
{
    malloc_ctx *c = vctx;
    /* threads_run: the threads that ran (fewer than asked when there are fewer chunks) */
    snprintf(buf, size, "align=%" PRIu64 ";calls=%" PRIu64 ";failures=%" PRIu64 ";threads_run=%" PRIu64,
             c->checked.min_align, c->job.calls, c->failures, c->job.threads);
}

/* "k=v;k=v" lookup into buf ("" when absent) */
/* docs/studies/graphgen.md: "malloc: impl=... size=16 calls=4194304 threads=16384 alloc_ms=...
 * free_ms=... failures=0" (pool_state added for the pool) */
static void malloc_point_line(const cxb_impl *impl, const char *params, const int64_t *median,
                             const char *extra, char *buf, size_t size)
{
    char sz[32], th[32], calls[32], fail[32], ps[32];
    cxb_params_lookup(params, ';', "size", sz, sizeof sz);
    cxb_params_lookup(extra, ';', "threads_run", th, sizeof th); /* the threads that ran */
    if (!th[0])
        cxb_params_lookup(params, ';', "threads", th, sizeof th);
    cxb_params_lookup(params, ';', "pool_state", ps, sizeof ps);
    cxb_params_lookup(extra, ';', "calls", calls, sizeof calls);
    cxb_params_lookup(extra, ';', "failures", fail, sizeof fail);
    snprintf(buf, size, "malloc: impl=%s size=%s calls=%s threads=%s%s%s alloc_ms=%.3f free_ms=%.3f failures=%s",
             impl->id, sz, calls, th[0] ? th : "1", ps[0] ? " pool_state=" : "", ps,
             (double)median[CXB_PHASE_ALLOC] * 1e-6, (double)median[CXB_PHASE_FREE] * 1e-6, fail);
}

#define MALLOC_SETUP(name, impl)                                                         \
    static cxb_status name(const cxb_params *p, const cxb_env *env, void **ctx)         \
    {                                                                                    \
        return malloc_setup(p, impl, NULL, env, ctx);                                    \
    }
MALLOC_SETUP(setup_libc, M_LIBC)

cxb_status cxb_malloc_setup_dev(const cxb_params *p, const cxb_env *env, cxb_malloc_kind kind,
                                const cxb_malloc_dev *dev, void **ctx)
{
    static const malloc_impl impls[] = {M_DEVICE, M_HOST, M_POOL, M_ARENA}; /* by cxb_malloc_kind */
    return malloc_setup(p, impls[kind], dev, env, ctx);
}

#define MALLOC_IMPL(id_, backend_, flags_, setup_, summary_)                                       \
    {.id = id_, .backend = backend_, .flags = flags_, .summary = summary_, .setup = setup_,        \
     .reset = cxb_malloc_row_reset, .run = cxb_malloc_row_run, .verify = cxb_malloc_row_verify,    \
     .checksum = cxb_malloc_row_checksum, .extra = cxb_malloc_row_extra, .teardown = cxb_malloc_row_teardown}

/* The CPU row; the CUDA rows (malloc.{device,host,pool,arena}.cuda) are in
 * impl_cuda/malloc/rows.c (docs/architecture.md "How CUDA rows are registered"). */
static const cxb_impl malloc_impls[] = {
    MALLOC_IMPL("malloc.libc.seq", CXB_BACKEND_SEQ, 0, setup_libc,
                "C malloc/free loop on one host thread, the thesis's counts (for scale)"),
};

/* ---- sweeps (docs/studies/graphgen.md) ---- */

#define SIZES "16,32,64,128,256,512,1024,2048,4096" /* docs/studies/graphgen.md */
#define T26 "total=67108864"
#define T22 "total=4194304"
#define THREADS "1024,4096,16384,65536,262144"

/* quick (the Fig. 5.10 regeneration at 1/16 of the thesis's total): every variant at 2^22 B.
 * Measured on the H100 (2026-11-24, CUDA 13.0): in-kernel malloc at the thesis's 2^26 B takes
 * 25 s a pass at 16 B (4,194,304 calls from 16,384 threads), 6.7 s at 32 B and 1.6-3.5 s from
 * 64 B to 1 KiB, and a point costs about 8 passes (the untimed run, verify's second pass, a
 * warm-up, 5 samples): minutes per point, so the thesis's size is the paper preset's. The
 * host-driven loop is also capped to sizes >= 64 B (at most 2^16 cudaMalloc + cudaFree calls a
 * pass). The thread sweep has three of paper's five counts. */
static const cxb_sweep sweeps_quick[] = {
    {"leist.fig5.10", "malloc.device.cuda,malloc.arena.cuda", T22 ";threads=16384;heap_mb=640", "size", SIZES},
    {"leist.fig5.10", "malloc.host.cuda", T22 ";threads=1", "size", "64,128,256,512,1024,2048,4096"},
    {"leist.fig5.10", "malloc.pool.cuda", T22 ";threads=1;pool_state=cold", "size", SIZES},
    {"leist.fig5.10", "malloc.pool.cuda", T22 ";threads=1;pool_state=warm", "size", SIZES},
    {"leist.fig5.10", "malloc.libc.seq", T22 ";threads=1", "size", SIZES},
    {"threads", "malloc.device.cuda", T22 ";size=64;heap_mb=640", "threads", "1024,16384,262144"},
    CXB_SWEEPS_END,
};

static const cxb_sweep sweeps_ci[] = {
    {"leist.fig5.10", "malloc.libc.seq", T22 ";threads=1", "size", SIZES},
    CXB_SWEEPS_END,
};

/* paper: the thesis's parameters for every variant, except malloc.host.cuda below 64 B: at
 * 16 B a pass is 4,194,304 cudaMalloc and as many cudaFree calls (about 10 us each on the
 * H100: 64 B, 2^20 calls, take 13 s a pass), so 16 and 32 B alone would take 15-30 minutes
 * with their untimed, verification and warm-up passes (the thesis's card ran out of memory
 * at 16 B). Run them on purpose: --impl malloc.host.cuda --set size=16. */
static const cxb_sweep sweeps_paper[] = {
    {"leist.fig5.10", "malloc.device.cuda,malloc.arena.cuda", T26 ";threads=16384;heap_mb=640", "size", SIZES},
    {"leist.fig5.10", "malloc.host.cuda", T26 ";threads=1", "size", "64,128,256,512,1024,2048,4096"},
    {"leist.fig5.10", "malloc.pool.cuda", T26 ";threads=1;pool_state=cold", "size", SIZES},
    {"leist.fig5.10", "malloc.pool.cuda", T26 ";threads=1;pool_state=warm", "size", SIZES},
    {"leist.fig5.10", "malloc.libc.seq", T26 ";threads=1", "size", SIZES},
    {"threads", "malloc.device.cuda", T26 ";size=64;heap_mb=640", "threads", THREADS},
    CXB_SWEEPS_END,
};

static const cxb_preset malloc_presets[] = {
    {"quick", "Fig. 5.10 at 4 MiB: every variant, and the device malloc thread sweep", sweeps_quick, 0},
    {"ci", "the C library's malloc at 4 MiB (make bench-ci, no GPU)", sweeps_ci, 0},
    {"paper", "Fig. 5.10 at the thesis's 64 MiB", sweeps_paper, 0},
};

/* ---- figures (docs/studies/graphgen.md key leist.fig5.10; claims of 6.3/6.4 in the titles) ---- */

#define FIG510_CLAIM                                                                              \
    "Thesis (64 MiB): cudaMalloc b=-1.51, cudaFree b=-1.32, host 16 B OOM, device non-monotone"

static const cxb_figure_spec malloc_figures[] = {
    {"leist.fig5.10", "Leist Fig. 5.10: allocation and release against the chunk size. " FIG510_CLAIM,
     "malloc/fig5_10.gp", "size", "phases:alloc,free",
     "impl=malloc.device.cuda|malloc.host.cuda|malloc.libc.seq;threads=1|16384", NULL},
    {"leist.fig5.10-modern", "Fig. 5.10, modern rows: device malloc against the stream-ordered pool "
     "(cold/warm) and the arena floor", "malloc/fig5_10.gp", "size", "phases:alloc,free",
     "impl=malloc.device.cuda|malloc.pool.cuda|malloc.arena.cuda;threads=1|16384", NULL},
    {"malloc-threads", "device malloc/free in 64 B chunks against the thread count",
     "malloc/fig5_10.gp", "threads", "phases:alloc,free", "impl=malloc.device.cuda;size=64", NULL},
};

/* Designated initialisers: fields added to cxb_study later stay NULL without a warning. */
const cxb_study cxb_study_malloc = {
    .name = "malloc",
    .summary = "device vs host memory allocation micro-benchmark (Leist Sec. 5.3, Fig. 5.10)",
    .reference_impl = "malloc.libc.seq",
    .impls = malloc_impls,
    .nimpls = sizeof malloc_impls / sizeof malloc_impls[0],
    .presets = malloc_presets,
    .npresets = sizeof malloc_presets / sizeof malloc_presets[0],
    .figures = malloc_figures,
    .nfigures = sizeof malloc_figures / sizeof malloc_figures[0],
    .time_unit_of_work = "allocations",
    .print_tables = cxb_malloc_fig510_print,
    .point_line = malloc_point_line,
    .claims = cxb_malloc_claims,
};
