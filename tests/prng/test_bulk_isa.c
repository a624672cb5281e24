/* prng_bulk_isa: every instruction-set version of the CPU bulk tiles writes the stream API's
 * outputs (impl_cpu/prng/bulk.c: the baseline build and, on x86-64 CPUs with AVX2 or AVX-512,
 * the AVX2 and AVX-512 clones; cxb_bulk_tile_isa). Each version this CPU can run is checked;
 * stdout says which. The fallback order (BEST = AVX-512 > AVX2 > baseline) is checked too.
 *  - cxb_bulk_lanes_t (portable, vectorised by the compiler) and its AVX2 and AVX-512 versions equal
 *    CXB_BULK_LANES calls of cxb_bulk_block4_t, on random (seed, stream, b0) and where the
 *    64-bit block counter carries from its low word (b0 near 2^32) or wraps (near 2^64);
 *  - the u32 store tiles of Philox4x32-10, -7, Threefry4x32-20, MTGP32 and MT19937 in each version,
 *    run over a random decomposition of a random job into tiles (tiles of 1 .. 40 rounds, so
 *    that lane groups are cut anywhere), equal a reference built here from cxb_g_init + next_u32
 *    placed at ((p / C) S + s) C + p mod C (cxb/prng/bulk.h), for n = 0, 1, small, ragged and
 *    2^16 + 3, S = 1 and S > 1, C = 4 and other chunks;
 *  - the streaming-store versions of those tiles and of the other stateful generators'
 *    (XORWOW, MRG32k3a: round-major rows; cxb_bulk_tile_nt_isa, include/cxb/prng/bulk_store.h) in
 *    each version, the same way, into outputs 0 .. 3 words past a 16-byte boundary (so that
 *    the unaligned heads and tails are exercised), and the word after the job untouched;
 *  - cxb_bulk_nt_wanted: by size (CXB_BULK_NT_MIN_BYTES), never for sums, by default MT19937
 *    and MTGP32 on 2 workers only.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/prng/gen.h"
#include "cxb/prng/bulk_tile.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include "impl_cpu/prng/bulk_avx2.h"
#include "impl_cpu/prng/bulk_avx512.h"
#define HAVE_AVX2_LANES 1
#else
#define HAVE_AVX2_LANES 0
#endif
#if CXB_HAVE_MTGP32
#define IS_MTGP32(g) ((g) == CXB_RNG_ID_mtgp32)
#else
#define IS_MTGP32(g) 0
#endif

static uint64_t sm64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* ---- the lanes against single blocks ---- */

#define CHECK_LANES(t, FN, what, ATTR)                                                             \
    static ATTR void lanes_##what##_##t(uint64_t seed, uint64_t s, uint64_t b0)                         \
    {                                                                                              \
        uint32_t w[4 * CXB_BULK_LANES], one[4];                                                    \
        FN(seed, s, b0, w);                                                                        \
        for (unsigned j = 0; j < CXB_BULK_LANES; ++j) {                                            \
            cxb_bulk_block4_##t(seed, s, b0 + j, one);                                             \
            CHECK_MSG(memcmp(one, w + 4 * j, sizeof one) == 0,                                     \
                      #what " " #t " seed %llu stream %llu block %llu + %u differs", (unsigned long long)seed, \
                      (unsigned long long)s, (unsigned long long)b0, j);                           \
        }                                                                                          \
    }
#define LANES_BASE(t) CHECK_LANES(t, cxb_bulk_lanes_##t, base, )
CXB_BULK_BLOCK4_TAGS(LANES_BASE)
#if HAVE_AVX2_LANES
#define LANES_AVX2(t) CHECK_LANES(t, cxb_bulk_lanes_avx2_##t, avx2, __attribute__((target("avx2"))))
CXB_BULK_BLOCK4_TAGS(LANES_AVX2)
#define LANES_AVX512(t) CHECK_LANES(t, cxb_bulk_lanes_avx512_##t, avx512, __attribute__((target("avx512f"))))
CXB_BULK_BLOCK4_TAGS(LANES_AVX512)
#endif

static void check_lanes(uint64_t *x, int avx2, int avx512)
{
    const uint64_t b0s[] = {0, 1, 0xFFFFFFFFull - 7, 0xFFFFFFFFull, 0x1FFFFFFF0ull, ~0ull - 5, ~0ull};
    for (int k = 0; k < 2000; ++k) {
        uint64_t seed = sm64(x), s = sm64(x) >> (k % 64);
        uint64_t b0 = k < (int)(sizeof b0s / sizeof b0s[0]) ? b0s[k] : sm64(x) >> (k % 64);
#define RUN_BASE(t) lanes_base_##t(seed, s, b0);
        CXB_BULK_BLOCK4_TAGS(RUN_BASE)
#if HAVE_AVX2_LANES
#define RUN_AVX2(t) lanes_avx2_##t(seed, s, b0);
        if (avx2) {
            CXB_BULK_BLOCK4_TAGS(RUN_AVX2)
        }
#define RUN_AVX512(t) lanes_avx512_##t(seed, s, b0);
        if (avx512) {
            CXB_BULK_BLOCK4_TAGS(RUN_AVX512)
        }
#endif
    }
    (void)avx2;
    (void)avx512;
}

