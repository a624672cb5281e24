/* impl_cpu/prng/no_cuda.c - the CUDA stream-distribution driver when cxbench is built
 * without CUDA (impl_cuda/prng/dist.cu otherwise; CMake drops files named no_cuda.c
 * when CUDA is built): it answers "no GPU", like impl_cpu/common/no_cuda.c. */
#include "cxb/prng/dist.h"

cxb_status cxb_dist_draw_cuda(cxb_dist_plan *plan, unsigned blocks, unsigned threads, uint64_t tasks,
                              uint64_t k, int per_worker, uint32_t *out)
{
    (void)blocks, (void)threads, (void)tasks, (void)k, (void)per_worker, (void)out;
    return cxb_fail(CXB_ERESOURCE, "--dist %s on cuda: cxbench was built without CUDA",
                    cxb_dist_tech_names[plan->tech]);
}
