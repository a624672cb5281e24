/* cxbench prng GEN ...: a generator's stream on stdout (docs/studies/prng.md), for eyes, diffs
 * and external batteries (dieharder -g 200, PractRand stdin32).
 *
 *   cxbench prng lf24 [--seed IJ,KL|S] [--stream K] [--skip N] --count N ...
 *
 * (the options: lf24_options below; docs/cli.md "prng"). Stream 0 is the root stream seeded by --seed; stream K >= 1 is seeded with the K-th
 * child seed drawn from the root (docs/studies/prng.md), the stream that task K-1 of the
 * pthreads and CUDA backends draws. dec/hex print the 24-bit integer (value x 2^24).
 * raw writes little-endian words; 24-bit outputs are packed (never shifted into 32-bit
 * words, which would give every bit test eight zero bits): 16x2 puts the top 16 bits of
 * output 2i in the low half and of output 2i+1 in the high half of word i; 3byte writes
 * the 3 bytes of each output, least significant first. --count 0 writes until the
 * reader closes the pipe, which is a normal end (exit 0). --stream and --skip cost
 * O(r^2 log N) by the jump of cxb/rng/lf24_jump.h, whatever their value (a table larger
 * than LF24_JUMP_R_MAX is stepped, up to CXB_PRNG_STEP_MAX outputs).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/prng/lf24.h"
#include "cxb/rng/lf24_jump.h"
#include "cxb/prng/gen.h"
#include "harness/cli.h"
#include "suites/prng/cli.h"
#include "suites/prng/source.h"
#include "harness/params.h"
#include "suites/prng/writer.h"

/* Tables above this many entries are stepped, not jumped: a jump costs about 2 r^2 log2 N word
 * products, 2^23 per bit of N at r = 2^11 (docs/cli.md, "prng"). */
#define LF24_JUMP_R_MAX 2048u

/* --format's values, in cxb_out_format's order (shared with cli_u32.c). */
const char *const cxb_prng_formats[] = {"dec", "hex", "raw", NULL};
static const char *const packs[] = {"16x2", "3byte", NULL}; /* CXB_PACK_16X2 + index */

typedef struct lf24_args {
    uint32_t seed[2]; /* IJ, KL */
    uint64_t stream, skip, count, r, s;
    int format, pack;
} lf24_args;

/* --seed IJ,KL (RANMAR's two seeds) or one 64-bit S. */
static cxb_status parse_seed(const char *where, const char *text, void *dest)
{
    uint32_t *ijkl = dest;
    const char *comma = strchr(text, ',');
    uint64_t x, y;
    if (!comma) {
        if (cxb_parse_u64(text, where, &x) != CXB_OK)
            return CXB_EINPUT;
        cxb_lf24_seed_split(x, &ijkl[0], &ijkl[1]);
        return CXB_OK;
    }
    char a[32], w[96];
    size_t la = (size_t)(comma - text);
    if (la == 0 || la >= sizeof a)
        return cxb_fail(CXB_EINPUT, "%s %s: expected IJ,KL or one integer", where, text);
    memcpy(a, text, la);
    a[la] = '\0';
    snprintf(w, sizeof w, "%s IJ", where);
    if (cxb_parse_u64(a, w, &x) != CXB_OK)
        return CXB_EINPUT;
    snprintf(w, sizeof w, "%s KL", where);
    if (cxb_parse_u64(comma + 1, w, &y) != CXB_OK)
        return CXB_EINPUT;
    if (!cxb_lf24_seeds_valid(x > UINT32_MAX ? UINT32_MAX : (uint32_t)x, y > UINT32_MAX ? UINT32_MAX : (uint32_t)y))
        return cxb_fail(CXB_EINPUT, "%s %s: RANMAR needs IJ in [0, %u] and KL in [0, %u]", where, text,
                        CXB_LF24_IJ_MAX, CXB_LF24_KL_MAX);
    ijkl[0] = (uint32_t)x;
    ijkl[1] = (uint32_t)y;
    return CXB_OK;
}

static const cxb_option lf24_options[] = {
    CXB_OPT_PARSE("--seed", "IJ,KL|S", "RANMAR's two seeds, or one 64-bit S mapped to them (default 1802,9373)",
                  lf24_args, seed, parse_seed, 0),
    CXB_OPT_COUNT("--stream", "K", "0: the root stream; K >= 1: the stream task K-1 of the parallel backends draws",
                  lf24_args, stream, 0, 0, 0),
    CXB_OPT_COUNT("--skip", "N", "discard N outputs first", lf24_args, skip, 0, 0, 0),
    CXB_OPT_COUNT("--count", "N", "outputs to write; 0 writes until the reader closes the pipe", lf24_args, count,
                  0, 0, CXB_OPT_REQUIRED),
    CXB_OPT_CHOICE("--format", "dec|hex|raw", "dec, hex: the 24-bit integer; raw: packed binary (default dec)",
                   lf24_args, format, cxb_prng_formats, 0),
    CXB_OPT_CHOICE("--pack", "16x2|3byte", "raw's packing: two top 16-bit halves a word (default), or 3 bytes",
                   lf24_args, pack, packs, 0),
    CXB_OPT_COUNT("--r", "R", "the long lag, 2 to 2^24 (default 97)", lf24_args, r, 2, 1u << 24, 0),
    CXB_OPT_COUNT("--s", "S", "the short lag, 1 to R-1 (default 33 for R = 97)", lf24_args, s, 0, 0, 0),
    CXB_OPT_END};

