/* graph: reading a graph file whole (docs/studies/graph.md): the format from the first non-blank
 * bytes (CXBGRAPH magic, %%MatrixMarket, else a SNAP edge list), parse, optional id
 * compaction (5.3), CSR build (4). The .cxg cache lookup of docs/studies/graph.md is not done here
 * yet: a .cxg is read only when it is the input.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>

#include "cxb/graph/graph.h"

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static cxb_graph_format detect(FILE *f)
{
    char head[64];
    size_t got = fread(head, 1, sizeof head, f);
    rewind(f);
    if (got >= 8 && !memcmp(head, "CXBGRAPH", 8))
        return CXB_GRAPH_CXG;
    size_t i = 0;
    while (i < got && (head[i] == ' ' || head[i] == '\t' || head[i] == '\r' || head[i] == '\n'))
        ++i;
    if (got - i >= 14 && !strncasecmp(head + i, "%%MatrixMarket", 14))
        return CXB_GRAPH_MTX;
    return CXB_GRAPH_SNAP;
}

cxb_status cxb_graph_read(const char *path, const cxb_graph_opts *o, cxb_csr *g,
                          cxb_graph_read_info *info)
{
    cxb_graph_read_info tmp;
    if (!info)
        info = &tmp;
    memset(info, 0, sizeof *info);
    memset(g, 0, sizeof *g);
    int64_t t0 = now_ns();
    FILE *f = fopen(path, "rb");
    if (!f)
        return cxb_fail(CXB_EINPUT, "%s: cannot open: %s", path, strerror(errno));
    struct stat sb;
    if (fstat(fileno(f), &sb) == 0) {
        if (S_ISDIR(sb.st_mode)) {
            fclose(f);
            return cxb_fail(CXB_EINPUT, "%s: cannot open: %s", path, strerror(EISDIR));
        }
        info->source_size = (uint64_t)sb.st_size;
        info->source_mtime_ns = (uint64_t)sb.st_mtim.tv_sec * 1000000000u +
                                (uint64_t)sb.st_mtim.tv_nsec;
    }
    cxb_graph_format fmt = o->format != CXB_GRAPH_AUTO ? o->format : detect(f);
    info->format = fmt;
    if (fmt == CXB_GRAPH_CXG || fmt == CXB_GRAPH_EGR) {
        fclose(f);
        if (fmt == CXB_GRAPH_EGR)
            return cxb_fail(CXB_EINPUT, "%s: .egr is an output format only", path);
        cxb_status st = cxb_cxg_read(path, g);
        info->parse_ns = now_ns() - t0;
        return st;
    }
    if (fmt == CXB_GRAPH_MTX && o->have_n) {
        fclose(f);
        return cxb_fail(CXB_EINPUT, "%s: --n does not apply: Matrix Market files give n", path);
    }
    cxb_edges e;
    cxb_build_stats stats;
    cxb_status st = fmt == CXB_GRAPH_MTX ? cxb_mtx_parse(f, path, &e, &stats)
                                         : cxb_snap_parse(f, path, o, &e, &stats);
    fclose(f);
    if (st != CXB_OK)
        return st;
    cxb_vid *ids = NULL;
    if (o->ids == CXB_IDS_COMPACT && (st = cxb_edges_compact(&e, &ids)) != CXB_OK) {
        cxb_edges_free(&e);
        return st;
    }
    int64_t t1 = now_ns();
    info->parse_ns = t1 - t0;
    st = cxb_csr_from_edges(&e, o->multigraph, g);
    cxb_edges_free(&e);
    if (st != CXB_OK) {
        free(ids);
        char why[512]; /* cxb_fail formats into the buffer cxb_last_error reads */
        snprintf(why, sizeof why, "%s", cxb_last_error());
        return cxb_fail(st, "%s: %s", path, why);
    }
    info->csr_ns = now_ns() - t1;
    g->stats.extra_columns_ignored = stats.extra_columns_ignored;
    if (ids) {
        g->ids = ids;
        g->flags |= CXB_CSR_COMPACT_IDS;
    }
    return CXB_OK;
}
