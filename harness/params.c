/* A point's parameters: set, read with checking, canonical form, point hash (harness.md 4.2). */
#include "harness/params.h"

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
    for (size_t i = 0; i < p->count; ++i)
        if (strcmp(p->key[i], key) == 0) {
            strcpy(p->val[i], val);
            return CXB_OK;
        }
    if (p->count == CXB_PARAMS_MAX)
        return cxb_fail(CXB_EINPUT, "--set %s: too many parameters", key);
    strcpy(p->key[p->count], key);
    strcpy(p->val[p->count], val);
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

const char *cxb_params_get(const cxb_params *p, const char *key)
{
    for (size_t i = 0; i < p->count; ++i)
        if (strcmp(p->key[i], key) == 0)
            return p->val[i];
    return NULL;
}

cxb_status cxb_parse_u64(const char *text, const char *where, uint64_t *out)
{
    const char *s = text;
    if (!*s || *s == '-' || *s == '+' || isspace((unsigned char)*s))
        return cxb_fail(CXB_EINPUT, "%s: '%s' is not a non-negative integer", where, text);
    char *end;
    errno = 0;
    if (s[0] == '2' && s[1] == '^') { /* 2^k */
        unsigned long k = strtoul(s + 2, &end, 10);
        if (*end || end == s + 2)
            return cxb_fail(CXB_EINPUT, "%s: '%s' is not a valid power of two", where, text);
        if (k > 63)
            return cxb_fail(CXB_EINPUT, "%s: '%s' is too large (at most 2^64-1)", where, text);
        *out = (uint64_t)1 << k;
        return CXB_OK;
    }
    unsigned long long v = strtoull(s, &end, 0);
    if (*end == 'e' || *end == 'E' || *end == '.') { /* 1e8, 3.0e10: must be integral */
        double d = strtod(s, &end);
        if (!*end && d >= 18446744073709551616.0)
            return cxb_fail(CXB_EINPUT, "%s: '%s' is too large (at most 2^64-1)", where, text);
        if (*end || !(d >= 0) || d != floor(d))
            return cxb_fail(CXB_EINPUT, "%s: '%s' is not a non-negative integer", where, text);
        *out = (uint64_t)d;
        return CXB_OK;
    }
    if (!*end && errno == ERANGE)
        return cxb_fail(CXB_EINPUT, "%s: '%s' is too large (at most 2^64-1)", where, text);
    if (*end)
        return cxb_fail(CXB_EINPUT, "%s: '%s' is not a non-negative integer", where, text);
    *out = v;
    return CXB_OK;
}

cxb_status cxb_params_u64(const cxb_params *p, const char *key, uint64_t def, uint64_t *out)
{
    const char *v = cxb_params_get(p, key);
    if (!v) {
        *out = def;
        return CXB_OK;
    }
    char where[CXB_PARAM_KEY + 8];
    snprintf(where, sizeof where, "--set %s", key);
    return cxb_parse_u64(v, where, out);
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
