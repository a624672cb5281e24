/* graph gen, sequential: gnm, uniform G(n,m) by rounds (docs/studies/graph.md). Round r draws
 * d_r distinct-endpoint pairs from cxb_gdraw(seed, 1, i, r), i = 0 .. d_r-1 (d_0 = m);
 * the accumulated set is canonicalised, sorted and deduplicated; d_{r+1} = m - |set|
 * (a later round sorts only its own draws and merges them in: the same set).
 * For m > C(n,2)/2 the complement (C(n,2) - m edges) is drawn and inverted. The result
 * is the sorted canonical key set, so every driver gives the same tuples.
 *
 * Also here, the per-item pieces of the pthreads driver's sort (impl_pthreads/graph/
 * gen_gnm.c), so that the sort it schedules is one definition: a partition of the keys
 * by their top bits into cache-sized buckets (counted and scattered per chunk), then a
 * sort and dedup of each bucket in cache (LSD, 11-bit digits over only the bits that vary
 * in the bucket), and the parallel merge's pieces. The sequential driver keeps
 * cxb_sort_u64 + drop_repeats + one merge: the reference the pthreads output is checked
 * against is computed another way. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/core/search.h"
#include "cxb/graph/gen_host.h"

uint64_t cxb_gnm_target(const cxb_gen_spec *s, int *complement)
{
    uint64_t pairs = s->n < 2 ? 0 : s->n * (s->n - 1) / 2;
    *complement = s->m > pairs / 2;
    return *complement ? pairs - s->m : s->m;
}

void cxb_gnm_draws(const cxb_gen_spec *s, uint32_t round, uint64_t i0, uint64_t i1, uint64_t *out)
{
    for (uint64_t i = i0; i < i1; ++i)
        out[i - i0] = cxb_gnm_draw(s->seed, s->n, round, i);
}

/* drops repeats of the sorted key[0..count); returns the new count */
static uint64_t drop_repeats(uint64_t *key, uint64_t count)
{
    uint64_t k = 0;
    for (uint64_t i = 0; i < count; ++i)
        if (k == 0 || key[i] != key[k - 1])
            key[k++] = key[i];
    return k;
}

uint64_t cxb_gnm_unique(uint64_t *key, uint64_t *tmp, uint64_t count)
{
    cxb_sort_u64(key, tmp, count);
    return drop_repeats(key, count);
}

/* out = the sorted unique union of the sorted unique a[0..na) and b[0..nb) */
uint64_t cxb_gnm_merge_unique(const uint64_t *a, uint64_t na, const uint64_t *b, uint64_t nb, uint64_t *out)
{
    uint64_t i = 0, j = 0, k = 0;
    while (i < na && j < nb) {
        if (a[i] < b[j])
            out[k++] = a[i++];
        else if (b[j] < a[i])
            out[k++] = b[j++];
        else { /* in both: once */
            out[k++] = a[i++];
            ++j;
        }
    }
    while (i < na)
        out[k++] = a[i++];
    while (j < nb)
        out[k++] = b[j++];
    return k;
}

uint64_t cxb_gnm_lower_bound(const uint64_t *a, uint64_t n, uint64_t key)
{
    return cxb_lower_bound_u64(a, 0, n, key);
}

uint64_t cxb_gnm_common(const uint64_t *a, uint64_t na, const uint64_t *b, uint64_t nb)
{
    /* a binary search per key of b, from where the last one ended (b is sorted): b is the
     * few new draws of a later round, a the large set, so this reads a fraction of a */
    uint64_t c = 0, lo = 0;
    for (uint64_t j = 0; j < nb && lo < na; ++j) {
        lo += cxb_gnm_lower_bound(a + lo, na - lo, b[j]);
        c += lo < na && a[lo] == b[j];
    }
    return c;
}

/* ---- the bucket sort's pieces ---- */

unsigned cxb_gnm_bucket_plan(uint64_t count, uint64_t hi, uint64_t *nb)
{
    unsigned bits = 0, len = 0;
    while (bits < CXB_GNM_BUCKET_BITS_MAX && (count >> bits) > CXB_GNM_BUCKET_KEYS)
        ++bits;
    if (bits == 0) { /* one bucket: every key clamps to it (and a shift of 64 would be undefined) */
        *nb = 1;
        return 0;
    }
    for (uint64_t h = hi; h; h >>= 1)
        ++len;
    unsigned shift = len > bits ? len - bits : 0;
    *nb = (hi >> shift) + 1;
    return shift;
}

/* the bucket of a key: its bits from shift up, so buckets are ordered ranges of keys; a
 * key above the plan's hi goes to the last bucket, which the in-bucket sort, over every
 * bit that varies in it, still orders */
static inline uint64_t bucket_of(uint64_t key, unsigned shift, uint64_t nb)
{
    uint64_t b = key >> shift;
    return b < nb ? b : nb - 1;
}

