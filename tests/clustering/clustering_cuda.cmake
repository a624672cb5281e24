# The clustering study's CUDA variants (docs/studies/clustering-cuda.md "CUDA variants"): k1, k2
# (both sorts, both orders, chunked), k1.mgpu and k2.mgpu (gpus = 1, and 2 where two GPUs
# exist), tcmerge, tcbsearch, tchash and tcbitmap give the reference's T, W and every T_v on
# random graphs, closed forms and edge cases. CUDA builds only; skips (77) without a GPU.
if(CXB_HAVE_CUDA)
  cxb_test(clustering_cuda test_clustering_cuda.c)
endif()
