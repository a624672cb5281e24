/* cxb/graph/graph.h - the graph study's shared layer: types, CSR, edge lists, the edgeset
 * fingerprint, and the readers and writers of SNAP edge lists, Matrix Market
 * coordinate files and the .cxg binary cache (docs/studies/graph.md).
 *
 * Every function returns a cxb_status; on failure cxb_last_error() holds one line
 * "WHERE: WHAT" (docs/studies/graph.md): FILE:LINE for parse errors, FILE for file-level ones.
 * Nothing here prints or exits.
 */
#ifndef CXB_GRAPH_H
#define CXB_GRAPH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cxb/hd.h"
#include "cxb/core/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- 2.1 vertex ids: 32-bit, 0xFFFFFFFF is "no vertex" ---- */
typedef uint32_t cxb_vid;
#define CXB_VID_NONE ((cxb_vid)0xFFFFFFFFu)
#define CXB_VID_MAX 4294967294u           /* largest valid id */
#define CXB_N_MAX 4294967295ull           /* largest vertex count, 2^32 - 1 */

/* ---- 2.2 CSR; the flag bits are those of the .cxg header (docs/studies/graph.md) ---- */
#define CXB_CSR_SYMMETRIC 0x1u   /* always set: both arcs of every edge are stored */
#define CXB_CSR_SORTED 0x2u      /* rows ascending */
#define CXB_CSR_SIMPLE 0x4u      /* no parallel edges */
#define CXB_CSR_MULTI 0x8u       /* multigraph mode (docs/studies/graph.md) */
#define CXB_CSR_COMPACT_IDS 0x10u /* ids renumbered; ids[] maps back to the originals */

typedef struct cxb_build_stats {
    uint64_t pairs_read;            /* tuples in */
    uint64_t self_loops_removed;    /* tuples (v, v) dropped */
    uint64_t duplicates_removed;    /* unordered pairs dropped as repeats (simple mode) */
    uint64_t extra_columns_ignored; /* SNAP: tokens after the two ids; MTX: 0 */
} cxb_build_stats;

typedef struct cxb_csr {
    uint64_t n;   /* vertices */
    uint64_t m;   /* undirected edges (with multiplicity in multigraph mode) */
    uint64_t nnz; /* arcs = 2m */
    uint64_t *off; /* n+1 offsets */
    cxb_vid *adj;  /* nnz neighbour ids; row v is adj[off[v] .. off[v+1]) */
    cxb_vid *ids;  /* with CXB_CSR_COMPACT_IDS: original id of each vertex, else NULL */
    uint32_t flags;
    cxb_build_stats stats;
} cxb_csr;

/* ---- 2.3 edge list of 64-bit keys (u << 32) | v ---- */
typedef struct cxb_edges {
    uint64_t n;     /* vertex count the tuples refer to */
    uint64_t count; /* tuples */
    uint64_t cap;   /* allocated keys */
    uint64_t *key;
} cxb_edges;

static inline CXB_HD uint64_t cxb_edge_key(cxb_vid u, cxb_vid v)
{
    return ((uint64_t)u << 32) | v;
}

/* ---- 3: SplitMix64 finaliser and the order-independent edgeset fingerprint ---- */
static inline CXB_HD uint64_t cxb_mix64(uint64_t z)
{
    z ^= z >> 30;
    z *= 0xbf58476d1ce4e5b9ull;
    z ^= z >> 27;
    z *= 0x94d049bb133111ebull;
    z ^= z >> 31;
    return z;
}

/* Term of one canonical edge (u < v); the hash is the sum of the terms mod 2^64. */
static inline CXB_HD uint64_t cxb_edgeset_term(cxb_vid u, cxb_vid v)
{
    return cxb_mix64(cxb_edge_key(u, v));
}

/* ---- options of reading and building (docs/studies/graph.md) ---- */
typedef enum cxb_graph_format {
    CXB_GRAPH_AUTO = 0, /* detect from the content (docs/studies/graph.md) */
    CXB_GRAPH_SNAP,
    CXB_GRAPH_MTX,
    CXB_GRAPH_CXG,
    CXB_GRAPH_EGR /* output only */
} cxb_graph_format;

typedef enum cxb_ids_mode { CXB_IDS_ASIS = 0, CXB_IDS_COMPACT = 1 } cxb_ids_mode;

typedef struct cxb_graph_opts {
    cxb_graph_format format; /* CXB_GRAPH_AUTO detects */
    cxb_ids_mode ids;
    uint64_t n;     /* --n: vertex count of a SNAP file; 0 = max id + 1 */
    int have_n;     /* --n given (so --n 0 means "no vertices allowed") */
    int multigraph; /* keep parallel edges */
} cxb_graph_opts;

/* Defaults: detect the format, ids as is, n from the ids, simple graph. */
void cxb_graph_opts_init(cxb_graph_opts *o);

