# components study, paper tables and claims (suites/components/tables.c; docs/studies/components.md "Calibration anchors"):
# Table 6.3 slopes, Table 6.4 speed-ups, the modern table's rates, % of bound and anchor ratios,
# and the verdicts, on a synthetic result set with known medians.
cxb_test(components_tables test_components_tables.c)
# The published overlay of Figs 6.2-6.9 (plots/components/leist_fig6.gp) against results/paper/.
add_test(NAME components_overlay COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_overlay.sh)
