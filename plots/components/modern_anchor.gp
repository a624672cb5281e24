# plots/components/modern_anchor.gp - cc.modern.anchor.<family>: the calibration of
# docs/studies/components.md "Calibration anchors": median time (ms) against |V| on the calibration graphs of
# one family (n = 2^20, 2^22, 2^24, average degree 16), our rows (components.*.cuda,
# *.pthreads, *.seq) and the anchors measured in the same call on the same files (ECL-CC
# baseline and race-free on the GPU, GAP's Afforest and SV on the host; anchor rows are drawn in
# common.gp's line type of anything that is not seq, pthreads or cuda). Lower is better; the
# tables of `cxbench report` give the ratios.
# Inlined by harness/plot.c after plots/common.gp and before the generated `plot` command.

if (cxb_xlog) {
    set logscale x 2
    set format x "2^{%L}"
}
if (cxb_ylog) {
    set logscale y 10
    set format y "10^{%T}"
}
set xlabel "|V| (m = 8|V| tuples)"
