/* suites/clustering/cli.h - `cxbench graph clustering` (docs/cli.md "graph clustering"), a command
 * of the clustering study's descriptor (suites/clustering/study.c). argv[0] is "clustering". */
#ifndef CXB_SUITES_CLUSTERING_CLI_H
#define CXB_SUITES_CLUSTERING_CLI_H

#include "harness/options.h"

int cxb_cli_graph_clustering(int argc, char **argv);
extern const cxb_form cxb_graph_clustering_forms[];

#endif
