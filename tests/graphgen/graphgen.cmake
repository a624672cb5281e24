# graphgen study, faithful generators (docs/studies/graphgen.md): the alpha-model and Leist's
# BA generator - canonical arithmetic against independent re-implementations, the oracles
# of 7 (caveman at alpha = 1, connected at alpha = 2, invariants), pthreads = seq.
cxb_test(graphgen_faithful test_graphgen_faithful.c)
cxb_test(graphgen_study test_graphgen_study.c)
# CUDA variants against seq (exit 77 without a GPU), and the graph gen alpha:/ba: command line.
cxb_test(graphgen_cuda test_graphgen_cuda.c)
add_test(NAME graphgen_cli COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_graphgen_cli.sh $<TARGET_FILE:cxbench>)
set_tests_properties(graphgen_cli PROPERTIES SKIP_RETURN_CODE 77)
