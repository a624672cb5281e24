/* components.recursive.seq - Leist's sequential CPU labelling (Leist 2011, Sec. 6.1, Alg. 22-23;
 * docs/studies/components.md "recursive.seq"), the thesis's baseline and the study's reference.
 *
 * C[v] = v and F[v] = true; for each vertex i with F[i] set, PROCESS(i, 0) and drain the deferred
 * list P. PROCESS(i, depth) clears F[i] and scans i's row: a neighbour with a smaller label lowers
 * C[i] and restarts the scan from the first neighbour; a neighbour j with a larger label gets
 * C[j] = C[i] and is processed recursively (depth + 1) while depth < rmax, else deferred.
 *
 * Deviations (docs/studies/components.md "recursive.seq"):
 * - the recursion is emulated by an explicit stack of (vertex, scan position) frames on the heap,
 *   at most rmax + 1 deep, so that no graph (a line of 10^6 vertices included) can overflow the
 *   C stack; the order of the work is that of the recursive algorithm;
 * - when a vertex is deferred, F[j] is set to true (the thesis's Alg. 23 leaves it ambiguous; a
 *   deferred vertex with F = false would be skipped and its neighbours left stale);
 * - P is drained after each top-level call, which keeps it small;
 * - rows are read from the CSR instead of the thesis's length-prefixed per-vertex arrays.
 */
#include <stdlib.h>

#include "cxb/components/components.h"

typedef struct frame {
    cxb_vid v;
    uint64_t pos; /* next arc of v's row to scan */
} frame;

typedef struct growing {
    void *p;
    uint64_t len, cap;
} growing;

static int grow(growing *g, size_t elem)
{
    if (g->len < g->cap)
        return 1;
    uint64_t cap = g->cap ? 2 * g->cap : 1024;
    void *p = realloc(g->p, cap * elem);
    if (!p)
        return 0;
    g->p = p;
    g->cap = cap;
    return 1;
}

cxb_status cxb_cc_recursive_seq(const cxb_csr *g, const cxb_cc_params *p, cxb_vid *label,
                                cxb_cc_stats *st)
{
    const uint64_t n = g->n, rmax = p ? p->rmax : 10000;
    if (st)
        st->iterations = st->bfs_passes = st->bfs_levels = 0;
    cxb_vid *C = label;
    unsigned char *F = malloc(n ? n : 1);
    growing stack = {NULL, 0, 0}, defer = {NULL, 0, 0};
    if (!F)
        return cxb_fail(CXB_ERESOURCE, "components.recursive.seq: no memory for %llu flags", (unsigned long long)n);
    for (uint64_t v = 0; v < n; ++v) {
        C[v] = (cxb_vid)v;
        F[v] = 1;
    }
    const uint64_t *off = g->off;
    const cxb_vid *adj = g->adj;
    cxb_status rc = CXB_OK;
    for (uint64_t i = 0; i < n && rc == CXB_OK; ++i) {
        if (!F[i])
            continue;
        cxb_vid top = (cxb_vid)i; /* PROCESS(top, 0), then PROCESS(j, 0) for each j popped from P */
        for (;;) {
            if (F[top]) {
                F[top] = 0;
                stack.len = 0;
                if (!grow(&stack, sizeof(frame))) {
                    rc = CXB_ERESOURCE;
                    break;
                }
                ((frame *)stack.p)[stack.len++] = (frame){top, off[top]};
                while (stack.len) {
                    frame *fr = (frame *)stack.p + stack.len - 1;
                    cxb_vid v = fr->v;
                    if (fr->pos == off[v + 1]) { /* PROCESS(v) returns */
                        --stack.len;
                        continue;
                    }
                    cxb_vid j = adj[fr->pos];
                    if (C[v] > C[j]) { /* Alg. 23: take the smaller label, rescan from the first */
                        C[v] = C[j];
                        fr->pos = off[v];
                        continue;
                    }
                    ++fr->pos;
                    if (C[v] < C[j]) {
                        C[j] = C[v];
                        if (stack.len - 1 < rmax) { /* depth of v is stack.len - 1 */
                            if (!grow(&stack, sizeof(frame))) {
                                rc = CXB_ERESOURCE;
                                break;
                            }
                            F[j] = 0;
                            ((frame *)stack.p)[stack.len++] = (frame){j, off[j]};
                        } else { /* deferred: F[j] = true (docs/studies/components.md) */
                            if (!grow(&defer, sizeof(cxb_vid))) {
                                rc = CXB_ERESOURCE;
                                break;
                            }
                            F[j] = 1;
                            ((cxb_vid *)defer.p)[defer.len++] = j;
                        }
                    }
                }
                if (rc != CXB_OK)
                    break;
            }
            if (!defer.len)
                break;
            top = ((cxb_vid *)defer.p)[--defer.len]; /* drain P */
        }
    }
    free(stack.p);
    free(defer.p);
    free(F);
    if (rc != CXB_OK)
        return cxb_fail(CXB_ERESOURCE, "components.recursive.seq: no memory for the recursion stack or the deferred list");
    return CXB_OK;
}
