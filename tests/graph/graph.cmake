# graph study, shared layer (docs/studies/graph.md): CSR builder, fingerprint, readers and writers,
# and the graph info/convert commands.
cxb_test(graph_build test_graph_build.c)
cxb_test(graph_io test_graph_io.c)
cxb_test(graph_store test_graph_store.c)
add_test(NAME graph_cli COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_graph_cli.sh $<TARGET_FILE:cxbench>)
add_test(NAME graph_networkx COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_graph_networkx.sh $<TARGET_FILE:cxbench>)
set_tests_properties(graph_cli graph_networkx PROPERTIES SKIP_RETURN_CODE 77)
