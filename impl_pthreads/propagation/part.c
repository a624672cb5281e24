/* propagation.{cloop,tloop,aloop,eloop}.pthreads_part (docs/studies/propagation.md "Several GPUs"):
 * threads as partitions. The graph is split as for P GPUs (impl_cpu/propagation/partition.c),
 * each partition runs the loop on its own rows or edge records with its own state copies, and the
 * copies are synchronised through the same boundary and replica segments the GPU schemes copy
 * (Jin et al. Algorithm 3 without the host staging). The pool runs one item per partition; each
 * cxb_pool_for is a barrier. Sync phase A: each owner pulls the replica segments peers hold of it
 * and max-merges them into its boundary entries; phase B: each partition pulls its replica
 * segments back from their owners. Every write targets the writer's own partition, so the two
 * phases are race-free, and max over the state bytes is the merge (an OR of activations). */
#include <stdlib.h>
#include <string.h>

#include "cxb/propagation/model.h"
#include "cxb/propagation/propagation.h"

typedef struct part_job {
    const cxb_csr *g;
    cxb_prop_parts ps;
    cxb_prop_state **st; /* per partition: n_own + n_rep */
    int32_t *act;
    cxb_pool *pool;
    int check;
    /* the current pass */
    int loop;
    const cxb_prop_step *s;
    uint32_t t;
    unsigned char *frontier;
    uint64_t *newly, *wadd;
} part_job;

static void compute_part(void *arg, uint64_t q, unsigned worker)
{
    (void)worker;
    part_job *j = arg;
    const cxb_prop_part *p = &j->ps.part[q];
    cxb_prop_state *st = j->st[q];
    int f = 0;
    if (j->loop == CXB_PROP_CLOOP)
        for (uint64_t u = 0; u < p->n_own; ++u)
            f |= cxb_prop_cloop_row(j->s, p->off, p->adj, p->gid, st, u);
    else if (j->loop == CXB_PROP_TLOOP)
        for (uint64_t v = 0; v < p->n_own; ++v)
            f |= cxb_prop_tloop_row(j->s, p->off, p->adj, p->gid, st, v);
    else
        for (uint64_t k = 0; k < p->ne; ++k)
            f |= cxb_prop_eloop_edge(j->s, p->gid, st, p->es[k], p->ed[k]);
    j->frontier[q] = (unsigned char)f;
}

/* phase A: owner r max-merges the replica segments of r held by every peer q */
static void merge_part(void *arg, uint64_t r, unsigned worker)
{
    (void)worker;
    part_job *j = arg;
    const cxb_prop_part *pr = &j->ps.part[r];
    for (uint32_t q = 0; q < j->ps.P; ++q) {
        if (q == r)
            continue;
        const cxb_prop_part *pq = &j->ps.part[q];
        const cxb_prop_state *rep = j->st[q] + pq->n_own + pq->rep_off[r];
        const cxb_vid *bnd = pr->bnd + pr->bnd_off[q];
        for (uint64_t k = 0; k < pr->bnd_off[q + 1] - pr->bnd_off[q]; ++k) {
            unsigned a = CXB_PROP_LD(&j->st[r][bnd[k]]), b = CXB_PROP_LD(&rep[k]);
            if (b > a)
                CXB_PROP_ST(&j->st[r][bnd[k]], b);
        }
    }
}

/* phase B: partition q copies its replica segments from their owners' boundary entries */
static void scatter_part(void *arg, uint64_t q, unsigned worker)
{
    (void)worker;
    part_job *j = arg;
    const cxb_prop_part *pq = &j->ps.part[q];
    for (uint32_t r = 0; r < j->ps.P; ++r) {
        if (q == r)
            continue;
        const cxb_prop_part *pr = &j->ps.part[r];
        cxb_prop_state *rep = j->st[q] + pq->n_own + pq->rep_off[r];
        const cxb_vid *bnd = pr->bnd + pr->bnd_off[q];
        for (uint64_t k = 0; k < pq->rep_off[r + 1] - pq->rep_off[r]; ++k) {
            CXB_PROP_ST(&rep[k], CXB_PROP_LD(&j->st[r][bnd[k]]));
        }
    }
}

