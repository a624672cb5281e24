# prng.<g>.curandhost: cuRAND's CPU host generators as peer rows (impl_cuda/prng/curand/; no
# GPU needed). The C test is built only with libcurand; the CLI test skips (77) without it.
if(CXB_HAVE_CURAND)
  cxb_test(prng_curandhost test_prng_curandhost.c)
endif()
add_test(NAME prng_curandhost_cli COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_prng_curandhost_cli.sh $<TARGET_FILE:cxbench>)
set_tests_properties(prng_curandhost_cli PROPERTIES SKIP_RETURN_CODE 77)
