/* graph gen, sequential: the per-run constants of the row models (docs/studies/graph.md),
 * disjoint's member lists (9.5) and the sequential driver. The rows themselves are
 * include/cxb/graph/gen_rows.h; the pthreads driver (impl_pthreads/graph/gen_rows.c)
 * calls the same cxb_gen_rows on chunks of rows. */
#define _DEFAULT_SOURCE /* madvise, MADV_HUGEPAGE */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "cxb/graph/gen_host.h"

void cxb_gen_ctx_init(cxb_gen_ctx *c, const cxb_gen_spec *s)
{
    memset(c, 0, sizeof *c);
    c->model = (int)s->model;
    c->n = s->n;
    c->k = s->k;
    c->seed = s->seed;
    c->rows = s->n;
    c->dims = s->dims;
    c->periodic = s->periodic;
    uint64_t st = 1;
    for (unsigned i = 0; i < s->dims; ++i) {
        c->side[i] = s->side[i];
        c->stride[i] = st;
        st *= s->side[i];
    }
    c->p = s->p;
    if (s->model == CXB_GEN_GNP && s->p > 0.0 && s->p < 1.0)
        c->log1mp = cxb_detlog1m(s->p);
    c->coin = cxb_gbern_make(s->p);
    switch (s->model) {
    case CXB_GEN_RING:
    case CXB_GEN_WSFAST:
        c->per_row = s->k / 2;
        break;
    case CXB_GEN_RMAT:
    case CXB_GEN_KRON: {
        c->rows = s->ef << s->scale;
        c->per_row = 1;
        c->scale = s->scale;
        c->perm = s->perm;
        /* docs/studies/graph.md: thresholds in double once on the host; a sum above 1 by the
         * parser's 1e-12 tolerance means "never D" */
        double ab = s->a + s->b, abc = ab + s->cc;
        c->ta = (uint64_t)(s->a * 0x1p32);
        c->tab = (uint64_t)(ab * 0x1p32);
        c->tabc = abc >= 1.0 ? 1ull << 32 : (uint64_t)(abc * 0x1p32);
        uint64_t mask = (1ull << s->scale) - 1;
        for (uint64_t r = 0; r < 3; ++r) {
            cxb_philox4x32_ctr w = cxb_gdraw(s->seed, CXB_GDOM_PERM, r, 0);
            c->pk[r] = cxb_gx0(w) & mask;
            c->po[r] = (cxb_gx1(w) & mask) | 1;
        }
        break;
    }
    case CXB_GEN_BACOPY:
        c->m = s->m;
        c->n0 = s->n0;
        c->c0 = s->n0 * (s->n0 - (s->n0 > 0)) / 2;
        c->rows = c->c0 + s->m * (s->n - s->n0);
        c->per_row = 1;
        break;
    case CXB_GEN_DISJOINT:
        c->rows = s->e;
        c->per_row = 1;
        c->sets = s->c;
        break;
    default:
        break;
    }
}

/* Large tuple and key arrays in 2 MiB pages where the kernel offers them (Linux THP in
 * "madvise" mode, the default of many distributions): with 4 KiB pages, first touch of a
 * 128 MiB array costs 32768 page faults, about 55 ms on the 2-core dev VM, more than a
 * fifth of wsfast's generation at 2^24 tuples, and faults taken by two threads at once
 * did not run faster than by one; 2 MiB pages cost about 12 ms, and free() returns them
 * in 0.3 ms instead of 10. The block comes from aligned_alloc, so free() releases it;
 * without MADV_HUGEPAGE, or below GEN_HUGE_MIN, it is plain malloc. */
#define GEN_HUGE_PAGE ((size_t)2 << 20)
#define GEN_HUGE_MIN ((size_t)8 << 20)

void *cxb_gen_buffer(size_t bytes)
{
    if (!bytes)
        bytes = 8;
#ifdef MADV_HUGEPAGE
    if (bytes >= GEN_HUGE_MIN && bytes <= SIZE_MAX - GEN_HUGE_PAGE) {
        size_t size = (bytes + GEN_HUGE_PAGE - 1) & ~(GEN_HUGE_PAGE - 1);
        void *p = aligned_alloc(GEN_HUGE_PAGE, size);
        if (p)
            (void)madvise(p, size, MADV_HUGEPAGE); /* advice: refused, the pages are 4 KiB */
        return p;
    }
#endif
    return malloc(bytes);
}

