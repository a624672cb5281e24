# propagation study (docs/studies/propagation.md "Verification"): every loop, switch step, thread count,
# partition count, partitioner and orientation against a model oracle and a BFS written in the
# test, with the sync invariants checked at every step; the edge cases.
cxb_test(propagation_variants test_propagation_variants.c)
# The partitions, replicas and the boundary and replica tables against the placement rules
# evaluated in the test; segment symmetry; replication bounds and the G(n,m) closed forms.
cxb_test(propagation_tables test_propagation_tables.c)
# The single-GPU target claims of cxbench report on result sets written in the test.
cxb_test(propagation_claims test_propagation_claims.c)
# the metis partitioner (skips in a build without METIS, after checking its error)
cxb_test(propagation_metis test_propagation_metis.c)
# cxbench propagate and propagate replication as users see them (docs/cli.md "propagate"):
# byte-identical act lines across the CPU variants, --check, --curve, the errors and exit
# codes, no clobbered files; the runner's ci preset. A multi-source BFS oracle with networkx
# (Debian's interpreter; skipped without it).
add_test(NAME propagation_cli COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_propagation_cli.sh $<TARGET_FILE:cxbench>)
add_test(NAME propagation_oracle COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_propagation_oracle.sh $<TARGET_FILE:cxbench>)
set_tests_properties(propagation_cli propagation_oracle PROPERTIES SKIP_RETURN_CODE 77)
# The replication row's count against the partition tables (P up to 100, both layouts and
# orientations, edge cases), and the Fig. 16 and 18 claims on result sets written in the test.
cxb_test(propagation_replication test_propagation_replication.c)
# Figs 16 and 18 drawn from the replication row's extra values (y = extra:R,R_closed_form)
add_test(NAME propagation_figures COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_propagation_figures.sh $<TARGET_FILE:cxbench>)
