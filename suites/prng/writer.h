/* suites/prng/writer.h - how `cxbench prng` writes a stream: one number per line (dec,
 * hex) or little-endian binary words (raw) for dieharder -g 200 and PractRand stdin32.
 * 24-bit outputs (lf24) are packed, never shifted into 32-bit words (docs/studies/prng.md). */
#ifndef CXB_HARNESS_PRNG_WRITER_H
#define CXB_HARNESS_PRNG_WRITER_H

#include <stdint.h>
#include <stdio.h>

typedef enum { CXB_OUT_DEC, CXB_OUT_HEX, CXB_OUT_RAW } cxb_out_format;
typedef enum { CXB_PACK_32, CXB_PACK_16X2, CXB_PACK_3BYTE } cxb_out_pack;

typedef struct cxb_prng_writer {
    FILE *f;
    cxb_out_format fmt;
    cxb_out_pack pack; /* raw only; 32 for 32-bit generators */
    int hex_digits;    /* 6 for 24-bit outputs, 8 for 32-bit */
    uint32_t pending;  /* 16x2: first half waiting */
    int have_pending;
} cxb_prng_writer;

/* Sets up stdout for a stream: SIGPIPE ignored (a closed pipe is a normal end), a large
 * buffer. */
void cxb_prng_writer_stdout(cxb_prng_writer *w, cxb_out_format fmt, cxb_out_pack pack, int hex_digits);
/* 0 on success, -1 when the reader went away (EPIPE), 1 on another write error. */
int cxb_prng_put(cxb_prng_writer *w, uint32_t x);
/* Pads an odd 16x2 pair and flushes; same return values. */
int cxb_prng_finish(cxb_prng_writer *w);

#endif
