/* tests/fuzz/fuzz_csv.c - libFuzzer entry point: the CSV reader every result-set loader
 * goes through (harness/csv.c: samples.csv, summary.csv, fit.csv, floors.csv). What it
 * accepts must be a rectangular table whose cells lie in its own storage, NUL-terminated. */
#define _XOPEN_SOURCE 700
#include "fuzz_util.h"

#include "harness/csv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[512];
    snprintf(path, sizeof path, "%s/in.csv", fuzz_scratch());
    fuzz_write(path, data, size);
    cxb_csv csv;
    if (cxb_csv_read(path, &csv) != CXB_OK)
        return 0;
    FUZZ_ASSERT(csv.ncols > 0 && csv.header && csv.storage, "accepted an empty table");
    const char *lo = csv.storage, *hi = csv.storage + size + 1;
    size_t total = 0;
    for (size_t c = 0; c < csv.ncols; ++c) {
        FUZZ_ASSERT(csv.header[c] >= lo && csv.header[c] < hi, "header cell outside the storage");
        total += strlen(csv.header[c]);
        FUZZ_ASSERT(cxb_csv_col(&csv, csv.header[c]) >= 0, "a header name is not found");
    }
    for (size_t r = 0; r < csv.nrows; ++r)
        for (size_t c = 0; c < csv.ncols; ++c) {
            const char *cell = cxb_csv_cell(&csv, r, (int)c);
            FUZZ_ASSERT(cell >= lo && cell < hi, "cell %zu,%zu outside the storage", r, c);
            total += strlen(cell);
        }
    FUZZ_ASSERT(total <= size, "cells hold more bytes than the file");
    cxb_csv_free(&csv);
    return 0;
}
