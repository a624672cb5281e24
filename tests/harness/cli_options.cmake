# The option tables of the commands (docs/cli.md "Options"): the parser and the help from one
# table (harness_options), and every command's --help, errors and --impl ids (cli_options).
cxb_test(harness_options test_options.c)
add_test(NAME cli_options COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_cli_options.sh $<TARGET_FILE:cxbench>
         ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_options PROPERTIES SKIP_RETURN_CODE 77)
