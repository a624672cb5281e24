# plots/frnn/build_parts.gp - Chisholm Figs 4.6-4.8: the components of the Original build (hash,
# sort, memset, reorder) and of the ACS build (memset, histogram, scan, scatter) against the bin
# width w at N = 10^6 uniform points in a 100 x 100 environment with R = 1, about (100 / w)^2
# bins (docs/studies/frnn.md "Figures"). The thesis stacks the components over the bin count;
# here each is a line over w (the bin count grows to the left), from events recorded between
# the components of one build (the points with parts=1).
#
# Data (harness/plot.c, y = "extra:part_..._us,..."): per point the median and quartiles of the
# µs that the row reports in its extra column for each component.
# Inlined by harness/plot.c after plots/common.gp and before the generated `plot` command.

set logscale x 10
set xrange [0.08:2] # the preset's widths, 0.1 to 1.41
set format x "%g"
set yrange [0:*]
set xlabel "bin width w (fraction of R; about (100 / w)^2 bins)"
set ylabel "component time (µs)"
