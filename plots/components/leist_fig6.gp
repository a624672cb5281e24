# plots/components/leist_fig6.gp - Leist (2011) Figs 6.2-6.9: connected-component labelling time
# against |V| (Disjoint 2: |E|; Disjoint 3: the number of components), log-log as in the thesis
# (log10 of ms), for recursive.seq, cas.pthreads, k1.cuda and k2.cuda (k3.cuda on the line
# graph). docs/studies/components.md "Figures".
#
# The published overlay (the thesis's OCR kept no plotted points; docs/studies/components.md):
# for each published series, a cross at the speed-up point (x, t_seq / speed-up), t_seq our
# recursive.seq median there and the speed-up from Leist Table 6.4, and a line of the published
# slope (Table 6.3) through it: dashed for the GTX580, dotted for the GTX260, solid grey for the
# 1-core CPU (through our own t_seq) and the 6-core CPU. The numbers are those of
# results/paper/leist2011_table6.3.csv and leist2011_table6.4.csv (tests/components checks
# that they agree). The speed-up point is the largest x of recursive.seq, the second largest
# for W-S (Kernel 2 could not run the largest).
# Inlined by harness/plot.c after plots/common.gp and before the generated `plot` command.

if (cxb_xlog) {
    set logscale x 10
    set format x "10^{%T}"
}
if (cxb_ylog) {
    set logscale y 10
    set format y "10^{%T}"
}
if (cxb_xlabel eq "e") { set xlabel "|E| (edges)" }
if (cxb_xlabel eq "c") { set xlabel "number of components" }
if (cxb_xlabel eq "n") { set xlabel "|V| (vertices)" }

# published: slopes CPU(1) CPU(6) 260K1 260K2 580K1 580K2; speed-ups CPU(6) 260K1 260K2 580K1 580K2
cc_pub = 0
cc_second = 0
if (cxb_id eq "leist.fig6.2") { cc_pub = 1; cc_slope = "0.88 0.83 0.49 0.23 0.87 0.13"; cc_speed = "4.1 1.8 6.0 8.1 11.9" }
if (cxb_id eq "leist.fig6.3") { cc_pub = 1; cc_slope = "0.74 0.86 0.49 1.01 0.94 1.06"; cc_speed = "4.1 1.3 1.1 3.0 1.8" }
if (cxb_id eq "leist.fig6.4") { cc_pub = 1; cc_slope = "-0.01 -0.01 -0.14 0.00 -0.03 0.00"; cc_speed = "7.2 2.2 2.7 10.7 5.7" }
if (cxb_id eq "leist.fig6.5") { cc_pub = 1; cc_slope = "1.00 1.16 1.53 1.74 1.74 1.78"; cc_speed = "0.4 0.00006 0.00005 0.0001 0.00008" }
if (cxb_id eq "leist.fig6.6") { cc_pub = 1; cc_slope = "1.29 1.40 1.06 1.05 1.06 1.04"; cc_speed = "5.5 7.9 4.2 14.2 8.4" }
if (cxb_id eq "leist.fig6.7") { cc_pub = 1; cc_second = 1; cc_slope = "1.03 0.96 1.03 1.02 1.04 1.03"; cc_speed = "7.1 0.1 1.0 1.1 2.6" }
if (cxb_id eq "leist.fig6.8") { cc_pub = 1; cc_second = 1; cc_slope = "1.10 1.09 1.05 0.99 0.99 0.99"; cc_speed = "7.0 0.4 3.8 3.5 9.1" }
if (cxb_id eq "leist.fig6.9") { cc_pub = 1; cc_second = 1; cc_slope = "1.22 1.39 1.05 1.02 1.05 1.03"; cc_speed = "3.7 1.1 4.3 7.0 8.2" }

if (cc_pub) {
    cc_isseq(s) = strstrt(s, "recursive.seq") > 0
    undefine STATS_*
    stats cxb_data skip 1 using (cc_isseq(strcol(2)) ? $3 : NaN) nooutput
    if (exists("STATS_max")) {
        cc_xmax = STATS_max
        cc_xmin = STATS_min
        cc_xsp = cc_xmax
        if (cc_second) {
            undefine STATS_*
            stats cxb_data skip 1 using ((cc_isseq(strcol(2)) && $3 < cc_xmax) ? $3 : NaN) nooutput
            if (exists("STATS_max")) { cc_xsp = STATS_max }
        }
        undefine STATS_*
        stats cxb_data skip 1 using ((cc_isseq(strcol(2)) && $3 == cc_xsp) ? $4 : NaN) nooutput
        if (exists("STATS_max")) {
            cc_tseq = STATS_max
            # series k of the published table: its time at the speed-up point and its line
            cc_at(k) = (k == 1 ? cc_tseq : cc_tseq / word(cc_speed, k - 1))
            cc_y(k, x) = cc_at(k) * (x / cc_xsp) ** word(cc_slope, k)
            # colour (common.gp's line types: 1 seq, 2 pthreads, 3 cuda; 4 for Kernel 2) and dash
            cc_lt(k) = (k == 1 ? 1 : k == 2 ? 2 : (k == 3 || k == 5) ? 3 : 4)
            cc_dt(k) = (k <= 2 ? 1 : k <= 4 ? 3 : 2)
            do for [k = 1:6] {
                set arrow (100 + k) from cc_xmin, cc_y(k, cc_xmin) to cc_xmax, cc_y(k, cc_xmax) nohead \
                    lt cc_lt(k) dt cc_dt(k) lw 1 lc rgb "#808080" back
                if (k > 1) {
                    set label (100 + k) "" at cc_xsp, cc_at(k) point pt 2 ps 1.5 lw 1.5 lt cc_lt(k) front
                }
            }
            # arrows are not clipped: widen the y range to the overlay and the data (q1 ... q3)
            undefine STATS_*
            stats cxb_data skip 1 using ($5 > 0 ? $5 : NaN):6 nooutput
            cc_lo = exists("STATS_min_x") ? STATS_min_x : cc_tseq
            cc_hi = exists("STATS_max_y") ? STATS_max_y : cc_tseq
            do for [k = 1:6] {
                cc_lo = cc_y(k, cc_xmin) < cc_lo ? cc_y(k, cc_xmin) : cc_lo
                cc_lo = cc_y(k, cc_xmax) < cc_lo ? cc_y(k, cc_xmax) : cc_lo
                cc_hi = cc_y(k, cc_xmin) > cc_hi ? cc_y(k, cc_xmin) : cc_hi
                cc_hi = cc_y(k, cc_xmax) > cc_hi ? cc_y(k, cc_xmax) : cc_hi
            }
            if (cxb_ylog && cc_lo > 0) { set yrange [cc_lo / 2 : cc_hi * 2] }
            set label 99 "published (Leist Tables 6.3, 6.4): x at our t_{seq} / speed-up, grey lines of the published slopes;\n solid CPU, dotted GTX260, dashed GTX580" \
                at graph 0.01, graph 0.04 left font ",7" front
        }
    }
}
