/* cxbench prng GEN for every generator of cxb/rng/all.h (prng.md 7.1):
 *
 *   cxbench prng GEN [--seed S] [--subsequence K] [--offset O] [--skip N] --count N
 *                    [--format dec|hex|raw] [--rounds R (philox4x32, threefry4x32)]
 *   cxbench prng philox4x32|threefry4x32 --key K0,K1[,K2,K3] --counter C0,C1,C2,C3 --count N
 *
 * --seed/--subsequence/--offset are the generator's cxb_g_init(seed, stream, offset) (all.h):
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

/* One word at a time from either source: the generator's streams come in batches. */
typedef struct word_reader {
    cxb_prng_source *src; /* NULL: the block source */
    block_source *b;
    uint32_t buf[4096];
    size_t have, at;
} word_reader;

static uint32_t next_word(word_reader *r)
{
    if (!r->src)
        return next_block_word(r->b);
    if (r->at == r->have) {
        r->have = sizeof r->buf / sizeof r->buf[0];
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

static int parse_u64(const char *flag, const char *text, uint64_t *out)
{
    return cxb_cli_parse_u64("prng", flag, text, out);
}

/* "a,b[,c,d]" of 32-bit words; *n gets the count. */
static int parse_words(const char *flag, const char *text, uint32_t *w, int max, int *n)
{
    const char *p = text;
    *n = 0;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char tok[32];
        uint64_t v;
        if (*n == max || len == 0 || len >= sizeof tok)
            return cxb_cli_error(2, "prng: %s %s: expected up to %d comma-separated 32-bit words", flag, text, max);
        memcpy(tok, p, len);
        tok[len] = '\0';
        if (parse_u64(flag, tok, &v))
            return 2;
        if (v > UINT32_MAX)
            return cxb_cli_error(2, "prng: %s: %s does not fit in 32 bits", flag, tok);
        w[(*n)++] = (uint32_t)v;
        if (!comma)
            return 0;
        p = comma + 1;
    }
}

int cxb_cli_prng_u32(int argc, char **argv)
{
    int gid = cxb_rng_find(argv[1]);
    const cxb_rng_desc *d = gid < 0 ? NULL : cxb_rng_get((cxb_rng_id)gid);
    if (!d)
        return cxb_cli_error(2, "prng: %s: unknown generator (lf24, %s)", argv[1], cxb_rng_names());
    int is_philox = !strcmp(d->name, "philox4x32"), is_threefry = !strcmp(d->name, "threefry4x32");
    int is_mt = !strcmp(d->name, "mt19937");
    block_source b;
    memset(&b, 0, sizeof b);
    b.philox = is_philox;
    uint64_t seed = is_mt ? 5489u : 0, sub = 0, off = 0, skip = 0, count = 0, rounds = 0;
    int have_count = 0, have_sub = 0, have_off = 0, nkey = -1, nctr = -1, rc = 0;
    cxb_out_format fmt = CXB_OUT_DEC;
    cxb_prng_source_opts so;
    cxb_prng_source_opts_init(&so, d->name);
    int have_source_opt = 0, backend = -1; /* --backend: -1 none, else a cxb_fill_backend */
    for (int i = 2; i < argc && rc == 0; ++i) {
        const char *a = argv[i];
        if (a[0] != '-' || a[1] != '-')
            return cxb_cli_error(2, "prng: unexpected argument '%s'", a);
        if (i + 1 >= argc)
            return cxb_cli_error(2, "prng: %s needs a value", a);
        const char *v = argv[++i];
        cxb_status sst;
        if (cxb_prng_source_option(&so, a, v, &sst)) { /* --dist, --interleave, --workers, --dc */
            if (sst != CXB_OK)
                return cxb_cli_error(2, "prng: %s", cxb_last_error());
            have_source_opt = 1;
        } else if (!strcmp(a, "--seed"))
            rc = parse_u64(a, v, &seed);
        else if (!strcmp(a, "--subsequence"))
            rc = parse_u64(a, v, &sub), have_sub = 1;
        else if (!strcmp(a, "--offset"))
            rc = parse_u64(a, v, &off), have_off = 1;
        else if (!strcmp(a, "--skip"))
            rc = parse_u64(a, v, &skip);
        else if (!strcmp(a, "--count"))
            rc = parse_u64(a, v, &count), have_count = 1;
        else if (!strcmp(a, "--rounds"))
            rc = parse_u64(a, v, &rounds);
        else if (!strcmp(a, "--format"))
            rc = cxb_prng_parse_format(v, &fmt);
        else if (!strcmp(a, "--backend")) {
            backend = !strcmp(v, "seq") ? CXB_FILL_SEQ : !strcmp(v, "pthreads") ? CXB_FILL_PTHREADS
                      : !strcmp(v, "cuda") ? CXB_FILL_CUDA : -2;
            if (backend == -2)
                return cxb_cli_error(2, "prng: --backend %s: expected seq, pthreads or cuda", v);
        }
        else if (!strcmp(a, "--key"))
            rc = parse_words(a, v, b.key, 4, &nkey);
        else if (!strcmp(a, "--counter"))
            rc = parse_words(a, v, b.ctr, 4, &nctr);
        else
            return cxb_cli_error(2, "prng: %s: unknown option for %s", a, d->name);
    }
    if (rc)
        return rc;
    if (!have_count)
        return cxb_cli_error(2, "prng: --count is required (0 = until the reader stops)");
    int counter_based = is_philox || is_threefry;
    if (rounds && !counter_based)
        return cxb_cli_error(2, "prng: --rounds: only philox4x32 and threefry4x32 have rounds");
    b.rounds = rounds ? (unsigned)rounds : is_philox ? 10u : 20u;
    if ((is_philox && b.rounds > 16) || (is_threefry && b.rounds > 72))
        return cxb_cli_error(2, "prng: --rounds %u: at most %d", b.rounds, is_philox ? 16 : 72);
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
        if (block_mode || have_source_opt || sub != 0 || count == 0 || (rounds && b.rounds != (is_philox ? 10u : 20u)))
            return cxb_cli_error(2, "prng: --backend generates stream 0 (no --subsequence, --dist, --interleave, "
                                    "--key/--counter or --rounds) and needs a --count above 0");
        if (off > UINT64_MAX - skip || count > (1ull << 31))
            return cxb_cli_error(2, "prng: --backend: --count at most 2^31 numbers");
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
    word_reader r = {src, &b, {0}, 0, 0};
    for (uint64_t k = 0; k < skip; ++k)
        (void)next_word(&r);
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
