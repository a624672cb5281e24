/* graphgen_cuda: graphgen.{alpha,ba}.cuda1, .cuda2 and .cudapool give exactly graphgen.{alpha,ba}.seq's
 * graph (same edgeset_hash, same CSR) - the canonical arithmetic of docs/studies/graphgen.md / 4.2
 * makes this exact - for several seeds, a candidate count that crosses 256-candidate chunk
 * boundaries, allocation multiples X from 1 (a reallocation at every insertion) to 256
 * (none after the first), BA with m a multiple of X (A_t exactly full) and with m = 1;
 * repeated runs give the same graph; the allocation counters agree between the variants'
 * own bookkeeping and the host lists' rule where they must (CUDA 2 counts its own
 * cudaMalloc calls). Without a GPU it checks the "no GPU" answer and exits 77. `quick` (for
 * compute-sanitizer) runs each case once at a few hundred steps. */
#include <string.h>

static int reps = 2;
static const char *const vname[] = {"cuda1", "cuda2", "cudapool"};

#include "check.h"
#include "cxb/core/cuda.h"
#include "cxb/graphgen/models.h"
#include "cxb/graphgen/cuda.h"

static void same_graph(const char *what, cxb_adjlists *got, cxb_adjlists *ref)
{
    CHECK_MSG(got->n == ref->n, "%s: n", what);
    int same = got->n == ref->n;
    for (uint64_t v = 0; same && v < ref->n; ++v)
        same = got->deg[v] == ref->deg[v] && !memcmp(got->list[v], ref->list[v], (size_t)ref->deg[v] * 4);
    CHECK_MSG(same && cxb_adjlists_hash(got) == cxb_adjlists_hash(ref), "%s: graph differs from seq", what);
}

static void alpha_case(uint64_t n, uint32_t k, double alpha, uint64_t seed, uint32_t x)
{
    cxb_alpha_params p = {n, k, alpha, seed, x, 0};
    cxb_adjlists ref, got;
    CHECK(cxb_alpha_seq(&p, &ref) == CXB_OK);
    for (int v = CXB_GG_CUDA1; v <= CXB_GG_CUDAPOOL; ++v)
        for (int rep = 0; rep < reps; ++rep) {
            cxb_gg_cuda_stats cs;
            cxb_status st = cxb_alpha_cuda(&p, (cxb_gg_variant)v, &got, &cs, NULL);
            char what[128];
            snprintf(what, sizeof what, "alpha n=%llu k=%u x=%u %s run %d", (unsigned long long)n, k, x,
                     vname[v - CXB_GG_CUDA1], rep);
            CHECK_MSG(st == CXB_OK, "%s: %s", what, cxb_last_error());
            if (st != CXB_OK)
                continue;
            same_graph(what, &got, &ref);
            CHECK_MSG(cs.allocations >= n && cs.gen_ns > 0, "%s: stats", what);
            cxb_adjlists_free(&got);
        }
    cxb_adjlists_free(&ref);
}

static void ba_case(uint64_t n, uint32_t m, uint64_t n0, uint64_t seed, uint32_t x)
{
    cxb_ba_params p = {n, m, n0, seed, x, 0};
    cxb_adjlists ref, got;
    CHECK(cxb_ba_seq(&p, &ref) == CXB_OK);
    for (int v = CXB_GG_CUDA1; v <= CXB_GG_CUDAPOOL; ++v)
        for (int rep = 0; rep < reps; ++rep) {
            cxb_gg_cuda_stats cs;
            cxb_status st = cxb_ba_cuda(&p, (cxb_gg_variant)v, &got, &cs, NULL);
            char what[128];
            snprintf(what, sizeof what, "ba n=%llu m=%u x=%u %s run %d", (unsigned long long)n, m, x,
                     vname[v - CXB_GG_CUDA1], rep);
            CHECK_MSG(st == CXB_OK, "%s: %s", what, cxb_last_error());
            if (st != CXB_OK)
                continue;
            same_graph(what, &got, &ref);
            CHECK_MSG(cs.allocations >= n && cs.frees < cs.allocations, "%s: stats", what);
            cxb_adjlists_free(&got);
        }
    cxb_adjlists_free(&ref);
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "quick") == 0;
    const char *why = NULL;
    if (cxb_cuda_device_count(&why) < 1) {
        cxb_alpha_params p = {100, 4, 1.0, 1, 0, 0};
        cxb_adjlists a;
        cxb_gg_cuda_stats cs;
        CHECK(cxb_alpha_cuda(&p, CXB_GG_CUDA2, &a, &cs, NULL) != CXB_OK || !cxb_cuda_built());
        if (cxb_check_failures)
            CHECK_DONE();
        SKIP("no GPU: %s", why ? why : "none");
    }
    if (quick) {
        reps = 1;
        alpha_case(257, 4, 0.5, 5, 256); /* one candidate in the last chunk */
        alpha_case(120, 4, 2.0, 4, 1);   /* X = 1 */
        ba_case(300, 4, 0, 7, 0);
        ba_case(200, 16, 0, 8, 16);
        ba_case(150, 1, 0, 9, 1);
    } else {
        alpha_case(300, 6, 1.0, 3, 0);   /* two chunks, X = auto */
        alpha_case(600, 8, 2.0, 4, 1);   /* X = 1: a reallocation at every insertion */
        alpha_case(257, 4, 0.5, 5, 256); /* one candidate in the last chunk */
        alpha_case(1000, 10, 1.0, 6, 4);
        ba_case(3000, 4, 0, 7, 0);
        ba_case(2000, 16, 0, 8, 16); /* A_t created exactly full */
        ba_case(1500, 1, 0, 9, 1);   /* a tree; X = 1 */
        ba_case(800, 5, 12, 10, 64);
    }
    /* bad variant */
    cxb_alpha_params p = {100, 4, 1.0, 1, 0, 0};
    cxb_adjlists a;
    cxb_gg_cuda_stats cs;
    CHECK(cxb_alpha_cuda(&p, CXB_GG_SEQ, &a, &cs, NULL) == CXB_EINPUT);
    CHECK_DONE();
}
