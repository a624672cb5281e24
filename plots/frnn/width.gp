# plots/frnn/width.gp - Chisholm Fig. 6.4: Strips' query time against the bin width w (a fraction
# of R) at N = 10^6 and n̄ = 100, linear axes; the thesis's widths 1, 0.7, 2/3, 0.5, 0.4 and the
# extension's 1/3 and 1/4 (docs/studies/frnn.md "Figures").
# Inlined by harness/plot.c after plots/common.gp and before the generated `plot` command.

unset logscale x
unset logscale y
set format x "%g"
set format y "%g"
set xlabel "bin width w (fraction of R)"
set yrange [0:*]
