# make bench (docs/cli.md, bench): the registry's quick presets give every host series enough
# points to fit without a GPU; `cxbench bench` takes its studies from the registry.
cxb_test(harness_bench_presets test_bench_presets.c)
add_test(NAME harness_bench COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_bench.sh $<TARGET_FILE:cxbench>
         ${CMAKE_SOURCE_DIR})
set_tests_properties(harness_bench PROPERTIES SKIP_RETURN_CODE 77)
