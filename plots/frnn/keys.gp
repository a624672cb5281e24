# plots/frnn/keys.gp - Chisholm Fig. 4.2: contention. The Original (radix sort) and ACS (atomic
# counting sort) builds of 2^20 items spread uniformly over K distinct bins, K = 2^1 .. 2^20: a
# strip one bin high and K bins long with R = 1 and w = 1 (docs/studies/frnn.md "Figures"). Few
# keys mean many items on each atomic counter.
# Inlined by harness/plot.c after plots/common.gp and before the generated `plot` command.

set logscale x 2
if (cxb_ylog) {
    set logscale y 10
}
set format x "2^{%L}"
set format y "%g"
set xlabel "distinct keys K (bins; 2^{20} items)"
