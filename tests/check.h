/* tests/check.h - the assertions of the ctest programs: a failed CHECK prints the file,
 * line and expression, counts, and the test exits 1 at the end; SKIP exits 77. */
#ifndef CXB_TESTS_CHECK_H
#define CXB_TESTS_CHECK_H

#include <stdio.h>
#include <stdlib.h>

static int cxb_check_failures;

#define CHECK(cond)                                                                   \
    do {                                                                              \
        if (!(cond)) {                                                                \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
            ++cxb_check_failures;                                                     \
        }                                                                             \
    } while (0)

#define CHECK_MSG(cond, ...)                                                  \
    do {                                                                      \
        if (!(cond)) {                                                        \
            fprintf(stderr, "%s:%d: CHECK failed: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                     \
            fputc('\n', stderr);                                              \
            ++cxb_check_failures;                                             \
        }                                                                     \
    } while (0)

#define SKIP(...)                          \
    do {                                   \
        fprintf(stderr, "SKIP: " __VA_ARGS__); \
        fputc('\n', stderr);               \
        exit(77);                          \
    } while (0)

#define CHECK_DONE()                                                         \
    do {                                                                     \
        if (cxb_check_failures)                                              \
            fprintf(stderr, "%d check(s) failed\n", cxb_check_failures);     \
        return cxb_check_failures ? 1 : 0;                                   \
    } while (0)

#endif
