/* scripts/experiments/philox_store.cu - a design experiment, not a benchmark of record: which
 * store pattern lets the counter-based bulk kernel (impl_cuda/prng/bulk.cu, bulk_store_blocks)
 * close the last 3-4% to cuRAND's Philox at 2^28 uint32 on an H100. Variants of the same
 * Philox4x32-10 output (cxb_bulk_block4_philox4x32, checked against variant 0 word for word),
 * timed with CUDA events beside cuRAND's DYNAMIC-ordering generator in the same process;
 * the chosen variant is then measured with the harness (`cxbench run prng`).
 *   nvcc -O3 -arch=sm_90 -std=c++17 -Iinclude -Ibuild-gpu/generated scripts/experiments/philox_store.cu -lcurand
 *   ./a.out [log2 n]
 */
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <curand.h>

#include "cxb/prng/gen_core.h"

#define CK(x)                                                                                        \
    do {                                                                                             \
        cudaError_t e_ = (x);                                                                        \
        if (e_ != cudaSuccess) {                                                                     \
            std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));        \
            std::exit(1);                                                                            \
        }                                                                                            \
    } while (0)

static __device__ __forceinline__ uint4 blk(uint64_t seed, uint64_t b)
{
    uint32_t w[4];
    cxb_bulk_block4_philox4x32(seed, 0, b, w);
    return make_uint4(w[0], w[1], w[2], w[3]);
}

template <int V>
__global__ void __launch_bounds__(256) k(uint4 *__restrict__ out, uint64_t nb, uint64_t seed)
{
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    uint64_t q = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (V == 0) { /* the current kernel: one block per iteration, write-back store */
        for (; q < nb; q += stride)
            out[q] = blk(seed, q);
    } else if (V == 1) { /* streaming (evict-first) store */
        for (; q < nb; q += stride)
            __stcs(out + q, blk(seed, q));
    } else if (V == 2) { /* two independent blocks per iteration (ILP) */
        for (; q + stride < nb; q += 2 * stride) {
            uint4 a = blk(seed, q), b = blk(seed, q + stride);
            out[q] = a;
            out[q + stride] = b;
        }
        if (q < nb)
            out[q] = blk(seed, q);
    } else if (V == 3) { /* store only (the ceiling of this launch shape) */
        for (; q < nb; q += stride)
            out[q] = make_uint4((uint32_t)q, 1, 2, 3);
    } else if (V == 4) { /* store only, streaming */
        for (; q < nb; q += stride)
            __stcs(out + q, make_uint4((uint32_t)q, 1, 2, 3));
    }
}

template <typename F>
static float median_ms(F launch, cudaStream_t s, int reps)
{
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    std::vector<float> t;
    launch(); /* warm-up */
    CK(cudaStreamSynchronize(s));
    for (int r = 0; r < reps; ++r) {
        CK(cudaEventRecord(a, s));
        launch();
        CK(cudaEventRecord(b, s));
        CK(cudaEventSynchronize(b));
        float ms;
        CK(cudaEventElapsedTime(&ms, a, b));
        t.push_back(ms);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

int main(int argc, char **argv)
{
    int lg = argc > 1 ? std::atoi(argv[1]) : 28;
    uint64_t n = 1ull << lg, nb = n / 4, seed = 1234;
    int sms = 0;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    cudaStream_t s;
    CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    uint4 *d, *ref;
    CK(cudaMalloc(&d, n * 4));
    CK(cudaMalloc(&ref, n * 4));
    k<0><<<sms * 256, 256, 0, s>>>(ref, nb, seed);
    CK(cudaStreamSynchronize(s));
    std::vector<uint32_t> h(n), hr(n);
    CK(cudaMemcpy(hr.data(), ref, n * 4, cudaMemcpyDeviceToHost));
    curandGenerator_t g;
    curandCreateGenerator(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10);
    curandSetStream(g, s);
    curandSetPseudoRandomGeneratorSeed(g, seed);
    curandSetGeneratorOrdering(g, CURAND_ORDERING_PSEUDO_DYNAMIC);
    const int reps = 30;
    float cur = median_ms([&] { curandGenerate(g, (unsigned *)d, n); }, s, reps);
    std::printf("n = 2^%d: curand DYNAMIC %.4f ms %.1f G/s\n", lg, cur, n / cur / 1e6);
    const int spms[] = {8, 16, 64, 256, 512};
    for (int v = 0; v < 5; ++v)
        for (int spm : spms) {
            unsigned grid = (unsigned)(sms * spm);
            float ms = 0;
            switch (v) {
            case 0: ms = median_ms([&] { k<0><<<grid, 256, 0, s>>>(d, nb, seed); }, s, reps); break;
            case 1: ms = median_ms([&] { k<1><<<grid, 256, 0, s>>>(d, nb, seed); }, s, reps); break;
            case 2: ms = median_ms([&] { k<2><<<grid, 256, 0, s>>>(d, nb, seed); }, s, reps); break;
            case 3: ms = median_ms([&] { k<3><<<grid, 256, 0, s>>>(d, nb, seed); }, s, reps); break;
            case 4: ms = median_ms([&] { k<4><<<grid, 256, 0, s>>>(d, nb, seed); }, s, reps); break;
            }
            CK(cudaGetLastError());
            const char *same = "";
            if (v <= 2) {
                CK(cudaMemcpy(h.data(), d, n * 4, cudaMemcpyDeviceToHost));
                same = h == hr ? " (same words)" : " (DIFFERENT WORDS)";
            }
            std::printf("variant %d spm %4d: %.4f ms %.1f G/s  %.3f x curand%s\n", v, spm, ms, n / ms / 1e6,
                        cur / ms, same);
        }
    /* cuRAND again, after, to see drift */
    cur = median_ms([&] { curandGenerate(g, (unsigned *)d, n); }, s, reps);
    std::printf("curand DYNAMIC again %.4f ms %.1f G/s\n", cur, n / cur / 1e6);
    return 0;
}
