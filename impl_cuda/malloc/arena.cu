/* impl_cuda/malloc/arena.cu - malloc.arena.cuda's kernel, the floor of every allocator in
 * the malloc study (docs/studies/malloc.md, an extension of Leist Alg. 21): the device
 * threads of Alg. 21 take their chunks from one preallocated buffer by atomicAdd on an
 * offset, with Alg. 21's pointer store and stop-at-failure rule. See arena.h for why it
 * is a file of its own. */
#include "impl_cuda/malloc/arena.h"

/* state[0]: failures, state[1]: the offset */
static __global__ void cxb_malloc_arena_kernel(void **mem, uint64_t threads, uint64_t per_thread, char *arena,
                                               unsigned long long stride, unsigned long long capacity,
                                               unsigned long long *state)
{
    const uint64_t tid = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= threads)
        return;
    for (uint64_t i = 0; i < per_thread; ++i) {
        unsigned long long off = atomicAdd(&state[1], stride);
        if (off + stride > capacity) {
            atomicAdd(&state[0], (unsigned long long)(per_thread - i));
            return;
        }
        mem[tid + i * threads] = arena + off;
    }
}

void cxb_malloc_arena_launch(unsigned grid, unsigned block, cudaStream_t stream, void **mem, uint64_t threads,
                             uint64_t per_thread, char *arena, uint64_t stride, uint64_t capacity,
                             unsigned long long *state)
{
    cxb_malloc_arena_kernel<<<grid, block, 0, stream>>>(mem, threads, per_thread, arena, stride, capacity, state);
}
