/* tests/testfs.h - the file-system chores of the tests that write result sets into a
 * temporary directory (plot, plot_sets, plot_heat, malloc, malloc_cuda): remove a tree, write a
 * text file, test for a path, read a whole file, compare a file's first bytes, find gnuplot.
 * Include after `#define _XOPEN_SOURCE 700` (nftw, mkdtemp, popen) and before anything else. */
#ifndef CXB_TESTS_TESTFS_H
#define CXB_TESTS_TESTFS_H

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The header of a result set's samples.csv (docs/method.md), for the tests that write sets of
 * known medians. */
#define CXB_TEST_SAMPLES_HEADER                                                                                        \
    "run_id,study,impl,backend,algorithm,variant,point,params,n,threads,bind,seed,rep,mode,batch,wall_ns,cpu_ns,"      \
    "alloc_ns,h2d_ns,kernel_ns,d2h_ns,free_ns,rng_ns,sync_ns,transfer_ns,time_ns,instructions,checksum,verified,"      \
    "t_start_ns,extra\n"

static inline int cxb_testfs_rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

/* removes dir and everything below it (no-op for "") */
static inline void cxb_testfs_rmtree(const char *dir)
{
    if (dir && dir[0])
        nftw(dir, cxb_testfs_rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* writes text to path; a test that cannot write its own fixture stops (exit 1) */
static inline void cxb_testfs_write(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "cannot write %s\n", path);
        exit(1);
    }
    fputs(text, f);
    fclose(f);
}

static inline int cxb_testfs_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* the whole file, NUL-terminated, malloc'ed; NULL if it cannot be read */
static inline char *cxb_testfs_slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
        free(s);
        s = NULL;
    }
    if (s)
        s[n] = '\0';
    fclose(f);
    return s;
}

/* whether the file begins with the n bytes of magic (a PNG's or a PDF's signature) */
static inline int cxb_testfs_starts_with(const char *path, const char *magic, size_t n)
{
    char buf[16] = {0};
    FILE *f = n <= sizeof buf ? fopen(path, "rb") : NULL;
    if (!f)
        return 0;
    size_t got = fread(buf, 1, n, f);
    fclose(f);
    return got == n && memcmp(buf, magic, n) == 0;
}

/* gnuplot's path into out: the configured one (CXB_GNUPLOT_PATH, passed by the caller) if it
 * is executable, else the one on PATH; 0 when there is none */
static inline int cxb_testfs_gnuplot(const char *configured, char *out, size_t n)
{
    if (configured[0] && access(configured, X_OK) == 0) {
        snprintf(out, n, "%s", configured);
        return 1;
    }
    FILE *p = popen("command -v gnuplot 2>/dev/null", "r");
    if (!p)
        return 0;
    int ok = fgets(out, (int)n, p) != NULL;
    pclose(p);
    out[strcspn(out, "\n")] = '\0';
    return ok && out[0];
}

#endif
