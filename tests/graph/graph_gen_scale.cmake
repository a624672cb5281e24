# graph study, the pthreads fast generators' parallel pieces (docs/studies/graph.md's
# 2-core scaling): gnm's bucket sort and piecewise merge against qsort, and gnm's pthreads
# output equal to seq at 1/2/3/8 threads where those paths engage.
cxb_test(graph_gen_gnm_sort test_graph_gen_gnm_sort.c)
