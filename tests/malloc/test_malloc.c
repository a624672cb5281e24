/* tests/malloc/test_malloc.c - malloc_study (docs/studies/malloc.md): the malloc
 * study's CPU side.
 *
 *  1. cxb_malloc_job_init against the thesis's arithmetic (docs/studies/graphgen.md: 256 calls per
 *     thread at 16 B, 1 at 4,096 B, 4,194,304 host calls at 16 B) and its refusals;
 *  2. cxb_malloc_check on constructed pointer sets: empty, one element, touching chunks,
 *     NULLs counted, a misaligned pointer, overlapping and duplicate pointers, and fresh
 *     random disjoint sets (shuffled, random gaps) that must pass and then fail once one
 *     chunk is moved onto its neighbour - the checker must be able to fail;
 *  3. malloc.libc.seq through the harness at small totals: the result set has alloc_ns
 *     and free_ns in every row and extra's calls/failures; --set inject=null|misalign|
 *     overlap (a corrupted pointer set) fails verification with exit code 1 (CXB_EFAIL),
 *     names the problem and leaves no result set;
 *  4. the phases figure (harness/plot.c, y = "phases:alloc,free") on a synthetic
 *     samples.csv whose medians are known by construction, the select alternatives
 *     "a|b" included; drawn with gnuplot when present (the dumb-terminal run of
 *     plots/malloc/fig5_10.gp is in harness_plot).
 */
#define _XOPEN_SOURCE 700 /* mkdtemp, nftw */
#include <ftw.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "testfs.h"
#include "cxb/malloc/malloc.h"
#include "harness/csv.h"
#include "harness/plot.h"
#include "harness/registry.h"
#include "suites/malloc/table.h"
#include "harness/runner.h"

static char root[256];

static uint64_t rng_state;
static uint64_t next_u64(void) /* splitmix64: test inputs only */
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static void test_job(void)
{
    cxb_malloc_job j;
    CHECK(cxb_malloc_job_init(&j, 1u << 26, 16, 16384) == CXB_OK);
    CHECK(j.per_thread == 256 && j.calls == 4194304 && j.threads == 16384);
    CHECK(cxb_malloc_job_init(&j, 1u << 26, 4096, 16384) == CXB_OK);
    CHECK(j.per_thread == 1 && j.calls == 16384);
    CHECK(cxb_malloc_job_init(&j, 1u << 26, 16, 1) == CXB_OK);
    CHECK(j.per_thread == 4194304 && j.calls == 4194304 && j.threads == 1);
    /* fewer chunks than threads: one call each (the CI totals) */
    CHECK(cxb_malloc_job_init(&j, 1u << 22, 4096, 16384) == CXB_OK);
    CHECK(j.threads == 1024 && j.per_thread == 1 && j.calls == 1024);
    /* not a multiple: whole calls per thread */
    CHECK(cxb_malloc_job_init(&j, 1000, 16, 3) == CXB_OK);
    CHECK(j.per_thread == 20 && j.calls == 60);
    CHECK(cxb_malloc_job_init(&j, 16, 16, 16384) == CXB_OK && j.calls == 1 && j.threads == 1);
    CHECK(cxb_malloc_job_init(&j, 1u << 26, 0, 1) == CXB_EINPUT);
    CHECK(cxb_malloc_job_init(&j, 8, 16, 1) == CXB_EINPUT);
    CHECK(cxb_malloc_job_init(&j, 1u << 26, 16, 0) == CXB_EINPUT);
    CHECK(cxb_malloc_job_init(&j, (uint64_t)1 << 40, 16, 1) == CXB_EINPUT); /* 2^36 calls */
    CHECK(cxb_malloc_job_init(&j, 1u << 26, (uint64_t)1 << 31, 1) == CXB_EINPUT);
}

