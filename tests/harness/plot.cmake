# Figures (docs/method.md): harness/plot.c on a synthetic result set; every template
# under plots/ runs under `set terminal dumb`. Skipped (77) without gnuplot.
cxb_test(harness_plot test_plot.c)
# several result sets of one study drawn together: library and `cxbench plot SET SET --out`
cxb_test(harness_plot_sets test_plot_sets.c)
# ratio heat figures (y = "heat:YPARAM:KEY=NUM/DEN"): the grid, its values and the errors
cxb_test(harness_plot_heat test_plot_heat.c)
