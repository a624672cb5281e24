/* harness/csv.h - reading and writing the result files' CSV (docs/method.md):
 * comma-separated, a header row, fields quoted with "" only when they contain a
 * comma, quote or newline (params and extra), doubled quotes inside.
 */
#ifndef CXB_HARNESS_CSV_H
#define CXB_HARNESS_CSV_H

#include <stddef.h>
#include <stdio.h>

#include "cxb/core/status.h"

typedef struct cxb_csv {
    size_t ncols, nrows;
    char **header; /* ncols names */
    char **cells;  /* nrows * ncols strings, row-major */
    char *storage;
} cxb_csv;

/* Reads path; errors (CXB_EINPUT) name the file and line: a missing file, an
 * empty file, a row whose field count differs from the header (a truncated file). */
/* The whole file, NUL-terminated, malloc'd (free it); NULL if it cannot be read.
 * len may be NULL. */
char *cxb_read_file(const char *path, size_t *len);

cxb_status cxb_csv_read(const char *path, cxb_csv *csv);
/* Reads DIR/FILE (a result set's summary.csv, say) and finds the columns named in need
 * (NULL-terminated) into col[]: one error naming the file and the first missing column, and
 * nothing to free, when the file or a column is absent. What every table printer starts with. */
cxb_status cxb_csv_read_cols(const char *dir, const char *file, const char *const *need, cxb_csv *csv, int *col);
void cxb_csv_free(cxb_csv *csv);
/* Column index of name, or -1. */
int cxb_csv_col(const cxb_csv *csv, const char *name);
static inline const char *cxb_csv_cell(const cxb_csv *csv, size_t row, int col)
{
    return col < 0 ? "" : csv->cells[row * csv->ncols + (size_t)col];
}

/* Writes s as one CSV field (quoted when needed). */
void cxb_csv_put(FILE *f, const char *s);

#endif
