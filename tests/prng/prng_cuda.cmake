# GPU tests of the prng study (docs/studies/prng.md). They call impl_cuda/'s functions, so they are built
# only with CUDA (cuRAND's only with libcurand); without a GPU they check the "no GPU" answers
# and exit 77 (skipped).
if(CXB_HAVE_CUDA)
  cxb_test(prng_lf24_cuda test_lf24_cuda.c)
  # the pre-sample spin queued on the timed stream (cxb/core/cuda.h, harness "How a sample is timed")
  cxb_test(harness_cuda_spin test_cuda_spin.c)
endif()
if(CXB_HAVE_CURAND)
  cxb_test(prng_curand_cuda test_curand_cuda.c)
endif()
