/* cxbench prng GEN for the 32-bit generators (prng.md 7.1):
 *
 *   cxbench prng philox4x32|xorwow|mrg32k3a [--seed S] [--subsequence K] [--offset O]
 *   cxbench prng threefry4x32 [--seed S] [--subsequence K] [--offset O]
 *   cxbench prng mt19937 [--seed S]
 *       common: [--skip N] --count N [--format dec|hex|raw] [--rounds R (philox, threefry)]
 *   cxbench prng philox4x32|threefry4x32 --key K0,K1[,K2,K3] --counter C0,C1,C2,C3 --count N
 *
 * For philox4x32, xorwow and mrg32k3a, --seed/--subsequence/--offset mean exactly what they
 * mean to curand_init(seed, subsequence, offset, &state) followed by curand(). threefry4x32
 * has no cuRAND counterpart; its stream is defined like Philox's (key = (lo32 seed, hi32
 * seed, 0, 0), counter = (block lo, block hi, lo32 subsequence, hi32 subsequence), the four
 * words of a block in order) - a project convention. mt19937's --seed is std::mt19937's.
 * --skip N discards N outputs after that. With --key and --counter the raw block function's
 * four words are printed for that counter, then for the following counters (C0 incremented
 * with carry), until --count words. raw is little-endian uint32; --count 0 writes until the
 * reader closes the pipe (exit 0).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/rng/mrg32k3a.h"
#include "cxb/rng/mt19937.h"
#include "cxb/rng/philox.h"
#include "cxb/rng/threefry.h"
#include "cxb/rng/xorwow.h"
#include "harness/cli.h"
#include "harness/params.h"
#include "harness/prng_writer.h"

typedef enum { G_PHILOX, G_THREEFRY, G_XORWOW, G_MRG, G_MT } gen_id;

typedef struct source {
    gen_id gen;
    int block_mode;
    unsigned rounds;
    uint32_t key[4], ctr[4], out[4];
    unsigned lane;
    cxb_philox4x32_state philox;
    cxb_xorwow_state xorwow;
    cxb_mrg32k3a_state mrg;
    cxb_mt19937_state *mt;
} source;

static void ctr_incr(uint32_t c[4])
{
    for (int i = 0; i < 4; ++i)
        if (++c[i] != 0)
            break;
}

static void block(source *s)
{
    if (s->gen == G_PHILOX) {
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

/* the counter-based generators outside cuRAND's stream (block mode, threefry's stream) */
static uint32_t next_block_word(source *s)
{
    uint32_t x = s->out[s->lane];
    if (++s->lane == 4) {
        s->lane = 0;
        ctr_incr(s->ctr);
        block(s);
    }
    return x;
}

