/* suites/propagation/replication.c - propagation.replication.seq (replication.h;
 * docs/studies/propagation.md "Replication ratio", Jin et al. Figs 16 and 18).
 *
 * A point: a graph (graph=paper:XmYm[:rmat] or the graph keys), parts P, partition
 * (block, random, metis), layout (vertex, edge), orient and pseed (the random partitioner's and
 * the hashed orientation's seed, as for the propagation rows). The setup computes the owners
 * (METIS takes minutes on the paper's networks, so its owners are kept for the next row of the
 * same graph, P and seed: the two layouts share them). The timed run counts the replicas by the
 * placement rules from the graph and the owners (cxb_prop_repl_count, one pass over the arcs).
 * R is structural: every run gives the same count, which is the checksum. Verification builds
 * the layout's replica and boundary tables as the several-partition rows do
 * (cxb_prop_parts_build, other code) and checks that they hold exactly that many replicas, with
 * Σ replica segments = Σ boundary segments (docs "Replication ratio"); above 2^26 arcs the
 * tables take longer than the rest of a sweep (17 s for one layout of the 128 M-entry networks),
 * and only 0 <= R <= P - 1 is checked there. */
#include "suites/propagation/replication.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/propagation/model.h"
#include "cxb/propagation/propagation.h"
#include "harness/params.h"
#include "suites/propagation/rows.h"

static const char *const repl_keys[] = {"model", "n", "m", "k", "scale", "ef", "a", "b", "c", "d", "seed", "graph",
                                        "pseed", "orient", "partition", "parts", "layout", NULL};
static const char *const layout_names[] = {"vertex", "edge", NULL};

typedef struct repl_ctx {
    const cxb_csr *g;
    cxb_gstore_entry *held;
    char graph[512];
    int layout, orient, partitioner;
    uint32_t parts;
    uint64_t seed;
    uint32_t *owner;
    uint64_t replicas;
} repl_ctx;

/* ---- METIS owners, kept for the rows after the one that computed them ---- */

#define OWNER_CACHE 8 /* a sweep's networks: vertex and edge sweeps of one P share them */
static struct {
    char graph[512];
    uint32_t parts;
    uint64_t seed, n, last_use;
    uint32_t *owner;
} owner_cache[OWNER_CACHE];
static uint64_t owner_ticks;
static pthread_mutex_t owner_lock = PTHREAD_MUTEX_INITIALIZER;

static void owner_cache_free(void)
{
    for (int i = 0; i < OWNER_CACHE; ++i) {
        free(owner_cache[i].owner);
        owner_cache[i].owner = NULL;
    }
}

/* METIS's owners of c's graph into c->owner: from the cache, or computed and cached */
static cxb_status metis_owners(repl_ctx *c)
{
    static int hooked;
    const uint64_t n = c->g->n;
    pthread_mutex_lock(&owner_lock);
    if (!hooked)
        hooked = atexit(owner_cache_free) == 0;
    for (int i = 0; i < OWNER_CACHE; ++i)
        if (owner_cache[i].owner && owner_cache[i].parts == c->parts && owner_cache[i].seed == c->seed &&
            owner_cache[i].n == n && !strcmp(owner_cache[i].graph, c->graph)) {
            memcpy(c->owner, owner_cache[i].owner, (n ? n : 1) * sizeof *c->owner);
            owner_cache[i].last_use = ++owner_ticks;
            pthread_mutex_unlock(&owner_lock);
            return CXB_OK;
        }
    pthread_mutex_unlock(&owner_lock);
    cxb_status st = cxb_prop_owners_metis(c->g, c->parts, c->seed, c->owner);
    uint32_t *copy = st == CXB_OK ? malloc((n ? n : 1) * sizeof *copy) : NULL;
    if (!copy)
        return st;
    memcpy(copy, c->owner, (n ? n : 1) * sizeof *copy);
    pthread_mutex_lock(&owner_lock);
    int victim = 0;
    for (int i = 1; i < OWNER_CACHE; ++i)
        if (!owner_cache[i].owner || (owner_cache[victim].owner && owner_cache[i].last_use < owner_cache[victim].last_use))
            victim = i;
    free(owner_cache[victim].owner);
    snprintf(owner_cache[victim].graph, sizeof owner_cache[victim].graph, "%s", c->graph);
    owner_cache[victim].parts = c->parts;
    owner_cache[victim].seed = c->seed;
    owner_cache[victim].n = n;
    owner_cache[victim].owner = copy;
    owner_cache[victim].last_use = ++owner_ticks;
    pthread_mutex_unlock(&owner_lock);
    return CXB_OK;
}

