/* graph: the writers (docs/studies/graph.md). Text formats are canonical - each undirected edge
 * once, in ascending order - so a file's sha256 is the same from every backend
 * (docs/studies/graph.md). Integers are formatted by hand into a 64 KiB buffer: printf per number
 * would dominate the time of writing a large graph.
 */
#include <errno.h>
#include <string.h>

#include "cxb/graph/graph.h"
#include "harness/atomic.h"
#include "impl_cpu/graph/formats.h"

typedef struct out_buf {
    FILE *f;
    size_t len;
    int bad;
    char b[1 << 16];
} out_buf;

static void ob_flush(out_buf *o)
{
    if (o->len && fwrite(o->b, 1, o->len, o->f) != o->len)
        o->bad = 1;
    o->len = 0;
}

/* Room for a line of two numbers and separators. */
static void ob_reserve(out_buf *o)
{
    if (o->len > sizeof o->b - 64)
        ob_flush(o);
}

static void ob_u64(out_buf *o, uint64_t x)
{
    char t[24];
    int k = 0;
    do
        t[k++] = (char)('0' + x % 10);
    while ((x /= 10) != 0);
    while (k)
        o->b[o->len++] = t[--k];
}

static void ob_char(out_buf *o, char c) { o->b[o->len++] = c; }

static cxb_status ob_done(out_buf *o, const char *name)
{
    ob_flush(o);
    if (o->bad || ferror(o->f))
        return cxb_fail(CXB_ERESOURCE, "%s: write failed: %s", name, strerror(errno));
    return CXB_OK;
}

static const char *origin_text(const cxb_graph_origin *origin)
{
    return origin && origin->text ? origin->text : "unknown";
}

/* SNAP: header comments, then u<TAB>v for u < v ascending (rows are sorted). */
static cxb_status write_snap(FILE *f, const char *name, const cxb_csr *g,
                             const cxb_graph_origin *origin)
{
    fprintf(f, "# cxbench graph: %s\n# Nodes: %llu Edges: %llu\n# FromNodeId\tToNodeId\n",
            origin_text(origin), (unsigned long long)g->n, (unsigned long long)g->m);
    static _Thread_local out_buf o;
    o.f = f;
    o.len = 0;
    o.bad = 0;
    for (uint64_t u = 0; u < g->n; ++u)
        for (uint64_t k = g->off[u]; k < g->off[u + 1]; ++k)
            if (g->adj[k] > u) {
                ob_reserve(&o);
                ob_u64(&o, u);
                ob_char(&o, '\t');
                ob_u64(&o, g->adj[k]);
                ob_char(&o, '\n');
            }
    return ob_done(&o, name);
}

/* Matrix Market pattern symmetric: the lower triangle i > j, 1-based, sorted by (j, i):
 * column j holds the neighbours of vertex j above j, in row order. */
static cxb_status write_mtx(FILE *f, const char *name, const cxb_csr *g,
                            const cxb_graph_origin *origin)
{
    fprintf(f, "%%%%MatrixMarket matrix coordinate pattern symmetric\n%% cxbench graph: %s\n"
               "%llu %llu %llu\n",
            origin_text(origin), (unsigned long long)g->n, (unsigned long long)g->n,
            (unsigned long long)g->m);
    static _Thread_local out_buf o;
    o.f = f;
    o.len = 0;
    o.bad = 0;
    for (uint64_t j = 0; j < g->n; ++j)
        for (uint64_t k = g->off[j]; k < g->off[j + 1]; ++k)
            if (g->adj[k] > j) {
                ob_reserve(&o);
                ob_u64(&o, (uint64_t)g->adj[k] + 1);
                ob_char(&o, ' ');
                ob_u64(&o, j + 1);
                ob_char(&o, '\n');
            }
    return ob_done(&o, name);
}

/* ECL-CC's .egr (burtscher/ECL-Suite library/ECLgraph.h): int32 nodes, int32 edges
 * (arcs), int32 nindex[nodes + 1], int32 nlist[edges]. 32-bit throughout, so larger
 * graphs are refused rather than truncated (docs/studies/graph.md). */
static cxb_status write_egr(FILE *f, const char *name, const cxb_csr *g)
{
    if (g->nnz > 2147483647u)
        return cxb_fail(CXB_EINPUT, "%s: %llu arcs exceed the 32-bit .egr format", name,
                        (unsigned long long)g->nnz);
    if (g->n > 2147483647u)
        return cxb_fail(CXB_EINPUT, "%s: %llu vertices exceed the 32-bit .egr format", name,
                        (unsigned long long)g->n);
    int32_t hdr[2] = {(int32_t)g->n, (int32_t)g->nnz};
    int ok = fwrite(hdr, 4, 2, f) == 2;
    for (uint64_t v = 0; ok && v <= g->n; ++v) {
        int32_t x = (int32_t)g->off[v];
        ok = fwrite(&x, 4, 1, f) == 1;
    }
    ok = ok && fwrite(g->adj, 4, (size_t)g->nnz, f) == g->nnz; /* ids < 2^31: same bytes */
    if (!ok)
        return cxb_fail(CXB_ERESOURCE, "%s: write failed: %s", name, strerror(errno));
    return CXB_OK;
}

cxb_status cxb_graph_write_stream(FILE *f, const char *name, cxb_graph_format fmt,
                                  const cxb_csr *g, const cxb_graph_origin *origin)
{
    switch (fmt) {
    case CXB_GRAPH_SNAP:
        return write_snap(f, name, g, origin);
    case CXB_GRAPH_MTX:
        return write_mtx(f, name, g, origin);
    case CXB_GRAPH_CXG:
        return cxb_cxg_write_stream(f, name, g, origin);
    case CXB_GRAPH_EGR:
        return write_egr(f, name, g);
    default:
        return cxb_fail(CXB_EINPUT, "%s: no output format given", name);
    }
}

cxb_status cxb_graph_write(const char *path, cxb_graph_format fmt, const cxb_csr *g,
                           const cxb_graph_origin *origin)
{
    cxb_afile af;
    cxb_status st = cxb_afile_open(&af, path);
    if (st != CXB_OK)
        return st;
    static _Thread_local char vbuf[1 << 20];
    if (af.streamed != 2) /* stdout keeps its own buffer */
        setvbuf(af.f, vbuf, _IOFBF, sizeof vbuf);
    if ((st = cxb_graph_write_stream(af.f, path, fmt, g, origin)) != CXB_OK) {
        cxb_afile_abort(&af);
        return st;
    }
    return cxb_afile_commit(&af);
}
