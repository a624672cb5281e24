/* Minimal JSON writer (escaping per RFC 8259). */
#include "harness/json_write.h"

#include <math.h>

static void put_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; ++p) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", f);
        else if (*p == '\t')
            fputs("\\t", f);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

static void member(cxb_json *w, const char *key)
{
    if (!w->first[w->depth])
        fputc(',', w->f);
    w->first[w->depth] = 0;
    fputc('\n', w->f);
    for (int i = 0; i < w->depth; ++i)
        fputs("  ", w->f);
    if (key) {
        put_string(w->f, key);
        fputs(": ", w->f);
    }
}

static void open_(cxb_json *w, const char *key, char c)
{
    member(w, key);
    fputc(c, w->f);
    if (w->depth < 31)
        w->depth++;
    w->first[w->depth] = 1;
}

static void close_(cxb_json *w, char c)
{
    int empty = w->first[w->depth];
    if (w->depth > 0)
        w->depth--;
    if (!empty) {
        fputc('\n', w->f);
        for (int i = 0; i < w->depth; ++i)
            fputs("  ", w->f);
    }
    fputc(c, w->f);
}

void cxb_json_start(cxb_json *w, FILE *f)
{
    w->f = f;
    w->depth = 0;
    w->first[0] = 1;
    fputc('{', f);
    w->depth = 1;
    w->first[1] = 1;
}

void cxb_json_finish(cxb_json *w)
{
    close_(w, '}');
    fputc('\n', w->f);
}

void cxb_json_object(cxb_json *w, const char *key) { open_(w, key, '{'); }
void cxb_json_array(cxb_json *w, const char *key) { open_(w, key, '['); }
void cxb_json_end_object(cxb_json *w) { close_(w, '}'); }
void cxb_json_end_array(cxb_json *w) { close_(w, ']'); }

void cxb_json_str(cxb_json *w, const char *key, const char *val)
{
    member(w, key);
    put_string(w->f, val ? val : "");
}

void cxb_json_int(cxb_json *w, const char *key, long long val)
{
    member(w, key);
    fprintf(w->f, "%lld", val);
}

void cxb_json_num(cxb_json *w, const char *key, double val)
{
    member(w, key);
    if (isfinite(val))
        fprintf(w->f, "%.17g", val);
    else
        fputs("null", w->f);
}

void cxb_json_bool(cxb_json *w, const char *key, int val)
{
    member(w, key);
    fputs(val ? "true" : "false", w->f);
}

void cxb_json_null(cxb_json *w, const char *key)
{
    member(w, key);
    fputs("null", w->f);
}