/* ---- the independent count ---- */

uint64_t cxb_prop_repl_count(const cxb_csr *g, int layout, int orient, uint64_t seed, const uint32_t *owner,
                             uint32_t parts)
{
    /* seen[q] == u + 1: vertex u already counted as a replica in q */
    uint64_t *seen = calloc(parts ? parts : 1, sizeof *seen), total = 0;
    if (!seen)
        return UINT64_MAX;
    if (layout == CXB_PROP_LAYOUT_VERTEX) {
        /* v is a replica in q when a neighbour of v is owned by q != owner(v) */
        for (uint64_t v = 0; v < g->n; ++v)
            for (uint64_t j = g->off[v]; j < g->off[v + 1]; ++j) {
                uint32_t q = owner[g->adj[j]];
                if (q != owner[v] && seen[q] != v + 1) {
                    seen[q] = v + 1;
                    total++;
                }
            }
    } else if (parts <= 64) {
        /* each undirected edge {u, v} is stored with owner(d); s is a replica there when owned
         * elsewhere (the orientation of cxb/propagation/model.h): the partitions each vertex is
         * a replica in, as a mask, with each edge oriented once */
        uint64_t *mask = calloc(g->n ? g->n : 1, sizeof *mask);
        if (!mask) {
            free(seen);
            return UINT64_MAX;
        }
        for (uint64_t u = 0; u < g->n; ++u)
            for (uint64_t j = g->off[u]; j < g->off[u + 1]; ++j) {
                cxb_vid v = g->adj[j], s, d;
                if (v <= (cxb_vid)u)
                    continue;
                cxb_prop_orient_edge(orient, seed, (cxb_vid)u, v, &s, &d);
                if (owner[d] != owner[s])
                    mask[s] |= 1ull << owner[d];
            }
        for (uint64_t v = 0; v < g->n; ++v)
            total += (uint64_t)__builtin_popcountll(mask[v]);
        free(mask);
    } else {
        /* more partitions than mask bits: from each source's own row, so that one vertex's
         * records are visited together (every edge oriented from both ends) */
        for (uint64_t u = 0; u < g->n; ++u)
            for (uint64_t j = g->off[u]; j < g->off[u + 1]; ++j) {
                cxb_vid v = g->adj[j], s, d;
                cxb_prop_orient_edge(orient, seed, (cxb_vid)u, v, &s, &d);
                if (s != (cxb_vid)u)
                    continue;
                uint32_t q = owner[d];
                if (q != owner[s] && seen[q] != (uint64_t)s + 1) {
                    seen[q] = (uint64_t)s + 1;
                    total++;
                }
            }
    }
    free(seen);
    return total;
}

/* ---- the row ---- */

void cxb_prop_repl_teardown(void *vctx)
{
    repl_ctx *c = vctx;
    if (!c)
        return;
    free(c->owner);
    cxb_gstore_put(c->held);
    free(c);
}

