# plots/prng/time_vs_x.gp - time against a swept size, log-log (docs/method.md).
# Serves docs/studies/prng.md Figure R3 (a) (time per call vs n, ours vs cuRAND), 6.7 Figure R4
# (initialisation time vs number of streams) and 6.5 Figure R2 (time per jump vs
# distance); any study's "median time vs size" figure can use it.
#
# y: median time in ms with interquartile error bars; hollow points were excluded from
# the fit; lines are the harness's fits exp(a) x^b over their fitted range, with the
# slope b and its 95% CI in the key; crosses are the paper's points.
# Inlined by harness/plot.c after plots/common.gp (read its header for the variables)
# and before the generated `plot` command; it only sets the axes (the key sits below
# the plot, from plots/common.gp).

if (cxb_xlog) {
    set logscale x 2
    set format x "2^{%L}"
}
if (cxb_ylog) {
    set logscale y 10
    set format y "10^{%T}"
}
