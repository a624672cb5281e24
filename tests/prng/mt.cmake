# MT19937 and MTGP32 (docs/studies/prng.md): known answers, cuRAND's CPU host generators as
# the oracle (with libcurand; no GPU needed), and the block-scope CUDA kernels (skip without a GPU).
cxb_test(prng_mtgp32_kat test_mtgp32_kat.c)

# cuRAND's CPU host generators as the oracle, as tests/prng/rng_curand.cmake finds libcurand
find_package(CUDAToolkit QUIET)
if(TARGET CUDA::curand)
  cxb_test(prng_mt_curand_host test_mt_curand_host.c)
  target_link_libraries(prng_mt_curand_host PRIVATE CUDA::curand)
else()
  find_library(CXB_CURAND_LIBRARY curand HINTS /usr/local/cuda/lib64 /usr/local/cuda/lib)
  find_path(CXB_CURAND_INCLUDE_DIR curand.h HINTS /usr/local/cuda/include)
  if(CXB_CURAND_LIBRARY AND CXB_CURAND_INCLUDE_DIR)
    cxb_test(prng_mt_curand_host test_mt_curand_host.c)
    target_include_directories(prng_mt_curand_host SYSTEM PRIVATE ${CXB_CURAND_INCLUDE_DIR})
    target_link_libraries(prng_mt_curand_host PRIVATE ${CXB_CURAND_LIBRARY})
  endif()
endif()

# the block-scope kernels against the host cores (built with CUDA, exit 77 without a GPU)
if(CXB_HAVE_CUDA)
  cxb_test(prng_mt_cuda test_mt_cuda.c)
endif()
