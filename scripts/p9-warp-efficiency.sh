#!/usr/bin/env bash
# Chisholm's Table 5.1 (docs/studies/frnn.md "Warp execution efficiency"): the warp execution
# efficiency of the Circles step kernel, Original (the Moore query) against Strips, 2D, N = 10^6,
# n̄ = 70, one thread an agent, at step 0 (uniform) and at step 199 (clustered), read with
# Nsight Compute: WEE = smsp__thread_inst_executed_per_inst_executed.ratio / 32. The row's
# `steps` parameter advances the model untimed; --launch-skip passes over those steps' kernels,
# so the one profiled is the first step of the row's verified run, from the advanced state.
#   usage (on a GPU host): bash scripts/p9-warp-efficiency.sh BUILD_DIR OUT_DIR
# Writes OUT_DIR/p9-QUERY-STEP.csv (ncu's CSV) and OUT_DIR/p9.txt (one line per case); exits 3
# when ncu is absent or cannot read the counters.
set -uo pipefail
b=${1:?build directory}
out=${2:?output directory}
mkdir -p "$out"
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
[ -n "$ncu" ] || { echo "p9: no ncu on this host" | tee "$out/p9.txt"; exit 3; }
"$ncu" --version | tail -1 | tee "$out/p9.txt"
status=0
for q in moore strips; do
    for s in 0 199; do
        f="$out/p9-$q-$s"
        timeout 240 "$ncu" --csv --metrics smsp__thread_inst_executed_per_inst_executed.ratio,gpu__time_duration.sum \
            --kernel-name regex:circles_kernel --launch-skip "$s" --launch-count 1 \
            "$b/cxbench" run frnn --impl frnn.circles.cuda --set dims=2 --set dist=circles-thesis --set nbar=70 \
            --set n=1000000 --set query=$q --set team=1 --set build=original --set steps=$s --reps 1 --max-reps 1 \
            --out "$out/runs" >"$f.csv" 2>"$f.err"
        rc=$?
        ratio=$(grep -h 'thread_inst_executed_per_inst_executed.ratio' "$f.csv" | tail -1 | awk -F'","' '{print $NF}' | tr -d '"')
        dur=$(grep -h 'gpu__time_duration.sum' "$f.csv" | tail -1 | awk -F'","' '{print $(NF-1)" "$NF}' | tr -d '"')
        if [ -z "$ratio" ]; then
            echo "p9: $q step $s: no counter value (ncu rc $rc): $(grep -h -m1 -iE 'ERR|error' "$f.csv" "$f.err")" | tee -a "$out/p9.txt"
            status=3
            continue
        fi
        echo "p9: query=$q step=$s threads/instruction=$ratio WEE=$(awk -v r="${ratio//,/}" 'BEGIN{printf "%.1f%%", 100*r/32}') kernel=$dur" | tee -a "$out/p9.txt"
    done
done
exit $status
