/* graph: the .cxg binary cache (docs/studies/graph.md): a 256-byte little-endian header, the
 * offsets at byte 256, the adjacency at the next 64-byte boundary, and with compacted
 * ids the original-id map after it. Loading checks everything that would otherwise
 * crash or mislead a kernel, in O(n + nnz): header fields, file length, offsets, ids,
 * the flags (rows sorted; no parallel arcs unless multigraph; the id map increasing) and
 * the recomputed edgeset hash.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cxb/core/mem.h"
#include "cxb/graph/graph.h"
#include "impl_cpu/graph/formats.h"

#define CXG_MAGIC "CXBGRAPH"
#define CXG_VERSION 1u
#define CXG_HEADER 256u

static int little_endian(void)
{
    const uint16_t one = 1;
    return *(const unsigned char *)&one == 1;
}

static uint64_t align64(uint64_t x) { return (x + 63) & ~(uint64_t)63; }

static void put32(unsigned char *h, size_t at, uint32_t x) { memcpy(h + at, &x, 4); }
static void put64(unsigned char *h, size_t at, uint64_t x) { memcpy(h + at, &x, 8); }
static uint32_t get32(const unsigned char *h, size_t at)
{
    uint32_t x;
    memcpy(&x, h + at, 4);
    return x;
}
static uint64_t get64(const unsigned char *h, size_t at)
{
    uint64_t x;
    memcpy(&x, h + at, 8);
    return x;
}

static int write_zeros(FILE *f, uint64_t count)
{
    static const unsigned char z[64];
    return count <= sizeof z && fwrite(z, 1, (size_t)count, f) == count;
}

cxb_status cxb_cxg_write_stream(FILE *f, const char *name, const cxb_csr *g,
                                const cxb_graph_origin *origin)
{
    if (!little_endian())
        return cxb_fail(CXB_ERESOURCE, "%s: .cxg files are little-endian; this host is not", name);
    unsigned char h[CXG_HEADER];
    memset(h, 0, sizeof h);
    uint64_t off_pos = CXG_HEADER;
    uint64_t adj_pos = align64(off_pos + 8 * (g->n + 1));
    memcpy(h, CXG_MAGIC, 8);
    put32(h, 8, CXG_VERSION);
    put32(h, 12, g->flags | CXB_CSR_SYMMETRIC);
    put64(h, 16, g->n);
    put64(h, 24, g->nnz);
    put64(h, 32, g->m);
    put64(h, 40, g->stats.pairs_read);
    put64(h, 48, g->stats.self_loops_removed);
    put64(h, 56, g->stats.duplicates_removed);
    put64(h, 64, off_pos);
    put64(h, 72, adj_pos);
    put64(h, 80, cxb_edgeset_hash(g));
    if (origin) {
        put64(h, 88, origin->source_size);
        put64(h, 96, origin->source_mtime_ns);
        put32(h, 104, origin->parser_options);
        const char *t = origin->text ? origin->text : "";
        size_t len = strlen(t);
        if (len > 127) { /* keep the tail (the base name's end) and mark the cut */
            memcpy(h + 128, "...", 3);
            memcpy(h + 131, t + len - 124, 124);
        } else
            memcpy(h + 128, t, len);
    }
    int ok = fwrite(h, 1, sizeof h, f) == sizeof h &&
             fwrite(g->off, 8, (size_t)(g->n + 1), f) == g->n + 1 &&
             write_zeros(f, adj_pos - (off_pos + 8 * (g->n + 1))) &&
             fwrite(g->adj, 4, (size_t)g->nnz, f) == g->nnz;
    if (ok && (g->flags & CXB_CSR_COMPACT_IDS)) {
        uint64_t end = adj_pos + 4 * g->nnz;
        ok = write_zeros(f, align64(end) - end) && fwrite(g->ids, 4, (size_t)g->n, f) == g->n;
    }
    if (!ok)
        return cxb_fail(CXB_ERESOURCE, "%s: write failed: %s", name, strerror(errno));
    return CXB_OK;
}

