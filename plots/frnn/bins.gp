# plots/frnn/bins.gp - Chisholm Fig. 4.5: the Original and ACS builds against the bin width w at
# N = 10^6 uniform points in a 100 x 100 environment with R = 1, so about (100 / w)^2 bins: w = 1.41
# gives 5,000 bins and w = 0.1 a million (docs/studies/frnn.md "Figures"). The thesis puts the bin
# count on x; here it is w, so the bin count grows to the left.
# Inlined by harness/plot.c after plots/common.gp and before the generated `plot` command.

if (cxb_xlog) {
    set logscale x 10
}
if (cxb_ylog) {
    set logscale y 10
}
set format x "%g"
set format y "%g"
set xlabel "bin width w (fraction of R; about (100 / w)^2 bins)"
