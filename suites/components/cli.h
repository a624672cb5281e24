/* suites/components/cli.h - `cxbench graph components` (docs/cli.md "graph components"), a command
 * of the components study's descriptor (suites/components/study.c). argv[0] is "components". */
#ifndef CXB_SUITES_COMPONENTS_CLI_H
#define CXB_SUITES_COMPONENTS_CLI_H

#include "harness/options.h"

int cxb_cli_graph_components(int argc, char **argv);
extern const cxb_form cxb_graph_components_forms[];

#endif
