/* impl_cpu/graph/lines.h - the text readers' input: blocks of whole lines from a large
 * fread buffer (docs/studies/graph.md asks for >= 100 MB/s; fscanf and getline per line are far
 * slower). Internal to impl_cpu/graph.
 */
#ifndef CXB_IMPL_CPU_GRAPH_LINES_H
#define CXB_IMPL_CPU_GRAPH_LINES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cxb/core/status.h"

#define CXB_LINE_MAX 65536 /* docs/studies/graph.md: longer lines are an error */

typedef struct cxb_lines {
    FILE *f;
    const char *name;
    char *buf;
    size_t cap;   /* bytes of buf usable for data (one more holds a final '\n') */
    size_t carry;    /* bytes of an incomplete line after the last block */
    size_t tail_off; /* where those bytes start in buf */
    int done;
} cxb_lines;

cxb_status cxb_lines_open(cxb_lines *L, FILE *f, const char *name);
/* Next block [*b, *e) of whole lines; *e - 1 is always '\n' (a missing final newline is
 * supplied). An empty block (*b == *e) means end of file. line is the number of the
 * first line of the block, used only to name a line longer than CXB_LINE_MAX. */
cxb_status cxb_lines_next(cxb_lines *L, uint64_t line, char **b, char **e);
void cxb_lines_close(cxb_lines *L);

static inline int cxb_is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }
static inline int cxb_is_digit(char c) { return (unsigned char)(c - '0') < 10; }

/* The token starting at p (up to a blank or newline), quoted for messages and cut at
 * 40 characters. */
void cxb_token_text(const char *p, char *out, size_t outsz);

#endif
