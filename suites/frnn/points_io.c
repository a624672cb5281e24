/* The points file reader and writer of `cxbench frnn` (suites/frnn/points_io.h). A line is read
 * whole (getline, so NUL bytes are seen), its comment cut, and each blank-separated token parsed
 * with strtof in the C locale: a token must be a number to its last character. %.9g is enough
 * digits for any binary32 value to round-trip through strtof. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "suites/frnn/points_io.h"

void cxb_frnn_points_free(cxb_frnn_points *p)
{
    free(p->pts);
    p->pts = NULL;
    p->n = 0;
}

static void token_text(const char *p, size_t len, char *out, size_t size)
{
    size_t k = len < 40 ? len : 40;
    snprintf(out, size, "'%.*s%s'", (int)k, p, len > 40 ? "..." : "");
}

/* One line's coordinates: the count in *found (up to 4 parsed, more only counted). */
static cxb_status parse_line(char *s, size_t len, const char *name, uint64_t line, float *v, uint32_t *found)
{
    *found = 0;
    size_t i = 0;
    while (i < len) {
        while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r'))
            ++i;
        if (i >= len)
            break;
        size_t j = i;
        while (j < len && s[j] != ' ' && s[j] != '\t' && s[j] != '\r')
            ++j;
        char save = s[j];
        s[j] = '\0';
        char *end = NULL;
        errno = 0;
        float x = strtof(s + i, &end);
        int overflow = errno == ERANGE && isinf(x);
        s[j] = save;
        char tok[64];
        token_text(s + i, j - i, tok, sizeof tok);
        if (end != s + j || end == s + i)
            return cxb_fail(CXB_EINPUT, "%s:%llu: %s is not a number", name, (unsigned long long)line, tok);
        if (overflow)
            return cxb_fail(CXB_EINPUT, "%s:%llu: %s is out of the range of binary32", name, (unsigned long long)line,
                            tok);
        if (!isfinite(x))
            return cxb_fail(CXB_EINPUT, "%s:%llu: %s is not a finite number", name, (unsigned long long)line, tok);
        if (*found < 4)
            v[*found] = x;
        ++*found;
        i = j;
    }
    return CXB_OK;
}

cxb_status cxb_frnn_points_read(FILE *f, const char *name, uint32_t dims, cxb_frnn_points *out)
{
    memset(out, 0, sizeof *out);
    out->dims = dims;
    char *buf = NULL;
    size_t cap = 0, have = 0;
    uint64_t line = 0;
    cxb_status st = CXB_OK;
    ssize_t got;
    errno = 0;
    while ((got = getline(&buf, &cap, f)) >= 0) {
        ++line;
        size_t len = (size_t)got;
        if (len && buf[len - 1] == '\n')
            --len;
        if (memchr(buf, '\0', len)) {
            st = cxb_fail(CXB_EINPUT, "%s:%llu: a NUL byte in a text file", name, (unsigned long long)line);
            break;
        }
        char *hash = memchr(buf, '#', len);
        if (hash)
            len = (size_t)(hash - buf);
        float v[4];
        uint32_t k;
        if ((st = parse_line(buf, len, name, line, v, &k)) != CXB_OK)
            break;
        if (k == 0)
            continue;
        if (out->dims == 0) {
            if (k != 2 && k != 3) {
                st = cxb_fail(CXB_EINPUT, "%s:%llu: expected 2 or 3 coordinates, found %u", name,
                              (unsigned long long)line, k);
                break;
            }
            out->dims = k;
        }
        if (k != out->dims) {
            st = cxb_fail(CXB_EINPUT, "%s:%llu: expected %u coordinates, found %u", name, (unsigned long long)line,
                          out->dims, k);
            break;
        }
        if (out->n >= CXB_FRNN_POINTS_MAX) {
            st = cxb_fail(CXB_EINPUT, "%s:%llu: more than %u points", name, (unsigned long long)line,
                          CXB_FRNN_POINTS_MAX);
            break;
        }
        if (out->n == have) {
            size_t nc = have ? 2 * have : 1024;
            cxb_frnn_rec *np = realloc(out->pts, nc * sizeof *np);
            if (!np) {
                st = cxb_fail(CXB_ERESOURCE, "%s: out of host memory at line %llu", name, (unsigned long long)line);
                break;
            }
            out->pts = np;
            have = nc;
        }
        cxb_frnn_rec *r = &out->pts[out->n];
        r->p[0] = v[0];
        r->p[1] = v[1];
        r->p[2] = k == 3 ? v[2] : 0.0f;
        r->id = out->n++;
    }
    if (st == CXB_OK && ferror(f))
        st = cxb_fail(CXB_EINPUT, "%s: read error: %s", name, strerror(errno ? errno : EIO));
    free(buf);
    if (st != CXB_OK)
        cxb_frnn_points_free(out);
    return st;
}

int cxb_frnn_points_write(FILE *f, const cxb_frnn_rec *pts, uint64_t n, uint32_t dims)
{
    for (uint64_t i = 0; i < n; ++i) {
        int rc = dims == 3 ? fprintf(f, "%.9g %.9g %.9g\n", pts[i].p[0], pts[i].p[1], pts[i].p[2])
                           : fprintf(f, "%.9g %.9g\n", pts[i].p[0], pts[i].p[1]);
        if (rc < 0)
            return -1;
    }
    return 0;
}
