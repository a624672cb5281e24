/* graph_gen_cuda: cxb_generate_cuda (impl_cuda/graph/gen.cu) gives the tuples of
 * cxb_generate_seq bit for bit for every model (docs/studies/graph.md): line, ring, lattice, gnm
 * (rounds and the complement path), gnp (p = 0, 1 and geometric skipping with the
 * deterministic log under --fmad=false), ws, wsfast, nw, disjoint, rmat (both perm
 * settings), kron and bacopy (with and without a core), at block sizes 64, 256 and 1024,
 * each with the full grid and with a deliberately small grid (3 blocks, so the
 * grid-stride loops wrap many times); plus bad launch shapes refused. Fresh seed, printed
 * (CXB_TEST_SEED=S repeats). Without a GPU it checks the "no GPU" answer and exits 77. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/core/cuda.h"
#include "cxb/graph/gen.h"

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
                      "%s: cuda (block %u, grid %u) differs from seq (%llu vs %llu tuples)", text,
                      o.block, o.grid, (unsigned long long)e.count, (unsigned long long)ref.count);
            cxb_edges_free(&e);
        }
    printf("  %-60s %10llu tuples: same\n", text, (unsigned long long)ref.count);
    cxb_edges_free(&ref);
}

int main(void)
{
    const char *why = NULL;
    cxb_gen_spec s;
    CHECK(cxb_gen_parse("ring:n=10,k=2", &s) == CXB_OK);
    if (cxb_cuda_device_count(&why) == 0) {
        cxb_edges e;
        CHECK(cxb_generate_cuda(&s, NULL, &e) == CXB_ERESOURCE &&
              strstr(cxb_last_error(), "graphgen.ring.cuda: no CUDA device found"));
        if (cxb_check_failures)
            CHECK_DONE();
        SKIP("%s", why);
    }
    cxb_edges e;
    cxb_gen_cuda_opts bad = {100, 0, 0, 0, NULL};
    CHECK(cxb_generate_cuda(&s, &bad, &e) == CXB_EINPUT);
    bad.block = 2048;
    CHECK(cxb_generate_cuda(&s, &bad, &e) == CXB_EINPUT);
    uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)clock() << 32);
    const char *env = getenv("CXB_TEST_SEED");
    if (env)
        seed = strtoull(env, NULL, 0);
    seed &= 0xffffffffffffull;
    printf("graph_gen_cuda: seed %llu (CXB_TEST_SEED=%llu repeats)\n", (unsigned long long)seed,
           (unsigned long long)seed);
    const char *fixed[] = {"line:n=0", "line:n=1", "line:n=100000", "ring:n=1000,k=10",
                           "lattice:dims=30x30", "lattice:dims=3x4x5,periodic=0",
                           "gnm:n=10,m=45", "gnm:n=50,m=613", "gnp:n=1000,p=0", "gnp:n=500,p=1",
                           "rmat:scale=5,ef=2,a=0,b=0,c=0,perm=0", "kron:scale=0"};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; ++i)
        compare(fixed[i]);
    const char *seeded[] = {
        "gnm:n=100000,m=300000", "gnm:n=300,m=40000", "gnp:n=20000,p=0.001", "gnp:n=300,p=0.5",
        "ws:n=20000,k=10,p=0.1", "wsfast:n=200000,k=10,p=0.1", "nw:n=200000,k=6,p=0.3",
        "disjoint:n=100000,e=1000000,c=100", "disjoint:n=5000,e=20000,c=5000",
        "rmat:scale=16", "rmat:scale=13,ef=5,a=0.45,b=0.15,c=0.15,perm=0", "kron:scale=15,ef=8",
        "bacopy:n=200000,m=5", "bacopy:n=30000,m=2,n0=0", "bacopy:n=1000,m=7,n0=2"};
    for (size_t i = 0; i < sizeof seeded / sizeof seeded[0]; ++i) {
        char t[200];
        snprintf(t, sizeof t, "%s,seed=%llu", seeded[i], (unsigned long long)(seed + i));
        compare(t);
    }
    CHECK_DONE();
}
