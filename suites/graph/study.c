/* suites/graph/study.c - the graph layer as a study of the registry: the library every
 * graph study uses (types, CSR, the SNAP / Matrix Market / .cxg readers and writers, the
 * supporting generators; docs/studies/graph.md) and its commands. It has no timed rows of
 * its own: its fast generators are timed as rows of the graphgen study (graphgen.gnm.*,
 * graphgen.rmat.*, ...), and the graph studies (components, clustering, propagation) add
 * their commands under `cxbench graph` from their own descriptors. */
#include "harness/registry.h"
#include "suites/graph/cli.h"

static const cxb_command graph_commands[] = {
    {"graph info", cxb_cli_graph_info, cxb_graph_info_forms,
     "a graph file's summary: vertices, edges, degrees, removed loops and duplicates, fingerprint", NULL},
    {"graph convert", cxb_cli_graph_convert, cxb_graph_convert_forms,
     "convert between SNAP edge lists, Matrix Market and the .cxg binary cache", NULL},
    {"graph gen", cxb_cli_graph_gen, cxb_graph_gen_forms,
     "generate a graph with a supporting or a faithful (Leist ch. 5) generator", cxb_graph_gen_help},
};

const cxb_study cxb_study_graph = {
    .name = "graph",
    .summary = "the graph layer: formats, CSR and generators (rows: see graphgen)",
    .commands = graph_commands,
    .ncommands = sizeof graph_commands / sizeof graph_commands[0],
};
