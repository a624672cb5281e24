/* suites/prng/source.c - the uint32 source of `cxbench prng` with --dist and
 * --interleave (docs/studies/prng.md); see prng_source.h.
 *
 * Stream i of the N interleaved ones is logical stream `stream + i`:
 *  - native: cxb_g_init(seed, stream + i, offset), the generator's own streams (all.h),
 *    for every generator of CXB_RNG_LIST;
 *  - --dist T: the stream of id stream + i under technique T (cxb/rng/dist.h), then
 *    `offset` of its own outputs skipped (by the generator's jump where it has one, by
 *    stepping for MT19937). Leap frog's stride is --workers (default N), so
 *    `--dist leapfrog --interleave N` gives back the base stream itself: the identity a
 *    test checks. The central server is one shared stream: whatever N and C, the numbers
 *    come out in request order, i.e. the base stream.
 *  - --dc FILE (tinymt32 --dist param): the TinyMT32 DC sets stream id i uses (set i);
 *    ids beyond the file's sets are refused, and so is param without the file.
 * Output: C numbers of stream 0, C of stream 1, ..., C of stream N-1, then round again.
 */
#include "suites/prng/source.h"

#include <stdlib.h>
#include <string.h>

#include "cxb/prng/dist.h"
#include "cxb/rng/tinymt32_dc.h"
#include "harness/params.h"

#define SOURCE_MAX_STATE_BYTES ((size_t)256 << 20) /* all streams' states together */

struct cxb_prng_source {
    const char *name;   /* the generator's */
    int native;         /* 1: native streams */
    int gen;            /* CXB_RNG_LIST index (native) or cxb_dist_gen */
    cxb_dist_plan *plan;
    uint64_t n, c;      /* streams, chunk */
    uint64_t cur, left; /* current stream, numbers left in its chunk */
    int shared;         /* central server: one state */
    int leapfrog;       /* a stream's own output k is base output k N further on */
    uint64_t seed, stream, offset; /* of the options: where stream i starts */
    unsigned char *ready; /* per stream: positioned (streams are positioned when first drawn) */
    uint64_t skip_full, skip_whole, skip_part; /* cxb_prng_source_skip's shares, applied then */
    size_t state_bytes;
    unsigned char *states;
};

void cxb_prng_source_opts_init(cxb_prng_source_opts *o, const char *gen)
{
    memset(o, 0, sizeof *o);
    o->gen = gen;
    o->dist = CXB_PRNG_SOURCE_NATIVE;
    o->interleave = 1;
    o->chunk = 1;
}

cxb_status cxb_prng_source_parse_interleave(const char *text, uint64_t *n, uint64_t *c)
{
    char buf[64];
    const char *colon = strchr(text, ':');
    size_t ln = colon ? (size_t)(colon - text) : strlen(text);
    if (ln == 0 || ln >= sizeof buf)
        return cxb_fail(CXB_EINPUT, "--interleave %s: expected N or N:C", text);
    memcpy(buf, text, ln);
    buf[ln] = '\0';
    cxb_status st = cxb_parse_u64(buf, "--interleave N", n);
    if (st != CXB_OK)
        return st;
    *c = 1;
    if (colon && (st = cxb_parse_u64(colon + 1, "--interleave C", c)) != CXB_OK)
        return st;
    if (*n == 0 || *c == 0)
        return cxb_fail(CXB_EINPUT, "--interleave %s: N and C must be at least 1", text);
    return CXB_OK;
}

int cxb_prng_source_option(cxb_prng_source_opts *o, const char *flag, const char *value, cxb_status *st)
{
    if (!strcmp(flag, "--dist")) {
        cxb_dist_tech t;
        *st = cxb_dist_parse(value, &t);
        if (*st == CXB_OK)
            o->dist = (int)t;
        return 1;
    }
    if (!strcmp(flag, "--interleave")) {
        *st = cxb_prng_source_parse_interleave(value, &o->interleave, &o->chunk);
        return 1;
    }
    if (!strcmp(flag, "--dc")) {
        o->dc = value;
        *st = CXB_OK;
        return 1;
    }
    if (!strcmp(flag, "--workers")) {
        *st = cxb_parse_u64(value, "--workers", &o->workers);
        if (*st == CXB_OK && o->workers == 0)
            *st = cxb_fail(CXB_EINPUT, "--workers 0: leap frog needs at least one worker");
        return 1;
    }
    return 0;
}

/* ---- per-generator pieces: the native streams (every generator of CXB_RNG_LIST) ---- */

enum {
#define X(name, g, kind, streams, chunk) NATIVE_##g,
    CXB_RNG_LIST(X)
#undef X
    NATIVE_COUNT
};

