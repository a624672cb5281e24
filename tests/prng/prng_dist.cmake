# Stream distribution (docs/studies/prng.md): usage rules, the four requirements, the
# reproducibility matrix, the uint32 source of `cxbench prng --dist/--interleave`.
cxb_test(prng_dist_rules test_dist_rules.c)
cxb_test(prng_dist_requirements test_dist_requirements.c)
cxb_test(prng_dist_cuda test_dist_cuda.c)
cxb_test(prng_repro_decomposition test_repro_decomposition.c)
add_test(NAME prng_repro_cli COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_repro_cli.sh $<TARGET_FILE:cxbench>)
set_tests_properties(prng_repro_cli PROPERTIES SKIP_RETURN_CODE 77)
cxb_test(prng_source test_prng_source.c)
