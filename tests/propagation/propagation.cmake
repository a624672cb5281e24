# propagation study (docs/studies/propagation.md 9.1): every loop, switch step, thread count,
# partition count, partitioner and orientation against a model oracle and a BFS written in the
# test, with the sync invariants checked at every step; the edge cases.
cxb_test(propagation_variants test_propagation_variants.c)
# The partitions, replicas and the boundary and replica tables against the placement rules
# evaluated in the test; segment symmetry; replication bounds and the G(n,m) closed forms.
cxb_test(propagation_tables test_propagation_tables.c)
