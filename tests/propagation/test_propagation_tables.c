/* tests/propagation/test_propagation_tables.c - partitions, replicas and the boundary and replica
 * tables (docs/studies/propagation.md "Several GPUs", "Verification"), checked against the placement
 * rules evaluated here from the graph and the owner array alone: owned vertices ascending; the
 * replicas of q are exactly the vertices owned elsewhere that are neighbours of an owned vertex
 * (vertex layout) or the s of an edge (s, d) with owner(d) = q (edge layout), ordered by (owner,
 * id); every row and edge record is where the rules put it, its local ids naming the right global
 * ids; boundary segment (q -> r) equals partition r's replica segment q entry for entry; R bounds,
 * R = 0 for P = 1, R_edge <= R_vertex, sum of replica tables = sum of boundary tables = R n; the
 * partitioners' definitions; the closed forms of docs "Several GPUs" within 0.01 at n = 2^16 (random). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gen_spec.h"
#include "cxb/graph/gen.h"
#include "cxb/graph/keyed.h"
#include "cxb/propagation/model.h"
#include "cxb/propagation/propagation.h"

/* the replica flags of partition q by the placement rules (n flags) */
static void rule_replicas(const cxb_csr *g, int layout, int orient, uint64_t seed, const uint32_t *owner,
                          uint32_t q, unsigned char *rep)
{
    memset(rep, 0, g->n ? g->n : 1);
    for (uint64_t u = 0; u < g->n; ++u)
        for (uint64_t j = g->off[u]; j < g->off[u + 1]; ++j) {
            cxb_vid v = g->adj[j];
            if (layout == CXB_PROP_LAYOUT_VERTEX) {
                if (owner[u] == q && owner[v] != q)
                    rep[v] = 1;
            } else if (u < v) {
                /* the orientation rule of docs "The four loops and the two layouts" written out */
                int flip = orient == CXB_PROP_ORIENT_HASH &&
                           (cxb_gdraw(seed, 34, (uint64_t)u << 32 | v, 0).v[0] & 1u);
                cxb_vid s = flip ? v : (cxb_vid)u, d = flip ? (cxb_vid)u : v;
                if (owner[d] == q && owner[s] != q)
                    rep[s] = 1;
            }
        }
}