static uint32_t next(source *s)
{
    if (s->block_mode || s->gen == G_THREEFRY)
        return next_block_word(s);
    switch (s->gen) {
    case G_PHILOX: return cxb_philox4x32_next_u32(&s->philox);
    case G_XORWOW: return cxb_xorwow_next_u32(&s->xorwow);
    case G_MRG: return cxb_mrg32k3a_next_u32(&s->mrg);
    default: return cxb_mt19937_next_u32(s->mt);
    }
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
    static const char *const names[] = {"philox4x32", "threefry4x32", "xorwow", "mrg32k3a", "mt19937"};
    source s;
    memset(&s, 0, sizeof s);
    int gi = -1;
    for (int i = 0; i < 5; ++i)
        if (!strcmp(argv[1], names[i]))
            gi = i;
    if (gi < 0)
        return cxb_cli_error(2, "prng: %s: unknown generator (%s)", argv[1], CXB_PRNG_GENERATORS);
    s.gen = (gen_id)gi;
    uint64_t seed = s.gen == G_MT ? 5489u : 0, sub = 0, off = 0, skip = 0, count = 0, rounds = 0;
    int have_count = 0, have_sub = 0, have_off = 0, nkey = -1, nctr = -1, rc = 0;
    cxb_out_format fmt = CXB_OUT_DEC;
    for (int i = 2; i < argc && rc == 0; ++i) {
        const char *a = argv[i];
        if (a[0] != '-' || a[1] != '-')
            return cxb_cli_error(2, "prng: unexpected argument '%s'", a);
        if (i + 1 >= argc)
            return cxb_cli_error(2, "prng: %s needs a value", a);
        const char *v = argv[++i];
        if (!strcmp(a, "--seed"))
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
        else if (!strcmp(a, "--key"))
            rc = parse_words(a, v, s.key, 4, &nkey);
        else if (!strcmp(a, "--counter"))
            rc = parse_words(a, v, s.ctr, 4, &nctr);
        else
            return cxb_cli_error(2, "prng: %s: unknown option for %s", a, names[gi]);
    }
    if (rc)
        return rc;
    if (!have_count)
        return cxb_cli_error(2, "prng: --count is required (0 = until the reader stops)");
    int counter_based = s.gen == G_PHILOX || s.gen == G_THREEFRY;
    if (rounds && !counter_based)
        return cxb_cli_error(2, "prng: --rounds: only philox4x32 and threefry4x32 have rounds");
    s.rounds = rounds ? (unsigned)rounds : s.gen == G_PHILOX ? 10u : 20u;
    if ((s.gen == G_PHILOX && s.rounds > 16) || (s.gen == G_THREEFRY && s.rounds > 72))
        return cxb_cli_error(2, "prng: --rounds %u: at most %d", s.rounds, s.gen == G_PHILOX ? 16 : 72);
    if ((nkey >= 0) != (nctr >= 0))
        return cxb_cli_error(2, "prng: --key and --counter go together (the raw block function)");
    if (nkey >= 0) {
        int want_key = s.gen == G_PHILOX ? 2 : 4;
        if (!counter_based)
            return cxb_cli_error(2, "prng: --key/--counter: only philox4x32 and threefry4x32 are counter-based");
        if (nkey != want_key || nctr != 4)
            return cxb_cli_error(2, "prng: %s needs --key of %d words and --counter of 4", names[gi], want_key);
        if (have_sub || have_off)
            return cxb_cli_error(2, "prng: --subsequence/--offset do not apply to --key/--counter");
        s.block_mode = 1;
    }
    if (s.gen == G_MT && (have_sub || have_off))
        return cxb_cli_error(2, "prng: mt19937 has no subsequences or offsets (use --skip)");
    if (s.gen == G_MT && seed > UINT32_MAX)
        return cxb_cli_error(2, "prng: --seed %llu: std::mt19937 takes a 32-bit seed", (unsigned long long)seed);

    if (s.block_mode) {
        block(&s);
    } else if (s.gen == G_THREEFRY) {
        s.key[0] = (uint32_t)seed;
        s.key[1] = (uint32_t)(seed >> 32);
        uint64_t blk = off / 4; /* 2^64 blocks per subsequence, as Philox's */
        s.ctr[0] = (uint32_t)blk;
        s.ctr[1] = (uint32_t)(blk >> 32);
        s.ctr[2] = (uint32_t)sub;
        s.ctr[3] = (uint32_t)(sub >> 32);
        s.lane = (unsigned)(off % 4);
        block(&s);
    } else if (s.gen == G_PHILOX) {
        cxb_philox4x32_init_r(&s.philox, seed, sub, off, s.rounds);
    } else if (s.gen == G_XORWOW) {
        cxb_xorwow_init(&s.xorwow, seed, sub, off);
    } else if (s.gen == G_MRG) {
        cxb_mrg32k3a_init(&s.mrg, seed, sub, off);
    } else {
        if (!(s.mt = malloc(sizeof *s.mt)))
            return cxb_cli_error(3, "prng: out of memory");
        cxb_mt19937_init_genrand(s.mt, (uint32_t)seed);
    }
    for (uint64_t k = 0; k < skip; ++k)
        (void)next(&s);
    cxb_prng_writer w;
    cxb_prng_writer_stdout(&w, fmt, CXB_PACK_32, 8);
    for (uint64_t k = 0; rc == 0 && (count == 0 || k < count); ++k)
        rc = cxb_prng_put(&w, next(&s));
    if (rc == 0)
        rc = cxb_prng_finish(&w);
    free(s.mt);
    if (rc > 0)
        return cxb_cli_error(2, "prng: writing to stdout failed: %s", strerror(errno));
    return 0;
}
