# plots/propagation/replication.gp - Jin et al. Figs 16 and 18 (docs/studies/propagation.md
# "Replication ratio"): the replication ratio R against the number of partitions P, a series
# per network, for one layout and partitioner.
#
# Data (harness/plot.c, y = "extra:R,R_closed_form"): per point the R that
# propagation.replication.seq reports in its extra column (filled, solid), and for the G(n, m)
# networks the closed form of docs "Replication ratio" (hollow, dashed, the same colour). R is
# structural: it does not depend on the machine, and its quartile bars are empty.
# Inlined by harness/plot.c after plots/common.gp and before the generated `plot` command; it
# only sets the axes: P on a log2 axis with a tic at each value run, R linear from 0.

set logscale x 2
set xtics (2, 3, 4, 8)
set xrange [1.8:9]
set yrange [0:*]
set xlabel "partitions P\n" noenhanced
set ylabel "replication ratio R" noenhanced