void cxb_gnm_bucket_count(const uint64_t *key, uint64_t n, unsigned shift, uint64_t nb, uint64_t *hist)
{
    for (uint64_t i = 0; i < n; ++i)
        ++hist[bucket_of(key[i], shift, nb)];
}

void cxb_gnm_draws_count(const cxb_gen_spec *s, uint32_t round, uint64_t i0, uint64_t i1, uint64_t *out,
                         unsigned shift, uint64_t nb, uint64_t *hist)
{
    /* the histogram pass folded into the draws: the key is counted while in a register,
     * instead of read back from memory in a pass of its own */
    for (uint64_t i = i0; i < i1; ++i) {
        uint64_t k = cxb_gnm_draw(s->seed, s->n, round, i);
        out[i - i0] = k;
        ++hist[bucket_of(k, shift, nb)];
    }
}

void cxb_gnm_bucket_split(const uint64_t *key, uint64_t n, unsigned shift, uint64_t nb, uint64_t *first)
{
    /* bucket b >= 1 begins at key b << shift (bucket_of: the last bucket also takes every
     * key above its range, so its end is n); (nb - 1) << shift <= hi, so no shift overflows */
    first[0] = 0;
    if (n == 0) { /* key may be NULL: no arithmetic on it */
        memset(first, 0, (nb + 1) * sizeof *first);
        return;
    }
    for (uint64_t b = 1; b < nb; ++b)
        first[b] = first[b - 1] + cxb_gnm_lower_bound(key + first[b - 1], n - first[b - 1], b << shift);
    first[nb] = n;
}

void cxb_gnm_bucket_scatter(const uint64_t *key, uint64_t n, unsigned shift, uint64_t nb, uint64_t *pos,
                            uint64_t *dst)
{
    for (uint64_t i = 0; i < n; ++i) {
        uint64_t k = key[i];
        dst[pos[bucket_of(k, shift, nb)]++] = k;
    }
}

#define DIGIT_BITS 11 /* 2048 counters of 4 bytes: a digit's histogram stays in L1 */
#define DIGIT_MASK ((1u << DIGIT_BITS) - 1)
#define DIGITS_MAX ((64 + DIGIT_BITS - 1) / DIGIT_BITS)

uint64_t cxb_gnm_sort_unique_small(uint64_t *a, uint64_t *b, uint64_t n)
{
    if (n < 2)
        return n;
    if (n > UINT32_MAX) { /* the counters below are 32-bit; no bucket of a planned sort is this large */
        cxb_sort_u64(a, b, n);
        return drop_repeats(a, n);
    }
    uint64_t *src = a, *dst = b;
    if (n <= 32) { /* insertion sort: a digit pass costs more than this */
        for (uint64_t i = 1; i < n; ++i) {
            uint64_t k = a[i], j = i;
            for (; j > 0 && a[j - 1] > k; --j)
                a[j] = a[j - 1];
            a[j] = k;
        }
    } else {
        /* digits of DIGIT_BITS bits, each starting at the lowest bit that still varies
         * among the keys: the bits every key shares (those of the bucket, the high bits
         * of u and v) cost no pass; LSD with stable passes, so the order is total */
        uint64_t vary = 0, k0 = a[0];
        for (uint64_t i = 0; i < n; ++i)
            vary |= a[i] ^ k0;
        unsigned lo[DIGITS_MAX], nd = 0;
        while (vary) {
            unsigned l = (unsigned)__builtin_ctzll(vary);
            lo[nd++] = l;
            vary &= ~((uint64_t)DIGIT_MASK << l);
        }
        uint32_t hist[DIGITS_MAX][DIGIT_MASK + 1];
        memset(hist, 0, nd * sizeof hist[0]);
        for (uint64_t i = 0; i < n; ++i) {
            uint64_t k = a[i];
            for (unsigned d = 0; d < nd; ++d)
                ++hist[d][(k >> lo[d]) & DIGIT_MASK];
        }
        for (unsigned d = 0; d < nd; ++d) {
            uint32_t *h = hist[d], sum = 0;
            for (unsigned v = 0; v <= DIGIT_MASK; ++v) {
                uint32_t c = h[v];
                h[v] = sum;
                sum += c;
            }
            for (uint64_t i = 0; i < n; ++i) {
                uint64_t k = src[i];
                dst[h[(k >> lo[d]) & DIGIT_MASK]++] = k;
            }
            uint64_t *t = src;
            src = dst;
            dst = t;
        }
    }
    /* drop repeats, into a (in place when the last pass ended there) */
    uint64_t k = 1;
    a[0] = src[0];
    for (uint64_t i = 1; i < n; ++i)
        if (src[i] != a[k - 1])
            a[k++] = src[i];
    return k;
}

static cxb_status seq_unique(uint64_t *key, uint64_t *tmp, uint64_t count, uint64_t hi, uint64_t *kept,
                             void *arg)
{
    (void)hi;
    (void)arg;
    cxb_sort_u64(key, tmp, count);
    *kept = drop_repeats(key, count);
    return CXB_OK;
}

