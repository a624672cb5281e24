# graph study, the CUDA generators (docs/studies/graph.md): cxb_generate_cuda == cxb_generate_seq
# tuple for tuple for every model under several launch shapes; skips (77) without a GPU.
cxb_test(graph_gen_cuda test_graph_gen_cuda.c)
