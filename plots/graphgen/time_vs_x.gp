# plots/graphgen/time_vs_x.gp - Leist (2011) Figs 5.3, 5.4 (alpha-model) and 5.7 (BA):
# generator time against the allocation-size multiple X, log2 X = 2 ... 8 on x, log10 time
# on y (docs/studies/graphgen.md). One series per implementation and (n, k or m); the thesis's
# reading: CUDA 1 best just above the degree, CUDA 2 flat from 64 up, the CPU slightly
# hurt by large X. Inlined by harness/plot.c after plots/common.gp.

set logscale x 2
set format x "2^{%L}"
if (cxb_ylog) {
    set logscale y 10
    set format y "10^{%T}"
}
