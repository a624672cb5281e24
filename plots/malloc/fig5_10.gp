# plots/malloc/fig5_10.gp - Leist Fig. 5.10 (Sec. 5.3): time to allocate and to free a total
# (64 MiB in the thesis) in chunks of 16 B ... 4 KiB, against the chunk size; also the
# modern-rows panel and the device thread sweep (docs/studies/malloc.md).
#
# Data (harness/plot.c, y = "phases:alloc,free"): per implementation and phase, the median
# of alloc_ns or free_ns in ms with interquartile bars; the key names the phase
# (phase=alloc / phase=free). No fitted lines: the harness fits the declared time, not a
# phase. The thesis's published statements (slopes -1.51 and -1.32 for cudaMalloc and
# cudaFree in log2-log2, derived; the 16 B host case failing on a 1.5 GB card; the device
# curve non-monotone) are in the figure title: the OCR kept no plotted points.
# Inlined by harness/plot.c after plots/common.gp and before the generated `plot` command;
# it only sets the axes: log2 x (the thesis's "log2 size") and log10 y (ms).

if (cxb_xlog) {
    set logscale x 2
    set format x "2^{%L}"
}
if (cxb_ylog) {
    set logscale y 10
    set format y "10^{%T}"
}
if (cxb_xlabel eq "size") { set xlabel "chunk size (B)\n" noenhanced }
if (cxb_xlabel eq "threads") { set xlabel "device threads\n" noenhanced }
