/* prng.lf24.seq - Leist's lagged-Fibonacci generator, sequential reference.
 *
 * Leist (2011) section 4.1, Algorithms 1-2; RANMAR (Marsaglia, Zaman, Tsang 1990).
 * The per-stream work is cxb_lf24_job_stream (include/cxb/prng/lf24.h), shared with the
 * pthreads backend; this file seeds the stream tables (docs/studies/prng.md) and runs the
 * streams one after another. Deviation from the thesis: child seeds use the integer
 * form of "uniform() * INT_MAX" (docs/studies/prng.md), the root stream is RANMAR (97, 33).
 */
#include <stdlib.h>
#include <string.h>

#include "cxb/prng/lf24.h"

cxb_status cxb_lf24_job_check(const cxb_lf24_job *job)
{
    if (job->r < 2)
        return cxb_fail(CXB_EINPUT, "--set r=%u: the table needs at least 2 entries", job->r);
    if (job->s < 1 || job->s >= job->r)
        return cxb_fail(CXB_EINPUT, "--set s=%u: the second lag must be in [1, r) = [1, %u)",
                        job->s, job->r);
    if (job->streams < 1)
        return cxb_fail(CXB_EINPUT, "--set streams=0: need at least one stream");
    if (job->streams > (UINT64_MAX / 4) / job->r)
        return cxb_fail(CXB_EINPUT, "--set streams=%llu: too many streams for r=%u",
                        (unsigned long long)job->streams, job->r);
    return CXB_OK;
}

void cxb_lf24_child_seeds(uint64_t seed, uint64_t *seeds, uint64_t count)
{
    uint32_t table[CXB_LF24_R], ij, kl;
    cxb_lf24 root;
    cxb_lf24_seed_split(seed, &ij, &kl);
    cxb_lf24_init(&root, table, 1, CXB_LF24_R, CXB_LF24_S, ij, kl);
    for (uint64_t i = 0; i < count; ++i)
        seeds[i] = cxb_lf24_child_seed(cxb_lf24_next(&root));
}

void cxb_lf24_table_seed(const cxb_lf24_job *job, uint64_t child_seed, uint32_t *table)
{
    uint32_t ij, kl;
    cxb_lf24_seed_split(child_seed, &ij, &kl);
    cxb_lf24_fill(table, 1, job->r, ij, kl);
}

cxb_status cxb_lf24_tables_begin(const cxb_lf24_job *job, uint32_t **tables, uint64_t **seeds)
{
    cxb_status st = cxb_lf24_job_check(job);
    if (st != CXB_OK)
        return st;
    uint32_t *t = malloc((size_t)job->streams * job->r * sizeof *t);
    uint64_t *c = malloc((size_t)job->streams * sizeof *c);
    if (!t || !c) {
        free(t);
        free(c);
        return cxb_fail(CXB_ERESOURCE, "lf24: out of memory for %llu tables of %u entries",
                        (unsigned long long)job->streams, job->r);
    }
    cxb_lf24_child_seeds(job->seed, c, job->streams); /* a chain: serial, T steps */
    *tables = t;
    *seeds = c;
    return CXB_OK;
}

cxb_status cxb_lf24_tables_create(const cxb_lf24_job *job, uint32_t **tables)
{
    uint32_t *t;
    uint64_t *seeds;
    cxb_status st = cxb_lf24_tables_begin(job, &t, &seeds);
    if (st != CXB_OK)
        return st;
    for (uint64_t i = 0; i < job->streams; ++i)
        cxb_lf24_table_seed(job, seeds[i], t + (size_t)i * job->r);
    free(seeds);
    *tables = t;
    return CXB_OK;
}

cxb_status cxb_lf24_run_seq(const cxb_lf24_job *job, uint32_t *tables, uint32_t *out,
                            double *sums)
{
    for (uint64_t t = 0; t < job->streams; ++t)
        cxb_lf24_job_stream(job, t, tables + (size_t)t * job->r, out, sums);
    return CXB_OK;
}
