/* Reading TinyMT32 DC parameter files (cxb/rng/tinymt32_dc.h for the format; reference
 * MersenneTwister-Lab/TinyMT opencl/file_reader.cpp, which takes fields 4-6 with strtoul
 * base 16 and checks nothing else: this reader checks the whole line, so a truncated or
 * shifted file is an error naming file:line instead of wrong parameters). */
#include "cxb/rng/tinymt32_dc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DC_FIELDS 8

static int is_hex(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* field f (NUL-terminated) is n_min..n_max hex digits; *v its value when v != NULL */
static int hex_field(const char *f, size_t n_min, size_t n_max, uint32_t *v)
{
    size_t n = strlen(f);
    if (n < n_min || n > n_max)
        return 0;
    uint32_t x = 0;
    for (size_t i = 0; i < n; ++i) {
        if (!is_hex(f[i]))
            return 0;
        x = (x << 4) | (uint32_t)(f[i] <= '9' ? f[i] - '0' : (f[i] | 0x20) - 'a' + 10);
    }
    if (v)
        *v = x;
    return 1;
}

static int dec_field(const char *f)
{
    if (!*f || strlen(f) > 9)
        return 0;
    for (; *f; ++f)
        if (*f < '0' || *f > '9')
            return 0;
    return 1;
}

/* Parses one data line (trailing newline removed) into *p; NULL or what is wrong. */
static const char *parse_set(char *line, cxb_tinymt32_params *p)
{
    char *field[DC_FIELDS];
    int nf = 0;
    for (char *s = line;;) {
        if (nf == DC_FIELDS)
            return "more than 8 comma-separated fields";
        field[nf++] = s;
        char *comma = strchr(s, ',');
        if (!comma)
            break;
        *comma = '\0';
        s = comma + 1;
    }
    if (nf != DC_FIELDS)
        return "expected 8 comma-separated fields: characteristic,type,id,mat1,mat2,tmat,weight,delta";
    if (!hex_field(field[0], 32, 32, NULL))
        return "characteristic is not 32 hex digits";
    if (strcmp(field[1], "32"))
        return "type is not 32 (a TinyMT64 file?)";
    if (!dec_field(field[2]) || !dec_field(field[6]) || !dec_field(field[7]))
        return "id, weight or delta is not a decimal number";
    if (!hex_field(field[3], 1, 8, &p->mat1) || !hex_field(field[4], 1, 8, &p->mat2) ||
        !hex_field(field[5], 1, 8, &p->tmat))
        return "mat1, mat2 or tmat is not 1-8 hex digits";
    return NULL;
}

cxb_status cxb_tinymt32_dc_read(const char *path, cxb_tinymt32_params **sets, size_t *nsets)
{
    *sets = NULL;
    *nsets = 0;
    FILE *f = fopen(path, "r");
    if (!f)
        return cxb_fail(CXB_EINPUT, "%s: cannot open the TinyMT32 parameter file", path);
    cxb_tinymt32_params *v = NULL;
    size_t n = 0, cap = 0;
    char line[512];
    long lineno = 0;
    cxb_status st = CXB_OK;
    while (fgets(line, sizeof line, f)) {
        ++lineno;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            st = cxb_fail(CXB_EINPUT, "%s:%ld: line longer than %zu characters", path, lineno, sizeof line - 2);
            break;
        }
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (len == 0 || line[0] == '#')
            continue;
        cxb_tinymt32_params p;
        const char *why = parse_set(line, &p);
        if (why) {
            st = cxb_fail(CXB_EINPUT, "%s:%ld: %s", path, lineno, why);
            break;
        }
        if (n == cap) {
            size_t ncap = cap ? 2 * cap : 64;
            cxb_tinymt32_params *nv = realloc(v, ncap * sizeof *v);
            if (!nv) {
                st = cxb_fail(CXB_ERESOURCE, "%s:%ld: out of memory for %zu parameter sets", path, lineno, ncap);
                break;
            }
            v = nv;
            cap = ncap;
        }
        v[n++] = p;
    }
    if (st == CXB_OK && ferror(f))
        st = cxb_fail(CXB_EINPUT, "%s:%ld: read error", path, lineno);
    fclose(f);
    if (st == CXB_OK && n == 0)
        st = cxb_fail(CXB_EINPUT, "%s:%ld: no parameter sets in the file", path, lineno);
    if (st != CXB_OK) {
        free(v);
        return st;
    }
    *sets = v;
    *nsets = n;
    return CXB_OK;
}
