/* graph gen, sequential: gnm, uniform G(n,m) by rounds (graph.md 9.3). Round r draws
 * d_r distinct-endpoint pairs from cxb_gdraw(seed, 1, i, r), i = 0 .. d_r-1 (d_0 = m);
 * the accumulated set is canonicalised, sorted and deduplicated; d_{r+1} = m - |set|
 * (a later round sorts only its own draws and merges them in: the same set).
 * For m > C(n,2)/2 the complement (C(n,2) - m edges) is drawn and inverted. The result
 * is the sorted canonical key set, so every driver gives the same tuples. */
#include <stdlib.h>
#include <string.h>

#include "impl_cpu/graph/gen.h"

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
static uint64_t merge_unique(const uint64_t *a, uint64_t na, const uint64_t *b, uint64_t nb, uint64_t *out)
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

static cxb_status sort_keys(cxb_gnm_sort_fn sort, void *arg, uint64_t *key, uint64_t *tmp, uint64_t count)
{
    if (sort)
        return sort(key, tmp, count, arg);
    cxb_sort_u64(key, tmp, count);
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

cxb_status cxb_gnm_run(const cxb_gen_spec *s, cxb_gnm_draw_fn draws, cxb_gnm_sort_fn sort, void *arg,
                       cxb_edges *out)
{
    int complement;
    uint64_t target = cxb_gnm_target(s, &complement);
    uint64_t *set = malloc((target ? target : 1) * sizeof *set);
    uint64_t *tmp = malloc((target ? target : 1) * sizeof *tmp);
    uint64_t *fresh = NULL;
    cxb_status st = CXB_OK;
    if (!set || !tmp) {
        st = cxb_fail(CXB_ERESOURCE, "graph gen: no memory for %llu edges",
                      (unsigned long long)target);
        goto done;
    }
    uint64_t k = 0;
    if (target) { /* round 0: all m draws */
        if ((st = draws(s, 0, target, set, arg)) != CXB_OK ||
            (st = sort_keys(sort, arg, set, tmp, target)) != CXB_OK)
            goto done;
        k = drop_repeats(set, target);
    }
    if (k < target && !(fresh = malloc((target - k) * sizeof *fresh))) {
        st = cxb_fail(CXB_ERESOURCE, "graph gen: no memory for %llu edges",
                      (unsigned long long)(target - k));
        goto done;
    }
    for (uint32_t r = 1; k < target; ++r) { /* the d_r missing keys, merged into the set */
        uint64_t d = target - k;
        if ((st = draws(s, r, d, fresh, arg)) != CXB_OK || (st = sort_keys(sort, arg, fresh, tmp, d)) != CXB_OK)
            goto done;
        d = drop_repeats(fresh, d);
        k = merge_unique(set, k, fresh, d, tmp);
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
    return cxb_gnm_run(s, seq_draws, NULL, NULL, out);
}
