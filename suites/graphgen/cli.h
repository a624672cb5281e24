/* suites/graphgen/cli.h - `cxbench graph gen alpha:...|ba:...`: Leist's faithful generators
 * from the command line (cli.c); the graph layer's `graph gen` hands these models over. */
#ifndef CXB_SUITES_GRAPHGEN_CLI_H
#define CXB_SUITES_GRAPHGEN_CLI_H

int cxb_cli_graphgen_gen(int argc, char **argv);

#endif
