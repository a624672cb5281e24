# The harness's own maths (docs/method.md): statistics, the log-log fit and derived files,
# the regression comparison and its exit codes. The CLI entry points live outside the
# library (CMakeLists.txt), so the tests that call them compile them in.
cxb_test(harness_stats test_stats.c)
cxb_test(harness_params test_params.c)
cxb_test(harness_fit test_fit.c ${CMAKE_SOURCE_DIR}/harness/cli_fit.c)
cxb_test(harness_compare test_compare.c ${CMAKE_SOURCE_DIR}/harness/cli_compare.c)
