# Stream initialisation, jump tables and jump cost (prng.md 3.3, 3.6, 4, 6.5, 6.7, 8.3 G4).
# jump.h against stepping, the cores and RngStreams (CPU)
cxb_test(prng_jump test_prng_jump.c)
# GPU initialisation = curand_init for every thread (skips without a GPU)
cxb_test(prng_init_cuda test_prng_init_cuda.c)
# the jump-cost rows through the harness (CPU)
add_test(NAME prng_jump_cli COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_prng_jump_cli.sh $<TARGET_FILE:cxbench>)
set_tests_properties(prng_jump_cli PROPERTIES SKIP_RETURN_CODE 77)
