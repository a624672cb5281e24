/* cxb/graph/gen_rows.h - the per-row and per-element work of the supporting generators
 * (docs/studies/graph.md), shared by seq, pthreads and CUDA (impl_cuda/graph/gen.cu): every
 * backend only schedules rows, so the tuples of rows [r0, r1) are the same bits everywhere.
 *
 * A "row" is: a vertex for line, ring, lattice, gnp (Batagelj-Brandes geometric skipping,
 * 9.3), wsfast and nw (9.4); an edge tuple for rmat/kron (9.6), bacopy (9.7, Sanders-
 * Schulz hashed copy model, after KaGen kagen/generators/barabassi/) and disjoint (9.5,
 * Leist Sec. 6.1.4). gnm (rounds + dedup) and ws (inherently sequential rewiring, Leist
 * Sec. 2.6) are not row models; ws's coin is here, its loop is impl_cpu/graph/gen_ws.c.
 *
 * Everything is static inline CXB_HD on integers, except gnp's skip (cxb_detlog, + - * /
 * only, docs/studies/graph.md). cxb_gen_ctx holds values only (no host pointers except the
 * disjoint member tables, which a device backend replaces by device copies), so it can
 * be passed by value to a kernel.
 */
#ifndef CXB_GRAPH_GEN_ROWS_H
#define CXB_GRAPH_GEN_ROWS_H

#include <stdint.h>

#include "cxb/graph/graph.h"
#include "cxb/graph/gen.h"
#include "cxb/graph/keyed.h"
#include "cxb/hd.h"

/* Per-run constants, computed once on the host by cxb_gen_ctx_init (impl_cpu/graph). */
typedef struct cxb_gen_ctx {
    int model;          /* cxb_gen_model */
    uint64_t n, k, seed;
    uint64_t rows;      /* row count */
    uint64_t per_row;   /* tuples per row when the same for every row, else 0 */
    unsigned dims;
    int periodic;
    uint64_t side[CXB_LATTICE_MAX_DIMS], stride[CXB_LATTICE_MAX_DIMS];
    double p, log1mp;   /* gnp: log(1 - p) by cxb_detlog1m */
    cxb_gbern coin;     /* ws, wsfast, nw: T = floor(p 2^64) */
    /* rmat/kron: quadrant thresholds floor(A 2^32), floor((A+B) 2^32), floor((A+B+C) 2^32)
     * (64-bit: A+B+C = 1 gives 2^32, "never D"), and the permutation's keys (9.6) */
    unsigned scale;
    int perm;
    uint64_t ta, tab, tabc;
    uint64_t pk[3], po[3];
    /* bacopy: m edges per new vertex, n0 core vertices, c0 = C(n0, 2) core edges */
    uint64_t m, n0, c0;
    /* disjoint: c sets; set[v], members sorted by (set, id), moff[c + 1] */
    uint64_t sets;
    const uint32_t *set;
    const uint64_t *moff;
    const uint32_t *members;
} cxb_gen_ctx;

#define CXB_GEN_EMIT(u, v)                                         \
    do {                                                           \
        if (out)                                                   \
            out[c] = cxb_edge_key((cxb_vid)(u), (cxb_vid)(v));     \
        ++c;                                                       \
    } while (0)

/* x / m, by a 32-bit division whenever both fit in 32 bits: the same quotient, but on a
 * GPU a 64-bit division is a long software routine, and the fast generators divide per
 * tuple (bacopy's source vertex and target, wsfast's flat tuple index). */
static inline CXB_HD uint64_t cxb_gen_udiv(uint64_t x, uint64_t m)
{
    return (x | m) >> 32 ? x / m : (uint64_t)((uint32_t)x / (uint32_t)m);
}

/* gnp row u (Batagelj-Brandes geometric skipping): candidates v = u+1 .. n-1; the t-th
 * skip uses U of cxb_gdraw(seed, 2, u, t): skip floor(log(1 - U) / log(1 - p)). */
