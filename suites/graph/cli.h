/* suites/graph/cli.h - the graph layer's commands (cxbench graph info|convert|gen), declared
 * in its descriptor (suites/graph/study.c). argv[0] is the subcommand's name. */
#ifndef CXB_SUITES_GRAPH_CLI_H
#define CXB_SUITES_GRAPH_CLI_H

int cxb_cli_graph_info(int argc, char **argv);
int cxb_cli_graph_convert(int argc, char **argv);
/* The supporting generators here; alpha: and ba: go to the graphgen study's generators. */
int cxb_cli_graph_gen(int argc, char **argv);

#endif
