/* impl_cpu/common/params.c - include/cxb/core/params.h: the parameter map, its list parser, the
 * one number parser and the canonical form of a point (method.md "Result sets"). A library
 * file: the backends' spec parsers (impl_cpu/graph/gen_spec.c) use it as the harness does. */
#include "cxb/core/params.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cxb_params_init(cxb_params *p) { p->count = 0; }

cxb_status cxb_params_set(cxb_params *p, const char *key, const char *val)
{
    if (!key[0] || strlen(key) >= CXB_PARAM_KEY)
        return cxb_fail(CXB_EINPUT, "--set %s: bad parameter name", key);
    if (strlen(val) >= CXB_PARAM_VAL)
        return cxb_fail(CXB_EINPUT, "--set %s: value too long", key);
    for (const char *c = key; *c; ++c)
        if (!(isalnum((unsigned char)*c) || *c == '_'))
            return cxb_fail(CXB_EINPUT, "--set %s: bad parameter name", key);
    for (const char *c = val; *c; ++c)
        if (*c == ';' || *c == '=' || *c == ',' || *c == '"' || *c == '\n')
            return cxb_fail(CXB_EINPUT, "--set %s=%s: value may not contain ;=,\" or newlines", key,
                            val);
    /* one spelling per value, so that 2^24 and 16777216 name the same point */
    char canon[CXB_PARAM_VAL];
    cxb_value_canonical(val, canon, sizeof canon);
    for (size_t i = 0; i < p->count; ++i)
        if (strcmp(p->key[i], key) == 0) {
            strcpy(p->val[i], canon);
            return CXB_OK;
        }
    if (p->count == CXB_PARAMS_MAX)
        return cxb_fail(CXB_EINPUT, "--set %s: too many parameters", key);
    strcpy(p->key[p->count], key);
    strcpy(p->val[p->count], canon);
    p->count++;
    return CXB_OK;
}

cxb_status cxb_params_set_u64(cxb_params *p, const char *key, uint64_t v)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
    return cxb_params_set(p, key, buf);
}

cxb_status cxb_params_set_kv(cxb_params *p, const char *kv)
{
    const char *eq = strchr(kv, '=');
    if (!eq || eq == kv)
        return cxb_fail(CXB_EINPUT, "--set %s: expected key=value", kv);
    char key[CXB_PARAM_KEY];
    size_t klen = (size_t)(eq - kv);
    if (klen >= sizeof key)
        return cxb_fail(CXB_EINPUT, "--set %s: bad parameter name", kv);
    memcpy(key, kv, klen);
    key[klen] = '\0';
    return cxb_params_set(p, key, eq + 1);
}

cxb_status cxb_params_parse(cxb_params *p, const char *text, char sep, const char *where)
{
    for (const char *item = text ? text : ""; *item;) {
        const char *e = strchr(item, sep);
        size_t len = e ? (size_t)(e - item) : strlen(item);
        if (len) {
            const char *eq = memchr(item, '=', len);
            if (!eq || eq == item || eq == item + len - 1)
                return cxb_fail(CXB_EINPUT, "%s: '%.*s': expected key=value", where, (int)len, item);
            size_t klen = (size_t)(eq - item), vlen = len - klen - 1;
            char key[CXB_PARAM_KEY], val[CXB_PARAM_VAL];
            if (klen >= sizeof key || vlen >= sizeof val)
                return cxb_fail(CXB_EINPUT, "%s: '%.*s': key or value too long", where, (int)len, item);
            memcpy(key, item, klen);
            key[klen] = '\0';
            memcpy(val, eq + 1, vlen);
            val[vlen] = '\0';
            if (cxb_params_get(p, key))
                return cxb_fail(CXB_EINPUT, "%s: key '%s' given twice", where, key);
            cxb_status st = cxb_params_set(p, key, val);
            if (st != CXB_OK)
                return st;
        }
        item += len + (e ? 1 : 0);
    }
    return CXB_OK;
}

int cxb_params_lookup(const char *list, char sep, const char *key, char *buf, size_t size)
{
    size_t kl = strlen(key);
    if (size)
        buf[0] = '\0';
    for (const char *p = list; p && *p;) {
        const char *end = strchr(p, sep);
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len > kl && strncmp(p, key, kl) == 0 && p[kl] == '=') {
            size_t vl = len - kl - 1;
            if (size) {
                if (vl >= size)
                    vl = size - 1;
                memcpy(buf, p + kl + 1, vl);
                buf[vl] = '\0';
            }
            return 1;
        }
        p = end ? end + 1 : NULL;
    }
    return 0;
}

