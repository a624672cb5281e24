# plots/common.gp - what every cxbench figure shares (docs/method.md): terminals, axes
# labels, grid, key, and the fixed per-backend colours and point types.
#
# How figures are made: `cxbench plot` (harness/plot.c) writes, per figure,
# <id>.csv (data) and <id>.gp (script) into the figures directory. The script is
# self-contained: the figure's variables, then this file, then the figure's template
# (plots/<study>/<template>.gp), then the generated `plot` command, all inlined. Run
# it in its directory:  gnuplot -e "cxb_term='pdf'" <id>.gp
#
# Variables set before this file (defaults below where it makes sense):
#   cxb_term    "png" (pngcairo 1024x640, default), "pdf" (pdfcairo), "dumb" (text, CI)
#   cxb_output  output file; default <cxb_id>.png / .pdf, stdout for dumb
#   cxb_id, cxb_title, cxb_xlabel, cxb_ylabel   names and axis labels (units included)
#   cxb_xlog, cxb_ylog   1: logarithmic axis (0 when the data has values <= 0)
#   cxb_wide    1: two-column PDF (7in x 2.6in), chosen when there are more than three
#               key entries or one is longer than 45 characters
#   cxb_data    the data CSV: series,label,x,median,q1,q3,min,in_fit (header row)
#
# Line types (Okabe-Ito palette; one colour and point type per backend, in every
# figure; harness/plot.c picks the line type from the implementation id's last
# component and uses the hollow twin of the point type for points excluded from fits):
#   1 black #000000, squares (pt 5/4)          seq
#   2 blue #0072B2, circles (pt 7/6)           pthreads
#   3 vermillion #D55E00, up-triangles (9/8)   cuda, cuda1, cuda3, ...
#   4 orange #E69F00, down-triangles (11/10)   cuda2, cuda4, ... and named CUDA variants
#   5 bluish green #009E73, diamonds (13/12)   library baselines (cuRAND, CUB, ...) and anchors
#   6 sky blue #56B4E9, pentagons (15/14)      anything else
#   7 reddish purple #CC79A7, 8 yellow #F0E442 spares
#   9 grey #666666                             paper points that match no series
# Paper points are crosses (pt 2) in the colour of the series they belong to.

if (!exists("cxb_term")) { cxb_term = "png" }
if (!exists("cxb_id")) { cxb_id = "figure" }
if (!exists("cxb_title")) { cxb_title = cxb_id }
if (!exists("cxb_xlabel")) { cxb_xlabel = "x" }
if (!exists("cxb_ylabel")) { cxb_ylabel = "y" }
if (!exists("cxb_xlog")) { cxb_xlog = 1 }
if (!exists("cxb_ylog")) { cxb_ylog = 1 }
if (!exists("cxb_wide")) { cxb_wide = 0 }
if (!exists("cxb_data")) { cxb_data = cxb_id.".csv" }

# Terminals (docs/method.md). gnuplot 5.4 and 6 default pdfcairo to fontscale 0.5, so
# the scale is explicit: 9 pt Helvetica drawn at 0.75 keeps a one-column key legible.
if (cxb_term eq "pdf") {
    if (cxb_wide) {
        set terminal pdfcairo enhanced color font "Helvetica,9" fontscale 0.75 size 7in,2.6in
    } else {
        set terminal pdfcairo enhanced color font "Helvetica,9" fontscale 0.75 size 3.3in,2.2in
    }
    if (!exists("cxb_output")) { cxb_output = cxb_id.".pdf" }
} else {
    if (cxb_term eq "dumb") {
        set terminal dumb size 100,32
        if (!exists("cxb_output")) { cxb_output = "" }
    } else {
        set terminal pngcairo enhanced color font "Helvetica,12" fontscale 1.0 size 1024,640
        if (!exists("cxb_output")) { cxb_output = cxb_id.".png" }
    }
}
if (cxb_output eq "") {
    set output
} else {
    set output cxb_output
}

set datafile separator ","
# The trailing newline keeps the label off the key below it (gnuplot 5.4 places the
# key's box against the label's baseline).
set xlabel cxb_xlabel."\n" noenhanced
set ylabel cxb_ylabel noenhanced
# A PDF goes into a paper, whose caption is the title.
if (cxb_term ne "pdf") {
    set title cxb_title noenhanced
}
set grid xtics ytics mxtics mytics lc rgb "#e0e0e0" lw 0.5 dt 1
set mxtics
set mytics
# The key goes below the plot, in as many columns as fit, so it never hides points.
set key below left Left reverse box lc rgb "#c0c0c0" samplen 2 spacing 1.1 width 1
set bars small
if (cxb_term eq "pdf") {
    set pointsize 0.6
} else {
    set pointsize 1.0
}
# Room for the first and last points, which sit on the axis ends of log scales.
set offsets graph 0.02, graph 0.02, 0, 0

set linetype 1 lc rgb "#000000" lw 1.5 pt 5
set linetype 2 lc rgb "#0072B2" lw 1.5 pt 7
set linetype 3 lc rgb "#D55E00" lw 1.5 pt 9
set linetype 4 lc rgb "#E69F00" lw 1.5 pt 11
set linetype 5 lc rgb "#009E73" lw 1.5 pt 13
set linetype 6 lc rgb "#56B4E9" lw 1.5 pt 15
set linetype 7 lc rgb "#CC79A7" lw 1.5 pt 15
set linetype 8 lc rgb "#F0E442" lw 1.5 pt 15
set linetype 9 lc rgb "#666666" lw 1.5 pt 2
