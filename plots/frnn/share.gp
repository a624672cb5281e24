# plots/frnn/share.gp - Chisholm Fig. 6.6 (P8): Original's build time over the query's, in %,
# against the radial neighbourhood size n̄ at N = 10^6, from the P1 points (the build is timed
# beside every query there): the Moore query at w = 1 and Strips at w = 1 and 0.5
# (docs/studies/frnn.md "Figures"). The thesis found the build at most 3% of build + query.
#
# Data (harness/plot.c, y = "ratio:impl=frnn.original.cuda/..."): per point 100 x the medians'
# ratio, bars from the quartiles.
# Inlined by harness/plot.c after plots/common.gp and before the generated `plot` command.

unset logscale x
unset logscale y
set format x "%g"
set format y "%g"
set xlabel "n̄ (mean neighbours within R)"
set ylabel "Original's build / query (%)"
set yrange [0:*]
