/* graphgen_fast_cuda: the CUDA rows of the fast generators (docs/studies/graphgen.md) give the
 * tuples of cxb_generate_seq bit for bit (docs/studies/graph.md) for bacopy, gnm, wsfast and rmat,
 * at block sizes 64, 256 and 1024 with the full grid and a 3-block grid, on edge cases
 * (n = 0 and 1, m = 0, ef = 0, scale 0, the gnm complement path, gnm at C(n,2)/2 with many
 * dedup rounds, the smallest wsfast ring, bacopy's core alone) and on sizes that are not
 * a multiple of any block size; gen_ms is the device time (> 0 for gnm's round 0 too);
 * and graphgen.{bacopy,gnm,wsfast,rmat}.cuda and .cudacsr through their harness descriptors
 * (verified against seq, the CSR rows byte for byte against the host CSR; kernel phase recorded). Without a GPU it checks the "no GPU" answer and
 * exits 77. Fresh seed, printed (CXB_TEST_SEED=S repeats). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/core/cuda.h"
#include "cxb/graph/gen.h"
#include "harness/registry.h"

static void compare(const char *text)
{
    cxb_gen_spec s;
    CHECK_MSG(cxb_gen_parse(text, &s) == CXB_OK, "%s: %s", text, cxb_last_error());
    cxb_edges ref;
    CHECK_MSG(cxb_generate_seq(&s, &ref) == CXB_OK, "%s: %s", text, cxb_last_error());
    static const unsigned blocks[] = {64, 256, 1024};
    for (int b = 0; b < 3; ++b)
        for (int small = 0; small < 2; ++small) {
            cxb_gen_cuda_opts o = {blocks[b], small ? 3u : 0u, 0, 0, NULL};
            cxb_edges e;
            cxb_status st = cxb_generate_cuda(&s, &o, &e);
            CHECK_MSG(st == CXB_OK, "%s: %s", text, cxb_last_error());
            if (st != CXB_OK)
                continue;
            CHECK_MSG(e.n == ref.n && e.count == ref.count &&
                          (ref.count == 0 || !memcmp(e.key, ref.key, ref.count * 8)),
                      "%s: cuda (block %u, grid %u) differs from seq (%llu vs %llu tuples)", text, o.block,
                      o.grid, (unsigned long long)e.count, (unsigned long long)ref.count);
            /* the gnm complement path draws on the host: no device generation to time */
            uint64_t pairs = s.n < 2 ? 0 : s.n * (s.n - 1) / 2;
            int complement = s.model == CXB_GEN_GNM && s.m > pairs / 2;
            CHECK_MSG(ref.count < 1000 || complement || o.gen_ms > 0, "%s: gen_ms %g", text, o.gen_ms);
            cxb_edges_free(&e);
        }
    printf("  %-60s %10llu tuples: same\n", text, (unsigned long long)ref.count);
    cxb_edges_free(&ref);
}

static void descriptor(const char *id, const char *params)
{
    const cxb_impl *im = cxb_impl_find(id, NULL);
    CHECK_MSG(im != NULL, "%s", id);
    if (!im)
        return;
    cxb_params p;
    cxb_params_init(&p);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", params);
    for (char *save = NULL, *kv = strtok_r(buf, ";", &save); kv; kv = strtok_r(NULL, ";", &save))
        CHECK(cxb_params_set_kv(&p, kv) == CXB_OK);
    cxb_env env = {.pool = NULL, .threads = 1};
    void *ctx = NULL;
    cxb_status st = im->setup(&p, &env, &ctx);
    CHECK_MSG(st == CXB_OK, "%s %s: %s", id, params, cxb_last_error());
    if (st != CXB_OK)
        return;
    cxb_phases ph;
    cxb_phases_clear(&ph);
    if ((st = im->reset(ctx)) == CXB_OK && (st = im->run(ctx, &ph)) == CXB_OK)
        st = im->verify(ctx);
    CHECK_MSG(st == CXB_OK, "%s %s: %s", id, params, cxb_last_error());
    CHECK_MSG(ph.ns[CXB_PHASE_KERNEL] > 0 && ph.ns[CXB_PHASE_D2H] > 0, "%s %s: kernel %lld ns, d2h %lld ns", id,
              params, (long long)ph.ns[CXB_PHASE_KERNEL], (long long)ph.ns[CXB_PHASE_D2H]);
    printf("  %-24s %-28s verified, gen %.3f ms\n", id, params, (double)ph.ns[CXB_PHASE_KERNEL] * 1e-6);
    im->teardown(ctx);
}

