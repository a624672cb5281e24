/* prng_tinymt32_dc: the TinyMT32 DC parameter file reader (cxb/rng/tinymt32_dc.h). The
 * fixture tests/prng/data/tinymt32dc.head.txt is the first three rows of TinyMT's
 * opencl/tinymt32dc.0.2000.txt (transcribed; row 0 is the default set of tinymt32.h); the
 * bad files are written here: each must be refused with CXB_EINPUT and a message naming
 * file:line. Also CRLF line ends, a file of 5000 sets (the array grows), and that a read set
 * drives the generator (check32's seed-1 output under the default set). */
#define _POSIX_C_SOURCE 200809L /* getpid */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "cxb/config.h"
#include "cxb/rng/tinymt32_dc.h"

static char tmp[256];

static void write_tmp(const char *text)
{
    FILE *f = fopen(tmp, "wb");
    fputs(text, f);
    fclose(f);
}

/* text must be refused, with a message containing "tmp:line:" */
static void bad(const char *text, int line)
{
    write_tmp(text);
    cxb_tinymt32_params *sets = (cxb_tinymt32_params *)&sets;
    size_t n = 7;
    cxb_status st = cxb_tinymt32_dc_read(tmp, &sets, &n);
    char where[300];
    snprintf(where, sizeof where, "%s:%d:", tmp, line);
    CHECK_MSG(st == CXB_EINPUT && sets == NULL && n == 0 && strstr(cxb_last_error(), where),
              "bad file (line %d) not refused as such: status %d, '%s'", line, (int)st, cxb_last_error());
}

int main(void)
{
    const char *src = getenv("CXB_SOURCE_DIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/prng/data/tinymt32dc.head.txt", src && *src ? src : CXB_SOURCE_DIR);
    snprintf(tmp, sizeof tmp, "/tmp/cxb_tinymt32_dc_%ld.txt", (long)getpid());

    cxb_tinymt32_params *sets = NULL;
    size_t n = 0;
    CHECK_MSG(cxb_tinymt32_dc_read(path, &sets, &n) == CXB_OK, "%s", cxb_last_error());
    CHECK(n == 3);
    if (n == 3) {
        CHECK(sets[0].mat1 == CXB_TINYMT32_MAT1 && sets[0].mat2 == CXB_TINYMT32_MAT2 && sets[0].tmat == CXB_TINYMT32_TMAT);
        CHECK(sets[1].mat1 == 0x877810efu && sets[1].mat2 == 0xfc38ff0fu && sets[1].tmat == 0xc7fb7fffu);
        CHECK(sets[2].mat1 == 0x837c106fu && sets[2].mat2 == 0xfc18ff07u && sets[2].tmat == 0xeeb9bdffu);
        cxb_tinymt32_state s;
        cxb_tinymt32_init_sets(&s, sets, n, 1, 0, 0); /* stream 0: set 0 = default, seed 1 */
        CHECK(cxb_tinymt32_next_u32(&s) == 2545341989u); /* check32.out.txt */
    }
    free(sets);

    /* one set, CRLF ends, no comment, short hex, blank lines */
    write_tmp("\r\nd8524022ed8dff4a8dcc50c798faba43,32,5,11ee,ff1f,fdff,63,0\r\n\r\n");
    CHECK_MSG(cxb_tinymt32_dc_read(tmp, &sets, &n) == CXB_OK && n == 1, "%s", cxb_last_error());
    if (n == 1)
        CHECK(sets[0].mat1 == 0x11eeu && sets[0].mat2 == 0xff1fu && sets[0].tmat == 0xfdffu);
    free(sets);

    /* many sets: the array grows */
    FILE *f = fopen(tmp, "w");
    fprintf(f, "# charactristic, type, id, mat1, mat2, tmat, weight, delta\n");
    for (unsigned i = 0; i < 5000; ++i)
        fprintf(f, "d8524022ed8dff4a8dcc50c798faba43,32,0,%08x,%08x,%08x,63,0\n", i, i * 3u, i * 7u);
    fclose(f);
    CHECK_MSG(cxb_tinymt32_dc_read(tmp, &sets, &n) == CXB_OK && n == 5000, "%s", cxb_last_error());
    if (n == 5000)
        CHECK(sets[4999].mat1 == 4999u && sets[4999].mat2 == 14997u && sets[4999].tmat == 34993u);
    free(sets);

    /* refused, naming the line */
    bad("", 0);                                  /* empty: no sets */
    bad("# only a comment\n", 1);                /* no sets */
    bad("# h\nd8524022ed8dff4a8dcc50c798faba43,32,0,8f7011ee,fc78ff1f\n", 2); /* truncated */
    bad("d8524022ed8dff4a8dcc50c798faba43,32,0,8f7011ee,fc78ff1f,3793fdff,63,0,9\n", 1);
    bad("d8524022ed8dff4a8dcc50c798faba43,64,0,8f7011ee,fc78ff1f,3793fdff,63,0\n", 1);
    bad("d8524022ed8dff4a8dcc50c798faba4,32,0,8f7011ee,fc78ff1f,3793fdff,63,0\n", 1);
    bad("d8524022ed8dff4a8dcc50c798faba43,32,0,8f7011ee,fc78ff1f,3793fdffa,63,0\n", 1);
    bad("d8524022ed8dff4a8dcc50c798faba43,32,0,8f7011eg,fc78ff1f,3793fdff,63,0\n", 1);
    bad("d8524022ed8dff4a8dcc50c798faba43,32,0,,fc78ff1f,3793fdff,63,0\n", 1);
    bad("d8524022ed8dff4a8dcc50c798faba43,32,x,8f7011ee,fc78ff1f,3793fdff,63,0\n", 1);
    bad("d8524022ed8dff4a8dcc50c798faba43,32,0,8f7011ee,fc78ff1f,3793fdff,63,0\n"
        "8ee476cb10b7c7e20dd10725924e9877 32 0 877810ef fc38ff0f c7fb7fff 63 0\n", 2);
    unlink(tmp);
    cxb_status st = cxb_tinymt32_dc_read(tmp, &sets, &n); /* missing file */
    CHECK(st == CXB_EINPUT && sets == NULL && strstr(cxb_last_error(), tmp));
    CHECK_DONE();
}
