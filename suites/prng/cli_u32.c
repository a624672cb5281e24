/* cxbench prng GEN for every generator of cxb/rng/all.h (docs/studies/prng.md):
 *
 *   cxbench prng GEN [--seed S] [--subsequence K] [--offset O] [--skip N] --count N ...
 *   cxbench prng philox4x32|threefry4x32 --key K0,K1[,K2,K3] --counter C0,C1,C2,C3 --count N
 *
 * (the options: cxb_prng_gen_options below; docs/cli.md "prng"). --seed/--subsequence/--offset are the generator's cxb_g_init(seed, stream, offset) (all.h):
 * for philox4x32, xorwow and mrg32k3a exactly curand_init(seed, subsequence, offset, &state)
 * followed by curand(); for the others what their header defines (threefry4x32 like Philox:
 * key = (lo32 seed, hi32 seed, 0, 0), counter = (block lo, block hi, lo32 subsequence, hi32
 * subsequence); mt19937's stream 0 is std::mt19937(seed)). Generators come from the list by
 * name, so a generator added to it is served here with no edit.
 * --skip N discards N outputs after that. With --key and --counter the raw block function's
 * four words are printed for that counter, then for the following counters (C0 incremented
 * with carry), until --count words. raw is little-endian uint32; --count 0 writes until the
 * reader closes the pipe (exit 0).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/core/mem.h"
#include "cxb/core/pool.h"
#include "cxb/prng/gen.h"
#include "harness/cli.h"
#include "suites/prng/cli.h"
#include "harness/params.h"
#include "suites/prng/source.h"
#include "suites/prng/writer.h"

/* The raw block function of the counter-based generators (--key/--counter), and their
 * streams with a --rounds other than the default: words of consecutive counters. */
typedef struct block_source {
    int philox; /* else threefry */
    unsigned rounds;
    uint32_t key[4], ctr[4], out[4];
    unsigned lane;
} block_source;

static void ctr_incr(uint32_t c[4])
{
    for (int i = 0; i < 4; ++i)
        if (++c[i] != 0)
            break;
}

static void block(block_source *s)
{
    if (s->philox) {
        cxb_philox4x32_ctr c = {{s->ctr[0], s->ctr[1], s->ctr[2], s->ctr[3]}};
        cxb_philox4x32_key k = {{s->key[0], s->key[1]}};
        cxb_philox4x32_ctr o = cxb_philox4x32_block(c, k, s->rounds);
        memcpy(s->out, o.v, sizeof s->out);
    } else {
        cxb_threefry4x32_ctr c = {{s->ctr[0], s->ctr[1], s->ctr[2], s->ctr[3]}};
        cxb_threefry4x32_key k = {{s->key[0], s->key[1], s->key[2], s->key[3]}};
        cxb_threefry4x32_ctr o = cxb_threefry4x32_block(c, k, s->rounds);
        memcpy(s->out, o.v, sizeof s->out);
    }
}

static uint32_t next_block_word(void *arg)
{
    block_source *s = arg;
    uint32_t x = s->out[s->lane];
    if (++s->lane == 4) {
        s->lane = 0;
        ctr_incr(s->ctr);
        block(s);
    }
    return x;
}

/* Skip k words of the block source: counter arithmetic, O(1) (a 128-bit add with carry). */
static void block_skip(block_source *s, uint64_t k)
{
    uint64_t t = s->lane + k % 4, blocks = k / 4 + t / 4; /* lane < 4: no overflow */
    s->lane = (unsigned)(t % 4);
    for (int i = 0; i < 4 && blocks; ++i) { /* ctr += blocks, C0 first */
        uint64_t sum = (uint64_t)s->ctr[i] + (blocks & 0xffffffffu);
        s->ctr[i] = (uint32_t)sum;
        blocks = (blocks >> 32) + (sum >> 32);
    }
    block(s);
}

/* One word at a time from either source: the generator's streams come in batches. */
typedef struct word_reader {
    cxb_prng_source *src; /* NULL: the block source */
    block_source *b;
    uint32_t buf[4096];
    size_t have, at;
    uint64_t left; /* words still wanted (--count; 0: unbounded): no batch reads past them, so
                    * that streams never written are never positioned (suites/prng/source.h) */
} word_reader;

static uint32_t next_word(word_reader *r)
{
    if (!r->src)
        return next_block_word(r->b);
    if (r->at == r->have) {
        r->have = sizeof r->buf / sizeof r->buf[0];
        if (r->left && r->left < r->have)
            r->have = (size_t)r->left;
        r->left -= r->left ? r->have : 0;
        cxb_prng_source_fill(r->src, r->buf, r->have);
        r->at = 0;
    }
    return r->buf[r->at++];
}

