/* tests/propagation/test_propagation_claims.c - the single-GPU target claims of the propagation
 * study (suites/propagation/claims.h, docs/studies/propagation.md "Measured") on result sets
 * written here with known medians and step counts: both hold at the targets, each fails just past
 * its bar (a pass over 0.6 ms with the run under 12 ms; an A-Loop slower than the E-Loop), a
 * point with other parameters (lanes=1) is not the Fig. 11 point, and a set without the rows is
 * not measured; the thread-scaling targets on sets of the samples.csv format, holding and failing
 * just past their bars (1.9x on 2 threads, 11.2x on 16). */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "suites/propagation/claims.h"
#include "testfs.h"

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

/* The claim of key `key`, or -1. */
static int claim_of(const char *key)
{
    for (int i = 0; cxb_propagation_claims[i].key; ++i)
        if (!strcmp(cxb_propagation_claims[i].key, key))
            return i;
    return -1;
}

/* samples.csv with three samples of each (impl, params, t ns) */
static void write_samples(const char *dir, const char *const *impl, const char *const *params, const double *t,
                          size_t n)
{
    char path[512];
    snprintf(path, sizeof path, "%s/samples.csv", dir);
    FILE *x = fopen(path, "w");
    CHECK(x != NULL);
    if (!x)
        exit(1);
    fputs(CXB_TEST_SAMPLES_HEADER, x);
    for (size_t i = 0; i < n; ++i)
        for (int r = 0; r < 3; ++r) {
            const double v = t[i] * (r == 0 ? 0.99 : r == 1 ? 1.0 : 1.02);
            fprintf(x,
                    "R,propagation,%s,pthreads,%s,pthreads,%016zx,%s,1048576,1,,1,%d,cpu,1,%.0f,,,,,,,,,,%.0f,,"
                    "0000000000000000,1,%d,\n",
                    impl[i], strstr(impl[i], "aloop") ? "aloop" : "eloop", i + 1, params[i], r, v, v, r);
        }
    fclose(x);
}

static void thread_claims(void)
{
    char tmpl[] = "/tmp/cxb_prop_threads_XXXXXX";
    char *dir = mkdtemp(tmpl);
    if (!dir)
        return;
    const int two = claim_of("prop.scaling"), sixteen = claim_of("prop.scaling.host");
    CHECK(two >= 0 && sixteen >= 0);
    if (two < 0 || sixteen < 0)
        return;
    char ours[512];
    const char *impl[] = {"propagation.aloop.pthreads", "propagation.aloop.pthreads", "propagation.eloop.pthreads",
                          "propagation.eloop.pthreads"};
    const char *p2[] = {"d=32;model=gnm;n=1048576;threads=1", "d=32;model=gnm;n=1048576;threads=2",
                        "d=32;model=gnm;n=1048576;threads=1", "d=32;model=gnm;n=1048576;threads=2"};
    /* A-Loop 1.95x, E-Loop 1.92x: holds; E-Loop 1.88x: does not */
    const double hold[] = {3.9e9, 2.0e9, 4.8e9, 2.5e9}, fail[] = {3.9e9, 2.0e9, 4.7e9, 2.5e9};
    write_samples(dir, impl, p2, hold, 4);
    CHECK_MSG(judge(dir, two, ours, sizeof ours) == CXB_HOLDS, "%s", ours);
    CHECK_MSG(strstr(ours, "eloop.pthreads 1.92") != NULL, "%s", ours);
    write_samples(dir, impl, p2, fail, 4);
    CHECK_MSG(judge(dir, two, ours, sizeof ours) == CXB_DOES_NOT_HOLD, "%s", ours);
    CHECK_MSG(strstr(ours, "eloop.pthreads 1.88") != NULL, "%s", ours);
    CHECK_MSG(judge(dir, sixteen, ours, sizeof ours) == CXB_NOT_MEASURED, "%s", ours); /* no 16-thread point */
    /* 16 threads: 11.3x holds (70.6%), 11.1x does not */
    const char *p16[] = {"d=32;model=gnm;n=4194304;threads=1", "d=32;model=gnm;n=4194304;threads=16",
                         "d=32;model=gnm;n=4194304;threads=1", "d=32;model=gnm;n=4194304;threads=16"};
    const double h16[] = {11.3e9, 1.0e9, 22.6e9, 2.0e9}, f16[] = {11.3e9, 1.0e9, 22.2e9, 2.0e9};
    write_samples(dir, impl, p16, h16, 4);
    CHECK_MSG(judge(dir, sixteen, ours, sizeof ours) == CXB_HOLDS, "%s", ours);
    write_samples(dir, impl, p16, f16, 4);
    CHECK_MSG(judge(dir, sixteen, ours, sizeof ours) == CXB_DOES_NOT_HOLD, "%s", ours);
    cxb_testfs_rmtree(dir);
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
    thread_claims();
    CHECK_DONE();
}
