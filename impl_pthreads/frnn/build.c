/* frnn.counting.pthreads and frnn.acs.pthreads (docs/studies/frnn.md "CPU builds").
 *
 * counting: chunk c (one per worker, contiguous input ranges [c*n/C, (c+1)*n/C)) fills its own
 * histogram h[c][0..nbins); a bin-major, chunk-minor scan turns the histograms into each
 * chunk's starting offsets, off[c][b] = pbm[b] + sum over c' < c of h[c'][b]; each chunk then
 * scatters its items in input order, to the bins the count noted (an array of n bins: reading it
 * costs less than computing each bin again, 18-25% of the build on a 2-core VM at 1 and 2
 * threads; docs/studies/frnn.md "Measured"). The result is the stable order of
 * frnn.counting.seq for every chunk count. The scan is parallel over bin ranges: each range's
 * total, a scan of the range totals, then the offsets of each range. The chunks are indexed by
 * item, never by worker.
 *
 * acs: the thesis's atomic counting sort (Sec. 4.3) on the CPU: a relaxed atomic_fetch_add per
 * item gives its sub-index within its bin, then the same scan, then the scatter to
 * pbm[bin] + sub. Intra-bin order depends on the schedule (unspecified).
 *
 * Both keep their working arrays in the index's scratch (cxb_frnn_index_scratch), allocated by the
 * first build and reused by the next: fresh pages for 16 histograms of 10^5 bins cost a page fault
 * each 4 KiB at every build, and that cost grows with the thread count. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/core/pool.h"
#include "cxb/frnn/frnn.h"

#define FRNN_SCRATCH_DEFAULT ((size_t)256 << 20) /* docs/studies/frnn.md: 256 MiB of histograms */

typedef struct count_job {
    const cxb_frnn_rec *in;
    cxb_frnn_index *ix;
    uint32_t chunks, ranges;
    uint32_t *h;        /* chunks x nbins: counts, then offsets */
    uint32_t *bin;      /* n: each item's bin, noted by the count for the scatter */
    uint64_t *rtotal;   /* per bin range: its total, then its start */
} count_job;

static uint32_t part(uint64_t total, uint32_t parts, uint32_t k)
{
    return (uint32_t)(total * k / parts);
}

static void count_chunk(void *arg, uint64_t item, unsigned worker)
{
    (void)worker;
    count_job *j = arg;
    const cxb_frnn_grid *g = &j->ix->grid;
    uint32_t *h = j->h + (size_t)item * g->nbins;
    memset(h, 0, (size_t)g->nbins * sizeof *h);
    for (uint32_t i = part(j->ix->n, j->chunks, (uint32_t)item), e = part(j->ix->n, j->chunks, (uint32_t)item + 1);
         i < e; ++i) {
        uint32_t b = cxb_frnn_bin(g, j->in[i].p);
        j->bin[i] = b;
        ++h[b];
    }
}

static void range_total(void *arg, uint64_t item, unsigned worker)
{
    (void)worker;
    count_job *j = arg;
    uint32_t nb = j->ix->grid.nbins;
    uint64_t s = 0;
    for (uint32_t b = part(nb, j->ranges, (uint32_t)item), e = part(nb, j->ranges, (uint32_t)item + 1); b < e; ++b)
        for (uint32_t c = 0; c < j->chunks; ++c)
            s += j->h[(size_t)c * nb + b];
    j->rtotal[item] = s;
}

static void range_offsets(void *arg, uint64_t item, unsigned worker)
{
    (void)worker;
    count_job *j = arg;
    uint32_t nb = j->ix->grid.nbins;
    uint32_t run = (uint32_t)j->rtotal[item];
    for (uint32_t b = part(nb, j->ranges, (uint32_t)item), e = part(nb, j->ranges, (uint32_t)item + 1); b < e; ++b) {
        j->ix->pbm[b] = run;
        for (uint32_t c = 0; c < j->chunks; ++c) {
            uint32_t *hc = &j->h[(size_t)c * nb + b];
            uint32_t cnt = *hc;
            *hc = run;
            run += cnt;
        }
    }
}

