/* graph.parse.seq (Matrix Market) - coordinate files (docs/studies/graph.md; the format is
 * NIST's "The Matrix Market Exchange Formats: Initial Design", 1996): banner, '%'
 * comments, the size line M N NNZ, then exactly NNZ entries "i j [value...]" with
 * 1-based indices. Values are checked to be numbers and dropped; every entry becomes
 * an undirected edge whatever the symmetry, so general and symmetric storage of the
 * same matrix give the same graph.
 */
#define _POSIX_C_SOURCE 200809L /* fileno */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "cxb/core/mem.h"
#include "cxb/graph/graph.h"
#include "impl_cpu/graph/lines.h"

static const char *const fields[] = {"pattern", "integer", "real", "complex"};
static const int field_values[] = {0, 1, 1, 2};
static const char *const symmetries[] = {"general", "symmetric", "skew-symmetric", "hermitian"};

/* Next blank-separated token of the line at *p: [*tb, *te); 0 at the newline. */
static int next_token(char **p, char **tb, char **te)
{
    char *q = *p;
    while (cxb_is_blank(*q))
        ++q;
    if (*q == '\n') {
        *p = q;
        return 0;
    }
    *tb = q;
    while (!cxb_is_blank(*q) && *q != '\n')
        ++q;
    *te = q;
    *p = q;
    return 1;
}

static int token_is(const char *b, const char *e, const char *word)
{
    size_t len = strlen(word);
    return (size_t)(e - b) == len && !strncasecmp(b, word, len);
}

/* A non-negative decimal integer filling [b, e); values beyond 2^63 saturate. */
static int parse_uint(const char *b, const char *e, uint64_t *out)
{
    if (b == e)
        return 0;
    uint64_t x = 0;
    for (const char *q = b; q < e; ++q) {
        if (!cxb_is_digit(*q))
            return 0;
        x = x > (UINT64_MAX >> 4) ? x : x * 10 + (uint64_t)(*q - '0');
    }
    *out = x;
    return 1;
}

/* [+-]digits, or for real fields a decimal floating-point number (C syntax, no hex). */
static int is_number(const char *b, const char *e, int integer)
{
    const char *q = b;
    if (q < e && (*q == '+' || *q == '-'))
        ++q;
    const char *d0 = q;
    while (q < e && cxb_is_digit(*q))
        ++q;
    int digits = q > d0;
    if (integer)
        return digits && q == e;
    if (q < e && *q == '.') {
        const char *f0 = ++q;
        while (q < e && cxb_is_digit(*q))
            ++q;
        digits |= q > f0;
    }
    if (!digits)
        return token_is(d0, e, "inf") || token_is(d0, e, "nan");
    if (q < e && (*q == 'e' || *q == 'E')) {
        ++q;
        if (q < e && (*q == '+' || *q == '-'))
            ++q;
        const char *x0 = q;
        while (q < e && cxb_is_digit(*q))
            ++q;
        if (q == x0)
            return 0;
    }
    return q == e;
}

static cxb_status banner(char *p, const char *name, int *field)
{
    static const char *const expect =
        "expected \"%%MatrixMarket matrix coordinate <field> <symmetry>\"";
    char *t[6][2];
    int k = 0;
    while (k < 6 && next_token(&p, &t[k][0], &t[k][1]))
        ++k;
    if (k != 5 || !token_is(t[0][0], t[0][1], "%%MatrixMarket") ||
        !token_is(t[1][0], t[1][1], "matrix"))
        return cxb_fail(CXB_EINPUT, "%s:1: %s", name, expect);
    if (token_is(t[2][0], t[2][1], "array"))
        return cxb_fail(CXB_EINPUT, "%s:1: array (dense) format is not supported; use coordinate",
                        name);
    if (!token_is(t[2][0], t[2][1], "coordinate"))
        return cxb_fail(CXB_EINPUT, "%s:1: %s", name, expect);
    *field = -1;
    for (int i = 0; i < 4; ++i)
        if (token_is(t[3][0], t[3][1], fields[i]))
            *field = i;
    int sym = -1;
    for (int i = 0; i < 4; ++i)
        if (token_is(t[4][0], t[4][1], symmetries[i]))
            sym = i;
    if (*field < 0 || sym < 0)
        return cxb_fail(CXB_EINPUT, "%s:1: %s", name, expect);
    if (*field == 3) /* a complex weight has no meaning for a graph's edge */
        return cxb_fail(CXB_EINPUT, "%s:1: field 'complex' is not supported (expected pattern, "
                        "integer or real)", name);
    return CXB_OK;
}