const char *cxb_params_get(const cxb_params *p, const char *key)
{
    for (size_t i = 0; i < p->count; ++i)
        if (strcmp(p->key[i], key) == 0)
            return p->val[i];
    return NULL;
}

/* The integer forms of cxb_parse_u64 without a message: 1 and *out on success, 0 for text
 * that is not such a number, -1 for one above 2^64-1. */
static int parse_u64_quiet(const char *s, uint64_t *out)
{
    if (!*s || !isdigit((unsigned char)*s))
        return 0;
    char *end;
    errno = 0;
    if (s[0] == '2' && s[1] == '^') { /* 2^k */
        if (!isdigit((unsigned char)s[2]))
            return 0;
        unsigned long k = strtoul(s + 2, &end, 10);
        if (*end)
            return 0;
        if (k > 63)
            return -1;
        *out = (uint64_t)1 << k;
        return 1;
    }
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) { /* 0x10 */
        if (!isxdigit((unsigned char)s[2]))
            return 0;
        unsigned long long v = strtoull(s + 2, &end, 16);
        if (*end)
            return 0;
        if (errno == ERANGE)
            return -1;
        *out = v;
        return 1;
    }
    unsigned long long v = strtoull(s, &end, 10);
    if (errno == ERANGE)
        return -1;
    static const char units[] = "KMGTPE"; /* 16Mi: binary multiples */
    const char *u = *end ? strchr(units, *end) : NULL;
    if (u && end[1] == 'i' && !end[2]) {
        unsigned shift = 10u * (unsigned)(u - units + 1);
        if (v > (UINT64_MAX >> shift))
            return -1;
        *out = (uint64_t)v << shift;
        return 1;
    }
    if (*end == 'e' || *end == 'E' || *end == '.') { /* 1e8, 3.0e10: must be integral */
        double d = strtod(s, &end);
        if (*end || !(d >= 0))
            return 0;
        if (d >= 18446744073709551616.0)
            return -1;
        if (d != floor(d))
            return 0;
        *out = (uint64_t)d;
        return 1;
    }
    if (*end)
        return 0;
    *out = v;
    return 1;
}

cxb_status cxb_parse_u64(const char *text, const char *where, uint64_t *out)
{
    uint64_t v;
    int rc = parse_u64_quiet(text, &v);
    if (rc <= 0) {
        if (rc < 0)
            return cxb_fail(CXB_EINPUT, "%s: '%s' is too large (at most 2^64-1)", where, text);
        if (text[0] == '2' && text[1] == '^')
            return cxb_fail(CXB_EINPUT, "%s: '%s' is not a valid power of two", where, text);
        return cxb_fail(CXB_EINPUT, "%s: '%s' is not a non-negative integer", where, text);
    }
    *out = v;
    return CXB_OK;
}

cxb_status cxb_parse_double(const char *text, const char *where, double *out)
{
    uint64_t u;
    if (parse_u64_quiet(text, &u) > 0) {
        *out = (double)u;
        return CXB_OK;
    }
    char *end;
    double d;
    if (text[0] == '2' && text[1] == '^') { /* 2^-3 */
        errno = 0;
        long k = strtol(text + 2, &end, 10);
        d = end != text + 2 && !*end && errno == 0 && k >= -1074 && k <= 1023 ? ldexp(1.0, (int)k) : NAN;
    } else {
        d = strtod(text, &end);
        if (end == text || *end || isspace((unsigned char)text[0]))
            d = NAN;
    }
    if (!isfinite(d))
        return cxb_fail(CXB_EINPUT, "%s: '%s' is not a number", where, text);
    *out = d;
    return CXB_OK;
}

int cxb_value_canonical(const char *text, char *buf, size_t size)
{
    uint64_t v;
    int plain = text[0] != '\0' && (text[0] != '0' || text[1] == '\0');
    for (const char *c = text; *c && plain; ++c)
        plain = isdigit((unsigned char)*c);
    /* reals ("0.5", "1.0") keep their text: only integers have one canonical spelling here */
    if (plain || strchr(text, '.') || parse_u64_quiet(text, &v) <= 0) {
        snprintf(buf, size, "%s", text);
        return 0;
    }
    snprintf(buf, size, "%llu", (unsigned long long)v);
    return 1;
}

