/* suites/graphgen/cli.h - `cxbench graph gen alpha:...|ba:...`: Leist's faithful generators
 * from the command line (cli.c); the graph layer's `graph gen` hands these models over. */
#ifndef CXB_SUITES_GRAPHGEN_CLI_H
#define CXB_SUITES_GRAPHGEN_CLI_H

#include "harness/options.h"

int cxb_cli_graphgen_gen(int argc, char **argv);
/* Its options (a cxb_graph_gen_args, suites/graph/cli.h): graph gen's alpha: and ba: forms. */
extern const cxb_option cxb_graphgen_gen_options[];

#endif
