/* tests/harness/test_reliability.c - harness_reliability: the library side of the output
 * path and of the verdicts. fit: a slope interval wider than the tolerance band is
 * "inconclusive", never "consistent"; the leftover names of the cleanup registry (pid
 * parsing) and the stale-leftover sweep; cxb_afile on a directory, a symlink and a regular
 * file; counts too large are said to be so; the memory a command may use (cxb/core/mem.h):
 * CXB_MEM_LIMIT lowers it, never raises it, and a need above it is refused naming both. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "cxb/core/mem.h"
#include "harness/atomic.h"
#include "harness/cleanup.h"
#include "harness/fit.h"
#include "harness/params.h"

static void test_fit_verdict(void)
{
    /* 1.00 +- 0.03 against [0.78, 1.55]: the interval cannot show consistency */
    CHECK(strcmp(cxb_fit_verdict(0.78, 1.55, 1.0, 0.03), "inconclusive") == 0);
    CHECK(strcmp(cxb_fit_verdict(0.98, 1.03, 1.0, 0.03), "consistent") == 0);
    CHECK(strcmp(cxb_fit_verdict(1.20, 1.90, 1.0, 0.03), "steeper") == 0);
    CHECK(strcmp(cxb_fit_verdict(0.10, 0.90, 1.0, 0.03), "shallower") == 0);
    CHECK(strcmp(cxb_fit_verdict(1.0, 3.0, 2.0, 0.0), "consistent") == 0); /* no band: holds e */
}

static void test_pid_names(void)
{
    CHECK(cxb_cleanup_pid_of("out.el.tmp.1234", 'f') == 1234);
    CHECK(cxb_cleanup_pid_of("a.tmp.b.tmp.77", 'f') == 77);
    CHECK(cxb_cleanup_pid_of("out.el.tmp.", 'f') == 0);
    CHECK(cxb_cleanup_pid_of("out.el.tmp.12x", 'f') == 0);
    CHECK(cxb_cleanup_pid_of("notes.tmp", 'f') == 0);
    CHECK(cxb_cleanup_pid_of(".20261127T000000Z-0123abcd.4321.partial", 'd') == 4321);
    CHECK(cxb_cleanup_pid_of(".20261127T000000Z-0123abcd.partial", 'd') == 0); /* no pid */
    CHECK(cxb_cleanup_pid_of("x.4321.partial", 'd') == 0);                      /* not hidden */
    CHECK(cxb_pid_alive((long)getpid()));
}

static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

static void test_afile(const char *dir)
{
    char path[512], link[512], tmp[600], sub[512];
    cxb_afile af;
    /* a directory: CXB_EINPUT naming it, nothing opened */
    snprintf(sub, sizeof sub, "%s/sub", dir);
    CHECK(mkdir(sub, 0777) == 0);
    CHECK(cxb_afile_open(&af, sub) == CXB_EINPUT);
    CHECK(strstr(cxb_last_error(), "sub: is a directory") != NULL);
    CHECK(cxb_afile_check(sub) == CXB_EINPUT);
    /* a regular file: replaced whole by rename; the temporary is beside it until then */
    snprintf(path, sizeof path, "%s/f.txt", dir);
    put(path, "old\n");
    CHECK(cxb_afile_open(&af, path) == CXB_OK);
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    CHECK(access(tmp, F_OK) == 0);
    fputs("new\n", af.f);
    CHECK(cxb_afile_commit(&af) == CXB_OK);
    CHECK(access(tmp, F_OK) != 0);
    char got[16] = "";
    FILE *f = fopen(path, "r");
    CHECK(f && fgets(got, sizeof got, f));
    if (f)
        fclose(f);
    CHECK(strcmp(got, "new\n") == 0);
    /* abort: the old content stays, no temporary */
    CHECK(cxb_afile_open(&af, path) == CXB_OK);
    fputs("lost\n", af.f);
    cxb_afile_abort(&af);
    CHECK(access(tmp, F_OK) != 0);
    /* a symlink to it: followed, the link stays a link */
    snprintf(link, sizeof link, "%s/l.txt", dir);
    CHECK(symlink("f.txt", link) == 0);
    CHECK(cxb_afile_open(&af, link) == CXB_OK);
    fputs("via link\n", af.f);
    CHECK(cxb_afile_commit(&af) == CXB_OK);
    struct stat sb;
    CHECK(lstat(link, &sb) == 0 && S_ISLNK(sb.st_mode));
    f = fopen(path, "r");
    CHECK(f && fgets(got, sizeof got, f));
    if (f)
        fclose(f);
    CHECK(strcmp(got, "via link\n") == 0);
    /* a stale temporary of a process that is gone goes on the next open beside it; one
     * whose name carries no pid stays */
    char stale[600], other[600];
    snprintf(stale, sizeof stale, "%s/f.txt.tmp.999999999", dir); /* above any pid_max */
    snprintf(other, sizeof other, "%s/f.txt.tmp.keep", dir);
    put(stale, "x");
    put(other, "x");
    CHECK(cxb_afile_open(&af, path) == CXB_OK);
    cxb_afile_abort(&af);
    CHECK(access(stale, F_OK) != 0);
    CHECK(access(other, F_OK) == 0);
    unlink(other);
    unlink(link);
    unlink(path);
    rmdir(sub);
}