static void test_check(void)
{
    cxb_malloc_check_result r;
    uint64_t v[8];
    CHECK(cxb_malloc_check(v, 0, 16, 16, &r) == CXB_OK && r.failures == 0);
    v[0] = 0x1000;
    CHECK(cxb_malloc_check(v, 1, 4096, 256, &r) == CXB_OK && r.failures == 0 && r.min_align == 4096);
    v[0] = 0;
    CHECK(cxb_malloc_check(v, 1, 16, 16, &r) == CXB_OK && r.failures == 1);
    /* touching chunks are fine, NULLs are counted, the order does not matter */
    uint64_t t[] = {0x1030, 0, 0x1000, 0x1010, 0, 0x1020};
    CHECK(cxb_malloc_check(t, 6, 16, 16, &r) == CXB_OK && r.failures == 2 && r.min_align == 16);
    uint64_t mis[] = {0x1000, 0x1018};
    CHECK(cxb_malloc_check(mis, 2, 8, 16, &r) == CXB_EFAIL && strstr(cxb_last_error(), "aligned"));
    uint64_t ov[] = {0x2000, 0x1000, 0x1100};
    CHECK(cxb_malloc_check(ov, 3, 0x200, 256, &r) == CXB_EFAIL && strstr(cxb_last_error(), "overlap"));
    uint64_t dup[] = {0x4000, 0x5000, 0x4000};
    CHECK(cxb_malloc_check(dup, 3, 16, 16, &r) == CXB_EFAIL && strstr(cxb_last_error(), "overlap"));
    CHECK(cxb_malloc_check(dup, 3, 16, 24, &r) == CXB_EINPUT); /* not a power of two */

    /* fresh random disjoint sets: chunks of size s at 16-aligned random gaps, shuffled */
    for (int round = 0; round < 20; ++round) {
        uint64_t n = 1 + next_u64() % 5000, s = (uint64_t)16 << (next_u64() % 9);
        uint64_t *p = malloc(n * sizeof *p), *q = malloc(n * sizeof *q), at = 1u << 20;
        for (uint64_t i = 0; i < n; ++i) {
            p[i] = at;
            at += s + 16 * (next_u64() % 4);
        }
        for (uint64_t i = n; i > 1; --i) {
            uint64_t k = next_u64() % i, x = p[i - 1];
            p[i - 1] = p[k];
            p[k] = x;
        }
        memcpy(q, p, n * sizeof *p);
        CHECK_MSG(cxb_malloc_check(p, n, s, 16, &r) == CXB_OK && r.failures == 0,
                  "disjoint set n %" PRIu64 " size %" PRIu64 ": %s", n, s, cxb_last_error());
        if (n > 1) { /* one chunk moved into the middle of another: must be caught */
            uint64_t a = next_u64() % n, b = (a + 1 + next_u64() % (n - 1)) % n;
            q[a] = q[b] + s / 2;
            CHECK_MSG(cxb_malloc_check(q, n, s, 16, &r) == CXB_EFAIL, "overlap not found, n %" PRIu64, n);
        }
        free(p);
        free(q);
    }
}

static cxb_status run(const char *impl, const char *preset, const char *const *sets, char *dir, size_t size)
{
    cxb_run_opts o;
    cxb_run_opts_init(&o);
    o.study = cxb_study_find("malloc");
    o.impls = impl;
    o.preset = preset;
    o.min_reps = 3;
    o.min_time_s = 0;
    o.budget_s = 2;
    o.noise_s = 0;
    o.progress = 0;
    o.threads = 1;
    o.out_root = root;
    o.machine = "test-box";
    for (size_t i = 0; sets && sets[i]; ++i)
        if (cxb_params_set_kv(&o.overrides, sets[i]) != CXB_OK)
            return CXB_EINPUT;
    return cxb_run_study(&o, dir, size);
}

