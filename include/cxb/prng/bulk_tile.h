/* cxb/prng/bulk_tile.h - what prng.<g>.seq and prng.<g>.pthreads share: the per-tile work of
 * every generator (instantiated from CXB_BULK_TAGS in bulk.c) and the tile shape.
 *
 * A tile is streams [s0, s1) x rounds [r0, r1) of the job (round r holds chunk r of every
 * stream, cxb/prng/bulk.h). Within a tile the work is stream-major (a stream's state stays
 * in registers for its r1 - r0 chunks), and the tile is small enough (about 16 KiB of
 * output) that the chunks of neighbouring streams complete each other's cache lines before
 * they are evicted. A stateful stream continues from work[s] when r0 > 0 (from the pristine
 * states when r0 = 0), so a stream's tiles must run in round order; a counter-based stream
 * starts anywhere (cxb_g_init at offset r0 C), so its tiles run in any order. Sum mode adds
 * to sums[s] in draw order across a stream's tiles. */
#ifndef CXB_IMPL_CPU_PRNG_BULK_H
#define CXB_IMPL_CPU_PRNG_BULK_H

#include "cxb/prng/gen.h"

typedef void (*cxb_bulk_tile_fn)(const cxb_bulk_job *job, const void *states, void *work, uint64_t s0,
                                 uint64_t s1, uint64_t r0, uint64_t r1, void *out, double *sums);

/* The tile function of (tag, element kind, mode); NULL where the combination does not
 * exist (cuRAND conversions of a generator cuRAND lacks). */
cxb_bulk_tile_fn cxb_bulk_tile(cxb_bulk_tag tag, cxb_bulk_elem elem, cxb_bulk_mode mode);
int cxb_bulk_tag_counter(cxb_bulk_tag tag);

/* The instruction sets a tile may be compiled for: the build's baseline, and AVX2 and AVX-512
 * (avx512f) clones of the vectorised tiles on x86-64 (impl_cpu/prng/bulk.c). cxb_bulk_tile
 * gives the best one the CPU has (CXB_BULK_ISA_BEST); cxb_bulk_tile_isa a given one (for
 * tests: every version must write the same outputs), NULL where the CPU or the build lacks
 * that instruction set. A tile without a clone for isa is its next lower version (AVX-512 >
 * AVX2 > baseline). The environment variable CXB_BULK_ISA=base|avx2 caps BEST, for measuring. */
typedef enum cxb_bulk_isa { CXB_BULK_ISA_BASE, CXB_BULK_ISA_AVX2, CXB_BULK_ISA_AVX512, CXB_BULK_ISA_BEST } cxb_bulk_isa;
cxb_bulk_tile_fn cxb_bulk_tile_isa(cxb_bulk_tag tag, cxb_bulk_elem elem, cxb_bulk_mode mode, cxb_bulk_isa isa);
int cxb_bulk_isa_available(cxb_bulk_isa isa);

/* The streaming-store version of a tile (include/cxb/prng/bulk_store.h): NULL where there is none
 * (floats, sums, counter-based generators other than Philox and Threefry) or the build lacks
 * streaming stores; same outputs as cxb_bulk_tile_isa's. */
cxb_bulk_tile_fn cxb_bulk_tile_nt_isa(cxb_bulk_tag tag, cxb_bulk_elem elem, cxb_bulk_mode mode, cxb_bulk_isa isa);
/* Whether a job's outputs are streamed on `workers` threads: by default stores larger than
 * CXB_BULK_NT_MIN_BYTES of the generators where streaming measured faster (MT19937; MTGP32 on
 * more than one worker: bulk.c nt_default); the environment variable CXB_BULK_NT=0 (never) or
 * 1 (every generator, any size) overrides, for measuring. */
int cxb_bulk_nt_wanted(const cxb_bulk_spec *spec, unsigned workers);
/* The tile seq (workers = 1) and pthreads run for spec: the best isa, streamed where
 * cxb_bulk_nt_wanted and a streaming version exists. The one place where that choice is made
 * for both backends. */
cxb_bulk_tile_fn cxb_bulk_tile_for(const cxb_bulk_spec *spec, unsigned workers);

/* The tile shape of a spec: ts streams x tr rounds. */
void cxb_bulk_tile_shape(const cxb_bulk_spec *spec, uint64_t *ts, uint64_t *tr);

/* States of streams [s0, s1) into states (the per-piece work of cxb_bulk_states_create);
 * jump: from cxb_bulk_states_prepare (the subsequence jump matrix, or NULL). */
void cxb_bulk_states_piece(cxb_bulk_tag tag, uint64_t seed, const void *jump, uint64_t s0, uint64_t s1,
                           void *states);
/* The shared read-only data of a state build (malloc'd, *jump = NULL if none). */
cxb_status cxb_bulk_states_prepare(cxb_bulk_tag tag, void **jump);
/* Streams per piece of a state build. */
uint64_t cxb_bulk_states_piece_size(cxb_bulk_tag tag);

#endif
