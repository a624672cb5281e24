/* cxbench prng GEN ...: a generator's stream on stdout (prng.md 7.1), for eyes, diffs
 * and external batteries (dieharder -g 200, PractRand stdin32).
 *
 *   cxbench prng lf24 --seed IJ,KL|S [--stream K] [--skip N] --count N
 *                     [--format dec|hex|raw] [--pack 16x2|3byte] [--r R] [--s S]
 *
 * Stream 0 is the root stream seeded by --seed; stream K >= 1 is seeded with the K-th
 * child seed drawn from the root (prng.md 3.1.3), the stream that task K-1 of the
 * pthreads and CUDA backends draws. dec/hex print the 24-bit integer (value x 2^24).
 * raw writes little-endian words; 24-bit outputs are packed (never shifted into 32-bit
 * words, which would give every bit test eight zero bits): 16x2 puts the top 16 bits of
 * output 2i in the low half and of output 2i+1 in the high half of word i; 3byte writes
 * the 3 bytes of each output, least significant first. --count 0 writes until the
 * reader closes the pipe, which is a normal end (exit 0).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/prng/lf24.h"
#include "cxb/prng/gen.h"
#include "harness/cli.h"
#include "suites/prng/cli.h"
#include "harness/params.h"
#include "suites/prng/writer.h"

static int parse_count(const char *flag, const char *text, uint64_t *out)
{
    return cxb_cli_parse_u64("prng", flag, text, out);
}

/* --seed IJ,KL (RANMAR's two seeds) or one 64-bit S. */
static int parse_seed(const char *text, uint32_t *ij, uint32_t *kl)
{
    const char *comma = strchr(text, ',');
    if (!comma) {
        uint64_t s;
        if (parse_count("--seed", text, &s))
            return 2;
        cxb_lf24_seed_split(s, ij, kl);
        return 0;
    }
    char a[32];
    size_t la = (size_t)(comma - text);
    if (la == 0 || la >= sizeof a)
        return cxb_cli_error(2, "prng: --seed %s: expected IJ,KL or one integer", text);
    memcpy(a, text, la);
    a[la] = '\0';
    uint64_t x, y;
    if (parse_count("--seed IJ", a, &x) || parse_count("--seed KL", comma + 1, &y))
        return 2;
    if (!cxb_lf24_seeds_valid(x > UINT32_MAX ? UINT32_MAX : (uint32_t)x,
                              y > UINT32_MAX ? UINT32_MAX : (uint32_t)y))
        return cxb_cli_error(2, "prng: --seed %s: RANMAR needs IJ in [0, %u] and KL in [0, %u]",
                             text, CXB_LF24_IJ_MAX, CXB_LF24_KL_MAX);
    *ij = (uint32_t)x;
    *kl = (uint32_t)y;
    return 0;
}

static int prng_lf24(int argc, char **argv)
{
    uint32_t ij = 1802, kl = 9373; /* RANMAR's reference seeds = S 54,217,137 */
    uint64_t stream = 0, skip = 0, count = 0, r = CXB_LF24_R, s = 0;
    int have_count = 0, have_s = 0;
    cxb_out_format fmt = CXB_OUT_DEC;
    cxb_out_pack pack = CXB_PACK_16X2;
    for (int i = 2; i < argc; ++i) {
        const char *a = argv[i];
        if (a[0] != '-' || a[1] != '-')
            return cxb_cli_error(2, "prng: unexpected argument '%s'", a);
        if (i + 1 >= argc)
            return cxb_cli_error(2, "prng: %s needs a value", a);
        const char *v = argv[++i];
        int rc = 0;
        if (!strcmp(a, "--seed"))
            rc = parse_seed(v, &ij, &kl);
        else if (!strcmp(a, "--stream"))
            rc = parse_count(a, v, &stream);
        else if (!strcmp(a, "--skip"))
            rc = parse_count(a, v, &skip);
        else if (!strcmp(a, "--count")) {
            rc = parse_count(a, v, &count);
            have_count = 1;
        } else if (!strcmp(a, "--r"))
            rc = parse_count(a, v, &r);
        else if (!strcmp(a, "--s")) {
            rc = parse_count(a, v, &s);
            have_s = 1;
        } else if (!strcmp(a, "--format"))
            rc = cxb_prng_parse_format(v, &fmt);
        else if (!strcmp(a, "--pack")) {
            if (!strcmp(v, "16x2"))
                pack = CXB_PACK_16X2;
            else if (!strcmp(v, "3byte"))
                pack = CXB_PACK_3BYTE;
            else
                return cxb_cli_error(2, "prng: --pack %s: expected 16x2 or 3byte", v);
        } else
            return cxb_cli_error(2, "prng: %s: unknown option", a);
        if (rc)
            return rc;
    }
    if (!have_count)
        return cxb_cli_error(2, "prng: --count is required (0 = until the reader stops)");
    if (r < 2 || r > (1u << 24))
        return cxb_cli_error(2, "prng: --r %llu: expected 2 .. 2^24", (unsigned long long)r);
    if (!have_s)
        s = cxb_lf24_default_s((uint32_t)r);
    if (s < 1 || s >= r)
        return cxb_cli_error(2, "prng: --s %llu: expected 1 .. r-1", (unsigned long long)s);

    if (stream > 0) { /* child K of the root seeded by (ij, kl) */
        uint32_t root_u[CXB_LF24_R];
        cxb_lf24 root;
        cxb_lf24_init(&root, root_u, 1, CXB_LF24_R, CXB_LF24_S, ij, kl);
        uint64_t child = 0;
        for (uint64_t k = 0; k < stream; ++k)
            child = cxb_lf24_child_seed(cxb_lf24_next(&root));
        cxb_lf24_seed_split(child, &ij, &kl);
    }
    uint32_t *u = malloc(r * sizeof *u);
    if (!u)
        return cxb_cli_error(3, "prng: out of memory for a table of %llu", (unsigned long long)r);
    cxb_lf24 g;
    cxb_lf24_init(&g, u, 1, (uint32_t)r, (uint32_t)s, ij, kl);
    for (uint64_t k = 0; k < skip; ++k)
        cxb_lf24_next(&g);
    cxb_prng_writer w;
    cxb_prng_writer_stdout(&w, fmt, pack, 6);
    int rc = 0;
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
    if (!strcmp(argv[1], "lf24"))
        return prng_lf24(argc, argv);
    return cxb_cli_prng_u32(argc, argv);
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
