/* Blocks of whole lines from a large fread buffer (lines.h). */
#include "impl_cpu/graph/lines.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#ifndef CXB_LINES_BUF /* the fuzz build (CXB_FUZZ) sets a smaller one: more block boundaries, cheaper runs */
#define CXB_LINES_BUF (8u << 20) /* 8 MiB: large freads, and far above CXB_LINE_MAX */
#endif

cxb_status cxb_lines_open(cxb_lines *L, FILE *f, const char *name)
{
    memset(L, 0, sizeof *L);
    L->f = f;
    L->name = name;
    L->cap = CXB_LINES_BUF;
    L->buf = malloc(L->cap + 1);
    if (!L->buf)
        return cxb_fail(CXB_ERESOURCE, "%s: out of memory for a read buffer", name);
    return CXB_OK;
}

void cxb_lines_close(cxb_lines *L)
{
    free(L->buf);
    L->buf = NULL;
}

static cxb_status lines_next(cxb_lines *L, uint64_t line, char **b, char **e);

static const char *last_newline(const char *b, size_t len)
{
    for (size_t i = len; i > 0; --i)
        if (b[i - 1] == '\n')
            return b + i - 1;
    return NULL;
}

/* A text graph file holds no NUL byte: one is reported as what it is (a binary file read
 * as text), with its line, rather than as whatever token the scanner would stop at. */
static cxb_status check_nul(const cxb_lines *L, uint64_t line, const char *b, const char *e)
{
    const char *z = memchr(b, '\0', (size_t)(e - b));
    if (!z)
        return CXB_OK;
    for (const char *q = b; q < z; ++q)
        line += *q == '\n';
    return cxb_fail(CXB_EINPUT, "%s:%llu: NUL byte: a binary file, not a text graph format",
                    L->name, (unsigned long long)line);
}

cxb_status cxb_lines_next(cxb_lines *L, uint64_t line, char **b, char **e)
{
    cxb_status st = lines_next(L, line, b, e);
    return st == CXB_OK ? check_nul(L, line, *b, *e) : st;
}

static cxb_status lines_next(cxb_lines *L, uint64_t line, char **b, char **e)
{
    if (L->done) {
        *b = *e = L->buf;
        return CXB_OK;
    }
    if (L->tail_off) { /* the incomplete line after the last block moves to the front */
        memmove(L->buf, L->buf + L->tail_off, L->carry);
        L->tail_off = 0;
    }
    size_t have = L->carry; /* the carried bytes hold no newline */
    for (;;) {
        if (have == L->cap) /* a full buffer without a newline */
            return cxb_fail(CXB_EINPUT, "%s:%llu: line longer than %d bytes", L->name,
                            (unsigned long long)line, CXB_LINE_MAX);
        size_t got = fread(L->buf + have, 1, L->cap - have, L->f);
        if (got == 0) {
            if (ferror(L->f))
                return cxb_fail(CXB_EINPUT, "%s: read error: %s", L->name, strerror(errno));
            L->done = 1;
            if (have > 0 && L->buf[have - 1] != '\n')
                L->buf[have++] = '\n'; /* a missing final newline is accepted */
            L->carry = 0;
            *b = L->buf;
            *e = L->buf + have;
            return CXB_OK;
        }
        const char *nl = last_newline(L->buf + have, got);
        have += got;
        if (!nl) {
            if (have > CXB_LINE_MAX)
                return cxb_fail(CXB_EINPUT, "%s:%llu: line longer than %d bytes", L->name,
                                (unsigned long long)line, CXB_LINE_MAX);
            continue;
        }
        /* hand out up to the last newline; the tail moves to the front next time */
        size_t whole = (size_t)(nl - L->buf) + 1;
        *b = L->buf;
        *e = L->buf + whole;
        L->carry = have - whole;
        L->tail_off = whole;
        return CXB_OK;
    }
}

void cxb_token_text(const char *p, char *out, size_t outsz)
{
    size_t k = 0;
    while (p[k] && p[k] != '\n' && !cxb_is_blank(p[k]) && k < 40 && k + 1 < outsz) {
        unsigned char c = (unsigned char)p[k];
        out[k++] = c >= 0x20 && c < 0x7f ? (char)c : '?'; /* binary input: keep one clean line */
    }
    out[k] = '\0';
    if (k == 40 && outsz > 44)
        strcpy(out + k, "...");
}