cxb_status cxb_mtx_parse(FILE *f, const char *name, cxb_edges *out, cxb_build_stats *stats)
{
    cxb_edges_init(out);
    memset(stats, 0, sizeof *stats);
    cxb_lines L;
    cxb_status st = cxb_lines_open(&L, f, name);
    if (st != CXB_OK)
        return st;
    uint64_t line = 1, declared = 0, found = 0, n = 0;
    int field = -1, have_size = 0;
    char text[48];
    for (;;) {
        char *p, *e;
        if ((st = cxb_lines_next(&L, line, &p, &e)) != CXB_OK)
            goto done;
        if (p == e)
            break;
        for (; p < e; ++line) {
            char *nl = memchr(p, '\n', (size_t)(e - p));
            char *q = p, *tb, *te;
            p = nl + 1;
            unsigned long long l = (unsigned long long)line;
            if (nl - q > CXB_LINE_MAX) {
                st = cxb_fail(CXB_EINPUT, "%s:%llu: line longer than %d bytes", name, l,
                              CXB_LINE_MAX);
                goto done;
            }
            if (line == 1) {
                if ((st = banner(q, name, &field)) != CXB_OK)
                    goto done;
                continue;
            }
            if (!next_token(&q, &tb, &te) || *tb == '%')
                continue; /* blank or comment */
            if (!have_size) {
                uint64_t mn[3];
                int k = 0, ok = 1;
                do
                    ok &= k < 3 && parse_uint(tb, te, &mn[k++]);
                while (ok && next_token(&q, &tb, &te));
                if (!ok || k != 3) {
                    st = cxb_fail(CXB_EINPUT, "%s:%llu: expected the size line \"M N NNZ\"", name,
                                  l);
                    goto done;
                }
                if (mn[0] != mn[1]) {
                    st = cxb_fail(CXB_EINPUT,
                                  "%s:%llu: matrix is %llu x %llu; a graph needs a square matrix",
                                  name, l, (unsigned long long)mn[0], (unsigned long long)mn[1]);
                    goto done;
                }
                if (mn[0] > CXB_N_MAX) {
                    st = cxb_fail(CXB_EINPUT, "%s: %llu vertices exceed the 32-bit id space", name,
                                  (unsigned long long)mn[0]);
                    goto done;
                }
                n = mn[0];
                declared = mn[2];
                have_size = 1;
                struct stat sb; /* a declared count the file can hold (4 bytes an entry at least): its memory now */
                if (fstat(fileno(f), &sb) == 0 && S_ISREG(sb.st_mode) && (double)declared * 4 <= (double)sb.st_size) {
                    char what[96];
                    snprintf(what, sizeof what, "%llu entries and their CSR", (unsigned long long)declared);
                    if ((st = cxb_mem_check(cxb_csr_build_bytes((double)declared, (double)n), name, what)) != CXB_OK)
                        goto done;
                }
                continue;
            }
            ++found;
            if (found > declared)
                continue; /* counted for the mismatch message at the end */
            uint64_t ij[2];
            for (int t = 0; t < 2; ++t) {
                if (t == 1 && !next_token(&q, &tb, &te)) {
                    st = cxb_fail(CXB_EINPUT, "%s:%llu: expected two indices, found one", name, l);
                    goto done;
                }
                if (!parse_uint(tb, te, &ij[t])) {
                    cxb_token_text(tb, text, sizeof text);
                    st = cxb_fail(CXB_EINPUT, "%s:%llu: expected a %s index, found \"%s\"", name,
                                  l, t ? "column" : "row", text);
                    goto done;
                }
                if (ij[t] < 1 || ij[t] > n) {
                    cxb_token_text(tb, text, sizeof text);
                    st = cxb_fail(CXB_EINPUT, "%s:%llu: %s index %s outside 1..%llu", name, l,
                                  t ? "column" : "row", text, (unsigned long long)n);
                    goto done;
                }
            }
            for (int v = 0; v < field_values[field]; ++v) {
                if (!next_token(&q, &tb, &te)) {
                    st = cxb_fail(CXB_EINPUT, "%s:%llu: field \"%s\" needs %s after the two indices",
                                  name, l, fields[field], field == 3 ? "two values" : "a value");
                    goto done;
                }
                if (!is_number(tb, te, field == 1)) {
                    cxb_token_text(tb, text, sizeof text);
                    st = cxb_fail(CXB_EINPUT, "%s:%llu: expected %s value, found \"%s\"", name, l,
                                  field == 1 ? "an integer" : "a numeric", text);
                    goto done;
                }
            }
            while (next_token(&q, &tb, &te))
                ++stats->extra_columns_ignored;
            if ((st = cxb_edges_push(out, (cxb_vid)(ij[0] - 1), (cxb_vid)(ij[1] - 1))) != CXB_OK)
                goto done;
        }
    }
    if (field < 0)
        st = cxb_fail(CXB_EINPUT,
                      "%s:1: expected \"%%%%MatrixMarket matrix coordinate <field> <symmetry>\"",
                      name);
    else if (!have_size)
        st = cxb_fail(CXB_EINPUT, "%s: missing the size line \"M N NNZ\"", name);
    else if (found != declared)
        st = cxb_fail(CXB_EINPUT, "%s: size line declares %llu entries, found %llu", name,
                      (unsigned long long)declared, (unsigned long long)found);
done:
    cxb_lines_close(&L);
    if (st != CXB_OK) {
        cxb_edges_free(out);
        return st;
    }
    out->n = n;
    stats->pairs_read = out->count;
    return CXB_OK;
}
