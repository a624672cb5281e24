# Reliability of the harness (harness/atomic.h, harness/cleanup.h): the one output path,
# nothing left behind on signals or after a killed process, exit codes as documented, and
# verdicts that know noise.
cxb_test(harness_reliability test_reliability.c)
foreach(t output_path signals exit_codes)
  add_test(NAME harness_${t} COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_${t}.sh
           $<TARGET_FILE:cxbench>)
  set_tests_properties(harness_${t} PROPERTIES SKIP_RETURN_CODE 77)
endforeach()
# The order of work per point: the warm-up, when the verified run stands in for it, and --stop-after.
cxb_test(harness_runner_order test_runner_order.c)
