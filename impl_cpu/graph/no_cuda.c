/* impl_cpu/graph/no_cuda.c - cxb_generate_cuda (include/cxb/graph/gen.h) for a build
 * without CUDA: it answers "no GPU" like impl_cpu/common/no_cuda.c. CMakeLists.txt
 * compiles files named no_cuda.c only when CUDA is OFF; impl_cuda/graph/gen.cu is the
 * real one. */
#include "cxb/graph/gen.h"

cxb_status cxb_generate_cuda(const cxb_gen_spec *s, cxb_gen_cuda_opts *o, cxb_edges *out)
{
    (void)o;
    cxb_edges_init(out);
    return cxb_fail(CXB_ERESOURCE, "graphgen.%s.cuda: no CUDA device found (built without CUDA)",
                    cxb_gen_model_name(s->model));
}
