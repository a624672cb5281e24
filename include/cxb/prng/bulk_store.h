/* include/cxb/prng/bulk_store.h - how the CPU bulk tiles (prng.<g>.seq and prng.<g>.pthreads, the
 * same tile functions, impl_cpu/prng/bulk.c) put a run of finished outputs into the job's
 * output: ordinary stores, or non-temporal (streaming) stores.
 *
 * Why streaming stores: an ordinary store to a line that is not in cache first reads the line
 * (read for ownership) and later writes it back, so a generator writing a buffer much larger
 * than the last-level cache moves each output byte twice over the memory bus; a streaming
 * store (movntdq) fills a write-combining buffer and writes the whole line once. On the
 * 2-core development VM a bare store loop moves 22 GB/s with streaming stores against 11 GB/s
 * with ordinary ones (docs/studies/prng.md). The price: the outputs are not in cache afterwards,
 * so a consumer that reads them at once pays a miss per line; hence only for outputs larger
 * than CXB_BULK_NT_MIN_BYTES (cxb_bulk_tile_for, bulk.c).
 *
 * The tiles hand this header whole contiguous runs (a 16-block Philox group, a tile row, an
 * MTGP32 or MT19937 chunk) from a small buffer in L1, so that the write-combining buffers see
 * consecutive 16-byte stores that complete each line; the run's unaligned head and tail are
 * ordinary stores. The tiles themselves do not fence: their callers call cxb_bulk_put_done
 * (sfence) once after a run of tiles, so that the outputs are globally visible before the run
 * counts as done (cxb_bulk_run_seq before it returns; a pthreads worker after each run of
 * pieces, before it reports to the pool's join). A fence per tile (16 KiB, or 256 bytes for
 * XORWOW at 2^20) drained the write-combining buffers each time and made the streamed tiles
 * slower than ordinary stores on the dev VM. A thread reads its own streaming stores without a
 * fence (the tests call tiles directly).
 *
 * Only on x86-64 builds with SSE2 (every x86-64): elsewhere the streaming versions are the
 * ordinary stores.
 */
#ifndef CXB_IMPL_CPU_PRNG_BULK_STORE_H
#define CXB_IMPL_CPU_PRNG_BULK_STORE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#define CXB_BULK_HAVE_NT 1
#else
#define CXB_BULK_HAVE_NT 0
#endif

/* Outputs of more bytes than this are written with streaming stores: half of a 32 MiB
 * last-level cache (the L3 of one CCD of the dev VM's AMD EPYC; a Xeon's shared L3 is larger
 * but a core's share of it is less), so that an output a consumer could still find in cache
 * is written the ordinary way. 2^22 uint32 (16 MiB) and below: ordinary stores. */
#define CXB_BULK_NT_MIN_BYTES ((size_t)16 << 20)

/* dst[0 .. count) = src[0 .. count): streaming stores when nt (and the build has them). */
static inline __attribute__((always_inline)) void cxb_bulk_put_u32(uint32_t *dst, const uint32_t *src,
                                                                   size_t count, int nt)
{
#if CXB_BULK_HAVE_NT
    if (nt) {
        size_t head = ((16 - ((uintptr_t)dst & 15)) & 15) / 4, i = 0; /* words to 16-byte alignment */
        if (((uintptr_t)dst & 3) != 0 || head > count)
            head = count; /* not even 4-byte aligned (never, for a uint32_t *): all ordinary */
        for (; i < head; ++i)
            dst[i] = src[i];
        for (; i + 4 <= count; i += 4)
            _mm_stream_si128((__m128i *)(void *)(dst + i), _mm_loadu_si128((const __m128i *)(const void *)(src + i)));
        for (; i < count; ++i)
            dst[i] = src[i];
        return;
    }
#endif
    (void)nt;
    memcpy(dst, src, count * sizeof *dst);
}

/* After a tile's last streaming store: order them before whatever says the tile is done. */
static inline void cxb_bulk_put_done(int nt)
{
#if CXB_BULK_HAVE_NT
    if (nt)
        _mm_sfence();
#endif
    (void)nt;
}

#endif
