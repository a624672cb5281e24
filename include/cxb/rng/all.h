/* cxb/rng/all.h - every generator core of cxbench, and the one list that the CLI, the bulk
 * implementations of the prng study, the quality battery and the tests iterate over
 * (docs/studies/prng.md: "an X-macro registry instantiates every required function for every
 * generator; a generator missing one fails to build").
 *
 * The uniform stream API. Every generator g listed below provides, in its own header under
 * include/cxb/rng/, as static inline CXB_HD functions:
 *
 *   typedef struct cxb_g_state {...} cxb_g_state;   a distinct type per generator
 *   void     cxb_g_init(cxb_g_state *s, uint64_t seed, uint64_t stream, uint64_t offset);
 *   uint32_t cxb_g_next_u32(cxb_g_state *s);
 *
 * cxb_g_init positions s at output `offset` of logical stream `stream` of `seed`. A stream is
 * named by a logical id (task, replication, element), never by a thread or the clock
 * (docs/studies/prng.md). For xorwow, mrg32k3a and philox4x32 it is exactly curand_init(seed,
 * stream, offset) followed by curand(); every other generator documents its definition in
 * its header (sequence splitting where the generator has a jump, otherwise parameterisation
 * or random spacing, docs/studies/prng.md). 64-bit generators define next_u32 as their own 32-bit
 * output where the reference has one (NR3 int32()), and say so.
 *
 * The list: X(name, g, kind, streams, chunk)
 *   name     the generator's name in ids and on the command line ("xorwow": prng.xorwow.seq)
 *   g        the C prefix: cxb_g_state, cxb_g_init, cxb_g_next_u32
 *   kind     CXB_RNG_COUNTER (output = pure function of (seed, stream, position): any thread
 *            can compute any output) or CXB_RNG_STATEFUL (a state that is stepped)
 *   streams  the default number of interleaved streams S of bulk generation
 *   chunk    the default chunk C: consecutive outputs of one stream in the bulk layout
 *
 * The bulk layout (prng.<g>.{seq,pthreads,cuda}): n outputs from S streams of seed `seed`;
 * output i is output p of stream s, with q = i / C, s = q mod S, p = (q / S) C + i mod C.
 * (S, C) = (4096, 1) is cuRAND's host-API default ordering for XORWOW and (81920, 1) for
 * MRG32k3a; S = 1 is one stream in order.
 */
#ifndef CXB_RNG_ALL_H
#define CXB_RNG_ALL_H

#include <stdint.h>

#include "cxb/hd.h"
#include "cxb/rng/mrg32k3a.h"
#include "cxb/rng/mt19937.h"
#include "cxb/rng/mtgp32.h"
#include "cxb/rng/nr3.h"
#include "cxb/rng/philox.h"
#include "cxb/rng/threefry.h"
#include "cxb/rng/tinymt32.h"
#include "cxb/rng/xorwow.h"

typedef enum cxb_rng_kind { CXB_RNG_COUNTER, CXB_RNG_STATEFUL } cxb_rng_kind;

/* one line per generator; keep the order (it is the order of `cxbench list`) */
#define CXB_RNG_LIST(X)                                              \
    X("philox4x32", philox4x32, CXB_RNG_COUNTER, 1, 4)               \
    X("threefry4x32", threefry4x32, CXB_RNG_COUNTER, 1, 4)           \
    X("xorwow", xorwow, CXB_RNG_STATEFUL, 262144, 4)                 \
    X("mrg32k3a", mrg32k3a, CXB_RNG_STATEFUL, 262144, 4)             \
    X("mt19937", mt19937, CXB_RNG_STATEFUL, 1024, 624)               \
    CXB_RNG_LIST_MTGP32(X)                                           \
    X("ran", ran, CXB_RNG_STATEFUL, 262144, 4)                       \
    X("ranq1", ranq1, CXB_RNG_STATEFUL, 262144, 4)                   \
    X("ranq2", ranq2, CXB_RNG_STATEFUL, 262144, 4)                   \
    X("ranlim32", ranlim32, CXB_RNG_STATEFUL, 262144, 4)             \
    X("ranhash", ranhash, CXB_RNG_COUNTER, 1, 4)                     \
    X("tinymt32", tinymt32, CXB_RNG_STATEFUL, 262144, 4)

/* mtgp32 needs the CUDA toolkit's parameter table (cxb/rng/mtgp32.h); without it, it is not
 * in the list. (192, 256) is cuRAND's MTGP32 host-API ordering (derived against the CPU host
 * generator, tests/prng/test_mt_curand_host.c): 192 kernel states, 256 outputs each in turn. */
#if CXB_HAVE_MTGP32
#define CXB_RNG_LIST_MTGP32(X) \
    X("mtgp32", mtgp32, CXB_RNG_STATEFUL, 192, 256)
#else
#define CXB_RNG_LIST_MTGP32(X)
#endif

/* A generator's descriptor (what `cxbench list` and the harness read). */
typedef struct cxb_rng_desc {
    const char *name;
    cxb_rng_kind kind;
    uint64_t streams, chunk; /* bulk defaults */
    unsigned state_bytes;
} cxb_rng_desc;

#endif