/* --backend B: outputs [first, first + count) of stream 0 through B's bulk path, written. */
static int fill_backend(int gid, uint64_t seed, uint64_t first, uint64_t count, cxb_fill_backend backend,
                        cxb_out_format fmt)
{
    uint32_t *out = malloc(count * sizeof *out);
    cxb_pool *pool = NULL;
    cxb_status st = out ? CXB_OK : cxb_fail(CXB_ERESOURCE, "out of host memory for %llu numbers",
                                             (unsigned long long)count);
    if (st == CXB_OK && backend == CXB_FILL_PTHREADS)
        st = cxb_pool_create(&pool, cxb_default_threads(), CXB_BIND_NONE);
    if (st == CXB_OK)
        st = cxb_prng_fill_u32((cxb_rng_id)gid, seed, 0, first, count, out, backend, pool);
    cxb_pool_destroy(pool);
    if (st != CXB_OK) {
        free(out);
        return cxb_cli_error(st == CXB_EINPUT ? 2 : 3, "prng: --backend: %s", cxb_last_error());
    }
    cxb_prng_writer w;
    cxb_prng_writer_stdout(&w, fmt, CXB_PACK_32, 8);
    int rc = 0;
    for (uint64_t k = 0; rc == 0 && k < count; ++k)
        rc = cxb_prng_put(&w, out[k]);
    if (rc == 0)
        rc = cxb_prng_finish(&w);
    free(out);
    if (rc > 0)
        return cxb_cli_error(2, "prng: writing to stdout failed: %s", strerror(errno));
    return 0;
}

typedef struct words {
    uint32_t w[4];
    int n; /* -1: not given */
} words;

typedef struct gen_args {
    uint64_t seed, sub, off, skip, count, rounds;
    int format;
    const char *backend;
    cxb_prng_source_opts so; /* --dist, --interleave, --workers, --dc */
    words key, ctr;
} gen_args;

/* "a,b[,c,d]": up to 4 comma-separated 32-bit words. */
static cxb_status parse_words(const char *where, const char *text, void *dest)
{
    words *out = dest;
    const char *p = text;
    out->n = 0;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char tok[32];
        uint64_t v;
        if (out->n == 4 || len == 0 || len >= sizeof tok)
            return cxb_fail(CXB_EINPUT, "%s %s: expected up to 4 comma-separated 32-bit words", where, text);
        memcpy(tok, p, len);
        tok[len] = '\0';
        if (cxb_parse_u64(tok, where, &v) != CXB_OK)
            return CXB_EINPUT;
        if (v > UINT32_MAX)
            return cxb_fail(CXB_EINPUT, "%s: %s does not fit in 32 bits", where, tok);
        out->w[out->n++] = (uint32_t)v;
        if (!comma)
            return CXB_OK;
        p = comma + 1;
    }
}

/* --dist, --interleave, --workers, --dc: the source's own options (suites/prng/source.h). */
#define SOURCE_OPTION(fn, flag)                                                    \
    static cxb_status fn(const char *where, const char *text, void *dest)          \
    {                                                                              \
        cxb_status st = CXB_OK;                                                    \
        (void)where;                                                               \
        cxb_prng_source_option(dest, flag, text, &st);                             \
        return st;                                                                 \
    }
SOURCE_OPTION(parse_dist, "--dist")
SOURCE_OPTION(parse_interleave, "--interleave")
SOURCE_OPTION(parse_workers, "--workers")
SOURCE_OPTION(parse_dc, "--dc")

