# plots/clustering/modern_rate.gp - tc.modern.rate.<family>: triangle-counting rate in G undirected
# edges per second (m / median kernel-only time) against |V| (n = 2^20 ... 2^24, average degree
# 16), the tc rows and GAP's tc anchor rows of the same family, with the GraphChallenge 2018-19
# line (about 1 G edges/s per GPU) and the 10 G edges/s target of docs/studies/clustering.md.
# Inlined by harness/plot.c after plots/common.gp and before the generated `plot` command.

if (cxb_xlog) {
    set logscale x 2
    set format x "2^{%L}"
}
if (cxb_ylog) {
    set logscale y 10
    set format y "10^{%T}"
}
set xlabel "|V| (average degree 16)"
# the rate axis's unit prefix is chosen from the data by harness/plot.c (its label says which)
cl_f = strstrt(cxb_ylabel, "(G ") ? 1 : strstrt(cxb_ylabel, "(M ") ? 1e3 : strstrt(cxb_ylabel, "(k ") ? 1e6 : 1e9
cl_gc = 1 * cl_f
cl_target = 10 * cl_f
set arrow 101 from graph 0, first cl_gc to graph 1, first cl_gc nohead dt 2 lc rgb "#808080" back
set label 101 "GraphChallenge 2018-19 line (T = m / 10^9 s)" at graph 0.02, first cl_gc offset 0, 0.5 font ",7" tc rgb "#808080"
set arrow 102 from graph 0, first cl_target to graph 1, first cl_target nohead dt 4 lc rgb "#D55E00" back
set label 102 "target 10 G edges/s (BA, ER at 2^{24})" at graph 0.02, first cl_target offset 0, 0.5 font ",7" tc rgb "#D55E00"
undefine STATS_*
stats cxb_data skip 1 using ($5 > 0 ? $5 : NaN):6 nooutput
cl_lo = exists("STATS_min_x") ? (STATS_min_x < cl_gc ? STATS_min_x : cl_gc) : cl_gc
cl_hi = exists("STATS_max_y") ? (STATS_max_y > cl_target ? STATS_max_y : cl_target) : cl_target
if (cxb_ylog) { set yrange [cl_lo / 2 : cl_hi * 2] }
