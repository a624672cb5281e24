#!/usr/bin/env bash
# Nsight Compute on the block-scope bulk kernels (MT19937, MTGP32) and the counter-based
# kernel (Philox) at 2^26 outputs: what limits each (speed of light, occupancy, warp stalls,
# memory). One launch each, clocks left alone (--clock-control none). Argument: build dir.
set -u
b=$1
for k in "mt19937_bulk prng.mt19937.cuda" "mtgp32_bulk prng.mtgp32.cuda" "bulk_store_chunks prng.philox4x32.cuda"; do
    set -- $k
    echo "== ncu $1 ($2)"
    timeout 120 ncu --clock-control none --kernel-name "regex:$1" --launch-count 1 \
        --section SpeedOfLight --section LaunchStats --section Occupancy --section WarpStateStats \
        --section MemoryWorkloadAnalysis --section ComputeWorkloadAnalysis --section SchedulerStats \
        "$b/cxbench" run prng --impl "$2" --set n=67108864 --max-reps 1 --no-progress --out /tmp/ncu-out 2>&1 |
        grep -vE "^\s*$|^==PROF==" | tail -120
done
