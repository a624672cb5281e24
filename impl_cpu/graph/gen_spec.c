/* graph gen: spec strings "MODEL:key=value,..." of docs/studies/graph.md, parsed, validated
 * and written back in canonical form (every key, defaults filled in, fixed order). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/graph/gen.h"
#include "cxb/core/params.h"

static const char *const model_names[] = {"line", "ring",   "lattice", "gnm",  "gnp",   "ws",
                                          "wsfast", "nw", "disjoint", "rmat", "kron", "bacopy"};
#define NMODELS (sizeof model_names / sizeof model_names[0])

/* keys each model accepts; the first `required` are mandatory */
static const struct {
    const char *keys[8];
    int required;
} model_keys[] = {
    {{"n", NULL}, 1},
    {{"n", "k", NULL}, 2},
    {{"dims", "periodic", NULL}, 1},
    {{"n", "m", "seed", NULL}, 2},
    {{"n", "p", "seed", NULL}, 2},
    {{"n", "k", "p", "seed", NULL}, 3},
    {{"n", "k", "p", "seed", NULL}, 3},
    {{"n", "k", "p", "seed", NULL}, 3},
    {{"n", "e", "c", "seed", NULL}, 3},
    {{"scale", "ef", "a", "b", "c", "perm", "seed", NULL}, 1},
    {{"scale", "ef", "seed", NULL}, 1},
    {{"n", "m", "n0", "seed", NULL}, 2},
};

/* Graph500's initiator (graph500/graph500 generator/README; sbeamer/gapbs src/generator.h) */
#define RMAT_A 0.57
#define RMAT_B 0.19
#define RMAT_C 0.19

const char *cxb_gen_model_name(cxb_gen_model m)
{
    return (unsigned)m < NMODELS ? model_names[m] : "?";
}

/* Shortest %.Ng (15..17) that reads back to x. */
static void fmt_double(char *b, size_t size, double x)
{
    for (int prec = 15; prec <= 17; ++prec) {
        snprintf(b, size, "%.*g", prec, x);
        if (strtod(b, NULL) == x)
            break;
    }
}

static cxb_status parse_dims(const char *text, const char *v, cxb_gen_spec *s)
{
    const char *q = v;
    s->dims = 0;
    for (;;) {
        const char *x = strchr(q, 'x');
        size_t len = x ? (size_t)(x - q) : strlen(q);
        char tok[32];
        if (len == 0 || len >= sizeof tok)
            return cxb_fail(CXB_EINPUT, "%s: dims=%s: expected sides like 30x30 or 4x4x4", text, v);
        if (s->dims == CXB_LATTICE_MAX_DIMS)
            return cxb_fail(CXB_EINPUT, "%s: dims=%s: more than %d dimensions", text, v,
                            CXB_LATTICE_MAX_DIMS);
        memcpy(tok, q, len);
        tok[len] = '\0';
        uint64_t L;
        char where[64];
        snprintf(where, sizeof where, "%.20s: dims", model_names[CXB_GEN_LATTICE]);
        if (cxb_parse_u64(tok, where, &L) != CXB_OK)
            return cxb_fail(CXB_EINPUT, "%s: dims=%s: '%s' is not a positive integer", text, v, tok);
        if (L == 0)
            return cxb_fail(CXB_EINPUT, "%s: dims=%s: a side of 0", text, v);
        s->side[s->dims++] = L;
        if (!x)
            break;
        q = x + 1;
    }
    return CXB_OK;
}

