/* suites/graph/cli.h - the graph layer's commands (cxbench graph info|convert|gen), declared
 * in its descriptor (suites/graph/study.c). argv[0] is the subcommand's name. */
#ifndef CXB_SUITES_GRAPH_CLI_H
#define CXB_SUITES_GRAPH_CLI_H

#include <stdio.h>

#include <stdint.h>

#include "cxb/graph/graph.h"
#include "harness/options.h"

int cxb_cli_graph_info(int argc, char **argv);
int cxb_cli_graph_convert(int argc, char **argv);
/* The supporting generators here; alpha: and ba: go to the graphgen study's generators. */
int cxb_cli_graph_gen(int argc, char **argv);
/* Their synopses and options (harness/options.h); graph gen's --help lists the models. */
extern const cxb_form cxb_graph_info_forms[], cxb_graph_convert_forms[], cxb_graph_gen_forms[];
void cxb_graph_gen_help(FILE *out);

/* The options of graph gen, shared by the supporting generators (cli.c) and the faithful
 * ones (suites/graphgen/cli.c). */
typedef struct cxb_graph_gen_args {
    const char *impl, *out;
    uint64_t threads;
    cxb_graph_format format; /* AUTO: from --out's extension */
    int multigraph, quiet, verify;
} cxb_graph_gen_args;

/* --format snap|mtx|cxg|egr into a cxb_graph_format. */
cxb_status cxb_graph_format_opt(const char *where, const char *text, void *dest);

#define CXB_GRAPH_GEN_OPTIONS                                                                                      \
    CXB_OPT_COUNT("--threads", "T", "pthreads workers (default: the cores)", cxb_graph_gen_args, threads, 1, 4096, \
                  0),                                                                                              \
    CXB_OPT_STRING("--out", "FILE", "write the graph (nothing is written on any error)", cxb_graph_gen_args, out,  \
                   0),                                                                                             \
    CXB_OPT_PARSE("--format", "snap|mtx|cxg|egr", "FILE's format (default: from its extension)",                  \
                  cxb_graph_gen_args, format, cxb_graph_format_opt, 0),                                            \
    CXB_OPT_SWITCH("--quiet", "no time_ms and phase_ms lines", cxb_graph_gen_args, quiet, 0)

#endif
