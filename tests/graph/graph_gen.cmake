# graph study, supporting generators (docs/studies/graph.md): the keyed draw,
# line/ring/lattice/gnm/gnp exact counts and edge cases, seq == pthreads at 1/2/3/8
# threads, gnp's edge count within 5 sigma, and the graph gen command line.
cxb_test(graph_gen test_graph_gen.c)
add_test(NAME graph_gen_cli COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_graph_gen.sh $<TARGET_FILE:cxbench>)
add_test(NAME graph_gen_networkx COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_graph_gen_networkx.sh $<TARGET_FILE:cxbench>)
set_tests_properties(graph_gen_cli graph_gen_networkx PROPERTIES SKIP_RETURN_CODE 77)
# ws, wsfast, nw, disjoint, rmat, kron, bacopy (docs/studies/graph.md): exact counts, model
# oracles, statistics, seq == pthreads at 1/2/3/8 threads
cxb_test(graph_gen_models test_graph_gen_models.c)
add_test(NAME graph_gen_spec COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_graph_gen_spec.sh $<TARGET_FILE:cxbench>)
set_tests_properties(graph_gen_spec PROPERTIES SKIP_RETURN_CODE 77)
add_test(NAME graph_gen_models_cli COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_graph_gen_models.sh $<TARGET_FILE:cxbench>)
set_tests_properties(graph_gen_models_cli PROPERTIES SKIP_RETURN_CODE 77)
add_test(NAME graph_gen_models_networkx COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_graph_gen_models_networkx.sh $<TARGET_FILE:cxbench>)
set_tests_properties(graph_gen_models_networkx PROPERTIES SKIP_RETURN_CODE 77)