static const char *const native_names[] = {
#define X(name, g, kind, streams, chunk) name,
    CXB_RNG_LIST(X)
#undef X
};

static const size_t native_sizes[] = {
#define X(name, g, kind, streams, chunk) sizeof(cxb_##g##_state),
    CXB_RNG_LIST(X)
#undef X
};

static void native_init(int gen, void *s, uint64_t seed, uint64_t stream, uint64_t offset)
{
    switch (gen) {
#define X(name, g, kind, streams, chunk)                          \
    case NATIVE_##g:                                             \
        cxb_##g##_init((cxb_##g##_state *)s, seed, stream, offset); \
        break;
        CXB_RNG_LIST(X)
#undef X
    default:
        break;
    }
}

static uint32_t native_next(int gen, void *s)
{
    switch (gen) {
#define X(name, g, kind, streams, chunk) \
    case NATIVE_##g:                    \
        return cxb_##g##_next_u32((cxb_##g##_state *)s);
        CXB_RNG_LIST(X)
#undef X
    default:
        return 0;
    }
}

/* Skip k outputs of a native stream: a jump where the generator has one, else stepping. */
static int native_jump(int gen, void *s, uint64_t k)
{
    switch (gen) {
    case NATIVE_philox4x32: cxb_dist_skip_philox4x32(s, k); return 1;
    case NATIVE_threefry4x32: cxb_dist_skip_threefry4x32(s, k); return 1;
    case NATIVE_xorwow: cxb_xorwow_skip(s, k); return 1;
    case NATIVE_mrg32k3a: cxb_mrg32k3a_skip(s, k); return 1;
    case NATIVE_ranhash: ((cxb_ranhash_state *)s)->p += k; return 1;
    default: return 0;
    }
}

static void native_skip(int gen, void *s, uint64_t k)
{
    if (!native_jump(gen, s, k))
        for (uint64_t i = 0; i < k; ++i)
            (void)native_next(gen, s);
}

int cxb_prng_source_can_jump(const char *gen)
{
    for (int i = 0; i < NATIVE_COUNT; ++i)
        if (!strcmp(gen, native_names[i]))
            return i == NATIVE_philox4x32 || i == NATIVE_threefry4x32 || i == NATIVE_xorwow ||
                   i == NATIVE_mrg32k3a || i == NATIVE_ranhash;
    return 0;
}

/* ---- the distributed streams (CXB_DIST_LIST) ---- */

static const size_t dist_sizes[] = {
#define X(name, g, techs, lp, jump, split) sizeof(cxb_##g##_state),
    CXB_DIST_LIST(X)
#undef X
};

/* Skip k of the generator's own outputs (a jump where there is one, else stepping). */
static void dist_skip(int gen, void *s, uint64_t k)
{
    switch (gen) {
    case CXB_DIST_GEN_philox4x32: cxb_dist_skip_philox4x32(s, k); return;
    case CXB_DIST_GEN_threefry4x32: cxb_dist_skip_threefry4x32(s, k); return;
    case CXB_DIST_GEN_xorwow: cxb_xorwow_skip(s, k); return;
    case CXB_DIST_GEN_mrg32k3a: cxb_mrg32k3a_skip(s, k); return;
    case CXB_DIST_GEN_ranhash: ((cxb_ranhash_state *)s)->p += k; return;
    default: break;
    }
    switch (gen) {
#define X(name, g, techs, lp, jump, split)                  \
    case CXB_DIST_GEN_##g:                                 \
        for (uint64_t i = 0; i < k; ++i)                   \
            (void)cxb_##g##_next_u32((cxb_##g##_state *)s); \
        break;
        CXB_DIST_LIST(X)
#undef X
    default:
        break;
    }
}

static void dist_init(int gen, void *s, const cxb_dist_plan *p, uint64_t id)
{
    switch (gen) {
#define X(name, g, techs, lp, jump, split)                      \
    case CXB_DIST_GEN_##g:                                     \
        cxb_dist_init_##g((cxb_##g##_state *)s, p, id);        \
        break;
        CXB_DIST_LIST(X)
#undef X
    default:
        break;
    }
}

static uint32_t dist_next(int gen, void *s, const cxb_dist_plan *p)
{
    switch (gen) {
#define X(name, g, techs, lp, jump, split) \
    case CXB_DIST_GEN_##g:                \
        return cxb_dist_next_##g((cxb_##g##_state *)s, p);
        CXB_DIST_LIST(X)
#undef X
    default:
        return 0;
    }
}