static void test_harness(void)
{
    char dir[4096] = "";
    const char *small[] = {"total=65536", NULL}; /* the ci preset's nine sizes */
    cxb_status st = run("malloc.libc.seq", "ci", small, dir, sizeof dir);
    CHECK_MSG(st == CXB_OK, "libc run: %s", cxb_last_error());
    char path[4200];
    snprintf(path, sizeof path, "%s/samples.csv", dir);
    cxb_csv csv;
    CHECK_MSG(cxb_csv_read(path, &csv) == CXB_OK, "%s", cxb_last_error());
    int ca = cxb_csv_col(&csv, "alloc_ns"), cf = cxb_csv_col(&csv, "free_ns"), ci = cxb_csv_col(&csv, "impl"),
        ce = cxb_csv_col(&csv, "extra"), ck = cxb_csv_col(&csv, "kernel_ns");
    CHECK(ca >= 0 && cf >= 0 && ci >= 0 && ce >= 0 && ck >= 0 && csv.nrows >= 27);
    int calls16 = 0, calls256 = 0, calls4096 = 0;
    for (size_t r = 0; r < csv.nrows; ++r) {
        const char *e = cxb_csv_cell(&csv, r, ce);
        CHECK(strcmp(cxb_csv_cell(&csv, r, ci), "malloc.libc.seq") == 0);
        CHECK(atoll(cxb_csv_cell(&csv, r, ca)) > 0 && atoll(cxb_csv_cell(&csv, r, cf)) > 0);
        CHECK(cxb_csv_cell(&csv, r, ck)[0] == '\0');
        calls16 += strstr(e, "calls=4096;failures=0;threads_run=1") != NULL; /* 65536 / 16 */
        calls256 += strstr(e, "calls=256;failures=0") != NULL;
        calls4096 += strstr(e, "calls=16;failures=0") != NULL;
    }
    CHECK(calls16 >= 3 && calls256 >= 3 && calls4096 >= 3);
    cxb_csv_free(&csv);
    /* the samples' alloc_ns and free_ns cells are filled: the phases figure has both */
    snprintf(path, sizeof path, "%s/figs", dir);
    st = cxb_plot_run_dir(dir, cxb_study_find("malloc"), path);
    CHECK_MSG(st == CXB_OK || st == CXB_ERESOURCE, "plot: %s", cxb_last_error());
    snprintf(path, sizeof path, "%s/figs/leist.fig5.10.csv", dir);
    char *s = cxb_testfs_slurp(path);
    CHECK(s && strstr(s, "malloc.libc.seq phase=alloc") && strstr(s, "malloc.libc.seq phase=free"));
    free(s);

    /* a corrupted pointer set fails verification, and no result set is left */
    static const char *const inj[][2] = {{"inject=null", "NULL"}, {"inject=misalign", "aligned"},
                                         {"inject=overlap", "overlap"}};
    for (int i = 0; i < 3; ++i) {
        const char *sets[] = {"total=65536", "size=64", inj[i][0], NULL};
        char d2[4096] = "";
        st = run("malloc.libc.seq", "ci", sets, d2, sizeof d2);
        CHECK_MSG(st == CXB_EFAIL && strstr(cxb_last_error(), "verification failed") &&
                      strstr(cxb_last_error(), inj[i][1]),
                  "%s: status %d, %s", inj[i][0], (int)st, cxb_last_error());
    }
    const char *bad_state[] = {"pool_state=warm", NULL};
    CHECK(run("malloc.libc.seq", "ci", bad_state, dir, sizeof dir) == CXB_EINPUT);
    const char *bad_threads[] = {"threads=4", NULL}; /* the host loop is one thread */
    CHECK(run("malloc.libc.seq", "ci", bad_threads, dir, sizeof dir) == CXB_EINPUT);
    const char *bad_key[] = {"sizes=16", NULL};
    CHECK(run("malloc.libc.seq", "ci", bad_key, dir, sizeof dir) == CXB_EINPUT);
}

static const cxb_figure_spec synth_fig[] = {
    {"phases", "synthetic phases", "malloc/fig5_10.gp", "size", "phases:alloc,free",
     "impl=t.device.cuda|t.host.cuda;threads=1|16384", NULL},
};

static void test_phase_figure(void)
{
    char dir[512], path[700];
    snprintf(dir, sizeof dir, "%s/synth", root);
    mkdir(dir, 0755);
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    cxb_testfs_write(path, "point,impl,params,median,q1,q3,min,work,in_fit\n");
    /* device: alloc 1, 3, 2 ms at size 16 (median 2), free 0.5 ms; host: alloc 8 ms, free
     * cells empty in one row (median of the other two, 4 and 6: 5 ms); other (threads=7)
     * is not selected */
    snprintf(path, sizeof path, "%s/samples.csv", dir);
    cxb_testfs_write(path,
               "point,impl,params,alloc_ns,free_ns\n"
               "a1,t.device.cuda,size=16;threads=16384,1000000,500000\n"
               "a1,t.device.cuda,size=16;threads=16384,3000000,500000\n"
               "b1,t.host.cuda,size=16;threads=1,8000000,4000000\n"
               "a1,t.device.cuda,size=16;threads=16384,2000000,500000\n"
               "b1,t.host.cuda,size=16;threads=1,8000000,\n"
               "b1,t.host.cuda,size=16;threads=1,8000000,6000000\n"
               "a2,t.device.cuda,size=32;threads=16384,4000000,250000\n"
               "c1,t.device.cuda,size=16;threads=7,9000000,9000000\n");
    cxb_study st = {0};
    st.name = "synth";
    st.figures = synth_fig;
    st.nfigures = 1;
    char out[700];
    snprintf(out, sizeof out, "%s/figs", dir);
    cxb_status s = cxb_plot_run_dir(dir, &st, out);
    CHECK_MSG(s == CXB_OK || s == CXB_ERESOURCE, "%s", cxb_last_error());
    snprintf(path, sizeof path, "%s/phases.csv", out);
    char *d = cxb_testfs_slurp(path);
    CHECK(d != NULL);
    if (d) {
        CHECK_MSG(strstr(d, "t.device.cuda phase=alloc threads=16384,16,2,") && strstr(d, "t.device.cuda phase=alloc threads=16384,32,4,") &&
                      strstr(d, "t.device.cuda phase=free threads=16384,16,0.5,") && strstr(d, "t.device.cuda phase=free threads=16384,32,0.25,") &&
                      strstr(d, "t.host.cuda phase=alloc threads=1,16,8,") && strstr(d, "t.host.cuda phase=free threads=1,16,5,") &&
                      !strstr(d, ",9,") && !strstr(d, "threads=7"),
                  "phases.csv:\n%s", d);
        free(d);
    }
    /* one colour per implementation: alloc solid with filled points, free dashed and hollow */
    snprintf(path, sizeof path, "%s/phases.gp", out);
    char *gp = cxb_testfs_slurp(path);
    CHECK_MSG(gp && strstr(gp, "with lines lt 3 dt 1") && strstr(gp, "with lines lt 3 dt 2") &&
                  strstr(gp, "with lines lt 4 dt 1") && strstr(gp, "with lines lt 4 dt 2") &&
                  strstr(gp, "yerrorbars lt 3 pt 5 ") && strstr(gp, "yerrorbars lt 3 pt 4 "),
              "phases.gp styles:\n%s", gp ? gp : "");
    free(gp);
    if (s == CXB_OK) {
        snprintf(path, sizeof path, "%s/phases.png", out);
        CHECK(cxb_testfs_exists(path));
    }
}

