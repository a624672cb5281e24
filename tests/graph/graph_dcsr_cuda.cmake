# Graphs on the GPU (docs/studies/graph.md "Graphs on the GPU"): the device CSR built with CUB
# equals cxb_csr_from_edges byte for byte (generators, simple and multigraph, random tuples with
# loops and duplicates, bad ids, upload/download); CUDA builds only, skips (77) without a GPU.
if(CXB_HAVE_CUDA)
  cxb_test(graph_dcsr_cuda test_graph_dcsr_cuda.c)
endif()