/* TinyMT32's parameter sets from the DC file at path into the plan. */
static cxb_status load_dc(cxb_dist_plan *plan, const char *path)
{
    cxb_tinymt32_params *sets = NULL;
    size_t n = 0;
    cxb_status st = cxb_tinymt32_dc_read(path, &sets, &n);
    if (st == CXB_OK)
        st = cxb_dist_plan_set_tinymt32(plan, sets, n);
    free(sets);
    return st;
}

cxb_status cxb_prng_source_create(cxb_prng_source **out, const cxb_prng_source_opts *o)
{
    *out = NULL;
    int native = -1;
    for (int i = 0; i < NATIVE_COUNT; ++i)
        if (!strcmp(o->gen, native_names[i]))
            native = i;
    if (native < 0)
        return cxb_fail(CXB_EINPUT, "prng: %s: unknown generator", o->gen);
    if (o->interleave == 0 || o->chunk == 0)
        return cxb_fail(CXB_EINPUT, "--interleave %llu:%llu: N and C must be at least 1",
                        (unsigned long long)o->interleave, (unsigned long long)o->chunk);
    if (o->stream + o->interleave - 1 < o->stream)
        return cxb_fail(CXB_EINPUT, "--interleave %llu: streams past 2^64 - 1 from --stream %llu",
                        (unsigned long long)o->interleave, (unsigned long long)o->stream);
    cxb_prng_source *s = calloc(1, sizeof *s);
    if (!s)
        return cxb_fail(CXB_ERESOURCE, "prng: out of host memory");
    s->n = o->interleave;
    s->c = o->chunk;
    s->left = s->c;
    cxb_status st = CXB_OK;
    if (o->dc && o->dist != CXB_DIST_PARAM) {
        st = cxb_fail(CXB_EINPUT, "--dc %s: a DC file only serves --dist param (tinymt32)", o->dc);
        goto fail;
    }
    if (o->dist == CXB_PRNG_SOURCE_NATIVE) {
        s->native = 1;
        s->gen = native;
        s->state_bytes = native_sizes[native];
    } else {
        if (o->dist < 0 || o->dist >= CXB_DIST_NTECH) {
            st = cxb_fail(CXB_EINPUT, "--dist: technique %d out of range", o->dist);
            goto fail;
        }
        /* Table 3.2 sees the streams and draws this source can produce: unbounded */
        if ((st = cxb_dist_plan_create(&s->plan, o->gen, (cxb_dist_tech)o->dist, o->seed, UINT64_MAX)) != CXB_OK)
            goto fail;
        s->gen = s->plan->gen;
        s->state_bytes = dist_sizes[s->gen];
        if (o->dc && (st = load_dc(s->plan, o->dc)) != CXB_OK)
            goto fail;
        /* per-task ids stream .. stream + N - 1 (param: within the parameter sets) */
        if ((st = cxb_dist_plan_check_ids(s->plan, o->stream, s->n)) != CXB_OK)
            goto fail;
        s->shared = o->dist == CXB_DIST_CENTRAL;
        uint64_t w = o->workers ? o->workers : s->n;
        if (o->dist == CXB_DIST_LEAPFROG && o->stream + s->n > w) {
            st = cxb_fail(CXB_EINPUT, "--dist leapfrog: streams %llu..%llu but only %llu workers (--workers)",
                          (unsigned long long)o->stream, (unsigned long long)(o->stream + s->n - 1),
                          (unsigned long long)w);
            goto fail;
        }
        if (o->dist == CXB_DIST_LEAPFROG && o->offset && o->offset > UINT64_MAX / w) {
            st = cxb_fail(CXB_EINPUT, "--offset %llu: times %llu workers passes 2^64", (unsigned long long)o->offset,
                          (unsigned long long)w);
            goto fail;
        }
        cxb_dist_plan_set_workers(s->plan, w);
    }
    uint64_t nstates = s->shared ? 1 : s->n;
    s->name = o->gen;
    s->leapfrog = o->dist == CXB_DIST_LEAPFROG;
    if (o->offset && !cxb_prng_source_can_jump(o->gen) &&
        (o->offset > CXB_PRNG_STEP_MAX || nstates > CXB_PRNG_STEP_MAX / o->offset)) {
        st = cxb_fail(CXB_EINPUT, "--offset %llu: %s has no jump-ahead and steps at most %llu outputs (2^32)%s",
                      (unsigned long long)o->offset, o->gen, (unsigned long long)CXB_PRNG_STEP_MAX,
                      nstates > 1 ? " over all its streams" : "");
        goto fail;
    }
    if (nstates > SOURCE_MAX_STATE_BYTES / s->state_bytes) {
        st = cxb_fail(CXB_EINPUT, "--interleave %llu: %llu streams of %zu bytes exceed %zu MiB of state",
                      (unsigned long long)s->n, (unsigned long long)s->n, s->state_bytes, SOURCE_MAX_STATE_BYTES >> 20);
        goto fail;
    }
    s->states = malloc(nstates * s->state_bytes);
    s->ready = calloc(nstates, 1);
    if (!s->states || !s->ready) {
        st = cxb_fail(CXB_ERESOURCE, "--interleave %llu: out of host memory for the states", (unsigned long long)s->n);
        goto fail;
    }
    s->seed = o->seed;
    s->stream = o->stream;
    s->offset = o->offset;
    *out = s;
    return CXB_OK;
fail:
    cxb_prng_source_destroy(s);
    return st;
}

