/* prng_mt_cuda: the block-scope bulk kernels of cxb/prng/blockscope.h (impl_cuda/prng/
 * mt19937.cu, mtgp32.cu) against the host cores (cxb/rng/mt19937.h, mtgp32.h) stepped in the
 * bulk layout of cxb/prng/bulk.h, bit for bit: random seeds; S, C, n of many shapes (n = 0
 * and 1, n not a multiple of anything, C = 1, C not dividing the kernels' step, C larger
 * than a stream, the default chunks 624 and 256, more streams than resident blocks); states
 * at offset 0 and at a non-zero offset (a partly consumed MT19937 array, an MTGP32 ring not
 * at 0); the kernels leave d_states untouched and a second launch writes the same numbers.
 * Built only with CUDA; without a GPU it exits 77; `quick` keeps sizes small. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cxb/config.h"
#include "cxb/core/cuda.h"
#include "cxb/prng/blockscope.h"
#include "cxb/rng/mt19937.h"
#include "cxb/rng/mtgp32.h"

#include <cuda_runtime_api.h>

enum { G_MT, G_MTGP };
static const char *gname[2] = {"mt19937", "mtgp32"};

/* host states of the job's streams (at `offset`) */
static void *states_create(int gen, const cxb_bulk_job *job, uint64_t offset, size_t *bytes)
{
    size_t one = gen == G_MT ? sizeof(cxb_mt19937_state) : sizeof(cxb_mtgp32_state);
    *bytes = one * job->streams;
    char *h = malloc(*bytes);
    for (uint64_t s = 0; s < job->streams; ++s) {
        if (gen == G_MT)
            cxb_mt19937_init((cxb_mt19937_state *)(h + s * one), job->seed, s, offset);
#if CXB_HAVE_MTGP32
        else
            cxb_mtgp32_init((cxb_mtgp32_state *)(h + s * one), job->seed, s, offset);
#endif
    }
    return h;
}

/* the job on the host: each stream stepped in order through the layout */
static uint32_t *model(int gen, const cxb_bulk_job *job, const void *h_states, size_t bytes)
{
    char *st = malloc(bytes);
    memcpy(st, h_states, bytes);
    size_t one = bytes / job->streams;
    uint32_t *o = malloc(job->n ? job->n * 4 : 4);
    for (uint64_t i = 0; i < job->n; ++i) {
        uint64_t s, p;
        cxb_bulk_where(job, i, &s, &p);
        o[i] = gen == G_MT ? cxb_mt19937_next_u32((cxb_mt19937_state *)(st + s * one))
                           : cxb_mtgp32_next_u32((cxb_mtgp32_state *)(st + s * one));
    }
    free(st);
    return o;
}