static cxb_status seq_merge(const uint64_t *a, uint64_t na, const uint64_t *b, uint64_t nb, uint64_t *out,
                            uint64_t *k, void *arg)
{
    (void)arg;
    *k = cxb_gnm_merge_unique(a, na, b, nb, out);
    return CXB_OK;
}

cxb_status cxb_gnm_finish(const cxb_gen_spec *s, int complement, uint64_t **set, uint64_t k, uint64_t target,
                          cxb_edges *out)
{
    if (complement) {
        cxb_status st = cxb_gen_alloc(out, s->n, s->m);
        if (st != CXB_OK)
            return st;
        cxb_gnm_complement(s->n, *set, k, out->key);
        out->count = s->m;
        return CXB_OK;
    }
    cxb_edges_init(out);
    out->n = s->n;
    out->key = *set;
    out->cap = target;
    out->count = k;
    *set = NULL;
    return CXB_OK;
}

void cxb_gnm_complement(uint64_t n, const uint64_t *set, uint64_t k, uint64_t *out)
{
    uint64_t j = 0, c = 0;
    for (uint64_t u = 0; u + 1 < n; ++u)
        for (uint64_t v = u + 1; v < n; ++v) {
            uint64_t key = cxb_edge_key((cxb_vid)u, (cxb_vid)v);
            if (j < k && set[j] == key)
                ++j;
            else
                out[c++] = key;
        }
}

cxb_status cxb_gnm_run(const cxb_gen_spec *s, const cxb_gnm_ops *ops, cxb_edges *out)
{
    int complement;
    uint64_t target = cxb_gnm_target(s, &complement);
    int fits = target <= SIZE_MAX / sizeof(uint64_t);
    uint64_t *set = fits ? cxb_gen_buffer(target * sizeof *set) : NULL;
    uint64_t *tmp = fits ? cxb_gen_buffer(target * sizeof *tmp) : NULL;
    uint64_t *fresh = NULL;
    cxb_gnm_unique_fn unique = ops->unique ? ops->unique : seq_unique;
    cxb_gnm_merge_fn merge = ops->merge ? ops->merge : seq_merge;
    /* every key is u << 32 | v with u < v < n: at most this (target > 0 implies n >= 2) */
    uint64_t hi = target ? cxb_edge_key((cxb_vid)(s->n - 2), (cxb_vid)(s->n - 1)) : 0;
    cxb_status st = CXB_OK;
    if (!set || !tmp) {
        st = cxb_fail(CXB_ERESOURCE, "graph gen: no memory for %llu edges",
                      (unsigned long long)target);
        goto done;
    }
    if (ops->touch && ((st = ops->touch(set, target * sizeof *set, ops->arg)) != CXB_OK ||
                       (st = ops->touch(tmp, target * sizeof *tmp, ops->arg)) != CXB_OK))
        goto done;
    uint64_t k = 0;
    uint32_t r = 1;
    if (target && ops->first) { /* the driver's own first rounds (pthreads: 0 and 1 fused) */
        if ((st = ops->first(s, set, tmp, target, hi, &k, &r, ops->arg)) != CXB_OK)
            goto done;
    } else if (target) { /* round 0: all m draws */
        if ((st = ops->draws(s, 0, target, set, ops->arg)) != CXB_OK ||
            (st = unique(set, tmp, target, hi, &k, ops->arg)) != CXB_OK)
            goto done;
    }
    if (k < target && !(fresh = cxb_gen_buffer((target - k) * sizeof *fresh))) {
        st = cxb_fail(CXB_ERESOURCE, "graph gen: no memory for %llu edges",
                      (unsigned long long)(target - k));
        goto done;
    }
    for (; k < target; ++r) { /* the d_r missing keys, merged into the set */
        uint64_t d = target - k;
        if ((st = ops->draws(s, r, d, fresh, ops->arg)) != CXB_OK ||
            (st = unique(fresh, tmp, d, hi, &d, ops->arg)) != CXB_OK ||
            (st = merge(set, k, fresh, d, tmp, &k, ops->arg)) != CXB_OK)
            goto done;
        uint64_t *t = set;
        set = tmp;
        tmp = t;
    }
    st = cxb_gnm_finish(s, complement, &set, k, target, out);
done:
    free(set);
    free(tmp);
    free(fresh);
    return st;
}

static cxb_status seq_draws(const cxb_gen_spec *s, uint32_t round, uint64_t count, uint64_t *dst,
                            void *arg)
{
    (void)arg;
    cxb_gnm_draws(s, round, 0, count, dst);
    return CXB_OK;
}

cxb_status cxb_gnm_seq(const cxb_gen_spec *s, cxb_edges *out)
{
    cxb_gnm_ops ops = {seq_draws, NULL, NULL, NULL, NULL, NULL};
    return cxb_gnm_run(s, &ops, out);
}