static void scatter_chunk(void *arg, uint64_t item, unsigned worker)
{
    (void)worker;
    count_job *j = arg;
    uint32_t *off = j->h + (size_t)item * j->ix->grid.nbins;
    for (uint32_t i = part(j->ix->n, j->chunks, (uint32_t)item), e = part(j->ix->n, j->chunks, (uint32_t)item + 1);
         i < e; ++i)
        j->ix->storage[off[j->bin[i]]++] = j->in[i];
}

/* The scan of the range totals into range starts (serial: one entry per range). */
static void scan_ranges(uint64_t *t, uint32_t ranges)
{
    uint64_t s = 0;
    for (uint32_t r = 0; r < ranges; ++r) {
        uint64_t v = t[r];
        t[r] = s;
        s += v;
    }
}

cxb_status cxb_frnn_build_counting_pthreads(cxb_pool *pool, const cxb_frnn_rec *in, cxb_frnn_index *ix,
                                            size_t scratch_limit, int *fallback)
{
    uint32_t chunks = cxb_pool_threads(pool), nb = ix->grid.nbins;
    if (fallback)
        *fallback = 0;
    if (!scratch_limit)
        scratch_limit = FRNN_SCRATCH_DEFAULT;
    if ((uint64_t)chunks * nb * sizeof(uint32_t) > scratch_limit) {
        if (fallback)
            *fallback = 1;
        return cxb_frnn_build_acs_pthreads(pool, in, ix);
    }
    count_job j = {in, ix, chunks, chunks, NULL, NULL, NULL};
    /* rtotal (8-byte entries) first, then the histograms and the bins */
    const size_t rt = (size_t)chunks * sizeof *j.rtotal, hb = (size_t)chunks * nb * sizeof *j.h;
    char *scratch = cxb_frnn_index_scratch(ix, rt + hb + (size_t)ix->n * sizeof *j.bin);
    cxb_status st = CXB_OK;
    if (!scratch)
        st = cxb_fail(CXB_ERESOURCE, "frnn.counting.pthreads: out of host memory (%u histograms of %u bins)", chunks, nb);
    else {
        j.rtotal = (uint64_t *)scratch;
        j.h = (uint32_t *)(scratch + rt);
        j.bin = (uint32_t *)(scratch + rt + hb);
    }
    if (st == CXB_OK)
        st = cxb_pool_for(pool, chunks, CXB_SCHED_STATIC, count_chunk, &j);
    if (st == CXB_OK)
        st = cxb_pool_for(pool, j.ranges, CXB_SCHED_STATIC, range_total, &j);
    if (st == CXB_OK) {
        scan_ranges(j.rtotal, j.ranges);
        st = cxb_pool_for(pool, j.ranges, CXB_SCHED_STATIC, range_offsets, &j);
    }
    if (st == CXB_OK) {
        ix->pbm[nb] = ix->n;
        st = cxb_pool_for(pool, chunks, CXB_SCHED_STATIC, scatter_chunk, &j);
    }
    return st;
}

/* ---- acs ---- */

typedef struct acs_job {
    const cxb_frnn_rec *in;
    cxb_frnn_index *ix;
    uint32_t chunks, ranges;
    atomic_uint *counts;
    uint32_t *bin, *sub;
    uint64_t *rtotal;
} acs_job;

static void acs_histogram(void *arg, uint64_t item, unsigned worker)
{
    (void)worker;
    acs_job *j = arg;
    const cxb_frnn_grid *g = &j->ix->grid;
    for (uint32_t i = part(j->ix->n, j->chunks, (uint32_t)item), e = part(j->ix->n, j->chunks, (uint32_t)item + 1);
         i < e; ++i) {
        uint32_t b = cxb_frnn_bin(g, j->in[i].p);
        j->bin[i] = b;
        j->sub[i] = atomic_fetch_add_explicit(&j->counts[b], 1u, memory_order_relaxed);
    }
}