static cxb_status corrupt(const char *path, const char *why)
{
    return cxb_fail(CXB_EINPUT, "%s: corrupt cache (%s); delete it or regenerate", path, why);
}

cxb_status cxb_cxg_read(const char *path, cxb_csr *g)
{
    memset(g, 0, sizeof *g);
    if (!little_endian())
        return cxb_fail(CXB_ERESOURCE, "%s: .cxg files are little-endian; this host is not", path);
    FILE *f = fopen(path, "rb");
    if (!f)
        return cxb_fail(CXB_EINPUT, "%s: cannot open: %s", path, strerror(errno));
    struct stat sb;
    unsigned char h[CXG_HEADER];
    cxb_status st = CXB_OK;
    if (fstat(fileno(f), &sb) != 0 || !S_ISREG(sb.st_mode)) {
        st = cxb_fail(CXB_EINPUT, "%s: cannot read: not a regular file", path);
        goto out;
    }
    uint64_t size = (uint64_t)sb.st_size;
    size_t got = fread(h, 1, sizeof h, f);
    size_t plen = strlen(path);
    int named_cxg = plen >= 4 && !strcmp(path + plen - 4, ".cxg");
    if (!named_cxg && (got < 8 || memcmp(h, CXG_MAGIC, 8) != 0)) {
        /* a user's file read with --format cxg: not a cache, nothing to delete */
        st = cxb_fail(CXB_EINPUT, "%s: not a .cxg file (it does not start with CXBGRAPH); "
                      "read it without --format cxg or with the format it is in", path);
        goto out;
    }
    if (size < CXG_HEADER || got != sizeof h) {
        st = corrupt(path, "truncated header");
        goto out;
    }
    if (memcmp(h, CXG_MAGIC, 8) != 0) {
        st = corrupt(path, "bad magic");
        goto out;
    }
    if (get32(h, 8) != CXG_VERSION) {
        st = corrupt(path, "unknown version");
        goto out;
    }
    uint32_t flags = get32(h, 12);
    uint64_t n = get64(h, 16), nnz = get64(h, 24), m = get64(h, 32);
    uint64_t off_pos = get64(h, 64), adj_pos = get64(h, 72), hash = get64(h, 80);
    /* bounded before any length arithmetic, so nothing below can overflow */
    if (n > CXB_N_MAX || nnz > ((uint64_t)1 << 60) || nnz != 2 * m || off_pos != CXG_HEADER ||
        adj_pos != align64(off_pos + 8 * (n + 1)) || (flags & ~0x1Fu) ||
        !(flags & CXB_CSR_SYMMETRIC)) {
        st = corrupt(path, "inconsistent header");
        goto out;
    }
    /* every graph study trusts these flags; they are verified below */
    if (!(flags & CXB_CSR_SORTED) || !(flags & CXB_CSR_SIMPLE) == !(flags & CXB_CSR_MULTI)) {
        st = corrupt(path, "flags must say sorted rows and either simple or multigraph");
        goto out;
    }
    uint64_t end = adj_pos + 4 * nnz;
    if (flags & CXB_CSR_COMPACT_IDS)
        end = align64(end) + 4 * n;
    if (size != end) {
        st = corrupt(path, size < end ? "truncated" : "trailing bytes");
        goto out;
    }
    { /* the header's sizes, now checked against the file's length: the memory before reading it */
        char what[96];
        snprintf(what, sizeof what, "%llu vertices and %llu arcs", (unsigned long long)n, (unsigned long long)nnz);
        double need = 8.0 * ((double)n + 1) + 4.0 * (double)nnz + ((flags & CXB_CSR_COMPACT_IDS) ? 4.0 * (double)n : 0);
        if ((st = cxb_mem_check(need, path, what)) != CXB_OK)
            goto out;
    }
    g->n = n;
    g->m = m;
    g->nnz = nnz;
    g->flags = flags;
    g->stats.pairs_read = get64(h, 40);
    g->stats.self_loops_removed = get64(h, 48);
    g->stats.duplicates_removed = get64(h, 56);
    g->off = malloc((size_t)(n + 1) * sizeof *g->off);
    g->adj = malloc((size_t)(nnz ? nnz : 1) * sizeof *g->adj);
    if (flags & CXB_CSR_COMPACT_IDS)
        g->ids = malloc((size_t)(n ? n : 1) * sizeof *g->ids);
    if (!g->off || !g->adj || ((flags & CXB_CSR_COMPACT_IDS) && !g->ids)) {
        st = cxb_fail(CXB_ERESOURCE, "%s: out of memory for %llu vertices and %llu arcs", path,
                      (unsigned long long)n, (unsigned long long)nnz);
        goto out;
    }
    int ok = fread(g->off, 8, (size_t)(n + 1), f) == n + 1 &&
             fseek(f, (long)adj_pos, SEEK_SET) == 0 &&
             fread(g->adj, 4, (size_t)nnz, f) == nnz;
    if (ok && g->ids)
        ok = fseek(f, (long)align64(adj_pos + 4 * nnz), SEEK_SET) == 0 &&
             fread(g->ids, 4, (size_t)n, f) == n;
    if (!ok) {
        st = cxb_fail(CXB_EINPUT, "%s: read error: %s", path, strerror(errno));
        goto out;
    }
    if (g->off[0] != 0 || g->off[n] != nnz) {
        st = corrupt(path, "offsets do not span the arcs");
        goto out;
    }
    for (uint64_t v = 0; v < n; ++v)
        if (g->off[v] > g->off[v + 1]) {
            st = corrupt(path, "offsets decrease");
            goto out;
        }
    /* ids in range; rows ascending (the SORTED flag), strictly unless MULTI: a simple
     * graph has no parallel arcs */
    const int multi = (flags & CXB_CSR_MULTI) != 0;
    for (uint64_t v = 0; v < n; ++v)
        for (uint64_t k = g->off[v]; k < g->off[v + 1]; ++k) {
            cxb_vid w = g->adj[k];
            if (w >= n) {
                st = corrupt(path, "vertex id out of range");
                goto out;
            }
            if (k > g->off[v] && (g->adj[k - 1] > w || (!multi && g->adj[k - 1] == w))) {
                char why[160];
                snprintf(why, sizeof why, g->adj[k - 1] > w
                             ? "row %llu is not sorted, though the flags say so"
                             : "row %llu has parallel arcs, though the flags say simple",
                         (unsigned long long)v);
                st = corrupt(path, why);
                goto out;
            }
        }
    /* compacted ids: the original ids in increasing order (docs/studies/graph.md), so distinct */
    for (uint64_t v = 1; g->ids && v < n; ++v)
        if (g->ids[v - 1] >= g->ids[v]) {
            st = corrupt(path, "original-id map is not increasing");
            goto out;
        }
    /* The stored hash covers the arcs u < v. Recomputing it from the arcs u > v as well
     * (and counting both halves) catches a damaged lower half too, which the edgeset
     * hash alone would not see; it costs the same single pass. */
    uint64_t up = 0, down = 0, nup = 0, ndown = 0;
    for (uint64_t v = 0; v < n; ++v)
        for (uint64_t k = g->off[v]; k < g->off[v + 1]; ++k) {
            cxb_vid w = g->adj[k];
            if (w > v) {
                up += cxb_edgeset_term((cxb_vid)v, w);
                ++nup;
            } else if (w < v) {
                down += cxb_edgeset_term(w, (cxb_vid)v);
                ++ndown;
            }
        }
    if (up != hash || down != hash || nup != m || ndown != m)
        st = corrupt(path, "edgeset hash mismatch");
out:
    fclose(f);
    if (st != CXB_OK)
        cxb_csr_free(g);
    return st;
}