const cxb_form cxb_prng_forms[] = {
    {"lf24", lf24_options},
    {"philox4x32|threefry4x32 --key K0,K1[,K2,K3] --counter C0,C1,C2,C3 --count N", NULL},
    {"GEN", cxb_prng_gen_options},
    CXB_FORMS_END};

static int prng_lf24(int argc, char **argv)
{
    /* RANMAR's reference seeds = S 54,217,137 */
    lf24_args la = {{1802, 9373}, 0, 0, 0, CXB_LF24_R, 0, CXB_OUT_DEC, 0};
    cxb_args a;
    int rc;
    if (cxb_cli_args(argc, argv, "prng", cxb_prng_forms, lf24_options, &la, 0, &a, &rc))
        return rc;
    uint32_t ij = la.seed[0], kl = la.seed[1];
    uint64_t stream = la.stream, skip = la.skip, count = la.count, r = la.r, s = la.s;
    cxb_out_format fmt = (cxb_out_format)la.format;
    cxb_out_pack pack = (cxb_out_pack)(CXB_PACK_16X2 + la.pack);
    if (!cxb_args_given(&a, "--s"))
        s = cxb_lf24_default_s((uint32_t)r);
    if (s < 1 || s >= r)
        return cxb_cli_error(2, "prng: --s %llu: expected 1 .. r-1", (unsigned long long)s);

    /* --skip: jumped (cxb/rng/lf24_jump.h, O(r^2 log N)) where that is cheaper than stepping
     * and the table is small enough for it; else stepped, at most CXB_PRNG_STEP_MAX outputs */
    int jump_skip = r <= LF24_JUMP_R_MAX && cxb_lf24_jump_cost((uint32_t)r, skip) < (double)skip;
    if (!jump_skip && skip > CXB_PRNG_STEP_MAX)
        return cxb_cli_error(2, "prng: --skip %llu: lf24 with --r %llu steps at most %llu outputs "
                                "(a jump needs --r %u or less)",
                             (unsigned long long)skip, (unsigned long long)r, (unsigned long long)CXB_PRNG_STEP_MAX,
                             LF24_JUMP_R_MAX);
    uint32_t *scratch = malloc(CXB_LF24_JUMP_SCRATCH(jump_skip && r > CXB_LF24_R ? r : CXB_LF24_R) * sizeof *scratch);
    if (!scratch)
        return cxb_cli_error(3, "prng: out of memory for a table of %llu", (unsigned long long)r);
    if (stream > 0) { /* child K of the root seeded by (ij, kl): the root's output K, by a jump */
        uint32_t root_u[CXB_LF24_R];
        cxb_lf24 root;
        cxb_lf24_init(&root, root_u, 1, CXB_LF24_R, CXB_LF24_S, ij, kl);
        cxb_lf24_jump(&root, stream - 1, scratch);
        cxb_lf24_seed_split(cxb_lf24_child_seed(cxb_lf24_next(&root)), &ij, &kl);
    }
    uint32_t *u = malloc(r * sizeof *u);
    if (!u) {
        free(scratch);
        return cxb_cli_error(3, "prng: out of memory for a table of %llu", (unsigned long long)r);
    }
    cxb_lf24 g;
    cxb_lf24_init(&g, u, 1, (uint32_t)r, (uint32_t)s, ij, kl);
    if (jump_skip)
        cxb_lf24_jump(&g, skip, scratch);
    else
        for (uint64_t k = 0; k < skip; ++k)
            cxb_lf24_next(&g);
    free(scratch);
    cxb_prng_writer w;
    cxb_prng_writer_stdout(&w, fmt, pack, 6);
    rc = 0;
    for (uint64_t k = 0; count == 0 || k < count; ++k)
        if ((rc = cxb_prng_put(&w, cxb_lf24_next(&g))) != 0)
            break;
    if (rc == 0)
        rc = cxb_prng_finish(&w);
    free(u);
    if (rc > 0)
        return cxb_cli_error(2, "prng: writing to stdout failed: %s", strerror(errno));
    return 0;
}

int cxb_cli_prng(int argc, char **argv)
{
    if (argc < 2 || argv[1][0] == '-')
        return cxb_cli_error(2, "prng: expected a generator name (lf24, %s)", cxb_rng_names());
    /* argv[0] the generator's name: its options follow */
    if (!strcmp(argv[1], "lf24"))
        return prng_lf24(argc - 1, argv + 1);
    return cxb_cli_prng_u32(argc - 1, argv + 1);
}

void cxb_prng_cli_help_generators(FILE *f)
{
    const char *indent = "                  ";
    size_t col = (size_t)fprintf(f, "%sGEN: lf24,", indent);
    const char *p = cxb_rng_names(); /* CXB_RNG_LIST: the help cannot fall behind it */
    while (*p) {
        size_t len = strcspn(p, ",");
        int last = p[len] == '\0';
        if (col + 1 + len + !last > 100)
            col = (size_t)fprintf(f, "\n%s    ", indent) - 1;
        col += (size_t)fprintf(f, " %.*s%s", (int)len, p, last ? "" : ",");
        p += len + !last;
        while (*p == ' ')
            ++p;
    }
    fputc('\n', f);
}
