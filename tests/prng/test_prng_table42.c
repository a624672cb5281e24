/* prng_table42: the Table 4.2 printer (suites/prng/table42.c) on a synthetic result set:
 * cells are medians scaled to 3x10^10 draws (with quartiles and the stream count), the best
 * point of an implementation is shown, rows that are not mode=sum or are lf24 at r != 97
 * (Table 4.1's other sizes) are ignored, lf24.cuda1 fills the Marsaglia column of the cuda
 * row, the memory row and the published GTX580/GTX260 rows follow; a set without Table 4.2
 * points prints nothing, nor does one whose only Table 4.2 cells are the Marsaglia column; a
 * missing summary.csv is an error. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "suites/prng/tables.h"

static char dir[64], file[128];

static void write_summary(const char *rows)
{
    FILE *f = fopen(file, "w");
    fputs("point,impl,params,count,median,q1,q3\n", f);
    fputs(rows, f);
    fclose(f);
}

/* prints the table of the current summary.csv into a malloc'd string */
static char *print(cxb_status *st)
{
    FILE *f = tmpfile();
    *st = cxb_prng_table42_print(dir, f);
    long len = ftell(f);
    char *s = calloc((size_t)len + 1, 1);
    rewind(f);
    if (len > 0 && fread(s, 1, (size_t)len, f) != (size_t)len)
        s[0] = '\0';
    fclose(f);
    return s;
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/cxb_t42_XXXXXX");
    if (!mkdtemp(dir))
        SKIP("no temporary directory");
    snprintf(file, sizeof file, "%s/summary.csv", dir);

    /* n = 3e8 draws: 3e10 draws take 100x the median (ns -> s: x 1e-9) */
    write_summary("a,prng.ran.cuda,mode=sum;n=300000000;seed=1;streams=262144,10,20000000,19000000,21000000\n"
                  "b,prng.ran.cuda,mode=sum;n=300000000;seed=1;streams=1024,10,40000000,39000000,41000000\n"
                  "c,prng.ranq1.cuda,mode=sum;n=300000000;seed=1;streams=262144,10,11000000,10000000,12000000\n"
                  "d,prng.ranq1.cuda,mode=store;n=300000000;seed=1;streams=262144,10,1000,900,1100\n"
                  "e,prng.lf24.cuda1,mode=sum;n=300000000;r=97;seed=1;streams=32768,10,23000000,22000000,24000000\n"
                  "f,prng.lf24.cuda1,mode=sum;n=300000000;r=1021;seed=1;streams=32768,10,1000,900,1100\n"
                  "g,prng.ranlim32.seq,mode=sum;n=3000000;seed=1;streams=4,10,1500000000,1400000000,1600000000\n"
                  "h,prng.philox4x32.cuda,mode=sum;n=300000000;seed=1,10,1000,900,1100\n");
    cxb_status st;
    char *s = print(&st);
    CHECK(st == CXB_OK);
    CHECK(strstr(s, "Leist Table 4.2") != NULL);
    CHECK(strstr(s, "| implementation | Ran | Ranq2 | Ranq1 | Ranhash | Ranlim32 | Marsaglia CUDA 1 |") != NULL);
    /* cuda row: Ran best of two points = 2.0 s (streams 262144); Ranq2, Ranhash, Ranlim32 not
     * measured; Ranq1 1.1 s (the store point is ignored); lf24 r = 97: 2.3 s (r = 1021 ignored) */
    CHECK_MSG(strstr(s, "| cuda (GPU) | 2 [1.9, 2.1] (T = 262144) | - | 1.1 [1, 1.2] (T = 262144) | - | - | "
                        "2.3 [2.2, 2.4] (T = 32768) |") != NULL, "%s", s);
    /* seq row: n = 3e6, so x 1e4: 1.5e9 ns -> 15000 s */
    CHECK_MSG(strstr(s, "| seq (1 core) | - | - | - | - | 1.5e+04 [1.4e+04, 1.6e+04] (T = 4) | - |") != NULL, "%s", s);
    CHECK(strstr(s, "pthreads") == NULL); /* no pthreads points: no row */
    CHECK(strstr(s, "philox") == NULL);
    CHECK_MSG(strstr(s, "| memory per thread | 24 B | 16 B | 8 B | 0 B + 8 B counter | 16 B | ~400 B (r = 97) |") != NULL,
              "%s", s);
    CHECK_MSG(strstr(s, "| GTX580 | 2.0 | 1.2 | 1.1 | 1.5 | 1.5 | 2.3 |") != NULL, "%s", s);
    CHECK_MSG(strstr(s, "| GTX260 | 10.5 | 6.0 | 6.3 | 8.0 | 6.5 | 4.2 |") != NULL, "%s", s);
    free(s);

    /* no Table 4.2 points (only Table 4.1 sizes and other generators): nothing printed */
    write_summary("f,prng.lf24.cuda1,mode=sum;n=300000000;r=1021;seed=1;streams=32768,10,1000,900,1100\n"
                  "h,prng.philox4x32.cuda,mode=sum;n=300000000;seed=1,10,1000,900,1100\n");
    s = print(&st);
    CHECK(st == CXB_OK && s[0] == '\0');
    free(s);
    /* only the Marsaglia column (the quick preset's Table 4.1 points on seq and pthreads at
     * r = 97): no Numerical Recipes generator was measured, so no table of "-" */
    write_summary("i,prng.lf24.seq,mode=sum;n=33554432;r=97;seed=1;streams=1,10,1000,900,1100\n"
                  "j,prng.lf24.pthreads,mode=sum;n=33554432;r=97;seed=1;streams=300,10,1000,900,1100\n");
    s = print(&st);
    CHECK_MSG(st == CXB_OK && s[0] == '\0', "%s", s);
    free(s);
    write_summary(""); /* an empty result set */
    s = print(&st);
    CHECK(st == CXB_OK && s[0] == '\0');
    free(s);

    /* missing columns, missing file */
    FILE *f = fopen(file, "w");
    fputs("point,impl\na,prng.ran.cuda\n", f);
    fclose(f);
    s = print(&st);
    CHECK(st == CXB_EINPUT && strstr(cxb_last_error(), "summary.csv"));
    free(s);
    unlink(file);
    s = print(&st);
    CHECK(st != CXB_OK);
    free(s);
    rmdir(dir);
    CHECK_DONE();
}
