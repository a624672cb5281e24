# plots/components/modern_rate.gp - cc.modern.rate.<family>: connected-component labelling rate in
# G undirected edges per second (m / median time) against |V| (n = 2^20 ... 2^26, average degree
# 16), every row of the modern sweep and the calibration anchors of the same family, with the
# two H100 bandwidth bounds of docs/studies/components.md "The bandwidth bound" as horizontal
# lines (streaming 8m + 16n bytes and random-sector + 32m bytes at 3.0 TB/s, at m = 8n: 300 and
# 71 G edges/s once the labels leave the 50 MB L2) and the 18 G edges/s target.
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
# the rate axis's unit prefix is chosen from the data by harness/plot.c (its label says which):
# the bounds, in G edges/s, in that unit
cc_f = strstrt(cxb_ylabel, "(G ") ? 1 : strstrt(cxb_ylabel, "(M ") ? 1e3 : strstrt(cxb_ylabel, "(k ") ? 1e6 : 1e9
# at m = 8n: streaming 3e12 / (8 + 16/8) / 1e9 = 300; random-sector 3e12 / (40 + 2) / 1e9 = 71.4
cc_stream = 300 * cc_f
cc_random = 71.4 * cc_f
cc_target = 18 * cc_f
set arrow 101 from graph 0, first cc_stream to graph 1, first cc_stream nohead dt 2 lc rgb "#808080" back
set label 101 "streaming bound (H100, 3.0 TB/s)" at graph 0.02, first cc_stream offset 0, 0.5 font ",7" tc rgb "#808080"
set arrow 102 from graph 0, first cc_random to graph 1, first cc_random nohead dt 3 lc rgb "#808080" back
set label 102 "random-sector bound (labels beyond L2)" at graph 0.02, first cc_random offset 0, 0.5 font ",7" tc rgb "#808080"
set arrow 103 from graph 0, first cc_target to graph 1, first cc_target nohead dt 4 lc rgb "#D55E00" back
set label 103 "target 18 G edges/s (BA, ER at 2^{24})" at graph 0.02, first cc_target offset 0, 0.5 font ",7" tc rgb "#D55E00"
# arrows are not clipped: the y range takes in the lines and the data (rates at q3 ... q1)
undefine STATS_*
stats cxb_data skip 1 using ($5 > 0 ? $5 : NaN):6 nooutput
cc_lo = exists("STATS_min_x") ? (STATS_min_x < cc_target ? STATS_min_x : cc_target) : cc_target
cc_hi = exists("STATS_max_y") ? (STATS_max_y > cc_stream ? STATS_max_y : cc_stream) : cc_stream
if (cxb_ylog) { set yrange [cc_lo / 2 : cc_hi * 2] }