/* "snap", "mtx", "cxg", "egr" ("auto" for CXB_GRAPH_AUTO). */
const char *cxb_graph_format_name(cxb_graph_format f);
/* By name (snap|mtx|cxg|egr); CXB_EINPUT otherwise. */
cxb_status cxb_graph_format_parse(const char *name, cxb_graph_format *out);
/* By extension: .el/.txt snap, .mtx, .cxg, .egr; CXB_EINPUT naming path otherwise. */
cxb_status cxb_graph_format_from_path(const char *path, cxb_graph_format *out);

/* ---- edge lists ---- */
void cxb_edges_init(cxb_edges *e);
/* Appends one tuple, growing the buffer (CXB_ERESOURCE when memory runs out). */
cxb_status cxb_edges_push(cxb_edges *e, cxb_vid u, cxb_vid v);
void cxb_edges_free(cxb_edges *e);
/* Renumbers the ids that occur to 0..k-1 in increasing order of the original id
 * (docs/studies/graph.md "compact"); *ids receives the k originals (malloc'ed), e->n = k. */
cxb_status cxb_edges_compact(cxb_edges *e, cxb_vid **ids);

/* ---- 4: building the CSR (sequential reference) ---- */
/* Drops self-loops, symmetrises, sorts, removes duplicates unless multigraph, and
 * fills offsets. Consumes e (its buffer is freed, e is left empty). Stats in out. */
cxb_status cxb_csr_from_edges(cxb_edges *e, int multigraph, cxb_csr *out);
/* Peak host bytes of holding `tuples` raw tuples and building their CSR on n vertices with
 * cxb_csr_from_edges: the tuples (8 each), both arcs of each in the keys and the sort's
 * scratch (2 x 16), and the n + 1 offsets (docs/studies/graph.md). In double: it cannot
 * overflow, and a caller compares it with what is available (cxb/core/mem.h) before any work. */
double cxb_csr_build_bytes(double tuples, double n);
void cxb_csr_free(cxb_csr *g);
/* Invariants of docs/studies/graph.md including symmetry; CXB_EFAIL with the first violation. */
cxb_status cxb_csr_check(const cxb_csr *g);
/* docs/studies/graph.md: sum over canonical edges u < v of mix64((u << 32) | v). */
uint64_t cxb_edgeset_hash(const cxb_csr *g);
/* Sorts n 64-bit keys ascending (LSD radix; tmp holds n keys). */
void cxb_sort_u64(uint64_t *key, uint64_t *tmp, uint64_t n);

/* ---- 5: parsing text into tuples; name is the WHERE of error messages ---- */
/* SNAP edge list from f (streamed through a large buffer). */
cxb_status cxb_snap_parse(FILE *f, const char *name, const cxb_graph_opts *o, cxb_edges *out,
                          cxb_build_stats *stats);
/* Matrix Market coordinate file from f; ids become 0-based, n = N of the size line. */
cxb_status cxb_mtx_parse(FILE *f, const char *name, cxb_edges *out, cxb_build_stats *stats);

/* ---- reading and writing whole graphs ---- */
/* What a read found besides the graph: for timing lines and .cxg provenance. */
typedef struct cxb_graph_read_info {
    cxb_graph_format format;  /* the format read */
    int64_t parse_ns, csr_ns; /* parse (or .cxg load) and CSR build times */
    uint64_t source_size;     /* bytes of the file read */
    uint64_t source_mtime_ns; /* its modification time */
} cxb_graph_read_info;

/* Reads path (format by content or o->format), builds the CSR; info may be NULL.
 * No cache is consulted or written (docs/studies/graph.md cache lookup: not implemented yet). */
cxb_status cxb_graph_read(const char *path, const cxb_graph_opts *o, cxb_csr *g,
                          cxb_graph_read_info *info);
/* Loads and validates a .cxg file (docs/studies/graph.md "On load"). */
cxb_status cxb_cxg_read(const char *path, cxb_csr *g);

/* Provenance written into the headers of the output formats. */
typedef struct cxb_graph_origin {
    const char *text;        /* generator spec or source base name */
    uint64_t source_size;    /* bytes of the source file, 0 for generated graphs */
    uint64_t source_mtime_ns;
    uint32_t parser_options; /* ids mode | multigraph << 1 */
} cxb_graph_origin;

/* Writes g to an open stream in format fmt (not AUTO); name is for messages. */
cxb_status cxb_graph_write_stream(FILE *f, const char *name, cxb_graph_format fmt,
                                  const cxb_csr *g, const cxb_graph_origin *origin);
/* Writes to path through a temporary and a rename: all or nothing (docs/studies/graph.md). */
cxb_status cxb_graph_write(const char *path, cxb_graph_format fmt, const cxb_csr *g,
                           const cxb_graph_origin *origin);

#ifdef __cplusplus
}
#endif

#endif
