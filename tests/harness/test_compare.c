/* tests/harness/test_compare.c - harness_compare (docs/method.md): result sets are written into a
 * temporary directory (samples.csv with the 4.2 header, provenance.json) and compared
 * with `cxbench compare` (cxb_cli_compare, CSV output captured): identical sets -> 0 and
 * all SAME; NEW 10% slower with 20 samples -> 1 (REGRESSION); NEW 10% faster -> 0
 * (IMPROVEMENT); schema, machine or build mismatch, an empty, header-only or truncated
 * samples.csv, an unverified row, a missing set, no matched point -> 2; a slope change
 * of 0.3 -> SLOPE-REGRESSION and 1; 2 samples a side -> AMBIGUOUS and 0 (1 with
 * --fail-on-ambiguous, 2 with --require-all); instruction counts compared exactly. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "cxb/config.h"
#include "harness/cli.h"
#include "harness/compare.h"
#include "harness/derive.h"
#include "harness/stats.h"

static char tmp[] = "/tmp/cxb_compare_XXXXXX";
static char out[1 << 16];

typedef struct setspec {
    int npoints, nsamples;
    double factor;      /* multiplies every time */
    double delta;       /* t *= (n / n_max)^delta: a slope change */
    double cv;          /* multiplicative noise */
    uint64_t seed;
    double ir;          /* 0: no instruction counts; else Ir = ir * 1000 * n */
    int unverified;     /* one row with verified = 0 */
    int extra_point;    /* one more point that the other side lacks */
    const char *impl;
    const char *schema, *cpu, *gpu, *build, *cc; /* provenance; gpu NULL: no gpu array */
} setspec;

static setspec defaults(void)
{
    setspec s = {.npoints = 3, .nsamples = 20, .factor = 1.0, .delta = 0.0, .cv = 0.01, .seed = 1,
                 .impl = "cxbtest.sum.seq", .schema = "1.0.0", .cpu = "Test CPU 9000",
                 .gpu = "NVIDIA H100 80GB HBM3", .build = "Release",
                 .cc = "GNU 12.2.0"};
    return s;
}

static const char *const header =
    "run_id,study,impl,backend,algorithm,variant,point,params,n,threads,seed,rep,mode,batch,"
    "wall_ns,cpu_ns,alloc_ns,h2d_ns,kernel_ns,d2h_ns,free_ns,rng_ns,sync_ns,transfer_ns,time_ns,"
    "instructions,sm_clock_mhz,throttled,checksum,verified,t_start_ns,extra\n";

static void path_of(char *buf, size_t size, const char *name, const char *file)
{
    if (file)
        snprintf(buf, size, "%s/%s/%s", tmp, name, file);
    else
        snprintf(buf, size, "%s/%s", tmp, name);
}

static void write_set(const char *name, const setspec *s)
{
    char path[512];
    path_of(path, sizeof path, name, NULL);
    mkdir(path, 0777);
    path_of(path, sizeof path, name, "samples.csv");
    FILE *f = fopen(path, "w");
    fputs(header, f);
    cxb_stats_rng rng;
    cxb_stats_rng_init(&rng, s->seed);
    int np = s->npoints + (s->extra_point ? 1 : 0);
    double nmax = ldexp(1.0, 10 + s->npoints - 1);
    unsigned ih = 0; /* the point id depends on impl and params, as the runner's hash does */
    for (const char *c = s->impl; *c; ++c)
        ih = ih * 31u + (unsigned char)*c;
    for (int p = 0; p < np; ++p) {
        double n = ldexp(1.0, 10 + p);
        for (int r = 0; r < s->nsamples; ++r) {
            double t = 10.0 * n * s->factor * pow(n / nmax, s->delta) *
                       exp(s->cv * cxb_stats_rng_normal(&rng));
            long long ti = llround(t);
            char ir[32] = "";
            if (s->ir > 0)
                snprintf(ir, sizeof ir, "%lld", llround(s->ir * 1000.0 * n));
            int ver = s->unverified && p == 1 && r == 2 ? 0 : 1;
            fprintf(f, "20250101T000000Z-0000abcd,cxbtest,%s,seq,sum,seq,%016x,n=%.0f;threads=1,%.0f,1,1,"
                       "%d,cpu,1,%lld,%lld,,,,,,,,,%lld,%s,,0,00000000deadbeef,%d,%d,\n",
                    s->impl, (ih << 8) + (unsigned)p + 1, n, n, r, ti, ti, ti, ir, ver, r);
        }
    }
    fclose(f);
    path_of(path, sizeof path, name, "provenance.json");
    f = fopen(path, "w");
    fprintf(f, "{\n  \"schema_version\": \"%s\",\n  \"host\": {\"cpu_model\": \"%s\", \"cores\": 2},\n",
            s->schema, s->cpu);
    if (s->gpu)
        fprintf(f, "  \"gpu\": [{\"name\": \"%s\", \"sm_count\": 132}],\n", s->gpu);
    fprintf(f, "  \"build\": {\"type\": \"%s\", \"c_compiler\": \"%s\", \"c_flags\": \"-O3\"}\n}\n",
            s->build, s->cc);
    fclose(f);
}

