# plots/frnn/population.gp - Chisholm Fig. 6.7 and the builds of FLAME GPU 2's set-up: time
# against the population N, log-log, with the harness's fits (docs/studies/frnn.md "Figures").
# Inlined by harness/plot.c after plots/common.gp and before the generated `plot` command.

if (cxb_xlog) {
    set logscale x 10
    set format x "10^{%T}"
}
if (cxb_ylog) {
    set logscale y 10
    set format y "10^{%T}"
}
set xlabel "N (agents)"