cxb_status cxb_gen_alloc(cxb_edges *out, uint64_t n, uint64_t count)
{
    cxb_edges_init(out);
    out->n = n;
    if (count > SIZE_MAX / sizeof(uint64_t) || !(out->key = cxb_gen_buffer(count * 8)))
        return cxb_fail(CXB_ERESOURCE, "graph gen: no memory for %llu tuples",
                        (unsigned long long)count);
    out->cap = count;
    return CXB_OK;
}

cxb_status cxb_disjoint_members(cxb_gen_ctx *x, uint32_t *set)
{
    uint64_t c = x->sets;
    uint64_t *moff = calloc(c + 1, sizeof *moff);
    uint32_t *members = malloc((x->n ? x->n : 1) * sizeof *members);
    if (!moff || !members) {
        free(moff);
        free(members);
        free(set);
        return cxb_fail(CXB_ERESOURCE, "graph gen: disjoint: no memory for the member lists of "
                        "%llu vertices", (unsigned long long)x->n);
    }
    for (uint64_t v = 0; v < x->n; ++v)
        ++moff[set[v] + 1];
    for (uint64_t i = 0; i < c; ++i)
        moff[i + 1] += moff[i];
    /* stable placement: a cursor per set, taken from moff and restored after */
    for (uint64_t v = 0; v < x->n; ++v)
        members[moff[set[v]]++] = (uint32_t)v;
    for (uint64_t i = c; i > 0; --i)
        moff[i] = moff[i - 1];
    moff[0] = 0;
    x->set = set;
    x->moff = moff;
    x->members = members;
    return CXB_OK;
}

void cxb_disjoint_free(cxb_gen_ctx *x)
{
    free((void *)x->set);
    free((void *)x->moff);
    free((void *)x->members);
    x->set = NULL;
    x->moff = NULL;
    x->members = NULL;
}

static cxb_status ws_seq(const cxb_gen_spec *s, cxb_edges *out)
{
    cxb_gen_ctx x;
    cxb_gen_ctx_init(&x, s);
    uint64_t lat = s->n * (s->k / 2);
    uint8_t *coin = malloc(lat ? lat : 1);
    if (!coin)
        return cxb_fail(CXB_ERESOURCE, "graph gen: ws: no memory for %llu coins",
                        (unsigned long long)lat);
    cxb_ws_coins(&x, 0, lat, coin);
    cxb_status st = cxb_ws_rewire(s, coin, out);
    free(coin);
    return st;
}

cxb_status cxb_generate_seq(const cxb_gen_spec *s, cxb_edges *out)
{
    if (s->model == CXB_GEN_GNM)
        return cxb_gnm_seq(s, out);
    if (s->model == CXB_GEN_WS)
        return ws_seq(s, out);
    cxb_gen_ctx x;
    cxb_gen_ctx_init(&x, s);
    cxb_status st;
    if (s->model == CXB_GEN_DISJOINT) {
        uint32_t *set = malloc((s->n ? s->n : 1) * sizeof *set);
        if (!set)
            return cxb_fail(CXB_ERESOURCE, "graph gen: disjoint: no memory for %llu vertices",
                            (unsigned long long)s->n);
        for (uint64_t v = 0; v < s->n; ++v)
            set[v] = cxb_disjoint_set(s->seed, v, s->c);
        if ((st = cxb_disjoint_members(&x, set)) != CXB_OK)
            return st;
    }
    uint64_t count = x.per_row ? x.rows * x.per_row : cxb_gen_rows(&x, 0, x.rows, NULL);
    if ((st = cxb_gen_alloc(out, s->n, count)) == CXB_OK)
        out->count = cxb_gen_rows(&x, 0, x.rows, out->key);
    cxb_disjoint_free(&x);
    return st;
}
