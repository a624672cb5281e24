# `cxbench --help` against the generator list, the parsed flags and docs/cli.md (its commands,
# usage blocks and flags).
add_test(NAME cli_help COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_cli_help.sh $<TARGET_FILE:cxbench>
         ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_help PROPERTIES SKIP_RETURN_CODE 77)
add_test(NAME cli_machine_name COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_cli_machine_name.sh
         $<TARGET_FILE:cxbench>)
set_tests_properties(cli_machine_name PROPERTIES SKIP_RETURN_CODE 77)
