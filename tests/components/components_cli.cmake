# components study: the graph components command line (output keys, --labels through the one
# output path, exit codes 1/2/3, --help) and the runner; the Python oracle (networkx and igraph
# with Debian's interpreter; skipped without them).
add_test(NAME components_cli COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_components_cli.sh $<TARGET_FILE:cxbench>)
add_test(NAME components_oracle COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_components_oracle.sh $<TARGET_FILE:cxbench>)
set_tests_properties(components_cli components_oracle PROPERTIES SKIP_RETURN_CODE 77)
