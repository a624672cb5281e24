# Stream distribution for TinyMT32/MTGP32 parameter sets, the NR3 generators and Ranhash
# (docs/studies/prng.md), and `--dc FILE` on the command line.
cxb_test(prng_dist_params test_dist_params.c)
add_test(NAME prng_dist_params_cli COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_dist_params_cli.sh $<TARGET_FILE:cxbench>)
set_tests_properties(prng_dist_params_cli PROPERTIES SKIP_RETURN_CODE 77)