/* ---- whole tiles against the stream API ---- */

/* want[i] for the job: stream s from cxb_g_init (Philox with `rounds`), placed by the layout. */
static void reference(const cxb_bulk_spec *sp, uint32_t *want)
{
    const cxb_bulk_job *j = &sp->job;
    for (uint64_t s = 0; s < j->streams; ++s) {
        uint64_t count = 0;
        for (uint64_t i = 0; i < j->n; ++i) { /* count by the definition, not the library */
            uint64_t q = i / j->chunk;
            if (q % j->streams == s)
                ++count;
        }
        if (count == 0)
            continue;
        union {
            cxb_philox4x32_state p;
            cxb_threefry4x32_state t;
            cxb_mt19937_state mt;
            cxb_xorwow_state x;
            cxb_mrg32k3a_state g;
#if CXB_HAVE_MTGP32
            cxb_mtgp32_state m;
#endif
        } *st = malloc(sizeof *st);
        if (sp->gen == CXB_RNG_ID_philox4x32)
            cxb_philox4x32_init_r(&st->p, j->seed, s, 0, sp->rounds ? sp->rounds : 10);
        else if (sp->gen == CXB_RNG_ID_threefry4x32)
            cxb_threefry4x32_init(&st->t, j->seed, s, 0);
        else if (sp->gen == CXB_RNG_ID_mt19937)
            cxb_mt19937_init(&st->mt, j->seed, s, 0);
        else if (sp->gen == CXB_RNG_ID_xorwow)
            cxb_xorwow_init(&st->x, j->seed, s, 0);
        else if (sp->gen == CXB_RNG_ID_mrg32k3a)
            cxb_mrg32k3a_init(&st->g, j->seed, s, 0);
#if CXB_HAVE_MTGP32
        else
            cxb_mtgp32_init(&st->m, j->seed, s, 0);
#endif
        for (uint64_t p = 0; p < count; ++p) {
            uint32_t x;
            if (sp->gen == CXB_RNG_ID_philox4x32)
                x = cxb_philox4x32_next_u32(&st->p);
            else if (sp->gen == CXB_RNG_ID_threefry4x32)
                x = cxb_threefry4x32_next_u32(&st->t);
            else if (sp->gen == CXB_RNG_ID_mt19937)
                x = cxb_mt19937_next_u32(&st->mt);
            else if (sp->gen == CXB_RNG_ID_xorwow)
                x = cxb_xorwow_next_u32(&st->x);
            else if (sp->gen == CXB_RNG_ID_mrg32k3a)
                x = cxb_mrg32k3a_next_u32(&st->g);
#if CXB_HAVE_MTGP32
            else
                x = cxb_mtgp32_next_u32(&st->m);
#endif
            uint64_t i = ((p / j->chunk) * j->streams + s) * j->chunk + p % j->chunk;
            want[i] = x;
        }
        free(st);
    }
}

/* Runs fn over the job in tiles of random shape: stateful tiles of a stream in round order. */
static void run_tiles(cxb_bulk_tile_fn fn, const cxb_bulk_spec *sp, const void *states, void *work,
                      uint32_t *out, uint64_t *x)
{
    uint64_t active = cxb_bulk_active_streams(&sp->job), rounds = cxb_bulk_rounds(&sp->job);
    uint64_t ts = 1 + sm64(x) % 5;
    for (uint64_t s0 = 0; s0 < active; s0 += ts) {
        uint64_t s1 = s0 + ts < active ? s0 + ts : active;
        for (uint64_t r0 = 0; r0 < rounds;) {
            uint64_t tr = 1 + sm64(x) % 40, r1 = r0 + tr < rounds ? r0 + tr : rounds;
            fn(&sp->job, states, work, s0, s1, r0, r1, out, NULL);
            r0 = r1;
        }
    }
}

