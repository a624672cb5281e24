/* scripts/experiments/timing_protocol.cu - a design experiment, not a benchmark of record: how
 * much of a bulk kernel's event-timed sample is the kernel, under the harness's timing protocol
 * and under others. Seen in the result sets of 2026-11-24: every bulk row's time at 2^28 and
 * 2^29 fits t = a + n / r with a = 30-40 us (Philox, Threefry, TinyMT32, the store kernel),
 * and r at the HBM3 write peak; the intercept a is 8-10% of a 2^28 sample.
 *
 * Protocols, each timed with a CUDA event pair around one launch (median of REPS):
 *   P1 the harness before this experiment: a 5 ms spin on every SM, device synchronize, then
 *      (host) record start, launch, record stop - the GPU idles while the host launches;
 *   P2 the spin enqueued on the timed stream itself, then start, launch, stop: the start
 *      event and the launch are queued behind the spin, the kernel starts the moment the
 *      start event is recorded;
 *   P3 back to back: an untimed launch, then start, launch, stop (no host sync between);
 *   P4 ten launches between one event pair, divided by ten.
 * Kernels: a store-only kernel (uint4 per thread per iteration, the ceiling), Philox4x32-10
 * and Threefry4x32-20 blocks (cxb_bulk_block4_*, as impl_cuda/prng/bulk.cu's
 * bulk_store_blocks), cuRAND's Philox (DYNAMIC ordering) through the host API.
 *   nvcc -O3 -arch=sm_90 -std=c++17 -Iinclude -Ibuild-gpu/generated \
 *        scripts/experiments/timing_protocol.cu -lcurand -o /tmp/tp && /tmp/tp
 */
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
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

static __global__ void spin(uint64_t ns)
{
    uint64_t t0, t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
    do {
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    } while (t - t0 < ns);
}

template <int V>
__global__ void __launch_bounds__(256) k(uint4 *__restrict__ out, uint64_t nb, uint64_t seed)
{
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    uint64_t q = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    for (; q < nb; q += stride) {
        uint32_t w[4] = {(uint32_t)q, 1u, 2u, 3u};
        if (V == 1)
            cxb_bulk_block4_philox4x32(seed, 0, q, w);
        if (V == 2)
            cxb_bulk_block4_threefry4x32(seed, 0, q, w);
        out[q] = make_uint4(w[0], w[1], w[2], w[3]);
    }
}

static const int REPS = 25;
static const uint64_t SPIN_NS = 5000000;

static float median(std::vector<float> t)
{
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

static float timed(int proto, const std::function<void()> &launch, cudaStream_t s, unsigned sms)
{
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    std::vector<float> t;
    launch();
    CK(cudaStreamSynchronize(s));
    for (int r = 0; r < REPS; ++r) {
        if (proto == 1) {
            spin<<<sms * 4, 128>>>(SPIN_NS);
            CK(cudaDeviceSynchronize());
        } else if (proto == 2) {
            spin<<<sms * 4, 128, 0, s>>>(SPIN_NS);
        } else if (proto == 3) {
            launch();
        }
        CK(cudaEventRecord(a, s));
        for (int i = 0; i < (proto == 4 ? 10 : 1); ++i)
            launch();
        CK(cudaEventRecord(b, s));
        CK(cudaEventSynchronize(b));
        float ms;
        CK(cudaEventElapsedTime(&ms, a, b));
        t.push_back(proto == 4 ? ms / 10 : ms);
    }
    CK(cudaGetLastError());
    CK(cudaEventDestroy(a));
    CK(cudaEventDestroy(b));
    return median(t);
}

int main()
{
    int sms = 0;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    cudaStream_t s;
    CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    const uint64_t nmax = 1ull << 29, seed = 1234;
    uint4 *d;
    CK(cudaMalloc(&d, nmax * 4));
    curandGenerator_t g;
    if (curandCreateGenerator(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10) != CURAND_STATUS_SUCCESS ||
        curandSetStream(g, s) != CURAND_STATUS_SUCCESS || curandSetPseudoRandomGeneratorSeed(g, seed) != CURAND_STATUS_SUCCESS ||
        curandSetGeneratorOrdering(g, CURAND_ORDERING_PSEUDO_DYNAMIC) != CURAND_STATUS_SUCCESS) {
        std::fprintf(stderr, "curand setup failed\n");
        return 1;
    }
    const char *names[] = {"store", "philox", "threefry", "curand-philox"};
    std::printf("kernel lg2n P1(harness) P2(spin-in-stream) P3(back-to-back) P4(10-launch) [G/s]\n");
    for (int kern = 0; kern < 4; ++kern)
        for (int lg = 24; lg <= 29; ++lg) {
            const uint64_t n = 1ull << lg, nb = n / 4;
            const unsigned grid = (unsigned)sms * 8u;
            std::function<void()> launch;
            switch (kern) {
            case 0: launch = [&] { k<0><<<grid, 256, 0, s>>>(d, nb, seed); }; break;
            case 1: launch = [&] { k<1><<<grid, 256, 0, s>>>(d, nb, seed); }; break;
            case 2: launch = [&] { k<2><<<grid, 256, 0, s>>>(d, nb, seed); }; break;
            default: launch = [&] { curandGenerate(g, (unsigned *)d, n); }; break;
            }
            std::printf("%-14s %2d", names[kern], lg);
            for (int p = 1; p <= 4; ++p) {
                float ms = timed(p, launch, s, (unsigned)sms);
                std::printf("  %8.4f ms %6.1f", ms, n / ms / 1e6);
            }
            std::printf("\n");
            std::fflush(stdout);
        }
    curandDestroyGenerator(g);
    CK(cudaFree(d));
    return 0;
}
