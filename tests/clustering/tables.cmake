# The published overlay of Figs 6.12-6.13 (plots/clustering/leist_fig6.gp) against results/paper/.
add_test(NAME clustering_overlay COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_overlay.sh)
# clustering study, paper tables and claims (suites/clustering/tables.c): Table 6.5 speed-ups and
# slopes beside the published values, the reversed-order ratios, the modern rates, the verdicts,
# on a synthetic result set with known medians.
cxb_test(clustering_tables test_clustering_tables.c)
