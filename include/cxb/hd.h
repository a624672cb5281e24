/* cxb/hd.h - the one place that knows about nvcc.
 *
 * Every function that must compute the same thing on every backend is written
 * once as `static inline CXB_HD` in a header under include/cxb/ and included by
 * C (impl_cpu, impl_pthreads) and CUDA (impl_cuda) translation units alike.
 */
#ifndef CXB_HD_H
#define CXB_HD_H

#if defined(__CUDACC__)
#define CXB_HD __host__ __device__
#define CXB_DEVICE_COMPILE 1
#else
#define CXB_HD
#define CXB_DEVICE_COMPILE 0
#endif

/* CXB_ALIGN(n): a struct member aligned to n bytes in C11 and in CUDA C++ alike (a 16-byte
 * aligned state is loaded and stored by the GPU in 16-byte accesses, not word by word). */
#if defined(__cplusplus)
#define CXB_ALIGN(n) alignas(n)
#else
#define CXB_ALIGN(n) _Alignas(n)
#endif

#endif