cxb_status cxb_prop_repl_setup(const cxb_params *p, const cxb_env *env, void **out)
{
    repl_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return cxb_fail(CXB_ERESOURCE, "propagation.replication.seq: out of host memory");
    uint64_t parts = 2;
    cxb_status st = cxb_params_check_keys(p, repl_keys);
    if (st == CXB_OK && (st = cxb_params_u64(p, "parts", 2, &parts)) == CXB_OK &&
        (st = cxb_params_u64(p, "pseed", 1, &c->seed)) == CXB_OK &&
        (st = cxb_params_choice(p, "layout", layout_names, 0, &c->layout)) == CXB_OK &&
        (st = cxb_params_choice(p, "orient", cxb_prop_orient_names, 0, &c->orient)) == CXB_OK)
        st = cxb_params_choice(p, "partition", cxb_prop_part_names, 0, &c->partitioner);
    if (st == CXB_OK && (parts == 0 || parts > 4096))
        st = cxb_fail(CXB_EINPUT, "--set parts=%llu: 1 to 4096", (unsigned long long)parts);
    c->parts = (uint32_t)parts;
    if (st == CXB_OK)
        st = cxb_prop_point_graph(p, env ? env->pool : NULL, &c->g, &c->held, c->graph, sizeof c->graph);
    if (st == CXB_OK && !(c->owner = malloc((c->g->n ? c->g->n : 1) * sizeof *c->owner)))
        st = cxb_fail(CXB_ERESOURCE, "propagation.replication.seq: out of host memory for %llu owners",
                      (unsigned long long)c->g->n);
    if (st == CXB_OK)
        st = c->partitioner == CXB_PROP_PART_METIS ? metis_owners(c)
                                                   : cxb_prop_owners_graph(c->g, c->parts, c->partitioner, c->seed,
                                                                           c->owner);
    if (st != CXB_OK) {
        cxb_prop_repl_teardown(c);
        return st;
    }
    *out = c;
    return CXB_OK;
}

cxb_status cxb_prop_repl_reset(void *vctx)
{
    (void)vctx;
    return CXB_OK;
}

cxb_status cxb_prop_repl_run(void *vctx, cxb_phases *ph)
{
    (void)ph;
    repl_ctx *c = vctx;
    c->replicas = cxb_prop_repl_count(c->g, c->layout, c->orient, c->seed, c->owner, c->parts);
    if (c->replicas == UINT64_MAX)
        return cxb_fail(CXB_ERESOURCE, "propagation.replication.seq: out of host memory");
    return CXB_OK;
}

#define REPL_TABLES_MAX_ARCS (1ull << 26) /* the tables are built to verify up to this many arcs */

cxb_status cxb_prop_repl_verify(void *vctx)
{
    repl_ctx *c = vctx;
    const char *id = "propagation.replication.seq";
    if (c->replicas > (uint64_t)(c->parts - 1) * c->g->n)
        return cxb_fail(CXB_EFAIL, "%s: %llu replicas exceed (P - 1) n", id, (unsigned long long)c->replicas);
    if (c->g->nnz > REPL_TABLES_MAX_ARCS)
        return CXB_OK;
    cxb_prop_parts ps;
    cxb_status st = cxb_prop_parts_build(c->g, c->layout, c->orient, c->seed, c->owner, c->parts, &ps);
    if (st != CXB_OK)
        return st;
    uint64_t reps = 0, bnds = 0;
    for (uint32_t q = 0; q < c->parts; ++q) {
        reps += ps.part[q].n_rep;
        bnds += ps.part[q].bnd_off[c->parts];
    }
    cxb_prop_parts_free(&ps);
    if (reps != c->replicas || bnds != c->replicas)
        return cxb_fail(CXB_EFAIL, "%s: the tables hold %llu replicas and %llu boundary entries, the placement "
                                   "rules count %llu",
                        id, (unsigned long long)reps, (unsigned long long)bnds, (unsigned long long)c->replicas);
    return CXB_OK;
}

uint64_t cxb_prop_repl_checksum(void *vctx)
{
    const repl_ctx *c = vctx;
    return c->replicas;
}

void cxb_prop_repl_extra(void *vctx, char *buf, size_t size)
{
    const repl_ctx *c = vctx;
    const double n = (double)c->g->n, R = n > 0 ? (double)c->replicas / n : 0.0;
    int o = snprintf(buf, size, "R=%.6f;replicas=%llu;lambda=%.4f;graph=%s", R, (unsigned long long)c->replicas,
                     n > 0 ? 2.0 * (double)c->g->m / n : 0.0, c->graph);
    /* the closed forms hold for G(n, m) under block or random (docs "Replication ratio") */
    if (o > 0 && (size_t)o < size && !strncmp(c->graph, "gnm:", 4) && c->partitioner != CXB_PROP_PART_METIS && n > 0) {
        double cf = cxb_prop_r_closed_form(c->layout, c->orient, c->partitioner, c->parts, 2.0 * (double)c->g->m / n);
        if (cf >= 0)
            snprintf(buf + o, size - (size_t)o, ";R_closed_form=%.6f", cf);
    }
}