static void finalise_part(void *arg, uint64_t q, unsigned worker)
{
    (void)worker;
    part_job *j = arg;
    const cxb_prop_part *p = &j->ps.part[q];
    uint64_t k = 0, w = 0;
    for (uint64_t i = 0; i < p->n_own + p->n_rep; ++i)
        if (cxb_prop_finalise(j->st[q], i) && i < p->n_own) {
            j->act[p->gid[i]] = (int32_t)j->t;
            ++k;
            w += p->deg[i];
        }
    j->newly[q] = k;
    j->wadd[q] = w;
}

/* docs "Verification": every copy equals its owner's, and a second sync changes nothing */
static cxb_status check_copies(part_job *j)
{
    for (uint32_t q = 0; q < j->ps.P; ++q) {
        const cxb_prop_part *p = &j->ps.part[q];
        for (uint32_t r = 0; r < j->ps.P; ++r)
            for (uint64_t k = p->rep_off[r]; r != q && k < p->rep_off[r + 1]; ++k) {
                const cxb_prop_part *pr = &j->ps.part[r];
                cxb_vid v = p->gid[p->n_own + k];
                /* the owner's local id: binary search among its owned ids */
                uint64_t lo = 0, hi = pr->n_own;
                while (lo < hi) {
                    uint64_t mid = lo + (hi - lo) / 2;
                    if (pr->gid[mid] < v)
                        lo = mid + 1;
                    else
                        hi = mid;
                }
                if (lo == pr->n_own || pr->gid[lo] != v ||
                    CXB_PROP_LD(&j->st[q][p->n_own + k]) != CXB_PROP_LD(&j->st[r][lo]))
                    return cxb_fail(CXB_EFAIL, "pthreads_part: step %u: vertex %lu: replica in %u disagrees "
                                    "with its owner %u", j->t, (unsigned long)v, q, r);
            }
    }
    return CXB_OK;
}

/* a second sync leaves every byte of every partition as it was */
static cxb_status check_second_sync(part_job *j)
{
    uint64_t total = 0;
    for (uint32_t q = 0; q < j->ps.P; ++q)
        total += j->ps.part[q].n_own + j->ps.part[q].n_rep;
    unsigned char *snap = malloc(total ? total : 1);
    if (!snap)
        return cxb_fail(CXB_ERESOURCE, "pthreads_part: out of host memory for the invariant check");
    uint64_t o = 0;
    for (uint32_t q = 0; q < j->ps.P; ++q)
        for (uint64_t i = 0; i < j->ps.part[q].n_own + j->ps.part[q].n_rep; ++i)
            snap[o++] = CXB_PROP_LD(&j->st[q][i]);
    cxb_status st = cxb_pool_for(j->pool, j->ps.P, CXB_SCHED_DYNAMIC, merge_part, j);
    if (st == CXB_OK)
        st = cxb_pool_for(j->pool, j->ps.P, CXB_SCHED_DYNAMIC, scatter_part, j);
    o = 0;
    for (uint32_t q = 0; st == CXB_OK && q < j->ps.P; ++q)
        for (uint64_t i = 0; st == CXB_OK && i < j->ps.part[q].n_own + j->ps.part[q].n_rep; ++i)
            if (snap[o++] != CXB_PROP_LD(&j->st[q][i]))
                st = cxb_fail(CXB_EFAIL, "pthreads_part: step %u: a second sync changed vertex %lu in partition %u",
                              j->t, (unsigned long)j->ps.part[q].gid[i], q);
    free(snap);
    return st;
}

