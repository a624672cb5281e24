/* impl_cpu/graph/formats.h - the per-format writers behind cxb_graph_write_stream.
 * Internal to impl_cpu/graph. */
#ifndef CXB_IMPL_CPU_GRAPH_FORMATS_H
#define CXB_IMPL_CPU_GRAPH_FORMATS_H

#include <stdio.h>

#include "cxb/graph/graph.h"

cxb_status cxb_cxg_write_stream(FILE *f, const char *name, const cxb_csr *g,
                                const cxb_graph_origin *origin);

#endif