static void check_parts(const char *what, const cxb_csr *g, int layout, int orient, uint64_t seed,
                        const uint32_t *owner, uint32_t P, double *R)
{
    cxb_prop_parts ps;
    cxb_status st = cxb_prop_parts_build(g, layout, orient, seed, owner, P, &ps);
    CHECK_MSG(st == CXB_OK, "%s: %s", what, cxb_last_error());
    if (st != CXB_OK)
        return;
    unsigned char *rep = malloc(g->n ? g->n : 1);
    uint64_t reps = 0, bnds = 0, edges = 0, arcs = 0;
    for (uint32_t q = 0; q < P; ++q) {
        const cxb_prop_part *p = &ps.part[q];
        /* owned: exactly the vertices of owner q, ascending */
        uint64_t k = 0;
        for (uint64_t v = 0; v < g->n; ++v)
            if (owner[v] == q) {
                CHECK_MSG(k < p->n_own && p->gid[k] == v, "%s: part %u owned %llu", what, q, (unsigned long long)k);
                CHECK(k >= p->n_own || p->deg[k] == g->off[v + 1] - g->off[v]);
                ++k;
            }
        CHECK_MSG(k == p->n_own, "%s: part %u owns %llu, rules %llu", what, q, (unsigned long long)p->n_own,
                  (unsigned long long)k);
        /* replicas: the rule's set, ordered by (owner, id), in segments */
        rule_replicas(g, layout, orient, seed, owner, q, rep);
        uint64_t want = 0;
        for (uint64_t v = 0; v < g->n; ++v)
            want += rep[v];
        CHECK_MSG(p->n_rep == want, "%s: part %u has %llu replicas, rules %llu", what, q,
                  (unsigned long long)p->n_rep, (unsigned long long)want);
        for (uint64_t i = 0; i < p->n_rep && p->n_rep == want; ++i) {
            cxb_vid v = p->gid[p->n_own + i];
            CHECK(rep[v]);
            CHECK(i >= p->rep_off[owner[v]] && i < p->rep_off[owner[v] + 1]);
            if (i > 0) {
                cxb_vid w = p->gid[p->n_own + i - 1];
                CHECK(owner[w] < owner[v] || (owner[w] == owner[v] && w < v));
            }
        }
        CHECK(p->rep_off[q] == p->rep_off[q + 1]); /* no replica of its own vertices */
        reps += p->n_rep;
        bnds += p->bnd_off[P];
        /* boundary segment (q -> r) equals replica segment q of partition r, entry for entry */
        for (uint32_t r = 0; r < P; ++r) {
            const cxb_prop_part *pr = &ps.part[r];
            uint64_t len = p->bnd_off[r + 1] - p->bnd_off[r];
            CHECK_MSG(len == pr->rep_off[q + 1] - pr->rep_off[q], "%s: segment (%u -> %u) %llu, replicas %llu",
                      what, q, r, (unsigned long long)len, (unsigned long long)(pr->rep_off[q + 1] - pr->rep_off[q]));
            for (uint64_t i = 0; i < len && len == pr->rep_off[q + 1] - pr->rep_off[q]; ++i)
                CHECK(p->gid[p->bnd[p->bnd_off[r] + i]] == pr->gid[pr->n_own + pr->rep_off[q] + i]);
        }
        /* rows and edge records: local ids name the right global vertices */
        if (layout == CXB_PROP_LAYOUT_VERTEX) {
            for (uint64_t i = 0; i < p->n_own; ++i) {
                cxb_vid v = p->gid[i];
                CHECK(p->off[i + 1] - p->off[i] == g->off[v + 1] - g->off[v]);
                for (uint64_t j = 0; j < p->off[i + 1] - p->off[i] && j < g->off[v + 1] - g->off[v]; ++j)
                    CHECK(p->gid[p->adj[p->off[i] + j]] == g->adj[g->off[v] + j]);
            }
            arcs += p->off[p->n_own];
        } else {
            for (uint64_t e = 0; e < p->ne; ++e) {
                cxb_vid s = p->gid[p->es[e]], d = p->gid[p->ed[e]];
                CHECK(owner[d] == q && p->ed[e] < p->n_own);
                cxb_vid a = s < d ? s : d, b = s < d ? d : s;
                int flip = orient == CXB_PROP_ORIENT_HASH && (cxb_gdraw(seed, 34, (uint64_t)a << 32 | b, 0).v[0] & 1u);
                CHECK(s == (flip ? b : a));
            }
            edges += p->ne;
        }
    }
    if (layout == CXB_PROP_LAYOUT_VERTEX)
        CHECK_MSG(arcs == g->nnz, "%s: rows hold %llu arcs of %llu", what, (unsigned long long)arcs,
                  (unsigned long long)g->nnz);
    else
        CHECK_MSG(edges == g->m, "%s: %llu edge records of %llu", what, (unsigned long long)edges,
                  (unsigned long long)g->m);
    CHECK_MSG(reps == bnds && reps == cxb_prop_parts_replicas(&ps), "%s: replicas %llu, boundary %llu", what,
              (unsigned long long)reps, (unsigned long long)bnds);
    *R = g->n ? (double)reps / (double)g->n : 0.0;
    CHECK_MSG(*R >= 0 && *R <= P - 1, "%s: R %f outside [0, P-1]", what, *R);
    if (P == 1)
        CHECK(*R == 0);
    free(rep);
    cxb_prop_parts_free(&ps);
}

