# prng.<g>.curandhost: cuRAND's CPU host generators as peer rows (suites/prng/curandhost.c; no
# GPU needed). Both tests skip (77) in a build without libcurand.
cxb_test(prng_curandhost test_prng_curandhost.c)
add_test(NAME prng_curandhost_cli COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_prng_curandhost_cli.sh $<TARGET_FILE:cxbench>)
set_tests_properties(prng_curandhost_cli PROPERTIES SKIP_RETURN_CODE 77)