static void check_job(int gen, uint64_t seed, uint64_t S, uint64_t C, uint64_t n, uint64_t offset)
{
    cxb_bulk_job job = {seed, n, S, C};
    size_t bytes;
    void *h_states = states_create(gen, &job, offset, &bytes);
    uint32_t *want = model(gen, &job, h_states, bytes);
    void *d_states = NULL;
    uint32_t *d_out = NULL, *got = malloc(n ? n * 4 : 4);
    if (cudaMalloc(&d_states, bytes) != cudaSuccess || cudaMalloc((void **)&d_out, n ? n * 4 : 4) != cudaSuccess)
        SKIP("cudaMalloc failed (%zu + %llu bytes)", bytes, (unsigned long long)n * 4);
    CHECK(cudaMemcpy(d_states, h_states, bytes, cudaMemcpyHostToDevice) == cudaSuccess);
    for (int rep = 0; rep < 2; ++rep) {
        CHECK(cudaMemset(d_out, 0xA5, n ? n * 4 : 4) == cudaSuccess);
        cxb_status st = gen == G_MT ? cxb_bulk_cuda_mt19937(&job, d_states, d_out, NULL)
                                    : cxb_bulk_cuda_mtgp32(&job, d_states, d_out, NULL);
        CHECK_MSG(st == CXB_OK, "%s launch: %s", gname[gen], cxb_last_error());
        CHECK(cudaDeviceSynchronize() == cudaSuccess);
        CHECK(cudaMemcpy(got, d_out, n * 4, cudaMemcpyDeviceToHost) == cudaSuccess);
        uint64_t bad = 0, first = 0;
        for (uint64_t i = 0; i < n; ++i)
            if (got[i] != want[i] && bad++ == 0)
                first = i;
        CHECK_MSG(bad == 0, "%s seed %llu S %llu C %llu n %llu offset %llu run %d: %llu mismatches, first at %llu",
                  gname[gen], (unsigned long long)seed, (unsigned long long)S, (unsigned long long)C,
                  (unsigned long long)n, (unsigned long long)offset, rep, (unsigned long long)bad,
                  (unsigned long long)first);
    }
    void *back = malloc(bytes);
    CHECK(cudaMemcpy(back, d_states, bytes, cudaMemcpyDeviceToHost) == cudaSuccess);
    CHECK_MSG(memcmp(back, h_states, bytes) == 0, "%s: the kernel modified d_states", gname[gen]);
    free(back);
    cudaFree(d_states);
    cudaFree(d_out);
    free(got);
    free(want);
    free(h_states);
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "quick") == 0;
    (void)quick;
    const char *why = NULL;
    cxb_bulk_job bad = {1, 16, 0, 1};
    if (cxb_cuda_device_count(&why) == 0) {
        CHECK(cxb_bulk_cuda_mt19937(&bad, NULL, NULL, NULL) != CXB_OK);
        if (cxb_check_failures)
            CHECK_DONE();
        SKIP("%s", why);
    }
    CHECK(cxb_bulk_cuda_mt19937(&bad, NULL, NULL, NULL) == CXB_EINPUT);
    CHECK(cxb_bulk_cuda_mtgp32(&bad, NULL, NULL, NULL) == CXB_EINPUT);
    uint64_t seed = ((uint64_t)time(NULL) << 16) ^ 0x5DEECE66Dull;
    printf("seed %llu\n", (unsigned long long)seed);
    /* {S, C, n, offset} */
    static const uint64_t jobs[][4] = {
        {1, 1, 0, 0},        {1, 1, 1, 0},           {3, 1, 1, 0},         {1, 624, 5000, 0},
        {3, 5, 1000, 0},     {7, 624, 7 * 624 * 3 + 11, 0}, {5, 1, 5003, 0}, {2, 1000, 123457, 0},
        {192, 256, 192 * 256 * 4 + 5, 0}, {4, 100000, 100, 0}, {3, 7, 20000, 5}, {9, 256, 30001, 700},
        {1024, 624, (1u << 20) + 3, 0},   {3000, 224, (1u << 21) + 1, 0},
        /* the warp-scope kernels: several rounds of new words a stream (> 1344 / 1536 words),
         * 16-byte stores (C % 4 == 0) with runs shorter and longer than a round, the scalar
         * path after a partly consumed state (offset 3: p % 4 != 0), more streams than resident
         * warps */
        {7, 8, 7 * 5000 + 4, 0}, {5, 624, 5 * 6001, 3}, {11, 2496, 11 * 9000 + 1, 1}, {4000, 1248, (1u << 22) + 8, 0},
    };
    size_t nj = sizeof jobs / sizeof jobs[0];
    for (int gen = 0; gen < 2; ++gen) {
#if !CXB_HAVE_MTGP32
        if (gen == G_MTGP)
            break;
#endif
        for (size_t k = 0; k < nj; ++k) {
            uint64_t n = jobs[k][2];
            if (quick && n > 65536)
                n = 65536 + 7;
            check_job(gen, seed + k, jobs[k][0], jobs[k][1], n, jobs[k][3]);
        }
        if (!quick) /* the default jobs at 2^24 */
            check_job(gen, 1234, gen == G_MT ? 1024 : 192, gen == G_MT ? 624 : 256, (uint64_t)1 << 24, 0);
    }
    CHECK_DONE();
}