/* Runs cxb_cli_compare with stdout captured into out; echoes it for the log. */
static int compare(const char *base, const char *new_dir, const char *opt1, const char *opt2)
{
    char b[512], n[512], cap[600];
    path_of(b, sizeof b, base, NULL);
    path_of(n, sizeof n, new_dir, NULL);
    snprintf(cap, sizeof cap, "%s/stdout.txt", tmp);
    char *argv[8] = {"compare", b, n, "--format", "csv", NULL, NULL, NULL};
    int argc = 5;
    if (opt1)
        argv[argc++] = (char *)opt1;
    if (opt2)
        argv[argc++] = (char *)opt2;
    fflush(stdout);
    int saved = dup(1);
    int fd = open(cap, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(fd, 1);
    close(fd);
    int rc = cxb_cli_compare(argc, argv);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    FILE *f = fopen(cap, "r");
    size_t len = f ? fread(out, 1, sizeof out - 1, f) : 0;
    out[len] = '\0';
    if (f)
        fclose(f);
    printf("--- compare %s %s %s %s -> %d\n%s", base, new_dir, opt1 ? opt1 : "", opt2 ? opt2 : "", rc, out);
    return rc;
}

/* Lines of out starting with prefix and containing needle. */
static int count_lines(const char *prefix, const char *needle)
{
    int c = 0;
    for (const char *p = out; *p;) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        char line[2048];
        if (len >= sizeof line)
            len = sizeof line - 1;
        memcpy(line, p, len);
        line[len] = '\0';
        if (strncmp(line, prefix, strlen(prefix)) == 0 && (!needle || strstr(line, needle)))
            ++c;
        p = e ? e + 1 : p + len;
    }
    return c;
}

static const cxb_series_spec series[] = {{"cxbtest.", "n", 1.0, 0.1, 0, 0, NULL}};
static const cxb_study study = {.name = "cxbtest", .reference_impl = "cxbtest.sum.seq",
                                .series = series, .nseries = 1};

static void derive(const char *name)
{
    char dir[512];
    path_of(dir, sizeof dir, name, NULL);
    CHECK(cxb_derive_write(dir, &study, 0, 0) == CXB_OK);
}

