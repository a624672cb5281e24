#!/usr/bin/env bash
# Where the Circles step's time goes (docs/studies/frnn.md "Measured"), on FLAME GPU 2's
# fixed-density set-up: Nsight Compute's full section set on one launch of the step kernel at
# N = 10^6, clocks left alone (--clock-control none), with its per-instruction stall samples (the
# source page, SASS, as CSV); then the step, its Strips count query and its build timed at
# N = 10^6 and 10,648. With BASE="[NAME=]DIR ...", other builds (another tree, or this one
# with other -D settings) compared with this one: the same commands on each, the timed runs
# alternating, once DIR/cxbench exists (it may still be building when this starts); NAME
# defaults to base. NCU=0 skips Nsight Compute, NCU="NAME ..." profiles only those trees (this
# one is new). One log per step in gpu-out/; the headline lines on stdout.
# Argument: the build directory.
#   usage: GPU_CMDS=scripts/gpu-cmds-frnn-step.sh [BASE="build-base l24=build-l24"] bash scripts/gpu-run.sh h100-sxm build,cmds
set -u
. "$(dirname "$0")/gpu-cmds-lib.sh" # b, out, budget, step, cx
at="--set dims=3 --set dist=circles-fgpu2 --set density=1"
echo "== $(date -u) Circles step on $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
trees="new:$cx"
for other in ${BASE:-}; do
    name=base dir=$other
    case "$other" in *=*) name=${other%%=*} dir=${other#*=} ;; esac
    for _ in $(seq 120); do [ -x "$dir/cxbench" ] && break; sleep 2; done
    if [ -x "$dir/cxbench" ]; then trees="$name:$dir/cxbench $trees"; else echo "$name: no $dir/cxbench"; fi
done
for t in $trees; do
    name=${t%%:*} bin=${t#*:}
    case "${NCU:-1}" in 1) ;; 0) break ;; *) case " $NCU " in *" $name "*) ;; *) continue ;; esac ;; esac
    step "ncu-$name" 150 ncu --clock-control none --set full --kernel-name "regex:circles_kernel" --launch-count 1 \
        --export "$out/ncu-$name" --force-overwrite \
        "$bin" run frnn --impl frnn.circles.cuda $at --set n=1000000 --reps 1 --max-reps 1 $run_opts
    step "ncu-$name-details" 60 ncu --import "$out/ncu-$name.ncu-rep" --print-details all
    grep -E "^ +(Duration|Compute \(SM\) Throughput|Memory Throughput|Registers Per Thread|Achieved Occupancy|L1/TEX Hit Rate|Executed Ipc Active|Avg. Active Threads Per Warp|Avg. Not Predicated)" \
        "$out/ncu-$name-details.log" | head -12
    step "ncu-$name-sass" 60 ncu --import "$out/ncu-$name.ncu-rep" --page source --print-source sass --csv
    rm -f "$out/ncu-$name.ncu-rep"
done
for round in 1 2; do
    for t in $trees; do
        name=${t%%:*} bin=${t#*:}
        for n in 1000000 10648; do
            step "time-$name-$n-$round" 120 "$bin" run frnn \
                --impl frnn.circles.cuda,frnn.strips.cuda,frnn.acs.cuda,frnn.fgpu2style.cuda $at --set n=$n \
                --reps 20 --max-reps 20 $run_opts
            grep -E "frnn\.[a-z0-9_]+\.cuda" "$out/time-$name-$n-$round.log" | sed "s/^/$name /" | head -6
        done
        # the thesis's set-up (2D, n̄ = 70: two rounds of the step's list where it holds fewer)
        step "time-$name-thesis-$round" 60 "$bin" run frnn --impl frnn.circles.cuda --set dims=2 \
            --set dist=circles-thesis --set nbar=70 --set n=1000000 --set team=1 --reps 20 --max-reps 20 $run_opts
        grep -E "frnn\.[a-z0-9_]+\.cuda" "$out/time-$name-thesis-$round.log" | sed "s/^/$name /" | head -2
        step "time-$name-graph-$round" 60 "$bin" run frnn --impl frnn.circles.cuda $at --set n=10648 --set graph=1 \
            --reps 20 --max-reps 20 $run_opts
        grep -E "frnn\.[a-z0-9_]+\.cuda" "$out/time-$name-graph-$round.log" | sed "s/^/$name /" | head -2
    done
done
step "time-new-parts" 60 "$cx" run frnn --impl frnn.acs.cuda,frnn.original.cuda $at --set n=1000000 --set parts=1 \
    --reps 20 --max-reps 20 $run_opts
grep -E "frnn\.[a-z0-9_]+\.cuda" "$out/time-new-parts.log" | head -4
for w in 1 0.5; do
    step "time-new-w$w" 120 "$cx" run frnn --impl frnn.circles.cuda,frnn.strips.cuda $at --set n=1000000 --set w=$w \
        --reps 20 --max-reps 20 $run_opts
    grep -E "frnn\.[a-z0-9_]+\.cuda" "$out/time-new-w$w.log" | head -4
    # the density of 4 at 2 M agents (some 134 neighbours an agent)
    step "time-new-rho4-w$w" 120 "$cx" run frnn --impl frnn.circles.cuda --set dims=3 --set dist=circles-fgpu2 \
        --set density=4 --set n=2000000 --set w=$w --reps 20 --max-reps 20 $run_opts
    grep -E "frnn\.[a-z0-9_]+\.cuda" "$out/time-new-rho4-w$w.log" | head -2
done
echo "== done $(date -u), $(($(date +%s) - start)) s"
