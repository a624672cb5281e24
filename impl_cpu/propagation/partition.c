/* Partitions, replicas and the boundary and replica tables of docs/studies/propagation.md "Several GPUs"
 * (Jin et al. Sec. 4, Figs 3 and 4), shared by pthreads_part and the CUDA multi-GPU rows.
 *
 * Placement: the vertex layout stores the full rows of the owned vertices, and every neighbour
 * owned elsewhere is a replica (both endpoints of a cut edge are replicated, Fig 3); the edge
 * layout stores each undirected edge (s, d) once, in owner(d), and s is a replica there when it is
 * owned elsewhere (one endpoint replicated, Fig 4). Replicas are numbered by (owner, global id),
 * so the replicas of one owner form one segment, and the owner's boundary segment for this peer
 * is built from that segment: the two list the same vertices in the same order (segment
 * symmetry) and a sync is a plain copy of a segment. */
#include <stdlib.h>
#include <string.h>

#include "cxb/propagation/model.h"
#include "cxb/propagation/propagation.h"

cxb_status cxb_prop_owners(uint64_t n, uint32_t parts, int partitioner, uint64_t seed, uint32_t *owner)
{
    if (parts == 0)
        return cxb_fail(CXB_EINPUT, "propagation: 0 partitions");
    if (partitioner == CXB_PROP_PART_METIS)
        return cxb_fail(CXB_EINPUT, "propagation: the metis partitioner needs the graph (cxb_prop_owners_graph)");
    for (uint64_t v = 0; v < n; ++v)
        owner[v] = partitioner == CXB_PROP_PART_RANDOM
                       ? (uint32_t)cxb_gbounded(cxb_gx0(cxb_gdraw(seed, CXB_GDOM_PROP_PARTITION, v, 0)), parts)
                       : (uint32_t)(v * parts / n); /* block: floor(v P / n); v P < 2^32 * 2^16 */
    return CXB_OK;
}

cxb_status cxb_prop_owners_graph(const cxb_csr *g, uint32_t parts, int partitioner, uint64_t seed, uint32_t *owner)
{
    return partitioner == CXB_PROP_PART_METIS ? cxb_prop_owners_metis(g, parts, seed, owner)
                                              : cxb_prop_owners(g->n, parts, partitioner, seed, owner);
}

const char *cxb_prop_partitioner_name(int partitioner)
{
    return partitioner == CXB_PROP_PART_METIS ? "metis" : partitioner == CXB_PROP_PART_RANDOM ? "random" : "block";
}

cxb_status cxb_prop_parts_for(const cxb_csr *g, const cxb_prop_cfg *cfg, uint32_t parts, int partitioner,
                              const uint32_t *given, cxb_prop_parts *out)
{
    memset(out, 0, sizeof *out);
    if (parts == 0 || parts > 4096)
        return cxb_fail(CXB_EINPUT, "propagation pthreads_part: %u partitions (1 to 4096)", parts);
    int layout = cfg->loop == CXB_PROP_ELOOP ? CXB_PROP_LAYOUT_EDGE : CXB_PROP_LAYOUT_VERTEX;
    uint32_t *owner = given ? NULL : malloc((g->n ? g->n : 1) * sizeof *owner);
    if (!given && !owner)
        return cxb_fail(CXB_ERESOURCE, "propagation: out of host memory");
    cxb_status st = given ? CXB_OK : cxb_prop_owners_graph(g, parts, partitioner, cfg->seed, owner);
    if (st == CXB_OK)
        st = cxb_prop_parts_build(g, layout, cfg->orient, cfg->seed, given ? given : owner, parts, out);
    free(owner);
    return st;
}

void cxb_prop_parts_free(cxb_prop_parts *ps)
{
    for (uint32_t q = 0; ps->part && q < ps->P; ++q) {
        cxb_prop_part *p = &ps->part[q];
        free(p->gid);
        free(p->deg);
        free(p->off);
        free(p->adj);
        free(p->es);
        free(p->ed);
        free(p->rep_off);
        free(p->bnd_off);
        free(p->bnd);
    }
    free(ps->part);
    memset(ps, 0, sizeof *ps);
}

uint64_t cxb_prop_parts_replicas(const cxb_prop_parts *ps)
{
    uint64_t r = 0;
    for (uint32_t q = 0; q < ps->P; ++q)
        r += ps->part[q].n_rep;
    return r;
}