int main(void)
{
    if (!mkdtemp(tmp))
        SKIP("cannot create a temporary directory");
    setspec s = defaults();

    /* identical sets: exit 0, every point SAME */
    write_set("base", &s);
    write_set("same", &s);
    CHECK(compare("base", "same", NULL, NULL) == 0);
    CHECK(count_lines("point,", NULL) == 3 && count_lines("point,", ",SAME,") == 3);

    /* NEW 10% slower, 20 samples a side, independent noise: REGRESSION, exit 1 */
    setspec slow = defaults();
    slow.factor = 1.10;
    slow.seed = 2;
    write_set("slow", &slow);
    CHECK(compare("base", "slow", NULL, NULL) == 1);
    CHECK(count_lines("point,", ",REGRESSION,") == 3);
    /* 10% faster: IMPROVEMENT, exit 0 (speed-ups never fail) */
    setspec fast = defaults();
    fast.factor = 1.0 / 1.10;
    fast.seed = 3;
    write_set("fast", &fast);
    CHECK(compare("base", "fast", NULL, NULL) == 0);
    CHECK(count_lines("point,", ",IMPROVEMENT,") == 3);
    /* 2% slower with 1% noise: significant but below theta, and the CI lies inside the 5%
     * band: SAME */
    setspec bit = defaults();
    bit.factor = 1.02;
    bit.seed = 4;
    write_set("bit", &bit);
    CHECK(compare("base", "bit", NULL, NULL) == 0);
    CHECK(count_lines("point,", ",SAME,") == 3);
    /* 10% slower is not a regression at --threshold 0.2 */
    CHECK(compare("base", "slow", "--threshold", "0.2") == 0);
    CHECK(count_lines("point,", ",REGRESSION,") == 0);

    /* underpowered: 2 samples a side -> AMBIGUOUS, exit 0; 3 a side cannot reach p < 0.05 */
    setspec two = defaults();
    two.nsamples = 2;
    write_set("two_a", &two);
    two.factor = 1.5;
    two.seed = 5;
    write_set("two_b", &two);
    CHECK(compare("two_a", "two_b", NULL, NULL) == 0);
    CHECK(count_lines("point,", ",AMBIGUOUS,UNDERPOWERED") == 3);
    CHECK(compare("two_a", "two_b", "--fail-on-ambiguous", NULL) == 1);
    CHECK(compare("two_a", "two_b", "--require-all", NULL) == 2);
    setspec three = defaults();
    three.nsamples = 3;
    write_set("three_a", &three);
    three.factor = 1.5;
    three.seed = 6;
    write_set("three_b", &three);
    CHECK(compare("three_a", "three_b", NULL, NULL) == 0);
    CHECK(count_lines("point,", ",AMBIGUOUS,UNDERPOWERED") == 3);

    /* unmatched points are listed; --require-all refuses them */
    setspec more = defaults();
    more.extra_point = 1;
    write_set("more", &more);
    CHECK(compare("base", "more", NULL, NULL) == 0);
    CHECK(count_lines("unmatched,", "NEW only: cxbtest.sum.seq n=8192;threads=1") == 1);
    CHECK(compare("base", "more", "--require-all", NULL) == 2);

    /* could not compare: exit 2 */
    setspec other = defaults();
    other.impl = "cxbtest.other.seq";
    write_set("other", &other);
    CHECK(compare("base", "other", NULL, NULL) == 2); /* no matched point */
    CHECK(compare("base", "missing", NULL, NULL) == 2);
    setspec unver = defaults();
    unver.unverified = 1;
    write_set("unverified", &unver);
    CHECK(compare("base", "unverified", NULL, NULL) == 2);
    CHECK(compare("unverified", "base", NULL, NULL) == 2);
    char path[512];
    write_set("empty", &s);
    path_of(path, sizeof path, "empty", "samples.csv");
    fclose(fopen(path, "w")); /* 0 bytes */
    CHECK(compare("base", "empty", NULL, NULL) == 2);
    write_set("headeronly", &s);
    path_of(path, sizeof path, "headeronly", "samples.csv");
    FILE *f = fopen(path, "w");
    fputs(header, f);
    fclose(f);
    CHECK(compare("base", "headeronly", NULL, NULL) == 2);
    write_set("truncated", &s);
    path_of(path, sizeof path, "truncated", "samples.csv");
    struct stat sb;
    stat(path, &sb);
    CHECK(truncate(path, sb.st_size - 20) == 0); /* cut inside the last row */
    CHECK(compare("base", "truncated", NULL, NULL) == 2);
    CHECK(compare("base", "same", "--format", "xml") == 2);
    CHECK(compare("base", "same", "--threshold", "abc") == 2);
    CHECK(compare("base", "same", "--bogus", NULL) == 2);

#if CXB_HAVE_CJSON
    setspec schema = defaults();
    schema.schema = "2.0.0";
    write_set("schema2", &schema);
    CHECK(compare("base", "schema2", NULL, NULL) == 2);
    setspec minor = defaults();
    minor.schema = "1.3.0"; /* a minor change compares */
    write_set("schema13", &minor);
    CHECK(compare("base", "schema13", NULL, NULL) == 0);
    setspec cpu = defaults();
    cpu.cpu = "Other CPU 1";
    write_set("othercpu", &cpu);
    CHECK(compare("base", "othercpu", NULL, NULL) == 2);
    CHECK(compare("base", "othercpu", "--allow-cross-machine", NULL) == 0);
    setspec gpu = defaults();
    gpu.gpu = NULL; /* no GPU on NEW's machine */
    write_set("nogpu", &gpu);
    CHECK(compare("base", "nogpu", NULL, NULL) == 2);
    setspec build = defaults();
    build.build = "Debug";
    write_set("debug", &build);
    CHECK(compare("base", "debug", NULL, NULL) == 2);
    CHECK(compare("base", "debug", "--allow-cross-machine", NULL) == 2); /* builds always */
    write_set("noprov", &s);
    path_of(path, sizeof path, "noprov", "provenance.json");
    unlink(path);
    CHECK(compare("base", "noprov", NULL, NULL) == 2);
    write_set("badprov", &s);
    path_of(path, sizeof path, "badprov", "provenance.json");
    f = fopen(path, "w");
    fputs("{\"schema_version\": ", f);
    fclose(f);
    CHECK(compare("base", "badprov", NULL, NULL) == 2);
    /* a schema_version no major fits (a cast to long would be undefined): an error naming
     * the file and the field, on either side and when both sides agree on it */
    static const char *const huge[] = {"1e300", "-1", "9.3e18", "\"99999999999999999999.0\""};
    for (size_t i = 0; i < sizeof huge / sizeof *huge; ++i) {
        write_set("hugeschema", &s);
        path_of(path, sizeof path, "hugeschema", "provenance.json");
        f = fopen(path, "w");
        fprintf(f, "{\"schema_version\": %s, \"host\": {\"cpu_model\": \"Test CPU 9000\"}, "
                   "\"build\": {\"type\": \"Release\"}}\n", huge[i]);
        fclose(f);
        CHECK(compare("base", "hugeschema", NULL, NULL) == 2);
        CHECK_MSG(strstr(cxb_last_error(), "hugeschema/provenance.json: schema_version"), "%s",
                  cxb_last_error());
        CHECK(compare("hugeschema", "hugeschema", NULL, NULL) == 2);
        CHECK(compare("hugeschema", "base", NULL, NULL) == 2);
    }
#else
    printf("built without cJSON: provenance checks (schema, machine, build) not tested\n");
#endif

    /* slopes: NEW's exponent 0.3 steeper (equal at the largest size, faster below it):
     * no point regresses, the slope does */
    setspec sa = defaults();
    sa.npoints = 8;
    sa.nsamples = 10;
    write_set("slope_base", &sa);
    setspec sb2 = sa;
    sb2.delta = 0.3;
    sb2.seed = 7;
    write_set("slope_new", &sb2);
    derive("slope_base");
    derive("slope_new");
    CHECK(compare("slope_base", "slope_new", NULL, NULL) == 1);
    CHECK(count_lines("slope,", ",SLOPE-REGRESSION,") == 1);
    CHECK(count_lines("point,", ",REGRESSION,") == 0);
    CHECK(compare("slope_new", "slope_base", NULL, NULL) == 1); /* the points regress now */
    CHECK(count_lines("slope,", ",SLOPE-IMPROVEMENT,") == 1);
    /* a change below tau is not a slope regression */
    setspec sc = sa;
    sc.delta = 0.05;
    sc.seed = 8;
    write_set("slope_small", &sc);
    derive("slope_small");
    compare("slope_base", "slope_small", NULL, NULL);
    CHECK(count_lines("slope,", ",SAME,") == 1);

    /* instruction counts: compared exactly with theta_ir = 2%, times ignored */
    setspec ia = defaults();
    ia.ir = 1.0;
    write_set("ir_base", &ia);
    setspec ib = ia;
    ib.ir = 1.03;
    ib.seed = 9;
    write_set("ir_up3", &ib);
    CHECK(compare("ir_base", "ir_up3", NULL, NULL) == 1);
    CHECK(count_lines("point,", ",REGRESSION,instructions") == 3);
    ib.ir = 1.01;
    ib.factor = 1.5; /* times 50% slower: not looked at */
    write_set("ir_up1", &ib);
    CHECK(compare("ir_base", "ir_up1", NULL, NULL) == 0);
    CHECK(count_lines("point,", ",SAME,instructions") == 3);
    ib.ir = 0.97;
    write_set("ir_down3", &ib);
    CHECK(compare("ir_base", "ir_down3", NULL, NULL) == 0);
    CHECK(count_lines("point,", ",IMPROVEMENT,instructions") == 3);
    /* instruction counts travel across CPUs and GPUs, not across compilers */
    setspec ic = ia;
    ic.cpu = "Other CPU 1";
    ic.gpu = NULL;
    write_set("ir_othercpu", &ic);
    CHECK(compare("ir_base", "ir_othercpu", NULL, NULL) == 0);
#if CXB_HAVE_CJSON /* without cJSON provenance is not read, so nothing refuses */
    ic.cc = "Clang 18.1.0";
    write_set("ir_othercc", &ic);
    CHECK(compare("ir_base", "ir_othercc", NULL, NULL) == 2);
#endif

    /* a directory of result sets as BASE */
    char dir[512];
    path_of(dir, sizeof dir, "machine", NULL);
    mkdir(dir, 0777);
    write_set("machine/20250101T000000Z-00000001", &s);
    write_set("machine/20250102T000000Z-00000002", &s);
    path_of(dir, sizeof dir, "machine/.20250103T000000Z-00000003.partial", NULL);
    mkdir(dir, 0777); /* ignored */
    CHECK(compare("machine", "same", NULL, NULL) == 0);
    CHECK(count_lines("point,", ",SAME,") == 3);

    /* the markdown output names every verdict */
    char b[512], n[512];
    path_of(b, sizeof b, "base", NULL);
    path_of(n, sizeof n, "slow", NULL);
    char *argv[] = {"compare", b, n, NULL};
    CHECK(cxb_cli_compare(3, argv) == 1);

    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    if (cxb_check_failures == 0 && system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmp);
    CHECK_DONE();
}
