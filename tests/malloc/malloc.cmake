# The malloc study (docs/studies/malloc.md): job arithmetic, the pointer checks (which
# must be able to fail), malloc.libc.seq through the harness with forced failures, the
# phases figure; the CUDA variants (built with CUDA, exit 77 without a GPU).
cxb_test(malloc_study test_malloc.c)
if(CXB_HAVE_CUDA)
  cxb_test(malloc_cuda test_malloc_cuda.c)
endif()
