#!/usr/bin/env bash
# Where unionfind.cuda's time goes, kernel by kernel (docs/studies/components.md "Calibration on
# the H200": the floor at small n): Nsight Compute's duration of each of its five kernels (init,
# compute1, compute2, compute3, flatten) for the first two labellings of `cxbench graph
# components`, on W-S and G(n, m) at 2^20 and 2^22 (average degree 16), clocks left alone
# (--clock-control none). One log per graph, gpu-out/uf-kernels-GRAPH.log, and the durations on
# stdout. Argument: the build directory.
#   usage: GPU_CMDS=scripts/gpu-cmds-unionfind-kernels.sh bash scripts/gpu-run.sh h100-sxm build,cmds
set -u
. "$(dirname "$0")/gpu-cmds-lib.sh" # b, out, budget, step, cx, spec_label
graphs=${GRAPHS:-wsfast:n=1048576,k=16,p=0.1 wsfast:n=4194304,k=16,p=0.1 gnm:n=1048576,m=8388608 gnm:n=4194304,m=33554432}
echo "== $(date -u) unionfind.cuda kernels on $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null)"
for g in $graphs; do
    label="uf-kernels-$(spec_label "$g")"
    step "$label" 90 ncu --clock-control none --kernel-name "regex:uf_" --launch-count 10 \
        --metrics gpu__time_duration.sum "$cx" graph components --gen "$g" --impl components.unionfind.cuda --reps 1
    echo "$label $g"
    # ncu prints the kernel's line ("  uf_compute1(...) (1056, 1, 1)x(256, 1, 1), ...") then
    # "    gpu__time_duration.sum   usecond   123.45": one "kernel unit value" line per launch
    awk '/^ *uf_[a-z0-9]+\(/ { k = $1; sub(/\(.*/, "", k) }
         /gpu__time_duration.sum/ { print "  " k, $(NF - 1), $NF }' "$out/$label.log"
done
echo "== done $(date -u), $(($(date +%s) - start)) s"
