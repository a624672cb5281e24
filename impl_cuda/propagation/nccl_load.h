/* impl_cuda/propagation/nccl_load.h - NCCL opened at run time (dlopen), not linked: the library
 * is about 200 MB of address space that every cxbench process would map (a `ulimit -v` run of an
 * unrelated command fails to start), and a binary built with NCCL keeps running where the library
 * is absent. The NCCL schemes call through cxb_nccl(); until the library is found every entry
 * returns ncclSystemError and ncclGetErrorString says why (docs/studies/propagation.md, "Several
 * GPUs"). Include after <nccl.h>. */
#ifndef CXB_IMPL_CUDA_PROPAGATION_NCCL_LOAD_H
#define CXB_IMPL_CUDA_PROPAGATION_NCCL_LOAD_H

#include <nccl.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cxb_nccl_api {
    ncclResult_t (*CommInitAll)(ncclComm_t *comms, int ndev, const int *devlist);
    ncclResult_t (*CommDestroy)(ncclComm_t comm);
    const char *(*GetErrorString)(ncclResult_t result);
    ncclResult_t (*GroupStart)(void);
    ncclResult_t (*GroupEnd)(void);
    ncclResult_t (*Send)(const void *buf, size_t count, ncclDataType_t type, int peer, ncclComm_t comm,
                         cudaStream_t stream);
    ncclResult_t (*Recv)(void *buf, size_t count, ncclDataType_t type, int peer, ncclComm_t comm,
                         cudaStream_t stream);
    ncclResult_t (*AllReduce)(const void *send, void *recv, size_t count, ncclDataType_t type, ncclRedOp_t op,
                              ncclComm_t comm, cudaStream_t stream);
} cxb_nccl_api;

/* The entries: the library's once it is opened (the first call tries), else stubs. */
const cxb_nccl_api *cxb_nccl(void);

#ifdef __cplusplus
}
#endif

/* the NCCL names used by the schemes, through the table */
#define ncclCommInitAll(...) (cxb_nccl()->CommInitAll(__VA_ARGS__))
#define ncclCommDestroy(...) (cxb_nccl()->CommDestroy(__VA_ARGS__))
#define ncclGetErrorString(...) (cxb_nccl()->GetErrorString(__VA_ARGS__))
#define ncclGroupStart() (cxb_nccl()->GroupStart())
#define ncclGroupEnd() (cxb_nccl()->GroupEnd())
#define ncclSend(...) (cxb_nccl()->Send(__VA_ARGS__))
#define ncclRecv(...) (cxb_nccl()->Recv(__VA_ARGS__))
#define ncclAllReduce(...) (cxb_nccl()->AllReduce(__VA_ARGS__))

#endif
