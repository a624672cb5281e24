# clustering study: the graph clustering command line (output keys on the karate club, --per-vertex
# through the one output path, exit codes 1/2/3, --help) and the runner; the Python oracle
# (networkx and igraph with Debian's interpreter; skipped without them).
add_test(NAME clustering_cli COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_clustering_cli.sh $<TARGET_FILE:cxbench>)
add_test(NAME clustering_oracle COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_clustering_oracle.sh $<TARGET_FILE:cxbench>)
set_tests_properties(clustering_cli clustering_oracle PROPERTIES SKIP_RETURN_CODE 77)
