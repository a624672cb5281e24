/* impl_cpu/common/no_cuda_blockscope.c - the block-scope launchers of cxb/prng/blockscope.h
 * for a build without CUDA: they answer "built without CUDA". CMakeLists.txt compiles this
 * file exactly when impl_cuda/ is left out. */
#include "cxb/prng/blockscope.h"

cxb_status cxb_bulk_cuda_mt19937(const cxb_bulk_job *job, const void *d_states, uint32_t *d_out,
                                 struct CUstream_st *stream)
{
    (void)job, (void)d_states, (void)d_out, (void)stream;
    return cxb_fail(CXB_ERESOURCE, "prng.mt19937.cuda: built without CUDA");
}

cxb_status cxb_bulk_cuda_mtgp32(const cxb_bulk_job *job, const void *d_states, uint32_t *d_out,
                                struct CUstream_st *stream)
{
    (void)job, (void)d_states, (void)d_out, (void)stream;
    return cxb_fail(CXB_ERESOURCE, "prng.mtgp32.cuda: built without CUDA");
}
