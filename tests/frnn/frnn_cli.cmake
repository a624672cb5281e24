# frnn study: the cxbench frnn command line (docs/cli.md "frnn"): gen | frnn equals a run on the
# file, byte-identical outputs across backends, thread counts and query variants, --check, the
# malformed points files (one error line naming FILE:LINE, exit 2, no output file), the bin cap,
# CUDA rows without a GPU (exit 3) and with one (equal to seq), and `cxbench run frnn`.
add_test(NAME frnn_cli COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_frnn_cli.sh $<TARGET_FILE:cxbench>)
set_tests_properties(frnn_cli PROPERTIES SKIP_RETURN_CODE 77)
