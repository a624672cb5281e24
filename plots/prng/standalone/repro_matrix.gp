# plots/prng/standalone/repro_matrix.gp - Figure R1 (docs/studies/prng.md): reproducibility across
# decompositions, Passerat-Palmbach's requirement 4 made empirical. A heat map: one row
# per generator x technique (plus each generator's per-worker row, the ThreadLocalRandom
# pitfall), one column per decomposition (seq, pthreads P, CUDA blocks x threads), the
# colour and the number = percent of logical streams whose first K outputs equal the
# sequential run. Expected: 100 for split, spacing, param, counter; leap frog, per-worker
# and central below 100 except with one worker. A "!" marks a cell that does not show its
# expectation; "n/a" a technique the backend refuses (central server of a stateful
# generator on CUDA).
#
# Not a harness/plot.c template (those are plots/<study>/*.gp, fed from a result set's
# summary.csv and checked by harness_plot): Figure R1's x axis is categorical and its value
# a fraction, so `cxbench prng-repro` runs this script itself (checked by prng_repro_cli).
#
# Input: repro.csv written by `cxbench prng-repro` (columns row, col, label, ...,
# decomposition, ..., fraction, expected, holds, skipped). Run standalone:
#   gnuplot -e "datafile='results/M/prng-repro/RUN/repro.csv'; outfile='repro.png'" plots/prng/standalone/repro_matrix.gp
# (cxbench prng-repro runs exactly this when gnuplot is installed).

if (!exists("datafile")) datafile = 'repro.csv'
if (!exists("outfile")) outfile = 'repro.png'

set datafile separator ','
# rows and columns from the data (first line is the header)
stats datafile using 1:2 nooutput
nrows = int(STATS_max_x) + 1
ncols = int(STATS_max_y) + 1

set terminal pngcairo size (360 + 70 * ncols), (140 + 22 * nrows) font ',9'
set output outfile
set title sprintf("Figure R1: streams equal to the sequential run (%%), by decomposition") font ',11'
set xrange [-0.5:ncols - 0.5]
set yrange [nrows - 0.5:-0.5]
set xtics rotate by 30 right nomirror
set ytics nomirror
set tics scale 0
set cbrange [0:100]
set cblabel 'streams equal to seq (%)'
set palette defined (0 '#b2182b', 50 '#fddbc7', 99 '#d1e5f0', 100 '#2166ac')
set key off
set lmargin 30

# columns: 1 row, 2 col, 3 label, 8 decomposition, 16 fraction, 18 holds, 19 skipped
cell(f, s) = s > 0 ? NaN : 100 * f
txt(f, h, s) = s > 0 ? 'n/a' : sprintf('%.0f%s', 100 * f, h > 0 ? '' : '!')
plot datafile skip 1 using 2:1:(cell($16, $19)):xticlabels(stringcolumn(8)) with image pixels, \
     '' skip 1 using 2:1:(0):yticlabels(stringcolumn(3)) with points pt -1, \
     '' skip 1 using 2:1:(txt($16, $18, $19)) with labels font ',8'