int main(void)
{
    const char *specs[] = {"gnm:n=500,m=2000,seed=2", "rmat:scale=9,ef=8,seed=3", "gnm:n=300,m=100,seed=4",
                           "gnm:n=7,m=0,seed=1"};
    static const uint32_t Ps[] = {1, 2, 3, 4, 8};
    for (unsigned s = 0; s < 4; ++s) {
        cxb_csr g;
        cxb_test_build_spec(specs[s], &g);
        uint32_t *owner = malloc(g.n * sizeof *owner);
        for (unsigned k = 0; k < 5; ++k)
            for (int part = 0; part < 2; ++part) {
                CHECK(cxb_prop_owners(g.n, Ps[k], part, 9, owner) == CXB_OK);
                /* the partitioners' definitions (docs "Several GPUs") */
                for (uint64_t v = 0; v < g.n; ++v) {
                    uint32_t want = part ? (uint32_t)cxb_gbounded(cxb_gx0(cxb_gdraw(9, 35, v, 0)), Ps[k])
                                         : (uint32_t)(v * Ps[k] / g.n);
                    CHECK(owner[v] == want && owner[v] < Ps[k]);
                }
                for (int orient = 0; orient < 2; ++orient) {
                    double Rv = 0, Re = 0;
                    char what[200];
                    snprintf(what, sizeof what, "%s P=%u %s orient=%d", specs[s], Ps[k], part ? "random" : "block",
                             orient);
                    check_parts(what, &g, CXB_PROP_LAYOUT_VERTEX, orient, 9, owner, Ps[k], &Rv);
                    check_parts(what, &g, CXB_PROP_LAYOUT_EDGE, orient, 9, owner, Ps[k], &Re);
                    CHECK_MSG(Re <= Rv + 1e-12, "%s: R_edge %f > R_vertex %f", what, Re, Rv);
                }
            }
        free(owner);
        cxb_csr_free(&g);
    }
    /* the closed forms of docs "Several GPUs" at n = 2^16 with the random partitioner (the block partitioner
     * for canonical orientation has its own form) */
    {
        cxb_csr g;
        cxb_test_build_spec("gnm:n=65536,m=262144,seed=6", &g); /* lambda = 8 */
        uint32_t *owner = malloc(g.n * sizeof *owner);
        double lambda = 2.0 * (double)g.m / (double)g.n;
        static const uint32_t Pc[] = {2, 4};
        for (unsigned k = 0; k < 2; ++k)
            for (int part = 0; part < 2; ++part)
                for (int orient = 0; orient < 2; ++orient)
                    for (int layout = 0; layout < 2; ++layout) {
                        cxb_prop_parts ps;
                        CHECK(cxb_prop_owners(g.n, Pc[k], part, 3, owner) == CXB_OK);
                        CHECK(cxb_prop_parts_build(&g, layout, orient, 3, owner, Pc[k], &ps) == CXB_OK);
                        double R = (double)cxb_prop_parts_replicas(&ps) / (double)g.n;
                        double want = cxb_prop_r_closed_form(layout, orient, part, Pc[k], lambda);
                        CHECK_MSG(fabs(R - want) < 0.01, "P=%u part=%d orient=%d layout=%d: R %f, closed form %f",
                                  Pc[k], part, orient, layout, R, want);
                        cxb_prop_parts_free(&ps);
                    }
        /* the table values of docs "Several GPUs" (lambda = 8, P = 2 and 4) */
        CHECK(fabs(cxb_prop_r_closed_form(0, 0, 1, 2, 8) - 0.982) < 0.001);
        CHECK(fabs(cxb_prop_r_closed_form(1, 0, 1, 4, 8) - 1.896) < 0.001);
        CHECK(fabs(cxb_prop_r_closed_form(1, 1, 1, 4, 8) - 1.703) < 0.001);
        CHECK(fabs(cxb_prop_r_closed_form(1, 1, 0, 2, 8) - 0.491) < 0.001);
        free(owner);
        cxb_csr_free(&g);
    }
    CHECK_DONE();
}
