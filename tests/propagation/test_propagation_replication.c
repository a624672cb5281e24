/* tests/propagation/test_propagation_replication.c - the replication row and its claims
 * (suites/propagation/replication.h, replication_table.h; docs/studies/propagation.md
 * "Replication ratio"). The row's count equals the replicas of the tables that the
 * several-partition rows build, for every layout, orientation, block and random partitions and
 * P from 1 to 100 (beyond the 64-partition mask), on G(n, m), R-MAT and edge-case graphs; R = 0
 * for P = 1 and R_edge <= R_vertex. The Fig. 16 and 18 claims on result sets written here: each
 * holds on data built to satisfy it, fails when one point is moved past its bar, and is not
 * measured without rows. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "testfs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cxb/graph/gen.h"
#include "cxb/propagation/propagation.h"
#include "suites/graph/input.h"
#include "suites/propagation/replication.h"
#include "suites/propagation/replication_table.h"

static void counts_equal_tables(const char *text)
{
    cxb_gen_spec s;
    cxb_csr g;
    if (cxb_gen_parse(text, &s) != CXB_OK || cxb_ginput_build(&s, NULL, 0, &g) != CXB_OK) {
        CHECK_MSG(0, "%s: %s", text, cxb_last_error());
        return;
    }
    static const uint32_t Ps[] = {1, 2, 3, 8, 65, 100};
    uint32_t *owner = malloc((g.n ? g.n : 1) * sizeof *owner);
    for (size_t pi = 0; pi < sizeof Ps / sizeof Ps[0]; ++pi)
        for (int part = CXB_PROP_PART_BLOCK; part <= CXB_PROP_PART_RANDOM; ++part)
            for (int orient = 0; orient < 2; ++orient) {
                uint64_t r[2];
                CHECK(cxb_prop_owners(g.n, Ps[pi], part, 7, owner) == CXB_OK);
                for (int layout = 0; layout < 2; ++layout) {
                    cxb_prop_parts ps;
                    CHECK(cxb_prop_parts_build(&g, layout, orient, 7, owner, Ps[pi], &ps) == CXB_OK);
                    r[layout] = cxb_prop_repl_count(&g, layout, orient, 7, owner, Ps[pi]);
                    CHECK_MSG(r[layout] == cxb_prop_parts_replicas(&ps),
                              "%s P=%u %s %s orient %d: count %llu, tables %llu", text, Ps[pi],
                              cxb_prop_partitioner_name(part), layout ? "edge" : "vertex", orient,
                              (unsigned long long)r[layout], (unsigned long long)cxb_prop_parts_replicas(&ps));
                    cxb_prop_parts_free(&ps);
                }
                CHECK_MSG(r[1] <= r[0], "%s P=%u: R_edge above R_vertex", text, Ps[pi]);
                CHECK(Ps[pi] > 1 || (r[0] == 0 && r[1] == 0));
            }
    free(owner);
    cxb_csr_free(&g);
}

/* a set of replication rows: "net|partition|layout|P|R|cf|lambda" */
static void write_set(const char *dir, const char *const *rows, size_t n)
{
    char path[600];
    snprintf(path, sizeof path, "%s/samples.csv", dir);
    FILE *x = fopen(path, "w");
    CHECK(x != NULL);
    if (!x)
        exit(1);
    fputs("impl,params,time_ns,extra\n", x);
    for (size_t i = 0; i < n; ++i) {
        char net[64], part[16], layout[16];
        unsigned P;
        double R, cf, lambda;
        CHECK(sscanf(rows[i], "%63[^|]|%15[^|]|%15[^|]|%u|%lf|%lf|%lf", net, part, layout, &P, &R, &cf, &lambda) == 7);
        fprintf(x, "propagation.replication.seq,graph=%s;layout=%s;partition=%s;parts=%u,1000,\"R=%.6f;lambda=%.1f", net,
                layout, part, P, R, lambda);
        if (cf >= 0)
            fprintf(x, ";R_closed_form=%.6f", cf);
        fputs("\"\n", x);
    }
    fclose(x);
}

typedef cxb_verdict (*judge_fn)(const char *const *, size_t, char *, size_t);

static cxb_verdict judge(const char *dir, judge_fn f)
{
    char ours[512] = "";
    const char *dirs[1] = {dir};
    return f(dirs, 1, ours, sizeof ours);
}

