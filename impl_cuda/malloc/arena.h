/* impl_cuda/malloc/arena.h - the arena kernel of malloc.arena.cuda (impl_cuda/malloc/arena.cu).
 * It lives in its own translation unit, hence its own CUDA module: the device heap can be
 * sized only until the first module holding a malloc kernel is loaded, and an arena point
 * must never be the one that loads it. Included by .cu files only. */
#ifndef CXB_IMPL_CUDA_MALLOC_ARENA_H
#define CXB_IMPL_CUDA_MALLOC_ARENA_H

#include <cuda_runtime.h>
#include <stdint.h>

/* Launches <<<grid, block, 0, stream>>>: thread t < threads takes per_thread chunks of
 * stride bytes by atomicAdd on state[1] (the offset), storing chunk i at
 * mem[t + i * threads]; past capacity it stops and adds its remaining calls to state[0]. */
void cxb_malloc_arena_launch(unsigned grid, unsigned block, cudaStream_t stream, void **mem, uint64_t threads,
                             uint64_t per_thread, char *arena, uint64_t stride, uint64_t capacity,
                             unsigned long long *state);

#endif