const cxb_option cxb_prng_gen_options[] = {
    CXB_OPT_COUNT("--seed", "S", "the seed (curand_init's for xorwow, mrg32k3a, philox4x32; mt19937: 5489)",
                  gen_args, seed, 0, 0, 0),
    CXB_OPT_COUNT("--subsequence", "K", "the stream K of the seed (curand_init's subsequence)", gen_args, sub, 0, 0,
                  0),
    CXB_OPT_COUNT("--offset", "O", "start O outputs into the stream (curand_init's offset)", gen_args, off, 0, 0, 0),
    CXB_OPT_COUNT("--skip", "N", "discard N outputs after that", gen_args, skip, 0, 0, 0),
    CXB_OPT_COUNT("--count", "N", "outputs to write; 0 writes until the reader closes the pipe", gen_args, count, 0,
                  0, CXB_OPT_REQUIRED),
    CXB_OPT_CHOICE("--format", "dec|hex|raw", "raw is little-endian uint32 (default dec)", gen_args, format,
                   cxb_prng_formats, 0),
    CXB_OPT_COUNT("--rounds", "R", "rounds of philox4x32 (default 10, at most 16) or threefry4x32 (20, 72)",
                  gen_args, rounds, 1, 72, 0),
    CXB_OPT_PARSE("--key", "K0,K1[,K2,K3]", "the raw block function's key (philox4x32: 2 words, threefry4x32: 4)",
                  gen_args, key, parse_words, CXB_OPT_IN_ARGS),
    CXB_OPT_PARSE("--counter", "C0,C1,C2,C3", "its first counter; the next ones follow (C0 incremented with carry)",
                  gen_args, ctr, parse_words, CXB_OPT_IN_ARGS),
    CXB_OPT_PARSE("--dist", "split|spacing|leapfrog|param|counter|central",
                  "stream distribution technique (refused where the generator cannot do it)", gen_args, so,
                  parse_dist, 0),
    CXB_OPT_PARSE("--interleave", "N[:C]", "write N streams round robin, C words at a time (default 1)", gen_args,
                  so, parse_interleave, 0),
    CXB_OPT_PARSE("--workers", "N", "leap frog's stride (default: the stream count N)", gen_args, so, parse_workers,
                  0),
    CXB_OPT_PARSE("--dc", "FILE", "a TinyMT32 DC parameter file for --dist param", gen_args, so, parse_dc, 0),
    CXB_OPT_STRING("--backend", "seq|pthreads|cuda|ID",
                   "stream 0 through the bulk path of a backend (or its id, prng.GEN.seq ...): the same numbers",
                   gen_args, backend, 0),
    CXB_OPT_END};

static const char *const backends[] = {"seq", "pthreads", "cuda", NULL}; /* cxb_fill_backend's order */