static void check_tiles(cxb_rng_id gen, unsigned rounds, cxb_bulk_isa isa, int nt, uint64_t *x)
{
    const uint64_t ns[] = {0, 1, 5, 63, 64, 65, 1000, 4099, 65539};
    for (size_t a = 0; a < sizeof ns / sizeof ns[0]; ++a)
        for (int shape = 0; shape < 4; ++shape) {
            cxb_bulk_spec sp = {gen, {sm64(x), ns[a], 1, 4}, CXB_BULK_U32, CXB_BULK_CONV_CXB, CXB_BULK_STORE, rounds};
            if (shape == 1)
                sp.job.streams = 1 + sm64(x) % 7;
            if (shape == 2) {
                sp.job.streams = 1 + sm64(x) % 300;
                sp.job.chunk = 1 + sm64(x) % 9;
            }
            if (shape == 3 && IS_MTGP32(gen)) {
                sp.job.streams = 192;
                sp.job.chunk = 256;
            }
            if (shape == 3 && gen == CXB_RNG_ID_mt19937) { /* the default layout: whole blocks */
                sp.job.streams = 1 + sm64(x) % 5;
                sp.job.chunk = 624;
            }
            CHECK_MSG(cxb_bulk_spec_check(&sp) == CXB_OK, "spec");
            cxb_bulk_tile_fn fn = nt ? cxb_bulk_tile_nt_isa(cxb_bulk_spec_tag(&sp), CXB_BULK_E_U32, CXB_BULK_STORE, isa)
                                     : cxb_bulk_tile_isa(cxb_bulk_spec_tag(&sp), CXB_BULK_E_U32, CXB_BULK_STORE, isa);
            CHECK_MSG(fn != NULL, "gen %d: no tile for isa %d nt %d", (int)gen, (int)isa, nt);
            if (!fn)
                return;
            void *states = NULL;
            CHECK_MSG(cxb_bulk_states_create(NULL, &sp, &states) == CXB_OK, "states");
            size_t sb = cxb_bulk_state_bytes(&sp), act = (size_t)cxb_bulk_active_streams(&sp.job);
            void *work = sb ? malloc(sb * act) : NULL;
            /* the output 0 .. 3 words past a 16-byte boundary: streaming stores need alignment */
            uint32_t *mem = malloc(sp.job.n * 4 + 4 + 32), *want = malloc(sp.job.n * 4 + 4);
            uint32_t *out = (uint32_t *)(((uintptr_t)mem + 15) & ~(uintptr_t)15) + sm64(x) % 4;
            memset(out, 0xA5, sp.job.n * 4 + 4);
            memset(want, 0xA5, sp.job.n * 4 + 4);
            reference(&sp, want);
            run_tiles(fn, &sp, states, work, out, x);
            uint64_t bad = sp.job.n + 1;
            for (uint64_t i = 0; i <= sp.job.n && bad > sp.job.n; ++i) /* the word after n untouched */
                if (out[i] != want[i])
                    bad = i;
            CHECK_MSG(bad > sp.job.n, "gen %d rounds %u isa %d nt %d n %llu S %llu C %llu: output %llu is %08x, want %08x",
                      (int)gen, rounds, (int)isa, nt, (unsigned long long)sp.job.n, (unsigned long long)sp.job.streams,
                      (unsigned long long)sp.job.chunk, (unsigned long long)bad, bad <= sp.job.n ? out[bad] : 0,
                      bad <= sp.job.n ? want[bad] : 0);
            free(mem);
            free(want);
            free(work);
            free(states);
        }
}