static inline CXB_HD uint64_t cxb_gnp_row(const cxb_gen_ctx *x, uint64_t u, uint64_t *out)
{
    uint64_t c = 0;
    if (u + 1 >= x->n || x->p <= 0.0)
        return 0;
    uint64_t len = x->n - 1 - u, next = 0; /* next: candidate index of the next slot */
    if (x->p >= 1.0) {
        for (uint64_t w = 0; w < len; ++w)
            CXB_GEN_EMIT(u, u + 1 + w);
        return c;
    }
    for (uint32_t t = 0;; ++t) {
        double U = cxb_gunit(cxb_gx0(cxb_gdraw(x->seed, CXB_GDOM_GNP, u, t)));
        double q = cxb_detlog(1.0 - U) / x->log1mp; /* >= 0 (or -0) */
        if (q >= (double)(len - next)) /* lands past the row's end */
            break;
        next += (uint64_t)q;
        CXB_GEN_EMIT(u, u + 1 + next);
        if (++next >= len)
            break;
    }
    return c;
}

/* ws and wsfast: the coin of lattice edge {v, v+s} is x0 of cxb_gdraw(seed, dom, v,
 * s << 16) (docs/studies/graph.md; the low 16 bits of j number ws's target attempts, so k/2 <
 * 2^16, checked by the parser). wsfast draws its target from x1 of the same block. */
static inline CXB_HD cxb_philox4x32_ctr cxb_ws_block(uint64_t seed, uint32_t dom, uint64_t v,
                                                    uint64_t s)
{
    return cxb_gdraw(seed, dom, v, (uint32_t)(s << 16));
}

/* ws coin of lattice edge index i = (s-1) n + v (the layout of cxb_ws_rewire's coins). */
static inline CXB_HD uint8_t cxb_ws_coin(const cxb_gen_ctx *x, uint64_t i)
{
    uint64_t s = i / x->n + 1, v = i % x->n;
    return (uint8_t)cxb_gbern_hit(x->coin, cxb_gx0(cxb_ws_block(x->seed, CXB_GDOM_WS, v, s)));
}

/* wsfast tuple of lattice edge {v, v+s}, s = 1 .. k/2: kept, or with probability p
 * rewired to {v, j} with j outside v's closed lattice ball (docs/studies/graph.md). v + s and
 * v + k/2 + 1 + bounded(x1, n-k-1) are below 2n, so one conditional subtraction is the
 * "mod n" (no 64-bit remainder per tuple). */
static inline CXB_HD uint64_t cxb_wsfast_tuple(const cxb_gen_ctx *x, uint64_t v, uint64_t s)
{
    cxb_philox4x32_ctr w = cxb_ws_block(x->seed, CXB_GDOM_WSFAST, v, s);
    uint64_t j = v + s;
    if (cxb_gbern_hit(x->coin, cxb_gx0(w)))
        j = v + x->k / 2 + 1 + cxb_gbounded(cxb_gx1(w), x->n - x->k - 1);
    if (j >= x->n)
        j -= x->n;
    return cxb_edge_key((cxb_vid)v, (cxb_vid)j);
}

/* gnm draw i of round r: a distinct-endpoint pair (docs/studies/graph.md) as a canonical key. */
static inline CXB_HD uint64_t cxb_gnm_draw(uint64_t seed, uint64_t n, uint32_t round, uint64_t i)
{
    cxb_philox4x32_ctr w = cxb_gdraw(seed, CXB_GDOM_GNM, i, round);
    uint32_t u, v;
    cxb_gpair(cxb_gx0(w), cxb_gx1(w), n, &u, &v);
    return u < v ? cxb_edge_key(u, v) : cxb_edge_key(v, u);
}

/* rmat tuple e: level l picks a quadrant with word (l mod 4) of cxb_gdraw(seed, 7, e, l/4)
 * and sets bit (scale-1-l) of u and v. The inner loop over the four words has a constant
 * trip count, so the device compiler unrolls it and keeps the block in registers (a
 * runtime index l % 4 would put it in local memory); the quadrant is branch-free: with
 * T_A <= T_AB <= T_ABC, u's bit is [w >= T_AB] and v's bit is the parity of the number
 * of thresholds w reaches ((0,1) for one, (1,0) for two, (1,1) for three). Shifting the
 * bits in from the right puts level l at bit scale-1-l. */
