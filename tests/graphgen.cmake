# graphgen study, faithful generators (graphgen.md 3, 4, 7): the alpha-model and Leist's
# BA generator - canonical arithmetic against independent re-implementations, the oracles
# of 7 (caveman at alpha = 1, connected at alpha = 2, invariants), pthreads = seq.
cxb_test(graphgen_faithful test_graphgen_faithful.c)
