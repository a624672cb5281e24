# plots/prng/jump_vs_distance.gp - Figure R2 (docs/studies/prng.md): jump-ahead cost against the
# jump distance d, log-log, one CPU core.
#
# y: jumps per second (rate = n jumps of a sample / median time; time per jump is its
# inverse, median / n in summary.csv) with interquartile error bars. Lines are the
# harness's fits of time against d turned into rates; the key gives the time slope b:
# b ~ 0 for intrinsic jumps (Philox's counter add, tables of matrix powers; squaring grows
# like log d, a small positive b), b ~ 1 for emulated stepping (fitted for d >= 4000).
# Distances are 2^k - 1, every bit set: the worst case of the table methods.
# Inlined by harness/plot.c after plots/common.gp and before the generated `plot` command.

if (cxb_xlog) {
    set logscale x 2
    set format x "2^{%L}"
}
if (cxb_ylog) {
    set logscale y 10
    set format y "10^{%T}"
}
