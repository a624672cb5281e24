# The propagation study's CUDA rows (docs/studies/propagation.md "The four loops and the two layouts", "Several GPUs"):
# every one-GPU loop, switch step and orientation equals propagation.cloop.seq byte for byte
# (propagation_cuda; `small` for compute-sanitizer); every multi-GPU scheme at P = 2 .. 4 (and 8)
# with both partitioners (propagation_mgpu). CUDA builds only; 77 without a GPU (mgpu: without 2).
if(CXB_HAVE_CUDA)
  cxb_test(propagation_cuda test_propagation_cuda.c)
  add_test(NAME propagation_mgpu COMMAND propagation_cuda mgpu)
  set_tests_properties(propagation_mgpu PROPERTIES SKIP_RETURN_CODE 77
                       ENVIRONMENT "NCCL_NVLS_ENABLE=0")
endif()