cxb_status cxb_gen_parse(const char *text, cxb_gen_spec *s)
{
    memset(s, 0, sizeof *s);
    s->seed = 1;
    s->periodic = 1;
    s->ef = 16;
    s->a = RMAT_A;
    s->b = RMAT_B;
    s->cc = RMAT_C;
    s->perm = 1;
    const char *colon = strchr(text, ':');
    size_t mlen = colon ? (size_t)(colon - text) : strlen(text);
    unsigned model = 0;
    while (model < NMODELS && !(strlen(model_names[model]) == mlen &&
                                !strncmp(text, model_names[model], mlen)))
        ++model;
    if (model == NMODELS)
        return cxb_fail(CXB_EINPUT, "%s: unknown model '%.*s' (this build has: line, ring, "
                        "lattice, gnm, gnp, ws, wsfast, nw, disjoint, rmat, kron, bacopy)", text,
                        (int)mlen, text);
    s->model = (cxb_gen_model)model;
    if (strlen(text) >= sizeof s->text)
        return cxb_fail(CXB_EINPUT, "%.40s...: spec too long", text);
    const char *body = colon ? colon + 1 : "";
    size_t bl = strlen(body);
    if (colon && (bl == 0 || body[0] == ',' || body[bl - 1] == ',' || strstr(body, ",,")))
        return cxb_fail(CXB_EINPUT, "%s: expected MODEL:key=value,key=value", text);
    /* the one list parser (cxb/core/params.h): malformed items and repeated keys are refused
     * there, naming the spec; values come back in canonical form (2^20 as 1048576) */
    cxb_params kvs;
    cxb_params_init(&kvs);
    cxb_status pst = cxb_params_parse(&kvs, body, ',', text);
    if (pst != CXB_OK)
        return pst;
    int seen = 0; /* bit per key index */
    for (size_t i = 0; i < kvs.count; ++i) {
        const char *key = kvs.key[i], *v = kvs.val[i];
        int ki = 0;
        while (model_keys[model].keys[ki] && strcmp(model_keys[model].keys[ki], key))
            ++ki;
        if (!model_keys[model].keys[ki]) {
            char list[64] = "";
            for (int j = 0; model_keys[model].keys[j]; ++j)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", j ? ", " : "",
                         model_keys[model].keys[j]);
            return cxb_fail(CXB_EINPUT, "%s: unknown key '%s' for %s (keys: %s)", text, key,
                            model_names[model], list);
        }
        seen |= 1 << ki;
        char where[600];
        snprintf(where, sizeof where, "%s: %s", text, key);
        if (!strcmp(key, "dims")) {
            cxb_status st = parse_dims(text, v, s);
            if (st != CXB_OK)
                return st;
        } else if (!strcmp(key, "p") || !strcmp(key, "a") || !strcmp(key, "b") ||
                   (!strcmp(key, "c") && model == CXB_GEN_RMAT)) {
            double p = -1;
            if (cxb_parse_double(v, where, &p) != CXB_OK || !(p >= 0.0 && p <= 1.0))
                return cxb_fail(CXB_EINPUT, "%s: %s=%s: expected a decimal in [0, 1]", text, key, v);
            *(key[0] == 'p' ? &s->p : key[0] == 'a' ? &s->a : key[0] == 'b' ? &s->b : &s->cc) = p;
        } else {
            uint64_t x;
            if (cxb_parse_u64(v, where, &x) != CXB_OK)
                return CXB_EINPUT;
            if (!strcmp(key, "n"))
                s->n = x;
            else if (!strcmp(key, "k"))
                s->k = x;
            else if (!strcmp(key, "m"))
                s->m = x;
            else if (!strcmp(key, "seed"))
                s->seed = x;
            else if (!strcmp(key, "e"))
                s->e = x;
            else if (!strcmp(key, "c"))
                s->c = x;
            else if (!strcmp(key, "ef"))
                s->ef = x;
            else if (!strcmp(key, "n0"))
                s->n0 = x;
            else if (!strcmp(key, "scale")) {
                if (x > 31)
                    return cxb_fail(CXB_EINPUT, "%s: scale=%s: at most 31 (2^31 vertices)", text, v);
                s->scale = (unsigned)x;
            } else { /* periodic, perm */
                if (x > 1)
                    return cxb_fail(CXB_EINPUT, "%s: %s=%s: expected 0 or 1", text, key, v);
                *(!strcmp(key, "periodic") ? &s->periodic : &s->perm) = (int)x;
            }
        }
    }
    for (int j = 0; j < model_keys[model].required; ++j)
        if (!(seen & (1 << j)))
            return cxb_fail(CXB_EINPUT, "%s: %s needs %s=", text, model_names[model],
                            model_keys[model].keys[j]);

    /* ranges (docs/studies/graph.md) */
    if (model == CXB_GEN_BACOPY && !(seen & 4)) /* n0 defaults to 2m */
        s->n0 = s->m <= CXB_N_MAX ? 2 * s->m : ~0ull;
    if (s->model != CXB_GEN_LATTICE && s->n > CXB_N_MAX)
        return cxb_fail(CXB_EINPUT, "%s: n = %llu exceeds 2^32 - 1 vertices", text,
                        (unsigned long long)s->n);
    char *t = s->text;
    size_t ts = sizeof s->text;
    switch (s->model) {
    case CXB_GEN_LINE:
        snprintf(t, ts, "line:n=%llu", (unsigned long long)s->n);
        break;
    case CXB_GEN_RING:
        if (s->k < 2 || s->k % 2 || s->n < 4 || s->k > s->n - 2)
            return cxb_fail(CXB_EINPUT, "%s: ring needs k even and 2 <= k <= n - 2", text);
        snprintf(t, ts, "ring:n=%llu,k=%llu", (unsigned long long)s->n, (unsigned long long)s->k);
        break;
    case CXB_GEN_LATTICE: {
        uint64_t N = 1;
        size_t len = (size_t)snprintf(t, ts, "lattice:dims=");
        for (unsigned i = 0; i < s->dims; ++i) {
            uint64_t L = s->side[i];
            if (s->periodic && L < 3)
                return cxb_fail(CXB_EINPUT, "%s: a periodic side must be >= 3 (side %u is %llu)",
                                text, i + 1, (unsigned long long)L);
            if (L > CXB_N_MAX / N)
                return cxb_fail(CXB_EINPUT, "%s: more than 2^32 - 1 vertices", text);
            N *= L;
            len += (size_t)snprintf(t + len, ts - len, "%s%llu", i ? "x" : "", (unsigned long long)L);
        }
        snprintf(t + len, ts - len, ",periodic=%d", s->periodic);
        s->n = N;
        break;
    }
    case CXB_GEN_GNM: {
        uint64_t pairs = s->n < 2 ? 0 : s->n * (s->n - 1) / 2; /* n < 2^32: no overflow */
        if (s->m > pairs)
            return cxb_fail(CXB_EINPUT, "%s: m = %llu exceeds the %llu pairs of %llu vertices",
                            text, (unsigned long long)s->m, (unsigned long long)pairs,
                            (unsigned long long)s->n);
        if (s->m > pairs / 2 && pairs > 4294967296ull)
            return cxb_fail(CXB_EINPUT, "%s: m > C(n,2)/2 needs the complement, refused for "
                            "C(n,2) > 2^32", text);
        snprintf(t, ts, "gnm:n=%llu,m=%llu,seed=%llu", (unsigned long long)s->n,
                 (unsigned long long)s->m, (unsigned long long)s->seed);
        break;
    }
    case CXB_GEN_GNP: {
        char pb[40];
        fmt_double(pb, sizeof pb, s->p);
        snprintf(t, ts, "gnp:n=%llu,p=%s,seed=%llu", (unsigned long long)s->n, pb,
                 (unsigned long long)s->seed);
        break;
    }
    case CXB_GEN_WS:
    case CXB_GEN_WSFAST:
    case CXB_GEN_NW: {
        const char *name = model_names[model];
        if (s->k < 2 || s->k % 2 || s->n < 4 || s->k > s->n - 2)
            return cxb_fail(CXB_EINPUT, "%s: %s needs k even and 2 <= k <= n - 2 (got k = %llu, "
                            "n = %llu)", text, name, (unsigned long long)s->k,
                            (unsigned long long)s->n);
        /* ws, wsfast: the coin's counter word is s << 16 with s <= k/2 (docs/studies/graph.md) */
        if (s->model != CXB_GEN_NW && s->k / 2 >= 65536)
            return cxb_fail(CXB_EINPUT, "%s: %s needs k/2 < 65536 (the draw counter of docs/studies/graph.md "
                            "9.4 holds the lap in 16 bits)", text, name);
        char pb[40];
        fmt_double(pb, sizeof pb, s->p);
        snprintf(t, ts, "%s:n=%llu,k=%llu,p=%s,seed=%llu", name, (unsigned long long)s->n,
                 (unsigned long long)s->k, pb, (unsigned long long)s->seed);
        break;
    }
    case CXB_GEN_DISJOINT:
        if (s->c == 0 || s->c > s->n)
            return cxb_fail(CXB_EINPUT, "%s: disjoint needs 1 <= c <= n sets (got c = %llu, n = "
                            "%llu)", text, (unsigned long long)s->c, (unsigned long long)s->n);
        snprintf(t, ts, "disjoint:n=%llu,e=%llu,c=%llu,seed=%llu", (unsigned long long)s->n,
                 (unsigned long long)s->e, (unsigned long long)s->c, (unsigned long long)s->seed);
        break;
    case CXB_GEN_RMAT:
    case CXB_GEN_KRON: {
        if (s->ef >= (1ull << (63 - s->scale)))
            return cxb_fail(CXB_EINPUT, "%s: ef * 2^scale must be below 2^63", text);
        s->n = 1ull << s->scale;
        if (s->model == CXB_GEN_KRON) {
            snprintf(t, ts, "kron:scale=%u,ef=%llu,seed=%llu", s->scale, (unsigned long long)s->ef,
                     (unsigned long long)s->seed);
            break;
        }
        /* d = 1 - a - b - c >= 0, with 1e-12 of slack for decimal input (docs/studies/graph.md) */
        if (s->a + s->b + s->cc > 1.0 + 1e-12)
            return cxb_fail(CXB_EINPUT, "%s: a + b + c must be at most 1 (d = 1 - a - b - c)", text);
        char ab[40], bb[40], cb[40];
        fmt_double(ab, sizeof ab, s->a);
        fmt_double(bb, sizeof bb, s->b);
        fmt_double(cb, sizeof cb, s->cc);
        snprintf(t, ts, "rmat:scale=%u,ef=%llu,a=%s,b=%s,c=%s,perm=%d,seed=%llu", s->scale,
                 (unsigned long long)s->ef, ab, bb, cb, s->perm, (unsigned long long)s->seed);
        break;
    }
    case CXB_GEN_BACOPY:
        if (s->m == 0)
            return cxb_fail(CXB_EINPUT, "%s: bacopy needs m >= 1", text);
        if (s->n0 > s->n || s->n0 == 1)
            return cxb_fail(CXB_EINPUT, "%s: bacopy needs n0 = 0 or 2 <= n0 <= n (n0 defaults to "
                            "2m; got n0 = %llu, n = %llu)", text, (unsigned long long)s->n0,
                            (unsigned long long)s->n);
        if (s->m >= (1ull << 62) / (s->n ? s->n : 1))
            return cxb_fail(CXB_EINPUT, "%s: bacopy needs m * n < 2^62", text);
        snprintf(t, ts, "bacopy:n=%llu,m=%llu,n0=%llu,seed=%llu", (unsigned long long)s->n,
                 (unsigned long long)s->m, (unsigned long long)s->n0, (unsigned long long)s->seed);
        break;
    }
    return CXB_OK;
}

