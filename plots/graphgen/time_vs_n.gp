# plots/graphgen/time_vs_n.gp - Leist (2011) Figs 5.5, 5.6, 5.8 and 5.9: generator time
# against the size n or the degree (k for the alpha-model, m = k/2 for BA), log-log as in
# the thesis (docs/studies/graphgen.md). Lines are the harness's fits with slope and 95% CI in the
# key, to read beside Table 5.1's published slopes (cxbench run --table prints both).
# Inlined by harness/plot.c after plots/common.gp and before the generated `plot` command.

if (cxb_xlog) {
    set logscale x 10
    set format x "10^{%T}"
}
if (cxb_ylog) {
    set logscale y 10
    set format y "10^{%T}"
}
