# graphgen study, fast generators (docs/studies/graphgen.md, suites/graphgen/fast.c): seq against the
# spec's definitions, every fast id through its descriptor, pthreads = seq at 1, 2, 3, 8
# threads, the work callback and presets; the CUDA rows against seq (exit 77 without a GPU).
cxb_test(graphgen_fast test_graphgen_fast.c)
cxb_test(graphgen_fast_cuda test_graphgen_fast_cuda.c)
