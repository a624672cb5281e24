/* graph gen: ws, the Watts-Strogatz beta-model exactly as Leist describes it (Sec. 2.6;
 * docs/studies/graph.md). Start from ring:n,k; in lap s = 1 .. k/2 visit v = 0 .. n-1 and, with
 * probability p, replace the lattice edge {v, v+s} by {v, j}, j uniform over the
 * vertices that are neither v nor a current neighbour of v (rejection: attempt a draws
 * j = bounded(x0 of cxb_gdraw(seed, 3, v, (s << 16) | (a + 1)), n)). No self-loops or
 * duplicates are ever created, so m = nk/2 exactly.
 *
 * Whether j is admissible depends on every earlier rewiring that touched v or j, so the
 * loop is sequential on every backend (docs/studies/graph.md): pthreads computes the coins in
 * parallel (cxb_ws_coins) and calls this same loop. The current edge set is an open-
 * addressing hash set of canonical keys with tombstones, sized for the at most 2 * nk/2
 * keys ever inserted at load <= 1/2. Deviation: none in the model; the data structure is
 * ours (networkx's watts_strogatz_graph runs the same process on a dict of sets). */
#include <stdlib.h>
#include <string.h>

#include "cxb/graph/gen_host.h"

#define WS_EMPTY (~0ull)        /* never a canonical key: u < v < 2^32 - 1 */
#define WS_TOMB (~0ull - 1)     /* u = 2^32 - 1 > v: never canonical either */
#define WS_MAX_ATTEMPTS 65535u  /* docs/studies/graph.md: the attempt number is 16 bits */

void cxb_ws_coins(const cxb_gen_ctx *x, uint64_t i0, uint64_t i1, uint8_t *coin)
{
    for (uint64_t i = i0; i < i1; ++i)
        coin[i - i0] = cxb_ws_coin(x, i);
}

typedef struct ws_set {
    uint64_t *slot;
    uint64_t mask;
} ws_set;

static uint64_t ws_key(uint64_t a, uint64_t b)
{
    return a < b ? cxb_edge_key((cxb_vid)a, (cxb_vid)b) : cxb_edge_key((cxb_vid)b, (cxb_vid)a);
}

/* the slot holding key, or the empty slot ending its probe sequence */
static uint64_t *ws_find(const ws_set *h, uint64_t key)
{
    uint64_t i = cxb_mix64(key) & h->mask;
    while (h->slot[i] != key && h->slot[i] != WS_EMPTY)
        i = (i + 1) & h->mask;
    return &h->slot[i];
}

static void ws_insert(ws_set *h, uint64_t key)
{
    uint64_t i = cxb_mix64(key) & h->mask;
    while (h->slot[i] != WS_EMPTY && h->slot[i] != WS_TOMB)
        i = (i + 1) & h->mask;
    h->slot[i] = key;
}

cxb_status cxb_ws_rewire(const cxb_gen_spec *s, const uint8_t *coin, cxb_edges *out)
{
    uint64_t n = s->n, h = s->k / 2, lat = n * h;
    cxb_status st = cxb_gen_alloc(out, n, lat);
    if (st != CXB_OK)
        return st;
    uint64_t size = 16;
    while (size < 4 * lat)
        size *= 2;
    ws_set set = {malloc(size * sizeof(uint64_t)), size - 1};
    if (!set.slot) {
        cxb_edges_free(out);
        return cxb_fail(CXB_ERESOURCE, "graph gen: ws: no memory for the edge set of %llu edges",
                        (unsigned long long)lat);
    }
    memset(set.slot, 0xff, size * sizeof(uint64_t));
    for (uint64_t v = 0; v < n; ++v)
        for (uint64_t d = 1; d <= h; ++d) {
            out->key[v * h + d - 1] = cxb_edge_key((cxb_vid)v, (cxb_vid)((v + d) % n));
            ws_insert(&set, ws_key(v, (v + d) % n));
        }
    for (uint64_t d = 1; d <= h && st == CXB_OK; ++d)
        for (uint64_t v = 0; v < n; ++v) {
            if (!coin[(d - 1) * n + v])
                continue;
            uint32_t a = 0;
            uint64_t j = v;
            for (; a < WS_MAX_ATTEMPTS; ++a) {
                uint32_t sub = (uint32_t)(d << 16) | (a + 1);
                j = cxb_gbounded(cxb_gx0(cxb_gdraw(s->seed, CXB_GDOM_WS, v, sub)), n);
                if (j != v && *ws_find(&set, ws_key(v, j)) == WS_EMPTY)
                    break;
            }
            if (a == WS_MAX_ATTEMPTS) {
                st = cxb_fail(CXB_EINPUT, "ws: vertex %llu has no admissible target after %u "
                              "attempts", (unsigned long long)v, WS_MAX_ATTEMPTS);
                break;
            }
            *ws_find(&set, ws_key(v, (v + d) % n)) = WS_TOMB; /* always present (9.4) */
            ws_insert(&set, ws_key(v, j));
            out->key[v * h + d - 1] = cxb_edge_key((cxb_vid)v, (cxb_vid)j);
        }
    free(set.slot);
    if (st != CXB_OK)
        cxb_edges_free(out);
    else
        out->count = lat;
    return st;
}
