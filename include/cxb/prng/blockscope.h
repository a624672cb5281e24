/* cxb/prng/blockscope.h - bulk generation with the block-scope generators (docs/studies/prng.md: one
 * state per thread block, in shared memory): MT19937 and MTGP32. Implemented in
 * impl_cuda/prng/mt19937.cu and impl_cuda/prng/mtgp32.cu, built only with CUDA (called only
 * from impl_cuda/prng/bulk.cu and the CUDA tests).
 *
 * The contract with the generic bulk driver (cxb/prng/bulk.h): the driver computes the
 * job->streams initial states on the host with cxb_g_init(seed, s, 0), uploads them to
 * d_states, and calls the launcher, which writes the job's n outputs to d_out (device memory,
 * 16-byte aligned) in the bulk layout: output i is output p of stream s (cxb_bulk_where). The
 * kernels never modify d_states, so every sample restarts from the same states. Any
 * (S >= 1, C >= 1, n) is correct; the generator's default chunk of CXB_RNG_LIST (mt19937: 624,
 * mtgp32: 256) is the fast one. The launch is asynchronous on `stream`; launch errors are
 * returned, execution errors surface at the caller's next synchronisation.
 */
#ifndef CXB_PRNG_BLOCKSCOPE_H
#define CXB_PRNG_BLOCKSCOPE_H

#include <stdint.h>

#include "cxb/prng/bulk.h"
#include "cxb/core/status.h"

#ifdef __cplusplus
extern "C" {
#endif

struct CUstream_st; /* cudaStream_t, without the CUDA headers */

/* d_states: job->streams cxb_mt19937_state (cxb/rng/mt19937.h) */
cxb_status cxb_bulk_cuda_mt19937(const cxb_bulk_job *job, const void *d_states, uint32_t *d_out,
                                 struct CUstream_st *stream);
/* d_states: job->streams cxb_mtgp32_state (cxb/rng/mtgp32.h, parameters included) */
cxb_status cxb_bulk_cuda_mtgp32(const cxb_bulk_job *job, const void *d_states, uint32_t *d_out,
                                struct CUstream_st *stream);

#ifdef __cplusplus
}
#endif

#endif
