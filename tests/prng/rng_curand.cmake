# XORWOW and MRG32k3a as cuRAND defines them (docs/studies/prng.md)

# the device-API oracle table (measured on an H100) and the jump properties; no GPU needed
cxb_test(prng_rng_curand_device test_rng_curand_device.c)

# cuRAND's CPU host generators as the oracle (no GPU needed; docs/studies/prng.md); only with libcurand.
# The test itself skips (77) if the host generator cannot be created at run time.
find_package(CUDAToolkit QUIET)
if(TARGET CUDA::curand)
  cxb_test(prng_rng_curand_host test_rng_curand_host.c)
  target_link_libraries(prng_rng_curand_host PRIVATE CUDA::curand)
else()
  find_library(CXB_CURAND_LIBRARY curand HINTS /usr/local/cuda/lib64 /usr/local/cuda/lib)
  find_path(CXB_CURAND_INCLUDE_DIR curand.h HINTS /usr/local/cuda/include)
  if(CXB_CURAND_LIBRARY AND CXB_CURAND_INCLUDE_DIR)
    cxb_test(prng_rng_curand_host test_rng_curand_host.c)
    target_include_directories(prng_rng_curand_host SYSTEM PRIVATE ${CXB_CURAND_INCLUDE_DIR})
    target_link_libraries(prng_rng_curand_host PRIVATE ${CXB_CURAND_LIBRARY})
  else()
    message(STATUS "cxbench: libcurand not found - prng_rng_curand_host not built")
  endif()
endif()