int main(int argc, char **argv)
{
    /* quick (compute-sanitizer): the edge cases and small sizes, not the 2^24-tuple cases */
    int quick = argc > 1 && strcmp(argv[1], "quick") == 0;
    const char *why = NULL;
    cxb_gen_spec s;
    CHECK(cxb_gen_parse("gnm:n=100,m=10", &s) == CXB_OK);
    if (cxb_cuda_device_count(&why) == 0) {
        cxb_edges e;
        CHECK(cxb_generate_cuda(&s, NULL, &e) == CXB_ERESOURCE &&
              strstr(cxb_last_error(), "graphgen.gnm.cuda: no CUDA device found"));
        if (cxb_check_failures)
            CHECK_DONE();
        SKIP("%s", why);
    }
    uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)clock() << 32);
    const char *env = getenv("CXB_TEST_SEED");
    if (env)
        seed = strtoull(env, NULL, 0);
    seed &= 0xffffffffffffull;
    printf("graphgen_fast_cuda: seed %llu (CXB_TEST_SEED=%llu repeats)\n", (unsigned long long)seed,
           (unsigned long long)seed);
    const char *cases[] = {
        /* edge cases */
        "gnm:n=0,m=0", "gnm:n=1,m=0", "gnm:n=1000,m=0", "gnm:n=2,m=1", "gnm:n=100,m=4950",
        "bacopy:n=0,m=1,n0=0", "bacopy:n=1,m=1,n0=0", "bacopy:n=2,m=1,n0=2", "bacopy:n=3,m=7,n0=2",
        "wsfast:n=4,k=2,p=1", "wsfast:n=50,k=48,p=0.5", "wsfast:n=1000,k=10,p=0",
        "rmat:scale=0,ef=5", "rmat:scale=3,ef=0", "rmat:scale=5,ef=37,perm=0", "rmat:scale=1,ef=1",
        /* rounds: C(n,2)/2 draws collide often, many dedup rounds; sizes not a multiple of a block */
        "gnm:n=2000,m=999500", "gnm:n=3001,m=100003", "gnm:n=1000003,m=4000037",
        "bacopy:n=100003,m=3", "bacopy:n=30011,m=16,n0=0", "wsfast:n=100003,k=6,p=0.3",
        "wsfast:n=262147,k=32,p=0.1", "rmat:scale=17,ef=16", "rmat:scale=20,ef=3,perm=0",
        "kron:scale=16,ef=5",
        /* 2^24 tuples */
        "gnm:n=1048576,m=16777216", "bacopy:n=1048576,m=16", "wsfast:n=1048576,k=32,p=0.1",
        "rmat:scale=20,ef=16"};
    size_t ncases = sizeof cases / sizeof cases[0] - (quick ? 4 : 0);
    for (size_t i = 0; i < ncases; ++i) {
        char t[200];
        snprintf(t, sizeof t, "%s,seed=%llu", cases[i], (unsigned long long)(seed + i));
        compare(t);
    }
    static const char *const models[] = {"bacopy", "gnm", "wsfast", "rmat"};
    for (size_t m = 0; m < 4; ++m) {
        char id[64], params[96];
        snprintf(id, sizeof id, "graphgen.%s.cuda", models[m]);
        snprintf(params, sizeof params, "tuples=%d;d=16;seed=%llu", quick ? 65536 : 1048576, (unsigned long long)seed);
        descriptor(id, params);
        snprintf(params, sizeof params, "tuples=99999;d=7;block=64;grid=5;seed=%llu", (unsigned long long)seed);
        descriptor(id, params);
        /* "generate -> CSR" on the GPU: the CSR byte for byte against the host build of seq's tuples */
        snprintf(id, sizeof id, "graphgen.%s.cudacsr", models[m]);
        snprintf(params, sizeof params, "tuples=%d;d=16;seed=%llu", quick ? 65536 : 1048576, (unsigned long long)seed);
        descriptor(id, params);
        snprintf(params, sizeof params, "tuples=99999;d=7;seed=%llu", (unsigned long long)seed);
        descriptor(id, params);
    }
    CHECK_DONE();
}
