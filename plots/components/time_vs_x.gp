# plots/components/time_vs_x.gp - Leist (2011) Figs 6.2-6.9: labelling time against |V|, |E| or
# the number of components, log-log as in the thesis (log10 of ms; docs/studies/components.md), and
# the modern rate figure (G edges/s against the graph size). Lines are the harness's fits.
# Inlined by harness/plot.c after plots/common.gp and before the generated `plot` command.

if (cxb_xlog) {
    set logscale x 10
    set format x "10^{%T}"
}
if (cxb_ylog) {
    set logscale y 10
    set format y "10^{%T}"
}
