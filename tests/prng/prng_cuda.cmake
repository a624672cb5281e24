# GPU tests of the prng study (prng.md 10). Built with and without CUDA: without a GPU
# (or without CUDA) they check the "no GPU" answers and exit 77 (skipped).
cxb_test(prng_lf24_cuda test_lf24_cuda.c)
cxb_test(prng_curand_cuda test_curand_cuda.c)
# the pre-sample spin queued on the timed stream (cxb/core/cuda.h, harness "How a sample is timed")
cxb_test(harness_cuda_spin test_cuda_spin.c)
