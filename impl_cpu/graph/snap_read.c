/* graph.parse.seq (SNAP) - SNAP-style edge lists (docs/studies/graph.md): two non-negative
 * decimal ids per line, '#' and '%' comment lines, blank lines, CR before LF, extra
 * columns counted and ignored. A hand-rolled scanner over blocks of whole lines
 * (lines.h): no per-line library call, one pass over the bytes.
 */
#include <stdlib.h>
#include <string.h>

#include "cxb/graph/graph.h"
#include "impl_cpu/graph/lines.h"

/* What went wrong on one line; the message is built outside the hot loop. */
typedef enum { BAD_NONE, BAD_TOKEN, BAD_ONE_ID, BAD_TOO_BIG, BAD_NOT_BELOW_N, BAD_LONG } bad_kind;

static cxb_status report(const char *name, uint64_t line, bad_kind bad, const char *tok,
                         uint64_t n)
{
    char text[48];
    cxb_token_text(tok, text, sizeof text);
    unsigned long long l = (unsigned long long)line;
    switch (bad) {
    case BAD_TOKEN:
        return cxb_fail(CXB_EINPUT, "%s:%llu: expected a vertex id, found \"%s\"", name, l, text);
    case BAD_ONE_ID:
        return cxb_fail(CXB_EINPUT, "%s:%llu: expected two vertex ids, found one", name, l);
    case BAD_TOO_BIG:
        return cxb_fail(CXB_EINPUT, "%s:%llu: vertex id %s exceeds the 32-bit limit %u", name, l,
                        text, CXB_VID_MAX);
    case BAD_NOT_BELOW_N:
        return cxb_fail(CXB_EINPUT, "%s:%llu: vertex id %s is not below --n %llu", name, l, text,
                        (unsigned long long)n);
    default:
        return cxb_fail(CXB_EINPUT, "%s:%llu: line longer than %d bytes", name, l, CXB_LINE_MAX);
    }
}

cxb_status cxb_snap_parse(FILE *f, const char *name, const cxb_graph_opts *o, cxb_edges *out,
                          cxb_build_stats *stats)
{
    cxb_edges_init(out);
    memset(stats, 0, sizeof *stats);
    if (o->have_n && o->n > CXB_N_MAX)
        return cxb_fail(CXB_EINPUT, "%s: %llu vertices exceed the 32-bit id space", name,
                        (unsigned long long)o->n);
    /* ids must be below limit: --n, else the largest valid id + 1 */
    const uint64_t limit = o->have_n ? o->n : (uint64_t)CXB_VID_MAX + 1;
    cxb_lines L;
    cxb_status st = cxb_lines_open(&L, f, name);
    if (st != CXB_OK)
        return st;
    uint64_t line = 1, count = 0, cap = 0, extra = 0, maxid = 0;
    uint64_t *key = NULL;
    int any = 0;
    bad_kind bad = BAD_NONE;
    const char *badtok = "";
    for (;;) {
        char *p, *e;
        if ((st = cxb_lines_next(&L, line, &p, &e)) != CXB_OK)
            goto fail;
        if (p == e)
            break;
        /* make room for every line of the block: at most one tuple per newline */
        uint64_t most = count + (uint64_t)(e - p) / 2 + 1;
        if (most > cap) {
            uint64_t ncap = cap ? cap : 1 << 16;
            while (ncap < most)
                ncap *= 2;
            uint64_t *k = realloc(key, ncap * sizeof *k);
            if (!k) {
                st = cxb_fail(CXB_ERESOURCE, "%s: out of memory for %llu edge tuples", name,
                              (unsigned long long)ncap);
                goto fail;
            }
            key = k;
            cap = ncap;
        }
        while (p < e) {
            const char *ls = p;
            while (cxb_is_blank(*p))
                ++p;
            if (*p == '#' || *p == '%')
                p = memchr(p, '\n', (size_t)(e - p));
            if (*p == '\n') { /* blank or comment line */
                if (p - ls > CXB_LINE_MAX) {
                    bad = BAD_LONG;
                    goto bad_line;
                }
                ++p;
                ++line;
                continue;
            }
            uint64_t id[2];
            for (int t = 0; t < 2; ++t) {
                if (t == 1) {
                    while (cxb_is_blank(*p))
                        ++p;
                    if (*p == '\n') {
                        bad = BAD_ONE_ID;
                        goto bad_line;
                    }
                }
                const char *tok = p;
                if (!cxb_is_digit(*p)) {
                    bad = BAD_TOKEN;
                    badtok = tok;
                    goto bad_line;
                }
                uint64_t x = 0;
                while (cxb_is_digit(*p)) {
                    x = x * 10 + (uint64_t)(*p - '0');
                    if (x > 99999999999ull) /* far past any id; stops overflow, still "too big" */
                        x = 99999999999ull;
                    ++p;
                }
                if (!cxb_is_blank(*p) && *p != '\n') {
                    bad = BAD_TOKEN;
                    badtok = tok;
                    goto bad_line;
                }
                if (x >= limit) {
                    bad = x > CXB_VID_MAX ? BAD_TOO_BIG : BAD_NOT_BELOW_N;
                    badtok = tok;
                    goto bad_line;
                }
                id[t] = x;
            }
            for (;;) { /* extra columns (weights, timestamps) are counted and ignored */
                while (cxb_is_blank(*p))
                    ++p;
                if (*p == '\n')
                    break;
                ++extra;
                while (!cxb_is_blank(*p) && *p != '\n')
                    ++p;
            }
            if (p - ls > CXB_LINE_MAX) {
                bad = BAD_LONG;
                goto bad_line;
            }
            ++p;
            ++line;
            key[count++] = (id[0] << 32) | id[1];
            uint64_t hi = id[0] > id[1] ? id[0] : id[1];
            maxid = hi > maxid ? hi : maxid;
            any = 1;
        }
    }
    cxb_lines_close(&L);
    out->key = key;
    out->count = count;
    out->cap = cap;
    out->n = o->have_n ? o->n : (any ? maxid + 1 : 0);
    stats->pairs_read = count;
    stats->extra_columns_ignored = extra;
    return CXB_OK;
bad_line:
    st = report(name, line, bad, badtok, o->n);
fail:
    cxb_lines_close(&L);
    free(key);
    return st;
}