/* The Fig. 5.10 table on constructed samples: host alloc halves per doubling (slope
 * -1.00), its free is flat (0.00); device alloc goes 4, 2, 3, 1 ms (two turns); the
 * thread-sweep point (no size) is left out; failures come from extra. */
static void test_table(void)
{
    char dir[512], path[700];
    snprintf(dir, sizeof dir, "%s/table", root);
    mkdir(dir, 0755);
    snprintf(path, sizeof path, "%s/samples.csv", dir);
    cxb_testfs_write(path,
               "point,impl,params,alloc_ns,free_ns,extra\n"
               "h1,malloc.host.cuda,size=16;threads=1;total=1024,8000000,1000000,calls=64;failures=3\n"
               "h2,malloc.host.cuda,size=32;threads=1;total=1024,4000000,1000000,calls=32;failures=0\n"
               "h3,malloc.host.cuda,size=64;threads=1;total=1024,2000000,1000000,calls=16;failures=0\n"
               "h3,malloc.host.cuda,size=64;threads=1;total=1024,2000000,1000000,calls=16;failures=0\n"
               "d1,malloc.device.cuda,size=16;threads=4;total=1024,4000000,1000000,calls=64;failures=0\n"
               "d2,malloc.device.cuda,size=32;threads=4;total=1024,2000000,1000000,calls=32;failures=0\n"
               "d3,malloc.device.cuda,size=64;threads=4;total=1024,3000000,1000000,calls=16;failures=0\n"
               "d4,malloc.device.cuda,size=128;threads=4;total=1024,1000000,1000000,calls=8;failures=0\n"
               "t1,malloc.device.cuda,threads=64;total=1024,9000000,9000000,calls=8;failures=0\n");
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    CHECK(cxb_malloc_fig510_print(dir, f) == CXB_OK);
    fclose(f);
    CHECK_MSG(buf && strstr(buf, "| malloc.host.cuda | threads=1;total=1024 | alloc | 8 | 4 | 2 | - | -1.00 | 0 | 3 |") &&
                  strstr(buf, "| malloc.host.cuda | threads=1;total=1024 | free | 1 | 1 | 1 | - | 0.00 | 0 | 3 |") &&
                  strstr(buf, "| malloc.device.cuda | threads=4;total=1024 | alloc | 4 | 2 | 3 | 1 |") &&
                  strstr(buf, "| 2 | 0 | non-monotone") && !strstr(buf, "| 9 |") && !strstr(buf, "threads=64"),
              "table:\n%s", buf ? buf : "");
    free(buf);
    snprintf(path, sizeof path, "%s/nothing", dir);
    CHECK(cxb_malloc_fig510_print(path, stdout) == CXB_EINPUT);
}

int main(void)
{
    rng_state = ((uint64_t)time(NULL) << 20) ^ (uint64_t)getpid();
    printf("seed %" PRIu64 "\n", rng_state);
    snprintf(root, sizeof root, "/tmp/cxb_malloc_XXXXXX");
    if (!mkdtemp(root)) {
        perror("mkdtemp");
        return 1;
    }
    test_job();
    test_check();
    test_harness();
    test_phase_figure();
    test_table();
    cxb_testfs_rmtree(root);
    CHECK_DONE();
}
