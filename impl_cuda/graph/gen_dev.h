/* impl_cuda/graph/gen_dev.h - the CUDA generators of impl_cuda/graph/gen.cu leaving their tuples
 * in device memory, for the device CSR (impl_cuda/graph/dcsr.cu, docs/studies/graph.md "Graphs on
 * the GPU"). Included by .cu files only. */
#ifndef CXB_IMPL_CUDA_GRAPH_GEN_DEV_H
#define CXB_IMPL_CUDA_GRAPH_GEN_DEV_H

#include <stdint.h>

#include "cxb/graph/gen.h"

/* The tuples of s (those of cxb_generate_seq, in the same order) in *d_key[0 .. *count), a
 * cudaMalloc'ed buffer of *room >= factor * count keys the caller frees; all work on o->stream
 * (o may be NULL: default launch shape and stream). *gen_ms is the device time of the generation
 * as cxb_generate_cuda reports it, except for gnm: all its rounds with their sorts and dedups
 * (cxb_generate_cuda: round 0's draws). gnm's complement path (at most 2^32 pairs) and ws's
 * rewiring run on the host, and their tuples are uploaded. */
cxb_status cxb_gen_cuda_device(const cxb_gen_spec *s, const cxb_gen_cuda_opts *o, uint64_t factor,
                               uint64_t **d_key, uint64_t *count, uint64_t *room, float *gen_ms);

#endif