/* Sorted distinct (owner << 32 | v) keys into the replica ids and segment offsets of p. */
static cxb_status set_replicas(cxb_prop_part *p, uint32_t P, uint64_t *key, uint64_t nk)
{
    uint64_t *tmp = malloc((nk ? nk : 1) * sizeof *tmp);
    if (!tmp)
        return cxb_fail(CXB_ERESOURCE, "propagation: out of host memory for the replica tables");
    cxb_sort_u64(key, tmp, nk);
    free(tmp);
    uint64_t r = 0;
    for (uint64_t i = 0; i < nk; ++i)
        if (i == 0 || key[i] != key[i - 1])
            key[r++] = key[i];
    p->n_rep = r;
    p->gid = realloc(p->gid, (p->n_own + r ? p->n_own + r : 1) * sizeof *p->gid);
    p->rep_off = calloc(P + 1, sizeof *p->rep_off);
    if (!p->gid || !p->rep_off)
        return cxb_fail(CXB_ERESOURCE, "propagation: out of host memory for the replica tables");
    for (uint64_t i = 0; i < r; ++i) {
        p->gid[p->n_own + i] = (cxb_vid)key[i];
        ++p->rep_off[(key[i] >> 32) + 1];
    }
    for (uint32_t k = 0; k < P; ++k)
        p->rep_off[k + 1] += p->rep_off[k];
    return CXB_OK;
}

