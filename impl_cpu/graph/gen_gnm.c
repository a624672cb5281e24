/* graph gen, sequential: gnm, uniform G(n,m) by rounds (graph.md 9.3). Round r draws
 * d_r distinct-endpoint pairs from cxb_gdraw(seed, 1, i, r), i = 0 .. d_r-1 (d_0 = m);
 * the accumulated set is canonicalised, sorted and deduplicated; d_{r+1} = m - |set|.
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

uint64_t cxb_gnm_unique(uint64_t *key, uint64_t *tmp, uint64_t count)
{
    cxb_sort_u64(key, tmp, count);
    uint64_t k = 0;
    for (uint64_t i = 0; i < count; ++i)
        if (k == 0 || key[i] != key[k - 1])
            key[k++] = key[i];
    return k;
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

cxb_status cxb_gnm_run(const cxb_gen_spec *s, cxb_gnm_draw_fn draws, void *arg, cxb_edges *out)
{
    int complement;
    uint64_t target = cxb_gnm_target(s, &complement);
    uint64_t *set = malloc((target ? target : 1) * sizeof *set);
    uint64_t *tmp = malloc((target ? target : 1) * sizeof *tmp);
    cxb_status st = CXB_OK;
    if (!set || !tmp) {
        st = cxb_fail(CXB_ERESOURCE, "graph gen: no memory for %llu edges",
                      (unsigned long long)target);
        goto done;
    }
    uint64_t k = 0;
    for (uint32_t r = 0; k < target; ++r) {
        uint64_t d = target - k;
        if ((st = draws(s, r, d, set + k, arg)) != CXB_OK)
            goto done;
        k = cxb_gnm_unique(set, tmp, k + d);
    }
    if (complement) {
        if ((st = cxb_gen_alloc(out, s->n, s->m)) != CXB_OK)
            goto done;
        cxb_gnm_complement(s->n, set, k, out->key);
        out->count = s->m;
    } else {
        cxb_edges_init(out);
        out->n = s->n;
        out->key = set;
        out->cap = target;
        out->count = k;
        set = NULL;
    }
done:
    free(set);
    free(tmp);
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
    return cxb_gnm_run(s, seq_draws, NULL, out);
}
