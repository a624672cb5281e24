# prng study: known answers, float = integer form, cross-backend identity (docs/studies/prng.md).
cxb_test(prng_lf24_kat test_lf24_kat.c)
cxb_test(prng_lf24_float_int test_lf24_float_int.c)
cxb_test(prng_lf24_cross_backend test_lf24_cross_backend.c)
# the prng command as users and scripts see it (docs/studies/prng.md)
add_test(NAME prng_cli COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_prng_cli.sh $<TARGET_FILE:cxbench>)
set_tests_properties(prng_cli PROPERTIES SKIP_RETURN_CODE 77)
