# plots/frnn/ratio_heat.gp - a ratio map of two FRNN rows (or two settings of one row) over two
# swept parameters: each cell is 100 x median(NUM) / median(DEN), so below 100 % the NUM side
# is faster (blue), above it slower (red), and 100 % is white.
#
# Data (harness/plot.c, y = "heat:YPARAM:KEY=NUM/DEN"): <id>.csv with x,y,value,value_min,
# num_ms,den_ms; a cell with one side only is nan and stays blank. The generated command draws
# each cell at its grid index with the sweep's values as tics; this template sets the labels
# and the colour axis from the variables harness/plot.c passes: cxb_xlabel (x_param),
# cxb_ylabel (YPARAM), cxb_heat_key, cxb_heat_num, cxb_heat_den, cxb_zlabel ("NUM / DEN, %"),
# cxb_zlo and cxb_zhi (the smallest and largest percentage). Set cxb_heat_col = 4 here to
# draw the ratio of the minima instead of the medians, cxb_heat_labels = 0 to leave the
# cells' numbers off.
# Inlined by harness/plot.c after plots/common.gp and before the generated `plot` command.

set xlabel cxb_xlabel."\n" noenhanced
set ylabel cxb_ylabel noenhanced
set cblabel cxb_zlabel noenhanced offset 1.5, 0
# A blank cell (one side only) shows the grey behind the cells, not the white of 100 %.
set object 1 rectangle from graph 0, graph 0 to graph 1, graph 1 behind fillcolor rgb "#BDBDBD" \
    fillstyle solid 1.0 noborder
# Blue - white - red (the ends of ColorBrewer's RdBu) on a log colour axis symmetric about
# 100 %: 50 % and 200 % are equally strong, and 100 % is the white middle whatever the data.
set palette defined (0 "#2166AC", 0.25 "#92C5DE", 0.5 "#F7F7F7", 0.75 "#F4A582", 1 "#B2182B")
set logscale cb 10
cxb_zr = cxb_zhi / 100.0 > 100.0 / cxb_zlo ? cxb_zhi / 100.0 : 100.0 / cxb_zlo
if (cxb_zr < 1.25) {
    cxb_zr = 1.25
}
set cbrange [100.0 / cxb_zr : 100.0 * cxb_zr]
# Tics a factor 2 apart (10 beyond 16x either way) through 100.
cxb_zstep = cxb_zr <= 16 ? 2 : 10
cxb_zk = floor(log(cxb_zr) / log(cxb_zstep) + 1e-9)
set cbtics 100.0 / cxb_zstep**cxb_zk, cxb_zstep
set mcbtics default
set format cb "%g"
set colorbox vertical
