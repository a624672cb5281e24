# clustering study (docs/studies/clustering.md): every CPU variant equal to the closed forms, to a
# brute-force oracle written in the test and to Zachary's karate club, on fresh seeds and edge
# cases, at 1/2/3/8 threads, both orders; the rows through the registry, the presets.
cxb_test(clustering_variants test_clustering_variants.c)
cxb_test(clustering_study test_clustering_study.c)
