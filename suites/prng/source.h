/* suites/prng/source.h - a uint32 source for `cxbench prng` (docs/studies/prng.md): one
 * generator, seed, first stream and offset, optionally a stream-distribution technique
 * (--dist, cxb/rng/dist.h) and interleaving of N streams in chunks of C (--interleave
 * N[:C]: C numbers from each of N streams in round robin; OpenRAND's 100:3, MCKL's
 * 8:1024; N:L with L the per-task length concatenates per-task substreams, Passerat-
 * Palmbach Table 4.2). The CLI parses these options with cxb_prng_source_option (from its
 * option table, docs/cli.md "prng"), builds the source and writes what cxb_prng_source_fill produces; nothing here prints. */
#ifndef CXB_HARNESS_PRNG_SOURCE_H
#define CXB_HARNESS_PRNG_SOURCE_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/core/status.h"

#define CXB_PRNG_SOURCE_NATIVE (-1) /* no --dist: the generator's own cxb_g_init streams */

/* Outputs `cxbench prng` steps one by one, at most, for a generator without a jump
 * (--offset, --skip; lf24 with a table too large to jump): 2^32, seconds, not hours. A
 * generator with a jump (xorwow, mrg32k3a: matrix powers; philox4x32, threefry4x32,
 * ranhash: counter arithmetic) skips any distance in O(log N) (docs/cli.md, "prng"). */
#define CXB_PRNG_STEP_MAX ((uint64_t)1 << 32)

typedef struct cxb_prng_source_opts {
    const char *gen;      /* a name of CXB_RNG_LIST */
    uint64_t seed;
    uint64_t stream;      /* the first stream (logical id; leap frog: the first worker) */
    uint64_t offset;      /* outputs skipped in every stream first (its own outputs) */
    int dist;             /* CXB_PRNG_SOURCE_NATIVE or a cxb_dist_tech */
    uint64_t interleave;  /* N >= 1 streams (stream, stream + 1, ...) */
    uint64_t chunk;       /* C >= 1 numbers from each before the next */
    uint64_t workers;     /* leap frog's stride; 0: the stream count N */
    const char *dc;       /* --dc FILE: TinyMT32 DC sets for tinymt32 --dist param (NULL: none) */
} cxb_prng_source_opts;

/* Defaults: seed 0, stream 0, offset 0, native, one stream, chunk 1, workers 0, no --dc. */
void cxb_prng_source_opts_init(cxb_prng_source_opts *o, const char *gen);

/* Consumes the options this file owns: --dist TECH, --interleave N[:C], --workers N,
 * --dc FILE.
 * Returns 1 and sets *st (CXB_OK, or CXB_EINPUT naming the option) when flag is one of
 * them, 0 when it is not (the caller handles it). */
int cxb_prng_source_option(cxb_prng_source_opts *o, const char *flag, const char *value, cxb_status *st);

/* "N" or "N:C" (N, C >= 1). */
cxb_status cxb_prng_source_parse_interleave(const char *text, uint64_t *n, uint64_t *c);

typedef struct cxb_prng_source cxb_prng_source;

/* Checks the options (unknown generator, Table 3.2's rules for --dist, too many streams,
 * an --offset a generator without a jump would step past CXB_PRNG_STEP_MAX); each stream is
 * positioned when it is first drawn from. */
cxb_status cxb_prng_source_create(cxb_prng_source **src, const cxb_prng_source_opts *o);
/* Whether generator gen skips outputs by a jump (O(log N) or O(1)) rather than stepping. */
int cxb_prng_source_can_jump(const char *gen);
/* Discards the next k numbers of a source just created (before any fill): each stream is moved
 * by its share of the round robin, by a jump where the generator has one, when it is first
 * drawn from (as every stream is positioned: streams never drawn from cost nothing). A generator without one is refused
 * (CXB_EINPUT naming --skip, the generator and CXB_PRNG_STEP_MAX) if that means stepping more
 * than CXB_PRNG_STEP_MAX outputs; so is a leap-frog distance past 2^64. */
cxb_status cxb_prng_source_skip(cxb_prng_source *src, uint64_t k);
/* The next n numbers. */
void cxb_prng_source_fill(cxb_prng_source *src, uint32_t *out, size_t n);
void cxb_prng_source_destroy(cxb_prng_source *src);

#endif