static cxb_status part_step(void *ctx, int loop, const cxb_prop_step *s, int *frontier)
{
    part_job *j = ctx;
    j->loop = loop;
    j->s = s;
    j->t = s->t;
    cxb_status st = cxb_pool_for(j->pool, j->ps.P, CXB_SCHED_DYNAMIC, compute_part, j);
    if (st == CXB_OK)
        st = cxb_pool_for(j->pool, j->ps.P, CXB_SCHED_DYNAMIC, merge_part, j);
    if (st == CXB_OK)
        st = cxb_pool_for(j->pool, j->ps.P, CXB_SCHED_DYNAMIC, scatter_part, j);
    if (st == CXB_OK && j->check && (st = check_copies(j)) == CXB_OK)
        st = check_second_sync(j);
    int f = 0;
    for (uint32_t q = 0; q < j->ps.P; ++q)
        f |= j->frontier[q];
    *frontier = f;
    return st;
}

static cxb_status part_finalise(void *ctx, uint32_t t, uint64_t *newly, uint64_t *w_c_add)
{
    part_job *j = ctx;
    j->t = t;
    cxb_status st = cxb_pool_for(j->pool, j->ps.P, CXB_SCHED_DYNAMIC, finalise_part, j);
    uint64_t a = 0, b = 0;
    for (uint32_t q = 0; q < j->ps.P; ++q)
        a += j->newly[q], b += j->wadd[q];
    *newly = a;
    *w_c_add = b;
    return st;
}

cxb_status cxb_prop_run_part(const cxb_csr *g, const cxb_prop_cfg *cfg, uint32_t parts, int partitioner,
                             const uint32_t *given, cxb_pool *pool, cxb_prop_result *r)
{
    if (!pool)
        return cxb_fail(CXB_EINPUT, "propagation pthreads_part: no worker pool");
    part_job j;
    memset(&j, 0, sizeof j);
    j.g = g;
    j.act = r->act;
    j.pool = pool;
    j.check = cfg->check_invariants;
    unsigned char *is_src = calloc(g->n ? g->n : 1, 1);
    cxb_status st = is_src ? CXB_OK : cxb_fail(CXB_ERESOURCE, "propagation: out of host memory");
    uint64_t w_c0 = 0, nsrc = 0;
    if (st == CXB_OK)
        st = cxb_prop_mark_sources(g, cfg, is_src, &w_c0, &nsrc);
    /* the tables: built before the timed runs (cfg->parts), or here */
    int own_ps = !cfg->parts;
    if (st == CXB_OK && cfg->parts)
        j.ps = *cfg->parts;
    else if (st == CXB_OK)
        st = cxb_prop_parts_for(g, cfg, parts, partitioner, given, &j.ps);
    parts = j.ps.P;
    if (st == CXB_OK) {
        j.st = calloc(parts, sizeof *j.st);
        j.frontier = calloc(parts, 1);
        j.newly = calloc(parts, sizeof *j.newly);
        j.wadd = calloc(parts, sizeof *j.wadd);
        if (!j.st || !j.frontier || !j.newly || !j.wadd)
            st = cxb_fail(CXB_ERESOURCE, "propagation: out of host memory");
    }
    for (uint32_t q = 0; st == CXB_OK && q < parts; ++q) {
        const cxb_prop_part *p = &j.ps.part[q];
        uint64_t nl = p->n_own + p->n_rep;
        if (!(j.st[q] = calloc(nl ? nl : 1, sizeof *j.st[q])))
            st = cxb_fail(CXB_ERESOURCE, "propagation: out of host memory for partition %u's states", q);
        for (uint64_t i = 0; st == CXB_OK && i < nl; ++i)
            if (is_src[p->gid[i]])
                CXB_PROP_ST(&j.st[q][i], CXB_PROP_FRESH); /* every copy of a source */
    }
    if (st == CXB_OK) {
        for (uint64_t v = 0; v < g->n; ++v)
            r->act[v] = is_src[v] ? 0 : -1;
        cxb_prop_ops ops = {&j, part_step, part_finalise, NULL};
        cxb_prop_cfg c = *cfg;
        c.nsources = nsrc;
        st = cxb_prop_drive(&ops, &c, g->nnz, w_c0, r);
    }
    for (uint32_t q = 0; j.st && q < parts; ++q)
        free(j.st[q]);
    free(j.st);
    free(j.frontier);
    free(j.newly);
    free(j.wadd);
    free(is_src);
    if (own_ps)
        cxb_prop_parts_free(&j.ps);
    return st;
}
