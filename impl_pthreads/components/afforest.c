/* components.afforest.pthreads - Afforest (Sutton, Ben-Nun, Barak, IPDPS 2018) as in the GAP
 * benchmark suite's reference cc.cc (docs/studies/components.md "afforest"):
 *   1. comp[v] = v;
 *   2. neighbour rounds r = 0 .. R-1: every vertex of degree > r links itself with its r-th
 *      neighbour; after each round, compress (comp[v] = comp[comp[v]] until stable);
 *   3. sample `samples` vertices and take the most frequent comp value c (the estimated largest
 *      component);
 *   4. final pass: every vertex with comp[v] != c links with its remaining neighbours (from
 *      position R on); the vertices of c are skipped, which is correct only because the CSR is
 *      symmetric (an edge from c to another component is found from its other end); compress.
 *   link(u, v): take the two current parents, CAS the higher one (when it is a root) to point to
 *   the lower; stop when they are equal or the CAS succeeds.
 * Links only ever point a root at a smaller id, so each component's minimum id stays its root
 * and the compressed labels are the canonical min-id labels, whatever the sample or the threads.
 *
 * Deviations: GAP samples with std::mt19937; here sample s is the keyed draw
 * bounded(x0 of cxb_gdraw(seed, CXB_GDOM_CC_AFFOREST, s, 0), n) (docs/studies/graph.md "keyed
 * draws"), and the most frequent value is found by sorting the samples (cxb_sort_u64; ties go to
 * the smaller label) instead of a hash map. OpenMP's dynamic schedule becomes the harness pool's
 * chunks of 4,096 vertices; comp accesses are C11 relaxed atomics.
 */
#include <stdlib.h>

#include "cxb/components/afforest.h"
#include "cxb/core/pool.h"
#include "cxb/graph/keyed.h"
#include "impl_pthreads/components/atomic_labels.h"

typedef struct aff_job {
    const cxb_csr *g;
    cxb_alabel *comp;
    uint64_t r;     /* the round: neighbour position */
    cxb_vid skip;   /* final pass: the sampled component (CXB_VID_NONE: none) */
} aff_job;

static void link_(cxb_alabel *comp, cxb_vid u, cxb_vid v)
{
    cxb_vid p1 = cc_ld(comp, u), p2 = cc_ld(comp, v);
    while (p1 != p2) {
        cxb_vid high = p1 > p2 ? p1 : p2, low = p1 > p2 ? p2 : p1;
        cxb_vid p_high = cc_ld(comp, high);
        if (p_high == low) /* already low */
            break;
        if (p_high == high) {
            cxb_vid seen = high;
            if (cc_cas(comp, high, &seen, low))
                break;
        }
        p1 = cc_ld(comp, cc_ld(comp, high));
        p2 = cc_ld(comp, low);
    }
}

#define CHUNK_RANGE(J, item, v0, v1)                                                         \
    uint64_t v0 = (item) * CC_CHUNK, v1 = v0 + CC_CHUNK < (J)->g->n ? v0 + CC_CHUNK : (J)->g->n

static void aff_init(void *arg, uint64_t item, unsigned worker)
{
    (void)worker;
    aff_job *J = arg;
    CHUNK_RANGE(J, item, v0, v1);
    for (uint64_t v = v0; v < v1; ++v)
        cc_st(J->comp, v, (cxb_vid)v);
}

static void aff_round(void *arg, uint64_t item, unsigned worker)
{
    (void)worker;
    aff_job *J = arg;
    const cxb_csr *g = J->g;
    CHUNK_RANGE(J, item, v0, v1);
    for (uint64_t u = v0; u < v1; ++u)
        if (g->off[u] + J->r < g->off[u + 1])
            link_(J->comp, (cxb_vid)u, g->adj[g->off[u] + J->r]);
}

static void aff_compress(void *arg, uint64_t item, unsigned worker)
{
    (void)worker;
    aff_job *J = arg;
    cxb_alabel *comp = J->comp;
    CHUNK_RANGE(J, item, v0, v1);
    for (uint64_t v = v0; v < v1; ++v) {
        cxb_vid c = cc_ld(comp, v), cc;
        while (c != (cc = cc_ld(comp, c))) {
            cc_st(comp, v, cc);
            c = cc;
        }
    }
}

static void aff_final(void *arg, uint64_t item, unsigned worker)
{
    (void)worker;
    aff_job *J = arg;
    const cxb_csr *g = J->g;
    CHUNK_RANGE(J, item, v0, v1);
    for (uint64_t u = v0; u < v1; ++u) {
        if (cc_ld(J->comp, u) == J->skip)
            continue;
        for (uint64_t a = g->off[u] + J->r; a < g->off[u + 1]; ++a)
            link_(J->comp, (cxb_vid)u, g->adj[a]);
    }
}

/* The most frequent comp value among the keyed samples; CXB_VID_NONE without samples. */
static cxb_status sample_frequent(aff_job *J, uint64_t samples, uint64_t seed, cxb_vid *out)
{
    const uint64_t n = J->g->n;
    *out = CXB_VID_NONE;
    if (!samples || !n)
        return CXB_OK;
    uint64_t *key = malloc(2 * samples * sizeof *key);
    if (!key)
        return cxb_fail(CXB_ERESOURCE, "components.afforest.pthreads: no memory for %llu samples",
                        (unsigned long long)samples);
    for (uint64_t s = 0; s < samples; ++s) {
        uint64_t v = cxb_cc_afforest_sample(seed, s, n); /* the draws of afforest.cuda too */
        key[s] = cc_ld(J->comp, v);
    }
    cxb_sort_u64(key, key + samples, samples);
    uint64_t best = 0, best_len = 0;
    for (uint64_t i = 0; i < samples;) {
        uint64_t j = i;
        while (j < samples && key[j] == key[i])
            ++j;
        if (j - i > best_len) {
            best_len = j - i;
            best = key[i];
        }
        i = j;
    }
    free(key);
    *out = (cxb_vid)best;
    return CXB_OK;
}

cxb_status cxb_cc_afforest_pthreads(const cxb_csr *g, const cxb_cc_params *p, struct cxb_pool *pool,
                                    cxb_vid *label)
{
    cxb_cc_params def;
    if (!p) {
        cxb_cc_params_init(&def);
        p = &def;
    }
    aff_job J = {g, (cxb_alabel *)label, 0, CXB_VID_NONE};
    const uint64_t chunks = cc_chunks(g->n);
    if (!chunks)
        return CXB_OK;
    cxb_status rc = cxb_pool_for(pool, chunks, CXB_SCHED_DYNAMIC, aff_init, &J);
    for (J.r = 0; J.r < p->rounds && rc == CXB_OK; ++J.r) {
        rc = cxb_pool_for(pool, chunks, CXB_SCHED_DYNAMIC, aff_round, &J);
        if (rc == CXB_OK)
            rc = cxb_pool_for(pool, chunks, CXB_SCHED_DYNAMIC, aff_compress, &J);
    }
    if (rc == CXB_OK) /* J.r = rounds: the final pass starts at that neighbour */
        rc = sample_frequent(&J, p->samples, p->seed, &J.skip);
    if (rc == CXB_OK)
        rc = cxb_pool_for(pool, chunks, CXB_SCHED_DYNAMIC, aff_final, &J);
    if (rc == CXB_OK)
        rc = cxb_pool_for(pool, chunks, CXB_SCHED_DYNAMIC, aff_compress, &J);
    return rc;
}