static void acs_range_total(void *arg, uint64_t item, unsigned worker)
{
    (void)worker;
    acs_job *j = arg;
    uint32_t nb = j->ix->grid.nbins;
    uint64_t s = 0;
    for (uint32_t b = part(nb, j->ranges, (uint32_t)item), e = part(nb, j->ranges, (uint32_t)item + 1); b < e; ++b)
        s += atomic_load_explicit(&j->counts[b], memory_order_relaxed);
    j->rtotal[item] = s;
}

static void acs_range_scan(void *arg, uint64_t item, unsigned worker)
{
    (void)worker;
    acs_job *j = arg;
    uint32_t nb = j->ix->grid.nbins, run = (uint32_t)j->rtotal[item];
    for (uint32_t b = part(nb, j->ranges, (uint32_t)item), e = part(nb, j->ranges, (uint32_t)item + 1); b < e; ++b) {
        j->ix->pbm[b] = run;
        run += atomic_load_explicit(&j->counts[b], memory_order_relaxed);
    }
}

static void acs_scatter(void *arg, uint64_t item, unsigned worker)
{
    (void)worker;
    acs_job *j = arg;
    for (uint32_t i = part(j->ix->n, j->chunks, (uint32_t)item), e = part(j->ix->n, j->chunks, (uint32_t)item + 1);
         i < e; ++i)
        j->ix->storage[j->ix->pbm[j->bin[i]] + j->sub[i]] = j->in[i];
}

static void acs_zero(void *arg, uint64_t item, unsigned worker)
{
    (void)worker;
    acs_job *j = arg;
    uint32_t nb = j->ix->grid.nbins;
    for (uint32_t b = part(nb, j->ranges, (uint32_t)item), e = part(nb, j->ranges, (uint32_t)item + 1); b < e; ++b)
        atomic_store_explicit(&j->counts[b], 0u, memory_order_relaxed);
}

cxb_status cxb_frnn_build_acs_pthreads(cxb_pool *pool, const cxb_frnn_rec *in, cxb_frnn_index *ix)
{
    uint32_t chunks = cxb_pool_threads(pool), nb = ix->grid.nbins, n = ix->n;
    acs_job j = {in, ix, chunks, chunks, NULL, NULL, NULL, NULL};
    /* rtotal (8-byte entries) first, then counts, bin and sub (4-byte entries) */
    const size_t rt = (size_t)chunks * sizeof *j.rtotal, cb = ((size_t)nb + 1) * sizeof *j.counts,
                 nb4 = (size_t)n * sizeof *j.bin;
    char *scratch = cxb_frnn_index_scratch(ix, rt + cb + 2 * nb4);
    cxb_status st = CXB_OK;
    if (!scratch)
        st = cxb_fail(CXB_ERESOURCE, "frnn.acs.pthreads: out of host memory (%u bins, %u items)", nb, n);
    else {
        j.rtotal = (uint64_t *)scratch;
        j.counts = (atomic_uint *)(scratch + rt);
        j.bin = (uint32_t *)(scratch + rt + cb);
        j.sub = (uint32_t *)(scratch + rt + cb + nb4);
    }
    if (st == CXB_OK)
        st = cxb_pool_for(pool, j.ranges, CXB_SCHED_STATIC, acs_zero, &j);
    if (st == CXB_OK)
        st = cxb_pool_for(pool, chunks, CXB_SCHED_STATIC, acs_histogram, &j);
    if (st == CXB_OK)
        st = cxb_pool_for(pool, j.ranges, CXB_SCHED_STATIC, acs_range_total, &j);
    if (st == CXB_OK) {
        scan_ranges(j.rtotal, j.ranges);
        st = cxb_pool_for(pool, j.ranges, CXB_SCHED_STATIC, acs_range_scan, &j);
    }
    if (st == CXB_OK) {
        ix->pbm[nb] = n;
        st = cxb_pool_for(pool, chunks, CXB_SCHED_STATIC, acs_scatter, &j);
    }
    return st;
}