uint64_t cxb_gen_tuples_hint(const cxb_gen_spec *s)
{
    switch (s->model) {
    case CXB_GEN_LINE:
        return s->n ? s->n - 1 : 0;
    case CXB_GEN_RING:
        return s->n * (s->k / 2);
    case CXB_GEN_LATTICE: {
        uint64_t t = 0;
        for (unsigned i = 0; i < s->dims; ++i)
            t += s->periodic ? s->n : s->n / s->side[i] * (s->side[i] - 1);
        return t;
    }
    case CXB_GEN_GNM:
        return s->m;
    case CXB_GEN_GNP:
        return s->n < 2 ? 0 : (uint64_t)(s->p * (double)(s->n * (s->n - 1) / 2));
    case CXB_GEN_WS:
    case CXB_GEN_WSFAST:
        return s->n * (s->k / 2);
    case CXB_GEN_NW:
        return s->n * (s->k / 2) + (uint64_t)(s->p * (double)(s->n * (s->k / 2)));
    case CXB_GEN_DISJOINT:
        return s->e;
    case CXB_GEN_RMAT:
    case CXB_GEN_KRON:
        return s->ef << s->scale;
    case CXB_GEN_BACOPY:
        return s->n0 * (s->n0 - (s->n0 > 0)) / 2 + s->m * (s->n - s->n0);
    }
    return 0;
}

double cxb_gen_mem_need(const cxb_gen_spec *s)
{
    double n = (double)s->n, t;
    switch (s->model) { /* the products of cxb_gen_tuples_hint that can pass 2^64, in double */
    case CXB_GEN_GNP:
        t = n < 2 ? 0 : s->p * n * (n - 1) / 2;
        break;
    case CXB_GEN_RING:
    case CXB_GEN_WS:
    case CXB_GEN_WSFAST:
        t = n * (double)(s->k / 2);
        break;
    case CXB_GEN_NW:
        t = n * (double)(s->k / 2) * (1.0 + s->p);
        break;
    case CXB_GEN_RMAT:
    case CXB_GEN_KRON:
        t = ldexp((double)s->ef, (int)s->scale);
        break;
    case CXB_GEN_BACOPY:
        t = (double)s->n0 * (double)(s->n0 - (s->n0 > 0)) / 2 + (double)s->m * (double)(s->n - s->n0);
        break;
    default:
        t = (double)cxb_gen_tuples_hint(s);
        break;
    }
    return cxb_csr_build_bytes(t, n);
}
