/* graph gen, sequential: the row models line, ring, lattice and gnp (graph.md 9.2, 9.3)
 * and the sequential driver. Row r's tuples are a pure function of (spec, r); the
 * pthreads driver (impl_pthreads/graph/gen_rows.c) calls the same cxb_gen_rows on
 * chunks of rows. */
#include <stdlib.h>
#include <string.h>

#include "impl_cpu/graph/gen.h"

void cxb_gen_ctx_init(cxb_gen_ctx *c, const cxb_gen_spec *s)
{
    memset(c, 0, sizeof *c);
    c->s = s;
    c->rows = s->n;
    uint64_t st = 1;
    for (unsigned i = 0; i < s->dims; ++i) {
        c->stride[i] = st;
        st *= s->side[i];
    }
    if (s->model == CXB_GEN_GNP && s->p > 0.0 && s->p < 1.0)
        c->log1mp = cxb_detlog1m(s->p);
}

cxb_status cxb_gen_alloc(cxb_edges *out, uint64_t n, uint64_t count)
{
    cxb_edges_init(out);
    out->n = n;
    if (count > SIZE_MAX / sizeof(uint64_t) || !(out->key = malloc(count ? count * 8 : 8)))
        return cxb_fail(CXB_ERESOURCE, "graph gen: no memory for %llu tuples",
                        (unsigned long long)count);
    out->cap = count;
    return CXB_OK;
}

#define EMIT(u, v)                                          \
    do {                                                    \
        if (out)                                            \
            out[c] = cxb_edge_key((cxb_vid)(u), (cxb_vid)(v)); \
        ++c;                                                \
    } while (0)

/* gnp row u (Batagelj-Brandes geometric skipping): candidates v = u+1 .. n-1; the t-th
 * skip uses U of cxb_gdraw(seed, 2, u, t): skip floor(log(1 - U) / log(1 - p)). */
static uint64_t gnp_row(const cxb_gen_ctx *x, uint64_t u, uint64_t *out)
{
    const cxb_gen_spec *s = x->s;
    uint64_t c = 0;
    if (u + 1 >= s->n || s->p <= 0.0)
        return 0;
    uint64_t len = s->n - 1 - u, next = 0; /* next: candidate index of the next slot */
    if (s->p >= 1.0) {
        for (uint64_t w = 0; w < len; ++w)
            EMIT(u, u + 1 + w);
        return c;
    }
    for (uint32_t t = 0;; ++t) {
        double U = cxb_gunit(cxb_gx0(cxb_gdraw(s->seed, CXB_GDOM_GNP, u, t)));
        double q = cxb_detlog(1.0 - U) / x->log1mp; /* >= 0 (or -0) */
        if (q >= (double)(len - next)) /* lands past the row's end */
            break;
        next += (uint64_t)q;
        EMIT(u, u + 1 + next);
        if (++next >= len)
            break;
    }
    return c;
}

uint64_t cxb_gen_rows(const cxb_gen_ctx *x, uint64_t r0, uint64_t r1, uint64_t *out)
{
    const cxb_gen_spec *s = x->s;
    uint64_t c = 0;
    switch (s->model) {
    case CXB_GEN_LINE:
        for (uint64_t v = r0; v < r1; ++v)
            if (v + 1 < s->n)
                EMIT(v, v + 1);
        break;
    case CXB_GEN_RING:
        for (uint64_t v = r0; v < r1; ++v)
            for (uint64_t d = 1; d <= s->k / 2; ++d)
                EMIT(v, (v + d) % s->n);
        break;
    case CXB_GEN_LATTICE:
        for (uint64_t v = r0; v < r1; ++v) {
            uint64_t rest = v;
            for (unsigned i = 0; i < s->dims; ++i) {
                uint64_t L = s->side[i], xi = rest % L;
                rest /= L;
                if (xi + 1 < L)
                    EMIT(v, v + x->stride[i]);
                else if (s->periodic) /* wrap: x_i = L-1 -> 0 */
                    EMIT(v, v - xi * x->stride[i]);
            }
        }
        break;
    case CXB_GEN_GNP:
        for (uint64_t u = r0; u < r1; ++u)
            c += gnp_row(x, u, out ? out + c : NULL);
        break;
    case CXB_GEN_GNM:
        break; /* not a row model */
    }
    return c;
}

cxb_status cxb_generate_seq(const cxb_gen_spec *s, cxb_edges *out)
{
    if (s->model == CXB_GEN_GNM)
        return cxb_gnm_seq(s, out);
    cxb_gen_ctx x;
    cxb_gen_ctx_init(&x, s);
    uint64_t count = s->model == CXB_GEN_GNP ? cxb_gen_rows(&x, 0, x.rows, NULL)
                                             : cxb_gen_tuples_hint(s);
    cxb_status st = cxb_gen_alloc(out, s->n, count);
    if (st != CXB_OK)
        return st;
    out->count = cxb_gen_rows(&x, 0, x.rows, out->key);
    return CXB_OK;
}
