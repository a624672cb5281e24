/* suites/prng/writer.c - see prng_writer.h. */
#include "suites/prng/writer.h"

#include <errno.h>
#include <signal.h>
#include <string.h>

#include "harness/atomic.h"
#include "harness/cli.h"

void cxb_prng_writer_stdout(cxb_prng_writer *w, cxb_out_format fmt, cxb_out_pack pack, int hex_digits)
{
    static char buf[1 << 16];
    memset(w, 0, sizeof *w);
    w->f = stdout;
    w->fmt = fmt;
    w->pack = pack;
    w->hex_digits = hex_digits;
    signal(SIGPIPE, SIG_IGN);
    setvbuf(stdout, buf, _IOFBF, sizeof buf);
}

static int put_word(cxb_prng_writer *w, uint32_t word)
{
    unsigned char b[4] = {(unsigned char)word, (unsigned char)(word >> 8), (unsigned char)(word >> 16),
                          (unsigned char)(word >> 24)};
    return fwrite(b, 1, 4, w->f) == 4;
}

int cxb_prng_put(cxb_prng_writer *w, uint32_t x)
{
    int ok = 1;
    if (w->fmt == CXB_OUT_DEC)
        ok = fprintf(w->f, "%u\n", x) > 0;
    else if (w->fmt == CXB_OUT_HEX)
        ok = fprintf(w->f, "%0*x\n", w->hex_digits, x) > 0;
    else if (w->pack == CXB_PACK_32)
        ok = put_word(w, x);
    else if (w->pack == CXB_PACK_3BYTE) {
        unsigned char b[3] = {(unsigned char)x, (unsigned char)(x >> 8), (unsigned char)(x >> 16)};
        ok = fwrite(b, 1, 3, w->f) == 3;
    } else if (!w->have_pending) {
        w->pending = x >> 8;
        w->have_pending = 1;
    } else {
        ok = put_word(w, w->pending | ((x >> 8) << 16));
        w->have_pending = 0;
    }
    if (ok)
        return 0;
    if (errno != EPIPE)
        return 1;
    cxb_stdout_reader_gone(); /* the normal end of a stream until the reader stops */
    return -1;
}

int cxb_prng_finish(cxb_prng_writer *w)
{
    int rc = 0;
    if (w->fmt == CXB_OUT_RAW && w->pack == CXB_PACK_16X2 && w->have_pending)
        rc = cxb_prng_put(w, 0); /* an odd count: the last half-word is padded with zero */
    if (rc == 0 && fflush(w->f) != 0) {
        rc = errno == EPIPE ? -1 : 1;
        if (rc < 0)
            cxb_stdout_reader_gone();
    }
    return rc;
}
