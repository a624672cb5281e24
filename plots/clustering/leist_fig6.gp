# plots/clustering/leist_fig6.gp - Leist (2011) Figs 6.12-6.13: clustering-coefficient time against
# |V|, log-log as in the thesis (log10 of ms), for smallest.seq, smallest.pthreads,
# smallest.pthreadsgrain, k1, k2 and their multi-GPU rows (docs/studies/clustering.md "Tables,
# findings and figures").
#
# The published overlay (no plotted points survive in the thesis's OCR): for each Table 6.5 row
# but the Cell BE, a cross at the largest |V| at t_seq / speed-up, t_seq our smallest.seq median
# there and the speed-up from Leist Table 6.5, and a line of the published slope through it (solid
# for the CPU rows, dotted for the GTX260, dashed for the GTX580; the 1-core line through our own
# t_seq). Series, in order: CPU 1 core, PThreads, TBB, GTX260 K1 x1, K1 x2, K2 x1, K2 x2, GTX580
# K1 x1, K1 x2, K2 x1, K2 x2. The numbers are those of results/paper/leist2011_table6.5.csv
# (tests/clustering checks that they agree).
# Inlined by harness/plot.c after plots/common.gp and before the generated `plot` command.

if (cxb_xlog) {
    set logscale x 10
    set format x "10^{%T}"
}
if (cxb_ylog) {
    set logscale y 10
    set format y "10^{%T}"
}
set xlabel "|V| (vertices)"

cl_pub = 0
if (cxb_id eq "leist.fig6.12") { cl_pub = 1; cl_slope = "1.02 1.02 1.08 1.08 1.00 1.05 1.12 1.02 0.91 1.10 1.06"; cl_speed = "7.4 7.9 5.5 9.3 2.0 2.5 9.3 15.5 5.2 7.3" }
if (cxb_id eq "leist.fig6.13") { cl_pub = 1; cl_slope = "1.37 1.40 1.33 1.12 1.09 1.22 1.22 1.18 1.01 1.16 1.08"; cl_speed = "8.3 8.3 3.1 5.2 2.7 3.8 7.2 12.9 4.8 7.8" }

if (cl_pub) {
    cl_isseq(s) = strstrt(s, "smallest.seq") > 0
    undefine STATS_*
    stats cxb_data skip 1 using (cl_isseq(strcol(2)) ? $3 : NaN) nooutput
    if (exists("STATS_max")) {
        cl_xmax = STATS_max
        cl_xmin = STATS_min
        undefine STATS_*
        stats cxb_data skip 1 using ((cl_isseq(strcol(2)) && $3 == cl_xmax) ? $4 : NaN) nooutput
        if (exists("STATS_max")) {
            cl_tseq = STATS_max
            cl_at(k) = (k == 1 ? cl_tseq : cl_tseq / word(cl_speed, k - 1))
            cl_y(k, x) = cl_at(k) * (x / cl_xmax) ** word(cl_slope, k)
            # colour (common.gp's line types: 1 seq, 2 pthreads, 3 cuda; 4 for Kernel 2) and dash
            cl_lt(k) = (k == 1 ? 1 : k <= 3 ? 2 : ((k - 4) % 4 < 2) ? 3 : 4)
            cl_dt(k) = (k <= 3 ? 1 : k <= 7 ? 3 : 2)
            do for [k = 1:11] {
                set arrow (100 + k) from cl_xmin, cl_y(k, cl_xmin) to cl_xmax, cl_y(k, cl_xmax) nohead \
                    lt cl_lt(k) dt cl_dt(k) lw 1 lc rgb "#808080" back
                if (k > 1) {
                    set label (100 + k) "" at cl_xmax, cl_at(k) point pt 2 ps 1.5 lw 1.5 lt cl_lt(k) front
                }
            }
            # arrows are not clipped: widen the y range to the overlay and the data (q1 ... q3)
            undefine STATS_*
            stats cxb_data skip 1 using ($5 > 0 ? $5 : NaN):6 nooutput
            cl_lo = exists("STATS_min_x") ? STATS_min_x : cl_tseq
            cl_hi = exists("STATS_max_y") ? STATS_max_y : cl_tseq
            do for [k = 1:11] {
                cl_lo = cl_y(k, cl_xmin) < cl_lo ? cl_y(k, cl_xmin) : cl_lo
                cl_lo = cl_y(k, cl_xmax) < cl_lo ? cl_y(k, cl_xmax) : cl_lo
                cl_hi = cl_y(k, cl_xmin) > cl_hi ? cl_y(k, cl_xmin) : cl_hi
                cl_hi = cl_y(k, cl_xmax) > cl_hi ? cl_y(k, cl_xmax) : cl_hi
            }
            if (cxb_ylog && cl_lo > 0) { set yrange [cl_lo / 2 : cl_hi * 2] }
            set label 99 "published (Leist Table 6.5): x at our t_{seq} / speed-up, grey lines of the published slopes;\n solid CPU, dotted GTX260, dashed GTX580 (x1 and x2)" \
                at graph 0.01, graph 0.04 left font ",7" front
        }
    }
}
