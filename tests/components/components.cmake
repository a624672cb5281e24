# components study (docs/studies/components.md): every CPU variant equal to recursive.seq and to a
# BFS oracle written in the test on every family, fresh seeds and edge cases, at 1/2/3/8 threads;
# the invariants and known answers; the rows through the registry, the presets.
cxb_test(components_variants test_components_variants.c)
cxb_test(components_study test_components_study.c)
