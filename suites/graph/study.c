/* suites/graph/study.c - the graph layer as a study of the registry: the library every
 * graph study uses (types, CSR, the SNAP / Matrix Market / .cxg readers and writers, the
 * supporting generators; docs/studies/graph.md) and its commands. It has no timed rows of
 * its own: its fast generators are timed as rows of the graphgen study (graphgen.gnm.*,
 * graphgen.rmat.*, ...), and the graph studies (components, clustering, propagation) add
 * their commands under `cxbench graph` from their own descriptors. */
#include "harness/registry.h"
#include "suites/graph/cli.h"

static const cxb_command graph_commands[] = {
    {"graph info", cxb_cli_graph_info,
     "graph info IN [--format F] [--ids asis|compact] [--n N] [--multigraph] [--check] [--quiet]",
     "a graph file's summary: vertices, edges, degrees, removed loops and duplicates, fingerprint", NULL},
    {"graph convert", cxb_cli_graph_convert,
     "graph convert IN OUT [--format F] [--ids asis|compact] [--n N] [--multigraph] [--quiet]",
     "convert between SNAP edge lists, Matrix Market and the .cxg binary cache", NULL},
    {"graph gen", cxb_cli_graph_gen,
     "graph gen MODEL:k=v,... [--impl ID] [--threads T] [--out FILE] [--format F] [--multigraph] [--quiet]\n"
     "                  MODEL: line, ring, lattice, gnm, gnp, ws, wsfast, nw, disjoint, rmat, kron, bacopy\n"
     "  cxbench graph gen alpha:n=N,k=K,alpha=A[,seed=S][,x=auto|X][,reduce=canonical][,heap_mb=H]\n"
     "                  [--impl graphgen.alpha.{seq|pthreads|cuda1|cuda2}] [--threads T] [--verify] [--out FILE]\n"
     "  cxbench graph gen ba:n=N,m=M[,n0=N0][,seed=S][,x=auto|X][,heap_mb=H] [--impl graphgen.ba.{...}] ...",
     "generate a graph with a supporting or a faithful (Leist ch. 5) generator", NULL},
};

const cxb_study cxb_study_graph = {
    .name = "graph",
    .summary = "the graph layer: formats, CSR and generators (rows: see graphgen)",
    .commands = graph_commands,
    .ncommands = sizeof graph_commands / sizeof graph_commands[0],
};