static void test_too_large(void)
{
    uint64_t v;
    CHECK(cxb_parse_u64("1e30", "--count", &v) == CXB_EINPUT);
    CHECK(strstr(cxb_last_error(), "too large") != NULL);
    CHECK(cxb_parse_u64("2^64", "--count", &v) == CXB_EINPUT);
    CHECK(strstr(cxb_last_error(), "too large") != NULL);
    CHECK(cxb_parse_u64("18446744073709551616", "--count", &v) == CXB_EINPUT);
    CHECK(strstr(cxb_last_error(), "too large") != NULL);
    CHECK(cxb_parse_u64("1e3x", "--count", &v) == CXB_EINPUT);
    CHECK(strstr(cxb_last_error(), "not a non-negative integer") != NULL);
    CHECK(cxb_parse_u64("18446744073709551615", "--count", &v) == CXB_OK && v == UINT64_MAX);
}

static void test_mem(void)
{
    const char *src = NULL;
    unsetenv("CXB_MEM_LIMIT");
    uint64_t real = cxb_mem_available(&src);
    CHECK(real > 0 && src != NULL);
    setenv("CXB_MEM_LIMIT", "64Ki", 1);
    CHECK(cxb_mem_available(&src) == 65536 && !strcmp(src, "CXB_MEM_LIMIT")); /* any machine has 64 KiB */
    CHECK(cxb_mem_check(65536.0, "w", "x") == CXB_OK);
    CHECK(cxb_mem_check(65537.0, "w", "x") == CXB_ERESOURCE);
    CHECK(!strcmp(cxb_last_error(), "w: needs 65537 B of host memory (x), 65536 B available (CXB_MEM_LIMIT)"));
    CHECK(cxb_mem_check(1e30, "w", "x") == CXB_ERESOURCE); /* a need past 2^64: no overflow */
    /* above what there is: no raise; unreadable: ignored (MemAvailable moves: the source says it) */
    setenv("CXB_MEM_LIMIT", "18446744073709551614", 1);
    CHECK(cxb_mem_available(&src) < UINT64_MAX - 1 && strcmp(src, "CXB_MEM_LIMIT") != 0);
    setenv("CXB_MEM_LIMIT", "lots", 1);
    (void)cxb_mem_available(&src);
    CHECK(strcmp(src, "CXB_MEM_LIMIT") != 0);
    unsetenv("CXB_MEM_LIMIT");
    char b[32];
    cxb_mem_format(81.0 * 1024 * 1024 * 1024, b, sizeof b);
    CHECK(!strcmp(b, "81.0 GiB"));
    cxb_mem_format(1.5 * 1024 * 1024, b, sizeof b);
    CHECK(!strcmp(b, "1.5 MiB"));
}

int main(void)
{
    char dir[] = "/tmp/cxb_reliability_XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    test_fit_verdict();
    test_pid_names();
    test_afile(dir);
    test_too_large();
    test_mem();
    rmdir(dir);
    CHECK_DONE();
}
