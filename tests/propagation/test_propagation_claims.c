/* tests/propagation/test_propagation_claims.c - the single-GPU target claims of the propagation
 * study (suites/propagation/claims.h, docs/studies/propagation.md "Measured") on result sets
 * written here with known medians and step counts: both hold at the targets, each fails just past
 * its bar (a pass over 0.6 ms with the run under 12 ms; an A-Loop slower than the E-Loop), a
 * point with other parameters (lanes=1) is not the Fig. 11 point, and a set without the rows is
 * not measured. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "suites/propagation/claims.h"

/* one set: rows "impl,params,median_ns,steps" */
static void write_set(const char *dir, const char *const *rows, size_t n)
{
    char path[512];
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    FILE *s = fopen(path, "w");
    snprintf(path, sizeof path, "%s/samples.csv", dir);
    FILE *x = fopen(path, "w");
    CHECK(s && x);
    if (!s || !x)
        exit(1);
    fputs("point,impl,params,count,median\n", s);
    fputs("impl,params,time_ns,extra\n", x);
    for (size_t i = 0; i < n; ++i) {
        char impl[64], params[64];
        double med, steps;
        CHECK(sscanf(rows[i], "%63[^,],%63[^,],%lf,%lf", impl, params, &med, &steps) == 4);
        fprintf(s, "p%zu,%s,%s,5,%.0f\n", i, impl, params, med);
        fprintf(x, "%s,%s,%.0f,\"active_final=1;coverage=1;switch_step=3;steps=%.0f\"\n", impl, params, med, steps);
    }
    fclose(s);
    fclose(x);
}

static cxb_verdict judge(const char *dir, int which, char *ours, size_t size)
{
    const char *dirs[1] = {dir};
    ours[0] = '\0';
    return cxb_propagation_claims[which].judge(dirs, 1, ours, size);
}

int main(void)
{
    char tmpl[] = "/tmp/cxb_prop_claims_XXXXXX";
    char *dir = mkdtemp(tmpl);
    if (!dir)
        SKIP("no temporary directory");
    /* the two Fig. 11 claims come first (the replication claims after them have their own test) */
    CHECK(cxb_propagation_claims[0].key && !strcmp(cxb_propagation_claims[0].key, "jin.fig11.gpu1") &&
          cxb_propagation_claims[1].key && !strcmp(cxb_propagation_claims[1].key, "jin.fig11.gpu1"));
    char ours[256];

    /* 17 steps + 1: 10.8 ms is exactly 0.6 ms a pass */
    const char *ok[] = {"propagation.eloop.cuda,graph=paper:1m256m,10800000,17",
                        "propagation.aloop.cuda,graph=paper:1m256m,3000000,17",
                        "propagation.aloop.cuda,graph=paper:1m256m;lanes=1,90000000,17"};
    write_set(dir, ok, 3);
    CHECK_MSG(judge(dir, 0, ours, sizeof ours) == CXB_HOLDS, "%s", ours);
    CHECK_MSG(strstr(ours, "0.600 ms a pass") && strstr(ours, "17 steps"), "%s", ours);
    CHECK_MSG(judge(dir, 1, ours, sizeof ours) == CXB_HOLDS, "%s", ours);
    CHECK_MSG(strstr(ours, "A-Loop 3.00 ms") && strstr(ours, "3.60x"), "%s", ours);

    /* under 12 ms a run, over 0.6 ms a pass (16 steps + 1: 0.65 ms) */
    const char *slow_pass[] = {"propagation.eloop.cuda,graph=paper:1m256m,11000000,16",
                               "propagation.aloop.cuda,graph=paper:1m256m,12000000,16"};
    write_set(dir, slow_pass, 2);
    CHECK_MSG(judge(dir, 0, ours, sizeof ours) == CXB_DOES_NOT_HOLD, "%s", ours);
    CHECK_MSG(judge(dir, 1, ours, sizeof ours) == CXB_DOES_NOT_HOLD, "%s", ours); /* over 3 ms, slower than E */

    /* an A-Loop under 3 ms that the E-Loop beats */
    const char *e_wins[] = {"propagation.eloop.cuda,graph=paper:1m256m,2000000,17",
                            "propagation.aloop.cuda,graph=paper:1m256m,2500000,17"};
    write_set(dir, e_wins, 2);
    CHECK_MSG(judge(dir, 0, ours, sizeof ours) == CXB_HOLDS, "%s", ours);
    CHECK_MSG(judge(dir, 1, ours, sizeof ours) == CXB_DOES_NOT_HOLD, "%s", ours);

    /* only other points: not measured */
    const char *other[] = {"propagation.eloop.cuda,graph=paper:1m128m,1000000,30",
                           "propagation.aloop.cuda,graph=paper:1m256m;lanes=1,2000000,17"};
    write_set(dir, other, 2);
    CHECK_MSG(judge(dir, 0, ours, sizeof ours) == CXB_NOT_MEASURED, "%s", ours);
    CHECK_MSG(judge(dir, 1, ours, sizeof ours) == CXB_NOT_MEASURED, "%s", ours);

    char path[600];
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    remove(path);
    snprintf(path, sizeof path, "%s/samples.csv", dir);
    remove(path);
    CHECK_MSG(judge(dir, 0, ours, sizeof ours) == CXB_NOT_MEASURED, "%s", ours); /* no files */
    rmdir(dir);
    CHECK_DONE();
}