int cxb_cli_prng_u32(int argc, char **argv)
{
    int gid = cxb_rng_find(argv[0]);
    const cxb_rng_desc *d = gid < 0 ? NULL : cxb_rng_get((cxb_rng_id)gid);
    if (!d)
        return cxb_cli_error(2, "prng: %s: unknown generator (lf24, %s)", argv[0], cxb_rng_names());
    int is_philox = !strcmp(d->name, "philox4x32"), is_threefry = !strcmp(d->name, "threefry4x32");
    int is_mt = !strcmp(d->name, "mt19937");
    gen_args ga;
    memset(&ga, 0, sizeof ga);
    ga.seed = is_mt ? 5489u : 0;
    ga.format = CXB_OUT_DEC;
    ga.key.n = ga.ctr.n = -1;
    cxb_prng_source_opts_init(&ga.so, d->name);
    cxb_args a;
    int rc;
    if (cxb_cli_args(argc, argv, "prng", cxb_prng_forms, cxb_prng_gen_options, &ga, 0, &a, &rc))
        return rc;
    block_source b;
    memset(&b, 0, sizeof b);
    b.philox = is_philox;
    memcpy(b.key, ga.key.w, sizeof b.key);
    memcpy(b.ctr, ga.ctr.w, sizeof b.ctr);
    uint64_t seed = ga.seed, sub = ga.sub, off = ga.off, skip = ga.skip, count = ga.count, rounds = ga.rounds;
    int have_sub = cxb_args_given(&a, "--subsequence"), have_off = cxb_args_given(&a, "--offset");
    int nkey = ga.key.n, nctr = ga.ctr.n;
    cxb_out_format fmt = (cxb_out_format)ga.format;
    cxb_prng_source_opts so = ga.so;
    int have_source_opt = cxb_args_given(&a, "--dist") || cxb_args_given(&a, "--interleave") ||
                          cxb_args_given(&a, "--workers") || cxb_args_given(&a, "--dc");
    int backend = -1; /* --backend: -1 none, else a cxb_fill_backend */
    if (ga.backend) {
        char prefix[64];
        snprintf(prefix, sizeof prefix, "prng.%s.", d->name);
        if ((backend = cxb_opt_variant(ga.backend, prefix, backends)) < 0)
            return cxb_cli_error(2, "prng: --backend %s: expected seq, pthreads or cuda (or the id %s%s)", ga.backend,
                                 prefix, "{seq|pthreads|cuda}");
    }
    int counter_based = is_philox || is_threefry;
    int have_rounds = cxb_args_given(&a, "--rounds"); /* 0 is refused by the table (at least 1) */
    if (have_rounds && !counter_based)
        return cxb_cli_error(2, "prng: --rounds: only philox4x32 and threefry4x32 have rounds");
    b.rounds = have_rounds ? (unsigned)rounds : is_philox ? 10u : 20u;
    if ((is_philox && b.rounds > 16) || (is_threefry && b.rounds > 72))
        return cxb_cli_error(2, "prng: --rounds %u: %s has 1 to %d rounds", b.rounds, d->name, is_philox ? 16 : 72);
    if ((nkey >= 0) != (nctr >= 0))
        return cxb_cli_error(2, "prng: --key and --counter go together (the raw block function)");
    int block_mode = 0;
    if (nkey >= 0) {
        int want_key = is_philox ? 2 : 4;
        if (!counter_based)
            return cxb_cli_error(2, "prng: --key/--counter: only philox4x32 and threefry4x32 are counter-based");
        if (nkey != want_key || nctr != 4)
            return cxb_cli_error(2, "prng: %s needs --key of %d words and --counter of 4", d->name, want_key);
        if (have_sub || have_off)
            return cxb_cli_error(2, "prng: --subsequence/--offset do not apply to --key/--counter");
        block_mode = 1;
    }
    if (have_source_opt && (block_mode || (counter_based && b.rounds != (is_philox ? 10u : 20u))))
        return cxb_cli_error(2, "prng: --dist/--interleave/--workers take the generator's default stream "
                                "(no --key/--counter or --rounds)");
    if (is_mt && !have_sub && seed > UINT32_MAX)
        return cxb_cli_error(2, "prng: --seed %llu: std::mt19937 takes a 32-bit seed", (unsigned long long)seed);

    if (backend >= 0) {
        /* the same numbers through a backend's bulk path (stream 0, S = 1 job) */
        if (block_mode || have_source_opt || sub != 0 || count == 0 || (have_rounds && b.rounds != (is_philox ? 10u : 20u)))
            return cxb_cli_error(2, "prng: --backend generates stream 0 (no --subsequence, --dist, --interleave, "
                                    "--key/--counter or --rounds) and needs a --count above 0");
        if (count > (1ull << 31))
            return cxb_cli_error(2, "prng: --backend: --count at most 2^31 numbers");
        if (off > UINT64_MAX - skip)
            return cxb_cli_error(2, "prng: --backend: --offset plus --skip passes 2^64");
        /* the bulk path generates the first off + skip outputs and drops them (no backend
         * jumps): bounded as stepping is, and its memory checked before any work */
        if (off + skip > CXB_PRNG_STEP_MAX)
            return cxb_cli_error(2, "prng: --backend: --offset plus --skip %llu: the bulk path generates and drops "
                                    "them, at most %llu (2^32)",
                                 (unsigned long long)(off + skip), (unsigned long long)CXB_PRNG_STEP_MAX);
        char what[96];
        snprintf(what, sizeof what, "%llu outputs of the bulk path", (unsigned long long)(off + skip + count));
        cxb_status mst = cxb_mem_check(4.0 * (double)(off + skip + count), "prng: --backend", what);
        if (mst != CXB_OK)
            return cxb_cli_status(mst);
        return fill_backend(gid, seed, off + skip, count, (cxb_fill_backend)backend, fmt);
    }
    cxb_prng_source *src = NULL;
    if (block_mode) {
        block(&b);
    } else if (counter_based && b.rounds != (is_philox ? 10u : 20u)) {
        /* the stream of cxb_g_init with other rounds: same counter layout, other block function */
        uint64_t blk = off / 4;
        b.key[0] = (uint32_t)seed;
        b.key[1] = (uint32_t)(seed >> 32);
        b.ctr[0] = (uint32_t)blk;
        b.ctr[1] = (uint32_t)(blk >> 32);
        b.ctr[2] = (uint32_t)sub;
        b.ctr[3] = (uint32_t)(sub >> 32);
        b.lane = (unsigned)(off % 4);
        block(&b);
    } else {
        /* the generator's streams (all.h), optionally distributed and interleaved */
        so.seed = seed;
        so.stream = sub;
        so.offset = off;
        cxb_status st = cxb_prng_source_create(&src, &so);
        if (st != CXB_OK)
            return cxb_cli_error(st == CXB_EINPUT ? 2 : 3, "prng: %s", cxb_last_error());
    }
    /* --skip: by a jump (counter arithmetic, matrix powers), or stepped within the limit */
    if (src) {
        cxb_status st = cxb_prng_source_skip(src, skip);
        if (st != CXB_OK) {
            cxb_prng_source_destroy(src);
            return cxb_cli_error(2, "prng: %s", cxb_last_error());
        }
    } else if (skip) {
        block_skip(&b, skip);
    }
    word_reader r = {src, &b, {0}, 0, 0, count};
    cxb_prng_writer w;
    cxb_prng_writer_stdout(&w, fmt, CXB_PACK_32, 8);
    for (uint64_t k = 0; rc == 0 && (count == 0 || k < count); ++k)
        rc = cxb_prng_put(&w, next_word(&r));
    if (rc == 0)
        rc = cxb_prng_finish(&w);
    cxb_prng_source_destroy(src);
    if (rc > 0)
        return cxb_cli_error(2, "prng: writing to stdout failed: %s", strerror(errno));
    return 0;
}