static inline CXB_HD void cxb_rmat_tuple(const cxb_gen_ctx *x, uint64_t e, uint32_t *u, uint32_t *v)
{
    uint32_t a = 0, b = 0;
    for (unsigned l0 = 0; l0 < x->scale; l0 += 4) {
        cxb_philox4x32_ctr w = cxb_gdraw(x->seed, CXB_GDOM_RMAT, e, l0 / 4);
        for (unsigned j = 0; j < 4; ++j) {
            if (l0 + j >= x->scale)
                break;
            uint64_t r = w.v[j];
            uint32_t ge_a = r >= x->ta, ge_ab = r >= x->tab, ge_abc = r >= x->tabc;
            a = (a << 1) | ge_ab;
            b = (b << 1) | (ge_a ^ ge_ab ^ ge_abc);
        }
    }
    *u = a;
    *v = b;
}

/* The keyed bijection of [0, 2^scale) (docs/studies/graph.md): three rounds of add, multiply by
 * an odd number and xorshift by ceil(s/2), each invertible on s bits. */
static inline CXB_HD uint32_t cxb_rmat_perm(const cxb_gen_ctx *x, uint32_t v)
{
    uint64_t mask = (1ull << x->scale) - 1, y = v;
    unsigned sh = (x->scale + 1) / 2;
    for (int r = 0; r < 3; ++r) {
        y = (y + x->pk[r]) & mask;
        y = (y * x->po[r]) & mask;
        y ^= y >> sh;
    }
    return (uint32_t)y;
}

/* bacopy core edge e of the n0-clique in canonical order (a < b, lexicographic): row a
 * starts at a (2 n0 - a - 1) / 2; integer binary search, no floating point. */
static inline CXB_HD void cxb_bacopy_core(uint64_t n0, uint64_t e, uint64_t *a, uint64_t *b)
{
    uint64_t lo = 0, hi = n0 - 1; /* the row is the largest a with start(a) <= e */
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (mid * (2 * n0 - mid - 1) / 2 <= e)
            lo = mid;
        else
            hi = mid;
    }
    *a = lo;
    *b = lo + 1 + (e - lo * (2 * n0 - lo - 1) / 2);
}

/* bacopy: the vertex at odd position x of the (never stored) endpoint array: hash
 * r = bounded(x0 of cxb_gdraw(seed, 9, x, 0), x) until r is a core position or even. */
static inline CXB_HD uint64_t cxb_bacopy_target(const cxb_gen_ctx *x, uint64_t pos)
{
    for (;;) {
        uint64_t r = cxb_gbounded(cxb_gx0(cxb_gdraw(x->seed, CXB_GDOM_BACOPY, pos, 0)), pos);
        if (r < 2 * x->c0) {
            uint64_t a, b;
            cxb_bacopy_core(x->n0, r / 2, &a, &b);
            return r & 1 ? b : a;
        }
        if (!(r & 1))
            return x->n0 + cxb_gen_udiv(r / 2 - x->c0, x->m);
        pos = r;
    }
}

/* disjoint: the set of vertex v, bounded(x0 of cxb_gdraw(seed, 6, v, 0), c). */
static inline CXB_HD uint32_t cxb_disjoint_set(uint64_t seed, uint64_t v, uint64_t c)
{
    return (uint32_t)cxb_gbounded(cxb_gx0(cxb_gdraw(seed, CXB_GDOM_DISJOINT, v, 0)), c);
}

