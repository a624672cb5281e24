/* impl_cpu/graphgen/no_cuda.c - cxb/graphgen/cuda.h for a build without CUDA: every call
 * answers "built without CUDA" (CMakeLists.txt drops every file named no_cuda.c when CUDA is on). */
#include <string.h>

#include "cxb/graphgen/cuda.h"

cxb_status cxb_alpha_cuda(const cxb_alpha_params *p, cxb_gg_variant v, cxb_adjlists *out,
                          cxb_gg_cuda_stats *stats)
{
    (void)p;
    (void)v;
    memset(out, 0, sizeof *out);
    memset(stats, 0, sizeof *stats);
    return cxb_fail(CXB_ERESOURCE, "graphgen.alpha: built without CUDA");
}

cxb_status cxb_ba_cuda(const cxb_ba_params *p, cxb_gg_variant v, cxb_adjlists *out,
                       cxb_gg_cuda_stats *stats)
{
    (void)p;
    (void)v;
    memset(out, 0, sizeof *out);
    memset(stats, 0, sizeof *stats);
    return cxb_fail(CXB_ERESOURCE, "graphgen.ba: built without CUDA");
}
