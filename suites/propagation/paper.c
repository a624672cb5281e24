/* The paper's network names, `paper:XmYm[:entries|edges][:rmat]` (docs/studies/propagation.md
 * 5.2, 5.1): X million vertices and Y million adjacency entries (entries reading, the default:
 * m = Y 10^6 / 2 undirected edges) or Y million undirected edges (edges reading). G(n, m) by
 * default; `:rmat` maps X m to scale round(log2(X 10^6)) with ef = round(m / 2^scale) and the
 * initiator (0.45, 0.15, 0.15, 0.25). Anything else is passed through unchanged. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suites/propagation/rows.h"

cxb_status cxb_prop_expand_spec(const char *text, char *out, size_t size)
{
    if (strncmp(text, "paper:", 6) != 0) {
        if ((size_t)snprintf(out, size, "%s", text) >= size)
            return cxb_fail(CXB_EINPUT, "--gen %s: too long", text);
        return CXB_OK;
    }
    const char *s = text + 6;
    char *end;
    double x = strtod(s, &end);
    if (end == s || *end != 'm' || x <= 0)
        return cxb_fail(CXB_EINPUT, "--gen %s: expected paper:XmYm[:entries|edges][:rmat]", text);
    s = end + 1;
    double y = strtod(s, &end);
    if (end == s || *end != 'm' || y <= 0)
        return cxb_fail(CXB_EINPUT, "--gen %s: expected paper:XmYm[:entries|edges][:rmat]", text);
    s = end + 1;
    int edges = 0, rmat = 0;
    const char *seed = NULL;
    while (*s == ':') {
        ++s;
        size_t len = strcspn(s, ":");
        if (len == 7 && !strncmp(s, "entries", 7))
            edges = 0;
        else if (len == 5 && !strncmp(s, "edges", 5))
            edges = 1;
        else if (len == 4 && !strncmp(s, "rmat", 4))
            rmat = 1;
        else if (len > 5 && !strncmp(s, "seed=", 5))
            seed = s + 5;
        else
            return cxb_fail(CXB_EINPUT, "--gen %s: unknown suffix '%.*s' (entries, edges, rmat, seed=S)", text,
                            (int)len, s);
        s += len;
    }
    if (*s)
        return cxb_fail(CXB_EINPUT, "--gen %s: expected paper:XmYm[:entries|edges][:rmat]", text);
    double n = x * 1e6, m = edges ? y * 1e6 : y * 1e6 / 2;
    if (n > 4294967295.0 || m > 1e12)
        return cxb_fail(CXB_EINPUT, "--gen %s: too large", text);
    int len;
    char seedpart[64] = "";
    if (seed)
        snprintf(seedpart, sizeof seedpart, ",seed=%.40s", seed);
    if (rmat) {
        unsigned scale = (unsigned)lround(log2(n));
        double ef = floor(m / ldexp(1.0, (int)scale) + 0.5);
        len = snprintf(out, size, "rmat:scale=%u,ef=%.0f,a=0.45,b=0.15,c=0.15%s", scale, ef < 1 ? 1 : ef, seedpart);
    } else
        len = snprintf(out, size, "gnm:n=%.0f,m=%.0f%s", n, m, seedpart);
    if (len < 0 || (size_t)len >= size)
        return cxb_fail(CXB_EINPUT, "--gen %s: too long", text);
    return CXB_OK;
}
