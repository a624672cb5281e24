# plots/prng/rate_vs_x.gp - throughput against a swept size, log-log (docs/method.md).
# Serves docs/studies/prng.md Figure R3 (b) (G numbers/s vs n, ours vs cuRAND) and the
# G numbers/s column of Leist Table 4.1 (docs/studies/prng.md) drawn against n.
#
# y: rate = work / median time (e.g. G numbers/s) with error bars from the
# interquartile times (work/q3 .. work/q1); hollow points were excluded from the fit;
# lines are the harness's time fits turned into rates (work / exp(a) x^b, work fitted
# as a power of x) over their fitted range, keyed with the time slope b and its 95% CI;
# crosses are the paper's points.
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
