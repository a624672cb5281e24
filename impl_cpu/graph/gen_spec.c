/* graph gen: spec strings "MODEL:key=value,..." of graph.md 9.1-9.3, parsed, validated
 * and written back in canonical form (every key, defaults filled in, fixed order). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/graph_gen.h"
#include "harness/params.h"

static const char *const model_names[] = {"line", "ring", "lattice", "gnm", "gnp"};
#define NMODELS (sizeof model_names / sizeof model_names[0])

/* keys each model accepts; the first `required` are mandatory */
static const struct {
    const char *keys[4];
    int required;
} model_keys[] = {
    {{"n", NULL}, 1},
    {{"n", "k", NULL}, 2},
    {{"dims", "periodic", NULL}, 1},
    {{"n", "m", "seed", NULL}, 2},
    {{"n", "p", "seed", NULL}, 2},
};

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
    const char *colon = strchr(text, ':');
    size_t mlen = colon ? (size_t)(colon - text) : strlen(text);
    unsigned model = 0;
    while (model < NMODELS && !(strlen(model_names[model]) == mlen &&
                                !strncmp(text, model_names[model], mlen)))
        ++model;
    if (model == NMODELS)
        return cxb_fail(CXB_EINPUT, "%s: unknown model '%.*s' (this build has: line, ring, "
                        "lattice, gnm, gnp)", text, (int)mlen, text);
    s->model = (cxb_gen_model)model;
    if (strlen(text) >= sizeof s->text)
        return cxb_fail(CXB_EINPUT, "%.40s...: spec too long", text);
    char buf[sizeof s->text];
    strcpy(buf, colon ? colon + 1 : "");
    size_t bl = strlen(buf);
    if (colon && (bl == 0 || buf[0] == ',' || buf[bl - 1] == ',' || strstr(buf, ",,")))
        return cxb_fail(CXB_EINPUT, "%s: expected MODEL:key=value,key=value", text);
    int seen = 0; /* bit per key index */
    char *save = NULL;
    for (char *kv = colon ? strtok_r(buf, ",", &save) : NULL; kv; kv = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(kv, '=');
        if (!eq || eq == kv || !eq[1])
            return cxb_fail(CXB_EINPUT, "%s: '%s': expected key=value", text, kv);
        *eq = '\0';
        const char *key = kv, *v = eq + 1;
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
        if (seen & (1 << ki))
            return cxb_fail(CXB_EINPUT, "%s: key '%s' given twice", text, key);
        seen |= 1 << ki;
        char where[600];
        snprintf(where, sizeof where, "%s: %s", text, key);
        if (!strcmp(key, "dims")) {
            cxb_status st = parse_dims(text, v, s);
            if (st != CXB_OK)
                return st;
        } else if (!strcmp(key, "p")) {
            char *end;
            double p = strtod(v, &end);
            if (*end || end == v || !(p >= 0.0 && p <= 1.0))
                return cxb_fail(CXB_EINPUT, "%s: p=%s: expected a decimal in [0, 1]", text, v);
            s->p = p;
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
            else { /* periodic */
                if (x > 1)
                    return cxb_fail(CXB_EINPUT, "%s: periodic=%s: expected 0 or 1", text, v);
                s->periodic = (int)x;
            }
        }
    }
    for (int j = 0; j < model_keys[model].required; ++j)
        if (!(seen & (1 << j)))
            return cxb_fail(CXB_EINPUT, "%s: %s needs %s=", text, model_names[model],
                            model_keys[model].keys[j]);

    /* ranges (graph.md 9.2, 9.3) */
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
    }
    return 0;
}