/* The value of key, or NULL with *out = def; where names it as --set does. */
static const char *lookup(const cxb_params *p, const char *key, char *where, size_t size)
{
    snprintf(where, size, "--set %s", key);
    return cxb_params_get(p, key);
}

cxb_status cxb_params_u64(const cxb_params *p, const char *key, uint64_t def, uint64_t *out)
{
    char where[CXB_PARAM_KEY + 8];
    const char *v = lookup(p, key, where, sizeof where);
    *out = def;
    return v ? cxb_parse_u64(v, where, out) : CXB_OK;
}

cxb_status cxb_params_double(const cxb_params *p, const char *key, double def, double *out)
{
    char where[CXB_PARAM_KEY + 8];
    const char *v = lookup(p, key, where, sizeof where);
    *out = def;
    return v ? cxb_parse_double(v, where, out) : CXB_OK;
}

cxb_status cxb_params_choice(const cxb_params *p, const char *key, const char *const *choices,
                             int def, int *out)
{
    const char *v = cxb_params_get(p, key);
    if (!v) {
        *out = def;
        return CXB_OK;
    }
    for (int i = 0; choices[i]; ++i)
        if (strcmp(v, choices[i]) == 0) {
            *out = i;
            return CXB_OK;
        }
    char list[256] = "";
    for (int i = 0; choices[i]; ++i) {
        if (i)
            strncat(list, "|", sizeof list - strlen(list) - 1);
        strncat(list, choices[i], sizeof list - strlen(list) - 1);
    }
    return cxb_fail(CXB_EINPUT, "--set %s=%s: expected one of %s", key, v, list);
}

cxb_status cxb_params_check_keys(const cxb_params *p, const char *const *known)
{
    for (size_t i = 0; i < p->count; ++i) {
        int ok = 0;
        for (int k = 0; known[k] && !ok; ++k)
            ok = strcmp(p->key[i], known[k]) == 0;
        if (!ok) {
            char list[256] = "";
            for (int k = 0; known[k]; ++k) {
                if (k)
                    strncat(list, ", ", sizeof list - strlen(list) - 1);
                strncat(list, known[k], sizeof list - strlen(list) - 1);
            }
            return cxb_fail(CXB_EINPUT, "--set %s: unknown parameter (known: %s)", p->key[i], list);
        }
    }
    return CXB_OK;
}

void cxb_params_canonical(const cxb_params *p, char *buf, size_t size)
{
    size_t order[CXB_PARAMS_MAX];
    for (size_t i = 0; i < p->count; ++i)
        order[i] = i;
    for (size_t i = 1; i < p->count; ++i) /* insertion sort by key: a handful of entries */
        for (size_t j = i; j > 0 && strcmp(p->key[order[j - 1]], p->key[order[j]]) > 0; --j) {
            size_t t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < p->count && used < size; ++i) {
        int w = snprintf(buf + used, size - used, "%s%s=%s", i ? ";" : "", p->key[order[i]],
                         p->val[order[i]]);
        if (w < 0)
            break;
        used += (size_t)w;
    }
}

uint64_t cxb_point_hash(const char *impl, const char *canonical)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a 64 */
    for (const char *s = impl; *s; ++s)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    h = (h ^ '|') * 1099511628211ull;
    for (const char *s = canonical; *s; ++s)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

int cxb_list_has(const char *list, const char *item)
{
    size_t n = strlen(item);
    for (const char *p = list; p && *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == n && strncmp(p, item, n) == 0)
            return 1;
        p = e ? e + 1 : NULL;
    }
    return 0;
}

void cxb_params_without(const char *list, const char *drop, char *buf, size_t size)
{
    size_t o = 0;
    if (size)
        buf[0] = '\0';
    for (const char *p = list; p && *p;) {
        const char *e = strchr(p, ';');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        const char *eq = memchr(p, '=', len);
        size_t kl = eq ? (size_t)(eq - p) : len;
        char key[64];
        int skip = kl < sizeof key;
        if (skip) {
            memcpy(key, p, kl);
            key[kl] = '\0';
            skip = cxb_list_has(drop, key);
        }
        if (!skip && o + len + 2 < size) {
            if (o)
                buf[o++] = ';';
            memcpy(buf + o, p, len);
            o += len;
            buf[o] = '\0';
        }
        p = e ? e + 1 : NULL;
    }
}
