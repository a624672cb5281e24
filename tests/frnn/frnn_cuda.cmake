# The frnn study's CUDA rows (docs/studies/frnn.md): original, acs and acs_stable builds against
# counting.seq, every query and handler against the tests' brute force at several block sizes,
# on the adversarial inputs and fresh seeds. CUDA builds only; skips (77) without a GPU.
# `frnn_cuda quick` is the small run for compute-sanitizer.
if(CXB_HAVE_CUDA)
  cxb_test(frnn_cuda test_frnn_cuda.c)
endif()
