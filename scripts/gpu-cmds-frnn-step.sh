#!/usr/bin/env bash
# Where the Circles step's time goes (docs/studies/frnn.md "Measured": the step costs far more
# than its build and a count query over the same candidates): on FLAME GPU 2's fixed-density
# set-up at N = 10^6, Nsight Compute's duration, instruction count and threads per warp
# instruction (the branch-divergence reading) of the step kernel beside the Strips count query,
# clocks left alone (--clock-control none); then the step row timed at bin widths w = 1 and 0.5.
# One log per step in gpu-out/; the metric lines on stdout. Argument: the build directory.
#   usage: GPU_CMDS=scripts/gpu-cmds-frnn-step.sh bash scripts/gpu-run.sh h100-sxm build,cmds
set -u
. "$(dirname "$0")/gpu-cmds-lib.sh" # b, out, budget, step, cx
at="--set dims=3 --set dist=circles-fgpu2 --set density=1 --set n=1000000"
metrics=gpu__time_duration.sum,smsp__inst_executed.sum,smsp__thread_inst_executed_per_inst_executed.ratio
metrics=$metrics,sm__warps_active.avg.pct_of_peak_sustained_active,l1tex__t_sector_hit_rate.pct
echo "== $(date -u) Circles step on $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
for k in "circles_kernel frnn.circles.cuda" "query_kernel frnn.strips.cuda"; do
    set -- $k
    step "ncu-$1" 120 ncu --clock-control none --kernel-name "regex:$1" --launch-count 2 --metrics "$metrics" \
        "$cx" run frnn --impl "$2" $at --set build=acs --reps 1 --max-reps 1 $run_opts
    echo "ncu $1 ($2)"
    grep -E "gpu__time|inst_executed|warps_active|hit_rate" "$out/ncu-$1.log" | head -12
done
for w in 1 0.5; do
    step "step-w$w" 120 "$cx" run frnn --impl frnn.circles.cuda,frnn.strips.cuda $at --set w=$w --reps 20 \
        --max-reps 20 $run_opts
    grep -E "frnn\.[a-z0-9_]+\.cuda" "$out/step-w$w.log" | head -6
done
echo "== done $(date -u), $(($(date +%s) - start)) s"