static void test_claims(const char *root)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s/set", root);
    mkdir(dir, 0777);
    /* Fig. 16 as it should come out: two networks, R rising with P, vertex above edge on the
     * sparse one, the dense one near P - 1, every closed form met */
    const char *good[] = {
        "paper:4m32m|block|vertex|2|0.982|0.982|8",    "paper:4m32m|block|edge|2|0.865|0.865|8",
        "paper:4m32m|block|vertex|3|1.860|1.861|8",    "paper:4m32m|block|edge|3|1.472|1.473|8",
        "paper:4m256m|block|vertex|2|1.000|1.000|64",  "paper:4m256m|block|edge|2|1.000|1.000|64",
        "paper:4m256m|block|vertex|3|2.000|2.000|64",  "paper:4m256m|block|edge|3|1.999|1.999|64",
    };
    write_set(dir, good, sizeof good / sizeof good[0]);
    CHECK(judge(dir, cxb_prop_judge_r_rises) == CXB_HOLDS);
    CHECK(judge(dir, cxb_prop_judge_r_vertex_edge) == CXB_HOLDS);
    CHECK(judge(dir, cxb_prop_judge_r_dense) == CXB_HOLDS);
    CHECK(judge(dir, cxb_prop_judge_r_closed_form) == CXB_HOLDS);
    CHECK(judge(dir, cxb_prop_judge_r_rmat_lower) == CXB_NOT_MEASURED);
    /* one point moved past each bar */
    const char *bad[] = {
        "paper:4m32m|block|vertex|2|0.982|0.982|8",    "paper:4m32m|block|edge|2|0.990|0.865|8",
        "paper:4m32m|block|vertex|3|0.900|1.861|8",    "paper:4m32m|block|edge|3|1.472|1.473|8",
        "paper:4m256m|block|vertex|2|1.000|1.000|64",  "paper:4m256m|block|edge|2|1.000|1.000|64",
        "paper:4m256m|block|vertex|3|1.800|2.000|64",  "paper:4m256m|block|edge|3|1.999|1.999|64",
    };
    write_set(dir, bad, sizeof bad / sizeof bad[0]);
    CHECK(judge(dir, cxb_prop_judge_r_rises) == CXB_DOES_NOT_HOLD);
    CHECK(judge(dir, cxb_prop_judge_r_vertex_edge) == CXB_DOES_NOT_HOLD);
    CHECK(judge(dir, cxb_prop_judge_r_dense) == CXB_DOES_NOT_HOLD);
    CHECK(judge(dir, cxb_prop_judge_r_closed_form) == CXB_DOES_NOT_HOLD);
    /* Fig. 18 (METIS): R-MAT below random, R(3) close to R(2); then R(3) 20% above R(2) */
    const char *rmat[] = {
        "paper:1m128m|metis|vertex|2|0.99|-1|128",      "paper:1m128m|metis|vertex|3|1.98|-1|128",
        "paper:1m128m:rmat|metis|vertex|2|0.60|-1|120", "paper:1m128m:rmat|metis|vertex|3|0.63|-1|120",
    };
    write_set(dir, rmat, sizeof rmat / sizeof rmat[0]);
    CHECK(judge(dir, cxb_prop_judge_r_rmat_lower) == CXB_HOLDS);
    CHECK(judge(dir, cxb_prop_judge_r_rmat_3_2) == CXB_HOLDS);
    CHECK(judge(dir, cxb_prop_judge_r_closed_form) == CXB_NOT_MEASURED); /* METIS has none */
    const char *rmat_bad[] = {
        "paper:1m128m|metis|vertex|2|0.99|-1|128",      "paper:1m128m|metis|vertex|3|1.98|-1|128",
        "paper:1m128m:rmat|metis|vertex|2|1.10|-1|120", "paper:1m128m:rmat|metis|vertex|3|1.40|-1|120",
    };
    write_set(dir, rmat_bad, sizeof rmat_bad / sizeof rmat_bad[0]);
    CHECK(judge(dir, cxb_prop_judge_r_rmat_lower) == CXB_DOES_NOT_HOLD);
    CHECK(judge(dir, cxb_prop_judge_r_rmat_3_2) == CXB_DOES_NOT_HOLD);
    /* no replication rows at all */
    write_set(dir, NULL, 0);
    CHECK(judge(dir, cxb_prop_judge_r_rises) == CXB_NOT_MEASURED);
    CHECK(judge(dir, cxb_prop_judge_r_rmat_3_2) == CXB_NOT_MEASURED);
}

int main(void)
{
    counts_equal_tables("gnm:n=3000,m=12000,seed=3");
    counts_equal_tables("rmat:scale=11,ef=8,seed=5");
    counts_equal_tables("gnm:n=500,m=0");   /* no edges: no replicas */
    counts_equal_tables("gnm:n=1,m=0");     /* one vertex */
    counts_equal_tables("gnm:n=40,m=780");  /* complete: every vertex everywhere */
    char root[] = "/tmp/cxb-repl-XXXXXX";
    if (!mkdtemp(root))
        return 77;
    test_claims(root);
    cxb_testfs_rmtree(root);
    CHECK_DONE();
}
