/* impl_cuda/propagation/nccl_load.c - opens NCCL at run time (impl_cuda/propagation/nccl_load.h
 * says why): the path CMake found, then the soname, then the unversioned name; the first call
 * opens it, under pthread_once. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#if CXB_HAVE_NCCL
#include "impl_cuda/propagation/nccl_load.h"

#ifndef CXB_NCCL_PATH
#define CXB_NCCL_PATH "libnccl.so.2"
#endif

static char why[512] = "NCCL was not opened";

static ncclResult_t no_init(ncclComm_t *c, int n, const int *d) { (void)c, (void)n, (void)d; return ncclSystemError; }
static ncclResult_t no_destroy(ncclComm_t c) { (void)c; return ncclSystemError; }
static const char *no_string(ncclResult_t r) { (void)r; return why; }
static ncclResult_t no_group(void) { return ncclSystemError; }
static ncclResult_t no_send(const void *b, size_t n, ncclDataType_t t, int p, ncclComm_t c, cudaStream_t s)
{
    (void)b, (void)n, (void)t, (void)p, (void)c, (void)s;
    return ncclSystemError;
}
static ncclResult_t no_recv(void *b, size_t n, ncclDataType_t t, int p, ncclComm_t c, cudaStream_t s)
{
    (void)b, (void)n, (void)t, (void)p, (void)c, (void)s;
    return ncclSystemError;
}
static ncclResult_t no_allreduce(const void *a, void *b, size_t n, ncclDataType_t t, ncclRedOp_t o, ncclComm_t c,
                                 cudaStream_t s)
{
    (void)a, (void)b, (void)n, (void)t, (void)o, (void)c, (void)s;
    return ncclSystemError;
}

static cxb_nccl_api api = {no_init, no_destroy, no_string, no_group, no_group, no_send, no_recv, no_allreduce};
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* dlsym returns void *; POSIX lets it hold a function address, and the store through void ** keeps
 * ISO C from warning about a cast between object and function pointers */
#define SYM(field, name)                                                                                           \
    do {                                                                                                           \
        void *p_ = dlsym(h, name);                                                                                 \
        if (!p_) {                                                                                                 \
            snprintf(why, sizeof why, "%s lacks %s; the NCCL rows cannot run without NCCL", lib, name);            \
            return;                                                                                                \
        }                                                                                                          \
        *(void **)&loaded.field = p_;                                                                              \
    } while (0)

static void open_nccl(void)
{
    static const char *const names[] = {CXB_NCCL_PATH, "libnccl.so.2", "libnccl.so"};
    void *h = NULL;
    const char *lib = names[0];
    for (unsigned i = 0; i < sizeof names / sizeof names[0] && !h; ++i) {
        lib = names[i];
        h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
    }
    if (!h) {
        snprintf(why, sizeof why, "cannot open the NCCL library (%s); the NCCL rows cannot run without NCCL",
                 dlerror());
        return;
    }
    cxb_nccl_api loaded;
    SYM(CommInitAll, "ncclCommInitAll");
    SYM(CommDestroy, "ncclCommDestroy");
    SYM(GetErrorString, "ncclGetErrorString");
    SYM(GroupStart, "ncclGroupStart");
    SYM(GroupEnd, "ncclGroupEnd");
    SYM(Send, "ncclSend");
    SYM(Recv, "ncclRecv");
    SYM(AllReduce, "ncclAllReduce");
    api = loaded; /* the library stays open for the process */
}

const cxb_nccl_api *cxb_nccl(void)
{
    pthread_once(&once, open_nccl);
    return &api;
}
#endif