/* Moves stream state x by k of its own outputs. */
static void stream_skip(cxb_prng_source *s, void *x, uint64_t k)
{
    if (!k)
        return;
    if (s->native)
        native_skip(s->gen, x, k);
    else
        dist_skip(s->gen, x, s->leapfrog ? k * s->plan->workers : k);
}

/* Positions stream i (the shared state for the central server) when it is first drawn
 * from: its start, --offset and its share of a --skip. Streams never drawn from cost nothing,
 * so the work is that of the output, whatever --interleave N is (docs/cli.md, "prng"). */
static void stream_ready(cxb_prng_source *s, uint64_t i)
{
    void *x = s->states + i * s->state_bytes;
    if (s->native) {
        native_init(s->gen, x, s->seed, s->stream + i, s->offset);
    } else {
        dist_init(s->gen, x, s->plan, s->stream + i);
        /* a leap-frog stream's own output k is base output k N further on */
        uint64_t k = s->leapfrog ? s->offset * s->plan->workers : s->offset;
        if (k)
            dist_skip(s->gen, x, k);
    }
    uint64_t share = s->shared ? s->skip_full
                               : s->skip_full * s->c + (i < s->skip_whole ? s->c : i == s->skip_whole ? s->skip_part : 0);
    stream_skip(s, x, share);
    s->ready[i] = 1;
}

cxb_status cxb_prng_source_skip(cxb_prng_source *s, uint64_t k)
{
    if (!k)
        return CXB_OK;
    /* k numbers of the round robin from its start: `full` whole rounds of N chunks of C, then
     * rem numbers: whole chunks of streams 0 .. rem / C - 1 and rem mod C of stream rem / C */
    int wide = s->n > UINT64_MAX / s->c; /* a round of N C numbers is longer than any k */
    uint64_t full = wide ? 0 : k / (s->n * s->c), rem = wide ? k : k % (s->n * s->c);
    uint64_t whole = rem / s->c, part = rem % s->c;
    uint64_t most = full * s->c + (whole || part ? s->c : 0); /* a stream's largest share */
    if (s->shared)
        most = k;
    if (s->leapfrog && most > UINT64_MAX / s->plan->workers)
        return cxb_fail(CXB_EINPUT, "--skip %llu: times %llu leap-frog workers passes 2^64", (unsigned long long)k,
                        (unsigned long long)s->plan->workers);
    if (!cxb_prng_source_can_jump(s->name) && k > CXB_PRNG_STEP_MAX)
        return cxb_fail(CXB_EINPUT, "--skip %llu: %s has no jump-ahead and steps at most %llu outputs (2^32)",
                        (unsigned long long)k, s->name, (unsigned long long)CXB_PRNG_STEP_MAX);
    if (s->shared) { /* one state draws every number */
        s->skip_full = k;
        return CXB_OK;
    }
    s->skip_full = full; /* applied to each stream as it is positioned (stream_ready) */
    s->skip_whole = whole;
    s->skip_part = part;
    s->cur = whole;
    s->left = s->c - part;
    return CXB_OK;
}

void cxb_prng_source_fill(cxb_prng_source *s, uint32_t *out, size_t n)
{
    for (size_t i = 0; i < n; ++i) {
        uint64_t at = s->shared ? 0 : s->cur;
        if (!s->ready[at])
            stream_ready(s, at);
        void *x = s->states + at * s->state_bytes;
        out[i] = s->native ? native_next(s->gen, x) : dist_next(s->gen, x, s->plan);
        if (--s->left == 0) {
            s->left = s->c;
            if (++s->cur == s->n)
                s->cur = 0;
        }
    }
}

void cxb_prng_source_destroy(cxb_prng_source *s)
{
    if (!s)
        return;
    cxb_dist_plan_destroy(s->plan);
    free(s->states);
    free(s->ready);
    free(s);
}
