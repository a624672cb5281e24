/* harness/records.h - one row of samples.csv per sample (docs/method.md). */
#ifndef CXB_HARNESS_RECORDS_H
#define CXB_HARNESS_RECORDS_H

#include <stdint.h>
#include <stdio.h>

#include "cxb/core/timing.h"
#include "harness/registry.h"

#define CXB_SCHEMA_VERSION "1.1.0"

typedef struct cxb_sample_row {
    const char *run_id;
    const cxb_impl *impl;
    uint64_t point;
    const char *params; /* canonical */
    uint64_t n;
    unsigned threads;
    const char *bind; /* the --bind policy of a pthreads row's pool, "" for other rows */
    uint64_t seed;
    unsigned rep;
    const char *mode; /* cpu, cold, hot, sync */
    unsigned batch;
    int64_t wall_ns, cpu_ns;
    cxb_phases ph;
    int64_t time_ns;
    long long instructions; /* < 0: not measured */
    uint64_t checksum;
    int64_t t_start_ns;
    const char *extra; /* canonical k=v;k=v or "" */
} cxb_sample_row;

void cxb_samples_header(FILE *f);
void cxb_samples_write(FILE *f, const cxb_sample_row *row);

#endif
