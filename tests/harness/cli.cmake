# The command line as users and scripts see it (docs/method.md: harness_cli, harness_atomic).
add_test(NAME harness_cli COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_cli.sh $<TARGET_FILE:cxbench>)
add_test(NAME harness_atomic COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_atomic.sh $<TARGET_FILE:cxbench>)
# the library as an outside program uses it: installed, found with pkg-config, linked, run
# (not in sanitizer builds: an outside program linked without -fsanitize cannot use them)
add_test(NAME harness_report COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_report.sh $<TARGET_FILE:cxbench>)
# provenance's git object names the tree as the run started (a commit during the run is not it)
add_test(NAME harness_provenance_git COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_provenance_git.sh $<TARGET_FILE:cxbench>)
set_tests_properties(harness_cli harness_atomic harness_report harness_provenance_git PROPERTIES SKIP_RETURN_CODE 77)
if(CXB_SANITIZE STREQUAL "")
  add_test(NAME install_consumer COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_install.sh ${CMAKE_BINARY_DIR})
  set_tests_properties(install_consumer PROPERTIES SKIP_RETURN_CODE 77)
endif()
# the committed results/ as a user meets them: the report's links and verdicts, and
# `make figures` (plot --all from each machine's INDEX.md) removing nothing
add_test(NAME results_report_links COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_results_committed.sh
         $<TARGET_FILE:cxbench> ${PROJECT_SOURCE_DIR} report)
add_test(NAME results_plot_keeps COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_results_committed.sh
         $<TARGET_FILE:cxbench> ${PROJECT_SOURCE_DIR} plot)
set_tests_properties(results_report_links results_plot_keeps PROPERTIES SKIP_RETURN_CODE 77)
