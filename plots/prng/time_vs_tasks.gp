# plots/prng/time_vs_tasks.gp - Leist (2011) Figure 4.1: time for a fixed total of
# draws against the number of streams/tasks T (docs/studies/prng.md), linear axes as in the
# thesis: the sawtooth of load imbalance (T mod P != 0) at small T and the plateau
# beyond about 8P read best without logarithms.
#
# y: median time in ms with interquartile error bars, series joined by thin lines
# (the harness fits no slope along T); hollow points were excluded from a fit;
# crosses are the paper's points (Figure 4.1 survives only qualitatively: none yet).
# Inlined by harness/plot.c after plots/common.gp (read its header for the variables)
# and before the generated `plot` command; it only sets the axes (the key sits below
# the plot, from plots/common.gp).

unset logscale x
unset logscale y
set format x "%g"
set format y "%g"
set xrange [0:*]
set yrange [0:*]
