/* cxb/core/relaxed.cuh - relaxed device-scope atomic loads and stores for the graph kernels'
 * shared words (docs/studies/components-cuda.md "Memory model"): every read of a label, parent or
 * flag that another thread may write in the same kernel is one of these loads, every plain
 * store to such a word one of these stores; read-modify-writes stay atomicMin / atomicCAS.
 * Under the CUDA memory model a plain load racing with an atomic is a data race (undefined
 * behaviour); a relaxed atomic at device scope is not, and on Hopper it is an ordinary
 * ld/st with the .relaxed.gpu qualifier and no fence. The same instructions as
 * cuda::atomic_ref<T, cuda::thread_scope_device>::load/store(cuda::memory_order_relaxed), written
 * out so that the one-byte frontier flags get a one-byte store (atomic_ref<uint8_t> emulates
 * it with a compare-and-swap loop on the enclosing word). The "memory" clobber keeps the
 * compiler from caching the word in a register or moving the access across other memory
 * operations of the thread, as atomic_ref does. Included by .cu files only. */
#ifndef CXB_CORE_RELAXED_CUH
#define CXB_CORE_RELAXED_CUH

#include <stdint.h>

static __device__ __forceinline__ uint32_t cxb_ld_rlx(const uint32_t *p)
{
    uint32_t v;
    asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}

static __device__ __forceinline__ void cxb_st_rlx(uint32_t *p, uint32_t v)
{
    asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" : : "l"(p), "r"(v) : "memory");
}

static __device__ __forceinline__ uint64_t cxb_ld_rlx64(const uint64_t *p)
{
    uint64_t v;
    asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}

static __device__ __forceinline__ uint8_t cxb_ld_rlx8(const uint8_t *p)
{
    uint16_t v;
    asm volatile("ld.relaxed.gpu.global.u8 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return (uint8_t)v;
}

static __device__ __forceinline__ void cxb_st_rlx8(uint8_t *p, uint8_t v)
{
    asm volatile("st.relaxed.gpu.global.u8 [%0], %1;" : : "l"(p), "h"((uint16_t)v) : "memory");
}

#endif
