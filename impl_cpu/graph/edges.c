/* graph: edge lists of 64-bit keys, id compaction, and the option/format names
 * (docs/studies/graph.md). */
#include <stdlib.h>
#include <string.h>

#include "cxb/graph/graph.h"

void cxb_graph_opts_init(cxb_graph_opts *o)
{
    memset(o, 0, sizeof *o);
    o->format = CXB_GRAPH_AUTO;
    o->ids = CXB_IDS_ASIS;
}

static const char *const format_names[] = {"auto", "snap", "mtx", "cxg", "egr"};

const char *cxb_graph_format_name(cxb_graph_format f)
{
    return (unsigned)f < sizeof format_names / sizeof format_names[0] ? format_names[f] : "?";
}

cxb_status cxb_graph_format_parse(const char *name, cxb_graph_format *out)
{
    for (int f = CXB_GRAPH_SNAP; f <= CXB_GRAPH_EGR; ++f)
        if (!strcmp(name, format_names[f])) {
            *out = (cxb_graph_format)f;
            return CXB_OK;
        }
    return cxb_fail(CXB_EINPUT, "--format %s: expected snap, mtx, cxg or egr", name);
}

cxb_status cxb_graph_format_from_path(const char *path, cxb_graph_format *out)
{
    const char *dot = strrchr(path, '.');
    const char *slash = strrchr(path, '/');
    if (dot && (!slash || dot > slash)) {
        if (!strcmp(dot, ".el") || !strcmp(dot, ".txt")) {
            *out = CXB_GRAPH_SNAP;
            return CXB_OK;
        }
        for (int f = CXB_GRAPH_MTX; f <= CXB_GRAPH_EGR; ++f)
            if (!strcmp(dot + 1, format_names[f])) {
                *out = (cxb_graph_format)f;
                return CXB_OK;
            }
    }
    return cxb_fail(CXB_EINPUT,
                    "%s: cannot tell the format from the name (.el .txt .mtx .cxg .egr); "
                    "use --format",
                    path);
}

void cxb_edges_init(cxb_edges *e) { memset(e, 0, sizeof *e); }

void cxb_edges_free(cxb_edges *e)
{
    free(e->key);
    cxb_edges_init(e);
}

cxb_status cxb_edges_push(cxb_edges *e, cxb_vid u, cxb_vid v)
{
    if (e->count == e->cap) {
        uint64_t cap = e->cap ? 2 * e->cap : 1024;
        uint64_t *k = realloc(e->key, cap * sizeof *k);
        if (!k)
            return cxb_fail(CXB_ERESOURCE, "out of memory for %llu edge tuples",
                            (unsigned long long)cap);
        e->key = k;
        e->cap = cap;
    }
    e->key[e->count++] = cxb_edge_key(u, v);
    return CXB_OK;
}

/* Index of x in the sorted unique ids[0..k) (x is known to be there). */
static cxb_vid find_id(const cxb_vid *ids, uint64_t k, cxb_vid x)
{
    uint64_t lo = 0, hi = k;
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (ids[mid] <= x)
            lo = mid;
        else
            hi = mid;
    }
    return (cxb_vid)lo;
}

cxb_status cxb_edges_compact(cxb_edges *e, cxb_vid **ids_out)
{
    /* the distinct ids: sort all endpoints (as 64-bit keys, with the one radix sort), unique */
    uint64_t ends = 2 * e->count;
    uint64_t *all = malloc((ends ? ends : 1) * sizeof *all);
    uint64_t *tmp = malloc((ends ? ends : 1) * sizeof *tmp);
    if (!all || !tmp) {
        free(all);
        free(tmp);
        return cxb_fail(CXB_ERESOURCE, "out of memory compacting %llu edge tuples",
                        (unsigned long long)e->count);
    }
    for (uint64_t i = 0; i < e->count; ++i) {
        all[2 * i] = e->key[i] >> 32;
        all[2 * i + 1] = e->key[i] & 0xFFFFFFFFu;
    }
    cxb_sort_u64(all, tmp, ends);
    free(tmp);
    uint64_t k = 0;
    for (uint64_t i = 0; i < ends; ++i)
        if (k == 0 || all[i] != all[k - 1])
            all[k++] = all[i];
    cxb_vid *ids = malloc((k ? k : 1) * sizeof *ids);
    if (!ids) {
        free(all);
        return cxb_fail(CXB_ERESOURCE, "out of memory for %llu vertex ids", (unsigned long long)k);
    }
    for (uint64_t i = 0; i < k; ++i)
        ids[i] = (cxb_vid)all[i];
    free(all);
    for (uint64_t i = 0; i < e->count; ++i) {
        cxb_vid u = find_id(ids, k, (cxb_vid)(e->key[i] >> 32));
        cxb_vid v = find_id(ids, k, (cxb_vid)e->key[i]);
        e->key[i] = cxb_edge_key(u, v);
    }
    e->n = k;
    *ids_out = ids;
    return CXB_OK;
}