cxb_status cxb_prop_parts_build(const cxb_csr *g, int layout, int orient, uint64_t seed, const uint32_t *owner,
                                uint32_t P, cxb_prop_parts *out)
{
    memset(out, 0, sizeof *out);
    out->P = P;
    out->layout = layout;
    out->n = g->n;
    out->arcs = g->nnz;
    out->part = calloc(P, sizeof *out->part);
    cxb_vid *lid_own = malloc((g->n ? g->n : 1) * sizeof *lid_own);
    /* the local ids of the current partition's replicas, by global id (refilled per partition:
     * a lookup is only ever of a vertex owned by or replicated in that partition) */
    cxb_vid *lid_rep = malloc((g->n ? g->n : 1) * sizeof *lid_rep);
    uint64_t *key = NULL;
    cxb_prop_edges e = {0, NULL, NULL};
    cxb_status st = CXB_OK;
    if (!out->part || !lid_own || !lid_rep)
        st = cxb_fail(CXB_ERESOURCE, "propagation: out of host memory for %u partitions", P);
    if (st == CXB_OK && layout == CXB_PROP_LAYOUT_EDGE)
        st = cxb_prop_edges_build(g, orient, seed, &e);
    /* owned vertices, ascending */
    for (uint64_t v = 0; st == CXB_OK && v < g->n; ++v)
        ++out->part[owner[v]].n_own;
    for (uint32_t q = 0; st == CXB_OK && q < P; ++q) {
        cxb_prop_part *p = &out->part[q];
        p->gid = malloc((p->n_own ? p->n_own : 1) * sizeof *p->gid);
        p->deg = malloc((p->n_own ? p->n_own : 1) * sizeof *p->deg);
        if (!p->gid || !p->deg)
            st = cxb_fail(CXB_ERESOURCE, "propagation: out of host memory for partition %u", q);
        p->n_own = 0;
    }
    for (uint64_t v = 0; st == CXB_OK && v < g->n; ++v) {
        cxb_prop_part *p = &out->part[owner[v]];
        lid_own[v] = (cxb_vid)p->n_own;
        p->deg[p->n_own] = (uint32_t)(g->off[v + 1] - g->off[v]);
        p->gid[p->n_own++] = (cxb_vid)v;
    }
    /* replicas: candidates per partition, sorted by (owner, id) */
    for (uint32_t q = 0; st == CXB_OK && q < P; ++q) {
        cxb_prop_part *p = &out->part[q];
        uint64_t nk = 0;
        if (layout == CXB_PROP_LAYOUT_VERTEX) {
            for (uint64_t i = 0; i < p->n_own; ++i) {
                cxb_vid v = p->gid[i];
                nk += g->off[v + 1] - g->off[v];
            }
        } else {
            for (uint64_t k = 0; k < e.m; ++k)
                p->ne += owner[e.d[k]] == q, nk += owner[e.d[k]] == q && owner[e.s[k]] != q;
        }
        free(key);
        key = malloc((nk ? nk : 1) * sizeof *key);
        if (!key) {
            st = cxb_fail(CXB_ERESOURCE, "propagation: out of host memory for the replica tables");
            break;
        }
        nk = 0;
        if (layout == CXB_PROP_LAYOUT_VERTEX) {
            for (uint64_t i = 0; i < p->n_own; ++i) {
                cxb_vid v = p->gid[i];
                for (uint64_t j = g->off[v]; j < g->off[v + 1]; ++j)
                    if (owner[g->adj[j]] != q)
                        key[nk++] = (uint64_t)owner[g->adj[j]] << 32 | g->adj[j];
            }
        } else {
            for (uint64_t k = 0; k < e.m; ++k)
                if (owner[e.d[k]] == q && owner[e.s[k]] != q)
                    key[nk++] = (uint64_t)owner[e.s[k]] << 32 | e.s[k];
        }
        st = set_replicas(p, P, key, nk);
    }
    /* the local structure of each layout */
    for (uint32_t q = 0; st == CXB_OK && q < P; ++q) {
        cxb_prop_part *p = &out->part[q];
        for (uint64_t i = 0; i < p->n_rep; ++i)
            lid_rep[p->gid[p->n_own + i]] = (cxb_vid)(p->n_own + i);
#define LOCAL_ID(v) (owner[(v)] == q ? lid_own[(v)] : lid_rep[(v)])
        if (layout == CXB_PROP_LAYOUT_VERTEX) {
            uint64_t arcs = 0;
            for (uint64_t i = 0; i < p->n_own; ++i)
                arcs += p->deg[i];
            p->off = malloc((p->n_own + 1) * sizeof *p->off);
            p->adj = malloc((arcs ? arcs : 1) * sizeof *p->adj);
            if (!p->off || !p->adj) {
                st = cxb_fail(CXB_ERESOURCE, "propagation: out of host memory for partition %u's rows", q);
                break;
            }
            p->off[0] = 0;
            for (uint64_t i = 0; i < p->n_own; ++i) {
                cxb_vid v = p->gid[i];
                uint64_t o = p->off[i];
                for (uint64_t j = g->off[v]; j < g->off[v + 1]; ++j)
                    p->adj[o++] = LOCAL_ID(g->adj[j]);
                p->off[i + 1] = o;
            }
        } else {
            p->es = malloc((p->ne ? p->ne : 1) * sizeof *p->es);
            p->ed = malloc((p->ne ? p->ne : 1) * sizeof *p->ed);
            if (!p->es || !p->ed) {
                st = cxb_fail(CXB_ERESOURCE, "propagation: out of host memory for partition %u's edges", q);
                break;
            }
            uint64_t o = 0;
            for (uint64_t k = 0; k < e.m; ++k)
                if (owner[e.d[k]] == q) {
                    p->es[o] = LOCAL_ID(e.s[k]);
                    p->ed[o++] = lid_own[e.d[k]];
                }
        }
    }
#undef LOCAL_ID
    /* boundary segment (q -> r) from partition r's replica segment q: segment symmetry */
    for (uint32_t q = 0; st == CXB_OK && q < P; ++q) {
        cxb_prop_part *p = &out->part[q];
        p->bnd_off = calloc(P + 1, sizeof *p->bnd_off);
        if (!p->bnd_off) {
            st = cxb_fail(CXB_ERESOURCE, "propagation: out of host memory for the boundary tables");
            break;
        }
        for (uint32_t r = 0; r < P; ++r)
            p->bnd_off[r + 1] = p->bnd_off[r] + (r == q ? 0 : out->part[r].rep_off[q + 1] - out->part[r].rep_off[q]);
        p->bnd = malloc((p->bnd_off[P] ? p->bnd_off[P] : 1) * sizeof *p->bnd);
        if (!p->bnd) {
            st = cxb_fail(CXB_ERESOURCE, "propagation: out of host memory for the boundary tables");
            break;
        }
        for (uint32_t r = 0; r < P; ++r) {
            const cxb_prop_part *pr = &out->part[r];
            for (uint64_t k = 0; r != q && k < pr->rep_off[q + 1] - pr->rep_off[q]; ++k)
                p->bnd[p->bnd_off[r] + k] = lid_own[pr->gid[pr->n_own + pr->rep_off[q] + k]];
        }
    }
    free(key);
    free(lid_own);
    free(lid_rep);
    cxb_prop_edges_free(&e);
    if (st != CXB_OK)
        cxb_prop_parts_free(out);
    return st;
}
