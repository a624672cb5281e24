/* tests/fuzz/fuzz_util.h - what the libFuzzer entry points share: a private scratch
 * directory (in /dev/shm when there is one: every input is written to a file, since the
 * readers under test take paths), writing bytes to a file in it, and a hard stop when an
 * invariant that a reader promises does not hold (a finding, not an input error).
 * Include after `#define _XOPEN_SOURCE 700` (mkdtemp, nftw).
 */
#ifndef CXB_TESTS_FUZZ_UTIL_H
#define CXB_TESTS_FUZZ_UTIL_H

#include <ftw.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char fuzz_dir[256];

static int fuzz_rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static void fuzz_cleanup(void)
{
    if (fuzz_dir[0])
        nftw(fuzz_dir, fuzz_rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Creates the scratch directory once per process; removed at exit. */
static const char *fuzz_scratch(void)
{
    if (!fuzz_dir[0]) {
        struct stat sb;
        const char *base = stat("/dev/shm", &sb) == 0 && S_ISDIR(sb.st_mode) ? "/dev/shm" : "/tmp";
        snprintf(fuzz_dir, sizeof fuzz_dir, "%s/cxb-fuzz-XXXXXX", base);
        if (!mkdtemp(fuzz_dir)) {
            perror("mkdtemp");
            abort();
        }
        atexit(fuzz_cleanup);
    }
    return fuzz_dir;
}

/* Writes size bytes to path (replacing it); a failure to write the fixture stops the run. */
static void fuzz_write(const char *path, const void *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f) != 0) {
        perror(path);
        abort();
    }
}

/* A broken promise of the code under test: print it and abort, so libFuzzer keeps the input. */
#define FUZZ_ASSERT(cond, ...)                                                   \
    do {                                                                         \
        if (!(cond)) {                                                           \
            fprintf(stderr, "fuzz: %s:%d: %s: ", __FILE__, __LINE__, #cond);     \
            fprintf(stderr, __VA_ARGS__);                                        \
            fputc('\n', stderr);                                                 \
            abort();                                                             \
        }                                                                        \
    } while (0)

#endif