int main(void)
{
    uint64_t x = ((uint64_t)time(NULL) << 20) ^ 0x2545F4914F6CDD1Dull;
    printf("seed %llu\n", (unsigned long long)x);
    int avx2 = cxb_bulk_isa_available(CXB_BULK_ISA_AVX2), avx512 = cxb_bulk_isa_available(CXB_BULK_ISA_AVX512);
    printf("AVX2 versions: %s\n", avx2 ? "checked" : "not available on this CPU or build");
    printf("AVX-512 versions: %s\n", avx512 ? "checked" : "not available on this CPU or build");
    check_lanes(&x, avx2, avx512);
    /* the fallback order: BEST is the highest version the CPU runs */
    cxb_bulk_isa best = avx512 ? CXB_BULK_ISA_AVX512 : avx2 ? CXB_BULK_ISA_AVX2 : CXB_BULK_ISA_BASE;
    const char *cap = getenv("CXB_BULK_ISA"); /* a cap for measuring (bulk.c resolve_isa) */
    if (cap && !strcmp(cap, "base"))
        best = CXB_BULK_ISA_BASE;
    else if (cap && !strcmp(cap, "avx2") && best > CXB_BULK_ISA_AVX2)
        best = CXB_BULK_ISA_AVX2;
    for (int t = 0; t < CXB_BULK_NTAGS; ++t)
        CHECK_MSG(cxb_bulk_tile((cxb_bulk_tag)t, CXB_BULK_E_U32, CXB_BULK_STORE) ==
                      cxb_bulk_tile_isa((cxb_bulk_tag)t, CXB_BULK_E_U32, CXB_BULK_STORE, best),
                  "tag %d: the best tile is not the %d version", t, (int)best);
    CHECK_MSG(avx2 || cxb_bulk_tile_isa(CXB_BULK_TAG_philox4x32, CXB_BULK_E_U32, CXB_BULK_STORE, CXB_BULK_ISA_AVX2) == NULL,
              "an AVX2 tile is offered on a CPU without AVX2");
    CHECK_MSG(avx512 || cxb_bulk_tile_isa(CXB_BULK_TAG_philox4x32, CXB_BULK_E_U32, CXB_BULK_STORE, CXB_BULK_ISA_AVX512) == NULL,
              "an AVX-512 tile is offered on a CPU without AVX-512");
    cxb_bulk_isa isas[] = {CXB_BULK_ISA_BASE, CXB_BULK_ISA_AVX2, CXB_BULK_ISA_AVX512};
    int have[] = {1, avx2, avx512};
    int have_nt = cxb_bulk_tile_nt_isa(CXB_BULK_TAG_xorwow, CXB_BULK_E_U32, CXB_BULK_STORE, CXB_BULK_ISA_BASE) != NULL;
    printf("streaming-store versions: %s\n", have_nt ? "checked" : "not in this build");
    for (int k = 0; k < 3; ++k)
        for (int nt = 0; nt <= have_nt; ++nt) {
            if (!have[k])
                continue;
            check_tiles(CXB_RNG_ID_philox4x32, 0, isas[k], nt, &x);
            check_tiles(CXB_RNG_ID_philox4x32, 7, isas[k], nt, &x);
            check_tiles(CXB_RNG_ID_threefry4x32, 0, isas[k], nt, &x);
            check_tiles(CXB_RNG_ID_mt19937, 0, isas[k], nt, &x);
            if (k == 0) { /* no clones: one tile under every isa (the stream jumps make them slow) */
                check_tiles(CXB_RNG_ID_xorwow, 0, isas[k], nt, &x);
                check_tiles(CXB_RNG_ID_mrg32k3a, 0, isas[k], nt, &x);
            }
#if CXB_HAVE_MTGP32
            check_tiles(CXB_RNG_ID_mtgp32, 0, isas[k], nt, &x);
#endif
        }
    /* streamed by size only, never sums, by default only MT19937 (bulk.c nt_default); the tile
     * seq and pthreads run is a checked one */
    if (!getenv("CXB_BULK_NT")) {
        cxb_bulk_spec sp = {CXB_RNG_ID_mt19937, {1, 1u << 22, 1024, 624}, CXB_BULK_U32, CXB_BULK_CONV_CXB, CXB_BULK_STORE, 0};
        CHECK_MSG(!cxb_bulk_nt_wanted(&sp, 1), "2^22 uint32 (16 MiB) streamed");
        sp.job.n = (1u << 22) + 1;
        CHECK_MSG(cxb_bulk_nt_wanted(&sp, 1), "2^22 + 1 uint32 not streamed");
        CHECK_MSG(cxb_bulk_tile_for(&sp, 1) == (have_nt ? cxb_bulk_tile_nt_isa(CXB_BULK_TAG_mt19937, CXB_BULK_E_U32, CXB_BULK_STORE, best)
                                                     : cxb_bulk_tile(CXB_BULK_TAG_mt19937, CXB_BULK_E_U32, CXB_BULK_STORE)),
                  "cxb_bulk_tile_for: not the streaming tile");
        sp.type = CXB_BULK_F64;
        sp.job.n = (1u << 21) + 1;
        CHECK_MSG(cxb_bulk_nt_wanted(&sp, 1), "2^21 + 1 doubles not streamed");
        sp.mode = CXB_BULK_SUM;
        CHECK_MSG(!cxb_bulk_nt_wanted(&sp, 1), "sums streamed");
        cxb_bulk_spec xw = {CXB_RNG_ID_xorwow, {1, 1u << 24, 262144, 4}, CXB_BULK_U32, CXB_BULK_CONV_CXB, CXB_BULK_STORE, 0};
        CHECK_MSG(!cxb_bulk_nt_wanted(&xw, 2), "XORWOW streamed by default");
#if CXB_HAVE_MTGP32
        cxb_bulk_spec mg = {CXB_RNG_ID_mtgp32, {1, 1u << 24, 192, 256}, CXB_BULK_U32, CXB_BULK_CONV_CXB, CXB_BULK_STORE, 0};
        CHECK_MSG(!cxb_bulk_nt_wanted(&mg, 1) && cxb_bulk_nt_wanted(&mg, 2), "MTGP32: streamed on 2 workers only");
#endif
        CHECK_MSG(cxb_bulk_tile_for(&xw, 2) == cxb_bulk_tile(CXB_BULK_TAG_xorwow, CXB_BULK_E_U32, CXB_BULK_STORE),
                  "cxb_bulk_tile_for: XORWOW not the ordinary tile");
    }
    CHECK_DONE();
}
