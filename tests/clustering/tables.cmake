# The published overlay of Figs 6.12-6.13 (plots/clustering/leist_fig6.gp) against results/paper/.
add_test(NAME clustering_overlay COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_overlay.sh)