/* Tuples of rows [r0, r1) written to out (NULL: only counted); returns their number. */
static inline CXB_HD uint64_t cxb_gen_rows(const cxb_gen_ctx *x, uint64_t r0, uint64_t r1,
                                           uint64_t *out)
{
    uint64_t c = 0, h = x->k / 2;
    switch (x->model) {
    case CXB_GEN_LINE:
        for (uint64_t v = r0; v < r1; ++v)
            if (v + 1 < x->n)
                CXB_GEN_EMIT(v, v + 1);
        break;
    case CXB_GEN_RING:
        for (uint64_t v = r0; v < r1; ++v)
            for (uint64_t d = 1; d <= h; ++d)
                CXB_GEN_EMIT(v, (v + d) % x->n);
        break;
    case CXB_GEN_LATTICE:
        for (uint64_t v = r0; v < r1; ++v) {
            uint64_t rest = v;
            for (unsigned i = 0; i < x->dims; ++i) {
                uint64_t L = x->side[i], xi = rest % L;
                rest /= L;
                if (xi + 1 < L)
                    CXB_GEN_EMIT(v, v + x->stride[i]);
                else if (x->periodic) /* wrap: x_i = L-1 -> 0 */
                    CXB_GEN_EMIT(v, v - xi * x->stride[i]);
            }
        }
        break;
    case CXB_GEN_GNP:
        for (uint64_t u = r0; u < r1; ++u)
            c += cxb_gnp_row(x, u, out ? out + c : NULL);
        break;
    case CXB_GEN_WSFAST: /* {v, v+s} or, with probability p, {v, j} outside v's lattice ball */
        for (uint64_t v = r0; v < r1; ++v)
            for (uint64_t s = 1; s <= h; ++s) {
                if (out)
                    out[c] = cxb_wsfast_tuple(x, v, s);
                ++c;
            }
        break;
    case CXB_GEN_NW: /* the lattice edge, then (probability p) a shortcut between two random vertices */
        for (uint64_t v = r0; v < r1; ++v)
            for (uint64_t s = 1; s <= h; ++s) {
                CXB_GEN_EMIT(v, (v + s) % x->n);
                uint64_t e = (s - 1) * x->n + v;
                if (cxb_gbern_hit(x->coin, cxb_gx0(cxb_gdraw(x->seed, CXB_GDOM_NW, e, 0)))) {
                    if (out) { /* the count pass needs the coin only */
                        cxb_philox4x32_ctr w = cxb_gdraw(x->seed, CXB_GDOM_NW, e, 1);
                        out[c] = cxb_edge_key((cxb_vid)cxb_gbounded(cxb_gx0(w), x->n),
                                              (cxb_vid)cxb_gbounded(cxb_gx1(w), x->n));
                    }
                    ++c;
                }
            }
        break;
    case CXB_GEN_RMAT:
    case CXB_GEN_KRON:
        for (uint64_t e = r0; e < r1; ++e) {
            uint32_t u, v;
            cxb_rmat_tuple(x, e, &u, &v);
            if (x->perm) {
                u = cxb_rmat_perm(x, u);
                v = cxb_rmat_perm(x, v);
            }
            CXB_GEN_EMIT(u, v);
        }
        break;
    case CXB_GEN_BACOPY:
        for (uint64_t e = r0; e < r1; ++e) {
            if (e < x->c0) {
                uint64_t a, b;
                cxb_bacopy_core(x->n0, e, &a, &b);
                CXB_GEN_EMIT(a, b);
            } else
                CXB_GEN_EMIT(x->n0 + cxb_gen_udiv(e - x->c0, x->m), cxb_bacopy_target(x, 2 * e + 1));
        }
        break;
    case CXB_GEN_DISJOINT: /* u uniform, w uniform among u's set's members */
        for (uint64_t t = r0; t < r1; ++t) {
            cxb_philox4x32_ctr w = cxb_gdraw(x->seed, CXB_GDOM_DISJOINT, t, 1);
            uint64_t u = cxb_gbounded(cxb_gx0(w), x->n);
            uint32_t st = x->set[u];
            uint64_t o = x->moff[st], size = x->moff[st + 1] - o;
            CXB_GEN_EMIT(u, x->members[o + cxb_gbounded(cxb_gx1(w), size)]);
        }
        break;
    default:
        break; /* gnm, ws: not row models */
    }
    return c;
}

#undef CXB_GEN_EMIT

#endif
