# plots/frnn/step.gp - FLAME GPU 2's fixed-density Circles: a whole step (build + query + move)
# against N, log-log; ours (frnn.circles.cuda), the same-GPU frnn.fgpu2style.cuda, and the
# published FLAME GPU 2 curve (H100 PCIe, CUDA 11.8, spatial3D RTC, mean of 3 seeds:
# results/paper/fgpu2_circles-fixed-density.csv) as crosses (docs/studies/frnn.md "Figures").
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
