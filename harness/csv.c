/* CSV reader and field writer for the result files. */
#define _POSIX_C_SOURCE 200809L
#include "harness/csv.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

char *cxb_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    /* a regular file in one allocation of its size (one more byte, so that the first read ends
     * short at its end); anything else (a FIFO, a file that grows) by doubling from 4 KiB */
    struct stat sb;
    size_t cap = 1 << 12, n = 0;
    if (fstat(fileno(f), &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size > 0 &&
        (unsigned long long)sb.st_size < (unsigned long long)SIZE_MAX / 4)
        cap = (size_t)sb.st_size + 1;
    char *buf = malloc(cap + 1);
    for (;;) {
        if (!buf) {
            fclose(f);
            return NULL;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap)
            break;
        cap *= 2;
        char *nb = realloc(buf, cap + 1);
        if (!nb)
            free(buf);
        buf = nb;
    }
    fclose(f);
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

/* Splits the record starting at *pos in place; returns the field count or -1 on an
 * unterminated quote. Fields are NUL-terminated in buf; starts stored in fields. */
static long split_record(char *buf, size_t len, size_t *pos, char **fields, size_t maxf, int *eof)
{
    size_t i = *pos, nf = 0;
    char *w;
    *eof = 0;
    for (;;) {
        char *start = buf + i;
        w = start;
        if (i < len && buf[i] == '"') {
            ++i;
            for (;;) {
                if (i >= len)
                    return -1;
                if (buf[i] == '"') {
                    if (i + 1 < len && buf[i + 1] == '"') {
                        *w++ = '"';
                        i += 2;
                        continue;
                    }
                    ++i;
                    break;
                }
                *w++ = buf[i++];
            }
        } else {
            while (i < len && buf[i] != ',' && buf[i] != '\n' && buf[i] != '\r')
                *w++ = buf[i++];
        }
        if (nf < maxf)
            fields[nf] = start;
        ++nf;
        if (i < len && buf[i] == ',') {
            *w = '\0';
            ++i;
            continue;
        }
        int ended_with_newline = (i < len);
        while (i < len && (buf[i] == '\r' || buf[i] == '\n')) {
            if (buf[i] == '\n') {
                ++i;
                break;
            }
            ++i;
        }
        *w = '\0';
        if (!ended_with_newline)
            *eof = 2; /* last record had no newline: maybe truncated */
        *pos = i;
        return (long)nf;
    }
}

cxb_status cxb_csv_read(const char *path, cxb_csv *csv)
{
    memset(csv, 0, sizeof *csv);
    size_t len = 0;
    char *buf = cxb_read_file(path, &len);
    if (!buf)
        return cxb_fail(CXB_EINPUT, "%s: cannot read", path);
    if (len == 0) {
        free(buf);
        return cxb_fail(CXB_EINPUT, "%s: empty file", path);
    }
    size_t pos = 0, maxf = 256;
    char **fields = malloc(maxf * sizeof *fields);
    if (!fields) {
        free(buf);
        return cxb_fail(CXB_ERESOURCE, "%s: out of memory", path);
    }
    int eof = 0;
    long nf = split_record(buf, len, &pos, fields, maxf, &eof);
    if (nf <= 0 || (size_t)nf > maxf) {
        free(fields);
        free(buf);
        return cxb_fail(CXB_EINPUT, "%s:1: bad header", path);
    }
    csv->ncols = (size_t)nf;
    size_t cap = 64; /* rows, doubled as needed */
    csv->header = malloc(csv->ncols * sizeof *csv->header);
    csv->cells = malloc(cap * csv->ncols * sizeof *csv->cells);
    csv->storage = buf;
    if (!csv->header || !csv->cells) {
        free(fields);
        cxb_csv_free(csv);
        return cxb_fail(CXB_ERESOURCE, "%s: out of memory", path);
    }
    memcpy(csv->header, fields, csv->ncols * sizeof *fields);
    size_t line = 1;
    while (pos < len) {
        ++line;
        if (buf[pos] == '\n') { /* blank line */
            ++pos;
            continue;
        }
        nf = split_record(buf, len, &pos, fields, maxf, &eof);
        if (nf < 0 || (size_t)nf != csv->ncols || eof == 2) {
            free(fields);
            cxb_csv_free(csv);
            return cxb_fail(CXB_EINPUT, "%s:%zu: %s", path, line,
                            nf < 0 ? "unterminated quote (truncated file?)"
                            : eof == 2 ? "last row has no newline (truncated file?)"
                                       : "wrong number of fields (truncated file?)");
        }
        if (csv->nrows == cap) {
            cap *= 2;
            char **nc = realloc(csv->cells, cap * csv->ncols * sizeof *csv->cells);
            if (!nc) {
                free(fields);
                cxb_csv_free(csv);
                return cxb_fail(CXB_ERESOURCE, "%s: out of memory at row %zu", path, line);
            }
            csv->cells = nc;
        }
        memcpy(csv->cells + csv->nrows * csv->ncols, fields, csv->ncols * sizeof *fields);
        csv->nrows++;
    }
    free(fields);
    return CXB_OK;
}

void cxb_csv_free(cxb_csv *csv)
{
    free(csv->header);
    free(csv->cells);
    free(csv->storage);
    memset(csv, 0, sizeof *csv);
}

int cxb_csv_col(const cxb_csv *csv, const char *name)
{
    for (size_t i = 0; i < csv->ncols; ++i)
        if (strcmp(csv->header[i], name) == 0)
            return (int)i;
    return -1;
}

void cxb_csv_put(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\n\r")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; ++s) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

cxb_status cxb_csv_read_cols(const char *dir, const char *file, const char *const *need, cxb_csv *csv, int *col)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    cxb_status st = cxb_csv_read(path, csv);
    if (st != CXB_OK)
        return st;
    for (size_t i = 0; need && need[i]; ++i)
        if ((col[i] = cxb_csv_col(csv, need[i])) < 0) {
            cxb_csv_free(csv);
            return cxb_fail(CXB_EINPUT, "%s: no column '%s'", path, need[i]);
        }
    return CXB_OK;
}

