# plots/graphgen/time_vs_alpha.gp - Leist (2011) Fig. 5.2: alpha-model time against alpha,
# alpha linear, log10 time (docs/studies/graphgen.md); the thesis's claim is that alpha has no
# significant effect on any platform (max/min of the medians below 1.2, 6.4).
# Inlined by harness/plot.c after plots/common.gp.

unset logscale x
set format x "%g"
set xrange [*:*]
if (cxb_ylog) {
    set logscale y 10
    set format y "10^{%T}"
}
