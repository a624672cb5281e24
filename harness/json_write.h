/* harness/json_write.h - a minimal JSON writer for provenance.json (writing only; the
 * reading side uses cJSON). Keys are given with each value; nesting by begin/end. */
#ifndef CXB_HARNESS_JSON_WRITE_H
#define CXB_HARNESS_JSON_WRITE_H

#include <stdint.h>
#include <stdio.h>

typedef struct cxb_json {
    FILE *f;
    int depth;
    int first[32];
} cxb_json;

void cxb_json_start(cxb_json *w, FILE *f);  /* opens the top-level object */
void cxb_json_finish(cxb_json *w);          /* closes it, newline */
void cxb_json_object(cxb_json *w, const char *key); /* key NULL inside arrays */
void cxb_json_array(cxb_json *w, const char *key);
void cxb_json_end_object(cxb_json *w);
void cxb_json_end_array(cxb_json *w);
void cxb_json_str(cxb_json *w, const char *key, const char *val);
void cxb_json_int(cxb_json *w, const char *key, long long val);
void cxb_json_num(cxb_json *w, const char *key, double val);
void cxb_json_bool(cxb_json *w, const char *key, int val);
void cxb_json_null(cxb_json *w, const char *key);

#endif
