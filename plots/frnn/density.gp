# plots/frnn/density.gp - Chisholm Fig. 6.5: mean query time against the radial neighbourhood
# size n̄ at N = 10^6, linear axes as in the thesis; Original (Moore) and Strips at w = 1, the
# proportional bin width 0.5 for both (docs/studies/frnn.md "Figures").
# Inlined by harness/plot.c after plots/common.gp and before the generated `plot` command.

unset logscale x
unset logscale y
set format x "%g"
set format y "%g"
set xlabel "n̄ (mean neighbours within R)"
set yrange [0:*]
